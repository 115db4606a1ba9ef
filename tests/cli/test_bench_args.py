"""A benchmark run with a wrong argument says so in one line and exits 2, as the app's own
commands do, instead of a traceback (``bench_tab_zoom.py 3 Nope`` ended in an AssertionError)."""

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_tab_zoom.py"


@pytest.mark.parametrize(
    "args, says",
    [
        (["x"], "expected [ROUNDS] [TAB]"),
        (["0"], "ROUNDS a whole number ≥ 1"),
        (["3", "Nope"], "TAB 'Nope' is not a tab of the window: one of Editor, Propagation"),
    ],
    ids=["rounds-word", "rounds-zero", "unknown-tab"],
)
def test_bench_tab_zoom_bad_argument_is_one_line(args, says):
    r = subprocess.run(
        [sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=120
    )
    lines = [x for x in r.stderr.splitlines() if "propagateSizeHints" not in x]
    assert r.returncode == 2, r.stderr
    assert len(lines) == 1 and says in lines[0], r.stderr
    assert r.stdout == ""
