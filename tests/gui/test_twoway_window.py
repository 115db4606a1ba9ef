"""The two-way window (issue 35), driven as a user drives it: a shipped two-way file opened
with File → Open (the dialog answered) or ``ringlab FILE``, cells typed into, Ctrl+Z, Save,
the walkthrough's slider and arrow keys; the verdicts read off the check panel's labels.

Which nodes decode is computed here independently: the file's JSON pushed through the
two-way model by hand over GF(2) for every one of the 2^(NK) inputs (the issue's model: node
i sends on each link ``M[t]·x_i + Λ_cw[t]·(what came from i−1) + Λ_ccw[t]·(what came from
i+1)``, decodes ``R_cw·s_cw + R_ccw·s_ccw + T·x_i``)."""

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSlider,
    QTableView,
)
from shiboken6 import isValid

from ._startup import run_to_first_paint

ASSETS = Path(__file__).resolve().parents[2] / "assets"
N3 = ASSETS / "twoway-n3-k3-t2-gf2.ringlab.json"


# -- the independent computation ---------------------------------------------------------------
def decoding_nodes(data: dict) -> list[bool]:
    """Per node: does it decode the sum for every input (GF(2), exhaustively)?"""
    N, K, T = data["N"], data["K"], data["T"]
    nodes = data["nodes"]
    ok = [True] * N
    for bits in itertools.product((0, 1), repeat=N * K):
        x = [bits[i * K : (i + 1) * K] for i in range(N)]
        y = {d: [[0] * T for _ in range(N)] for d in ("cw", "ccw")}
        for t in range(T):
            for i in range(N):
                heard = {"cw": y["cw"][(i - 1) % N], "ccw": y["ccw"][(i + 1) % N]}
                for d in ("cw", "ccw"):
                    s = nodes[i][f"send_{d}"]
                    v = sum(a * b for a, b in zip(s["M"][t], x[i], strict=True))
                    for st in ("cw", "ccw"):
                        v += sum(s[f"Lambda_{st}"][t][u] * heard[st][u] for u in range(t))
                    y[d][i][t] = v % 2
        for i in range(N):
            heard = {"cw": y["cw"][(i - 1) % N], "ccw": y["ccw"][(i + 1) % N]}
            nd = nodes[i]
            for k in range(K):
                z = sum(
                    nd[f"R_{st}"][k][u] * heard[st][u] for st in ("cw", "ccw") for u in range(T)
                )
                z += sum(nd["T"][k][c] * x[i][c] for c in range(K))
                if z % 2 != sum(x[j][k] for j in range(N)) % 2:
                    ok[i] = False
    return ok


# -- acting as the user ------------------------------------------------------------------------
def menu_action(window, menu_title, text):
    menu = next(
        a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == menu_title
    )
    return next(a for a in menu.actions() if a.text().replace("&", "").startswith(text))


def named(window, cls, name):
    hits = [w for w in window.findChildren(cls) if w.accessibleName() == name]
    assert len(hits) == 1, (name, len(hits))
    return hits[0]


def two_way_windows():
    from ringlab.gui.twoway.window import TwoWayWindow

    return [w for w in QApplication.topLevelWidgets() if isinstance(w, TwoWayWindow)]


@pytest.fixture
def tw(qtbot, win, monkeypatch):
    """The main window's File → Open on the shipped N = 3 two-way file: its window."""
    before = set(two_way_windows())
    path = str(N3)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (path, "")))
    menu_action(win, "File", "Open").trigger()
    new = [w for w in two_way_windows() if w not in before and w.isVisible()]
    assert len(new) == 1
    w = new[0]
    qtbot.waitExposed(w)
    yield w
    if isValid(w):  # (a test that closed it: a closed window is deleted)
        w.ask_unsaved = lambda action: "discard"
        w.close()


