"""The parameter bar (N, K, T, the field, the presets) wraps instead of widening the window
(issue 32): at 22 pt it was one row 1,432 px wide — the preset list alone 650 px, as wide as
its longest label — so beside a lesson on a 1280×720 laptop the window could not be made to
fit; and a window started at 22 pt kept the unfolded Theorem 2 panel's minimum width after a
lesson folded it.  The first start's 22 pt reached with Ctrl+=, as a reader does, the narrow
window started at a saved 22 pt; read from where the boxes lie in the window."""

import pytest
from PySide6.QtCore import QPoint, Qt

from tests.gui._acts import click_lesson
from tests.gui.test_layout_fits import _zoom_to


@pytest.fixture(autouse=True)
def app_font(qapp):
    """The application's text as ``ringlab`` starts it (11 pt; pytest-qt's has 9): the sizes
    a reader zooms from (put back after the test by the GUI conftest)."""
    from ringlab.gui.app import make_app

    make_app()


def box_in(win, widget):
    """``widget``'s rectangle in the window's coordinates."""
    top_left = widget.mapTo(win, QPoint(0, 0))
    return top_left.x(), top_left.y(), top_left.x() + widget.width(), top_left.y() + widget.height()


def params_boxes(win):
    p = win.params
    return {
        "N": p.spins["N"],
        "K": p.spins["K"],
        "T": p.spins["T"],
        "Field": p.field,
        "Preset": p.presets,
    }


def test_22_pt_beside_a_lesson_keeps_a_1280_wide_window(open_window, qtbot):
    # the back row's text size is chosen once and remembered: the next start is at 22 pt
    first = open_window(size=(1280, 720), points=21)  # (21 pt saved: one Ctrl+= to 22)
    _zoom_to(qtbot, first, 22)
    first.close()
    w = open_window(size=(1280, 720), lessons=True, clear_settings=False)
    assert w.view_options.font_size() == 22
    click_lesson(qtbot, w, 0)
    qtbot.waitUntil(lambda: w.lessons_panel.lesson is not None)
    qtbot.waitUntil(w.verdict_line.isVisible)  # the Theorem 2 panel folds for the lesson
    w.resize(1280, 720)
    qtbot.waitUntil(lambda: w.width() == 1280)
    for name, box in params_boxes(w).items():
        left, _, right, _ = box_in(w, box)
        assert box.isVisible() and 0 <= left and right <= 1280, (name, left, right)
    assert w.minimumSizeHint().width() <= 1280


def test_a_narrow_window_puts_the_presets_on_a_second_row_and_back(open_window, qtbot):
    w = open_window(size=(1000, 720), points=22)  # a 22 pt start (saved)
    assert w.params.presets.font().pointSize() == 22
    w.resize(1000, 720)
    qtbot.waitUntil(lambda: w.width() == 1000)
    boxes = params_boxes(w)
    _, n_top, _, n_bottom = box_in(w, boxes["N"])
    qtbot.waitUntil(lambda: box_in(w, boxes["Preset"])[1] >= n_bottom)
    for name, box in boxes.items():
        assert box_in(w, box)[2] <= 1000, name
    # the bar grew for its second row: the tabs start below it, nothing laid over them
    assert box_in(w, w.tabs)[1] >= box_in(w, boxes["Preset"])[3]
    # back to the default text, the bar is one row again
    while w.view_options.font_size() > 11:
        before = w.view_options.font_size()
        qtbot.keyClick(w, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: w.view_options.font_size() < before)
    qtbot.waitUntil(lambda: box_in(w, boxes["Preset"])[1] < box_in(w, boxes["N"])[3])
