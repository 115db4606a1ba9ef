"""Issue 34: ``make_rate_table.py --executor mpi`` runs its entries on the workers of
``mpi4py.futures`` — a real ``mpiexec -n 4`` job here, so 3 workers — and an entry whose solver
process dies is started again, with nothing saved lost; the local process pool stays the default.

The values expected are the shipped table's (``assets/rate_table.json``, made by earlier runs on
the local pool), read here as a user would read them; none comes from the script under test.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests._scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "assets" / "rate_table.json"
CELLS = [(3, 2), (3, 3), (4, 2), (4, 3)]  # GF(2): cheap, each a fraction of a second
ARGS = ["--N", "3,4", "--K", "2,3", "--fields", "GF(2)", "--per-T", "10", "--per-cell", "30"]

pytest.importorskip("mpi4py")
MPIEXEC = shutil.which("mpiexec", path=str(Path(sys.executable).parent)) or shutil.which("mpiexec")


def _answers(table: dict) -> dict:
    """(N, K) -> GF(2)'s (status, min T) for both classes, as the table file says."""
    out = {}
    for c in table["cells"]:
        pair = c["by_field"]["GF(2)"]
        out[(c["N"], c["K"])] = tuple(
            (pair[k]["status"], pair[k]["min_T"]) for k in ("general", "routing")
        )
    return out


def _shipped() -> dict:
    known = _answers(json.loads(SHIPPED.read_text(encoding="utf-8")))
    return {cell: known[cell] for cell in CELLS}


def _mpi_run(out: Path, **env) -> subprocess.CompletedProcess:
    if MPIEXEC is None:
        pytest.skip("no mpiexec")
    cmd = [MPIEXEC, "-n", "4", sys.executable, "-m", "mpi4py.futures"]
    cmd += ["scripts/make_rate_table.py", "--executor", "mpi", *ARGS, "-o", str(out)]
    return subprocess.run(
        cmd,
        cwd=ROOT,
        env=os.environ | {"MPIEXEC_TIMEOUT": "120"} | env,
        capture_output=True,
        text=True,
        timeout=180,
    )


@pytest.mark.slow
def test_four_ranks_compute_the_shipped_values_and_say_mpi_with_three_workers(tmp_path):
    out = tmp_path / "table.json"
    p = _mpi_run(out)
    assert p.returncode == 0, p.stderr
    d = json.loads(out.read_text(encoding="utf-8"))
    assert _answers(d) == _shipped()
    run = d["runs"][-1]
    assert (run["executor"], run["workers"]) == ("mpi", 3)
    assert sorted((e["N"], e["K"]) for e in run["entries"]) == CELLS
    assert "retries" not in run
    assert "MPI" in d["machine"] and "3 worker" in d["machine"]


@pytest.mark.slow
def test_a_killed_solver_has_its_entry_started_again_and_nothing_saved_is_lost(tmp_path):
    out = tmp_path / "table.json"
    marker = tmp_path / "killed-once"
    p = _mpi_run(out, RINGLAB_TEST_KILL_CELL="4,3,GF(2)", RINGLAB_TEST_KILL_MARKER=str(marker))
    assert p.returncode == 0, p.stderr
    assert marker.exists(), "the solver for N = 4, K = 3 was never killed"
    assert "N=4 K=3 GF(2): attempt 1 failed" in p.stderr and "status 9" in p.stderr
    d = json.loads(out.read_text(encoding="utf-8"))
    assert _answers(d) == _shipped()  # the killed entry too, and the others kept
    run = d["runs"][-1]
    assert [(r["N"], r["K"], r["field"], r["attempt"]) for r in run["retries"]] == [
        (4, 3, "GF(2)", 1)
    ]
    assert "status 9" in run["retries"][0]["error"]
    attempts = {(e["N"], e["K"]): e.get("attempts", 1) for e in run["entries"]}
    assert attempts == {(3, 2): 1, (3, 3): 1, (4, 2): 1, (4, 3): 2}


def test_the_local_pool_stays_the_default_and_says_so(tmp_path):
    out = tmp_path / "table.json"
    assert load_script("make_rate_table").main([*ARGS, "--jobs", "2", "-o", str(out)]) == 0
    d = json.loads(out.read_text(encoding="utf-8"))
    assert _answers(d) == _shipped()
    run = d["runs"][-1]
    assert (run["executor"], run["workers"], run["jobs"]) == ("local", 2, 2)
    assert "2 solver process(es)" in d["machine"]
