"""Step-through playback shared by the views that play steps (Propagation, Mesh): the five
buttons, a timer, and the keys of step-through tools — Space plays/pauses, ←/→ step, Home/End
jump — as shortcuts, so they work whichever child has the focus (a line edit still gets its
own keys through ShortcutOverride).

A view using :class:`Playback` provides ``step``, ``last_step`` and ``set_step(i)``; it may
override :meth:`Playback.play_interval_ms` (the Propagation view has a speed box).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QPushButton, QStyle


class Playback:
    """Mixin for a QWidget: call :meth:`build_playback` in ``__init__``."""

    def build_playback(self, last_tip: str = "Last step (End)") -> list:
        """Create the buttons (returned in order), the timer and the keys."""
        st = self.style()

        def button(icon, tip, slot):
            b = QPushButton(st.standardIcon(icon), "")
            b.setToolTip(tip)
            b.setAccessibleName(tip.split(" (")[0].split(":")[0])  # "Step forward", no key
            b.setFocusPolicy(Qt.NoFocus)  # Space must reach the view's shortcut
            b.clicked.connect(slot)
            return b

        self.first_button = button(QStyle.SP_MediaSkipBackward, "First step (Home)", self.first)
        self.back_button = button(QStyle.SP_MediaSeekBackward, "Step back (←)", self.back)
        self.play_button = button(QStyle.SP_MediaPlay, "Play / pause (Space)", self.toggle_play)
        self.step_button = button(QStyle.SP_MediaSeekForward, "Step forward (→)", self.forward)
        self.last_button = button(QStyle.SP_MediaSkipForward, last_tip, self.last)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._on_timer)
        for key, slot in (
            (Qt.Key_Space, self.toggle_play),
            (Qt.Key_Right, self.forward),
            (Qt.Key_Left, self.back),
            (Qt.Key_Home, self.first),
            (Qt.Key_End, self.last),
        ):
            sc = QShortcut(QKeySequence(key), self)
            sc.setContext(Qt.WidgetWithChildrenShortcut)
            sc.activated.connect(slot)
        self.setFocusPolicy(Qt.StrongFocus)
        return [
            self.first_button,
            self.back_button,
            self.play_button,
            self.step_button,
            self.last_button,
        ]

    def play_interval_ms(self) -> int:
        return 1000

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def first(self):
        self.pause()
        self.set_step(0)

    def last(self):
        self.pause()
        self.set_step(self.last_step)

    def forward(self):
        self.pause()
        self.set_step(self.step + 1)

    def back(self):
        self.pause()
        self.set_step(self.step - 1)

    def play(self):
        if self.step >= self.last_step:
            self.set_step(0)  # play from the start after the end
        self.timer.start(self.play_interval_ms())
        self.play_button.setIcon(self.style().standardIcon(QStyle.SP_MediaPause))

    def pause(self):
        self.timer.stop()
        self.play_button.setIcon(self.style().standardIcon(QStyle.SP_MediaPlay))

    def toggle_play(self):
        self.pause() if self.playing else self.play()

    def _on_timer(self):
        if self.step >= self.last_step:
            self.pause()
            return
        self.set_step(self.step + 1)
        if self.step >= self.last_step:
            self.pause()
