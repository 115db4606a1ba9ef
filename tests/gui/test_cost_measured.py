"""Measure on N processes in the Schedules cost explorer: real mpiexec and ranks in a QProcess,
never in the test's own process.  Expected values come from outside the panel: a direct
``ringlab run --json`` of the same job (same seed, size, repetitions), the process table, and
the machine's core count.  The measurements on real ranks are slow-marked (the inner loop runs
one real job, through the Run panel: tests/gui/test_run_panel.py)."""

import json
import os
import subprocess
import sys
from importlib.util import find_spec

import pytest

from ringlab import preset
from ringlab.gui.document import CodeDocument
from ringlab.gui.views.schedules import SchedulesView
from ringlab.gui.views.schedules import measure as _cost_measure

from .test_run_panel import alive, descendants, leftovers

needs_mpi = pytest.mark.skipif(
    find_spec("mpi4py") is None,
    reason="mpi4py is not installed (pip install mpi4py mpich): measuring runs on real MPI ranks",
)
_SEEDS = iter(range(918_000_001, 918_999_999))
JOB_MS = 120_000  # three short jobs take a few seconds; generous for a loaded machine


def explorer(qtbot, size: str, code="paper-k2-t3"):
    view = SchedulesView(CodeDocument(preset(code)))
    qtbot.addWidget(view)
    view.show()
    view.pages.setCurrentIndex(1)
    costs = view.costs
    costs.size_box.setText(size)
    costs.size_box.editingFinished.emit()
    qtbot.waitUntil(
        lambda: (
            view.cost_comparison is not None
            and not view.stale
            and view.cost_comparison.N == 3
            and costs.size_box.text() == size
        )
    )
    costs.measure.measurer.seed = next(_SEEDS)
    return view, costs


def rows(costs) -> dict[str, list[str]]:
    """The cost table as shown (whole or folded into bands of columns)."""
    t = costs.table
    return {
        t.row_label(r).replace("\n", " "): list(t.row_values(r).values())
        for r in range(t.row_count())
    }


def cli(*args) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "ringlab", "run", *args], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    last = json.loads(out.stdout.splitlines()[-1])
    assert last["event"] == "result"
    return last


def shape(result: dict):
    """What must agree between two runs of one job: everything but the noisy numbers."""
    return (
        sorted(result),
        {k: sorted(v) for k, v in result["times"].items()},
        [(k["rank"], k["ok"], k["wrong"]) for k in result["ranks"]],
        result["procs"],
        result["bytes"],
        result["library_algorithm"],
    )


