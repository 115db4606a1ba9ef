"""Run on N processes… through the panel: real mpiexec and ranks in a QProcess, never in the
test's own process.  Expected values come from outside the panel: ``ringlab run --json`` of the
same job, seed 004's numbers, the mathematics of a broken R entry, and the process table.
Tests that start real ranks are marked slow but for one (the paper's code matching the CLI),
as in tests/cli/test_run_cli.py: the inner loop runs one real job through the panel."""

import json
import os
import signal
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

from ringlab import classic_ring, preset
from ringlab.core.codefile import code_from_dict, code_to_dict
from ringlab.core.schedules.costs import parse_bandwidth, parse_seconds
from ringlab.gui.document import CodeDocument
from ringlab.gui.run_panel import RunPanel
from tests._procs import leftovers

pytestmark = pytest.mark.skipif(
    find_spec("mpi4py") is None,
    reason="mpi4py is not installed (pip install mpi4py mpich): "
    "the panel runs codes on real MPI ranks",
)

_SEEDS = iter(range(917_000_001, 917_999_999))
JOB_MS = 90_000  # a few seconds here; generous for a loaded 2-core machine


def _stat(pid):
    try:
        st = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return st  # st[0] state, st[1] ppid, st[19] start time


def descendants(root: int) -> dict[int, str]:
    """pid → start time of every live process under ``root``."""
    kids: dict[int, list[int]] = {}
    start = {}
    for d in os.listdir("/proc"):
        if d.isdigit() and (st := _stat(d)):
            kids.setdefault(int(st[1]), []).append(int(d))
            start[int(d)] = st[19]
    out, todo = {}, [root]
    while todo:
        for c in kids.get(todo.pop(), []):
            out[c] = start[c]
            todo.append(c)
    return out


def alive(procs: dict[int, str]) -> list[int]:
    return [p for p, s in procs.items() if (st := _stat(p)) and st[19] == s and st[0] != "Z"]


@pytest.fixture
def make_panel(qtbot):
    def make(code, inputs=None, size="64KiB", repeat=1):
        p = RunPanel(code, inputs)
        qtbot.addWidget(p)
        p.seed = next(_SEEDS)
        p.size_box.setCurrentText(size)
        p.repeat_box.setValue(repeat)
        p.show()
        return p

    return make


def run_to_end(qtbot, panel, start=None):
    with qtbot.waitSignal(panel.run_finished, timeout=JOB_MS) as blocker:
        assert (start or panel.run)()
    return blocker.args[0]


