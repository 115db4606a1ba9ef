"""The Lessons panel at 22 pt beside a lesson (issue 32): the course list still shows three
lessons whole, one line each, and the lesson below keeps most of the panel.  Read from where
the rows lie in the window, as the student sees them."""

from PySide6.QtCore import Qt

from tests.gui._fit import shown_rect


def _whole_items(lst) -> int:
    shown = shown_rect(lst.viewport())
    rects = [lst.visualItemRect(lst.item(r)) for r in range(lst.count())]
    return sum(r.top() >= shown.top() and r.bottom() <= shown.bottom() for r in rects)


def test_three_lessons_show_beside_a_lesson_at_22_pt(open_window, qtbot):
    w = open_window(size=(1280, 720), lessons=True, load_views=True, points=22)  # saved 22 pt
    panel = w.lessons_panel
    lst = panel.list
    item = lst.item(0)
    qtbot.mouseClick(lst.viewport(), Qt.LeftButton, pos=lst.visualItemRect(item).center())
    qtbot.waitUntil(lambda: panel.lesson is not None)
    assert lst.font().pointSize() == 22
    line = lst.fontMetrics().height()
    qtbot.waitUntil(lambda: lst.visualItemRect(lst.item(0)).height() >= line)
    try:
        qtbot.waitUntil(lambda: _whole_items(lst) >= 3)
    except Exception:  # (pytest-qt's timeout): say what was seen
        raise AssertionError(f"{_whole_items(lst)} whole lessons in the list") from None
    # one line a lesson (its whole title in the tooltip)
    assert lst.visualItemRect(item).height() < 2 * line
    assert panel.lesson.title in item.toolTip()
    # the lesson keeps at least a third of the panel's height
    page = shown_rect(panel.scroll.viewport())
    assert page.height() >= panel.height() / 3, f"{page.height()} of {panel.height()} px"
