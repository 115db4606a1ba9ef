"""The N/K/T boxes commit only what was typed.  Typing 1000 into N committed
N = 10 (Qt dropped the keystrokes that left the range) and −3 into K committed K = 3; a refused
value must leave the old value and say why."""

import pytest
from PySide6.QtCore import Qt

SIZES = [(1280, 720), (1920, 1080)]


def type_and_enter(qtbot, sp, text):
    sp.setFocus()
    sp.lineEdit().selectAll()
    qtbot.keyClicks(sp, text)
    shown = sp.lineEdit().text()
    qtbot.keyClick(sp, Qt.Key_Return)
    return shown


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "name, text, rng",
    [("N", "1000", "2..32"), ("K", "-3", "1..64"), ("T", "129", "1..128"), ("T", "-0", "1..128")],
)
def test_refused_value_leaves_the_old_one(open_window, qtbot, size, name, text, rng):
    w = open_window("paper-k2-t3", size=size, load_views=False)
    said = []
    w.statusBar().messageChanged.connect(said.append)
    before = w.document.code
    sp = w.params.spins[name]
    old = getattr(before, name)
    assert type_and_enter(qtbot, sp, text) == text  # shown as typed, not cut short
    msg = f"{name}: '{text}' refused — expected a whole number {rng}; {name} stays {old}"
    qtbot.waitUntil(lambda: msg in said)
    assert w.document.code is before and sp.value() == old
    assert w.params.problem.text() == msg
    assert w.document.undo_stack.count() == 0  # nothing was committed


def test_refused_on_focus_out_too(open_window, qtbot):
    w = open_window("paper-k2-t3", load_views=False)
    sp = w.params.spins["N"]
    w.activateWindow()
    sp.setFocus()
    qtbot.waitUntil(sp.hasFocus)
    sp.lineEdit().selectAll()
    qtbot.keyClicks(sp, "1000")
    qtbot.keyClick(sp, Qt.Key_Tab)  # Tab away instead of Enter
    qtbot.waitUntil(lambda: "N: '1000' refused" in w.params.problem.text())
    assert w.document.code.N == 3 and sp.value() == 3


def test_a_typed_value_in_range_is_committed_once(open_window, qtbot):
    w = open_window("paper-k2-t3", load_views=False)
    type_and_enter(qtbot, w.params.spins["T"], "16")
    qtbot.waitUntil(lambda: w.document.code.T == 16)
    assert w.document.undo_stack.count() == 1  # not T = 1 on the way


def test_explorer_N_does_not_commit_prefixes(open_window, qtbot):
    """The cost explorer's N (2..1024): '2000' was committed as 2, 20, 200 while typed."""
    w = open_window("paper-k2-t3", size=(1280, 720))
    w.show_view("Schedules")
    _, view = w.view_by_title("Schedules")
    qtbot.waitUntil(lambda: view.cost_comparison is not None)
    before = view.costs.n_spin.value()
    type_and_enter(qtbot, view.costs.n_spin, "2000")
    qtbot.waitUntil(lambda: "N: '2000' refused" in view.costs.error.text())
    assert view.costs.n_spin.value() == before and view.cost_comparison.N == before
