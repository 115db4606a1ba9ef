"""The playback bar of the views that play steps (Propagation, Mesh): first, back, play/pause,
step, last, a scrubber, the step shown and, optionally, a speed — with the keys of step-through
tools (Space plays/pauses, ←/→ step, Home/End jump) as shortcuts of the view, so they work
whichever child has the focus (a line edit still gets its own keys through ShortcutOverride).

The bar drives a *stepper* — the view — that provides ``step``, ``last_step`` and
``set_step(i)``; the bar never holds the step itself.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QStyle, QWidget

from ._reflow import FlowRow
from ._widgets import WheelSafeSlider


class PlaybackBar(QWidget):
    """The playback row of ``stepper`` (a view); its keys work anywhere in the view.

    ``speeds``: ``(text, steps per second)`` choices for a speed box (index 1 chosen), or None
    for one step a second; ``widest_step``: the longest text the step label shows (it keeps
    that width, so the bar does not jump as the steps go by).

    The buttons keep together; the scrubber takes what their row leaves; the step, the speed
    and what a view adds (:meth:`add`) wrap to a further row on a narrow tab.  The buttons'
    icons follow the text size (Ctrl+=)."""

    def __init__(
        self,
        stepper: QWidget,
        last_tip: str = "Last step (End)",
        speeds: list | None = None,
        widest_step: str = "t = 00 / 00",
    ):
        super().__init__()  # (parented where the view lays it out: the tab order follows)
        self.stepper = stepper
        self.first_button = self._button(
            QStyle.SP_MediaSkipBackward, "First step (Home)", self.first
        )
        self.back_button = self._button(QStyle.SP_MediaSeekBackward, "Step back (←)", self.back)
        self.play_button = self._button(
            QStyle.SP_MediaPlay, "Play / pause (Space)", self.toggle_play
        )
        self.step_button = self._button(
            QStyle.SP_MediaSeekForward, "Step forward (→)", self.forward
        )
        self.last_button = self._button(QStyle.SP_MediaSkipForward, last_tip, self.last)
        self.buttons = [
            self.first_button,
            self.back_button,
            self.play_button,
            self.step_button,
            self.last_button,
        ]
        self.timer = QTimer(stepper)
        self.timer.timeout.connect(self._on_timer)
        self._bind_keys(stepper)
        self.slider = WheelSafeSlider(Qt.Horizontal)
        self.slider.setFocusPolicy(Qt.NoFocus)
        self.slider.valueChanged.connect(self._on_slider_changed)
        self._widest_step = widest_step
        self.step_label = QLabel()
        buttons = QWidget()
        together = QHBoxLayout(buttons)
        together.setContentsMargins(0, 0, 0, 0)
        together.setSpacing(2)
        for w in self.buttons:
            together.addWidget(w)
        row = self._row = FlowRow(self)
        row.add(buttons)
        row.add(self.slider, 1)
        row.add(self.step_label)
        self.speed_box = None
        if speeds:
            self.speed_box = QComboBox()
            for text, v in speeds:
                self.speed_box.addItem(text, v)
            self.speed_box.setCurrentIndex(1)
            self.speed_box.setToolTip("Playback speed")
            self.speed_box.setAccessibleName("Playback speed")
            self.speed_box.currentIndexChanged.connect(self._on_speed_changed)
            row.add(self.speed_box)
        self._fit_to_text()

    def add(self, widget: QWidget) -> None:
        """``widget`` at the end of the bar (it wraps with the rest)."""
        self._row.add(widget)

    def _fit_to_text(self) -> None:
        """Icons as tall as a line of text; the step label as wide as its widest text."""
        fm = self.fontMetrics()
        side = max(16, fm.height())
        for b in self.buttons:
            b.setIconSize(QSize(side, side))
        self.step_label.setMinimumWidth(fm.horizontalAdvance(self._widest_step) + 4)

    def changeEvent(self, e):  # noqa: N802 (Qt's name)
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:
            self._fit_to_text()

    def _button(self, icon, tip: str, slot) -> QPushButton:
        b = QPushButton(self.style().standardIcon(icon), "")
        b.setToolTip(tip)
        b.setAccessibleName(tip.split(" (")[0].split(":")[0])  # "Step forward", no key
        b.setFocusPolicy(Qt.NoFocus)  # Space must reach the view's shortcut
        b.clicked.connect(slot)
        return b

    def _bind_keys(self, view: QWidget) -> None:
        for key, slot in (
            (Qt.Key_Space, self.toggle_play),
            (Qt.Key_Right, self.forward),
            (Qt.Key_Left, self.back),
            (Qt.Key_Home, self.first),
            (Qt.Key_End, self.last),
        ):
            sc = QShortcut(QKeySequence(key), view)
            sc.setContext(Qt.WidgetWithChildrenShortcut)
            sc.activated.connect(slot)
        view.setFocusPolicy(Qt.StrongFocus)

    # -- what the bar shows -------------------------------------------------------------------
    def show_step(self, step: int, last: int, text: str) -> None:
        """Show ``step`` of ``0..last`` on the scrubber and the buttons, ``text`` beside it."""
        if self.slider.value() != step:
            self.slider.blockSignals(True)
            self.slider.setValue(step)
            self.slider.blockSignals(False)
        self.step_label.setText(text)
        for b, on in (
            (self.first_button, step > 0),
            (self.back_button, step > 0),
            (self.step_button, step < last),
            (self.last_button, step < last),
        ):
            b.setEnabled(on)

    def set_range(self, last: int, step: int) -> None:
        """The scrubber over ``0..last`` at ``step``, without stepping the view."""
        self.slider.blockSignals(True)
        self.slider.setRange(0, last)
        self.slider.setValue(step)
        self.slider.blockSignals(False)

    def set_controls_enabled(self, on: bool) -> None:
        """The buttons and the scrubber (not the step shown)."""
        for w in [*self.buttons, self.slider]:
            w.setEnabled(on)

    # -- playing ------------------------------------------------------------------------------
    def play_interval_ms(self) -> int:
        if self.speed_box is None:
            return 1000
        return int(1000 / self.speed_box.currentData())

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def first(self):
        self.pause()
        self.stepper.set_step(0)

    def last(self):
        self.pause()
        self.stepper.set_step(self.stepper.last_step)

    def forward(self):
        self.pause()
        self.stepper.set_step(self.stepper.step + 1)

    def back(self):
        self.pause()
        self.stepper.set_step(self.stepper.step - 1)

    def play(self):
        if self.stepper.step >= self.stepper.last_step:
            self.stepper.set_step(0)  # play from the start after the end
        self.timer.start(self.play_interval_ms())
        self.play_button.setIcon(self.style().standardIcon(QStyle.SP_MediaPause))

    def pause(self):
        self.timer.stop()
        self.play_button.setIcon(self.style().standardIcon(QStyle.SP_MediaPlay))

    def toggle_play(self):
        self.pause() if self.playing else self.play()

    def _on_timer(self):
        s = self.stepper
        if s.step >= s.last_step:
            self.pause()
            return
        s.set_step(s.step + 1)
        if s.step >= s.last_step:
            self.pause()

    def _on_slider_changed(self, value: int) -> None:
        self.stepper.set_step(value)

    def _on_speed_changed(self, *_):
        if self.playing:
            self.timer.start(self.play_interval_ms())
