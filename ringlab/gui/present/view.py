"""The slide itself: one big view at a projector, a step at a time.

Zoom is clamped to what fits: a zoom that would make text overlap or run off the slide stops
at the largest that does not; the footer says the zoom and that Ctrl+0 resets it.  A lesson's
slides and status line are its Markdown typeset, formulas as images at the slide's text size
(:mod:`ringlab.gui.rich_text`; a zoom typesets them again).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import QLabel, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from ...core.errors import RinglabError
from ...render.present_decks import BASE_DPI, MIN_TEXT_PX
from ..rich_text import set_rich
from .canvas import figure_fits, present_canvas
from .footer import STATUS_PX, show_status, text_height
from .halo import PointerHalo
from .keys import PresentKeys
from .lesson_drawing import LESSON_DRAWING_DPI, LessonDrawing, schedules_html

ZOOM_RANGE = (0.5, 3.0)


def _presentview_largest_fit(self, now: float, want: float) -> float | None:
    """The largest zoom in (now, want] that fits, to 0.01; None when none does.  On a
    walkthrough the bisection tries each zoom at the step shown only, and the zoom it finds
    is then checked at every step (a lecturer's Z answered in a fraction of the time: each
    trial lays the figure out again); only when that fails is every step tried throughout."""
    if self.canvas is None:  # a text slide: the old ladder of tenths (cheap enough)
        if self._fits(want):
            return want
        z = want
        while z / 1.1 > now + 0.01:
            z = round(z / 1.1, 2)
            if self._fits(z):
                return z
        return None
    for every_step in (False, True):
        good = _bisect_fit(self, now, want, every_step)
        if good is None or every_step or self._fits(good):
            return good
    return None


def _bisect_fit(self, now: float, want: float, every_step: bool) -> float | None:
    if self._fits(want, every_step):
        return want
    good, bad = now, want  # bisection: each trial lays the figure out again
    while bad - good > 0.011:
        mid = round((good + bad) / 2, 2)
        if mid <= good or mid >= bad:
            break
        good, bad = (mid, bad) if self._fits(mid, every_step) else (good, mid)
    return good if good > now + 1e-9 else None


def _presentview_fits(self, zoom: float, every_step: bool = True) -> bool:
    """Whether the slide at ``zoom`` has no overlapping, cut or tiny text (and, on a
    walkthrough, its graph and table are drawn no smaller than at the zoom shown) — at every
    step of the walkthrough, or at the step shown only.  A walkthrough's answer is kept for
    the same slide, size, step and zoom shown: a Z pressed again at "the most that fits"
    costs no layout."""
    key = None
    if self.canvas is not None:
        r = self.deck.renderer
        key = (id(r), id(r.trace), self.canvas.width(), self.canvas.height(), self.step)
        key = (*key, self.zoom, zoom, every_step)
        if key in self._fits_memo:
            return self._fits_memo[key]
        if len(self._fits_memo) > 512:
            self._fits_memo.clear()
    ok = _presentview_measure_fit(self, zoom, every_step)
    if key is not None:
        self._fits_memo[key] = ok
    return ok


def _presentview_measure_fit(self, zoom: float, every_step: bool) -> bool:
    old = self.zoom
    before = None
    if self.canvas is not None:  # the sizes shown now: once for all the trials of one Z
        r = self.deck.renderer
        key = ("shown", id(r), id(r.trace), self.canvas.width(), self.canvas.height())
        key = (*key, self.step, old)
        if key not in self._fits_memo:
            self._fits_memo[key] = self._drawn_sizes()
        before = self._fits_memo[key]
    self.zoom = zoom
    self._measuring = True
    try:
        self._apply_zoom()
        if self.canvas is not None:
            if not figure_fits(self.deck.renderer, self.canvas, self.step, every_step):
                return False
            after = self._drawn_sizes()
            # each zoom in spreads the nodes (by a pixel at least) and keeps the table's
            # text at least as large: never the graph shrunk to make room for text
            # and the step keeps every value box it had (a box with no free place beside
            # its arrow is left out: the zoom that would drop one is not taken)
            return before is None or (
                after is not None
                and after[0] >= before[0] + 1
                and after[1] >= before[1] - 0.5
                and after[2] >= before[2]
            )
        self.show_step(self.step)
        lab = self.slide
        if not lab.isVisible():  # not laid out yet: nothing to measure
            return True
        # (a walkthrough under the text zooms as far as it fits on its own: _fit_drawing;
        # the schedules' grids under it do not, so their text must fit where they are)
        panel = self.drawing_panel
        if getattr(self, "_drawing_shown", False) and panel is not None:
            grids = panel.grids
            if panel.currentWidget() is grids and grids.isVisible():
                bottom = self.status.mapTo(self, QPoint(0, 0)).y()
                room = min(grids.height(), bottom - grids.mapTo(self, QPoint(0, 0)).y())
                if grids.heightForWidth(max(grids.width(), 1)) > room:
                    return False
        return lab.heightForWidth(max(lab.width(), 1)) <= _text_room(self)
    finally:
        # back to the zoom shown; the drawing is laid out again (if its size changed, or
        # a trial left it half built) when it is next drawn — the zoom chosen is usually
        # the last one tried, whose layout is then kept
        self.zoom = old
        self._measuring = False
        self._apply_zoom()


def _presentview_fit_text(self) -> None:
    """A text slide at the zoom chosen on another, or the largest smaller one that shows
    all its text, down to 1, said in the footer ("the most that fits"): Z on a short slide
    then → cut the next slide's paragraph off the screen, with no sign (an instructor's
    trial).  Not while a zoom is being tried (its measure reads the text as it falls)."""
    lab = self.slide
    if getattr(self, "_measuring", False) or getattr(self, "_drawing_shown", False):
        return
    if not lab.isVisible():
        return
    smaller = False
    while self.zoom > 1.0 and lab.heightForWidth(max(lab.width(), 1)) > _text_room(self):
        self.zoom = max(1.0, round(self.zoom / 1.1, 2))
        self.zoom_clamped = smaller = True
        self._style_slide()
    if smaller:  # the formulas typeset once, at the size kept (their images only shrink)
        set_rich(lab, self.deck.markdown(self.step))


def _text_room(view) -> int:
    """The slide text's height on screen: the label, down to the footer at most (a label
    laid out for a larger zoom is taller than the view until the layout runs again, and
    its text below the footer is not seen)."""
    lab = view.slide
    top = lab.mapTo(view, QPoint(0, 0)).y()
    bottom = view.status.mapTo(view, QPoint(0, 0)).y() if view.status.isVisible() else view.height()
    return max(min(lab.height(), bottom - top), 1)


class PresentView(QWidget):
    """The presentation itself: ``step_changed(int)`` after every move."""

    step_changed = Signal(int)
    closed = Signal()
    speaker_toggled = Signal()  # S: show or hide the speaker view

    def __init__(self, deck, parent=None):
        super().__init__(parent)
        self.setObjectName("PresentView")
        self.deck = deck
        self.step = 0
        self.zoom = 1.0
        self.zoom_clamped = False
        self._fits_memo: dict = {}  # see _presentview_fits
        self.blanked = False
        self.drawing_panel = None  # a lesson's drawing under its text
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMouseTracking(True)
        self.setAutoFillBackground(True)
        self.setStyleSheet("PresentView { background: white; }")
        self.stack = QStackedWidget()
        self.stack.addWidget(self._build_slide())
        self.blank = QWidget()
        self.blank.setStyleSheet("background: black;")
        self.stack.addWidget(self.blank)
        self.status = QLabel()
        self.status.setObjectName("present_status")
        self.status.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.status.setWordWrap(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.stack, 1)
        lay.addWidget(self.status)
        self.halo = PointerHalo(self)
        self.halo.follow(self.stack)
        self.halo.follow(self.status)
        self.keys = PresentKeys(self)
        self._apply_zoom()
        self.show_step(getattr(deck, "start", 0))  # F5: the step the tab shows

    def _build_slide(self) -> QWidget:
        """The walkthrough's canvas, or a text slide (a lesson's with its drawing under it)."""
        if self.deck.kind == "walkthrough":
            self.canvas = present_canvas(self.deck.renderer.figure)
            self.canvas.setMouseTracking(True)
            self.canvas.no_room = self._on_canvas_no_room
            self.slide = None
            return self.canvas
        self.canvas = None
        self.slide = QLabel()
        self.slide.setObjectName("present_slide")
        self.slide.setTextFormat(Qt.RichText)
        self.slide.setWordWrap(True)
        self.slide.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        # (a schedules slide: 20, so three 8-core grids fit across 1280 px)
        self.slide.setMargin(20 if self.deck.kind == "schedules" else 40)
        # a slide never widens the window: long lines wrap, wide grids are clipped
        self.slide.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)
        return self._lesson_page() if self.deck.kind == "lesson" else self.slide

    def _lesson_page(self) -> QWidget:
        """A lesson slide: its text above, the drawing below at the slide's full width (beside
        a 4:3 slide's text the walkthrough's table and the three schedules would not fit)."""
        page = QWidget()
        row = QVBoxLayout(page)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.slide, 1)
        self.drawing_panel = LessonDrawing()
        self.lesson_renderer = self.drawing_panel.renderer
        self.lesson_canvas = self.drawing_panel.canvas
        self.lesson_grids = self.drawing_panel.grids
        row.addWidget(self.drawing_panel, 3)
        self._page_layout = row
        return page

    def _text_takes(self, drawn: bool) -> None:
        """With a drawing under it the text keeps the height its lines need and the drawing
        gets the rest (a fixed share left a 100–130 px empty band between them); alone, the
        text has the slide."""
        row = self._page_layout
        if drawn:
            self.slide.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
            self.slide.setFixedHeight(text_height(self.slide, max(self.width(), 1)))
            row.setStretchFactor(self.slide, 0)
        else:
            self.slide.setMinimumHeight(0)
            self.slide.setMaximumHeight(16777215)
            self.slide.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)
            row.setStretchFactor(self.slide, 1)

    @property
    def drawing_zoom(self) -> float:
        """A lesson drawing's own zoom: ≤ the slide's, what fits."""
        return self.drawing_panel.zoom if self.drawing_panel is not None else 1.0

    def _style_slide(self) -> None:
        """The slide's text size: a lesson slide with a drawing under it gets smaller prose
        (still ≥ MIN_TEXT_PX), so the drawing has the room to keep its own text ≥ 18 px."""
        drawn = getattr(self, "_drawing_shown", False)
        base = 19 if self.deck.kind == "schedules" else (22 if drawn else 30)
        px = max(MIN_TEXT_PX, round(base * self.zoom))
        self._slide_px = px  # (a schedules slide may take a pixel or so less: schedules_html)
        self.slide.setStyleSheet(f"font-size: {px}px; color: #111; background: white;")
        if drawn and self.drawing_panel is not None:
            self._text_takes(True)  # the text's new height

    def _show_drawing(self, i: int) -> None:
        d = self.deck.drawing(i) if hasattr(self.deck, "drawing") else None
        if self.drawing_panel is None:
            return
        shown = d is not None
        if shown != getattr(self, "_drawing_shown", False):
            self._drawing_shown = shown
            self._style_slide()
        if d is None:
            self.drawing_panel.hide()
            self.slide.setMargin(40)
            self._text_takes(False)
            return
        self.slide.setMargin(20)
        self._text_takes(True)
        try:
            if d.kind == "walkthrough":
                self.drawing_panel.show_walkthrough(d)
                self._fit_drawing()
                self.lesson_canvas.draw_idle()
            else:
                self.drawing_panel.show_schedules(d)
        except RinglabError:
            self.drawing_panel.hide()
            return
        self.drawing_panel.show()

    # -- moving -----------------------------------------------------------------------------
    @property
    def last(self) -> int:
        return self.deck.count - 1

    def show_step(self, i: int) -> None:
        self.step = max(0, min(int(i), self.last))
        if self.canvas is not None:
            self.deck.renderer.show_step(self.step)
            self.canvas.draw_idle()
        elif self.deck.kind == "schedules":
            self.slide.setText(schedules_html(self.slide, self.deck, self.step, self._slide_px))
        else:
            set_rich(self.slide, self.deck.markdown(self.step))
            self._show_drawing(self.step)
            self._fit_text()
        self._show_status()
        self.step_changed.emit(self.step)

    _fit_text = _presentview_fit_text  # (module level: the class stays readable at once)

    def _show_status(self) -> None:
        show_status(self)

    def next(self):
        self.show_step(self.step + 1)

    def back(self):
        self.show_step(self.step - 1)

    def set_blank(self, on: bool) -> None:
        self.blanked = on
        self.stack.setCurrentWidget(self.blank if on else self.stack.widget(0))
        self.status.setVisible(not on)

    # -- zoom -------------------------------------------------------------------------------
    def set_zoom(self, factor: float) -> None:
        """One factor for everything on the slide, clamped to what fits: a zoom in that would
        make text overlap, run off the slide (or a lesson's text run past its bottom) — or,
        on a walkthrough, lay the graph or its table out smaller than now — stops at the
        largest factor that fits (found to the percent, so "the most that fits" is said only
        when no larger one does); a zoom out stops where text would go under 18 px."""
        lo, hi = self._zoom_range()
        want = max(lo, min(hi, round(factor, 2)))
        if want > self.zoom + 1e-9 and want > 1.0:
            fit = self._largest_fit(max(self.zoom, 1.0), want)
            self.zoom_clamped = fit is None or fit < want
            want = fit if fit is not None else max(1.0, min(self.zoom, want))
        else:
            self.zoom_clamped = False
        self.zoom = want
        self._apply_zoom()
        self.show_step(self.step)  # (a lesson drawing refits to the new zoom there)

    _largest_fit = _presentview_largest_fit  # (module level: the class stays readable at once)

    def _zoom_range(self) -> tuple[float, float]:
        lo, hi = ZOOM_RANGE
        if self.canvas is not None:
            # the smallest figure text is 9 pt: at BASE_DPI·zoom it stays ≥ MIN_TEXT_PX
            lo = max(lo, MIN_TEXT_PX / (9 * BASE_DPI / 72))
        else:
            base = 19 if self.deck.kind == "schedules" else 22
            lo = max(lo, MIN_TEXT_PX / base)
            if self.drawing_panel is not None:
                # a lesson drawing's 9-pt text at LESSON_DRAWING_DPI·zoom stays ≥ MIN_TEXT_PX
                lo = max(lo, MIN_TEXT_PX / (9 * LESSON_DRAWING_DPI / 72))
        return lo, hi

    _fits = _presentview_fits  # (module level: the class stays readable at once)

    def _drawn_sizes(self):
        """The walkthrough's node spacing and table text in pixels and how many value boxes
        the step shows, laid out for the canvas now; None when it has no room."""
        r = self.deck.renderer
        try:
            if r.needs_relayout():
                r.relayout()
            r.show_step(self.step)
            return (*r.drawn_sizes(), len(r.edge_labels()))
        except (ValueError, AttributeError):
            return None

    def _fit_drawing(self) -> None:
        """The lesson drawing at the slide's zoom, or the largest smaller factor that fits,
        down to 1 — a zoom chosen on a text slide never wrecks the next slide's drawing."""
        panel = self.drawing_panel
        if panel.renderer.trace is None or not panel.isVisible():
            return
        if panel.fit(self.zoom):
            return
        if self.zoom > 1.0:
            # even unzoomed the drawing has no room under text this large: this slide's text
            # comes down (to what leaves the drawing readable), said in the footer
            self.zoom = max(1.0, round(self.zoom / 1.1, 2))
            self.zoom_clamped = True
            self._style_slide()
            page = self.slide.parentWidget().layout()
            page.invalidate()
            page.activate()  # the drawing panel gets its new height now
            self._fit_drawing()
            return
        panel.relayout_unzoomed()  # the unzoomed drawing, whatever it says

    def _apply_zoom(self) -> None:
        # the footer stays one readable size: it says how to undo the zoom
        self.status.setStyleSheet(f"font-size: {STATUS_PX}px; color: #333; background: #f4f4f4;")
        if self.slide is not None:
            self._style_slide()
        if self.drawing_panel is not None:
            self.drawing_panel.apply_zoom(self.zoom)
        if self.canvas is not None:
            self.deck.renderer.zoom = self.zoom  # laid out for it (layout.rects)
            self.canvas.present_dpi = BASE_DPI * self.zoom
            self.canvas.apply_dpi()

    def _on_canvas_no_room(self) -> None:
        self.zoom = 1.0
        self.deck.renderer.zoom = 1.0

    def zoom_note(self) -> str:
        """The footer's word on the zoom: how much, and that Ctrl+0 resets it."""
        if abs(self.zoom - 1.0) < 1e-9 and not self.zoom_clamped:
            return "Z/Shift+Z zoom, Ctrl+0 resets the zoom"
        most = " (the most that fits)" if self.zoom_clamped else ""
        return f"zoom {round(self.zoom * 100)}%{most} · Ctrl+0 resets the zoom"

    # -- the mouse and the keys -------------------------------------------------------------
    def set_mouse_hidden(self, hidden: bool) -> None:
        cursor = Qt.BlankCursor if hidden else Qt.ArrowCursor
        for w in (self, self.stack, self.canvas or self.slide):
            w.setCursor(cursor)

    def halo_at(self, x: float, y: float) -> None:
        """Put the pointer halo at pixel (x, y) of the slide."""
        self.halo.move_to(x, y)

    def mouseMoveEvent(self, event):
        p = event.position()
        self.halo_at(p.x(), p.y())
        super().mouseMoveEvent(event)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._show_status()  # cut to the new width
        if getattr(self, "_drawing_shown", False) and self.drawing_panel is not None:
            self._text_takes(True)
        if self.deck.kind == "schedules":  # as many grids to a row as the width holds
            self.slide.setText(schedules_html(self.slide, self.deck, self.step, self._slide_px))
        if self.halo.on:
            self.halo.setGeometry(self.rect())

    def export_frame(self, path: str) -> str:
        """The slide as it is on screen (halo included) to a PNG/SVG/PDF."""
        if self.canvas is not None:
            with self.halo.in_figure(self.canvas):
                self.deck.renderer.figure.savefig(path)
        else:
            self.grab().save(path)
        return path

    def keyPressEvent(self, event):
        if not self.keys.press(event):
            super().keyPressEvent(event)
