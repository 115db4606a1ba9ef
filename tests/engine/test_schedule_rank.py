"""The schedule ranks' arithmetic and bookkeeping without MPI: the same packing and adding the
ranks do, run for every rank in one process; the checks before anything starts; what a result
says."""

import numpy as np
import pytest

from ringlab.core.errors import RinglabError
from ringlab.core.schedules import known_schedules, schedule_plan
from ringlab.engine import host
from ringlab.engine.job import Job, run_status, times_text
from ringlab.engine.launch import plan_schedule, schedule_memory_per_rank
from ringlab.engine.mpit import enum_names
from ringlab.engine.results import fallback_words, library_check, library_words, schedule_verdict
from ringlab.engine.schedule_rank import layout, loopback, mismatches, mode, rank_steps


def _accepted(name):
    for N in range(2, 17):
        try:
            yield schedule_plan(name, N)
        except RinglabError:
            pass


@pytest.mark.parametrize("name", known_schedules())
def test_every_rank_ends_with_the_sum(name):
    plans = list(_accepted(name))
    assert plans, name
    for pl in plans:
        rng = np.random.default_rng([pl.N, 7])
        for n in (1, 5, 37):  # fewer elements than blocks, and padded blocks
            data = [rng.integers(-1000, 1001, size=n) for _ in range(pl.N)]
            want = sum(data)
            for r, got in enumerate(loopback(pl, data)):
                assert np.array_equal(got, want), (name, pl.N, n, r)


def test_floats_end_within_the_tolerance():
    pl = schedule_plan("rabenseifner", 6)
    rng = np.random.default_rng(3)
    data = [rng.standard_normal(50) for _ in range(6)]
    want = np.sum(data, axis=0)
    for got in loopback(pl, data):
        assert mismatches(got, want).size == 0


def test_a_send_reads_the_buffer_before_the_step():
    # a step where a rank both sends a block and receives into it: swing's all-gather stores
    # into blocks other than those it sends, the reduce-scatter adds into blocks it keeps;
    # recursive doubling sends its whole vector and adds the partner's in the same step
    pl = schedule_plan("recursive-doubling", 4)
    data = [np.array([10**r]) for r in range(4)]
    assert [int(v[0]) for v in loopback(pl, data)] == [1111] * 4


def test_modes_follow_the_partners():
    ring = rank_steps(schedule_plan("ring", 4), 1)
    assert {mode(s, r) for s, r in ring} == {"sendrecv"}
    bruck = rank_steps(schedule_plan("bruck", 9), 0)
    assert {mode(s, r) for s, r in bruck} == {"waitall"}
    tree = [
        mode(s, r)
        for st in (rank_steps(schedule_plan("tree", 3), i) for i in range(3))
        for s, r in st
    ]
    assert {"send", "recv", "idle"} <= set(tree)


def test_layout_pads_like_the_traces():
    assert layout(13, 4) == (4, 3)
    assert layout(1, 4) == (1, 3)
    assert layout(8, 1) == (8, 0)


def test_integers_are_compared_exactly_floats_within_the_tolerance():
    a = np.array([1, 2, 3], dtype=np.int64)
    assert mismatches(a, a + np.array([0, 1, 0])).tolist() == [1]
    x = np.array([1.0, 1e6])
    assert mismatches(x, x * (1 + 1e-12)).size == 0
    assert mismatches(x, x + 1e-2).tolist() == [0, 1]  # 1e-9 + 1e-9·1e6 = 1e-3 < 1e-2


def test_mpich_value_names_come_from_the_description():
    desc = (
        "Variable to select allreduce algorithm\n"
        "auto - Internal algorithm selection (can be overridden with X)\n"
        "nb                       - Force nonblocking algorithm\n"
        "smp                      - Force smp algorithm\n"
        "recursive_doubling       - Force recursive doubling algorithm\n"
        "recursive_multiplying    - Force recursive multiplying algorithm\n"
        "reduce_scatter_allgather - Force reduce scatter allgather algorithm"
    )
    assert enum_names(desc).index("reduce_scatter_allgather") == 5  # what mpivars prints
    dev = (
        "Variable to select whether the device can override the\n"
        "MPIR-level collective algorithms.\nall     - Always\nnone    - Never\npercoll - Use"
    )
    assert enum_names(dev) == ["all", "none", "percoll"]


def _starts(alg, dev, note=None):
    lib = {
        "via": "MPI_T",
        "note": note,
        "values": {"MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM": alg, "MPIR_CVAR_DEVICE_COLLECTIVES": dev},
    }
    return {r: {"rank": r, "library": lib} for r in range(4)}


