"""Present mode (View → Present, F5; ``ringlab present``): one big view at a projector.

Keys as presenters expect from manim-slides, reveal.js and PowerPoint (a clicker sends
PgUp/PgDn): Space, →, ↓, PgDn next; ←, ↑, PgUp back; Home/End; digits then Enter jump to a
step; B blanks the screen; F toggles full screen; Esc leaves; Z or Ctrl+= zooms in, Shift+Z
or Ctrl+− out, Ctrl+0 resets (one factor for everything on the slide); H hides the mouse; L
a large translucent pointer halo, drawn into the figure so an exported frame carries it too.

Zoom is clamped to what fits: a zoom that would make text overlap or run off the slide stops
at the largest that does not; the footer says the zoom and that Ctrl+0 resets it.

A speaker view (:class:`SpeakerView`) goes to a second screen when there is one; with one
screen it opens as a normal window after the slide, raised over it, and takes the slide's keys
too: the notes, what is shown now, the next step's caption, a clock and the elapsed time.

A lesson slide whose block moved the app (its setup, a reveal, a task's solution) shows under
its text what the window would show: the walkthrough (the same renderer) or the schedules.

A lesson's slides, status line, notes and "next" line are its Markdown typeset, formulas as
images at the slide's text size (:mod:`ringlab.gui.rich_text`; a zoom typesets them again).
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, Qt, QTime, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ..core.quantities import DEFAULT_ALPHA, DEFAULT_BANDWIDTH, DEFAULT_SIZE
from .rich_text import set_rich

NEXT_KEYS = (Qt.Key_Space, Qt.Key_Right, Qt.Key_Down, Qt.Key_PageDown)
BACK_KEYS = (Qt.Key_Left, Qt.Key_Up, Qt.Key_PageUp)
ZOOM_RANGE = (0.5, 3.0)
MIN_TEXT_PX = 18  # the floor for any text in present mode
BASE_DPI = 160  # 9-pt figure text is 20 px: nothing on a slide below MIN_TEXT_PX
LESSON_DRAWING_DPI = 144  # 9-pt text at scale 1 is 18 px: MIN_TEXT_PX


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
        self.blanked = False
        self.halo_on = False
        self._digits = ""
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMouseTracking(True)
        self.setAutoFillBackground(True)
        self.setStyleSheet("PresentView { background: white; }")

        self.stack = QStackedWidget()
        if deck.kind == "walkthrough":
            self.canvas = _present_canvas(deck.renderer.figure)
            self.canvas.setMouseTracking(True)
            self.stack.addWidget(self.canvas)
            self.slide = None
        else:
            self.canvas = None
            self.slide = QLabel()
            self.slide.setObjectName("present_slide")
            self.slide.setTextFormat(Qt.RichText)
            self.slide.setWordWrap(True)
            self.slide.setAlignment(Qt.AlignTop | Qt.AlignLeft)
            self.slide.setMargin(40)
            # a slide never widens the window: long lines wrap, wide grids are clipped
            self.slide.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)
            if deck.kind == "lesson":
                self.stack.addWidget(self._lesson_page())
            else:
                self.stack.addWidget(self.slide)
        self.blank = QWidget()
        self.blank.setStyleSheet("background: black;")
        self.stack.addWidget(self.blank)
        if not hasattr(self, "drawing_panel"):
            self.drawing_panel = None
        self.status = QLabel()
        self.status.setObjectName("present_status")
        self.status.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.status.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.stack, 1)
        lay.addWidget(self.status)
        self._halo = None
        self._apply_zoom()
        self.show_step(0)

    def _lesson_page(self) -> QWidget:
        """A lesson slide: its text, and beside it what the app shows when the slide's block
        moved the app (:meth:`LessonDeck.drawing`): the walkthrough, drawn by the window's
        :class:`WalkthroughRenderer`, or the Schedules grids."""
        from matplotlib.figure import Figure

        from ..render.propagation import WalkthroughRenderer

        page = QWidget()
        # text above, the drawing below at the slide's full width: beside a 4:3 slide's text
        # the walkthrough's table and the three schedules would not fit
        row = QVBoxLayout(page)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.slide, 2)
        self.drawing_panel = QStackedWidget()
        self.drawing_panel.setObjectName("present_drawing")
        self.drawing_panel.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)
        # the slide's text says what happens: the caption stays out of the figure
        self.lesson_renderer = WalkthroughRenderer(
            Figure(figsize=(6.4, 4.8), dpi=BASE_DPI), caption_in_figure=False
        )
        self.lesson_renderer.min_text_px = MIN_TEXT_PX
        self.lesson_renderer.min_scale = 1.0  # with LESSON_DRAWING_DPI: no text under 18 px
        self.lesson_canvas = _present_canvas(self.lesson_renderer.figure)
        self.lesson_canvas.renderer_hook = self.lesson_renderer
        self.lesson_canvas.present_dpi = LESSON_DRAWING_DPI
        self.lesson_grids = QLabel()
        self.lesson_grids.setObjectName("present_grids")
        self.lesson_grids.setTextFormat(Qt.RichText)
        self.lesson_grids.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.lesson_grids.setWordWrap(True)
        self.lesson_grids.setMargin(20)
        self.lesson_grids.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)
        self.drawing_panel.addWidget(self.lesson_canvas)
        self.drawing_panel.addWidget(self.lesson_grids)
        row.addWidget(self.drawing_panel, 3)
        self.drawing_panel.hide()
        self._drawn_key = None
        return page

    def _style_slide(self) -> None:
        """The slide's text size: a lesson slide with a drawing under it gets smaller prose
        (still ≥ MIN_TEXT_PX), so the drawing has the room to keep its own text ≥ 18 px."""
        drawn = getattr(self, "_drawing_shown", False)
        base = 19 if self.deck.kind == "schedules" else (22 if drawn else 30)
        px = max(MIN_TEXT_PX, round(base * self.zoom))
        self.slide.setStyleSheet(f"font-size: {px}px; color: #111; background: white;")

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
            return
        self.slide.setMargin(20)
        from ..core.errors import RinglabError

        try:
            if d.kind == "walkthrough":
                r = self.lesson_renderer
                if self._drawn_key != d.key():
                    try:
                        r.set_trace(d.trace())
                    except ValueError:
                        pass  # no room yet (layout.NoRoom): _fit_drawing lays it out
                    self._drawn_key = d.key()
                r.show_step(d.step)
                self.drawing_panel.setCurrentWidget(self.lesson_canvas)
                self.drawing_panel.show()
                self._fit_drawing()
                self.lesson_canvas.draw_idle()
            else:
                sched = d.schedules()
                self.lesson_grids.setText(sched.html(min(d.step, sched.count - 1)))
                self.drawing_panel.setCurrentWidget(self.lesson_grids)
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
            r = self.deck.renderer
            r.show_step(self.step)
            self.canvas.draw_idle()
        elif self.deck.kind == "schedules":
            self.slide.setText(self.deck.html(self.step))
        else:
            set_rich(self.slide, self.deck.markdown(self.step))
            self._show_drawing(self.step)
        if self.deck.kind == "lesson":
            # the caption is the slide's first line (a formula in it typeset, never cut)
            # (no-break spaces: rich text would drop plain leading ones)
            zoom = (
                ""
                if abs(self.zoom - 1) < 1e-9 and not self.zoom_clamped
                else f"  ·  {self.zoom_note()}"
            )
            set_rich(
                self.status,
                f"\u00a0\u00a0{self.step + 1} / {self.deck.count}  ·  "
                f"{self.deck.caption(self.step)}{zoom}",
                inline=True,
            )
        elif self.deck.kind == "schedules":
            self.status.setText(
                f"  step {self.step} / {self.last}  ·  {self.zoom_note()}  ·  "
                f"{self.deck.caption(self.step)[:160]}"
            )
        else:
            self.status.setText(
                f"  t = {self.step} / {self.last}  ·  inputs: "
                f"{getattr(self.deck, 'inputs_note', '')}  ·  {self.zoom_note()}"
                f"  ·  Space/→ next, ← back, S notes, Esc leave"
            )
        self.step_changed.emit(self.step)

    def next(self):
        self.show_step(self.step + 1)

    def back(self):
        self.show_step(self.step - 1)

    def set_blank(self, on: bool) -> None:
        self.blanked = on
        self.stack.setCurrentWidget(self.blank if on else self.stack.widget(0))
        self.status.setVisible(not on)

    def set_zoom(self, factor: float) -> None:
        """One factor for everything on the slide, clamped to what fits: a zoom in that would
        make text overlap, run off the slide (or a lesson's text run past its bottom) stops at
        the largest factor that fits; a zoom out stops where text would go under 18 px."""
        lo, hi = self._zoom_range()
        want = max(lo, min(hi, round(factor, 2)))
        if want > self.zoom + 1e-9 and want > 1.0:
            cands = [want]
            z = want
            while z / 1.1 > max(self.zoom, 1.0) + 0.01:
                z = round(z / 1.1, 2)
                cands.append(z)
            fit = next((z for z in cands if self._fits(z)), None)
            self.zoom_clamped = fit is None or fit < want
            want = fit if fit is not None else max(1.0, min(self.zoom, want))
        else:
            self.zoom_clamped = False
        self.zoom = want
        self._apply_zoom()
        self.show_step(self.step)  # (a lesson drawing refits to the new zoom there)

    def _zoom_range(self) -> tuple[float, float]:
        lo, hi = ZOOM_RANGE
        if self.canvas is not None:
            # the smallest figure text is 9 pt: at BASE_DPI·zoom it stays ≥ MIN_TEXT_PX
            lo = max(lo, MIN_TEXT_PX / (9 * BASE_DPI / 72))
        else:
            base = 19 if self.deck.kind == "schedules" else 22
            lo = max(lo, MIN_TEXT_PX / base)
            if getattr(self, "drawing_panel", None) is not None:
                # a lesson drawing's 9-pt text at LESSON_DRAWING_DPI·zoom stays ≥ MIN_TEXT_PX
                lo = max(lo, MIN_TEXT_PX / (9 * LESSON_DRAWING_DPI / 72))
        return lo, hi

    def _fits(self, zoom: float) -> bool:
        """Whether the slide at ``zoom`` has no overlapping, cut or tiny text."""
        old = self.zoom
        self.zoom = zoom
        try:
            self._apply_zoom()
            if self.canvas is not None:
                return self._figure_fits()
            self.show_step(self.step)
            lab = self.slide
            if not lab.isVisible():  # not laid out yet: nothing to measure
                return True
            # (a drawing under the text zooms as far as it fits on its own: _fit_drawing)
            return lab.heightForWidth(max(lab.width(), 1)) <= max(lab.height(), 1)
        finally:
            self.zoom = old
            self._apply_zoom()
            if self.canvas is not None:
                # back to the zoom shown: a trial that ran out of room may have left the
                # drawing half built
                self.deck.renderer.relayout()

    drawing_zoom = 1.0  # a lesson drawing's own zoom: ≤ the slide's, what fits

    def _fit_drawing(self) -> None:
        """The lesson drawing at the slide's zoom if it fits there (no overlap, nothing cut,
        nothing under 18 px), else at the largest smaller factor that does, down to 1 — a
        zoom chosen on a text slide never wrecks the next slide's drawing."""
        r, canvas = self.lesson_renderer, self.lesson_canvas
        if r.trace is None or not self.drawing_panel.isVisible():
            return
        z, tried = max(1.0, self.zoom), []
        while True:
            tried.append(z)
            canvas.present_dpi = LESSON_DRAWING_DPI * z
            canvas.apply_dpi()
            try:
                r.relayout()
                canvas.figure.canvas.draw()
                ok = not r.text_problems(MIN_TEXT_PX)
            except ValueError:  # no room at all at this zoom
                ok = False
            if ok or z <= 1.0:
                break
            z = max(1.0, round(z / 1.1, 2))
        self.drawing_zoom = z
        if not ok and self.zoom > 1.0:
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
        if not ok:
            try:  # the unzoomed drawing, whatever it says
                r.relayout()
            except ValueError:
                pass

    def _figure_fits(self) -> bool:
        r = self.deck.renderer
        try:
            r.relayout()
            T = self.last
            steps = range(T + 1) if T <= 16 else (self.step, min(self.step + 1, T), T)
            for t in dict.fromkeys(steps):
                r.show_step(t)
                self.canvas.figure.canvas.draw()
                if r.text_problems(MIN_TEXT_PX):
                    return False
            return True
        except ValueError:  # a layout with no room left
            return False

    def _apply_zoom(self) -> None:
        # the footer stays one readable size: it says how to undo the zoom
        self.status.setStyleSheet(
            f"font-size: {max(MIN_TEXT_PX, 20)}px; color: #333; background: #f4f4f4;"
        )
        if self.slide is not None:
            self._style_slide()
        if getattr(self, "drawing_panel", None) is not None:
            self.lesson_grids.setStyleSheet(
                f"font-size: {max(MIN_TEXT_PX, round(19 * self.zoom))}px; "
                f"color: #111; background: white;"
            )
            self.lesson_canvas.present_dpi = LESSON_DRAWING_DPI * self.drawing_zoom
            self.lesson_canvas.apply_dpi()
        if self.canvas is not None:
            self.canvas.present_dpi = BASE_DPI * self.zoom
            self.canvas.apply_dpi()

    def zoom_note(self) -> str:
        """The footer's word on the zoom: how much, and that Ctrl+0 resets it."""
        if abs(self.zoom - 1.0) < 1e-9 and not self.zoom_clamped:
            return "Z/Shift+Z zoom, Ctrl+0 resets the zoom"
        most = " (the most that fits)" if self.zoom_clamped else ""
        return f"zoom {round(self.zoom * 100)}%{most} · Ctrl+0 resets the zoom"

    # -- the mouse --------------------------------------------------------------------------
    def set_mouse_hidden(self, hidden: bool) -> None:
        cursor = Qt.BlankCursor if hidden else Qt.ArrowCursor
        for w in (self, self.stack, self.canvas or self.slide):
            w.setCursor(cursor)

    def set_halo(self, on: bool) -> None:
        self.halo_on = on
        if not on and self._halo is not None and self.canvas is not None:
            self._halo.remove()
            self._halo = None
            self.canvas.draw_idle()

    def halo_at(self, x: float, y: float) -> None:
        """Put the pointer halo at widget pixel (x, y) of the canvas (figure coordinates)."""
        if not self.halo_on or self.canvas is None:
            return
        from matplotlib.patches import Ellipse

        fig = self.deck.renderer.figure
        w, h = self.canvas.width(), self.canvas.height()
        fx, fy = x / max(w, 1), 1 - y / max(h, 1)
        rx = 60 / max(w, 1)
        ry = 60 / max(h, 1)
        if self._halo is None:
            self._halo = Ellipse(
                (fx, fy),
                2 * rx,
                2 * ry,
                transform=fig.transFigure,
                facecolor="#ffd400",
                alpha=0.35,
                edgecolor="#e69f00",
                linewidth=3,
                zorder=100,
            )
            fig.add_artist(self._halo)
        else:
            self._halo.set_center((fx, fy))
            self._halo.set_width(2 * rx)
            self._halo.set_height(2 * ry)
        self.canvas.draw_idle()

    def mouseMoveEvent(self, event):
        if self.canvas is not None:
            p = self.canvas.mapFrom(self, event.position().toPoint())
            self.halo_at(p.x(), p.y())
        super().mouseMoveEvent(event)

    def export_frame(self, path: str) -> str:
        """The slide as it is on screen (halo included) to a PNG/SVG/PDF."""
        if self.canvas is not None:
            self.deck.renderer.figure.savefig(path)
        else:
            self.grab().save(path)
        return path

    # -- keys -------------------------------------------------------------------------------
    def keyPressEvent(self, event):
        key, mods = event.key(), event.modifiers()
        ctrl = bool(mods & Qt.ControlModifier)
        if Qt.Key_0 <= key <= Qt.Key_9 and not ctrl:
            self._digits += chr(key)
        elif key in (Qt.Key_Return, Qt.Key_Enter) and self._digits:
            # the number a presenter types is the step as shown: t for a walkthrough,
            # the slide number (1-based) for a lesson
            n = int(self._digits)
            self._digits = ""
            self.show_step(n - 1 if self.deck.kind == "lesson" else n)
        elif key in NEXT_KEYS:
            self.next()
        elif key in BACK_KEYS:
            self.back()
        elif key == Qt.Key_Home:
            self.show_step(0)
        elif key == Qt.Key_End:
            self.show_step(self.last)
        elif key == Qt.Key_B or key == Qt.Key_Period:
            self.set_blank(not self.blanked)
        elif key == Qt.Key_F:
            self.window().showNormal() if self.window().isFullScreen() else self.window().showFullScreen()
        elif key == Qt.Key_Escape:
            self.window().close()
        elif (key == Qt.Key_Z and not (mods & Qt.ShiftModifier)) or (
            ctrl and key in (Qt.Key_Equal, Qt.Key_Plus)
        ):
            self.set_zoom(self.zoom * 1.25)
        elif key == Qt.Key_Z or (ctrl and key == Qt.Key_Minus):
            self.set_zoom(self.zoom / 1.25)
        elif ctrl and key == Qt.Key_0:
            self.set_zoom(1.0)
        elif key == Qt.Key_H:
            self.set_mouse_hidden(self.cursor().shape() != Qt.BlankCursor)
        elif key == Qt.Key_L:
            self.set_halo(not self.halo_on)
        elif key == Qt.Key_S:
            self.speaker_toggled.emit()
        else:
            super().keyPressEvent(event)
            return
        if not (Qt.Key_0 <= key <= Qt.Key_9):
            self._digits = ""


