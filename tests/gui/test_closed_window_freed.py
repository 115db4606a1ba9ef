"""A window the user closes is freed: its state, document, views and grids go with it.

A lambda connected to the document's ``path_changed`` held the window, and the document (a
QObject with no parent, owned by the window's Python object) held the lambda: a cycle through
C++ that Python's collector cannot see, so every closed window stayed — a worker running the
suite grew to 1.2 GB, and each later test paid for the collector walking the dead windows."""

import gc
import weakref

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QApplication

from ringlab import preset


def _open_use_and_close(qtbot, lessons: bool):
    """A window opened (the Lessons panel too, by its key), then closed: weak references to
    it, its state and its document."""
    from ringlab.gui.app import create_window

    w = create_window(code=preset("classic-ring-n4"), check_recovery=False, autosave=False)
    w.ask_unsaved = lambda action: "discard"
    w.show()
    qtbot.waitExposed(w)
    if lessons:
        w.activateWindow()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_L, Qt.ControlModifier)
        qtbot.waitUntil(lambda: w.lessons_dock is not None and w.lessons_dock.isVisible())
    refs = weakref.ref(w), weakref.ref(w.state), weakref.ref(w.document)
    w.close()
    w.deleteLater()
    return refs


@pytest.mark.parametrize("lessons", [False, True], ids=["editor", "lesson-open"])
def test_a_closed_window_is_freed(qapp, qtbot, tmp_path, monkeypatch, lessons):
    from ringlab.gui.settings import settings

    monkeypatch.setenv("RINGLAB_DATA_DIR", str(tmp_path / "data"))
    settings().clear()
    window, state, document = _open_use_and_close(qtbot, lessons)
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
    gc.collect()
    assert window() is None, "the closed window is still alive"
    assert state() is None and document() is None
