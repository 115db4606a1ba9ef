"""``ringlab run --schedule NAME``: library schedules as point-to-point MPI on real ranks.

Real mpiexec, real ranks, small sizes, one or two repetitions; all marked slow but for one
small job (``test_json_lines_have_every_event``, 3 ranks); refusals run in-process.  No
assertion rests on a wall-clock margin (the machine is shared); the silence timeout counts only
once every rank is ready.  The fixture of ``test_run_cli`` (imported below, autouse) fails a test that leaves any
process of its jobs alive: mpiexec, Hydra's proxy or a rank.
"""

import json
from importlib.util import find_spec

import pytest

from ringlab.core.schedules import default_example, known_schedules, schedule_plan, trace_plan
from tests._procs import leftovers
from tests.cli.test_run_cli import events, nothing_left_behind, run  # noqa: F401 (autouse fixture)

pytestmark = pytest.mark.skipif(
    find_spec("mpi4py") is None, reason="mpi4py is not installed (pip install mpi4py mpich)"
)

_SEEDS = iter(range(916_000_001, 916_999_999))

# a small N every schedule accepts, and the N that exercise its other forms: MPICH's fold
# (N not a power of two), base-3 schedules at 3 and 9, NCCL's shifted second tree (odd N)
ACCEPTED = {
    "ring": [3, 4],
    "tree": [3, 4],
    "recursive-doubling": [4, 6],
    "rabenseifner": [3, 6],
    "swing": [4],
    "bruck": [3, 9],
    "bruck-bw": [4, 5],
    "trivance": [3, 9],
    "trivance-bw": [3, 9],
    "nccl-tree": [4, 5],
    "nccl-tree-pipelined": [4, 5],
    "nccl-ring": [4],
}


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_rabenseifner_on_4_ranks_equals_mpi_allreduce():
    # the "done when"
    s = next(_SEEDS)
    r = run("--schedule", "rabenseifner", "--procs", "4", "--repeat", "2", "--seed", str(s))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count("= MPI_Allreduce ✓") == 4
    assert (
        "All 4 ranks ended with the same sum as MPI_Allreduce (float64, compared within "
        "1e-9 + 1e-9·|sum|)"
    ) in r.stdout
    assert "rabenseifner (point-to-point)" in r.stdout and "MPI_Allreduce (auto)" in r.stdout
    assert "median of 2 repetitions" in r.stdout
    assert "4 ranks on 2 cores" not in r.stdout or "scheduler" in r.stdout
    assert leftovers(s) == []


def test_every_known_schedule_is_run_below():
    assert set(ACCEPTED) == set(known_schedules())


