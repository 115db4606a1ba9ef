"""``ringlab run`` as a user runs it: real mpiexec, real ranks, every exit code, no leftovers.

A job runs as ``python -m ringlab run`` (its process is the parent of mpiexec, the one the app's
Cancel signals); what is refused before anything starts runs in-process (conftest.py).  Jobs on
real ranks are marked slow but for one (``test_paper_code_equals_allreduce``).

Each job starts N Pythons (≈ 0.6–1 s here, much more on a loaded machine); sizes and
repetitions are kept small.  No assertion rests on a wall-clock margin: the silence timeout
counts only once every rank is ready, and tests that need a job to end by a timeout make it
hang for good (``RINGLAB_ENGINE_FAULT``).  Every test's processes carry a mark in their
environment (mpiexec passes it to its proxies and ranks): after each test none may be alive.
"""

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from importlib.util import find_spec
from pathlib import Path

import pytest

from tests._procs import leftovers

pytestmark = pytest.mark.skipif(
    find_spec("mpi4py") is None, reason="mpi4py is not installed (pip install mpi4py mpich)"
)

_SEEDS = iter(range(915_000_001, 915_999_999))
_MARK = "RINGLAB_TEST_RUN_MARK"
_mark = {"value": ""}


def marked(value: str) -> list[str]:
    """Live processes (not zombies) whose environment carries this test's mark."""
    out = []
    needle = f"{_MARK}={value}".encode()
    for d in os.listdir("/proc"):
        if not d.isdigit() or int(d) == os.getpid():
            continue
        try:
            if needle not in Path(f"/proc/{d}/environ").read_bytes().split(b"\0"):
                continue
            state = Path(f"/proc/{d}/stat").read_text().rsplit(")", 1)[1].split()[0]
            cmd = (
                Path(f"/proc/{d}/cmdline")
                .read_bytes()
                .replace(b"\0", b" ")
                .decode(errors="replace")
            )
        except OSError:
            continue
        if state != "Z":
            out.append(f"{d}: {cmd[:120]}")
    return out


@pytest.fixture(autouse=True)
def nothing_left_behind(request):
    """No process of a test's jobs survives it (mpiexec, Hydra's proxy, a rank)."""
    _mark["value"] = f"{os.getpid()}-{request.node.name}"
    yield
    left = marked(_mark["value"])
    for _ in range(50):  # a SIGKILLed process may take a moment to be reaped
        if not left:
            break
        time.sleep(0.1)
        left = marked(_mark["value"])
    assert left == [], "processes left behind"