def test_the_library_check_says_what_mpi_t_read():
    ok = library_check(_starts("ring", "none"), "ring")
    assert ok["ok"] is True and "= ring, MPIR_CVAR_DEVICE_COLLECTIVES = none" in library_words(ok)
    other = library_check(_starts("auto", "percoll"), "ring")
    assert other["ok"] is False and "NOT the requested ring" in library_words(other)
    unread = library_check(
        _starts(None, None, "not MPICH: its control variables are not read"), "ring"
    )
    assert unread["ok"] is None and "not confirmed: not MPICH" in library_words(unread)
    assert library_check({0: {"rank": 0}}, "ring") is None


def test_mpichs_rabenseifner_falls_back_below_p_prime_elements():
    assert "needs at least p' = 4" in fallback_words("reduce_scatter_allgather", 3, 6)
    assert fallback_words("reduce_scatter_allgather", 4, 6) == ""
    assert fallback_words("recursive_doubling", 1, 8) == ""


def test_plan_refuses_before_anything_starts(tmp_path):
    with pytest.raises(RinglabError, match="unknown schedule 'x'; known: ring, tree"):
        plan_schedule("x")
    with pytest.raises(RinglabError, match="swing: N = 6 is not a power of two"):
        plan_schedule("swing", 6)
    with pytest.raises(RinglabError, match="nearest: 8 or 16"):
        plan_schedule("ring", 4, 12)
    with pytest.raises(RinglabError, match="--repeat 0"):
        plan_schedule("ring", 4, 64, repeat=0)
    f = tmp_path / "x.json"
    f.write_text("[[1, 2], [3]]")
    with pytest.raises(RinglabError, match="rows of \\[1, 2\\] numbers"):
        plan_schedule("ring", inputs=str(f))
    f.write_text("[[1, 2], [3, 4], [5, 6]]")
    p = plan_schedule("nccl-ring", inputs=str(f))
    assert (p.name, p.procs, p.dtype, p.elements, p.block, p.padding) == (
        "ring",
        3,
        "int64",
        2,
        1,
        1,
    )
    p = plan_schedule("rabenseifner", 6, 104)
    assert (p.procs, p.elements, p.block, p.padding, p.dtype) == (6, 13, 4, 3, "float64")
    assert p.rank_args()[:3] == ["-", "--schedule", "rabenseifner"]


def test_plan_refuses_data_beyond_free_memory(monkeypatch):
    monkeypatch.setattr(host, "available_memory", lambda: (1 << 30, "MemAvailable"))
    with pytest.raises(RinglabError, match="would need about .* but only 1.074 GB is free"):
        plan_schedule("bruck", 9, 1 << 26)
    assert schedule_memory_per_rank(1 << 20, 1, 2) > schedule_memory_per_rank(1 << 20, 1, 1)


def _result(ok=(True, True, True), error=None):
    ranks = [
        {
            "rank": r,
            "ok": o,
            "wrong": 0 if o else 3,
            "first": None if o else {"index": 5, "block": 1, "element": 2, "got": 7, "expected": 9},
        }
        for r, o in enumerate(ok)
    ]
    t = {"time_s": 1e-3, "algbw_Bps": 1e6, "busbw_Bps": 1.3e6}
    return {
        "event": "result",
        "job": "schedule",
        "exit": 0,
        "error": error,
        "schedule": "bruck",
        "procs": 3,
        "dtype": "int64",
        "compared": "exactly",
        "elements": 8,
        "ranks": ranks,
        "times": {"schedule": t, "allreduce": t},
        "timed_repetitions": 2,
        "library_algorithm": "auto",
        "oversubscribed": "3 ranks on 2 cores of host vm",
    }


def test_what_a_schedule_result_says():
    kind, line = schedule_verdict(_result())
    assert kind == "ok" and line == (
        "All 3 ranks ended with the same sum as MPI_Allreduce (int64, compared exactly)."
    )
    kind, line = schedule_verdict(_result((True, False, False)))
    assert kind == "wrong"
    assert line.startswith(
        "Ranks 1, 2 did NOT end with MPI_Allreduce's sum (int64, compared "
        "exactly): rank 1 first differs at element 5 (block 1, element 2): "
        "bruck gave 7, MPI_Allreduce 9"
    )
    assert schedule_verdict(_result(error="rank 0 died"))[0] == "failed"
    assert run_status(_result())[1].startswith("✓ All 3 ranks")
    assert run_status(_result((False, True, True)))[1].startswith("✗ Rank 0 did NOT")
    text = times_text(_result())
    assert "bruck 1 ms" in text and "MPI_Allreduce (auto) 1 ms" in text and "scheduler" in text


def test_the_app_counts_a_schedules_events():
    job = Job("run", [])
    job.apply({"event": "launch", "job": "schedule", "procs": 4, "T": 4, "repeat": 5})
    assert job.total == 4 * (4 + 5 + 4)
