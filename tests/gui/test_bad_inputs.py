"""Garbage typed into the inputs a user can touch gets one message naming the box and
what was expected, and nothing changes."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QCheckBox, QLineEdit

from ringlab import preset

# `win` comes from tests/gui/conftest.py


def type_into_spin(qtbot, win, name, text):
    sp = win.params.spins[name]
    sp.setFocus()
    sp.lineEdit().selectAll()
    qtbot.keyClicks(sp, text)
    qtbot.keyClick(sp, Qt.Key_Return)
    return sp


@pytest.mark.parametrize(
    "name, text, lo, hi", [("N", "0", 2, 32), ("K", "0", 1, 64), ("T", "0", 1, 128)]
)
def test_out_of_range_size_is_refused_with_the_range(qtbot, win, name, text, lo, hi):
    said = []
    win.statusBar().messageChanged.connect(said.append)  # what the user reads
    before = win.document.code
    sp = type_into_spin(qtbot, win, name, text)
    assert win.document.code is before and sp.value() == getattr(before, name)
    msg = (
        f"{name}: '{text}' refused — expected a whole number {lo}..{hi}; "
        f"{name} stays {getattr(before, name)}"
    )
    qtbot.waitUntil(lambda: bool(said) and said[-1] == msg)
    assert win.params.problem.text() == msg


def test_a_number_past_the_maximum_stays_as_typed_and_is_refused(qtbot, win):
    said = []
    win.statusBar().messageChanged.connect(said.append)  # what the user reads
    sp = win.params.spins["N"]
    sp.setFocus()
    sp.lineEdit().selectAll()
    qtbot.keyClicks(sp, "99")  # Qt used to keep "9" and drop the second 9
    assert sp.lineEdit().text() == "99"
    qtbot.keyClick(sp, Qt.Key_Return)
    qtbot.waitUntil(lambda: "N: '99' refused — expected a whole number 2..32; N stays 3" in said)
    assert win.document.code.N == 3 and sp.value() == 3


def test_the_papers_minus_sign_is_read_as_minus_in_a_cell(qtbot, win):
    """A PDF copies −1 with U+2212: a cell takes it as -1 (it was refused as 'not a number')."""
    grid = win.editor.grid(0, "R")
    table = grid.table
    table.setFocus()
    table.setCurrentIndex(grid.model.index(0, 0))
    qtbot.keyClick(table, "1")  # the first key opens the cell's editor
    ed = next(e for e in table.viewport().findChildren(QLineEdit) if e.isVisible())
    ed.selectAll()
    ed.insert("−1")  # (QTest cannot type non-ASCII keys)
    qtbot.keyClick(ed, Qt.Key_Return)
    assert grid.model.rows_text()[0][0] == "-1"
    assert not grid.model.errors


def test_the_papers_minus_sign_pastes_as_plain_text(qtbot, win):
    grid = win.editor.grid(0, "R")
    assert grid.model.rows_text() == [["0", "1", "-1"], ["0", "0", "1"]]  # R₀ of Sec. IV-B
    QGuiApplication.clipboard().setText("−1\t0\t1\n1\t0\t−1\n")  # as a PDF copies it
    grid.table.setFocus()
    grid.table.setCurrentIndex(grid.model.index(0, 0))
    qtbot.keyClick(grid.table, Qt.Key_V, Qt.ControlModifier)
    assert grid.model.rows_text() == [["-1", "0", "1"], ["1", "0", "-1"]]


def test_propagation_seed_and_typed_inputs(qtbot):
    from ringlab.gui.document import CodeDocument
    from ringlab.gui.views.propagation import PropagationView

    v = PropagationView(CodeDocument(preset("paper-k2-t3")))
    qtbot.addWidget(v)
    v.resize(1000, 700)
    v.show()
    qtbot.waitExposed(v)
    sb = v.seed_box
    sb.setFocus()
    sb.lineEdit().selectAll()
    qtbot.keyClicks(sb, "seed ")  # only the prefix: nothing to use
    qtbot.keyClick(sb, Qt.Key_Return)
    qtbot.waitUntil(
        lambda: "seed: 'seed' refused — expected a whole number 0..999999" in v.inputs_status.text()
    )
    v.inputs_box.setCurrentIndex(v.inputs_box.findData("typed"))
    v.typed_edit.setText("−1 2; 3 4; 5 6")
    qtbot.keyClick(v.typed_edit, Qt.Key_Return)
    assert "not used" not in v.inputs_status.text()
    F = v.document.code.field
    assert [[F.format(a) for a in row] for row in v.trace.inputs] == [
        ["-1", "2"],
        ["3", "4"],
        ["5", "6"],
    ]


def test_typing_on_a_locked_lambda_cell_says_why(qtbot, win):
    said = []
    win.statusBar().messageChanged.connect(said.append)  # what the user reads
    grid = win.editor.grid(0, "Lambda")
    before = win.document.code
    grid.table.setFocus()
    grid.table.setCurrentIndex(grid.model.index(0, 2))  # above the diagonal: locked
    qtbot.keyClick(grid.table, "5")
    assert win.document.code is before
    assert said and said[-1].startswith(
        "Λ₀ row t = 0, column t = 3 stays 0: Λ is strictly lower triangular"
    )
    assert grid.error.isVisible() and "strictly lower triangular" in grid.error.text()


def test_typing_into_a_solved_T_says_it_is_now_given(qtbot, win):
    said = []
    win.statusBar().messageChanged.connect(said.append)  # what the user reads
    grid = win.editor.grid(0, "T")
    solved = next(cb for cb in grid.findChildren(QCheckBox))
    solved.setChecked(True)
    assert win.document.code.node(0).T is None
    grid.table.setFocus()
    grid.table.setCurrentIndex(grid.model.index(0, 0))
    qtbot.keyClick(grid.table, "7")
    ed = next(e for e in grid.table.viewport().findChildren(QLineEdit) if e.isVisible())
    qtbot.keyClick(ed, Qt.Key_Return)
    assert win.document.code.node(0).T is not None and not solved.isChecked()
    assert any(m.startswith("T₀ is now given by hand") for m in said)


def test_export_to_a_name_without_a_known_format_says_so(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    from ringlab.gui.document import CodeDocument
    from ringlab.gui.views.propagation import PropagationView

    doc = CodeDocument(preset("paper-k2-t3"))
    said = []
    v = PropagationView(doc)
    v.message.connect(said.append)
    qtbot.addWidget(v)
    for name, words in (
        ("walk.bmp", "does not end in .gif, .mp4, .pdf, .png or .svg"),
        ("no/such/folder/walk.gif", "Export failed: "),
    ):
        out = str(tmp_path / name)
        monkeypatch.setattr(
            QFileDialog, "getSaveFileName", staticmethod(lambda *a, o=out, **k: (o, ""))
        )
        v.export_dialog()
        assert said and words in said[-1] and out in said[-1], said[-1:]
        assert "--format" not in said[-1] and " -o " not in said[-1]
    assert not list(tmp_path.iterdir())
