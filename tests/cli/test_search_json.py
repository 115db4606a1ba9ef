"""``ringlab search --json`` as a script runs it (in-process, conftest.py): one JSON object on
stdout whatever the answer, the same exit codes as the lines (0 found, 1 impossible,
3 undecided, 2 bad input with one line on stderr and nothing on stdout).  Expected answers are
the paper's: the K = 2, T = 3 code exists on 3 nodes and needs coding (Appendix: no routing
code), Proposition 1's T ≥ K + N − 2, and Theorem 3's rate 3/4 on 3 nodes."""

import json
from functools import partial

import pytest

from ringlab import check, loads_code, reduce_multicast_shape


@pytest.fixture
def run(ringlab):
    def search(*args):
        r = ringlab("search", *args, "--json")
        answer = json.loads(r.stdout) if r.stdout.strip() else None
        return r, answer

    return search


def test_a_found_code_is_in_the_object_and_checks_feasible(run):
    r, a = run("--N", "3", "--K", "2", "--T", "3")
    assert r.returncode == 0 == a["exit_code"], r.stderr
    assert (a["status"], a["N"], a["K"], a["T"], a["field"]) == ("found", 3, 2, 3, "GF(2)")
    assert (a["ring"], a["class"], a["routing_only"], a["proof"]) == (
        "one-way",
        "general linear codes",
        False,
        None,
    )
    code = loads_code(json.dumps(a["code"]))
    assert check(code).feasible and not reduce_multicast_shape(code).ok  # the Appendix
    assert a["encoding_version"] >= 3 and a["variables"] > 0 and a["seconds"] >= 0
    assert a["summary"].startswith("found a feasible code")
    assert "ringlab search:" in r.stderr  # the progress line stays on stderr


def test_no_routing_code_at_k2_t3_is_impossible_by_sat(run, tmp_path):
    out = tmp_path / "x.ringlab.json"
    r, a = run("--N", "3", "--K", "2", "--T", "3", "--routing-only", "-o", out)
    assert r.returncode == 1 == a["exit_code"]
    assert (a["status"], a["proof"], a["routing_only"]) == ("impossible", "SAT", True)
    assert a["class"].startswith("routing only") and "file" not in a and not out.exists()


def test_proposition1_needs_no_solver(run):
    r, a = run("--N", "3", "--K", "4", "--T", "4")  # K + N − 2 = 5 > 4
    assert r.returncode == 1 and (a["status"], a["proof"]) == ("impossible", "Proposition 1")


def test_o_writes_the_file_and_the_object_names_it(run, tmp_path):
    out = tmp_path / "k3t4.ringlab.json"
    r, a = run("--N", "3", "--K", "3", "--T", "4", "--field", "GF(2^2)", "-o", out)
    assert r.returncode == 0 and a["status"] == "found" and a["field"] == "GF(2^2)"
    assert a["file"] == str(out) and "code" not in a
    assert check(loads_code(out.read_text())).feasible


def test_undecided_is_exit_3_with_its_seconds(run):
    # Theorem 3: rate 4/5 > 3/4 on 3 nodes, which the plain encoding does not prove in 1 s
    r, a = run("--N", "3", "--K", "4", "--T", "5", "--encoding", "plain", "--timeout", "1")
    assert r.returncode == 3 == a["exit_code"], r.stderr
    assert a["status"] == "undecided" and a["timeout"] == 1.0 and a["seconds"] >= 0


def test_the_two_way_ring_answers_in_the_same_object(run):
    r, a = run("--N", "4", "--K", "4", "--T", "2", "--ring", "two-way")
    assert r.returncode == 1 and a["ring"] == "two-way" and a["status"] == "impossible"
    assert a["proof"] == "source cut" and "encoding_version" not in a


@pytest.mark.parametrize(
    "args, says",
    [
        (["--N", "3", "--K", "2", "--T", "0"], "T"),
        (["--N", "3", "--K", "2", "--T", "3", "--field", "GF(6)"], "GF(6)"),
    ],
)
def test_bad_input_is_one_line_and_no_object(ringlab, args, says):
    r = partial(ringlab, "search")(*args, "--json")
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and says in r.stderr


def test_ctrl_c_gives_a_cancelled_object_and_leaves_no_solver():
    """Ctrl+C (SIGINT) while the worker solves: the object says "cancelled", exit 3, and the
    solver process is gone (a process of its own here: the signal is what is tested)."""
    import signal
    import subprocess
    import sys

    p = subprocess.Popen(
        [sys.executable, "-m", "ringlab", "search", "--N", "6", "--K", "8", "--T", "13"]
        + ["--field", "GF(2^3)", "--timeout", "600", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    first = p.stderr.readline()  # the progress line: the worker has started
    assert first.startswith("ringlab search:"), first
    kids = subprocess.run(
        ["ps", "-o", "pid=,args=", "--ppid", str(p.pid)], capture_output=True, text=True
    ).stdout.split("\n")
    workers = [int(x.split()[0]) for x in kids if "_worker" in x]
    assert workers, kids
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    a = json.loads(out)
    assert p.returncode == 3 == a["exit_code"] and a["status"] == "cancelled", err
    assert a["summary"].startswith("cancelled: N = 6, K = 8, T = 13 over GF(2^3)")
    for pid in workers:  # gone (or a zombie no one waits for: not a solver either way)
        state = subprocess.run(
            ["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True
        )
        assert state.stdout.strip() in ("", "Z"), (pid, state.stdout)