def type_cell(qtbot, window, table_name, r, c, text):
    """Select the cell, type (the first key opens its editor), Enter."""
    table = named(window, QTableView, table_name)
    table.setFocus()
    table.setCurrentIndex(table.model().index(r, c))
    qtbot.keyClick(table, text[0])
    editors = [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
    assert len(editors) == 1, "typing did not open the cell's editor"
    qtbot.keyClicks(editors[0], text[1:])
    qtbot.keyClick(editors[0], Qt.Key_Return)
    return table


def node_marks(window, N):
    return [named(window, QLabel, f"Node {i} verdict").text()[0] for i in range(N)]


# -- the tests ---------------------------------------------------------------------------------
def test_file_open_shows_both_directions_grids_and_the_verdict(tw, win):
    assert "twoway-n3-k3-t2-gf2.ringlab.json" in tw.windowTitle()
    assert win.last_error is None  # no refusal
    boxes = [b.title() for b in tw.findChildren(QGroupBox)]
    assert boxes == [
        "Node 0 (sends cw to 1 and ccw to 2)",
        "Node 1 (sends cw to 2 and ccw to 0)",
        "Node 2 (sends cw to 0 and ccw to 1)",
    ]
    m = named(tw, QTableView, "Node 0 ccw M").model()
    lam = named(tw, QTableView, "Node 0 cw Lambda_ccw").model()
    r = named(tw, QTableView, "Node 2 dec R_ccw").model()
    assert [m.headerData(t, Qt.Vertical) for t in range(2)] == ["t=0", "t=1"]
    assert [m.headerData(k, Qt.Horizontal) for k in range(3)] == ["k=1", "k=2", "k=3"]
    assert [lam.headerData(u, Qt.Horizontal) for u in range(2)] == ["t=1", "t=2"]
    assert [r.headerData(k, Qt.Vertical) for k in range(3)] == ["k=1", "k=2", "k=3"]
    # the file's own entries, as the file says them
    data = json.loads(N3.read_text())
    want = data["nodes"][0]["send_ccw"]["M"]
    assert [[m.data(m.index(t, k)) for k in range(3)] for t in range(2)] == [
        [str(v) for v in row] for row in want
    ]
    assert decoding_nodes(data) == [True] * 3
    assert named(tw, QLabel, "Verdict").text() == "FEASIBLE"
    assert node_marks(tw, 3) == ["✓"] * 3


def test_open_recent_opens_it_again_in_a_window_of_its_own(qtbot, tw, win):
    recent = menu_action(win, "File", "Open Recent").menu()
    entry = next(a for a in recent.actions() if a.text() == str(N3))
    before = set(two_way_windows())
    entry.trigger()
    new = [w for w in two_way_windows() if w not in before and w.isVisible()]
    assert len(new) == 1 and "twoway-n3-k3-t2-gf2" in new[0].windowTitle()
    assert win.last_error is None
    new[0].close()


def test_an_edit_breaks_the_nodes_it_should_and_ctrl_z_mends_them(qtbot, tw):
    data = json.loads(N3.read_text())
    # node 0 sends clockwise at t = 0 with x_{0,1} added (0 → 1)
    assert data["nodes"][0]["send_cw"]["M"][0][0] == 0
    data["nodes"][0]["send_cw"]["M"][0][0] = 1
    want = decoding_nodes(data)
    assert not all(want)  # (the independent computation says some node now fails)
    table = type_cell(qtbot, tw, "Node 0 cw M", 0, 0, "1")
    assert table.model().data(table.model().index(0, 0)) == "1"
    verdict = named(tw, QLabel, "Verdict")
    assert verdict.text() == "NOT FEASIBLE"
    assert node_marks(tw, 3) == ["✓" if ok else "✗" for ok in want]
    bad = want.index(False)
    assert f"node {bad}" in named(tw, QLabel, f"Node {bad} verdict").text()
    assert tw.isWindowModified()
    qtbot.keyClick(table, Qt.Key_Z, Qt.ControlModifier)
    assert verdict.text() == "FEASIBLE" and node_marks(tw, 3) == ["✓"] * 3
    assert table.model().data(table.model().index(0, 0)) == "0"
    assert not tw.isWindowModified()
    qtbot.keyClick(table, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)  # redo
    assert verdict.text() == "NOT FEASIBLE"


def test_a_bad_cell_is_one_message_and_keeps_its_value(qtbot, tw):
    table = type_cell(qtbot, tw, "Node 1 dec R_cw", 2, 1, "2")
    msg = tw.statusBar().currentMessage()
    assert len(msg.splitlines()) == 1, msg
    for words in ("node 1", "R_cw", "row k = 3", "column t = 2", "'2'", "GF(2)", "0..1"):
        assert words in msg, (words, msg)
    data = json.loads(N3.read_text())
    assert table.model().data(table.model().index(2, 1)) == str(data["nodes"][1]["R_cw"][2][1])
    assert named(tw, QLabel, "Verdict").text() == "FEASIBLE"
    assert not tw.isWindowModified()


def test_the_fixed_zeros_of_lambda_cannot_be_typed_into(qtbot, tw):
    table = named(tw, QTableView, "Node 2 ccw Lambda_cw")
    table.setFocus()
    for r, c in ((0, 0), (0, 1), (1, 1)):  # the diagonal and above: fixed at 0
        table.setCurrentIndex(table.model().index(r, c))
        qtbot.keyClick(table, "1")
        assert not [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
        assert table.model().data(table.model().index(r, c)) == "0"


@pytest.mark.slow
def test_save_writes_a_file_ringlab_check_accepts(qtbot, tw, tmp_path, monkeypatch):
    out = tmp_path / "mine.ringlab.json"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out), ""))
    )
    type_cell(qtbot, tw, "Node 0 cw M", 0, 0, "1")
    qtbot.keyClick(named(tw, QTableView, "Node 0 cw M"), Qt.Key_Z, Qt.ControlModifier)
    type_cell(qtbot, tw, "Node 2 dec T", 2, 2, "1")  # a T row: feasible still? (checked below)
    menu_action(tw, "File", "Save As").trigger()
    assert out.exists() and "mine.ringlab.json" in tw.windowTitle()
    assert not tw.isWindowModified()
    r = subprocess.run(
        [sys.executable, "-m", "ringlab", "check", str(out)], capture_output=True, text=True
    )
    assert "Traceback" not in r.stderr
    edited = json.loads(out.read_text())
    assert edited["ring"] == "two-way" and edited["nodes"][2]["T"][2][2] == 1
    ok = decoding_nodes(edited)
    assert (r.returncode == 0) == all(ok), r.stdout
    for i, good in enumerate(ok):
        assert f"node {i}   {'✓' if good else '✗'}" in r.stdout
    # Ctrl+S after a further edit writes to the same file
    type_cell(qtbot, tw, "Node 2 dec T", 2, 2, "0")
    assert tw.isWindowModified()
    qtbot.keyClick(named(tw, QTableView, "Node 2 dec T"), Qt.Key_S, Qt.ControlModifier)
    assert json.loads(out.read_text())["nodes"][2]["T"][2][2] == 0
    assert not tw.isWindowModified()


