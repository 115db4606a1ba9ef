"""Every tab and sub-tab fits the rooms it is shown in (issue 32): a laptop at 1280×720 with a
lesson open, a 1024×768 projector, each at the default text size and at 22 pt (the back row).

Read from Qt's own geometry (``tests/gui/_fit.py``): no one-line text narrower than its text,
no horizontal scroll bar with a range, no two visible siblings overlapping; the Search tab's
rate table shows at least eight whole rows.  The user's path: the window resized, the Lessons
panel opened from its menu action, Ctrl+= pressed up to 22 pt, each tab clicked."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTabBar, QTableWidget, QTabWidget

from tests.gui._fit import layout_problems

ROOMS = {
    "laptop-lesson": dict(size=(1280, 720), lessons=True),
    "projector": dict(size=(1024, 768), lessons=False),
}
TABS = ["Editor", "Propagation", "Schedules", "Search", "Mesh"]


def _click_tab(qtbot, bar: QTabBar, index: int) -> None:
    rect = bar.tabRect(index)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: bar.currentIndex() == index)


def _zoom_to(qtbot, w, points: int) -> None:
    while w.view_options.font_size() < points:
        before = w.view_options.font_size()
        qtbot.keyClick(w, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: w.view_options.font_size() > before)


def _window(open_window, qtbot, room, points):
    w = open_window(load_views=True, **ROOMS[room])
    if points:
        _zoom_to(qtbot, w, points)
    return w


def _pages(qtbot, w, tab: str):
    """Click the tab, then each of its sub-tabs: yield the page's name once it is shown."""
    bar = w.tabs.tabBar()
    index = [w.tabs.tabText(i) for i in range(w.tabs.count())].index(tab)
    _click_tab(qtbot, bar, index)
    qtbot.waitUntil(lambda: w.tabs.view(index, build=False) is not None)
    yield tab
    view = w.tabs.view(index, build=False)
    for sub in [t for t in view.findChildren(QTabWidget) if t.isVisible()]:
        for j in range(sub.count()):
            _click_tab(qtbot, sub.tabBar(), j)
            yield f"{tab} / {sub.tabText(j)}"


@pytest.mark.parametrize("points", [None, 22], ids=["default-text", "22pt"])
@pytest.mark.parametrize("room", list(ROOMS))
@pytest.mark.parametrize("tab", TABS)
def test_every_page_fits(open_window, qtbot, room, points, tab):
    w = _window(open_window, qtbot, room, points)
    found = {}
    for page in _pages(qtbot, w, tab):
        # what the reader sees once the layouts have settled after the click (some regroup on
        # the next turns of the event loop); a page that never fits fails with its problems
        try:
            qtbot.waitUntil(lambda: not layout_problems(w))
        except AssertionError:
            found[page] = layout_problems(w)
    assert not found, "\n".join(f"{p}:\n  " + "\n  ".join(v) for p, v in found.items())


@pytest.mark.parametrize("points", [None, 22], ids=["default-text", "22pt"])
@pytest.mark.parametrize("room", list(ROOMS))
def test_the_rate_table_shows_eight_whole_rows(open_window, qtbot, room, points):
    w = _window(open_window, qtbot, room, points)
    list(_pages(qtbot, w, "Search"))
    table = w.findChild(QTableWidget, "search_rate_table")
    assert table is not None and table.isVisible()
    view = table.viewport()
    whole = 0
    for row in range(table.rowCount()):
        top = table.rowViewportPosition(row)
        if top >= 0 and top + table.rowHeight(row) <= view.height():
            whole += 1
    assert whole >= 8, f"{whole} whole rows in a {view.height()} px high table"


@pytest.mark.parametrize("points", [None, 22], ids=["default-text", "22pt"])
@pytest.mark.parametrize("room", list(ROOMS))
def test_the_both_models_table_fits(open_window, qtbot, room, points):
    """Ticking algorithms beside ring and tree adds the cost explorer's table of both models
    (seven columns); at 22 pt beside a lesson it folds rather than scroll sideways."""
    w = _window(open_window, qtbot, room, points)
    pages = _pages(qtbot, w, "Schedules")
    next(pages)
    view = w.tabs.view(w.tabs.currentIndex(), build=False)
    for name in ("recursive-doubling", "swing", "trivance"):
        box = view.picker.boxes[name]
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(4, box.height() // 2))
        qtbot.waitUntil(lambda: box.isChecked())
    table = w.findChild(QTableWidget, "compare_models")
    qtbot.waitUntil(lambda: not table.isHidden() and table.rowCount() >= 4)
    found = {}
    for page in pages:
        try:
            qtbot.waitUntil(lambda: not layout_problems(w))
        except AssertionError:
            found[page] = layout_problems(w)
    assert table.isVisible()
    shown = [table.item(r, c) for r in range(table.rowCount()) for c in range(table.columnCount())]
    text = {i.text() for i in shown if i is not None}
    # every algorithm's row is there: its (a) time in µs, or why not (swing: N a power of two)
    assert any(t.endswith("µs") for t in text) and any(t.startswith("not for N") for t in text)
    assert table.horizontalScrollBar().maximum() == 0
    assert not found, "\n".join(f"{p}:\n  " + "\n  ".join(v) for p, v in found.items())
