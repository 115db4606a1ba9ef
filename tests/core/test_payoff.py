"""A coded (N, K, T) all-reduce against the ring and recursive doubling in the α-β model
(ringlab.core.schedules.payoff): every expected number worked out by hand from
t = T·(α + S/(K·B)), the ring's 2(N − 1)(α + S/(NB)) and recursive doubling's steps of S."""

from fractions import Fraction

import pytest

from ringlab.core.errors import RinglabError
from ringlab.core.schedules.payoff import (
    WHERE,
    check_code,
    code_line,
    crossover_size,
    schedule_line,
    where_faster,
)

US = Fraction(1, 10**6)
A, B = US, 10**10  # α = 1 µs, B = 10 GB/s: αB = 10 000 bytes
KB = 1000


def test_times_at_1_kb_by_hand():
    # 1000 B / 10 GB/s = 0.1 µs
    assert code_line(2, 3, A, B).at(KB) == 3 * (US + Fraction(1, 20) * US)  # 3.15 µs
    assert code_line(1, 2, A, B).at(KB) == Fraction(22, 10) * US  # 2 · 1.1 µs
    assert schedule_line("ring", 3, A, B).at(KB) == 4 * (US + Fraction(1, 30) * US)  # 4.133 µs
    # MPICH at N = 3: fold, one exchange, send back — 3 steps of the whole 1 KB
    assert schedule_line("recursive-doubling", 3, A, B).at(KB) == Fraction(33, 10) * US


def test_n3_crossovers_are_multiples_of_alpha_b():
    k1, k2 = code_line(1, 2, A, B), code_line(2, 3, A, B)
    ring = schedule_line("ring", 3, A, B)
    assert crossover_size(k1, k2) == 20 * KB  # 2α + 2S/B = 3α + 1.5S/B  →  S = 2αB
    assert crossover_size(k2, ring) == 60 * KB  # 3α + 1.5S/B = 4α + (4/3)S/B  →  S = 6αB
    assert crossover_size(k2, ring) == crossover_size(ring, k2)


def test_n3_where_each_code_is_the_fastest():
    k1, k2, k3 = (code_line(K, T, A, B) for K, T in ((1, 2), (2, 3), (3, 4)))
    rd = schedule_line("recursive-doubling", 3, A, B)
    assert where_faster(k1, [k2, k3]) == "small messages"
    assert where_faster(k2, [k1, k3]) == "middle sizes"
    assert where_faster(k3, [k1, k2]) == "large messages"
    assert where_faster(k2, [rd]) == "every size"  # same 3α, half the bytes
    assert where_faster(rd, [k2]) == "no size"


def test_n4_the_k3_t5_code_is_never_the_fastest():
    ring, rd = schedule_line("ring", 4, A, B), schedule_line("recursive-doubling", 4, A, B)
    k3t5 = code_line(3, 5, A, B)
    assert (rd.a, rd.b) == (2 * US, Fraction(2, B))  # 2 steps of S
    assert crossover_size(k3t5, ring) == 60 * KB  # 5α + (5/3)S/B = 6α + 1.5S/B
    assert crossover_size(k3t5, rd) == 90 * KB  # 5α + (5/3)S/B = 2α + 2S/B
    assert crossover_size(rd, ring) == 80 * KB  # 2α + 2S/B = 6α + 1.5S/B
    assert where_faster(k3t5, [ring]) == "small messages"
    assert where_faster(k3t5, [rd]) == "large messages"
    assert where_faster(k3t5, [ring, rd]) == "no size"
    # routing needs T = 6 for K = 3: the ring's latency and more bytes
    assert where_faster(code_line(3, 6, A, B), [ring]) == "no size"
    assert crossover_size(code_line(3, 6, A, B), ring) is None


def test_the_ring_is_the_code_k_equals_n():
    for N in range(2, 9):
        ring, code = schedule_line("ring", N, A, B), code_line(N, 2 * (N - 1), A, B)
        assert (ring.a, ring.b) == (code.a, code.b)
        assert where_faster(code, [ring]) == "no size"  # equal lines: never strictly faster


def test_parallel_lines_never_cross():
    assert crossover_size(code_line(2, 3, A, B), code_line(4, 6, A, B)) is None
    assert where_faster(code_line(2, 3, A, B), [code_line(4, 6, A, B)]) == "every size"


def test_a_code_below_the_proven_bound_is_refused():
    check_code(3, 2, 3)
    with pytest.raises(RinglabError, match="Theorem 3 needs T ≥ 6"):
        check_code(3, 4, 5)
    with pytest.raises(RinglabError, match="Proposition 1 needs T ≥ 5"):
        check_code(4, 3, 4)


def test_only_one_port_schedules_compare_with_a_code():
    with pytest.raises(RinglabError, match="2 ports"):
        schedule_line("bruck", 9, A, B)
    assert set(WHERE) == {
        "every size",
        "small messages",
        "middle sizes",
        "large messages",
        "no size",
    }


def test_the_modules_examples_run():
    import doctest
    import importlib

    res = doctest.testmod(
        importlib.import_module("ringlab.core.schedules.payoff"), optionflags=doctest.ELLIPSIS
    )
    assert res.attempted and not res.failed