def _present_canvas(figure):
    """matplotlib's Qt canvas at the presentation's dpi (large text at any window size)."""
    from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg

    class Canvas(FigureCanvasQTAgg):
        present_dpi = BASE_DPI

        def apply_dpi(self):
            # the figure keeps the widget's pixel size; a higher dpi makes every text larger
            # and leaves fewer inches to lay out, so the renderer abbreviates instead
            ratio = self.device_pixel_ratio or 1
            self.figure.set_dpi(self.present_dpi * ratio)
            self.resizeEvent_fit()

        def resizeEvent_fit(self):
            w, h = max(self.width(), 1), max(self.height(), 1)
            ratio = self.device_pixel_ratio or 1
            self.figure.set_size_inches(
                w * ratio / self.figure.dpi, h * ratio / self.figure.dpi, forward=False
            )

        def resizeEvent(self, event):
            super().resizeEvent(event)
            self.apply_dpi()

        def draw(self):
            from shiboken6 import isValid

            if not isValid(self):  # a draw_idle queued before the slide was closed
                return
            r = getattr(self, "renderer_hook", None)
            if r is not None and r.trace is not None and r.needs_relayout():
                try:
                    r.relayout()
                except ValueError:
                    # zoomed in, then the window got smaller: no room left at this zoom;
                    # back to the unzoomed size rather than a blank slide
                    view = self.parent()
                    while view is not None and not isinstance(view, PresentView):
                        view = view.parent()
                    self.present_dpi = min(self.present_dpi, BASE_DPI)
                    if view is not None and self is view.canvas:
                        view.zoom = 1.0
                    self.apply_dpi()
                    try:
                        r.relayout()
                    except ValueError:
                        pass  # none even unzoomed: the drawing waits for a larger window
            try:
                super().draw()
            except RuntimeError:
                if isValid(self):
                    raise  # (deleted while drawing: nothing to show)

    c = Canvas(figure)
    return c


