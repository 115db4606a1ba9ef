"""The top-level presentation window: the slide full screen, the speaker view beside it."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QVBoxLayout, QWidget

from .speaker import SpeakerView
from .view import PresentView


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
        self._normal_geometry = None  # where F puts the window back

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
        self.fill_screen() if self._fullscreen else self.show()
        if self.speaker is not None:
            if two:
                self.speaker.resize(900, 600)
                self.speaker.show()
                self.speaker.raise_()
            else:
                # one screen (a projector mirroring the laptop): the slide alone, the notes
                # window over it would be in the way; S brings it up
                avail = (self.screen() or screens[0]).availableGeometry()
                self.speaker.resize(
                    min(900, max(480, avail.width() // 2)),
                    min(640, max(360, avail.height() * 2 // 3)),
                )
        self.view.setFocus()

    def fill_screen(self) -> None:
        """Full screen on the window's screen.  Without a window manager (Xvfb, a bare X
        session at a projector) ``showFullScreen`` only sets the state and the window keeps
        its size, so the window also takes its screen's geometry itself."""
        if not self.isFullScreen():
            self._normal_geometry = self.geometry()
        screen = self.screen() or QGuiApplication.primaryScreen()
        self.showFullScreen()
        if screen is not None:
            self.setGeometry(screen.geometry())

    def leave_full_screen(self) -> None:
        """Back to the window it was before :meth:`fill_screen` (F)."""
        self.showNormal()
        if self._normal_geometry is not None:
            self.setGeometry(self._normal_geometry)

    def toggle_full_screen(self) -> None:
        """F: full screen, or back to a window."""
        self.leave_full_screen() if self.isFullScreen() else self.fill_screen()

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
            self.fill_screen()

    def closeEvent(self, event):
        if self.speaker is not None:
            self.speaker.close()
        self.view.closed.emit()
        super().closeEvent(event)
