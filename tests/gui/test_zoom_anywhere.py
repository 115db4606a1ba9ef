"""The text size (Ctrl+= / Ctrl+− / Ctrl+0) changes without an error whatever tab is shown,
with the Lessons panel open or closed, in a 640×480 window (issue 29).  The Propagation drawing
is shown first, so every other tab zooms it hidden: its canvas keeps the size it last had, and
laying the drawing out there at 32 pt asked matplotlib for axes of negative height ("Width and
height specified must be non-negative", raised in the ``state.events.zoom`` callback).  An
error raised in a Qt override or slot fails the test (pytest-qt)."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ringlab.gui.settings import MAX_POINT_SIZE, MIN_POINT_SIZE

from ._acts import click_tab

CTRL = Qt.ControlModifier


def key(qtbot, w, k):
    qtbot.keyClick(QApplication.focusWidget() or w, k, CTRL)


def shown_propagation(qtbot, w):
    view = click_tab(qtbot, w, "Propagation")
    qtbot.waitUntil(lambda: not view.busy and view.renderer.trace is not None)
    return view


@pytest.mark.slow  # ~25 s each: 5 tabs × 27 text sizes
@pytest.mark.parametrize("lessons", [False, True], ids=["lessons-closed", "lessons-open"])
def test_text_size_keys_on_every_tab_at_640x480(open_window, qtbot, tmp_path, monkeypatch, lessons):
    monkeypatch.setenv("RINGLAB_DATA_DIR", str(tmp_path / "data"))  # its own progress
    w = open_window("classic-ring-n4", size=(640, 480), use_settings=False)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    if lessons:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_L, CTRL)
        qtbot.waitUntil(lambda: w.lessons_dock is not None and w.lessons_dock.isVisible())
    start = w.font_size()
    view = shown_propagation(qtbot, w)
    qtbot.mouseClick(view.last_button, Qt.LeftButton)  # the decode: the tallest step
    for title in w.view_names():
        click_tab(qtbot, w, title)
        for _ in range(MAX_POINT_SIZE - start):
            key(qtbot, w, Qt.Key_Equal)
        assert w.font_size() == MAX_POINT_SIZE, title
        key(qtbot, w, Qt.Key_0)
        for _ in range(start - MIN_POINT_SIZE):
            key(qtbot, w, Qt.Key_Minus)
        assert w.font_size() == MIN_POINT_SIZE, title
        key(qtbot, w, Qt.Key_0)
        assert w.font_size() == start, title
    # the drawing zoomed while hidden is laid out for its room when shown again
    view = shown_propagation(qtbot, w)
    qtbot.waitUntil(lambda: view.renderer.built and not view.renderer.needs_relayout())
    assert view.renderer.step == view.last_step and view.renderer.table_text()