class SpeakerView(QWidget):
    """Notes, the next step, a clock and the elapsed time; Swap screens."""

    swap_requested = Signal()

    def __init__(self, present: PresentView, parent=None):
        super().__init__(parent)
        self.setWindowTitle("ringlab — speaker view")
        self.present = present
        self.notes = QLabel()
        self.notes.setObjectName("speaker_notes")
        self.next_label = QLabel()
        self.next_label.setObjectName("speaker_next")
        for lab in (self.notes, self.next_label):
            lab.setWordWrap(True)
            lab.setTextFormat(Qt.MarkdownText)
        self.notes.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.next_label.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.now_label = QLabel()
        self.now_label.setObjectName("speaker_now")
        self.now_label.setWordWrap(True)
        self.clock = QLabel()
        self.clock.setObjectName("speaker_clock")
        self.elapsed = QLabel()
        self.swap_button = QPushButton("Swap screens")
        self.swap_button.clicked.connect(self.swap_requested)
        self.swap_button.setVisible(len(QGuiApplication.screens()) > 1)
        top = QHBoxLayout()
        top.addWidget(self.clock)
        top.addSpacing(24)
        top.addWidget(self.elapsed)
        top.addStretch(1)
        top.addWidget(self.swap_button)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.now_label)
        lay.addWidget(QLabel("<b>Notes</b>"))
        lay.addWidget(self.notes, 3)
        lay.addWidget(QLabel("<b>Next</b>"))
        lay.addWidget(self.next_label, 1)
        hint = QLabel(
            "The slide's keys work here too (Space/→ next, ← back, B blank, Z zoom, "
            "Ctrl+0 resets the zoom, Esc leave)."
        )
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #555; font-size: 16px;")
        lay.addWidget(hint)
        self.setStyleSheet(
            "QLabel { font-size: 20px; } QLabel#speaker_clock { font-size: 36px; "
            "font-weight: bold; } QLabel#speaker_now { font-size: 22px; }"
        )
        self._timer = QElapsedTimer()
        self._timer.start()
        self._tick = QTimer(self)
        self._tick.timeout.connect(self._on_tick)
        self._tick.start(1000)
        present.step_changed.connect(self._on_step_changed)
        self._on_step_changed(present.step)
        self._on_tick()

    def keyPressEvent(self, event):
        """One screen: the speaker view is raised over the slide, so it passes the slide's
        keys on (a clicker then drives the slide whichever window has the focus)."""
        self.present.keyPressEvent(event)

    def _on_step_changed(self, i: int) -> None:
        deck = self.present.deck
        shown = (
            f"slide {i + 1} / {deck.count}"
            if deck.kind == "lesson"
            else f"step {i} / {deck.count - 1}"
        )
        self.now_label.setText(f"<b>Now:</b> {shown}")
        nxt = deck.caption(i + 1) if i + 1 < deck.count else "(the end)"
        if deck.kind == "lesson":  # the lesson's Markdown, typeset
            set_rich(self.notes, deck.notes(i))
            set_rich(self.next_label, nxt, inline=True)
        else:
            self.notes.setText(deck.notes(i))
            self.next_label.setText(nxt)

    def _on_tick(self) -> None:
        s = self._timer.elapsed() // 1000
        self.clock.setText(QTime.currentTime().toString("HH:mm"))
        self.elapsed.setText(f"elapsed {s // 60:02d}:{s % 60:02d}")