def test_closing_with_unsaved_edits_asks(qtbot, tw):
    type_cell(qtbot, tw, "Node 0 cw M", 0, 0, "1")
    asked = []
    tw.ask_unsaved = lambda action: asked.append(action) or "cancel"
    assert not tw.close()
    assert asked == ["close this window"] and tw.isVisible()


def test_the_walkthrough_steps_with_the_slider_and_the_arrow_keys(qtbot, tw):
    tw.tabs.setCurrentIndex(
        [tw.tabs.tabText(i) for i in range(tw.tabs.count())].index("Walkthrough")
    )
    slider = named(tw, QSlider, "Walkthrough step slider")
    step = named(tw, QLabel, "Walkthrough step")
    caption = named(tw, QLabel, "Walkthrough caption")
    qtbot.waitUntil(lambda: caption.text() != "")
    assert (slider.minimum(), slider.maximum()) == (0, 2)  # T = 2: two sends, then the decode
    assert step.text().startswith("t = 0 → 1") and caption.text().startswith("t = 0 → 1")
    tab = tw.tabs.currentWidget()
    qtbot.keyClick(tab, Qt.Key_Right)
    assert slider.value() == 1 and caption.text().startswith("t = 1 → 2")
    qtbot.keyClick(tab, Qt.Key_Right)
    assert step.text() == "t = 2 (the decode)"
    assert "all 3 nodes get" in caption.text() and "✓" in caption.text()
    qtbot.keyClick(tab, Qt.Key_Left)
    assert slider.value() == 1


@pytest.mark.slow
def test_ringlab_file_opens_the_two_way_window_and_a_bad_one_is_one_line(tmp_path):
    run = lambda *a: run_to_first_paint(tmp_path, "-m", "ringlab", *a)  # noqa: E731
    r = run(str(N3))
    assert r.returncode == 0, r.stderr[-2000:]
    assert "window: twoway-n3-k3-t2-gf2.ringlab.json — two-way ring — ringlab" in r.stderr
    bad = json.loads(N3.read_text())
    bad["nodes"][1]["send_ccw"]["M"][0][2] = 7
    p = tmp_path / "bad.ringlab.json"
    p.write_text(json.dumps(bad))
    r = run(str(p))
    lines = [ln for ln in r.stderr.splitlines() if "propagateSizeHints" not in ln]
    assert r.returncode == 2 and len(lines) == 1, r.stderr
    assert str(p) in lines[0] and "node 1" in lines[0] and "GF(2)" in lines[0], lines[0]


def test_a_file_without_decoders_shows_the_senders_and_asks_whether_one_exists(
    qtbot, win, tmp_path, monkeypatch
):
    """The paper's K = 2, T = 3 code (feasible, Sec. IV-B) on the two-way ring, the
    counter-clockwise links silent, saved without decoders."""
    from ringlab import preset
    from ringlab.core.twoway import from_one_way
    from ringlab.core.twowayfile import save_twoway

    path = tmp_path / "paper-two-way.ringlab.json"
    save_twoway(from_one_way(preset("paper-k2-t3"), decoders=False), path)
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), ""))
    )
    before = set(two_way_windows())
    menu_action(win, "File", "Open").trigger()
    (w,) = [w for w in two_way_windows() if w not in before and w.isVisible()]
    names = {t.accessibleName() for t in w.findChildren(QTableView)}
    assert "Node 0 ccw Lambda_ccw" in names and not any(" dec " in n for n in names)
    assert named(w, QLabel, "Verdict").text() == "FEASIBLE"
    assert "no decoders" in named(w, QLabel, "How the verdict was decided").text()
    ccw_m = named(w, QTableView, "Node 1 ccw M").model()
    assert {ccw_m.data(ccw_m.index(t, k)) for t in range(3) for k in range(2)} == {"0"}
    w.close()


def test_file_close_leaves_no_two_way_window_behind(qtbot, tw):
    # a closed window stayed hidden, held by its own menu's lambdas (and its key filter on the
    # application): every later change of the text size re-polished all of them
    menu_action(tw, "File", "Close").trigger()
    qtbot.waitUntil(lambda: two_way_windows() == [])
