"""Present mode (View → Present, F5; ``ringlab present``): one big view at a projector.

Keys as presenters expect from manim-slides, reveal.js and PowerPoint (a clicker sends
PgUp/PgDn): Space, →, ↓, PgDn next; ←, ↑, PgUp back; Home/End; digits then Enter jump to a
step; B blanks the screen; F toggles full screen; Esc leaves; Z or Ctrl+= zooms in, Shift+Z
or Ctrl+− out, Ctrl+0 resets (one factor for everything on the slide); H hides the mouse; L
a large translucent pointer halo, drawn into the figure so an exported frame carries it too.

A speaker view (:class:`SpeakerView`) goes to a second screen when there is one, else into a
window of its own: the notes, the next step's caption, a clock and the elapsed time.

A lesson's slides, status line, notes and "next" line are its Markdown typeset, formulas as
images at the slide's text size (:mod:`ringlab.gui.rich_text`; a zoom typesets them again).
"""
from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, Qt, QTime, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QPushButton, QSizePolicy, QStackedWidget,
                               QVBoxLayout, QWidget)

from .rich_text import set_rich

NEXT_KEYS = (Qt.Key_Space, Qt.Key_Right, Qt.Key_Down, Qt.Key_PageDown)
BACK_KEYS = (Qt.Key_Left, Qt.Key_Up, Qt.Key_PageUp)
ZOOM_RANGE = (0.5, 3.0)
MIN_TEXT_PX = 18          # the floor for any text in present mode
BASE_DPI = 160            # 9-pt figure text is 20 px: nothing on a slide below MIN_TEXT_PX


