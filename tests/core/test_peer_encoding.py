"""The peer encoding (benchmarks/peer_encoding.py) answers as the paper and the rate table do.

It is the independent side of issue 34's "ratio ≤ 1.0, same run", so it is checked from outside:
Theorem 3 of the paper (N = 3: T ≥ 4K/3), Proposition 1 (T ≥ K + N − 2) and the exact minima of
docs/rate_table.md at N = 4 (feasible at the minimum T, impossible at T − 1).  A code it finds is
written as a ``.ringlab.json`` file and ``ringlab check`` (a subprocess, as a user runs it) must
call it FEASIBLE: an unsatisfiable formula that were wrong for a wrong reason would show up as a
missed code there.  The peer is run as a user runs it: ``python benchmarks/peer_encoding.py``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PEER = ROOT / "benchmarks" / "peer_encoding.py"
RINGLAB = Path(sys.executable).with_name("ringlab")


def peer(*args):
    p = subprocess.run([sys.executable, str(PEER), *map(str, args)], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def peer_cell(N, K, T, field, tmp_path, *extra):
    out = tmp_path / f"peer-n{N}-k{K}-t{T}.ringlab.json"
    rc, so, se = peer("--N", N, "--K", K, "--T", T, "--field", field, "-o", out, *extra)
    return rc, so, se, out


def check_feasible(path):
    p = subprocess.run([str(RINGLAB), "check", str(path)], capture_output=True, text=True)
    verdicts = [ln for ln in p.stdout.splitlines() if ln.startswith("Verdict")]
    assert p.returncode == 0 and verdicts and verdicts[0].startswith("Verdict: FEASIBLE"), p.stdout


def assert_found(N, K, T, field, tmp_path, *extra):
    rc, so, se, out = peer_cell(N, K, T, field, tmp_path, *extra)
    assert rc == 0 and so.startswith("found:"), so + se
    check_feasible(out)


def assert_impossible(N, K, T, field, tmp_path, *extra):
    rc, so, se, out = peer_cell(N, K, T, field, tmp_path, *extra)
    assert rc == 1 and so.startswith("impossible:") and "proven by SAT" in so, so + se
    assert not out.exists()


# Theorem 3 (N = 3: feasible iff T ≥ 4K/3) and the paper's K = 2, T = 3 code
def test_theorem3_paper_code_cell_is_found_and_checks_feasible(tmp_path):
    assert_found(3, 2, 3, "GF(2)", tmp_path)


def test_theorem3_rate_above_three_quarters_is_impossible(tmp_path):
    assert_impossible(3, 4, 5, "GF(2)", tmp_path)  # 4/5 > 3/4
    assert_found(3, 4, 6, "GF(2)", tmp_path)


# docs/rate_table.md, N = 4: minimum T for K = 3 is 5, for K = 5 it is 8 (GF(2), GF(2^2),
# GF(2^3) alike); Proposition 1 alone would allow T = 7 at K = 5.
FOUND_FAST = [(4, 3, 5, "GF(2)"), (4, 3, 5, "GF(2^2)"), (4, 3, 5, "GF(8)"), (4, 5, 8, "GF(2)")]
IMPOSSIBLE_FAST = [(4, 3, 4, "GF(2)"), (4, 5, 7, "GF(2)"), (4, 3, 4, "GF(2^3)")]


@pytest.mark.parametrize("cell", FOUND_FAST, ids=str)
def test_rate_table_minimum_is_found(cell, tmp_path):
    assert_found(*cell, tmp_path)


@pytest.mark.parametrize("cell", IMPOSSIBLE_FAST, ids=str)
def test_rate_table_below_minimum_is_impossible(cell, tmp_path):
    assert_impossible(*cell, tmp_path)


@pytest.mark.slow
def test_rate_table_n4_over_extension_fields(tmp_path):
    assert_impossible(4, 5, 7, "GF(2^2)", tmp_path)
    assert_found(4, 5, 8, "GF(2^2)", tmp_path)
    assert_impossible(4, 5, 7, "GF(2^3)", tmp_path)
    assert_found(4, 4, 6, "GF(2^3)", tmp_path)


def test_without_normal_forms_the_same_answers(tmp_path):
    """--plain (R_0 general, no column normal form) on cells small enough for it."""
    assert_found(3, 2, 3, "GF(2)", tmp_path, "--plain")
    assert_impossible(3, 2, 2, "GF(2)", tmp_path, "--plain")  # Proposition 1: T ≥ 3
    assert_found(3, 2, 3, "GF(2^2)", tmp_path, "--plain")


@pytest.mark.parametrize(
    "args, says",
    [
        (["--N", "1", "--K", "2", "--T", "3"], "--N 1: expected an integer from 2 to 16"),
        (["--N", "3", "--K", "2", "--T", "x"], "argument --T: invalid int value: 'x'"),
        (
            ["--N", "3", "--K", "2", "--T", "3", "--field", "GF(3)"],
            "--field 'GF(3)': expected one of",
        ),
    ],
)
def test_bad_input_one_clear_message(args, says):
    rc, so, se = peer(*args)
    assert rc == 2 and says in se and "Traceback" not in se, se
