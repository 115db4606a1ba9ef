"""QA: garbage typed into the inputs a user can touch gets one message naming the box and
what was expected, and nothing changes (regressions found in the QA pass)."""
import pytest
from PySide6.QtCore import Qt

from ringlab import preset
from ringlab.gui.app import create_window
from ringlab.gui.main_window import settings


@pytest.fixture
def win(qtbot):
    settings().clear()
    w = create_window(code=preset("paper-k2-t3"), load_views=False, check_recovery=False,
                      autosave=False)
    w.ask_unsaved = lambda action: "discard"
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def type_into_spin(qtbot, win, name, text):
    sp = win.params.spins[name]
    sp.setFocus()
    sp.lineEdit().selectAll()
    qtbot.keyClicks(sp, text)
    qtbot.keyClick(sp, Qt.Key_Return)
    return sp


@pytest.mark.parametrize("name, text, lo, hi", [("N", "0", 2, 32), ("K", "0", 1, 64),
                                                ("T", "0", 1, 128)])
def test_out_of_range_size_is_refused_with_the_range(qtbot, win, name, text, lo, hi):
    said = []
    win.document.message.connect(said.append)
    before = win.document.code
    sp = type_into_spin(qtbot, win, name, text)
    assert win.document.code is before and sp.value() == getattr(before, name)
    msg = f"{name}: '{text}' refused — expected a whole number {lo}..{hi}"
    assert said and said[-1] == msg
    assert win.params.problem.text() == msg


def test_a_keystroke_past_the_maximum_is_named(qtbot, win):
    said = []
    win.document.message.connect(said.append)
    sp = win.params.spins["N"]
    sp.setFocus()
    sp.lineEdit().selectAll()
    qtbot.keyClicks(sp, "99")                       # Qt keeps "9" and drops the second 9
    assert sp.lineEdit().text() == "9"
    assert "N: '99' refused — expected a whole number 2..32" in said
    qtbot.keyClick(sp, Qt.Key_Escape)