class PresentView(QWidget):
    """The presentation itself: ``step_changed(int)`` after every move."""

    step_changed = Signal(int)
    closed = Signal()

    def __init__(self, deck, parent=None):
        super().__init__(parent)
        self.setObjectName("PresentView")
        self.deck = deck
        self.step = 0
        self.zoom = 1.0
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
            self.stack.addWidget(self.slide)
        self.blank = QWidget()
        self.blank.setStyleSheet("background: black;")
        self.stack.addWidget(self.blank)
        self.status = QLabel()
        self.status.setObjectName("present_status")
        self.status.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.stack, 1)
        lay.addWidget(self.status)
        self._halo = None
        self._apply_zoom()
        self.show_step(0)

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
        if self.deck.kind == "lesson":
            # the caption is the slide's first line (a formula in it typeset, never cut)
            # (no-break spaces: rich text would drop plain leading ones)
            set_rich(self.status, f"\u00a0\u00a0{self.step + 1} / {self.deck.count}  ·  "
                                  f"{self.deck.caption(self.step)}", inline=True)
        else:
            self.status.setText(f"  step {self.step} / {self.last}  ·  {self.deck.caption(self.step)[:160]}"
                                if self.deck.kind == "schedules" else
                                f"  t = {self.step} / {self.last}  ·  inputs: "
                                f"{getattr(self.deck, 'inputs_note', '')}   (Space/→ next, ← back, "
                                f"B blank, Z zoom, L pointer, Esc leave)")
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
        self.zoom = max(ZOOM_RANGE[0], min(ZOOM_RANGE[1], round(factor, 2)))
        self._apply_zoom()
        self.show_step(self.step)

    def _apply_zoom(self) -> None:
        # three grids side by side need a smaller (still ≥ 18 px) text than a lesson's prose
        base = 19 if self.deck.kind == "schedules" else 30
        px = max(MIN_TEXT_PX, round(base * self.zoom))
        self.status.setStyleSheet(f"font-size: {max(MIN_TEXT_PX, round(20 * self.zoom))}px; "
                                  f"color: #333; background: #f4f4f4;")
        if self.slide is not None:
            self.slide.setStyleSheet(f"font-size: {px}px; color: #111; background: white;")
        if self.canvas is not None:
            self.canvas.present_dpi = BASE_DPI * self.zoom
            self.canvas.apply_dpi()

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
            self._halo = Ellipse((fx, fy), 2 * rx, 2 * ry, transform=fig.transFigure,
                                 facecolor="#ffd400", alpha=0.35, edgecolor="#e69f00",
                                 linewidth=3, zorder=100)
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
        elif (key == Qt.Key_Z and not (mods & Qt.ShiftModifier)) or (ctrl and key in (Qt.Key_Equal, Qt.Key_Plus)):
            self.set_zoom(self.zoom * 1.25)
        elif key == Qt.Key_Z or (ctrl and key == Qt.Key_Minus):
            self.set_zoom(self.zoom / 1.25)
        elif ctrl and key == Qt.Key_0:
            self.set_zoom(1.0)
        elif key == Qt.Key_H:
            self.set_mouse_hidden(self.cursor().shape() != Qt.BlankCursor)
        elif key == Qt.Key_L:
            self.set_halo(not self.halo_on)
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
            self.figure.set_size_inches(w * ratio / self.figure.dpi, h * ratio / self.figure.dpi,
                                        forward=False)

        def resizeEvent(self, event):
            super().resizeEvent(event)
            self.apply_dpi()

        def draw(self):
            r = getattr(self, "renderer_hook", None)
            if r is not None and r.trace is not None and r.needs_relayout():
                r.relayout()
            super().draw()

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
        self.clock = QLabel()
        self.elapsed = QLabel()
        self.swap_button = QPushButton("Swap screens")
        self.swap_button.clicked.connect(self.swap_requested)
        top = QHBoxLayout()
        top.addWidget(self.clock)
        top.addWidget(self.elapsed)
        top.addStretch(1)
        top.addWidget(self.swap_button)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(QLabel("<b>Now</b>"))
        lay.addWidget(self.notes, 2)
        lay.addWidget(QLabel("<b>Next</b>"))
        lay.addWidget(self.next_label, 1)
        self.setStyleSheet("QLabel { font-size: 20px; }")
        self._timer = QElapsedTimer()
        self._timer.start()
        self._tick = QTimer(self)
        self._tick.timeout.connect(self._on_tick)
        self._tick.start(1000)
        present.step_changed.connect(self._on_step_changed)
        self._on_step_changed(present.step)
        self._on_tick()

    def _on_step_changed(self, i: int) -> None:
        deck = self.present.deck
        nxt = deck.caption(i + 1) if i + 1 < deck.count else "(the end)"
        if deck.kind == "lesson":                     # the lesson's Markdown, typeset
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
        self._fullscreen = fullscreen

    def start(self) -> None:
        screens = QGuiApplication.screens()
        if self.speaker is not None:
            if len(screens) > 1:
                self.speaker.setScreen(screens[0])
                self.setScreen(screens[1])
                self.move(screens[1].geometry().topLeft())
            self.speaker.resize(900, 600)
            self.speaker.show()
        self.showFullScreen() if self._fullscreen else self.show()
        self.view.setFocus()

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
    from ..render.inputs import resolve_inputs
    from ..render.propagation import WalkthroughRenderer
    from .present_decks import WalkthroughDeck
    renderer = WalkthroughRenderer(Figure(figsize=(12.8, 7.2), dpi=BASE_DPI), caption_in_figure=True)
    renderer.min_scale = 1.0
    trace = Analysis(code).trace(resolve_inputs(code, inputs, seed))
    # the inputs note goes to the status line: at 4:3 it would meet the legend in the figure
    renderer.set_trace(trace, note="")
    deck = WalkthroughDeck(renderer)
    deck.inputs_note = note or (inputs if isinstance(inputs, str) else "typed")
    return deck


def schedules_deck(code, alpha="1us", bandwidth="190GB/s", size="1MB"):
    """Ring, tree and ``code`` on the worked example with the code's N (the Schedules tab)."""
    from ..core.analysis import Analysis
    from ..core.schedules import default_example
    from .present_decks import SchedulesDeck
    c = Analysis(code).comparison(default_example(code.N), alpha=alpha, bandwidth=bandwidth,
                                  size=size)
    return SchedulesDeck(c)


def lesson_deck(path):
    from ..lessons import load_lesson
    from .present_decks import LessonDeck
    return LessonDeck(load_lesson(path))
