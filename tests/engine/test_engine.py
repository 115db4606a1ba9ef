"""The engine: block arithmetic per field against independent sums, and jobs on real MPI ranks.

Expected values come from outside the engine: numpy sums of the data (float sum, XOR, integer
sum mod p, digit-wise sum for GF(3^2) written here), seed 004's printed sends, Theorem 2's
verdict (core), and hand-made numbers for the α-β fit and Hydra's exit-code line.
"""
import json
from importlib.util import find_spec

import numpy as np
import pytest

from ringlab import RinglabError, preset
from ringlab.core.codefile import code_to_dict
from ringlab.engine.arith import arith_for
from ringlab.engine.launch import _statuses, plan, run_code
from ringlab.engine.node import loopback, node_data
from ringlab.engine.results import fit_alpha_beta

needs_mpi = pytest.mark.skipif(find_spec("mpi4py") is None,
                               reason="mpi4py is not installed (pip install mpi4py mpich)")

CODES = ["paper-k1-t2", "paper-k2-t3", "paper-k3-t4", "classic-ring-n4", "time-shared-k5"]


def _gf3_2_sum(data):
    """GF(9) elements as base-3 digit pairs: the sum adds digits mod 3 (no tables involved)."""
    lo = sum(d % 3 for d in data) % 3
    hi = sum(d // 3 for d in data) % 3
    return hi * 3 + lo


def independent_sum(field, data):
    if field in ("Q", "R"):
        return np.sum(np.stack(data), axis=0)
    if field in ("GF(2)", "GF(2^8)", "GF(2^12)"):      # characteristic 2: + is XOR
        return np.bitwise_xor.reduce(np.stack(data), axis=0)
    if field == "GF(3^2)":
        return _gf3_2_sum([d.astype(np.int64) for d in data])
    p = int(field[3:-1])
    return np.array(sum(d.astype(object) for d in data) % p, dtype=np.int64)


@pytest.mark.parametrize("field", ["Q", "R", "GF(2)", "GF(7)", "GF(2^8)", "GF(3^2)", "GF(2^12)",
                                   "GF(2147483647)"])
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
    assert (a.dtype, a.itemsize, a.elements_per_item) == (np.uint8, 1, 8)
    x = [np.full((4, 16), v, dtype=np.uint8) for v in (0b1010_1010, 0b0110_0110, 0b1111_0000, 1)]
    decoded, _ = loopback(code, x)
    assert all((z == (0b1010_1010 ^ 0b0110_0110 ^ 0b1111_0000 ^ 1)).all() for z in decoded)


def test_classic_ring_sends_seed_004s_numbers():
    # seed 004: core i's partial X_i·W_i, one element per chunk; what each core sends per step
    x = [[15, 12, 9, 6], [2, 8, 6, 4], [1, 3, 4, 2], [12, 6, 3, 15]]
    sends = [[15, 8, 4, 15], [21, 17, 11, 7], [16, 25, 18, 17],
             [29, 22, 27, 30], [30, 29, 22, 27], [27, 30, 29, 22]]
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


def test_plan_refuses_with_what_is_expected():
    code = preset("paper-k3-t4")
    with pytest.raises(RinglabError, match=r"--procs 4: the code is for N = 3 .* give 3"):
        plan("preset:paper-k3-t4", code, procs=4)
    with pytest.raises(RinglabError, match=r"multiple of K × element size = 3 × 8 = 24 bytes.*"
                                           r"nearest: 999984 or 1000008"):
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
    want = independent_sum("GF(2)", [node_data(arith_for(code.field), 0, i, 2, 32) for i in range(3)])
    got = res.decoded[0]["head"]
    assert got == [f"0x{v:02x}" for v in want.ravel()[:4]]


@needs_mpi
def test_wrong_code_is_caught_at_the_right_rank_and_entry(tmp_path):
    d = code_to_dict(preset("paper-k2-t3"))
    d["nodes"][1]["R"][1][2] = 2          # R_1 row 1 (symbol k = 2) reads s^(3) twice
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
    s3 = next(e for e in res.job.events if e["event"] == "received" and e["rank"] == 1 and e["t"] == 3)
    assert first["expected"] == want[1, 0] and first["got"] == want[1, 0] + s3["head"][0]


@needs_mpi
def test_odd_characteristic_extension_uses_its_own_mpi_op():
    # GF(3^2) has no MPI built-in sum: the ranks reduce with a user-defined op (the core's add)
    code = preset("paper-k1-t2", "GF(3^2)")
    res = run_code(plan("preset:paper-k1-t2", code, field="GF(3^2)", size=64, repeat=1))
    assert res.exit_code == 0, res.error
    want = _gf3_2_sum([node_data(arith_for(code.field), 0, i, 1, 8) for i in range(3)])
    assert all(d["head"] == want.ravel()[:4].tolist() for d in res.decoded.values())
