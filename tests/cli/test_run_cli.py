"""``ringlab run`` as a user runs it: real mpiexec, real ranks, every exit code, no leftovers.

Each job starts N Pythons (≈ 0.6–1 s here); sizes and repetitions are kept small.  Every test
marks its ranks with a seed of its own and checks afterwards that no process carrying it is
left (mpiexec, Hydra's proxy or a rank).
"""
import json
import os
import signal
import subprocess
import sys
from importlib.util import find_spec

import pytest

from tests._procs import leftovers

pytestmark = pytest.mark.skipif(find_spec("mpi4py") is None,
                                reason="mpi4py is not installed (pip install mpi4py mpich)")

_SEEDS = iter(range(915_000_001, 915_999_999))


def run(*args, env=None, timeout=60):
    return subprocess.run([sys.executable, "-m", "ringlab", "run", *args], capture_output=True,
                          text=True, timeout=timeout, env=dict(os.environ, **(env or {})))


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


@pytest.mark.parametrize("name", ["paper-k1-t2", "paper-k3-t4"])
def test_other_paper_codes(name):
    r = run(f"preset:{name}", "--repeat", "1", "--size", "96")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("✓") == 3


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
    t = res["times"]["coded"]
    # nccl-tests: algbw = S/t, busbw = algbw·2(N−1)/N
    assert t["algbw_Bps"] == pytest.approx(4096 / t["time_s"])
    assert t["busbw_Bps"] == pytest.approx(t["algbw_Bps"] * 2 * 3 / 4)
    # N·T sends, each rank a message of S/K bytes to its successor
    sent = [e for e in ev if e["event"] == "sent"]
    assert len(sent) == 4 * 6 and {(e["rank"], e["to"]) for e in sent} == {(i, (i + 1) % 4) for i in range(4)}
    assert {e["bytes"] for e in sent} == {1024}
    assert leftovers(s) == []


def test_classic_ring_sends_seed_004_on_real_ranks(tmp_path):
    f = tmp_path / "x.json"
    f.write_text(json.dumps([[15, 12, 9, 6], [2, 8, 6, 4], [1, 3, 4, 2], [12, 6, 3, 15]]))
    r = run("preset:classic-ring-n4", "--inputs", str(f), "--repeat", "1", "--json")
    assert r.returncode == 0, r.stderr
    ev = events(r.stdout)
    first = sorted((e["rank"], e["head"][0]) for e in ev if e["event"] == "sent" and e["t"] == 0)
    assert [v for _, v in first] == [15, 8, 4, 15]          # seed 004, step 1
    assert {tuple(e["head"]) for e in ev if e["event"] == "decoded"} == {(30, 29, 22, 27)}


def test_gf2_code_file(tmp_path):
    f = tmp_path / "ring-gf2.ringlab.json"
    subprocess.run([sys.executable, "-m", "ringlab", "preset", "classic-ring-n3", "--field", "GF(2)",
                    "-o", str(f)], check=True, capture_output=True)
    r = run(str(f), "--size", "48", "--repeat", "1")
    assert r.returncode == 0, r.stderr
    assert "over GF(2)" in r.stdout and "byte (8 GF(2) elements)" in r.stdout
    assert r.stdout.count("✓") == 3


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
    assert "Theorem 2 agrees: node(s) 1" in r.stdout


@pytest.mark.parametrize("args, says", [
    (["preset:paper-k3-t4", "--procs", "4"], "--procs 4: the code is for N = 3 nodes"),
    (["preset:paper-k3-t4", "--size", "1000"], "multiple of K × element size = 3 × 8 = 24 bytes"),
    (["preset:paper-k2-t3", "--hostfile", "/nonexistent/hosts"], "--hostfile /nonexistent/hosts: no such file"),
    (["preset:no-such"], "unknown preset 'no-such'"),
    ([], "expected a code"),
])
def test_bad_input_exits_2_with_one_line(args, says):
    r = run(*args)
    assert r.returncode == 2 and r.stdout == ""
    assert says in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_deadlock_exits_4_within_the_timeout_and_leaves_nothing():
    s = next(_SEEDS)
    r = run("preset:paper-k2-t3", "--timeout", "1", "--seed", str(s),
            env={"RINGLAB_ENGINE_FAULT": "deadlock"}, timeout=30)
    assert r.returncode == 4
    err = r.stderr.strip().splitlines()
    assert len(err) == 1 and "no event from the ranks for 1 s (a deadlock or a hung rank)" in err[0]
    assert "rank 0: last event 'sent' at t = 0" in err[0]
    assert leftovers(s) == []


def test_a_dying_rank_exits_4_naming_it():
    s = next(_SEEDS)
    r = run("preset:paper-k2-t3", "--seed", str(s), env={"RINGLAB_ENGINE_FAULT": "die:1"})
    assert r.returncode == 4
    assert "rank 1 died (exit status 3" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert leftovers(s) == []


def test_missing_mpiexec_exits_4():
    r = run("preset:paper-k2-t3", env={"PATH": "/nonexistent", "RINGLAB_MPIEXEC": "mpiexec"})
    assert r.returncode == 4 and r.stdout == ""
    assert r.stderr.strip() == ("ringlab run: engine failed: mpiexec not found: "
                                "RINGLAB_MPIEXEC=mpiexec is not an executable (nor on PATH)")


def test_sigterm_cancels_the_job_and_leaves_nothing():
    # what the app's Cancel does (QProcess.terminate): the job must go with ringlab run
    s = next(_SEEDS)
    p = subprocess.Popen([sys.executable, "-m", "ringlab", "run", "preset:paper-k2-t3", "--json",
                          "--timeout", "60", "--seed", str(s)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True,
                         env=dict(os.environ, RINGLAB_ENGINE_FAULT="deadlock"))
    try:
        for line in p.stdout:              # wait until the ranks are really running
            if json.loads(line)["event"] == "sent":
                break
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=20) == 130
    finally:
        p.kill()
        p.wait()
    assert leftovers(s) == []


def test_calibrate_prints_alpha_beta():
    r = run("--calibrate", "--procs", "2")
    assert r.returncode == 0, r.stderr
    assert "fit h(m) = α + β·m" in r.stdout and "ns/B" in r.stdout
    assert r.stdout.count(" µs") + r.stdout.count(" ms") >= 7
