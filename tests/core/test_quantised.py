"""A code's sum in each field, and quantised gradients all-reduced over GF(p)
(ringlab.core.quantised): expected values worked out by hand."""

from fractions import Fraction

import pytest

from ringlab import preset
from ringlab.core.errors import RinglabError
from ringlab.core.quantised import (
    exact_prime,
    next_prime_above,
    prime_for_sums,
    quantise,
    quantised_allreduce,
    read_back,
    xor_sum,
)
from ringlab.core.simulate import parse_inputs, simulate

PARTIALS = [[15, 12, 9], [2, 8, 6], [1, 3, 4]]  # the worked matmul partials on 3 nodes
SIGNED = [[15, -12, 9], [2, 8, -6], [-1, 3, 4]]
GRADS = [["0.15", "-0.12", "0.09"], ["0.02", "0.08", "-0.06"], ["-0.01", "0.03", "0.04"]]


def test_xor_is_addition_without_carries():
    # 1111 ⊕ 0010 ⊕ 0001 = 1100; 1100 ⊕ 1000 ⊕ 0011 = 0111; 1001 ⊕ 0110 ⊕ 0100 = 1011
    assert [xor_sum(col) for col in zip(*PARTIALS)] == [12, 7, 11]


def test_a_routing_code_decodes_the_fields_sum():
    code = preset("paper-k3-t4")
    for field, want in (
        ("Q", [18, 23, 19]),
        ("GF(2^4)", [12, 7, 11]),
        ("GF(2^5)", [12, 7, 11]),
        ("GF(23)", [18, 0, 19]),
        ("GF(19)", [18, 4, 0]),
        ("GF(29)", [18, 23, 19]),
    ):
        c = code.with_field(field)
        tr = simulate(c, inputs=parse_inputs(c, PARTIALS))
        assert [[int(c.field.format(v)) for v in row] for row in tr.decoded_values] == [want] * 3


def test_primes():
    assert [next_prime_above(n) for n in (0, 1, 2, 23, 28, 32, 45, 90)] == [
        2,
        2,
        3,
        29,
        29,
        37,
        47,
        97,
    ]
    assert prime_for_sums(3, 15) == 97  # sums in −45..45: 91 values, p > 90
    assert prime_for_sums(3, 15, signed=False) == 47  # sums in 0..45
    assert prime_for_sums(4, 127) == 1019  # p > 1016; 1017 = 9·113, 1018 even


def test_the_smallest_exact_prime_for_given_values():
    assert exact_prime(PARTIALS) == 29  # column sums 18, 23, 19: p > 23
    # sums 16, −1, 7 read back signed: 16 < p/2 needs p ≥ 33
    assert exact_prime(SIGNED) == 37
    assert exact_prime([[1], [1]]) == 3  # p > 2 (and 2 > 1)


def test_read_back():
    assert [read_back(d, 29) for d in (0, 14, 15, 16, 28)] == [0, 14, -14, -13, -1]
    assert read_back(16, 29, signed=False) == 16


def test_quantise_rounds_halves_to_even():
    assert quantise(GRADS[0], "0.01") == [15, -12, 9]
    assert quantise(["0.025", "0.035", "-0.12"], "0.01") == [2, 4, -12]  # 2.5 → 2, 3.5 → 4
    assert quantise([0.15], 0.05) == [3]  # floats by their shortest decimal
    with pytest.raises(RinglabError, match="positive"):
        quantise([1], 0)


def test_quantised_allreduce_through_gf_p():
    code = preset("paper-k3-t4")
    exact = [Fraction(16, 100), Fraction(-1, 100), Fraction(7, 100)]
    assert quantised_allreduce(code, GRADS, "0.01", 97) == [exact] * 3
    # s = 0.05: [3, −2, 2], [0, 2, −1], [0, 1, 1] → [3, 1, 2] · 0.05
    coarse = [Fraction(15, 100), Fraction(5, 100), Fraction(10, 100)]
    assert quantised_allreduce(code, GRADS, "0.05", 97) == [coarse] * 3
    # GF(29) is too small for a signed sum of 16: it reads back as −13
    assert quantised_allreduce(code, GRADS, "0.01", 29)[0][0] == Fraction(-13, 100)
    with pytest.raises(RinglabError, match="not a prime"):
        quantised_allreduce(code, GRADS, "0.01", 91)


def test_the_modules_examples_run():
    import doctest
    import importlib

    res = doctest.testmod(
        importlib.import_module("ringlab.core.quantised"), optionflags=doctest.ELLIPSIS
    )
    assert res.attempted and not res.failed
