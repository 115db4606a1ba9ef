"""SAT search: the paper's Appendix and Theorem 3 reproduced, every found code re-verified.

Expected verdicts come from the paper (Appendix; Theorem 3: feasible iff T ≥ ⌈4K/3⌉ for N = 3),
from Proposition 1, or from a second, independent encoding (``plain``: no normalisation).
"""

import pytest

from ringlab import check, random_inputs, reduce_multicast_shape, simulate
from ringlab.core.errors import RinglabError
from ringlab.core.search import make_spec, search, search_spec
from ringlab.core.search.job import SearchJob

# Theorem 3 (paper): smallest T for N = 3, written out by hand for K ≤ 4 (not computed by
# ringlab's bounds module, which is itself under test elsewhere).
THEOREM3_MIN_T = {1: 2, 2: 3, 3: 4, 4: 6}


def assert_verified(code, N, K, T, field="GF(2)"):
    """Every found code: Theorem 2 feasible, decodes random inputs, right shape and field."""
    assert (code.N, code.K, code.T, code.field.name) == (N, K, T, field)
    assert check(code).feasible
    for seed in (1, 2):
        tr = simulate(code, random_inputs(code, seed))
        assert tr.all_correct and tr.decoded_values[0] == tr.true_sum


def test_appendix_routing_impossible_coding_possible():
    r = search(3, 2, 3, "GF(2)", routing=True)
    assert (r.status, r.proof) == ("impossible", "SAT")
    assert "routing only" in r.summary() and "GF(2)" in r.summary()
    g = search(3, 2, 3, "GF(2)")
    assert g.status == "found"
    assert_verified(g.code, 3, 2, 3)
    # the Appendix: since routing is impossible here, the found code must really code
    assert not reduce_multicast_shape(g.code).ok


def test_appendix_over_gf3_too():
    assert search(3, 2, 3, "GF(3)", routing=True).status == "impossible"
    g = search(3, 2, 3, "GF(3)")
    assert g.status == "found"
    assert_verified(g.code, 3, 2, 3, "GF(3)")


@pytest.mark.parametrize("K", [1, 2, 3, 4])
def test_theorem3_over_gf2(K):
    T = THEOREM3_MIN_T[K]
    r = search(3, K, T, "GF(2)")
    assert r.status == "found"
    assert_verified(r.code, 3, K, T)
    below = search(3, K, T - 1, "GF(2)", use_bounds=False)  # a SAT proof, not a citation
    assert (below.status, below.proof) == ("impossible", "SAT")


def test_proposition1_shortcut_says_so():
    r = search(3, 4, 4)
    assert (r.status, r.proof) == ("impossible", "Proposition 1")
    assert "Proposition 1" in r.summary() and "no solver" in r.summary()
    assert search(3, 4, 4, use_bounds=False).proof == "SAT"


def test_routing_found_code_has_reduce_multicast_shape():
    r = search(3, 3, 4, routing=True)
    assert r.status == "found"
    assert_verified(r.code, 3, 3, 4)
    assert reduce_multicast_shape(r.code).ok


def test_symmetric_class_code_is_rotationally_symmetric():
    r = search(3, 3, 4, symmetric=True)
    assert r.status == "found"
    c = r.code
    assert_verified(c, 3, 3, 4)
    for i in range(3):
        nd, n0 = c.node(i), c.node(0)
        assert nd.Lambda == n0.Lambda
        assert all(nd.M[t][k] == n0.M[t][(k - i) % 3] for t in range(4) for k in range(3))
        assert all(nd.R[k][t] == n0.R[(k - i) % 3][t] for t in range(4) for k in range(3))


# Normalisations must not lose codes: the fast encoding's verdict must equal the plain
# encoding's (M, Λ, R free, nothing normalised) wherever the plain one is quick.
AGREE = [
    (3, 2, 2, "GF(2)"),
    (3, 3, 3, "GF(2)"),
    (3, 3, 4, "GF(2)"),
    (4, 2, 3, "GF(2)"),
    (4, 3, 4, "GF(2)"),
    (4, 3, 5, "GF(2)"),
    (2, 3, 2, "GF(2)"),
    (2, 3, 3, "GF(2)"),
    (5, 3, 5, "GF(2)"),
    (5, 4, 6, "GF(2)"),
    (3, 2, 2, "GF(3)"),
    (3, 3, 3, "GF(3)"),
    (4, 2, 3, "GF(3)"),
    (2, 2, 2, "GF(5)"),
]


@pytest.mark.parametrize("N,K,T,field", AGREE)
@pytest.mark.parametrize("routing,symmetric", [(False, False), (False, True), (True, False)])
def test_fast_and_plain_encodings_agree(N, K, T, field, routing, symmetric):
    spec = make_spec(N, K, T, field, routing, symmetric)
    fast = search_spec(spec, encoding="fast", use_bounds=False, timeout=60)
    plain = search_spec(spec, encoding="plain", use_bounds=False, timeout=60)
    assert fast.status in ("found", "impossible")
    assert fast.status == plain.status
    for r in (fast, plain):
        if r.status == "found":
            assert_verified(r.code, N, K, T, field)


def test_undecided_is_not_a_guess():
    r = search(3, 4, 5, encoding="plain", timeout=0.3, use_bounds=False)
    assert r.status == "undecided" and r.code is None and r.proof == ""
    assert r.exit_code == 3 and "undecided" in r.summary()


@pytest.mark.parametrize("field", ["Q", "GF(9)", "GF(2^5)", "GF(1)", "R", "GF(37)"])
def test_unsupported_fields_are_refused_in_one_line(field):
    with pytest.raises(RinglabError) as e:
        search(3, 2, 3, field)
    assert "\n" not in str(e.value) and field.split("(")[0] in str(e.value)


def test_bad_sizes_are_refused():
    with pytest.raises(RinglabError, match="N = 1"):
        search(1, 2, 3)
    with pytest.raises(RinglabError, match="K"):
        search(3, 0, 3)


def test_found_code_description_says_how():
    r = search(3, 1, 2)
    assert "SAT" in r.code.description and "general linear" in r.code.description
    assert r.code.name.startswith("Search result")
    assert all(r.code.node(i).T is not None for i in range(3))  # T_i written, from eq. (6)


def test_job_in_worker_process_and_cancel():
    job = SearchJob("search", {"N": 3, "K": 2, "T": 3, "routing": True}).start()
    res = job.wait(60)
    assert res["status"] == "impossible" and res["exit_code"] == 1
    slow = SearchJob(
        "search", {"N": 3, "K": 4, "T": 5, "encoding": "plain", "use_bounds": False}
    ).start()
    slow.wait(1.0)
    assert not slow.finished
    slow.cancel()
    assert slow.cancelled and slow.result is None and not slow.alive
