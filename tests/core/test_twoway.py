"""The two-way ring (issue 35): the exact check against an independent simulation, one-way
codes embedded with a silent direction against Theorem 2, and the facts the issue fixed."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ringlab import check, preset
from ringlab.core.errors import CodeFileError
from ringlab.core.twoway import from_one_way, two_classic_rings
from ringlab.core.twoway_check import twoway_report
from ringlab.core.twowayfile import any_from_dict, dumps_twoway, loads_any
from tests.core._twoway_sim import simulated_verdicts
from tests.core.strategies import codes, perturbed_presets

FIELDS = ("GF(2)", "GF(3)", "Q")


def _vals(field):
    return [0, 1] if field == "GF(2)" else [0, 1, 2] if field == "GF(3)" else [0, 1, -1, 2]


def random_dict(rng, field, N, K, T, decoders, p_zero):
    """A random two-way code in the file layout (entries small ints)."""
    vals = _vals(field)

    def e():
        return 0 if rng.random() < p_zero else rng.choice(vals)

    def mat(r, c, lower=False):
        return [[e() if not lower or cc < rr else 0 for cc in range(c)] for rr in range(r)]

    nodes = []
    for _ in range(N):
        nd = {
            f"send_{d}": {"M": mat(T, K), "Lambda_cw": mat(T, T, 1), "Lambda_ccw": mat(T, T, 1)}
            for d in ("cw", "ccw")
        }
        if decoders:
            nd["R_cw"], nd["R_ccw"] = mat(K, T), mat(K, T)
            if decoders == "T":
                nd["T"] = mat(K, K)
        nodes.append(nd)
    head = {"format": "ringlab-code", "version": 1, "ring": "two-way"}
    return head | {"N": N, "K": K, "T": T, "field": field, "nodes": nodes}


@st.composite
def twoway_dicts(draw, decoders=None):
    field = draw(st.sampled_from(FIELDS))
    N, K, T = draw(st.integers(2, 4)), draw(st.integers(1, 3)), draw(st.integers(1, 3))
    dec = draw(st.sampled_from([False, True, "T"])) if decoders is None else decoders
    seed = draw(st.integers(0, 2**32))
    p_zero = draw(st.sampled_from([0.0, 0.3, 0.7]))
    return random_dict(random.Random(seed), field, N, K, T, dec, p_zero)


def verdicts(d):
    rep = twoway_report(any_from_dict(d))
    return [rep.node_ok(i) for i in range(d["N"])]


# -- (a) the exact check agrees with values pushed through the ring ---------------------------


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(twoway_dicts(decoders=False))
def test_span_check_agrees_with_simulation(d):
    assert verdicts(d) == simulated_verdicts(d, d["field"])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(twoway_dicts())
def test_decoder_check_agrees_with_simulation(d):
    assert verdicts(d) == simulated_verdicts(d, d["field"])


def test_random_codes_of_both_verdicts_agree_with_simulation():
    """A seeded sweep that is sure to meet feasible and infeasible nodes (dense codes with
    enough time decode, sparse or short ones do not), so the agreement above is not vacuous."""
    rng = random.Random(35)
    seen = {True: 0, False: 0}
    for n in range(150):
        field = FIELDS[n % 3]
        N, K, T = rng.randint(2, 4), rng.randint(1, 3), rng.randint(1, 4)
        d = random_dict(rng, field, N, K, T, False, rng.choice([0.0, 0.3, 0.6]))
        got = verdicts(d)
        assert got == simulated_verdicts(d, field, seed=n), (n, field, N, K, T)
        for v in got:
            seen[v] += 1
    assert seen[True] >= 30 and seen[False] >= 30, seen


def test_decoders_found_by_solving_pass_the_decoder_check():
    """Where a decoder exists, the span check's promise is kept: solve for one by elimination
    outside ringlab, write it into the file, and the decoder check passes."""
    from tests.core._twoway_sim import Arith, _solve, run

    rng = random.Random(7)
    found = 0
    for n in range(60):
        field = FIELDS[n % 3]
        d = random_dict(rng, field, 3, rng.randint(1, 2), rng.randint(2, 3), False, 0.2)
        N, K, T = d["N"], d["K"], d["T"]
        if not all(verdicts(d)):
            continue
        A = Arith(field)
        units = [
            [[int(j == s and c == k) for c in range(K)] for j in range(N)]
            for s in range(N)
            for k in range(K)
        ]
        views = [run(d, field, x)[0] for x in units]
        for i in range(N):
            rows = [[views[u][i][v] for u in range(N * K)] for v in range(K + 2 * T)]
            coefs = [_solve(A, rows, [int(u % K == k) for u in range(N * K)]) for k in range(K)]
            as_text = [[str(c) for c in row] for row in coefs]  # Fractions as "a/b"
            nd = d["nodes"][i]
            nd["T"] = [r[:K] for r in as_text]
            nd["R_cw"] = [r[K : K + T] for r in as_text]
            nd["R_ccw"] = [r[K + T :] for r in as_text]
        rep = twoway_report(any_from_dict(d))
        assert rep.mode == "decoder" and rep.feasible, rep.summary()
        found += 1
    assert found >= 10


# -- (b) a one-way code with the counter-clockwise links silent: Theorem 2's verdict ---------


PRESETS = ["paper-k1-t2", "paper-k2-t3", "paper-k3-t4", "time-shared-k5"] + [
    f"classic-ring-n{n}" for n in range(2, 9)
]


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("name", PRESETS)
def test_presets_embedded_are_feasible_as_theorem2_says(name, field):
    code = preset(name, field)
    assert check(code).feasible
    assert twoway_report(from_one_way(code)).feasible
    assert twoway_report(from_one_way(code, decoders=False)).feasible


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(codes(fields=("Q", "GF(2)", "GF(3)")), perturbed_presets()))
def test_embedded_one_way_code_gets_theorem2s_verdict_node_by_node(code):
    t2 = check(code)
    rep = twoway_report(from_one_way(code))
    assert rep.mode == "decoder"
    assert rep.feasible == t2.feasible
    assert [rep.node_ok(i) for i in range(code.N)] == [t2.node_ok(i) for i in range(code.N)]
    if t2.feasible:  # a decoder exists, so the span check agrees too
        assert twoway_report(from_one_way(code, decoders=False)).feasible


# -- (c), (d) the facts the issue fixed -----------------------------------------------------


def test_every_three_ring_code_with_k3_t1_is_infeasible():
    # Cut set around node i: at T = 1 it hears one symbol from each neighbour, 2 in all, but
    # the sum of the others' vectors, x_{i-1} + x_{i+1} ∈ F^3, takes 3 independent values
    # (set x_{i-1} = 0 and vary x_{i+1} freely): 2 symbols cannot determine 3 unknowns.
    rng = random.Random(1)
    for n in range(40):
        d = random_dict(rng, FIELDS[n % 3], 3, 3, 1, False, 0.0)
        assert not any(verdicts(d))


def test_two_classic_rings_n4_k8_t6_feasible_and_simulated():
    for field in ("GF(2)", "Q"):
        code = two_classic_rings(4, field)
        assert code.shape == (4, 8, 6)
        rep = twoway_report(code)
        assert rep.feasible, rep.summary()
        d = json.loads(dumps_twoway(code))
        assert simulated_verdicts(d, field) == [True] * 4


def test_file_round_trip_and_one_way_files_unchanged():
    code = two_classic_rings(3, "GF(3)")
    assert loads_any(dumps_twoway(code)) == code
    from ringlab.core.codefile import dumps_code

    one = preset("paper-k2-t3")
    text = dumps_code(one)
    assert '"ring"' not in text and loads_any(text) == one


@pytest.mark.parametrize(
    "edit, words",
    [
        (
            lambda d: d["nodes"][1]["send_ccw"].pop("Lambda_cw"),
            'node 1, send_ccw: missing "Lambda_cw"',
        ),
        (
            lambda d: d["nodes"][0]["send_cw"]["Lambda_ccw"][0].__setitem__(0, 1),
            "node 0, send_cw, Lambda_ccw, row t = 0, column t = 1: expected 0",
        ),
        (lambda d: d.__setitem__("ring", "both"), '"ring" must be "one-way" or "two-way"'),
        (
            lambda d: d["nodes"][2].__setitem__("M", [[1]]),
            'node 2: unknown key "M" (expected send_cw, send_ccw (and R_cw, R_ccw, T))',
        ),
        (
            lambda d: d["nodes"][0].__setitem__("R_cw", [[0, 1]]),
            "node 0, R_cw, row k = 1: expected 1 columns (R_cw is K×T = 1×1), got 2",
        ),
        (
            lambda d: d["nodes"][0]["send_cw"]["M"][0].__setitem__(0, 2),
            "node 0, send_cw, M, row t = 0, column k = 1: 2 is not an element of GF(2)",
        ),
    ],
)
def test_bad_two_way_file_gives_one_clear_line(edit, words):
    d = random_dict(random.Random(0), "GF(2)", 3, 1, 1, True, 0.0)
    edit(d)
    with pytest.raises(CodeFileError) as e:
        any_from_dict(d, "f.json")
    assert words in str(e.value) and "\n" not in str(e.value)