@pytest.mark.slow  # real mpiexec: ranks start, jobs run (seconds)
@needs_mpi
def test_measure_at_n3_fills_the_rows_like_the_cli(qtbot):
    view, costs = explorer(qtbot, "3KB")
    m = costs.measure
    m.measurer.repeat = 2
    assert m.button.text() == "Measure on 3 processes" and m.button.isEnabled()
    m.button.click()
    qtbot.waitUntil(lambda: m.measurement.done, timeout=JOB_MS)
    assert m.measurement.error is None, m.status.text()
    got = rows(costs)
    measured = [
        "MPICH ring (measured)",
        "MPICH tree (measured)",
        "ring as code (measured)",
        "code (measured)",
    ]
    assert list(got) == ["ring", "tree", "coded", *measured]
    res = m.measurement.results
    seed = str(m.measurer.seed)
    # S = 3000 B rounded down to whole float64 per symbol: K = 3 → 125·24 = 3000, K = 2 → 187·16 = 2992
    ring = cli(
        "preset:classic-ring-n3",
        "--json",
        "--size",
        "3000",
        "--repeat",
        "2",
        "--seed",
        seed,
        "--library-algorithm",
        "ring",
    )
    tree = cli(
        "preset:classic-ring-n3",
        "--json",
        "--size",
        "3000",
        "--repeat",
        "2",
        "--seed",
        seed,
        "--library-algorithm",
        "tree",
    )
    assert shape(res["ring"]) == shape(ring) and ring["library_algorithm"] == "ring"
    assert shape(res["tree"]) == shape(tree) and tree["library_algorithm"] == "tree"
    assert res["coded"]["bytes"] == 2992 and res["coded"]["K"] == 2
    assert [k["ok"] for k in res["coded"]["ranks"]] == [True] * 3
    for r in (ring, tree, *res.values()):
        assert r["times"]["coded"]["time_s"] > 0 and r["times"]["allreduce"]["time_s"] > 0
    # every measured row shows a time (the cell names a unit), a code's row its own T
    for name in measured:
        assert got[name][6].endswith("s") and got[name][6][0].isdigit(), got[name]
    assert got["ring as code (measured)"][:2] == ["4", "12"]  # T = 2(N−1), N·T messages
    assert got["code (measured)"][:2] == ["3", "9"]  # the paper's T = 3
    note = costs.measured_note.text()
    assert f"measured (MPI, 3 ranks on {os.cpu_count()} cores)" in note
    assert ("measure the operating system's scheduler" in note) == (3 > os.cpu_count())
    assert m.status.text().startswith("Measured: 3 jobs on 3 processes")
    assert leftovers(m.measurer.seed) == []
    # another S: the measurement is not for it, so its rows go and the note says so
    costs.size_box.setText("6KB")
    costs.size_box.editingFinished.emit()
    qtbot.waitUntil(lambda: costs.table.row_count() == 3)
    assert costs.measured_note.text().startswith("The last measurement was for N = 3, S = 3 KB")


@pytest.mark.slow  # real mpiexec: ranks start, jobs run (seconds)
@needs_mpi
def test_cancel_a_long_measurement_leaves_no_process(qtbot):
    view, costs = explorer(qtbot, "1KB")
    m = costs.measure
    m.measurer.repeat = 1_000_000
    assert m.measure()
    qtbot.waitUntil(lambda: m.measurer.timings > 0, timeout=JOB_MS)
    tree = descendants(m.measurer.proc.processId())
    assert any(
        "ringlab.engine.rank" in open(f"/proc/{p}/cmdline", "rb").read().decode(errors="replace")
        for p in tree
    ), "the ranks should be running under the explorer's process"
    assert m.cancel_button.isEnabled()
    m.cancel_button.click()
    qtbot.waitUntil(lambda: m.measurement.done, timeout=20_000)
    assert (
        m.measurement.cancelled
        and m.status.text() == "Cancelled: the job and its ranks were stopped."
    )
    assert alive(tree) == [] and leftovers(m.measurer.seed) == []
    assert m.button.isEnabled() and not m.cancel_button.isEnabled()
    assert rows(costs)["MPICH ring (measured)"][6] == "not measured"


@needs_mpi
def test_n_above_the_limit_is_refused_with_one_line(qtbot):
    view, costs = explorer(qtbot, "1KB")
    costs.n_spin.setValue(17)
    m = costs.measure
    assert m.button.text() == "Measure on 17 processes"
    m.button.click()
    assert not m.measurer.is_running() and m.measurement is None
    assert m.status.text() == (
        f"Not measured: N = 17: measuring starts one MPI process per "
        f"node; at most 16 here (this machine has {os.cpu_count()} cores)"
    )


def test_without_mpi_the_button_says_why_and_the_model_still_works(qtbot, monkeypatch):
    why = "mpi4py is not installed in this Python: `pip install mpi4py mpich`"
    monkeypatch.setattr(_cost_measure, "availability", lambda: why)
    view, costs = explorer(qtbot, "1MB")
    m = costs.measure
    assert not m.button.isEnabled() and "unavailable" in m.button.text()
    assert why in m.button.toolTip() and why in m.status.text()
    assert m.measure() is False
    assert list(rows(costs)) == ["ring", "tree", "coded"] and rows(costs)["ring"][6].endswith("s")
