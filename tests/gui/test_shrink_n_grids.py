"""When N shrinks, a grid of a node that is gone is harmless until the editor drops it (issue
29): its model answered data() for the old node and raised IndexError from the new code (a
repaint, a tooltip, in the moment between the code change and the grid's deletion).  Here the
N box is typed down and, before the event loop turns, the dropped grids are asked what a
tooltip and a repaint ask; an exception raised in the model fails the test (pytest-qt)."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication


def type_size(qtbot, spin, value):
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key_Return)  # (no event-loop turn: the grids still exist)


def test_grids_of_a_dropped_node_answer_nothing_before_they_go(open_window, qtbot):
    w = open_window("classic-ring-n4", size=(1600, 1000), load_views=False)
    old = {which: w.editor.grid(3, which) for which in ("T", "R", "Lambda", "M")}
    qtbot.mouseClick(old["T"].solved_box, Qt.LeftButton)  # T₃ solved from eq. (6)
    qtbot.waitUntil(lambda: old["T"].model.solved)
    type_size(qtbot, w.params.spins["N"], 3)
    assert w.document.code.N == 3
    for which, grid in old.items():
        model, table = grid.model, grid.table
        for role in (Qt.ToolTipRole, Qt.ForegroundRole, Qt.BackgroundRole, Qt.DisplayRole):
            assert model.data(model.index(0, 0), role) is None, (which, role)
        # what the view asks in a tooltip and a repaint (before the fix, T₃'s IndexError
        # inside Qt's call crashed the process)
        centre = table.viewport().rect().center()
        QApplication.sendEvent(
            table.viewport(),
            QHelpEvent(QHelpEvent.ToolTip, centre, table.viewport().mapToGlobal(centre)),
        )
        table.grab()
        assert not model.flags(model.index(0, 0)) & Qt.ItemIsEditable, which
        assert not model.solved and model.gone, which
    qtbot.waitUntil(lambda: len(w.editor.rows) == 3)
    for which in ("M", "Lambda", "R", "T"):  # the grids that stay are whole
        model = w.editor.grid(2, which).model
        assert not model.gone and model.rowCount() > 0 and model.data(model.index(0, 0))