def run(*args, env=None, timeout=120):
    return subprocess.run(
        [sys.executable, "-m", "ringlab", "run", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(os.environ, **{_MARK: _mark["value"]}, **(env or {})),
    )


def popen(*args, env=None):
    return subprocess.Popen(
        [sys.executable, "-m", "ringlab", "run", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, **{_MARK: _mark["value"]}, **(env or {})),
    )


def events(stdout: str) -> list[dict]:
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def test_paper_code_equals_allreduce():
    s = next(_SEEDS)
    r = run("preset:paper-k2-t3", "--repeat", "2", "--seed", str(s))
    assert r.returncode == 0, r.stderr
    assert "All 3 ranks decoded the same as MPI_Allreduce" in r.stdout
    assert r.stdout.count("decoded = MPI_Allreduce ✓") == 3
    assert "algbw" in r.stdout and "busbw" in r.stdout and "median of 2 repetitions" in r.stdout
    assert "3 ranks on 2 cores" not in r.stdout or "scheduler" in r.stdout
    assert leftovers(s) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start
@pytest.mark.parametrize("name", ["paper-k1-t2", "paper-k3-t4"])
def test_other_paper_codes(name):
    r = run(f"preset:{name}", "--repeat", "1", "--size", "96")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("✓") == 3


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_classic_ring_json_lines_with_size():
    s = next(_SEEDS)
    r = run("preset:classic-ring-n4", "--size", "4096", "--repeat", "3", "--json", "--seed", str(s))
    assert r.returncode == 0, r.stderr
    ev = events(r.stdout)
    assert ev[0]["event"] == "launch" and ev[0]["bytes"] == 4096 and ev[0]["block"] == 128
    res = ev[-1]
    assert res["event"] == "result" and res["exit"] == 0 and res["procs"] == 4
    assert [k["ok"] for k in res["ranks"]] == [True] * 4
    assert res["timed_repetitions"] == 3
    assert 0 < res["ready_s"] <= res["wall_s"]  # when the last rank said it was ready
    t = res["times"]["coded"]
    # nccl-tests: algbw = S/t, busbw = algbw·2(N−1)/N
    assert t["algbw_Bps"] == pytest.approx(4096 / t["time_s"])
    assert t["busbw_Bps"] == pytest.approx(t["algbw_Bps"] * 2 * 3 / 4)
    # N·T sends, each rank a message of S/K bytes to its successor
    sent = [e for e in ev if e["event"] == "sent"]
    assert len(sent) == 4 * 6 and {(e["rank"], e["to"]) for e in sent} == {
        (i, (i + 1) % 4) for i in range(4)
    }
    assert {e["bytes"] for e in sent} == {1024}
    assert leftovers(s) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_classic_ring_sends_seed_004_on_real_ranks(tmp_path):
    f = tmp_path / "x.json"
    f.write_text(json.dumps([[15, 12, 9, 6], [2, 8, 6, 4], [1, 3, 4, 2], [12, 6, 3, 15]]))
    r = run("preset:classic-ring-n4", "--inputs", str(f), "--repeat", "1", "--json")
    assert r.returncode == 0, r.stderr
    ev = events(r.stdout)
    first = sorted((e["rank"], e["head"][0]) for e in ev if e["event"] == "sent" and e["t"] == 0)
    assert [v for _, v in first] == [15, 8, 4, 15]  # seed 004, step 1
    assert {tuple(e["head"]) for e in ev if e["event"] == "decoded"} == {(30, 29, 22, 27)}


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_gf2_code_file(tmp_path, ringlab):
    f = tmp_path / "ring-gf2.ringlab.json"
    assert ringlab("preset", "classic-ring-n3", "--field", "GF(2)", "-o", f).returncode == 0
    r = run(str(f), "--size", "48", "--repeat", "1")
    assert r.returncode == 0, r.stderr
    assert "over GF(2)" in r.stdout and "byte (8 GF(2) elements)" in r.stdout
    assert r.stdout.count("✓") == 3


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_wrong_code_exits_1_naming_rank_and_entry(tmp_path):
    from ringlab import preset
    from ringlab.core.codefile import code_to_dict

    d = code_to_dict(preset("paper-k2-t3"))
    d["nodes"][1]["R"][1][2] = 2
    f = tmp_path / "wrong.ringlab.json"
    f.write_text(json.dumps(d))
    r = run(str(f), "--size", "64", "--repeat", "1")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "rank 1 on" in r.stdout and "WRONG" in r.stdout and "symbol k = 2, element 0" in r.stdout
    assert "Rank 1 did NOT decode the sum. Theorem 2 agrees: node 1 fails eq. (5)/(6)" in r.stdout


@pytest.mark.parametrize(
    "args, says",
    [
        (["preset:paper-k3-t4", "--procs", "4"], "--procs 4: the code is for N = 3 nodes"),
        (
            ["preset:paper-k3-t4", "--size", "1000"],
            "multiple of K × element size = 3 × 8 = 24 bytes",
        ),
        (
            ["preset:paper-k2-t3", "--hostfile", "/nonexistent/hosts"],
            "--hostfile /nonexistent/hosts: no such file",
        ),
        (["preset:no-such"], "unknown preset 'no-such'"),
        ([], "expected a code"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, says, ringlab):
    r = ringlab("run", *args)
    assert r.returncode == 2 and r.stdout == ""
    assert says in r.stderr and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_deadlock_exits_4_within_the_timeout_and_leaves_nothing():
    # the silence timeout counts from the moment every rank is ready: then each rank has sent
    # its first symbol and waits for one that never comes, however slowly the ranks started
    s = next(_SEEDS)
    r = run(
        "preset:paper-k2-t3",
        "--timeout",
        "4",
        "--seed",
        str(s),
        env={"RINGLAB_ENGINE_FAULT": "deadlock"},
    )
    assert r.returncode == 4
    err = r.stderr.strip().splitlines()
    assert len(err) == 1, r.stderr
    assert (
        "no event from the ranks for 4 s after all 3 were ready (a deadlock or a hung rank)"
        in err[0]
    )
    for rank in range(3):
        assert f"rank {rank}: last event 'sent' at t = 0" in err[0]
    assert "Times" not in r.stdout and "starting ranks" not in r.stderr
    assert leftovers(s) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_a_start_up_that_never_ends_is_not_called_a_deadlock():
    # rank 1 never gets ready: its start-up runs out of time, whatever the others did meanwhile
    s = next(_SEEDS)
    r = run(
        "preset:paper-k2-t3",
        "--startup-timeout",
        "3",
        "--timeout",
        "1",
        "--seed",
        str(s),
        env={"RINGLAB_ENGINE_FAULT": "hang-setup:1"},
    )
    assert r.returncode == 4
    err = r.stderr.strip().splitlines()
    assert len(err) == 1, r.stderr
    m = re.search(
        r"ran out of time starting ranks \(([012]) of 3 ready after 3 s; 3 ranks on "
        r"(\d+) cores?\): (ranks? [\d, ]+) not ready; allow more with --startup-timeout S",
        err[0],
    )
    assert m, err[0]
    assert "1" in m.group(3).split(" ", 1)[1].split(", ")
    assert "deadlock" not in err[0] and "Times" not in r.stdout
    assert leftovers(s) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_a_tiny_start_up_budget_says_starting_ranks():
    s = next(_SEEDS)
    r = run("preset:classic-ring-n4", "--startup-timeout", "0.001", "--seed", str(s), "--json")
    assert r.returncode == 4
    res = events(r.stdout)[-1]
    assert res["event"] == "result" and res["exit"] == 4
    assert res["error"].startswith(
        "ran out of time starting ranks (0 of 4 ready after 0.001 s; 4 ranks on "
    )
    assert res["times"] == {} and res["timed_repetitions"] == 0
    assert leftovers(s) == []


def test_the_start_up_budget_is_in_the_help(ringlab):
    r = ringlab("run", "--help")
    assert r.returncode == 0
    text = " ".join(r.stdout.split())
    assert "--startup-timeout S" in text
    assert "10 s + 3 s per rank per core + 10 s per GiB of data per core" in text
    assert "once every rank is ready" in text


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_a_dying_rank_exits_4_naming_it():
    s = next(_SEEDS)
    r = run("preset:paper-k2-t3", "--seed", str(s), env={"RINGLAB_ENGINE_FAULT": "die:1"})
    assert r.returncode == 4
    assert "rank 1 died (exit status 3" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Times" not in r.stdout
    assert leftovers(s) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_a_rank_killed_by_sigkill_is_named_with_the_signal_and_no_times():
    # rank 2 dies in the middle of the timed repetitions (the OOM killer does this): the
    # message names the rank and the signal, not mpiexec's status, and no time is reported
    s = next(_SEEDS)
    p = popen(
        "preset:paper-k2-t3", "--json", "--size", "64", "--repeat", "1000000", "--seed", str(s)
    )
    try:
        pid = None
        for line in p.stdout:
            ev = json.loads(line)
            if ev["event"] == "ready" and ev["rank"] == 2:
                pid = ev["pid"]
            if ev["event"] == "timing" and pid is not None:
                os.kill(pid, signal.SIGKILL)
                break
        # the rest through the same text buffer the loop read from: communicate() reads the
        # pipe itself, so the part of a line that buffer already held was lost (and the next
        # line came out cut: "k": 0, "rep": 24, ...}), a failure one run in many
        stop = threading.Timer(60, p.kill)
        stop.start()
        try:
            out, err = p.stdout.read(), p.stderr.read()
        finally:
            stop.cancel()
    finally:
        p.kill()
        p.wait()
    assert p.returncode == 4
    res = [e for e in events(out) if e["event"] == "result"][-1]
    assert res["exit"] == 4
    assert res["error"].startswith("rank 2 was killed by SIGKILL (last event ")
    assert "mpiexec exited with status" not in res["error"]
    assert res["times"] == {} and res["timed_repetitions"] == 0
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "rank 2 was killed by SIGKILL" in lines[0]
    assert leftovers(s) == []


def test_a_size_beyond_free_memory_is_refused_before_anything_starts(ringlab):
    r = ringlab("run", "preset:paper-k2-t3", "--size", "1024GiB")
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert re.search(
        r"--size 1099511627776 \(.*\): the 3 ranks would need about [\d.e+]+ [KMGT]?B "
        r"of memory .* but only [\d.e+]+ [KMGT]?B is free",
        lines[0],
    ), lines[0]
    assert "give a smaller --size" in lines[0] and "MemoryError" not in r.stderr


def _near_feasible(tmp_path) -> Path:
    """The K = 2, T = 3 code with one coefficient 1 + 10⁻¹²: infeasible, by 10⁻¹²."""
    from ringlab import preset
    from ringlab.core.codefile import load_code, save_code

    code = preset("paper-k2-t3").with_entry(0, "M", 2, 0, "1000000000001/1000000000000")
    f = save_code(code, tmp_path / "near.ringlab.json")
    assert load_code(f) == code
    return f


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_floating_point_does_not_hide_an_infeasible_code(tmp_path, ringlab):
    f = _near_feasible(tmp_path)
    check = ringlab("check", f)
    assert check.returncode == 1  # Theorem 2, exact rationals
    s = next(_SEEDS)
    r = run(str(f), "--size", "64", "--repeat", "1", "--seed", str(s))
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout.count("decoded = MPI_Allreduce ✓") == 3  # the measured verdict …
    verdict = next(line for line in r.stdout.splitlines() if line.startswith("All 3 ranks"))
    assert "but Theorem 2 (exact, over Q) says the code is infeasible: node 1 fails" in verdict
    assert f"`ringlab check {f}`" in verdict  # … and the exact one beside it
    assert "Floating point hid it" in verdict
    r = run(str(f), "--size", "64", "--repeat", "1", "--seed", str(s), "--json")
    res = events(r.stdout)[-1]
    assert r.returncode == 1 and res["exit"] == 1 and res["hidden_by_float"] is True
    assert res["theorem2"] == {"feasible": False, "failing_nodes": [1], "field": "Q", "exact": True}
    assert [k["ok"] for k in res["ranks"]] == [True] * 3
    assert leftovers(s) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_a_feasible_code_reports_theorem_2_beside_the_measurement():
    r = run("preset:paper-k1-t2", "--size", "64", "--repeat", "1", "--json")
    res = events(r.stdout)[-1]
    assert r.returncode == 0 and res["theorem2"]["feasible"] and not res["hidden_by_float"]


def test_missing_mpiexec_exits_4(ringlab, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.setenv("RINGLAB_MPIEXEC", "mpiexec")
    r = ringlab("run", "preset:paper-k2-t3")
    assert r.returncode == 4 and r.stdout == ""
    assert r.stderr.strip() == (
        "ringlab run: engine failed: mpiexec not found: "
        "RINGLAB_MPIEXEC=mpiexec is not an executable (nor on PATH)"
    )


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_sigterm_cancels_the_job_and_leaves_nothing():
    # what the app's Cancel does (QProcess.terminate): the job must go with ringlab run
    s = next(_SEEDS)
    p = popen(
        "preset:paper-k2-t3",
        "--json",
        "--timeout",
        "60",
        "--seed",
        str(s),
        env={"RINGLAB_ENGINE_FAULT": "deadlock"},
    )
    try:
        for line in p.stdout:  # wait until the ranks are really running
            if json.loads(line)["event"] == "sent":
                break
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=20) == 130
    finally:
        p.kill()
        p.wait()
    assert leftovers(s) == []


@pytest.mark.slow  # real mpiexec: N Python ranks start
def test_calibrate_prints_alpha_beta():
    r = run("--calibrate", "--procs", "2")
    assert r.returncode == 0, r.stderr
    assert "fit h(m) = α + β·m" in r.stdout and "ns/B" in r.stdout
    assert r.stdout.count(" µs") + r.stdout.count(" ms") >= 7
