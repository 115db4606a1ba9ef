"""Ctrl+Z / Ctrl+Shift+Z undo and redo the code whatever box has the keyboard (issue 29): the
modulus box, the field box, the N, K, T boxes; a box keeps its own text undo only while it
holds typed text not yet committed."""

from PySide6.QtCore import Qt

from ringlab.core.fields import field

CTRL, SHIFT = Qt.ControlModifier, Qt.ShiftModifier


def type_into(qtbot, box, text, enter=True):
    edit = box.lineEdit()
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    edit.selectAll()
    qtbot.keyClicks(box, text)
    if enter:
        qtbot.keyClick(box, Qt.Key_Return)


def press(qtbot, box, mods=CTRL):
    qtbot.keyClick(box, Qt.Key_Z, mods)


def test_ctrl_z_in_the_modulus_box_brings_back_the_previous_code(win, qtbot):
    w = win
    w.activateWindow()
    type_into(qtbot, w.params.field, "GF(2^3)")
    conway = field("GF(2^3)")
    qtbot.waitUntil(lambda: w.document.code.field is conway)
    before = w.document.code
    mb = w.params.modulus
    type_into(qtbot, mb, "x^3 + x^2 + 1")
    other = field("GF(2^3)", modulus="x^3 + x^2 + 1")
    qtbot.waitUntil(lambda: w.document.code.field is other)
    assert mb.hasFocus()
    press(qtbot, mb)  # the code's undo, focus still here
    qtbot.waitUntil(lambda: w.document.code is before)
    assert "Conway" in mb.currentText() and mb.hasFocus()
    press(qtbot, mb)  # and the step before: back to Q
    qtbot.waitUntil(lambda: w.document.code.field.name == "Q")
    press(qtbot, w.params.field, CTRL | SHIFT)  # redo from the field box
    qtbot.waitUntil(lambda: w.document.code is before)
    assert w.params.field.currentText() == "GF(2^3)"


def test_typed_text_is_undone_in_the_box_first_then_the_code(win, qtbot):
    w = win
    w.activateWindow()
    type_into(qtbot, w.params.field, "GF(2^3)")
    qtbot.waitUntil(lambda: w.document.code.field is field("GF(2^3)"))
    code = w.document.code
    mb = w.params.modulus
    shown = mb.currentText()
    # typed, not committed (text no modulus starts with: the box's completer leaves it alone)
    type_into(qtbot, mb, "2x", enter=False)
    assert mb.currentText() == "2x"
    press(qtbot, mb)
    assert mb.currentText() == shown  # the box's own undo of the typing
    assert w.document.code is code
    press(qtbot, mb, CTRL | SHIFT)  # its own redo
    assert mb.currentText() == "2x"
    press(qtbot, mb)
    assert mb.currentText() == shown and w.document.code is code
    press(qtbot, mb)  # nothing typed any more: the code's
    qtbot.waitUntil(lambda: w.document.code.field.name == "Q")


def test_ctrl_z_in_the_size_boxes(win, qtbot):
    w = win
    w.activateWindow()
    T = w.params.spins["T"]
    type_into(qtbot, T, "5")
    qtbot.waitUntil(lambda: w.document.code.T == 5)
    press(qtbot, T)
    qtbot.waitUntil(lambda: w.document.code.T == 3)
    assert T.value() == 3 and T.hasFocus()
    press(qtbot, T, CTRL | SHIFT)
    qtbot.waitUntil(lambda: w.document.code.T == 5)
    K = w.params.spins["K"]
    type_into(qtbot, K, "3", enter=False)
    w.params.spins["N"].setFocus()  # focus leaving commits a size box
    qtbot.waitUntil(lambda: w.document.code.K == 3)
    K.setFocus()
    qtbot.waitUntil(K.hasFocus)
    press(qtbot, K)  # committed: the code's undo
    qtbot.waitUntil(lambda: w.document.code.K == 2)
    assert w.document.code.T == 5
