"""The narrow Theorem 2 panel said "open the Editor tab" to see the matrices even on the Editor
tab (found by a lecturer).  It now says what widens it from where the user is: on the Editor
tab, the divider; beside another tab, the divider or the Editor tab — unless the panel was
narrow on the Editor tab too, at this text size."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QLabel, QSplitter

from ._acts import click_tab


def _note(w) -> QLabel:
    """The panel's line shown instead of the matrices, as the user reads it."""
    shown = [
        lab
        for lab in w.panel.findChildren(QLabel)
        if lab.isVisible() and "matrices of eq. (5) show" in lab.text()
    ]
    assert len(shown) == 1
    return shown[0]


def _drag_divider_right(qtbot, w) -> None:
    """Drag the divider between the tabs and the panel as far right as it goes."""
    split = next(s for s in w.findChildren(QSplitter) if s.orientation() == Qt.Horizontal)
    handle = split.handle(1)
    start = handle.rect().center()
    qtbot.mousePress(handle, Qt.LeftButton, pos=start)
    far = start + QPoint(split.width(), 0)
    move = QMouseEvent(
        QMouseEvent.MouseMove,
        far.toPointF(),
        handle.mapToGlobal(far).toPointF(),
        Qt.NoButton,
        Qt.LeftButton,
        Qt.NoModifier,
    )
    QApplication.sendEvent(handle, move)
    qtbot.mouseRelease(handle, Qt.LeftButton, pos=far)


def test_on_the_editor_tab_the_note_does_not_send_the_user_to_it(open_window, qtbot, tmp_path):
    w = open_window("paper-k2-t3", size=(1280, 720))
    assert w.tabs.tabText(w.tabs.currentIndex()) == "Editor"
    _drag_divider_right(qtbot, w)
    qtbot.waitUntil(lambda: any("matrices of eq. (5)" in lab.text() for lab in _visible(w)))
    text = _note(w).text()
    assert "open the Editor tab" not in text
    assert "divider" in text
    w.panel.grab().save(str(tmp_path / "editor-tab-note.png"))

    # the divider dragged on the Editor tab stays there: beside a view, the Editor tab
    # would not widen the panel, and the note does not send the user there (a stranger's
    # trial found it sending them back to the same narrow panel)
    click_tab(qtbot, w, "Propagation")
    qtbot.waitUntil(lambda: "matrices of eq. (5)" in _note(w).text())
    assert "open the Editor tab" not in _note(w).text()
    click_tab(qtbot, w, "Editor")
    assert w.panel.compact  # (it was right not to: the Editor tab is as narrow)


def test_beside_a_view_the_note_sends_the_user_to_the_editor_where_it_widens(open_window, qtbot):
    w = open_window("paper-k2-t3", size=(1280, 720))
    assert not w.panel.compact  # the Editor tab: the matrices show
    click_tab(qtbot, w, "Propagation")  # beside a view the panel narrows to its map
    qtbot.waitUntil(lambda: "open the Editor tab" in _note(w).text())
    click_tab(qtbot, w, "Editor")
    qtbot.waitUntil(lambda: not w.panel.compact)  # as the note said


def _visible(w):
    return [lab for lab in w.panel.findChildren(QLabel) if lab.isVisible()]
