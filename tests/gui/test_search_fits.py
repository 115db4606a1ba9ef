"""What issue 32 found beside the Search tab, tried as the reader does: the Theorem 2 panel's
verdict whole at 22 pt and when unfolded during a lesson, the course list showing five lessons
with one open, the status bar's message not run under by the code's facts, and the rate table's
columns the reader picks kept (the widest group that fits is only the start)."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics

from tests.gui._acts import click_lesson
from tests.gui.test_layout_fits import _click_tab


def _verdict_word_width(label, word: str) -> int:
    """Pixels of the verdict's large bold word at the label's text size (what the reader sees
    whole or cut)."""
    big = QFont(label.font())
    big.setPointSizeF(big.pointSizeF() * 1.2)
    big.setBold(True)
    return QFontMetrics(big).horizontalAdvance(word)


def test_the_verdict_reads_whole_at_22_pt(open_window, qtbot):
    w = open_window(size=(1024, 768), load_views=True, points=22)  # a 22 pt start
    verdict = w.panel.verdict
    assert verdict.font().pointSize() >= 22
    qtbot.waitUntil(lambda: "FEASIBLE" in verdict.text())
    qtbot.waitUntil(lambda: verdict.width() >= _verdict_word_width(verdict, "✓ FEASIBLE"))


def test_the_panel_unfolded_in_a_lesson_is_wide_enough_to_read(open_window, qtbot):
    w = open_window(size=(1280, 720), lessons=True, load_views=True)
    click_lesson(qtbot, w, 12)
    qtbot.waitUntil(lambda: w.lessons_panel.lesson is not None)
    assert not w.panel.isVisible()  # folded for the lesson
    qtbot.mouseClick(w.verdict_line.button, Qt.LeftButton)
    qtbot.waitUntil(w.panel.isVisible)
    verdict = w.panel.verdict
    need = _verdict_word_width(verdict, "✗ INFEASIBLE")
    qtbot.waitUntil(lambda: verdict.width() >= need)


def test_the_line_over_the_panel_says_whether_it_is_folded_or_shown(open_window, qtbot):
    """A stranger's trial: after "Show the Theorem 2 panel" the line above the tabs still read
    "Theorem 2 panel folded for the lesson." beside the panel it had just shown."""
    w = open_window(size=(1280, 720), lessons=True, load_views=True)
    click_lesson(qtbot, w, 10)
    qtbot.waitUntil(lambda: w.lessons_panel.lesson is not None)
    line, button = w.verdict_line.label, w.verdict_line.button
    assert line.text() == "Theorem 2 panel folded for the lesson."
    qtbot.mouseClick(button, Qt.LeftButton)
    qtbot.waitUntil(w.panel.isVisible)
    assert line.text() == "Theorem 2 panel shown beside the lesson."
    assert button.text() == "Hide the Theorem 2 panel"
    qtbot.mouseClick(button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not w.panel.isVisible())
    assert line.text() == "Theorem 2 panel folded for the lesson."
    assert button.text() == "Show the Theorem 2 panel"


def test_the_course_list_shows_five_lessons_with_one_open(open_window, qtbot):
    w = open_window(size=(1280, 720), lessons=True, load_views=True)
    click_lesson(qtbot, w, 12)
    qtbot.waitUntil(lambda: w.lessons_panel.lesson is not None)
    lst = w.lessons_panel.list

    def whole():  # rows seen from their top line to their bottom line
        height = lst.viewport().height()
        rects = [lst.visualItemRect(lst.item(r)) for r in range(lst.count())]
        return sum(r.top() >= 0 and r.bottom() < height for r in rects)

    qtbot.waitUntil(lambda: whole() >= 5)


def test_a_message_is_not_run_under_by_the_codes_facts_at_22_pt(open_window, qtbot):
    # started at 21 pt (saved): the last Ctrl+= says the message
    w = open_window(size=(1280, 720), lessons=True, load_views=True, points=21)
    bar = w.statusBar()
    facts = (w.rate_label, w.bound_label, w.shape_label)
    with qtbot.waitSignal(bar.messageChanged) as said:
        qtbot.keyClick(w, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    message = said.args[0]
    assert message.startswith("Text 22 pt")
    # the message's words and the facts still shown fit side by side in the bar
    shown = [lab for lab in facts if lab.isVisible()]
    need = bar.fontMetrics().horizontalAdvance(message) + sum(
        lab.sizeHint().width() for lab in shown
    )
    assert shown and need <= bar.width()
    bar.clearMessage()  # the message gone, the three facts are back
    qtbot.waitUntil(lambda: all(lab.isVisible() for lab in facts))


def test_the_columns_the_reader_picks_are_kept(open_window, qtbot):
    w = open_window(size=(1280, 720), lessons=True, load_views=True)
    bar = w.tabs.tabBar()
    _click_tab(qtbot, bar, [w.tabs.tabText(i) for i in range(w.tabs.count())].index("Search"))
    view = w.view_by_title("Search")[1]
    table, box = view.table, view.rates.columns.box
    qtbot.waitUntil(lambda: table.isVisible())
    shown = [c for c in range(table.columnCount()) if not table.isColumnHidden(c)]
    assert shown[:2] == [0, 1]  # N and K in every group
    # the reader asks for GF(2)'s two classes: only N, K and those two columns
    # (from the first group, so the pick is the reader's even when the fit already shows it)
    box.setFocus()
    qtbot.keyClick(box, Qt.Key_Home)
    index = box.findText("GF(2) classes")
    while box.currentIndex() != index:
        key = Qt.Key_Down if box.currentIndex() < index else Qt.Key_Up
        qtbot.keyClick(box, key)
    qtbot.waitUntil(
        lambda: (
            [c for c in range(table.columnCount()) if not table.isColumnHidden(c)] == [0, 1, 5, 6]
        )
    )
    w.resize(1024, 768)  # a narrower or wider window keeps the reader's choice
    qtbot.waitUntil(lambda: w.width() == 1024)
    assert [c for c in range(table.columnCount()) if not table.isColumnHidden(c)] == [0, 1, 5, 6]
    header = table.horizontalHeaderItem(6).text()
    assert header == "GF(2)\nrouting only"


def test_before_a_lesson_the_course_list_shows_every_lesson(open_window, qtbot):
    """A stranger's trial at 1280×720: Ctrl+L showed ten of twenty lessons, the tenth cut in
    half, over an empty page under the list.  Before a lesson is chosen the list has the room;
    once one is open it shrinks to about six (test above)."""
    from PySide6.QtWidgets import QApplication

    w = open_window(size=(1280, 720), load_views=True)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_L, Qt.ControlModifier)
    qtbot.waitUntil(lambda: w.lessons_dock is not None and w.lessons_dock.isVisible())
    lst = w.lessons_panel.list

    def rows_whole() -> int:  # the rows a reader sees whole, top to bottom, in the list
        bottom = lst.viewport().rect().bottom()
        rects = [lst.visualItemRect(lst.item(k)) for k in range(lst.count())]
        return sum(r.top() >= 0 and r.bottom() <= bottom for r in rects)

    qtbot.waitUntil(lambda: rows_whole() == lst.count() >= 20)
    click_lesson(qtbot, w, 10)
    qtbot.waitUntil(lambda: w.lessons_panel.lesson is not None)
    qtbot.waitUntil(lambda: 5 <= rows_whole() < lst.count())  # the lesson gets the room
