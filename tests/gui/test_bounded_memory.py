"""Issue 29, bounded memory: what a long session piles up has a stated limit, and a window a
click made goes away when it is closed.  (The whole picture is ``benchmarks/soak.py``: random
acts on the window for minutes, resident memory each minute.)"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QMessageBox


def test_help_boxes_go_away_when_closed(open_window, qtbot):
    """Each Help item makes a box; OK used to hide it and keep it, a child of the window, for
    the rest of the session (a student reading Keys… ten times kept ten boxes)."""
    w = open_window("paper-k2-t3", load_views=False)
    menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Help")
    keys = next(a for a in menu.actions() if a.text() == "&Keys…")
    widgets = len(QApplication.allWidgets())
    for _ in range(5):
        keys.trigger()
        qtbot.waitUntil(lambda: w.help_box.isVisible())
        qtbot.mouseClick(w.help_box.button(QMessageBox.Ok), Qt.LeftButton)
        QApplication.sendPostedEvents(None, QEvent.DeferredDelete)
    qtbot.waitUntil(lambda: not w.findChildren(QMessageBox))
    assert len(QApplication.allWidgets()) <= widgets


def test_typeset_formulas_kept_have_a_limit():
    import ringlab.render.mathtext as mt

    assert mt.kept().images.maxsize == mt.FORMULA_IMAGES_KEPT
    assert mt.kept().rasters.maxsize == mt.RASTERS_KEPT
    # a few text sizes of the whole course (~510 images, ~260 rasters a size), not every size
    assert 3 * 510 <= mt.FORMULA_IMAGES_KEPT <= 2048
    assert 3 * 260 <= mt.RASTERS_KEPT <= 1024


def test_schedule_traces_kept_have_a_limit():
    from ringlab.core.schedules import algorithms
    from ringlab.core.schedules.matmul import default_example
    from ringlab.gui.views.schedules import more

    # more traces asked for than are kept: the ring and the tree for TRACES_KEPT / 2 + 2 sizes
    for n in range(2, 2 + algorithms.TRACES_KEPT // 2 + 2):
        for name in ("ring", "tree"):
            algorithms.schedule_trace(name, default_example(n))
    kept = algorithms.traces_kept()
    assert kept.currsize == kept.maxsize == algorithms.TRACES_KEPT <= 32
    assert more.traced.cache_info().maxsize == more.TRACED_KEPT <= algorithms.TRACES_KEPT
    assert more.rows_for.cache_info().maxsize == more.ROWS_KEPT


def test_coded_traces_kept_have_a_limit():
    from ringlab import classic_ring
    from ringlab.core.schedules import coded
    from ringlab.core.schedules.matmul import default_example

    for n in range(2, 2 + coded.CODED_TRACES_KEPT + 3):
        coded.coded_trace(default_example(n), classic_ring(n))
    assert len(coded._CACHE) == coded.CODED_TRACES_KEPT


def test_undo_stack_has_a_limit(open_window):
    """Every edit, preset and lesson keeps a whole code on the undo stack: without a limit a
    session grew by every act (3,204 steps after 7,189 random acts in 4 minutes)."""
    w = open_window("paper-k2-t3", load_views=False)
    assert 0 < w.document.undo_stack.undoLimit() <= 500
