"""Every tab and sub-tab fits the rooms it is shown in (issue 32): a laptop at 1280×720 with a
lesson open, a 1024×768 projector, each at the default text size and at 22 pt (the back row).

Read from Qt's own geometry (``tests/gui/_fit.py``): no one-line text narrower than its text,
no horizontal scroll bar with a range, no two visible siblings overlapping; the Search tab's
rate table shows at least eight whole rows.  The user's path: the window resized, the Lessons
panel opened from its menu action, each tab clicked; 22 pt is the lecturer's second start (the
size saved, the window built at it — the Ctrl+= presses that reach it are test_teaching_aids' and
test_zoom_*'s subject, and cost ~1 s of CPU each here)."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTabBar, QTableWidget, QTabWidget, QToolButton

from tests._sweep import split_sweep
from tests.gui._fit import layout_problems, shown_rect

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
    """Ctrl+= pressed up to ``points``, as the reader does (the zoom tests' path; other
    modules import it)."""
    while w.view_options.font_size() < points:
        before = w.view_options.font_size()
        qtbot.keyClick(w, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: w.view_options.font_size() > before)


def _window(open_window, qtbot, room, points):
    w = open_window(load_views=True, points=points, **ROOMS[room])
    assert points is None or w.font().pointSize() == points  # the size the reader reads
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


POINTS = {"default-text": None, "22pt": 22}
ROOM_POINTS = [(r, p) for p in POINTS for r in ROOMS]


def _sweep(cases, fast):
    """``cases`` of (..., room, points) named as pytest named them before the split."""
    ids = [
        "-".join([*map(str, c[:-2]), c[-2], next(k for k, v in POINTS.items() if v == c[-1])])
        for c in cases
    ]
    return split_sweep(cases, ids, fast)


# the inner loop: every tab once at 22 pt (where pages overflow), the rooms in turn (the
# default text of both rooms is the Schedules pages' below); the full suite all twenty
@pytest.mark.parametrize(
    "tab,room,points",
    _sweep(
        [(tab, r, POINTS[p]) for tab in TABS for r, p in ROOM_POINTS],
        lambda tab, room, points: bool(points) and room == list(ROOMS)[TABS.index(tab) % 2],
    ),
)
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


def _whole_rows(table: QTableWidget) -> tuple[int, int]:
    """(rows seen whole, pixels of the table's viewport seen): a row counts when it lies, from
    its top line to its bottom line, in the part of the viewport the reader sees in the window
    (not scrolled out of the tab's own scroll area, not below the window's edge)."""
    shown = shown_rect(table.viewport())
    whole = 0
    for row in range(table.rowCount()):
        top = table.rowViewportPosition(row)
        if not table.isRowHidden(row) and top >= shown.top():
            whole += top + table.rowHeight(row) - 1 <= shown.bottom()
    return whole, max(0, shown.height())


# the inner loop: the own window at 22 pt on the projector, the tab itself on the laptop
@pytest.mark.parametrize(
    "room,points",
    _sweep(
        [(r, POINTS[p]) for r, p in ROOM_POINTS],
        lambda room, points: (room == "projector") == bool(points),
    ),
)
def test_the_rate_table_shows_eight_whole_rows(open_window, qtbot, room, points):
    """At the default text the Search tab shows them; at 22 pt, where the tab is too short,
    the reader clicks the explorer's "Own window" and its window shows them, inside the room's
    screen."""
    w = _window(open_window, qtbot, room, points)
    list(_pages(qtbot, w, "Search"))
    table = w.findChild(QTableWidget, "search_rate_table")
    assert table is not None
    qtbot.waitUntil(table.isVisible)
    if points:
        button = w.findChild(QToolButton, "search_rates_own_window")
        assert button.text() == "Own window"
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: table.window() is not w and table.window().isVisible())
        own = table.window()
        # inside the screen it is shown on, never larger (the offscreen screen, 800×800, is
        # narrower than either room: the caption wraps there, and the window may be taller
        # than the 720 px room — it is the screen that bounds it)
        screen = own.screen().availableGeometry()
        assert screen.contains(own.frameGeometry()), (screen, own.frameGeometry())
        assert table.fontInfo().pointSize() == 22  # the window's text size reached it
    try:
        qtbot.waitUntil(lambda: _whole_rows(table)[0] >= 8)
    except Exception:  # (pytest-qt's timeout): say what was seen
        whole, seen = _whole_rows(table)
        raise AssertionError(f"{whole} whole rows in the {seen} px of the table seen") from None
    if points:  # closing the window puts the explorer back in the tab
        table.window().close()
        qtbot.waitUntil(lambda: table.window() is w)
        assert button.text() == "Own window"


# the inner loop: folded at 22 pt beside a lesson, whole on the projector's default text
@pytest.mark.parametrize(
    "room,points",
    _sweep(
        [(r, POINTS[p]) for r, p in ROOM_POINTS],
        lambda room, points: (room == "laptop-lesson") == bool(points),
    ),
)
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


def _in_canvas(canvas, axes):
    """The rectangle (canvas widget pixels) of matplotlib ``axes`` as drawn on ``canvas``."""
    from PySide6.QtCore import QRectF

    box = axes.get_window_extent()
    ratio = canvas.devicePixelRatioF()
    return QRectF(
        box.x0 / ratio, canvas.height() - box.y1 / ratio, box.width / ratio, box.height / ratio
    ).toAlignedRect()


# the inner loop: 22 pt beside a lesson (stacked), the projector's default text (beside)
@pytest.mark.parametrize(
    "room,points",
    _sweep(
        [(r, POINTS[p]) for r, p in ROOM_POINTS],
        lambda room, points: (room == "laptop-lesson") == bool(points),
    ),
)
def test_the_side_table_moves_under_the_graph(open_window, qtbot, room, points):
    """Propagation's side table (xᵢ, sᵢ, what each node sends) stays beside G_T where the
    pane holds both, and goes under it, as wide as the drawing, where it does not (22 pt):
    the graph keeps the drawing's width rather than a third of it, the reader scrolls down to
    the table (never sideways), and no text of the drawing overlaps another or leaves it, at
    any step."""
    from PySide6.QtWidgets import QScrollArea

    w = _window(open_window, qtbot, room, points)
    list(_pages(qtbot, w, "Propagation"))
    view = w.tabs.view(w.tabs.currentIndex(), build=False)
    r, canvas = view.renderer, view.canvas
    qtbot.waitUntil(lambda: r.trace is not None and canvas.isVisible())
    scroll = w.findChild(QScrollArea, "propagation_drawing")
    for step in range(r.trace.code.T + 1):
        if step:
            qtbot.mouseClick(view.step_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda s=step: view.step_label.text().startswith(f"t = {s} "))
        qtbot.waitUntil(lambda: not layout_problems(w) and not r.needs_relayout())
        try:  # as drawn (the legend is placed when the figure is next drawn)
            qtbot.waitUntil(lambda: not r.text_problems())
        except Exception:  # (pytest-qt's timeout): say what overlaps
            raise AssertionError(f"t = {step}: {r.text_problems()}") from None
    graph, table = _in_canvas(canvas, r.graph_axes), _in_canvas(canvas, r.table_axes)
    assert canvas.width() <= scroll.viewport().width()
    if points:  # 22 pt: the pane is narrower than the drawing needs side by side
        assert table.top() >= graph.bottom(), (graph, table)
        assert graph.width() >= canvas.width() // 2 and table.width() >= canvas.width() * 0.9
        # the reader scrolls down (never sideways) until the table's top line is in view
        bar, top = scroll.verticalScrollBar(), (table.topLeft(), table.topRight())
        while not all(shown_rect(canvas).contains(p) for p in top) and bar.value() < bar.maximum():
            bar.triggerAction(bar.SliderAction.SliderSingleStepAdd)
        seen = shown_rect(canvas)
        assert all(seen.contains(p) for p in top), (seen, table)
    else:
        assert table.left() >= graph.right() and table.top() < graph.bottom(), (graph, table)
