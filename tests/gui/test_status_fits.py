"""The status bar's message and its rate / bound / shape labels never overlap: at 22 pt on a
1024×768 screen (the lecturer read "Text 2rate K/T …"), and when the window narrows under a
message already shown.  The message is painted by the bar from its left edge; a label left of
where its text ends would cover it."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from ._fit import layout_problems

MESSAGE_LEFT = 6  # where QStatusBar paints its message (qstatusbar.cpp, messageRect)


def _covered(w) -> list[str]:
    bar = w.statusBar()
    message = bar.currentMessage()
    ends = MESSAGE_LEFT + bar.fontMetrics().horizontalAdvance(message)
    return [
        f"{lab.text()!r} at x={lab.x()} covers the message ending at {ends}"
        for lab in bar.findChildren(QLabel)
        if lab.isVisible() and lab.x() < ends and lab.text()
    ]


def test_22pt_message_and_labels_do_not_overlap(qtbot, open_window):
    w = open_window(size=(1024, 728))
    bar = w.statusBar()
    while "Text 22 pt" not in bar.currentMessage():
        qtbot.keyClick(w, Qt.Key_Equal, Qt.ControlModifier)
    assert layout_problems(bar) == []
    assert _covered(w) == []
    bar.grab().save("/tmp/status_22pt.png")


def test_a_narrower_window_makes_room_for_the_message(qtbot, open_window):
    w = open_window(size=(1400, 700))
    w.say("the code changed: K = 2 symbols per node, T = 3 steps, over the rationals Q")
    assert _covered(w) == []
    w.resize(w.minimumSizeHint().width(), 700)
    qtbot.waitUntil(lambda: w.width() < 1000)
    assert layout_problems(w.statusBar()) == []
    assert _covered(w) == []
    w.statusBar().grab().save("/tmp/status_narrow.png")