class PresentWindow(QWidget):
    """The top-level presentation: the view full screen, the speaker view beside it."""

    def __init__(self, deck, fullscreen: bool = True, speaker: bool = True, parent=None):
        super().__init__(parent)
        self.setWindowTitle("ringlab — present")
        self.view = PresentView(deck)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.view)
        if deck.kind == "walkthrough":
            self.view.canvas.renderer_hook = deck.renderer
        self.speaker = SpeakerView(self.view) if speaker else None
        if self.speaker is not None:
            self.speaker.swap_requested.connect(self.swap_screens)
        self.view.speaker_toggled.connect(self.toggle_speaker)
        self._fullscreen = fullscreen

    def start(self) -> None:
        """Show the slide, then the speaker view: on a second screen when there is one;
        with one screen as a normal window opened after the slide and raised over it (a
        projector mirroring the laptop shows the slide; Alt+Tab or Swap brings it back)."""
        screens = QGuiApplication.screens()
        two = self.speaker is not None and len(screens) > 1
        if two:
            self.speaker.setScreen(screens[0])
            self.setScreen(screens[1])
            self.move(screens[1].geometry().topLeft())
        self.showFullScreen() if self._fullscreen else self.show()
        if self.speaker is not None:
            if two:
                self.speaker.resize(900, 600)
                self.speaker.show()
                self.speaker.raise_()
            else:
                # one screen (a projector mirroring the laptop): the slide alone — a trial
                # found the notes window over the slide in the way; S brings it up
                avail = (self.screen() or screens[0]).availableGeometry()
                self.speaker.resize(
                    min(900, max(480, avail.width() // 2)),
                    min(640, max(360, avail.height() * 2 // 3)),
                )
        self.view.setFocus()

    def toggle_speaker(self) -> None:
        """S: the speaker view over the slide (one screen) or beside it, or away again; keys
        typed in it drive the slide."""
        if self.speaker is None:
            return
        if self.speaker.isVisible():
            self.speaker.hide()
            self.activateWindow()
            self.view.setFocus()
        else:
            self.speaker.show()
            self.speaker.raise_()
            self.speaker.activateWindow()

    def swap_screens(self) -> None:
        screens = QGuiApplication.screens()
        if len(screens) < 2 or self.speaker is None:
            return
        mine = self.screen()
        other = next((s for s in screens if s is not mine), mine)
        self.speaker.move(mine.geometry().topLeft())
        self.move(other.geometry().topLeft())
        if self.isFullScreen():
            self.showNormal()
            self.showFullScreen()

    def closeEvent(self, event):
        if self.speaker is not None:
            self.speaker.close()
        self.view.closed.emit()
        super().closeEvent(event)


def walkthrough_deck(code, inputs="random", seed: int = 0, note: str = ""):
    """The deck of a code's walkthrough, drawn by the same renderer as the app and exports."""
    from matplotlib.figure import Figure

    from ..core.analysis import Analysis
    from ..core.inputs import resolve_inputs
    from ..render.propagation import WalkthroughRenderer
    from .present_decks import WalkthroughDeck

    renderer = WalkthroughRenderer(
        Figure(figsize=(12.8, 7.2), dpi=BASE_DPI), caption_in_figure=True
    )
    renderer.min_scale = 1.0
    renderer.min_text_px = MIN_TEXT_PX
    trace = Analysis(code).trace(resolve_inputs(code, inputs, seed))
    # the inputs note goes to the status line: at 4:3 it would meet the legend in the figure
    renderer.set_trace(trace, note="")
    deck = WalkthroughDeck(renderer)
    deck.inputs_note = note or (inputs if isinstance(inputs, str) else "typed")
    return deck


def schedules_deck(code, alpha=DEFAULT_ALPHA, bandwidth=DEFAULT_BANDWIDTH, size=DEFAULT_SIZE):
    """Ring, tree and ``code`` on the worked example with the code's N (the Schedules tab)."""
    from ..core.analysis import Analysis
    from ..core.schedules import default_example
    from .present_decks import SchedulesDeck

    c = Analysis(code).comparison(
        default_example(code.N), alpha=alpha, bandwidth=bandwidth, size=size
    )
    return SchedulesDeck(c)


def lesson_deck(path):
    from ..lessons import load_lesson
    from .present_decks import LessonDeck

    return LessonDeck(load_lesson(path))
