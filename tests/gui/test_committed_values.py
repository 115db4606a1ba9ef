"""What the window shows or commits is what the user asked for — the inputs
label after a refused typed input, a resized preset's name, a found search result offered
(not forced into the editor), and 1e400 over R refused with the range."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from ringlab import check, preset
from tests._sweep import sizes_keeping

SIZES = [(1280, 720), (1920, 1080)]
# each size test keeps one size in the inner loop (the narrower where a message's width is
# what is checked), the four together both; the full suite runs every test at both
AT_1280 = sizes_keeping(SIZES, 0)
AT_1920 = sizes_keeping(SIZES, 1)


def propagation(open_window, qtbot, size):
    w = open_window("paper-k2-t3", size=size)
    w.show_view("Propagation")
    _, v = w.view_by_title("Propagation")
    qtbot.waitUntil(lambda: v.trace is not None and not v.stale)
    return w, v


def figure_texts(v) -> str:
    return "\n".join(t.get_text() for t in v.figure.texts)


@pytest.mark.parametrize("size", AT_1920)
def test_refused_typed_inputs_are_not_labelled_typed(open_window, qtbot, tmp_path, size):
    w, v = propagation(open_window, qtbot, size)
    v.inputs_box.setCurrentIndex(v.inputs_box.findData("typed"))
    v.typed_edit.clear()
    v.typed_edit.setFocus()
    qtbot.keyClicks(v.typed_edit, "1 2; 3 4")  # N = 3 rows needed, 2 given
    qtbot.keyClick(v.typed_edit, Qt.Key_Return)
    qtbot.waitUntil(lambda: "typed inputs not used" in v.inputs_status.text())
    seed = v.seed_box.value()
    assert v.current_inputs() == "random"  # what is drawn, and exported
    assert f"inputs: random, seed {seed} (the typed inputs were refused)" in figure_texts(
        v
    ).replace("\n", " ")
    assert "inputs: typed" not in figure_texts(v)
    # an export gets the same inputs (random, seeded) and so the same label
    out = v.export(str(tmp_path / "step.png"), "png", step=0)
    assert out.endswith("step.png")
    # fixed inputs are typed again
    v.typed_edit.clear()
    qtbot.keyClicks(v.typed_edit, "1 2; 3 4; 5 6")
    qtbot.keyClick(v.typed_edit, Qt.Key_Return)
    qtbot.waitUntil(lambda: v.current_inputs() == [["1", "2"], ["3", "4"], ["5", "6"]])
    assert "inputs: typed" in figure_texts(v)


@pytest.mark.parametrize("size", AT_1920)
def test_a_resized_preset_is_renamed(open_window, qtbot, size):
    w = open_window("paper-k2-t3", size=size, load_views=False)
    sp = w.params.spins["T"]
    sp.setFocus()
    sp.lineEdit().selectAll()
    qtbot.keyClicks(sp, "4")
    qtbot.keyClick(sp, Qt.Key_Return)
    qtbot.waitUntil(lambda: w.document.code.T == 4)
    want = "K=2, T=3 (paper, Sec. IV-B) (resized to N = 3, K = 2, T = 4)"
    assert w.document.code.name == want
    assert w.windowTitle().startswith(want)
    sp.lineEdit().selectAll()
    qtbot.keyClicks(sp, "5")
    qtbot.keyClick(sp, Qt.Key_Return)
    qtbot.waitUntil(lambda: w.document.code.T == 5)
    assert w.document.code.name == "K=2, T=3 (paper, Sec. IV-B) (resized to N = 3, K = 2, T = 5)"
    w.undo_action.trigger()
    w.undo_action.trigger()
    assert w.document.code.name == "K=2, T=3 (paper, Sec. IV-B)"


def test_a_found_code_is_offered_not_forced(open_window, qtbot):
    w = open_window("paper-k3-t4", size=(1280, 720))
    w.show_view("Search")
    _, v = w.view_by_title("Search")
    before = w.document.code
    for spin, value in ((v.n_spin, 3), (v.k_spin, 2), (v.t_spin, 3)):
        spin.setFocus()
        spin.lineEdit().selectAll()
        qtbot.keyClicks(spin, str(value))
        qtbot.keyClick(spin, Qt.Key_Tab)
    try:
        with qtbot.waitSignal(v.finished, timeout=60000) as blocker:
            qtbot.mouseClick(v.search_button, Qt.LeftButton)
    finally:
        if v.job is not None:
            v.job.cancel()
    assert blocker.args == ["found"]
    assert w.document.code is before  # nothing replaced unasked
    assert v.found_bar.isVisibleTo(v) and "Put it in the editor" in v.result.text()
    qtbot.mouseClick(v.beside_button, Qt.LeftButton)  # open beside: a new window
    assert w.document.code is before and len(v.beside_windows) == 1
    other = v.beside_windows[0]
    other.ask_unsaved = lambda action: "discard"
    code = other.document.code
    assert (code.N, code.K, code.T, code.field.name) == (3, 2, 3, "GF(2)")
    assert check(code).feasible  # re-verified, not trusted
    assert not v.found_bar.isVisibleTo(v)
    other.close()  # (deletes itself)
    qtbot.waitUntil(lambda: not v.beside_windows)
    # search again and replace: one undoable step
    with qtbot.waitSignal(v.finished, timeout=60000):
        qtbot.mouseClick(v.search_button, Qt.LeftButton)
    qtbot.mouseClick(v.replace_button, Qt.LeftButton)
    assert w.document.code.shape == (3, 2, 3)
    assert w.document.undo_stack.undoText().startswith("Search result")
    w.undo_action.trigger()
    assert w.document.code == preset("paper-k3-t4")
    with qtbot.waitSignal(v.finished, timeout=60000):
        qtbot.mouseClick(v.search_button, Qt.LeftButton)
    qtbot.mouseClick(v.keep_button, Qt.LeftButton)
    assert w.document.code == preset("paper-k3-t4") and "Not used" in v.result.text()


@pytest.mark.parametrize("size", AT_1280)
def test_1e400_over_R_is_refused_with_the_range(open_window, qtbot, size):
    w = open_window("paper-k2-t3", size=size, load_views=False)
    w.document.set_field("R")
    said = []
    w.statusBar().messageChanged.connect(said.append)
    before = w.document.code
    grid = w.editor.grid(0, "M")
    grid.table.setFocus()
    grid.table.setCurrentIndex(grid.model.index(0, 0))
    qtbot.keyClick(grid.table, "1")  # opens the cell's editor
    ed = next(e for e in grid.table.viewport().findChildren(QLineEdit) if e.isVisible())
    ed.selectAll()
    qtbot.keyClicks(ed, "1e400")
    qtbot.keyClick(ed, Qt.Key_Return)
    assert w.document.code is before
    assert any(
        "'1e400' is too large for floating point (it would become infinity)" in m
        and "±1.798e+308" in m
        for m in said
    ), said


@pytest.mark.parametrize("size", AT_1280)
def test_a_long_refusal_reads_on_its_own_line(open_window, qtbot, size):
    # a trial: over GF(2^2) the refusal of "4" stood in a column one word wide ("elemen",
    # "polynon") beside the typed inputs and pushed the drawing out of view
    w, v = propagation(open_window, qtbot, size)
    box = w.params.field
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "GF(4)")
    qtbot.keyClick(box.lineEdit(), Qt.Key_Return)
    qtbot.waitUntil(lambda: w.document.code.field.name == "GF(2^2)")
    v.inputs_box.setCurrentIndex(v.inputs_box.findData("typed"))
    v.typed_edit.clear()
    v.typed_edit.setFocus()
    qtbot.keyClicks(v.typed_edit, "4 5; 6 7; 1 2")
    qtbot.keyClick(v.typed_edit, Qt.Key_Return)
    qtbot.waitUntil(lambda: "not an element" in v.inputs_status.text())
    st = v.inputs_status
    assert st.isVisible() and st.width() >= v.width() * 0.8  # the view's width, not a column
    assert st.heightForWidth(st.width()) <= 4 * st.fontMetrics().lineSpacing()
    assert v.canvas.isVisible() and v.canvas.height() >= 250  # the drawing keeps its room
