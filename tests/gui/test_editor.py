"""The code editor and the Theorem 2 panel, driven through real widgets.

Expected matrices come from the paper (Sec. IV-B, K = 2, T = 3), typed here from its text.
"""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLineEdit

from ringlab.gui.matrix_text import parse_matrix_text, to_latex
from ringlab.gui.settings import settings
from ringlab.gui.theorem_checks import GREEN_BG, RED_CELL

# the paper, Sec. IV-B (K = 2, T = 3), as printed
PAPER_R0 = r"\mathbf{R}_0 = \begin{bmatrix} 0 & 1 & -1 \\ 0 & 0 & 1 \end{bmatrix},"
PAPER_M1 = r"\mathbf{M}_1 = \begin{bmatrix} 1 & 1 \\ 0 & 1 \\ 1 & 0 \end{bmatrix},"


pytestmark = pytest.mark.window(size=(1400, 900))


def entry(win, node, which, r, c):
    return win.document.code.field.format(win.document.code.node(node).get(which)[r][c])


def type_into(qtbot, win, node, which, r, c, text, enter=True):
    """Select the cell, type as a user does (the first key opens the cell's editor)."""
    grid = win.editor.grid(node, which)
    table = grid.table
    table.setFocus()
    table.setCurrentIndex(grid.model.index(r, c))
    qtbot.keyClick(table, text[0])
    # (an editor closed earlier may linger until deleteLater runs: take the open one)
    editors = [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
    assert len(editors) == 1, "typing did not open the cell's editor"
    ed = editors[0]
    qtbot.keyClicks(ed, text[1:])
    if enter:
        qtbot.keyClick(ed, Qt.Key_Return)
    return grid


def block_pixel(win, i, j, r=0, c=0):
    """The colour painted at cell (r, c) of check (i, j) of the Theorem 2 panel (near a corner,
    away from the digit)."""
    canvas = win.panel.canvas
    img = canvas.grab().toImage()
    rect = canvas.block_rect(i, j - 1)
    dpr = img.devicePixelRatio()
    x = rect.left() + c * canvas.cw + 4
    y = rect.top() + r * canvas.ch + 4
    return img.pixelColor(int(x * dpr), int(y * dpr))


def test_headers_are_the_papers(win):
    m = win.editor.grid(0, "M").model
    lam = win.editor.grid(0, "Lambda").model
    r = win.editor.grid(0, "R").model
    assert [m.headerData(t, Qt.Vertical) for t in range(3)] == ["t=0", "t=1", "t=2"]
    assert [lam.headerData(u, Qt.Horizontal) for u in range(3)] == ["t=1", "t=2", "t=3"]
    assert [r.headerData(u, Qt.Horizontal) for u in range(3)] == ["t=1", "t=2", "t=3"]
    assert "received at t = 2" in lam.headerData(1, Qt.Horizontal, Qt.ToolTipRole)
    # the paper's R_0 is shown as printed
    assert r.rows_text() == [["0", "1", "-1"], ["0", "0", "1"]]


def test_typing_breaks_then_fixes_theorem2(qtbot, win):
    assert win.document.report.feasible
    assert block_pixel(win, 0, 1) == GREEN_BG
    # R_0[0,2] = -1 in the paper; typing 5 breaks what node 0 decodes
    type_into(qtbot, win, 0, "R", 0, 2, "5")
    assert entry(win, 0, "R", 0, 2) == "5"
    assert not win.document.report.feasible
    assert "INFEASIBLE" in win.panel.verdict.text()
    bad = win.document.report.failing[0]
    assert bad.node == 0
    r, c = bad.wrong[0]
    assert block_pixel(win, bad.node, bad.j, r, c) == RED_CELL
    # Enter moved down, as in a spreadsheet
    assert win.editor.grid(0, "R").table.currentIndex().row() == 1
    type_into(qtbot, win, 0, "R", 0, 2, "-1")
    assert win.document.report.feasible
    assert "FEASIBLE" in win.panel.verdict.text() and "INFEASIBLE" not in win.panel.verdict.text()
    assert block_pixel(win, bad.node, bad.j) == GREEN_BG


def test_fraction_typed_in_field_notation(qtbot, win):
    type_into(qtbot, win, 1, "M", 2, 1, "1/2")
    assert entry(win, 1, "M", 2, 1) == "1/2"
    type_into(qtbot, win, 1, "M", 2, 1, "0.25")
    assert entry(win, 1, "M", 2, 1) == "1/4"


def test_bad_entry_refused_with_visible_reason(qtbot, win):
    before = win.document.code
    grid = type_into(qtbot, win, 0, "M", 1, 0, "abc")
    assert win.document.code is before  # old value kept
    assert entry(win, 0, "M", 1, 0) == "1"
    assert grid.error.isVisible()
    assert "'abc'" in grid.error.text() and "not a number" in grid.error.text()
    assert "not a number" in win.statusBar().currentMessage()
    tip = grid.model.data(grid.model.index(1, 0), Qt.ToolTipRole)
    assert "not a number" in tip
    # and right beside the cell, without hovering
    from PySide6.QtWidgets import QToolTip

    qtbot.waitUntil(QToolTip.isVisible)
    assert "not a number" in QToolTip.text()
    # a later good entry clears the note
    type_into(qtbot, win, 0, "M", 1, 0, "1")
    type_into(qtbot, win, 0, "M", 2, 0, "2")
    assert not grid.error.isVisible()


def test_entry_outside_finite_field_refused(qtbot, win):
    win.document.set_field("GF(7)")
    assert entry(win, 0, "R", 0, 2) == "6"  # -1 read in GF(7)
    grid = type_into(qtbot, win, 0, "R", 0, 2, "9")
    assert entry(win, 0, "R", 0, 2) == "6"
    assert "not an element of GF(7)" in grid.error.text()
    type_into(qtbot, win, 0, "R", 0, 2, "-1")
    assert entry(win, 0, "R", 0, 2) == "6"
    type_into(qtbot, win, 0, "R", 0, 2, "1/2")
    assert entry(win, 0, "R", 0, 2) == "4"  # 2·4 = 8 = 1 in GF(7)


def test_lambda_upper_triangle_locked(qtbot, win):
    grid = win.editor.grid(0, "Lambda")
    m = grid.model
    assert not (m.flags(m.index(0, 0)) & Qt.ItemIsEditable)
    assert not (m.flags(m.index(1, 2)) & Qt.ItemIsEditable)
    assert m.flags(m.index(2, 1)) & Qt.ItemIsEditable
    grid.table.setFocus()
    grid.table.setCurrentIndex(m.index(0, 2))
    qtbot.keyClick(grid.table, "7")
    assert not [e for e in grid.table.viewport().findChildren(QLineEdit) if e.isVisible()]
    assert entry(win, 0, "Lambda", 0, 2) == "0"
    assert m.data(m.index(0, 2), Qt.BackgroundRole) is not None  # shown greyed


def test_delete_sets_zero_and_undo_redo(qtbot, win):
    grid = win.editor.grid(2, "M")
    grid.table.setFocus()
    grid.table.setCurrentIndex(grid.model.index(1, 1))
    qtbot.keyClick(grid.table, Qt.Key_Delete)
    assert entry(win, 2, "M", 1, 1) == "0"
    assert not win.document.report.feasible
    win.undo_action.trigger()
    assert entry(win, 2, "M", 1, 1) == "1"
    assert win.document.report.feasible
    win.redo_action.trigger()
    assert entry(win, 2, "M", 1, 1) == "0"
    assert not win.document.report.feasible


def test_undo_redo_keyboard_shortcuts(qtbot, win):
    win.activateWindow()
    type_into(qtbot, win, 0, "M", 0, 0, "3")
    assert entry(win, 0, "M", 0, 0) == "3"
    table = win.editor.grid(0, "M").table
    qtbot.keyClick(table, Qt.Key_Z, Qt.ControlModifier)
    assert entry(win, 0, "M", 0, 0) == "0"
    qtbot.keyClick(table, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert entry(win, 0, "M", 0, 0) == "3"


def test_paste_latex_matrix_from_paper(qtbot, win):
    win.document.set_matrix(0, "R", [[0, 0, 0], [0, 0, 0]])
    win.document.set_matrix(1, "M", [[0, 0], [0, 0], [0, 0]])
    assert not win.document.report.feasible
    for node, which, text in ((0, "R", PAPER_R0), (1, "M", PAPER_M1)):
        grid = win.editor.grid(node, which)
        QGuiApplication.clipboard().setText(text)
        grid.table.setFocus()
        grid.table.setCurrentIndex(grid.model.index(0, 0))
        qtbot.keyClick(grid.table, Qt.Key_V, Qt.ControlModifier)
    assert win.editor.grid(0, "R").model.rows_text() == [["0", "1", "-1"], ["0", "0", "1"]]
    assert win.editor.grid(1, "M").model.rows_text() == [["1", "1"], ["0", "1"], ["1", "0"]]
    assert win.document.report.feasible
    # one paste = one undo step
    win.undo_action.trigger()
    assert win.editor.grid(1, "M").model.rows_text() == [["0", "0"]] * 3


def test_paste_wrong_shape_refused(qtbot, win):
    grid = win.editor.grid(0, "R")
    before = win.document.code
    QGuiApplication.clipboard().setText("1\t2\t3\t4\n5\t6\t7\t8\n")
    grid.table.setFocus()
    qtbot.keyClick(grid.table, Qt.Key_V, Qt.ControlModifier)
    assert win.document.code is before
    assert "2×4" in grid.error.text() and "2×3" in grid.error.text()
    # a non-zero above Λ's diagonal is refused, naming the place
    lam = win.editor.grid(0, "Lambda")
    QGuiApplication.clipboard().setText(
        r"\begin{bmatrix} 0 & 1 & 0 \\ 1 & 0 & 0 \\ 0 & 1 & 0 \end{bmatrix}"
    )
    lam.table.setFocus()
    qtbot.keyClick(lam.table, Qt.Key_V, Qt.ControlModifier)
    assert win.document.code is before
    assert "row t = 0, column t = 2 must be 0" in lam.error.text()


def test_copy_puts_tsv_and_latex(qtbot, win):
    grid = win.editor.grid(0, "R")
    grid.table.setFocus()
    grid.table.setCurrentIndex(grid.model.index(0, 0))
    qtbot.keyClick(grid.table, Qt.Key_C, Qt.ControlModifier)
    mime = QGuiApplication.clipboard().mimeData()
    assert mime.text() == "0\t1\t-1\n0\t0\t1\n"
    latex = bytes(mime.data("text/x-latex")).decode()
    assert latex == r"\begin{bmatrix} 0 & 1 & -1 \\ 0 & 0 & 1 \end{bmatrix}"
    assert parse_matrix_text(latex) == parse_matrix_text(mime.text())


def test_matrix_text_round_trip_and_errors():
    rows = [["1", "-1/2"], ["0", "3"]]
    assert parse_matrix_text(to_latex(rows)) == rows
    assert parse_matrix_text(
        r"\begin{pmatrix} \frac{1}{2} & -\frac{3}{4} \\ 0 & 1 \\ \end{pmatrix}"
    ) == [["1/2", "-3/4"], ["0", "1"]]
    assert parse_matrix_text("1, 2\n3, 4") == [["1", "2"], ["3", "4"]]
    from ringlab.gui.matrix_text import MatrixTextError

    with pytest.raises(MatrixTextError, match="different lengths"):
        parse_matrix_text("1\t2\n3")
    with pytest.raises(MatrixTextError, match="empty"):
        parse_matrix_text("  ")
    with pytest.raises(MatrixTextError, match="end"):
        parse_matrix_text(r"\begin{bmatrix} 1 & 2")


def test_translation_solved_then_typed(qtbot, win):
    doc = win.document
    doc.set_translation_solved(0, True)
    grid = win.editor.grid(0, "T")
    assert grid.model.solved and grid.solved_box.isChecked()
    # the solved T_0 of eq. (6) for the paper's K=2, T=3 code (the preset's given T_0)
    assert grid.model.rows_text() == [["1", "1"], ["0", "0"]]
    assert grid.model.data(grid.model.index(0, 0), Qt.ForegroundRole) is not None  # greyed
    # typing into a solved T_i starts from the solved values and checks the typed one
    type_into(qtbot, win, 0, "T", 1, 1, "1")
    assert not grid.model.solved and not grid.solved_box.isChecked()
    assert grid.model.rows_text() == [["1", "1"], ["0", "1"]]
    assert doc.report.translation_ok[0] is False
    assert "INFEASIBLE" in win.panel.verdict.text()
    assert block_pixel(win, 0, 3, 1, 1) == RED_CELL  # the T_0 block, entry (1, 1)
    qtbot.mouseClick(grid.solved_box, Qt.LeftButton)
    assert grid.model.solved and doc.report.feasible


def framed(grid) -> bool:
    """Whether the grid shows the orange frame of a selected chain (what the user sees)."""
    img = grid.grab().toImage()
    return img.pixelColor(2, img.height() // 2).name() == "#e08000"


def test_clicking_failing_check_selects_its_chain(qtbot, win):
    win.document.set_entry(1, "M", 0, 0, "0")  # M_1 feeds node 0 at j = 2 and node 2 at j = 1
    rep = win.document.report
    bad = rep.check(0, 2)
    assert not bad.ok and bad.source == 1
    canvas = win.panel.canvas
    rect = canvas.block_rect(0, 1)
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=rect.center())
    text = win.panel.chain.text()
    assert "node 0, j = 2" in text and "R₀" in text and "M₁" in text and "Λ₂" in text
    qtbot.wait(1)  # the selection batch closes on the next event-loop turn
    assert win.editor.highlighted == {(0, "R"), (2, "Lambda"), (1, "M")}
    assert framed(win.editor.grid(1, "M")) and not framed(win.editor.grid(1, "R"))
    # the line names what is framed: the loop's (I − Λ₂·Λ₁·Λ₀)⁻¹ names every Λ, and a
    # reader looked for all three in orange (a stranger's trial)
    assert "framed in orange in the editor: R₀, Λ₂, M₁" in text
    assert not framed(win.editor.grid(0, "Lambda")) and framed(win.editor.grid(2, "Lambda"))
    # a second click replaces the selection
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=canvas.block_rect(2, 0).center())
    assert win.editor.highlighted == {(2, "R"), (1, "M")}
    qtbot.wait(1)
    assert framed(win.editor.grid(2, "R")) and not framed(win.editor.grid(0, "R"))


def test_font_size_keys(qtbot, win):
    table = win.editor.grid(0, "M").table
    w0, size0 = table.width(), win.font_size()
    win.activateWindow()
    qtbot.keyClick(table, Qt.Key_Equal, Qt.ControlModifier)
    qtbot.keyClick(table, Qt.Key_Equal, Qt.ControlModifier)
    assert win.font_size() == size0 + 2
    qtbot.waitUntil(lambda: table.width() > w0, timeout=2000)
    assert int(settings().value("font_size")) == size0 + 2
    qtbot.keyClick(table, Qt.Key_Minus, Qt.ControlModifier)
    assert win.font_size() == size0 + 1
    win.set_font_size(size0)


def test_check_map_shows_where_checks_fail_and_brings_them_into_view(qtbot, win):
    from ringlab import classic_ring
    from ringlab.gui.theorem_checks import GREEN_EDGE, RED_EDGE

    code, _ = classic_ring(8).resized(T=16)
    win.document.set_code(code.with_entry(3, "M", 2, 5, "7"))
    rep = win.document.report
    bad = {(c.node, c.j) for c in rep.failing}
    # M_3 reaches node i at j = (i − 3) mod 8: one failing check per other node
    assert bad == {((3 + j) % 8, j) for j in range(1, 8)}
    m = win.panel.map
    img = m.grab().toImage()
    for i, j in [(4, 1), (4, 2), (0, 5), (0, 4)]:
        x, y = m.left + (j - 1) * m.sq + m.sq // 2, m.top + i * m.sq + m.sq // 2
        want = RED_EDGE if (i, j) in bad else GREEN_EDGE
        assert (
            img.pixelColor(int(x * img.devicePixelRatio()), int(y * img.devicePixelRatio())) == want
        )
    qtbot.mouseClick(m, Qt.LeftButton, pos=QPoint(m.left + 4 * m.sq + 3, m.top + 0 * m.sq + 3))
    assert win.panel.canvas.selected == (0, 5)
    assert "node 0, j = 5 (source node 3) fails" in win.panel.chain.text()
    rect = win.panel.canvas.block_rect(0, 4)
    vis = (
        win.panel.scroll.viewport()
        .rect()
        .translated(
            win.panel.scroll.horizontalScrollBar().value(),
            win.panel.scroll.verticalScrollBar().value(),
        )
    )
    assert vis.intersects(rect)


def test_spreadsheet_navigation_keys(qtbot, win):
    grid = win.editor.grid(0, "R")
    t = grid.table
    t.setFocus()
    t.setCurrentIndex(grid.model.index(0, 0))
    qtbot.keyClick(t, Qt.Key_Right)
    qtbot.keyClick(t, Qt.Key_Down)
    assert (t.currentIndex().row(), t.currentIndex().column()) == (1, 1)
    qtbot.keyClick(t, Qt.Key_Tab)
    assert (t.currentIndex().row(), t.currentIndex().column()) == (1, 2)
    qtbot.keyClick(t, Qt.Key_Up)
    qtbot.keyClick(t, Qt.Key_Return)  # Enter without an edit moves down too
    assert (t.currentIndex().row(), t.currentIndex().column()) == (1, 2)
    # F2 edits the current cell; Escape cancels and keeps the value
    qtbot.keyClick(t, Qt.Key_F2)
    ed = [e for e in t.viewport().findChildren(QLineEdit) if e.isVisible()][0]
    ed.selectAll()
    qtbot.keyClicks(ed, "9")
    qtbot.keyClick(ed, Qt.Key_Escape)
    assert entry(win, 0, "R", 1, 2) == "1"
