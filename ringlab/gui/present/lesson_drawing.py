"""Under a lesson slide whose block moved the app (its setup, a reveal, a task's solution):
what the window would show — the walkthrough, drawn by the window's renderer, or the
Schedules grids (:meth:`ringlab.render.present_decks.LessonDeck.drawing`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QStackedWidget

from ...render.present_decks import BASE_DPI, MIN_TEXT_PX
from .canvas import figure_fits, present_canvas

LESSON_DRAWING_DPI = 144  # 9-pt text at scale 1 is 18 px: MIN_TEXT_PX


def grids_per_row(label: QLabel, deck) -> int:
    """How many of ``deck``'s grids fit across ``label`` at its text size, each with its
    28 px gap (the grids are ``<pre>``: the fixed-pitch font, measured)."""
    from PySide6.QtGui import QFontDatabase, QFontMetricsF

    label.ensurePolished()  # (its style sheet sets the size)
    px = label.font().pixelSize()
    if px <= 0:
        px = label.fontMetrics().height()
    mono = QFontDatabase.systemFont(QFontDatabase.FixedFont)
    mono.setPixelSize(px)
    # (+1 character of slack; +32 px: the 28 px gap and the table's own edges)
    grid = QFontMetricsF(mono).horizontalAdvance("0" * (deck.grid_chars() + 1))
    room = label.contentsRect().width() - 2 * label.margin()
    return max(1, int(room // (grid + 32)))


def schedules_html(label: QLabel, deck, step: int, px: int | None = None) -> str:
    """Step ``step`` of ``deck`` for ``label``: as many grids to a row as fit; with more
    than one row the messages under each grid go (the written cells are bold; the speaker
    view and the tab list the messages).  With ``px`` (the slide's text size) a slide whose
    grids would run past its bottom takes its text a pixel smaller at a time, down to
    ``MIN_TEXT_PX`` or 95 % of ``px``, whichever is larger: five 8-core grids then go three
    to a row on a 1280×720 slide instead of three rows of two, cut at the bottom."""

    def build() -> str:
        per_row = grids_per_row(label, deck)
        return deck.html(step, per_row, sends=len(deck.traces) <= per_row)

    if px is None or not label.isVisible():
        return build()
    floor = max(MIN_TEXT_PX, int(px * 0.95))
    for size in range(px, floor - 1, -1):
        label.setStyleSheet(f"font-size: {size}px; color: #111; background: white;")
        html = build()
        label.setText(html)
        if label.heightForWidth(max(label.width(), 1)) <= max(label.height(), 1):
            return html
    return html  # (fits at no size allowed: the smallest, the most grids to a row)


class LessonDrawing(QStackedWidget):
    """The walkthrough canvas or the grids; ``zoom`` is the drawing's own zoom (≤ the
    slide's: what fits)."""

    def __init__(self, parent=None):
        from matplotlib.figure import Figure

        from ...render.propagation import WalkthroughRenderer

        super().__init__(parent)
        self.setObjectName("present_drawing")
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)
        # the slide's text says what happens: the caption stays out of the figure
        self.renderer = WalkthroughRenderer(
            Figure(figsize=(6.4, 4.8), dpi=BASE_DPI), caption_in_figure=False
        )
        self.renderer.min_text_px = MIN_TEXT_PX
        self.renderer.labels_beside = True  # no label over an arrow or a node
        self.renderer.min_scale = 1.0  # with LESSON_DRAWING_DPI: no text under 18 px
        self.canvas = present_canvas(self.renderer.figure)
        self.canvas.renderer_hook = self.renderer
        self.canvas.present_dpi = LESSON_DRAWING_DPI
        self.grids = QLabel()
        self.grids.setObjectName("present_grids")
        self.grids.setTextFormat(Qt.RichText)
        self.grids.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.grids.setWordWrap(True)
        self.grids.setMargin(20)
        self.grids.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)
        self.addWidget(self.canvas)
        self.addWidget(self.grids)
        self.hide()
        self.zoom = 1.0
        self._drawn_key = None

    def show_walkthrough(self, d) -> None:
        """The walkthrough of the drawing ``d`` at its step (its trace set only when new)."""
        r = self.renderer
        if self._drawn_key != d.key():
            try:
                r.set_trace(d.trace())
            except ValueError:
                pass  # no room yet (layout.NoRoom): fit() lays it out
            self._drawn_key = d.key()
        r.show_step(d.step)
        self.setCurrentWidget(self.canvas)
        self.show()

    def show_schedules(self, d) -> None:
        sched = d.schedules()
        self.grids.setText(
            sched.html(min(d.step, sched.count - 1), grids_per_row(self.grids, sched))
        )
        self.setCurrentWidget(self.grids)

    def apply_zoom(self, slide_zoom: float) -> None:
        """The grids' text at the slide's zoom, the walkthrough at the drawing's own."""
        self.grids.setStyleSheet(
            f"font-size: {max(MIN_TEXT_PX, round(19 * slide_zoom))}px; "
            f"color: #111; background: white;"
        )
        self.canvas.present_dpi = LESSON_DRAWING_DPI * self.zoom
        self.canvas.apply_dpi()

    def fit(self, slide_zoom: float) -> bool:
        """The walkthrough at ``slide_zoom`` if it fits there (no overlap, nothing cut,
        nothing under 18 px), else at the largest smaller factor that does, down to 1;
        False when not even 1 fits."""
        r, canvas = self.renderer, self.canvas
        z = max(1.0, slide_zoom)
        while True:
            canvas.present_dpi = LESSON_DRAWING_DPI * z
            canvas.apply_dpi()
            ok = figure_fits(r, canvas, r.step, every_step=False)
            if ok or z <= 1.0:
                break
            z = max(1.0, round(z / 1.1, 2))
        self.zoom = z
        if ok and r.needs_relayout():  # (measured before at this size: laid out now)
            r.relayout()
        return ok

    def relayout_unzoomed(self) -> None:
        try:
            self.renderer.relayout()
        except ValueError:
            pass
