"""The engine: block arithmetic per field against independent sums, and jobs on real MPI ranks.

Expected values come from outside the engine: numpy sums of the data (float sum, XOR, integer
sum mod p, digit-wise sum for GF(3^2) written here), seed 004's printed sends, Theorem 2's
verdict (core), and hand-made numbers for the α-β fit and Hydra's exit-code line.
"""

import json
from importlib.util import find_spec
from pathlib import Path

import numpy as np
import pytest

from ringlab import RinglabError, preset
from ringlab.core.codefile import code_to_dict
from ringlab.engine import host
from ringlab.engine.arith import arith_for
from ringlab.engine.launch import JobOutcome, plan, run_code, silence_budget, startup_budget
from ringlab.engine.mpiexec import _bad_termination, _statuses
from ringlab.engine.node import loopback, node_data, node_program, node_programs
from ringlab.engine.results import exact_verdict, failure, fit_alpha_beta, verdict

needs_mpi = pytest.mark.skipif(
    find_spec("mpi4py") is None, reason="mpi4py is not installed (pip install mpi4py mpich)"
)

CODES = ["paper-k1-t2", "paper-k2-t3", "paper-k3-t4", "classic-ring-n4", "time-shared-k5"]


def _gf3_2_sum(data):
    """GF(9) elements as base-3 digit pairs: the sum adds digits mod 3 (no tables involved)."""
    lo = sum(d % 3 for d in data) % 3
    hi = sum(d // 3 for d in data) % 3
    return hi * 3 + lo


def independent_sum(field, data):
    if field in ("Q", "R"):
        return np.sum(np.stack(data), axis=0)
    if field in ("GF(2)", "GF(2^8)", "GF(2^12)"):  # characteristic 2: + is XOR
        return np.bitwise_xor.reduce(np.stack(data), axis=0)
    if field == "GF(3^2)":
        return _gf3_2_sum([d.astype(np.int64) for d in data])
    p = int(field[3:-1])
    return np.array(sum(d.astype(object) for d in data) % p, dtype=np.int64)


@pytest.mark.parametrize(
    "field", ["Q", "R", "GF(2)", "GF(7)", "GF(2^8)", "GF(3^2)", "GF(2^12)", "GF(2147483647)"]
)
@pytest.mark.parametrize("name", CODES)
def test_every_node_decodes_the_sum(name, field):
    code = preset(name, field)
    a = arith_for(code.field)
    data = [node_data(a, 7, i, code.K, 24) for i in range(code.N)]
    decoded, _ = loopback(code, data)
    want = independent_sum(field, data)
    for i, z in enumerate(decoded):
        if field in ("Q", "R"):
            np.testing.assert_allclose(z, want, rtol=1e-9, atol=1e-9, err_msg=f"node {i}")
        else:
            assert np.array_equal(z, want), f"node {i}"


def test_gf2_is_xor_on_whole_words():
    code = preset("classic-ring-n4", "GF(2)")
    a = arith_for(code.field)
    assert (a.dtype, a.itemsize) == (np.uint8, 1)  # one byte holds 8 GF(2) elements
    x = [np.full((4, 16), v, dtype=np.uint8) for v in (0b1010_1010, 0b0110_0110, 0b1111_0000, 1)]
    decoded, _ = loopback(code, x)
    assert all((z == (0b1010_1010 ^ 0b0110_0110 ^ 0b1111_0000 ^ 1)).all() for z in decoded)


def test_classic_ring_sends_seed_004s_numbers():
    # seed 004: core i's partial X_i·W_i, one element per chunk; what each core sends per step
    x = [[15, 12, 9, 6], [2, 8, 6, 4], [1, 3, 4, 2], [12, 6, 3, 15]]
    sends = [
        [15, 8, 4, 15],
        [21, 17, 11, 7],
        [16, 25, 18, 17],
        [29, 22, 27, 30],
        [30, 29, 22, 27],
        [27, 30, 29, 22],
    ]
    code = preset("classic-ring-n4")
    decoded, sent = loopback(code, [np.array(r, dtype=float).reshape(4, 1) for r in x])
    assert [[float(sent[i][t][0]) for i in range(4)] for t in range(6)] == sends
    assert all(z.ravel().tolist() == [30, 29, 22, 27] for z in decoded)


def test_alpha_beta_fit_recovers_a_line():
    alpha, beta = 5e-6, 2.5e-10
    pts = [(m, alpha + beta * m) for m in (8, 1024, 65536, 1 << 20)]
    a, b = fit_alpha_beta(pts)
    assert a == pytest.approx(alpha, rel=1e-9) and b == pytest.approx(beta, rel=1e-9)


def test_hydra_exit_codes_line():
    assert _statuses(["x", "[mpiexec@vm] Exit codes: [vm] 9,0,768"]) == [9, 0, 768]
    assert _statuses(["[mpiexec@a] Exit codes: [node-01] 0,0 [10.0.0.2] 768"]) == [0, 0, 768]
    assert _statuses(["nothing"]) is None


HYDRA_KILLED = [  # what Hydra printed here when rank 2 (pid 30457) was sent SIGKILL
    "===================================================================================",
    "=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES",
    "=   PID 30457 RUNNING AT vm",
    "=   EXIT CODE: 9",
    "=   CLEANING UP REMAINING PROCESSES",
    "=   YOU CAN IGNORE THE BELOW CLEANUP MESSAGES",
    "===================================================================================",
    "[mpiexec@vm] Exit codes: [vm] 0,9,9",
    "YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Killed (signal 9)",
    "This typically refers to a problem with your application.",
]


def _job(events, **kw) -> JobOutcome:
    j = JobOutcome(events=events, procs=3, cores=2, **kw)
    j.ready = {e["rank"] for e in events if e["event"] == "ready"}
    return j


def _ev(rank, event, **kw):
    return {"event": event, "rank": rank, **kw}


def test_a_rank_killed_by_a_signal_is_named_by_its_supervisor():
    # Hydra SIGKILLs every rank once one dies: its statuses cannot tell; the supervisor can
    noise = ["[mpiexec@vm] Exit codes: [vm] 9,9,9"]
    evs = [_ev(r, "ready", pid=100 + r) for r in range(3)] + [
        _ev(0, "sent", t=0),
        _ev(2, "died", pid=102, signal=9, name="SIGKILL"),
    ]
    j = _job(evs, noise=noise, returncode=9, exit_statuses=_statuses(noise))
    assert failure(j, 3) == (
        "rank 2 was killed by SIGKILL (last event 'ready'); mpiexec then ended the other ranks"
    )


def test_without_a_supervisor_hydras_report_is_read():
    assert _bad_termination(HYDRA_KILLED) == {"pid": 30457, "host": "vm", "code": 9, "signal": 9}
    evs = [_ev(r, "ready", pid=30455 + r) for r in range(3)] + [_ev(0, "sent", t=0)]
    j = _job(
        evs,
        noise=HYDRA_KILLED,
        returncode=9,
        exit_statuses=_statuses(HYDRA_KILLED),
        bad_termination=_bad_termination(HYDRA_KILLED),
    )
    assert failure(j, 3) == (
        "rank 2 was killed by SIGKILL (on vm; last event 'ready'); mpiexec then "
        "ended the other ranks"
    )
    # Hydra's statuses alone would blame rank 1 (its cleanup SIGKILLs the others too)
    assert j.exit_statuses == [0, 9, 9]


def test_a_rank_that_exits_is_named_even_when_hydra_reports_a_cleaned_up_one():
    # die:1 here: rank 1 exits with status 3, Hydra SIGKILLs rank 0 and reports *that* pid
    noise = [
        "=   PID 12997 RUNNING AT vm",
        "=   EXIT CODE: 9",
        "[mpiexec@vm] Exit codes: [vm] 9,768,0",
        "YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Killed (signal 9)",
    ]
    evs = [_ev(r, "ready", pid=12997 + r) for r in range(3)]
    j = _job(
        evs,
        noise=noise,
        returncode=9,
        exit_statuses=_statuses(noise),
        bad_termination=_bad_termination(noise),
    )
    assert failure(j, 3) == (
        "rank 1 died (exit status 3; last event 'ready'); mpiexec then ended the other ranks"
    )


def test_start_up_out_of_time_is_not_a_deadlock():
    evs = [_ev(0, "start", pid=1), _ev(0, "ready", pid=1), _ev(2, "start", pid=3)]
    j = _job(evs, startup_ran_out=True, startup=14.5, returncode=-15)
    assert failure(j, 3) == (
        "ran out of time starting ranks (1 of 3 ready after 14.5 s; 3 ranks on "
        "2 cores): ranks 1, 2 not ready; allow more with --startup-timeout S"
    )


def test_silence_after_everyone_is_ready_names_each_ranks_last_event():
    evs = [_ev(r, "ready", pid=r) for r in range(3)] + [_ev(r, "sent", t=0) for r in range(3)]
    j = _job(evs, timed_out=True, timeout=4.0, returncode=-15)
    assert failure(j, 3) == (
        "no event from the ranks for 4 s after all 3 were ready (a deadlock or "
        "a hung rank), so the job was stopped; rank 0: last event 'sent' at "
        "t = 0; rank 1: last event 'sent' at t = 0; rank 2: last event 'sent' "
        "at t = 0"
    )


def test_budgets_grow_with_ranks_and_data_per_core():
    assert startup_budget(32, 0, cores=2) == 10 + 3 * 16  # 58 s, said in --help
    assert startup_budget(4, 1 << 30, cores=2) == 10 + 3 * 2 + 10 * 2
    assert startup_budget(2, 0, cores=8) == 10 + 3 * 0.25
    assert silence_budget(3, 0, cores=2) == 10
    assert silence_budget(3, 1 << 30, cores=2) == 10 + 20 * 1.5


def test_plan_refuses_data_beyond_free_memory(monkeypatch):
    monkeypatch.setattr(host, "available_memory", lambda: (1 << 30, "MemAvailable"))
    code = preset("paper-k2-t3")
    p = plan("preset:paper-k2-t3", code, size=1 << 20)  # 3 × (14 × 512 KiB + 80 MiB) fits
    assert p.bytes == 1 << 20
    with pytest.raises(RinglabError) as e:
        plan("preset:paper-k2-t3", code, size=1 << 28)
    assert str(e.value) == (
        "--size 268435456 (268.4 MB): the 3 ranks would need about 5.889 GB of memory (each 14 "
        "blocks of 134.2 MB: its data, what it receives, its decode, MPI_Allreduce's sum, "
        "temporaries; plus 83.89 MB for the process) but only 1.074 GB is free (MemAvailable): "
        "give a smaller --size"
    )
    # across machines (a host file) the memory is not here: not checked
    monkeypatch.setattr(host, "available_memory", lambda: (1, "MemAvailable"))
    hosts = Path(__file__)
    assert plan("preset:paper-k2-t3", code, size=1 << 28, hostfile=str(hosts)).bytes == 1 << 28


def test_one_nodes_program_is_that_node_of_all_programs():
    code = preset("paper-k2-t3")
    for i, whole in enumerate(node_programs(code)):
        one = node_program(code, i)
        assert all(
            np.array_equal(getattr(one, m), getattr(whole, m)) for m in ("M", "Lam", "R", "Tr")
        )


def test_the_verdict_puts_theorem_2_beside_the_measurement():
    near = preset("paper-k2-t3").with_entry(0, "M", 2, 0, "1000000000001/1000000000000")
    ex = exact_verdict(near)
    assert (ex.feasible, ex.failing, ex.exact) == (False, (1,), True)
    ranks = [{"rank": r, "ok": True} for r in range(3)]
    r = {"error": None, "field": "Q", "procs": 3, "ranks": ranks, "theorem2": ex.to_json()}
    kind, line = verdict(r, see="`ringlab check near.json`")
    assert kind == "infeasible" and "Floating point hid it" in line
    assert (
        "Theorem 2 (exact, over Q) says the code is infeasible: node 1 fails eq. (5)/(6), see "
        "`ringlab check near.json`" in line
    )
    r["theorem2"] = exact_verdict(preset("paper-k2-t3")).to_json()
    assert verdict(r) == (
        "ok",
        "All 3 ranks decoded the same as MPI_Allreduce (Q: within 1e-9 + "
        "1e-9·|sum|); Theorem 2 (exact, over Q) agrees: feasible.",
    )
    r["ranks"][2]["ok"] = False
    assert verdict(r)[0] == "wrong" and "the engine's fault" in verdict(r)[1]
    r["error"] = "rank 2 was killed by SIGKILL"
    assert verdict(r) == ("failed", "Engine failed: rank 2 was killed by SIGKILL")


def test_plan_refuses_with_what_is_expected():
    code = preset("paper-k3-t4")
    with pytest.raises(RinglabError, match=r"--procs 4: the code is for N = 3 .* give 3"):
        plan("preset:paper-k3-t4", code, procs=4)
    with pytest.raises(
        RinglabError,
        match=r"multiple of K × element size = 3 × 8 = 24 bytes.*"
        r"nearest: 999984 or 1000008",
    ):
        plan("preset:paper-k3-t4", code, size=1_000_000)
    p = plan("preset:paper-k3-t4", preset("paper-k3-t4", "GF(2)"), size=300)
    assert (p.block, p.bytes) == (100, 300)


# -- on real ranks ------------------------------------------------------------------------------


@needs_mpi
def test_gf2_code_equals_mpi_bxor_on_ranks():
    code = preset("paper-k2-t3", "GF(2)")
    res = run_code(plan("preset:paper-k2-t3", code, field="GF(2)", size=64, repeat=1))
    assert res.exit_code == 0, res.error
    assert sorted(res.decoded) == [0, 1, 2] and all(d["ok"] for d in res.decoded.values())
    want = independent_sum(
        "GF(2)", [node_data(arith_for(code.field), 0, i, 2, 32) for i in range(3)]
    )
    got = res.decoded[0]["head"]
    assert got == [f"0x{v:02x}" for v in want.ravel()[:4]]


@needs_mpi
def test_wrong_code_is_caught_at_the_right_rank_and_entry(tmp_path):
    d = code_to_dict(preset("paper-k2-t3"))
    d["nodes"][1]["R"][1][2] = 2  # R_1 row 1 (symbol k = 2) reads s^(3) twice
    f = tmp_path / "wrong.ringlab.json"
    f.write_text(json.dumps(d))
    from ringlab.core.codefile import load_code
    from ringlab.core.theorem2 import theorem2_report

    code = load_code(f)
    assert [i for i in range(3) if not theorem2_report(code).node_ok(i)] == [1]
    res = run_code(plan(str(f), code, size=64, repeat=1))
    assert res.exit_code == 1 and res.wrong_ranks == [1] and res.error is None
    first = res.decoded[1]["first"]
    assert (first["symbol"], first["element"]) == (2, 0)
    # the decoded value is the sum plus one extra copy of what rank 1 received at time 3
    x = [node_data(arith_for(code.field), 0, i, 2, 4) for i in range(3)]
    want = np.sum(np.stack(x), axis=0)
    s3 = next(
        e for e in res.job.events if e["event"] == "received" and e["rank"] == 1 and e["t"] == 3
    )
    assert first["expected"] == want[1, 0] and first["got"] == want[1, 0] + s3["head"][0]


@needs_mpi
def test_odd_characteristic_extension_uses_its_own_mpi_op():
    # GF(3^2) has no MPI built-in sum: the ranks reduce with a user-defined op (the core's add)
    code = preset("paper-k1-t2", "GF(3^2)")
    res = run_code(plan("preset:paper-k1-t2", code, field="GF(3^2)", size=64, repeat=1))
    assert res.exit_code == 0, res.error
    want = _gf3_2_sum([node_data(arith_for(code.field), 0, i, 1, 8) for i in range(3)])
    assert all(d["head"] == want.ravel()[:4].tolist() for d in res.decoded.values())