def test_paper_code_on_real_ranks_matches_the_cli(qtbot, make_panel):
    panel = make_panel(preset("paper-k2-t3"), size="64KiB", repeat=2)
    final = run_to_end(qtbot, panel)
    assert final["event"] == "result" and panel.exit_code == 0
    cli = subprocess.run(
        [
            sys.executable,
            "-m",
            "ringlab",
            "run",
            "preset:paper-k2-t3",
            "--json",
            "--size",
            "65536",
            "--repeat",
            "2",
            "--seed",
            str(panel.seed),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert cli.returncode == 0, cli.stderr
    lines = [json.loads(s) for s in cli.stdout.splitlines()]
    ref = lines[-1]
    assert ref["event"] == "result"
    keep = lambda ranks: [(k["rank"], k["ok"], k["wrong"], k["first"]) for k in ranks]  # noqa: E731
    assert (
        keep(panel.result["ranks"]) == keep(ref["ranks"]) == [(r, True, 0, None) for r in range(3)]
    )
    assert (panel.result["bytes"], panel.result["K"], panel.result["T"]) == (65536, 2, 3)
    # same seed, same data: every rank decoded the same numbers in both runs
    heads = lambda evs: sorted((e["rank"], e["head"]) for e in evs if e["event"] == "decoded")  # noqa: E731
    assert heads(panel.events) == heads(lines)
    assert panel.status_text().startswith("✓ All 3 ranks decoded the same as MPI_Allreduce")
    assert [panel.ranks.item(r, 1).text().startswith("✓") for r in range(3)] == [True] * 3
    assert "MPI_Allreduce (auto)" in panel.times.text() and "busbw" in panel.times.text()
    assert panel.progress.value() == panel.progress.maximum()
    assert leftovers(panel.seed) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start (seconds)
def test_replay_shows_seed_004s_sends_and_follows_the_walkthrough(qtbot):
    from ringlab.gui.views.propagation import PropagationView

    view = PropagationView(CodeDocument(classic_ring(4)))
    qtbot.addWidget(view)
    view.show()
    view.inputs_box.setCurrentIndex(view.inputs_box.findData("matmul"))
    assert view.run_button.text() == "Run on N processes…"
    dlg = view.open_run_panel()
    panel = dlg.panel
    assert panel.inputs_check.isChecked()  # the walkthrough's inputs: small integers
    panel.seed = next(_SEEDS)
    run_to_end(qtbot, panel)
    assert panel.exit_code == 0, panel.status_text()
    assert "--inputs" in panel.proc.arguments() and "--size" not in panel.proc.arguments()
    sent = lambda t: [panel.replay_cell(t, r).splitlines()[0] for r in range(4)]  # noqa: E731
    assert sent(0) == ["→1: 15", "→2: 8", "→3: 4", "→0: 15"]  # seed 004, step 1
    assert sent(1) == ["→1: 21", "→2: 17", "→3: 11", "→0: 7"]  # seed 004, step 2
    assert panel.replay_cell(0, 1).splitlines()[1] == "←0: 15"
    assert [panel.replay_cell(6, r) for r in range(4)] == ["ẑ = [30, 29, 22, 27]"] * 4
    assert "equal the Propagation view's" in panel.replay_note.text()
    view.set_step(2)  # the walkthrough's step selects the replay's row
    assert panel.replay.currentRow() == 2
    assert view.open_run_panel() is dlg  # one dialog per view, raised again


@pytest.mark.slow  # real mpiexec: N Python ranks start (seconds)
def test_cancel_a_long_run_leaves_no_process(qtbot, make_panel):
    panel = make_panel(preset("paper-k2-t3"), size="1KiB", repeat=1_000_000)
    assert panel.run()
    # wait until the ranks are in their timed repetitions, and note the whole process tree
    qtbot.waitUntil(lambda: panel.timings > 0, timeout=JOB_MS)
    tree = descendants(panel.proc.processId())
    assert any(
        "ringlab.engine.rank" in Path(f"/proc/{p}/cmdline").read_bytes().decode(errors="replace")
        for p in tree
    ), "the ranks should be running under the panel's process"
    with qtbot.waitSignal(panel.run_finished, timeout=20_000):
        panel.cancel_button.click()
    assert panel.exit_code == 130
    assert panel.status_text() == "Cancelled: the job and its ranks were stopped."
    assert alive(tree) == [] and leftovers(panel.seed) == []
    assert panel.run_button.isEnabled() and not panel.cancel_button.isEnabled()


@pytest.mark.slow  # real mpiexec: N Python ranks start (seconds)
def test_an_infeasible_code_names_the_rank_and_the_entry(qtbot, make_panel):
    d = code_to_dict(preset("paper-k2-t3"))
    d["nodes"][1]["R"][1][2] = 2  # node 1's second decoded symbol reads y one time too
    panel = make_panel(code_from_dict(d), size="64", repeat=1)
    run_to_end(qtbot, panel)
    assert panel.exit_code == 1
    line = panel.status_text()
    assert len(line.splitlines()) == 1
    assert line.startswith("✗ rank 1 did NOT decode the sum: symbol k = 2, element 0: decoded ")
    assert panel.ranks.item(1, 1).text().startswith("✗ WRONG")
    assert [panel.ranks.item(r, 1).text()[0] for r in (0, 2)] == ["✓", "✓"]
    assert leftovers(panel.seed) == []


def test_a_size_that_is_not_a_size_is_refused_before_anything_starts(qtbot, make_panel):
    panel = make_panel(preset("paper-k2-t3"), size="lots")
    assert panel.run() is False and not panel.is_running()
    assert panel.status_text().startswith("Bad input: S")
    panel.size_box.setCurrentText("1000")  # rounded down to whole float64 per symbol
    assert panel.size_bytes() == 992 and panel.size_hint.text() == "= 992 B"


@pytest.mark.slow  # real mpiexec: N Python ranks start (seconds)
def test_calibrate_feeds_the_cost_explorer(qtbot):
    from ringlab.gui.views.schedules import SchedulesView

    view = SchedulesView(CodeDocument(preset("classic-ring-n4")))
    qtbot.addWidget(view)
    view.show()
    panel = view.open_run_panel().panel
    assert panel.measured() is None
    with qtbot.waitSignal(panel.calibrated, timeout=JOB_MS) as got:
        panel.calibrate_button.click()
    ev = next(e for e in panel.events if e["event"] == "calibration")
    assert panel.measured() == tuple(got.args) == (ev["alpha_s"], ev["beta_s_per_byte"])
    assert ev["procs"] == 2 and len(ev["points"]) == 7
    costs = view.costs
    a, b = panel.measured()
    if a < 0 or b <= 0:  # a busy machine can fit a negative α
        assert not costs.measured_box.isEnabled() and "not usable" in costs.measured_box.text()
        return
    typed = costs.alpha.text(), costs.bandwidth.text()
    costs.measured_box.setChecked(True)
    assert float(parse_seconds(costs.alpha.text())) == pytest.approx(a, rel=1e-3)
    assert float(parse_bandwidth(costs.bandwidth.text())) == pytest.approx(1 / b, rel=1e-3)
    assert costs.alpha.isReadOnly()
    costs.measured_box.setChecked(False)
    assert (costs.alpha.text(), costs.bandwidth.text()) == typed and not costs.alpha.isReadOnly()


@pytest.mark.slow  # real mpiexec: N Python ranks start (seconds)
def test_closing_the_dialog_stops_its_job(qtbot):
    from ringlab.gui.run_panel import RunDialog

    dlg = RunDialog(preset("paper-k2-t3"))
    qtbot.addWidget(dlg)
    panel = dlg.panel
    panel.seed = next(_SEEDS)
    panel.size_box.setCurrentText("1KiB")
    panel.repeat_box.setValue(1_000_000)
    dlg.show()
    assert panel.run()
    qtbot.waitUntil(lambda: panel.timings > 0, timeout=JOB_MS)
    tree = descendants(panel.proc.processId())
    dlg.close()  # waits for ringlab run to end its job
    assert not panel.is_running() and panel.exit_code == 130
    assert alive(tree) == [] and leftovers(panel.seed) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start (seconds)
def test_the_panel_passes_no_timeout_so_start_up_gets_the_engines_budget(qtbot, make_panel):
    panel = make_panel(preset("paper-k1-t2"), size="64", repeat=1)
    final = run_to_end(qtbot, panel)
    args = panel.proc.arguments()
    assert "--timeout" not in args and "--startup-timeout" not in args
    assert final["event"] == "result" and panel.exit_code == 0
    # every rank said it was ready before its first message: the engine's job model saw it
    first = {}
    for i, e in enumerate(panel.events):
        first.setdefault((e.get("rank"), e["event"]), i)
    assert all(first[(r, "ready")] < first[(r, "sent")] for r in range(3))
    assert leftovers(panel.seed) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start (seconds)
def test_floating_point_does_not_hide_an_infeasible_code_in_the_panel(qtbot, make_panel):
    near = preset("paper-k2-t3").with_entry(0, "M", 2, 0, "1000000000001/1000000000000")
    panel = make_panel(near, size="64", repeat=1)
    run_to_end(qtbot, panel)
    assert panel.exit_code == 1
    assert [panel.ranks.item(r, 1).text()[0] for r in range(3)] == ["✓"] * 3  # measured …
    line = panel.status_text()
    assert line.startswith("✗ All 3 ranks decoded the same as MPI_Allreduce")  # … and exact
    assert "Theorem 2 (exact, over Q) says the code is infeasible: node 1" in line
    assert "Floating point hid it" in line
    assert leftovers(panel.seed) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start (seconds)
def test_a_killed_rank_is_named_and_no_times_are_shown(qtbot, make_panel):
    panel = make_panel(preset("paper-k2-t3"), size="64", repeat=1_000_000)
    assert panel.run()
    qtbot.waitUntil(lambda: panel.timings > 0, timeout=JOB_MS)
    pid = next(e["pid"] for e in panel.events if e["event"] == "ready" and e["rank"] == 2)
    with qtbot.waitSignal(panel.run_finished, timeout=JOB_MS):
        os.kill(pid, signal.SIGKILL)
    assert panel.exit_code == 4 and panel.result is None
    assert panel.status_text().startswith("Engine failed: rank 2 was killed by SIGKILL")
    assert panel.times.text() == ""
    assert leftovers(panel.seed) == []
