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
    w = open_window(size=(1024, 728), points=21)  # started at 21 pt (saved), one Ctrl+=
    bar = w.statusBar()
    with qtbot.waitSignal(bar.messageChanged):
        qtbot.keyClick(w, Qt.Key_Equal, Qt.ControlModifier)
    assert "Text 22 pt" in bar.currentMessage()
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


LONG = (
    "Drawing the full graph G_T for N = 16: slow at this size (seconds to open, about a "
    "second a step)"
)


def _ink_rows(image) -> list[int]:
    """The pixel rows of ``image`` with dark (text) pixels on them."""
    return [
        y
        for y in range(image.height())
        if any(image.pixelColor(x, y).lightness() < 100 for x in range(0, image.width(), 2))
    ]


def test_22pt_a_message_longer_than_the_bar_wraps_whole(qtbot, open_window):
    """At 22 pt on a 1280×720 screen a long message (the full graph's warning) is read whole:
    on as many lines as it takes at the bar's width, none cut at the right edge."""
    from PySide6.QtCore import QRect

    w = open_window(size=(1280, 720), points=22)  # a 22 pt start (saved)
    bar = w.statusBar()
    assert bar.font().pointSize() == 22
    w.say(LONG)
    fm = bar.fontMetrics()
    assert fm.horizontalAdvance(LONG) > bar.width()  # one line would be cut
    # the lines the text takes at the bar's width (Qt's word wrap, not the bar's code)
    need = fm.boundingRect(
        QRect(0, 0, bar.width() - 2 * MESSAGE_LEFT, 10_000), Qt.TextWordWrap, LONG
    )
    qtbot.waitUntil(lambda: bar.height() >= need.height())
    assert not [lab for lab in bar.findChildren(QLabel) if lab.isVisible() and lab.text()]
    rows = _ink_rows(bar.grab().toImage())
    # ink on each of the lines: the text's rows span more than one line's height
    assert rows and rows[-1] - rows[0] > fm.lineSpacing(), rows
    assert bar.toolTip() == LONG
    bar.grab().save("/tmp/status_22pt_wrapped.png")
    # once it goes, the bar is one line again and the labels are back
    bar.clearMessage()
    qtbot.waitUntil(lambda: bar.height() < 2 * fm.lineSpacing())
    assert bar.toolTip() == ""
    assert all(lab.isVisible() for lab in bar.findChildren(QLabel) if lab.text())
