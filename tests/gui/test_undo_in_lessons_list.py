"""Issue 29, found by ``benchmarks/soak.py``: a lesson clicked in the Lessons list, then Ctrl+Z
with the keyboard still in the list, ended the app with a segmentation fault.  The Undo-keys
filter asked the Lessons panel for ``obj.window()`` — the panel keeps its main window under
that name — and the TypeError raised in an application event filter crashed PySide."""

from PySide6.QtCore import Qt

from ._acts import click_lesson


def test_ctrl_z_in_the_lessons_list_undoes_the_lesson_code(open_window, qtbot):
    w = open_window("paper-k2-t3", size=(1280, 720))
    before = w.document.code
    w.show_lessons(True)
    click_lesson(qtbot, w, 1)  # "Ring reduce-scatter": another code
    qtbot.waitUntil(lambda: w.document.code is not before)
    lst = w.lessons_panel.list
    lst.setFocus()
    qtbot.waitUntil(lst.hasFocus)
    qtbot.keyClick(lst, Qt.Key_Z, Qt.ControlModifier)
    qtbot.waitUntil(lambda: w.document.code is before)
    qtbot.keyClick(lst, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    qtbot.waitUntil(lambda: w.document.code is not before)
