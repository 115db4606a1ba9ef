"""Issue 35 in the Schedules tab: the coded two-way codes beside Swing, Trivance, Rabenseifner,
recursive doubling and two classic rings, in both cost models, each row saying where it came
from — the numbers ``ringlab compare --ring two-way --json`` prints (run in-process through
``ringlab.cli.main``, the command's own code).  Driven as a user drives it: N typed into the
explorer's N box, the box ticked, the cells read off the screen."""

import contextlib
import functools
import io
import json

import pytest
from PySide6.QtCore import QPoint, Qt

from ringlab.core.schedules.costs import format_bytes, format_seconds


@functools.cache
def cli(N: int) -> dict:
    """What ``ringlab compare --N N --ring two-way --json`` prints (in-process: the command's
    own code, without a Python start; issue 31)."""
    from ringlab.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(["compare", "--N", str(N), "--ring", "two-way", "--json"])
    assert rc == 0, err.getvalue()
    return json.loads(out.getvalue())


def cli_cells(s: dict) -> dict:
    """One CLI row written as the table writes it (ties clockwise / split, as the CLI's text)."""
    slots, load = str(s["ring_steps"]), format_bytes(s["max_link_load"])
    if (s["ring_steps_ties_split"], s["max_link_load_ties_split"]) != (
        s["ring_steps"],
        s["max_link_load"],
    ):
        slots += f" / {s['ring_steps_ties_split']}"
        load += f" / {format_bytes(s['max_link_load_ties_split'])}"
    return {
        "form": s["form"],
        "steps": str(s["steps"]),
        "msgs": str(s["messages"]),
        "sent/core": format_bytes(s["bytes_per_node"]),
        "(a) own ports": format_seconds(s["alpha_beta_s"]),
        "(a) 1 port": format_seconds(s["alpha_beta_one_port_s"]),
        "ring slots": slots,
        "busiest link": load,
        "sum": "ok" if s["sum_ok"] else "WRONG",
    }


@pytest.fixture
def explorer(open_window, qtbot):
    """The Schedules tab's cost explorer in a 1280×720 window (the paper's 3-node code)."""
    w = open_window("paper-k2-t3", size=(1280, 720))
    w.show_view("Schedules")
    _, view = w.view_by_title("Schedules")
    qtbot.waitUntil(lambda: view.comparison is not None and not view.stale)
    bar = view.pages.tabBar()
    qtbot.mouseClick(bar, Qt.LeftButton, pos=bar.tabRect(1).center())
    qtbot.waitUntil(lambda: view.costs.isVisible())
    return w, view


def set_explorer_N(qtbot, view, n: int) -> None:
    spin = view.costs.n_spin
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, str(n))
    qtbot.keyClick(spin, Qt.Key_Return)
    qtbot.waitUntil(lambda: view.cost_comparison is not None and view.cost_comparison.N == n)


def tick_twoway(qtbot, view) -> None:
    box = view.costs.twoway.box
    box.ensurePolished()
    qtbot.mouseClick(box, Qt.LeftButton, pos=QPoint(8, box.height() // 2))
    qtbot.waitUntil(lambda: view.costs.twoway.table.isVisible())


def shown(view) -> dict:
    t = view.costs.twoway.table
    return {t.row_label(r): t.row_values(r) for r in range(t.row_count())}


@pytest.mark.slow
def test_at_N_8_the_two_way_rows_are_the_clis(explorer, qtbot):
    w, view = explorer
    tw = view.costs.twoway
    assert not tw.table.isVisible()  # off until asked for
    set_explorer_N(qtbot, view, 8)
    tick_twoway(qtbot, view)
    out = cli(8)
    rows = shown(view)
    assert list(rows) == [s["name"] for s in out["schedules"]]
    assert "coded K=6 T=6 GF(2)" in rows and "two classic rings" in rows and "swing" in rows
    for s in out["schedules"]:
        if s["steps"] is None:  # refused for N = 8 (Trivance): said across its row
            assert rows[s["name"]]["form"].startswith("not for N = 8")
            continue
        assert rows[s["name"]] == cli_cells(s), s["name"]
    # each row says where it came from, as the CLI does
    sources = tw.sources.text()
    for s in out["schedules"]:
        if s["kind"] == "coded" or s["name"] == "two classic rings":
            assert f"{s['name']}: {s['source']}" in sources
    assert "assets/twoway-n8-k4-t5-gf2.ringlab.json" in sources
    assert "N = 8 cores" in tw.title.text()


@pytest.mark.slow
def test_an_N_without_a_shipped_code_says_so(explorer, qtbot):
    w, view = explorer
    set_explorer_N(qtbot, view, 5)
    tick_twoway(qtbot, view)
    out = cli(5)
    assert out["note"].startswith("no coded two-way code is known for N = 5")
    # the CLI's words, but the window has no --code option: it names the command that has
    said = view.costs.twoway.sources.text()
    assert out["note"].split(" then add it")[0] in said
    assert "then add it with ringlab compare --ring two-way --N 5 --code FILE" in said
    rows = shown(view)
    assert list(rows) == [s["name"] for s in out["schedules"]]
    assert rows["two classic rings"] == cli_cells(out["schedules"][0])
    # unticked, the table goes away again
    box = view.costs.twoway.box
    qtbot.mouseClick(box, Qt.LeftButton, pos=QPoint(8, box.height() // 2))
    qtbot.waitUntil(lambda: not view.costs.twoway.table.isVisible())


def test_above_16_cores_it_says_where_to_find_them(explorer, qtbot):
    w, view = explorer
    set_explorer_N(qtbot, view, 32)
    box = view.costs.twoway.box
    qtbot.mouseClick(box, Qt.LeftButton, pos=QPoint(8, box.height() // 2))
    title = view.costs.twoway.title
    qtbot.waitUntil(lambda: title.isVisible())
    assert "ringlab compare --ring two-way --N 32" in title.text()
    assert not view.costs.twoway.table.isVisible()


@pytest.mark.slow
def test_at_1280x720_the_explorer_never_scrolls_sideways(explorer, qtbot):
    w, view = explorer
    set_explorer_N(qtbot, view, 8)
    tick_twoway(qtbot, view)
    slot = view.parentWidget().parentWidget()  # the tab's scroll area
    qtbot.waitUntil(lambda: slot.horizontalScrollBar().maximum() == 0)
    t = view.costs.twoway.table
    assert t.horizontalScrollBar().maximum() == 0  # folded into bands, not scrolled
    for lab in (view.costs.twoway.title, view.costs.twoway.sources, view.costs.twoway.box):
        assert lab.width() >= min(lab.sizeHint().width(), lab.parentWidget().width())
