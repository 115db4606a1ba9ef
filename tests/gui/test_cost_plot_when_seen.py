"""The cost explorer's plot, behind the Schedules tab's traces page, is built when the reader
looks at it: an edit made on the traces page shows there once the page is opened, curve for
curve as the render draws the explorer the tab holds (the speed is
``benchmarks/bench_schedules_edit.py``)."""

from matplotlib.figure import Figure
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget

from ringlab.render.cost_plot import draw_costs

from ._acts import click_tab


def _curves(figure) -> dict:
    ax = figure.axes[0]
    return {
        line.get_label(): [round(float(y), 15) for y in line.get_ydata()]
        for line in ax.get_lines()
        if not line.get_label().startswith("_")
    }


def _page(qtbot, pages: QTabWidget, index: int) -> None:
    bar = pages.tabBar()
    qtbot.mouseClick(bar, Qt.LeftButton, pos=bar.tabRect(index).center())
    assert pages.currentIndex() == index


def test_an_edit_on_the_traces_page_is_in_the_plot_when_it_is_opened(open_window, qtbot):
    w = open_window("paper-k2-t3", size=(1280, 720))
    view = click_tab(qtbot, w, "Schedules")
    pages = w.findChild(QTabWidget, "compare_pages")
    costs = view.costs
    _page(qtbot, pages, 1)
    qtbot.waitUntil(lambda: bool(costs.figure.axes))
    _page(qtbot, pages, 0)
    before = costs.explorer
    box = w.params.spins["T"]
    for _ in range(3):  # T = 3 → 6, as a student presses Up in the T box
        box.setFocus()
        qtbot.keyClick(box, Qt.Key_Up)
    qtbot.waitUntil(lambda: w.document.code.T == 6 and costs.explorer is not before)
    expected = Figure(figsize=(6.5, 3.6), dpi=90)
    draw_costs(expected, costs.explorer)
    assert _curves(expected) != {}
    _page(qtbot, pages, 1)
    qtbot.waitUntil(lambda: _curves(costs.figure) == _curves(expected))
    assert costs.figure.axes[0].get_title() == expected.axes[0].get_title()