@pytest.mark.slow  # real mpiexec: N Python ranks start
@pytest.mark.parametrize("name, N", [(n, N) for n, Ns in ACCEPTED.items() for N in Ns])
def test_every_schedule_equals_allreduce_exactly_on_integers(name, N):
    # 104 bytes = 13 int64 elements: no schedule's block count divides it, so padding travels too
    s = next(_SEEDS)
    r = run(
        "--schedule",
        name,
        "--procs",
        str(N),
        "--size",
        "104",
        "--dtype",
        "int64",
        "--repeat",
        "1",
        "--seed",
        str(s),
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count("= MPI_Allreduce ✓") == N
    assert "(int64, compared exactly)" in r.stdout
    assert leftovers(s) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start
@pytest.mark.parametrize("name", ["rabenseifner", "bruck-bw", "nccl-tree"])
def test_ranks_send_what_the_trace_sends(name, tmp_path):
    # the worked matmul's partials as the ranks' data: every message on the wire carries the
    # numbers trace_plan computes for it, and every rank ends with seed 004's [30, 29, 22, 27]
    ex = default_example(4)
    f = tmp_path / "x.json"
    f.write_text(json.dumps([[int(v) for v in p] for p in ex.partials]))
    r = run("--schedule", name, "--inputs", str(f), "--repeat", "1", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    ev = events(r.stdout)
    tr = trace_plan(schedule_plan(name, 4), ex)
    on_wire = sorted(
        (e["step"], e["rank"], m["to"], tuple(m["head"]))
        for e in ev
        if e["event"] == "step"
        for m in e["sent"]
    )
    traced = sorted(
        (k, s.src, s.dst, tuple(int(v) for v in s.value[:4]))
        for k, st in enumerate(tr.steps, 1)
        for s in st.sends
    )
    assert on_wire == traced
    assert {tuple(e["head"]) for e in ev if e["event"] == "checked"} == {(30, 29, 22, 27)}
    assert ev[-1]["dtype"] == "int64" and ev[-1]["compared"] == "exactly"


def test_json_lines_have_every_event():
    s = next(_SEEDS)
    r = run(
        "--schedule",
        "bruck",
        "--procs",
        "3",
        "--size",
        "4096",
        "--repeat",
        "3",
        "--json",
        "--seed",
        str(s),
    )
    assert r.returncode == 0, r.stderr
    ev = events(r.stdout)
    launch, res = ev[0], ev[-1]
    assert launch["event"] == "launch" and launch["job"] == "schedule"
    assert (launch["schedule"], launch["procs"], launch["T"], launch["ports"]) == ("bruck", 3, 1, 2)
    kinds = [e["event"] for e in ev[1:-1]]
    for kind, per_rank in (
        ("start", 1),
        ("ready", 1),
        ("step", 1),
        ("checked", 1),
        ("timing", 3),
        ("done", 1),
    ):
        assert kinds.count(kind) == 3 * per_rank, kind
    # what the app's progress bar counts (ringlab.engine.job.Job.total)
    from ringlab.engine.job import Job

    job = Job("run", [])
    for e in ev:
        job.apply(e)
    assert job.progress == (3 * (1 + 3 + 4), 3 * (1 + 3 + 4))
    # two partners in one step: every Isend and Irecv posted, then Waitall
    step = [e for e in ev if e["event"] == "step"]
    assert {e["mode"] for e in step} == {"waitall"}
    assert all(len(e["sent"]) == 2 and len(e["received"]) == 2 for e in step)
    assert res["event"] == "result" and res["exit"] == 0 and res["error"] is None
    assert [k["ok"] for k in res["ranks"]] == [True] * 3
    assert res["timed_repetitions"] == 3 and res["bytes"] == 4096 and res["elements"] == 512
    t = res["times"]["schedule"]
    assert t["algbw_Bps"] == pytest.approx(4096 / t["time_s"])
    assert t["busbw_Bps"] == pytest.approx(t["algbw_Bps"] * 2 * 2 / 3)
    assert 0 < res["ready_s"] <= res["wall_s"]
    assert leftovers(s) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_a_tree_step_uses_send_recv_and_idles():
    r = run("--schedule", "tree", "--procs", "3", "--size", "64", "--repeat", "1", "--json")
    assert r.returncode == 0, r.stderr
    modes = {e["mode"] for e in events(r.stdout) if e["event"] == "step"}
    assert {"send", "recv", "idle"} <= modes


@pytest.mark.slow  # real mpiexec: N Python ranks start
@pytest.mark.parametrize(
    "name, algorithm",
    [("rabenseifner", "reduce_scatter_allgather"), ("recursive-doubling", "recursive_doubling")],
)
def test_mpich_runs_the_same_algorithm_and_mpi_t_says_so(name, algorithm):
    r = run("--schedule", name, "--library-algorithm", algorithm, "--size", "4096", "--repeat", "1")
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"MPI_Allreduce ({algorithm})" in r.stdout
    assert (
        f"MPI_T reads MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM = {algorithm}, "
        f"MPIR_CVAR_DEVICE_COLLECTIVES = none on every rank"
    ) in r.stdout
    assert "falls back" not in r.stdout


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_too_few_elements_for_mpichs_rabenseifner_is_said():
    r = run(
        "--schedule",
        "rabenseifner",
        "--library-algorithm",
        "reduce_scatter_allgather",
        "--size",
        "16",
        "--repeat",
        "1",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    res = events(r.stdout)[-1]
    assert res["library"]["ok"] is True and res["library"]["read"] == "reduce_scatter_allgather"
    assert "needs at least p' = 4" in res["library_fallback"]


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_a_rank_that_differs_exits_1_naming_it_and_the_first_element():
    # the test hook makes rank 2 drop the first message it should add (trivance, N = 3: only
    # its own sum misses a partial)
    s = next(_SEEDS)
    r = run(
        "--schedule",
        "trivance",
        "--procs",
        "3",
        "--size",
        "32",
        "--dtype",
        "int64",
        "--repeat",
        "1",
        "--seed",
        str(s),
        env={"RINGLAB_ENGINE_FAULT": "wrong:2"},
    )
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout.count("= MPI_Allreduce ✓") == 2
    assert "rank 2 on" in r.stdout and "DIFFERS in 4 of 4 elements; first: element 0" in r.stdout
    assert (
        "Rank 2 did NOT end with MPI_Allreduce's sum (int64, compared exactly): rank 2 first "
        "differs at element 0"
    ) in r.stdout
    assert leftovers(s) == []


@pytest.mark.parametrize(
    "args, says",
    [
        (["--procs", "6", "--schedule", "swing"], "swing: N = 6 is not a power of two"),
        (["--procs", "4", "--schedule", "bruck"], "bruck: N = 4 is not a power of 3"),
        (["--procs", "8", "--schedule", "trivance-bw"], "trivance-bw: N = 8 is not a power of 3"),
    ],
)
def test_a_refused_n_exits_2_with_the_reason(args, says, ringlab):
    r = ringlab("run", *args)
    assert r.returncode == 2 and r.stdout == ""
    assert says in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_an_unknown_name_exits_2_listing_the_known_ones(ringlab):
    r = ringlab("run", "--schedule", "butterfly")
    assert r.returncode == 2 and r.stdout == ""
    line = r.stderr.strip()
    assert "unknown schedule 'butterfly'; known: " in line and len(line.splitlines()) == 1
    for name in known_schedules():
        assert name in line
    r = ringlab("run", "--schedule", "butterfly", "--json")
    assert r.returncode == 2
    ev = events(r.stdout)
    assert ev == [{"event": "error", "exit": 2, "message": ev[0]["message"]}]
    assert "known: ring, tree" in ev[0]["message"]


@pytest.mark.parametrize(
    "args, says",
    [
        (
            ["--schedule", "ring", "--size", "12"],
            "--size 12: must be a positive multiple of 8 bytes",
        ),
        (["--schedule", "ring", "preset:paper-k2-t3"], "give a code or a schedule, not both"),
        (["--schedule", "ring", "--field", "GF(2)"], "--field is for codes"),
        (["preset:paper-k2-t3", "--dtype", "int64"], "--dtype is for --schedule"),
        (["--schedule", "ring", "--procs", "40"], "ring: N = 40"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, says, ringlab):
    r = ringlab("run", *args)
    assert r.returncode == 2 and r.stdout == ""
    assert says in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_inputs_that_contradict_the_options_are_refused(tmp_path, ringlab):
    f = tmp_path / "x.json"
    f.write_text(json.dumps([[0.5, 1], [2, 3]]))
    r = ringlab("run", "--schedule", "ring", "--inputs", f, "--procs", "3")
    assert r.returncode == 2 and "the --inputs file has 2 rows" in r.stderr
    r = ringlab("run", "--schedule", "ring", "--inputs", f, "--dtype", "int64")
    assert r.returncode == 2 and "numbers that are not integers" in r.stderr


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_inputs_decide_n_and_the_element_type(tmp_path):
    f = tmp_path / "x.json"
    f.write_text(json.dumps([[0.5, 1], [2, 3]]))
    r = run("--schedule", "ring", "--inputs", str(f), "--repeat", "1", "--json")
    assert r.returncode == 0, r.stderr
    res = events(r.stdout)[-1]
    assert (res["procs"], res["dtype"], res["elements"]) == (2, "float64", 2)
    assert {tuple(k["head"]) for k in res["ranks"]} == {(2.5, 4)}


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_a_deadlocked_schedule_exits_4_and_leaves_nothing():
    s = next(_SEEDS)
    r = run(
        "--schedule",
        "recursive-doubling",
        "--procs",
        "4",
        "--timeout",
        "3",
        "--seed",
        str(s),
        env={"RINGLAB_ENGINE_FAULT": "deadlock"},
    )
    assert r.returncode == 4
    err = r.stderr.strip().splitlines()
    assert len(err) == 1, r.stderr
    assert "no event from the ranks for 3 s after all 4 were ready" in err[0]
    assert "Times" not in r.stdout
    assert leftovers(s) == []
