"""The app's job model without Qt or a process: bytes in, state, progress and one status line out.

The event streams are what ``ringlab run --json`` writes (see ``tests/cli/test_run_cli.py`` for
the real thing); here they are typed by hand so every ending can be reached on purpose.
"""

import json
import sys

from ringlab.engine.job import CANCELLED, CANCELLED_WORDS, Job, JsonLines, command, times_text

LAUNCH = {
    "event": "launch",
    "job": "run",
    "code": "x",
    "procs": 3,
    "N": 3,
    "K": 2,
    "T": 3,
    "field": "Q",
    "bytes": 64,
    "block": 4,
    "element": "float64",
    "repeat": 2,
    "library_algorithm": "auto",
}


def line(ev) -> bytes:
    return (json.dumps(ev) + "\n").encode()


def result(**kw):
    r = {
        "event": "result",
        "exit": 0,
        "error": None,
        "N": 3,
        "K": 2,
        "T": 3,
        "field": "Q",
        "procs": 3,
        "bytes": 64,
        "mpi": "MPICH Version: 5",
        "library_algorithm": "auto",
        "ranks": [{"rank": r, "ok": True, "wrong": 0, "first": None} for r in range(3)],
        "theorem2": {"feasible": True, "failing_nodes": [], "field": "Q", "exact": True},
        "hidden_by_float": False,
        "timed_repetitions": 2,
        "oversubscribed": None,
        "times": {
            k: {"time_s": 1e-3, "algbw_Bps": 64e3, "busbw_Bps": 85e3}
            for k in ("coded", "allreduce")
        },
    }
    r.update(kw)
    return r


def test_the_command_line_is_ringlab_run_with_this_python():
    assert command(["preset:x", "--json"]) == (
        sys.executable,
        ["-m", "ringlab", "run", "preset:x", "--json"],
    )


def test_lines_arrive_in_pieces_and_noise_is_skipped():
    r = JsonLines()
    assert r.feed(b'{"event": "sta') == []
    assert r.feed(b'rt", "rank": 0}\nHydra says hello\n[1, 2]\n{"no_event": 1}\n{"event"') == [
        {"event": "start", "rank": 0}
    ]
    assert r.feed(b': "done", "rank": 0}\n') == [{"event": "done", "rank": 0}]


def test_a_run_starts_then_runs_then_says_its_verdict():
    job = Job("run", [])
    assert job.status() == ("busy", "Starting mpiexec…") and job.progress == (0, 0)
    job.feed(line(LAUNCH))
    assert job.total == 3 * (2 * 3 + 2 + 4)  # start, ready, T sent, T received, …
    for r in range(3):
        job.feed(line({"event": "start", "rank": r, "pid": 10 + r}))
    job.feed(line({"event": "ready", "rank": 0, "pid": 10}))
    assert job.state == "starting" and job.status() == ("busy", "Starting 3 ranks… (1 of 3 ready)")
    for r in (1, 2):
        job.feed(line({"event": "ready", "rank": r, "pid": 10 + r}))
    assert job.state == "running" and job.status() == ("busy", "Running on 3 ranks…")
    for r in range(3):
        for rep in range(2):
            job.feed(line({"event": "timing", "rank": r, "rep": rep}))
    assert job.timings == 6 and all(e["event"] != "timing" for e in job.events)
    assert job.progress == (3 + 3 + 6, 36)
    job.feed(line(result()))
    final = job.finish(0)
    assert final["event"] == "result" and job.result is final and job.state == "done"
    kind, text = job.status()
    assert kind == "ok" and text.startswith("✓ All 3 ranks decoded the same as MPI_Allreduce (S = ")
    assert text.endswith("Theorem 2 agrees.")
    assert "busbw" in times_text(job.result)


def test_a_wrong_rank_names_its_first_wrong_entry():
    job = Job("run", [])
    ranks = result()["ranks"]
    ranks[1] = {
        "rank": 1,
        "ok": False,
        "wrong": 4,
        "first": {"symbol": 2, "element": 0, "got": 7, "expected": 5},
    }
    job.feed(
        line(LAUNCH)
        + line(
            result(
                exit=1,
                ranks=ranks,
                theorem2={"feasible": False, "failing_nodes": [1], "field": "Q", "exact": True},
            )
        )
    )
    job.finish(1)
    assert job.status() == (
        "wrong",
        "✗ rank 1 did NOT decode the sum: symbol k = 2, element 0: "
        "decoded 7, MPI_Allreduce 5 (4 entries wrong)",
    )


def test_floating_point_hiding_an_infeasible_code_is_said():
    job = Job("run", [])
    job.feed(
        line(
            result(
                exit=1,
                hidden_by_float=True,
                theorem2={"feasible": False, "failing_nodes": [1], "field": "Q", "exact": True},
            )
        )
    )
    job.finish(1)
    kind, text = job.status()
    assert kind == "infeasible" and text.startswith("✗ All 3 ranks decoded the same")
    assert "Theorem 2 (exact, over Q) says the code is infeasible: node 1 fails" in text
    assert "Floating point hid it" in text


def test_an_engine_failure_has_no_times_and_one_line():
    job = Job("run", [])
    job.feed(
        line(
            result(
                exit=4,
                error="rank 2 was killed by SIGKILL (on vm); mpiexec then ended the other ranks",
                times={},
                timed_repetitions=0,
            )
        )
    )
    job.finish(4, b"ringlab run: engine failed: rank 2 was killed by SIGKILL\n")
    assert job.result is None and job.error.startswith("rank 2 was killed by SIGKILL")
    assert job.status() == (
        "failed",
        "Engine failed: rank 2 was killed by SIGKILL (on vm); mpiexec then ended the other ranks",
    )


def test_bad_input_cancel_and_a_crash():
    job = Job("run", [])
    job.feed(line({"event": "error", "exit": 2, "message": "--size 7: must be …"}))
    job.finish(2)
    assert job.status() == ("bad-input", "Bad input: --size 7: must be …")
    job = Job("run", [])
    job.feed(line(LAUNCH))
    job.cancelling = True
    assert job.status() == ("busy", "Cancelling: stopping mpiexec and its ranks…")
    job.finish(CANCELLED, b"ringlab run: interrupted\n")
    assert job.status() == ("cancelled", CANCELLED_WORDS) and job.final["event"] == "error"
    job = Job("run", [])
    job.finish(None, b"Traceback\nSegmentation fault\n")
    assert job.status() == (
        "failed",
        "ringlab run ended (killed) without a result: Segmentation fault",
    )


def test_a_calibration_counts_its_own_events():
    job = Job("calibrate", [])
    assert job.status() == ("busy", "Calibrating: ring ping-pong…")
    job.feed(line({"event": "launch", "job": "calibrate", "procs": 2, "sizes": [8, 1024]}))
    assert job.total == 2 + 3 * 2
    job.feed(
        line(
            {
                "event": "pingpong",
                "rank": 0,
                "bytes": 1024,
                "hops": 2,
                "round_trip_s": 2e-5,
                "runs": 5,
            }
        )
    )
    job.feed(
        line(
            {
                "event": "calibration",
                "exit": 0,
                "error": None,
                "procs": 2,
                "alpha_s": 2.5e-6,
                "beta_s_per_byte": 1e-10,
                "oversubscribed": None,
            }
        )
    )
    job.finish(0)
    kind, text = job.status()
    assert kind == "ok" and text.startswith("Calibrated on 2 ranks: α = 2.5 µs, β = 0.1 ns/B")
