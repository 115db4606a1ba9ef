"""Present mode fills the screen it is on (F5 from the window, as the lecturer opens it), and F
goes to a window and back to the whole screen.  Without a window manager showFullScreen() only
sets the window's state, so the window takes its screen's geometry itself."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication


def _presentation(qtbot):
    from ringlab.gui.present import PresentWindow

    def shown():
        return [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, PresentWindow) and w.isVisible()
        ]

    qtbot.waitUntil(lambda: len(shown()) == 1)
    p = shown()[0]
    qtbot.addWidget(p)
    if p.speaker is not None:
        qtbot.addWidget(p.speaker)
    qtbot.waitExposed(p)
    return p


def test_f5_fills_the_screen_and_f_toggles_back(qtbot, win):
    qtbot.keyClick(win, Qt.Key_F5)
    p = _presentation(qtbot)
    screen = p.screen().geometry()
    qtbot.waitUntil(lambda: p.isFullScreen() and p.geometry() == screen)
    p.grab().save("/tmp/present_fills_screen.png")

    qtbot.keyClick(p.view, Qt.Key_F)  # a window again
    qtbot.waitUntil(lambda: not p.isFullScreen())
    qtbot.keyClick(p.view, Qt.Key_F)  # and the whole screen again
    qtbot.waitUntil(lambda: p.isFullScreen() and p.geometry() == p.screen().geometry())
    qtbot.keyClick(p.view, Qt.Key_Escape)
    qtbot.waitUntil(lambda: not p.isVisible())
