"""At a 1280×720 projector: beside the Propagation graph the Theorem 2 panel narrows to its
verdict and check map (the N = 8 graph was cramped), and the editor gets its split back; the
side table's send lines fit the table even at N = 8."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar

from ringlab.gui.settings import settings

pytestmark = pytest.mark.window(
    name="classic-ring-n8", size=(1280, 720), load_views=True, use_settings=False
)


def click_tab(qtbot, win, title):
    bar = win.tabs.findChild(QTabBar)
    k = win.view_names().index(title)
    qtbot.mouseClick(bar, Qt.LeftButton, pos=bar.tabRect(k).center())
    assert win.tabs.currentIndex() == k


def test_panel_narrows_beside_views_and_comes_back_for_the_editor(qtbot, win):
    editor_sizes = win.splitter.sizes()
    click_tab(qtbot, win, "Propagation")
    tabs_w, panel_w = win.splitter.sizes()
    assert panel_w < editor_sizes[1] - 100  # the graph got the room
    assert panel_w >= win.panel.map.width()  # the whole check map still shows
    assert win.panel.map.isVisible() and win.panel.verdict.isVisible()
    click_tab(qtbot, win, "Schedules")  # view → view keeps the narrow split
    assert win.splitter.sizes()[1] == panel_w
    click_tab(qtbot, win, "Editor")
    assert win.splitter.sizes()[1] == editor_sizes[1]


def test_a_split_the_user_dragged_is_kept_per_mode(qtbot, win):
    click_tab(qtbot, win, "Propagation")
    total = sum(win.splitter.sizes())
    win.splitter.setSizes([total - 400, 400])
    click_tab(qtbot, win, "Editor")
    click_tab(qtbot, win, "Propagation")
    assert win.splitter.sizes()[1] == 400


def test_send_lines_fit_the_side_table_at_n8(qtbot, win):
    click_tab(qtbot, win, "Propagation")
    view = win.view_widget(win.tabs.currentIndex())
    fig = view.figure
    for t in range(view.last_step):
        view.set_step(t)
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        right = fig.bbox.x1
        for txt in view.renderer._send:
            if txt.get_text():
                assert txt.get_window_extent(renderer).x1 <= right, (t, txt.get_text())


def test_closing_on_a_view_saves_the_editors_split(qtbot, open_window):
    w = open_window("classic-ring-n8", size=(1280, 720))
    editor_panel = w.splitter.sizes()[1]
    click_tab(qtbot, w, "Propagation")
    assert w.splitter.sizes()[1] < editor_panel - 100
    assert w.close()
    saved = settings().value("splitter")
    # (a fresh window of the same size; offscreen Qt does not restore the geometry itself)
    again = open_window("classic-ring-n8", (1280, 720), clear_settings=False, use_settings=False)
    assert again.splitter.restoreState(saved)
    assert abs(again.splitter.sizes()[1] - editor_panel) <= 2
    settings().clear()
