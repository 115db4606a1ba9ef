"""The Schedules tab's cost explorer fits a 1024×768 projector at 22 pt and a 1280×720 laptop at
the default text (issue 32): vertical scrolling only, the cost table's last column and the plot
inside the part of the tab the reader sees, nothing cut.

The reader's path: a start at a saved 22 pt, the Schedules tab clicked, the "Cost explorer" page
clicked; after a calibration (the Run panel's "Calibrate α, β", on real MPI ranks) the page also
has the "use measured" toggle, whose sentence made the tab scroll 600 px sideways at 22 pt."""

from importlib.util import find_spec

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QCheckBox,
    QLabel,
    QPushButton,
    QTableWidget,
    QTabWidget,
    QWidget,
)

from ringlab.core.schedules.costs import format_seconds
from tests.gui._acts import click_tab
from tests.gui._fit import layout_problems

JOB_MS = 90_000  # a calibration takes a few seconds; generous for a loaded 2-core machine
needs_mpi = pytest.mark.skipif(
    find_spec("mpi4py") is None,
    reason="mpi4py is not installed (pip install mpi4py mpich): calibrating runs real MPI ranks",
)


def _click(qtbot, bar, index: int) -> None:
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    qtbot.waitUntil(lambda: bar.currentIndex() == index)


def _open(open_window, qtbot, size, points):
    """The window at ``size`` started at ``points`` (saved by an earlier session; the zoom
    keys are test_zoom_*'s), the Schedules tab clicked."""
    w = open_window(size=size, load_views=True, points=points)
    view = click_tab(qtbot, w, "Schedules")
    assert points is None or view.font().pointSize() == points
    return w, view


def _show_explorer(qtbot, view) -> None:
    """Click the page tab that reads "Cost explorer…" (long or short name)."""
    pages = view.findChild(QTabWidget, "compare_pages")
    k = next(i for i in range(pages.count()) if pages.tabText(i).startswith("Cost explorer"))
    _click(qtbot, pages.tabBar(), k)


def _slot(view) -> QAbstractScrollArea:
    """The tab's own scroll area (the page the reader scrolls)."""
    up = view.parentWidget()
    while not isinstance(up, QAbstractScrollArea):
        up = up.parentWidget()
    return up


def _in_window(w: QWidget, rect: QRect | None = None) -> QRect:
    rect = rect if rect is not None else QRect(QPoint(0, 0), w.rect().size())
    return rect.translated(w.mapTo(w.window(), QPoint(0, 0)))


def _sideways_cut(view) -> list[str]:
    """What lies left or right of the tab's viewport: the cost table's last column, the plot."""
    seen = _in_window(_slot(view).viewport())
    table = view.findChild(QTableWidget, "compare_costs")
    last = table.columnCount() - 1
    column = QRect(
        table.columnViewportPosition(last), 0, table.columnWidth(last), table.viewport().height()
    )
    out = []
    for name, rect in (
        ("the cost table's last column", _in_window(table.viewport(), column)),
        ("the plot", _in_window(view.findChild(QWidget, "compare_canvas"))),
    ):
        if rect.left() < seen.left() or rect.right() > seen.right():
            out.append(f"{name} spans x {rect.left()}..{rect.right()}, the tab {seen.left()}..")
    if table.horizontalScrollBar().maximum() > 0:
        out.append(f"the cost table scrolls {table.horizontalScrollBar().maximum()} px sideways")
    return out


def _assert_fits(qtbot, w, view) -> None:
    try:
        qtbot.waitUntil(lambda: not layout_problems(w) and not _sideways_cut(view))
    except Exception:  # (pytest-qt's timeout): say what is cut or scrolls
        raise AssertionError("\n".join(layout_problems(w) + _sideways_cut(view))) from None
    assert _slot(view).horizontalScrollBar().maximum() == 0


ROOMS = {
    "projector-22pt": ((1024, 768), 22),
    "projector": ((1024, 768), None),
    "laptop": ((1280, 720), None),
}


@pytest.mark.parametrize("room", list(ROOMS))
def test_the_cost_explorer_fits(open_window, qtbot, room):
    w, view = _open(open_window, qtbot, *ROOMS[room])
    _show_explorer(qtbot, view)
    _assert_fits(qtbot, w, view)


@pytest.mark.parametrize("size", [(1280, 720), (1280, 680)], ids=["laptop", "laptop-less-bar"])
def test_the_whole_plot_is_in_view_at_a_laptop(open_window, qtbot, size):
    """A stranger's trial at 1280×680 (a 720-line screen less a bar): the cost plot was 772 px
    tall, as tall as the traces page behind it, so its x-axis lay below the window and, once
    scrolled to, its legend above it.  The plot is now as tall as the explorer's own page
    needs: the reader sees all of it (title, legend, axes) without scrolling."""
    w, view = _open(open_window, qtbot, size, None)
    _show_explorer(qtbot, view)
    seen = _in_window(_slot(view).viewport())
    plot = view.findChild(QWidget, "compare_canvas")

    def plot_in_view() -> bool:
        rect = _in_window(plot)
        return plot.isVisible() and seen.top() <= rect.top() and rect.bottom() <= seen.bottom()

    try:
        qtbot.waitUntil(plot_in_view)
    except Exception:
        raise AssertionError(f"the plot spans {_in_window(plot)}, the tab shows {seen}") from None
    assert _slot(view).verticalScrollBar().value() == 0  # nothing scrolled to get there


@pytest.mark.slow  # real mpiexec: the calibration runs ranks (seconds)
@needs_mpi
def test_the_cost_explorer_fits_after_a_calibration(open_window, qtbot):
    """Calibrate α, β from the Run panel, close it, open the cost explorer at 22 pt on the
    projector: the toggle and the measured values are there, and the page still fits."""
    w, view = _open(open_window, qtbot, (1024, 768), 22)
    run = next(b for b in view.findChildren(QPushButton) if b.text().startswith("Run on N"))
    qtbot.mouseClick(run, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _run_dialog() is not None)
    dialog = _run_dialog()
    calibrate = next(b for b in dialog.findChildren(QPushButton) if b.text().startswith("Calib"))
    with qtbot.waitSignal(dialog.panel.calibrated, timeout=JOB_MS) as got:
        qtbot.mouseClick(calibrate, Qt.MouseButton.LeftButton)
    dialog.close()
    _show_explorer(qtbot, view)
    box = view.findChild(QCheckBox, "compare_use_measured")
    qtbot.waitUntil(box.isVisible)
    _assert_fits(qtbot, w, view)
    # the calibration's α as ringlab writes a time (the core's formatter, not the panel's)
    values = view.findChild(QLabel, "compare_measured_values")
    assert values.isVisible() and f"α = {format_seconds(got.args[0])}" in values.text()


def _run_dialog():
    from ringlab.gui.run_panel import RunDialog

    return next(
        (t for t in QApplication.topLevelWidgets() if isinstance(t, RunDialog) and t.isVisible()),
        None,
    )
