"""The Schedules, Mesh and Propagation tabs fit the room they are shown in (issue 32), beyond
what ``test_layout_fits.py`` measures: a wheel over a slider scrolls the page, the Mesh sweep
goes under the drawing when narrow, the player's icons and the charts' text follow Ctrl+=,
the Schedules tab at N = 8 cuts neither its target nor its step counter, and the cost
explorer's table folds into bands of whole columns at 22 pt instead of scrolling sideways."""

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QScrollArea, QTabBar

from tests.gui._fit import layout_problems
from tests.gui.test_schedules_tab_matches_cli import cli_costs, cli_row

LAPTOP = dict(size=(1280, 720), lessons=True, load_views=True)


def _tab(qtbot, w, title):
    bar: QTabBar = w.tabs.tabBar()
    index = [w.tabs.tabText(i) for i in range(w.tabs.count())].index(title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    qtbot.waitUntil(lambda: w.tabs.view(index, build=False) is not None)
    return w.tabs.view(index, build=False), w.tabs.widget(index)


def _zoom(qtbot, w, points):
    while w.view_options.font_size() < points:
        before = w.view_options.font_size()
        qtbot.keyClick(w, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: w.view_options.font_size() > before)


def _wheel_down(widget):
    """One notch of the mouse wheel over ``widget``'s centre, through the window as a real
    wheel arrives (an ignored wheel event then goes to the parents)."""
    window = widget.window()
    pos = widget.mapTo(window, widget.rect().center())
    QTest.wheelEvent(window.windowHandle(), QPointF(pos), QPoint(0, -120))


def test_a_wheel_over_the_step_slider_scrolls_the_page_and_keeps_the_step(open_window, qtbot):
    w = open_window(**LAPTOP)
    view, slot = _tab(qtbot, w, "Schedules")
    qtbot.waitUntil(lambda: view.step_label.text() == "0 of 4")
    for _ in range(3):
        qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.step_label.text() == "3 of 4")
    bar = slot.verticalScrollBar()
    assert bar.maximum() > 0  # the page is taller than the tab: there is somewhere to go
    before = bar.value()
    _wheel_down(view.slider)
    assert view.step_label.text() == "3 of 4"
    assert bar.value() > before


def _left_top(widget, view):
    return widget.mapTo(view, QPoint(0, 0))


def test_the_mesh_sweep_goes_under_the_drawing_when_narrow(open_window, qtbot):
    w = open_window(**LAPTOP)
    view, slot = _tab(qtbot, w, "Mesh")
    qtbot.waitUntil(lambda: not view.busy, timeout=60_000)
    drawing, sweep = view.canvas, view.sweep_canvas
    assert slot.viewport().width() < drawing.sizeHint().width() + sweep.sizeHint().width()
    qtbot.waitUntil(
        lambda: _left_top(sweep, view).y() >= _left_top(drawing, view).y() + drawing.height()
    )
    assert layout_problems(slot) == []
    # a wide window without the lesson: side by side
    wide = open_window(size=(1900, 1000), load_views=True)
    view, slot = _tab(qtbot, wide, "Mesh")
    qtbot.waitUntil(lambda: not view.busy, timeout=60_000)
    drawing, sweep = view.canvas, view.sweep_canvas
    qtbot.waitUntil(
        lambda: _left_top(sweep, view).x() >= _left_top(drawing, view).x() + drawing.width()
    )


def test_the_players_icons_and_the_charts_text_follow_the_text_size(open_window, qtbot):
    w = open_window(size=(1024, 768), load_views=True)
    prop, _ = _tab(qtbot, w, "Propagation")
    icon_before = prop.play_button.iconSize().height()
    sched, _ = _tab(qtbot, w, "Schedules")
    mesh, _ = _tab(qtbot, w, "Mesh")
    qtbot.waitUntil(lambda: not mesh.busy, timeout=60_000)
    dpi_before = (sched.costs.figure.dpi, mesh.sweep_figure.dpi)
    _zoom(qtbot, w, 22)
    qtbot.waitUntil(lambda: prop.play_button.iconSize().height() >= 1.8 * icon_before)
    assert prop.play_button.iconSize().height() >= prop.play_button.fontMetrics().height()
    # the charts are drawn at more dots per inch: every text, line and marker larger
    assert sched.costs.figure.dpi > 1.3 * dpi_before[0]
    assert mesh.sweep_figure.dpi > 1.3 * dpi_before[1]


def test_the_schedules_tab_at_eight_cores_cuts_nothing(open_window, qtbot):
    w = open_window(**LAPTOP)
    view, slot = _tab(qtbot, w, "Schedules")
    edit = view.inputs.n_spin.lineEdit()
    qtbot.mouseDClick(edit, Qt.MouseButton.LeftButton)
    edit.selectAll()
    qtbot.keyClicks(edit, "8")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.target.text().count(" ") >= 8 + 4)
    qtbot.waitUntil(lambda: view.step_label.text().endswith(f"of {view.max_steps}"))
    assert view.target.isVisible() and view.step_label.isVisible()

    def problems():
        return [p for p in layout_problems(slot) if "Lessons" not in p]

    # the grids are refitted to their numbers and regrouped at once, not on later turns of
    # the event loop: the first frame after the edit has every grid whole
    assert not problems()
    assert isinstance(slot, QScrollArea) and slot.horizontalScrollBar().maximum() == 0


def test_the_cost_table_at_22_pt_beside_a_lesson_folds_and_reads_as_the_cli(open_window, qtbot):
    w = open_window(**LAPTOP, points=22)  # a 22 pt start (saved)
    view, slot = _tab(qtbot, w, "Schedules")
    assert view.costs.table.font().pointSize() == 22
    bar = view.pages.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    table = view.costs.table
    qtbot.waitUntil(lambda: table.isVisible() and table.row_count() == 3)
    # nine columns need far more than the ~550 px beside the lesson: bands of whole columns,
    # and nothing scrolls sideways, right after the click
    assert table.folded and table.horizontalScrollBar().maximum() == 0
    assert not [p for p in layout_problems(slot) if "compare_costs" in p]
    for r in range(table.rowCount()):
        for c in range(table.columnCount()):
            item = table.item(r, c)
            if item is not None and item.text():
                need = QFontMetrics(item.font()).horizontalAdvance(item.text())
                assert need < table.columnWidth(c), (item.text(), table.columnWidth(c))
    # every number is the CLI's, read as shown
    cli = cli_costs(3, "1us", "190GB/s", "1MB")
    for r, name in enumerate(("ring", "tree", "coded")):
        assert table.row_label(r) == name
        if name != "coded":
            assert list(table.row_values(r).values()) == cli_row(cli, name)
