"""The shipped two-way rate table (``ringlab/data/twoway_rate_table.json``, made by
scripts/twoway_rate_table.py, shown in docs/twoway-rate-table.md), re-checked through the CLI as
a user would: at the listed minimum T ``ringlab search --ring two-way`` finds a code, and one
below it the search says impossible where the table says the minimum is proven.  The bounds
are recomputed here from their definitions, not read from ringlab."""

import json
from importlib.resources import files
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _table() -> dict:
    return json.loads(files("ringlab.data").joinpath("twoway_rate_table.json").read_text())


def _cell(N, K) -> dict:
    (c,) = [c for c in _table()["cells"] if (c["N"], c["K"]) == (N, K)]
    return c


def _reach(N, T):
    """The fewest symbols any other node's x can be in at node 0 by time T (both ways)."""
    return min(max(0, T - a + 1) + max(0, T - (N - a) + 1) for a in range(1, N))


def test_table_covers_the_issue_and_every_found_cell_was_checked():
    d = _table()
    assert d["field"] == "GF(2)" and "scripts/twoway_rate_table.py" in d["command"]
    assert {(c["N"], c["K"]) for c in d["cells"]} == {
        (N, K) for N in range(3, 7) for K in range(1, 9)
    }
    for c in d["cells"]:
        lb = max(-(-c["K"] // 2), min(T for T in range(1, 20) if _reach(c["N"], T) >= c["K"]))
        assert c["lower_bound"] == lb, c
        for cls in ("routing", "general"):
            v = c[cls]
            assert v["status"] in ("proven", "found", "undecided")
            if v["status"] != "undecided":
                assert v["min_T"] >= lb and v["check"].startswith("feasible")
                assert (ROOT / v["file"]).is_file()
        g, r = c["general"]["min_T"], c["routing"]["min_T"]
        if g is not None and r is not None:
            assert g <= r  # a routing code is a general code


@pytest.mark.parametrize(
    "N, K, cls",
    [
        (3, 5, "general"),  # 3 passes both bounds; the table says T = 3 is UNSAT
        (5, 3, "routing"),  # routing needs 4 …
        (5, 3, "general"),  # … coding does it in 3, the source-cut bound
    ],
)
def test_listed_minimum_found_and_one_below_impossible(ringlab, N, K, cls):
    c = _cell(N, K)[cls]
    assert c["status"] == "proven"
    flag = ("--routing-only",) if cls == "routing" else ()
    T = c["min_T"]
    r = ringlab("search", "--ring", "two-way", "--N", N, "--K", K, "--T", T, *flag, "-o", "f.json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert ringlab("check", "f.json").returncode == 0
    r = ringlab("search", "--ring", "two-way", "--N", N, "--K", K, "--T", T - 1, *flag)
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout.startswith("impossible:")


def test_a_shipped_found_file_passes_check(ringlab):
    c = _cell(5, 3)["general"]
    r = ringlab("check", ROOT / c["file"])
    assert r.returncode == 0 and "Verdict: FEASIBLE" in r.stdout
