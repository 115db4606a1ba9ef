"""The field box over GF(p^m) shows the modulus and lets the user choose it (issue 22 item 1):
choosing another irreducible polynomial reads every entry in that field, Ctrl+Z restores."""

import pytest
from PySide6.QtCore import Qt

from ringlab.core.fields import field

CASES = [
    ("GF(2^2)", "x^2 + x + 1", None),
    ("GF(2^3)", "x^3 + x + 1", "x^3 + x^2 + 1"),
    ("GF(3^2)", "x^2 + 2x + 2", "x^2 + 1"),
]


def _set_field(w, qtbot, name):
    box = w.params.field
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), name)
    qtbot.keyClick(box.lineEdit(), Qt.Key_Return)
    qtbot.waitUntil(lambda: w.document.code.field is field(name))


@pytest.mark.parametrize("name,conway,other", CASES)
def test_modulus_box_lists_conway_first_and_chooses(win, qtbot, name, conway, other):
    w = win
    mb = w.params.modulus
    assert not mb.isVisible()  # over Q: no modulus
    _set_field(w, qtbot, name)
    assert mb.isVisible() and w.params.field.currentText() == name
    assert mb.itemData(0) == conway and "Conway" in mb.itemText(0) and mb.currentIndex() == 0
    items = [mb.itemData(i) for i in range(mb.count())]
    if other is None:  # GF(4): one irreducible quadratic
        assert items == [conway]
        return
    assert other in items
    said = []
    w.document.message.connect(said.append)
    before = w.document.code
    mb.activated.emit(items.index(other))
    qtbot.waitUntil(lambda: w.document.code.field is field(name, modulus=other))
    assert mb.currentText() == other and w.params.field.currentText() == name
    assert any("read in the new field" in m and other in m for m in said), said
    after = w.document.code
    for a, b in zip(before.nodes, after.nodes):  # the same integers, another field
        assert a.M == b.M and a.R == b.R
    table = w.editor.grid(0, "M").table  # the window's Ctrl+Z
    table.setFocus()
    qtbot.keyClick(table, Qt.Key_Z, Qt.ControlModifier)
    qtbot.waitUntil(lambda: w.document.code.field is field(name))
    assert mb.currentIndex() == 0 and "Conway" in mb.currentText()


def test_typed_modulus_and_refusal(win, qtbot):
    w = win
    _set_field(w, qtbot, "GF(2^8)")
    mb = w.params.modulus
    assert mb.count() == 1 and mb.itemData(0) == "x^8 + x^4 + x^3 + x^2 + 1"
    before = w.document.code
    mb.setFocus()
    mb.lineEdit().selectAll()
    qtbot.keyClicks(mb.lineEdit(), "x^8 + 1")  # reducible: refused, one line
    qtbot.keyClick(mb.lineEdit(), Qt.Key_Return)
    qtbot.waitUntil(lambda: "reducible" in w.params.problem.text())
    assert w.document.code is before and "\n" not in w.params.problem.text()
    assert mb.itemData(mb.currentIndex()) == "x^8 + x^4 + x^3 + x^2 + 1"
    mb.lineEdit().selectAll()
    qtbot.keyClicks(mb.lineEdit(), "x^8+x^4+x^3+x+1")  # AES's polynomial
    qtbot.keyClick(mb.lineEdit(), Qt.Key_Return)
    qtbot.waitUntil(
        lambda: w.document.code.field is field("GF(2^8)", modulus="x^8 + x^4 + x^3 + x + 1")
    )
    assert mb.currentText() == "x^8 + x^4 + x^3 + x + 1"
