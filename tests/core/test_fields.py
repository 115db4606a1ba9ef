import random

import numpy as np
import pytest

from ringlab import field
from ringlab.core._conway import CONWAY
from ringlab.core.errors import EntryError, FieldError


@pytest.mark.parametrize(
    "name,text,expected",
    [
        ("GF(7)", "-1", 6),
        ("GF(7)", "1/2", 4),
        ("GF(7)", "-3/2", 2),
        ("GF(7)", 3, 3),
        ("GF(2)", "1", 1),
        ("GF(2)", "-1", 1),
        ("GF(2^8)", "255", 255),
        ("GF(2^8)", "-5", 5),
        ("GF(3^2)", "-1", 2),
        ("GF(7)", -1, 6),
    ],
)
def test_parse_finite(name, text, expected):
    assert field(name).parse(text) == expected


@pytest.mark.parametrize(
    "text,num,den",
    [("-1", -1, 1), ("1/2", 1, 2), ("0.25", 1, 4), ("-3/6", -1, 2), (" 7 ", 7, 1), ("1e2", 100, 1)],
)
def test_parse_rational(text, num, den):
    e = field("Q").parse(text)
    assert (int(e.p), int(e.q)) == (num, den)
    assert field("Q").format(e) == (str(num) if den == 1 else f"{num}/{den}")


@pytest.mark.parametrize(
    "name,text,fragment",
    [
        ("GF(2)", "5", "not an element of GF(2)"),
        ("GF(7)", "7", "0..6"),
        ("GF(7)", "0.5", "decimals are allowed only over Q and R"),
        ("GF(7)", "1/0", "divides by zero"),
        ("GF(2)", "1/2", "2 is not an element of GF(2) (in '1/2')"),
        ("Q", "1/0", "divides by zero"),
        ("Q", "nan", "NaN"),
        ("R", "inf", "NaN and infinity"),
        ("R", float("nan"), "NaN"),
        ("Q", "abc", "not a number"),
        ("Q", "", "empty"),
        ("Q", "1/2/3", "not a number"),
        ("GF(2^8)", "256", "0..255"),
        ("Q", True, "not a number"),
    ],
)
def test_parse_refuses(name, text, fragment):
    with pytest.raises(EntryError, match=None) as ei:
        field(name).parse(text)
    assert fragment in str(ei.value)


@pytest.mark.parametrize(
    "name,fragment",
    [
        ("GF(6)", "not a prime power"),
        ("GF(4^2)", "not prime"),
        ("C", "unknown field"),
        ("GF(2^17)", "too large"),
        ("GF(1)", "not a prime power"),
        (7, "must be a string"),
    ],
)
def test_bad_field_names(name, fragment):
    with pytest.raises(FieldError) as ei:
        field(name)
    assert fragment in str(ei.value)


def test_field_aliases():
    assert field("GF(8)") is field("GF(2^3)")
    assert field("GF( 2 ^ 8 )").name == "GF(2^8)"


def test_real_tolerance():
    R = field("R")
    a = R.matrix([[1.0, 0.0]])
    assert R.mequal(a, R.matrix([[1.0 + 1e-12, 1e-12]]))
    assert not R.mequal(a, R.matrix([[1.0 + 1e-6, 0.0]]))


@pytest.mark.parametrize("name", ["Q", "R", "GF(2)", "GF(7)", "GF(2^8)", "GF(3^2)", "GF(2^12)"])
def test_division_by_zero_raises_in_every_field(name):
    # callers refuse a zero divisor before dividing; a div that answered anyway (GF(p^m) used to
    # return a: log 0 is a placeholder) would hide a bug behind a wrong field element
    F = field(name)
    for a in (F.one, F.zero):
        with pytest.raises(ZeroDivisionError, match="division by zero"):
            F.div(a, F.zero)


def test_conway_table_covers_every_small_extension_field():
    # the module promises every GF(p^m) with m >= 2 and p^m <= 2^16; the set is computed here
    # from sympy's primes, independently of the table
    from sympy import primerange

    want = {(p, m) for p in primerange(2, 2**8 + 1) for m in range(2, 17) if p**m <= 2**16}
    assert set(CONWAY) == want


galois = pytest.importorskip("galois")


def test_conway_table_matches_galois_everywhere():
    # galois.conway_poly builds GF(p) with its JIT default (~0.8 s per prime, ~60 primes here);
    # making each GF(p) pure Python first keeps the whole comparison under a second
    for p in {p for p, _ in CONWAY}:
        galois.GF(p, compile="python-calculate")
    wrong = {
        pm: (v, int(galois.conway_poly(*pm)))
        for pm, v in CONWAY.items()
        if int(galois.conway_poly(*pm)) != v
    }
    assert not wrong, f"(p, m): (ours, galois's): {wrong}"


@pytest.mark.parametrize("name", ["GF(2^8)", "GF(3^2)", "GF(5^2)", "GF(2^3)", "GF(7)"])
def test_arithmetic_matches_galois(name):
    F = field(name)
    # galois's default irreducible polynomial; pure Python saves ~2 s of JIT per field
    G = galois.GF(F.order, compile="python-calculate")
    rng = random.Random(1)
    for _ in range(200):
        a, b = rng.randrange(F.order), rng.randrange(1, F.order)
        assert F.add(a, b) == int(G(a) + G(b))
        assert F.sub(a, b) == int(G(a) - G(b))
        assert F.mul(a, b) == int(G(a) * G(b))
        assert F.div(a, b) == int(G(a) / G(b))
        assert F.neg(a) == int(-G(a))
    A = [[rng.randrange(F.order) for _ in range(5)] for _ in range(4)]
    B = [[rng.randrange(F.order) for _ in range(3)] for _ in range(5)]
    assert F.rows(F.matmul(F.matrix(A), F.matrix(B))) == (G(A) @ G(B)).tolist()
    batch = F.bmm(F.stack([F.matrix(A)] * 2), F.stack([F.matrix(B)] * 2))
    assert all(F.rows(m) == (G(A) @ G(B)).tolist() for m in F.unstack(batch))


def test_large_extension_field_uses_log_tables():
    F = field("GF(2^12)")
    G = galois.GF(2**12, compile="python-calculate")
    rng = np.random.default_rng(0)
    A = rng.integers(0, 4096, (3, 4)).tolist()
    B = rng.integers(0, 4096, (4, 2)).tolist()
    assert F.rows(F.matmul(F.matrix(A), F.matrix(B))) == (G(A) @ G(B)).tolist()


def test_large_prime_field_does_not_overflow():
    p = 2147483647
    F = field(f"GF({p})")
    A = [[p - 1] * 64]
    B = [[p - 1]] * 64
    assert F.rows(F.matmul(F.matrix(A), F.matrix(B))) == [[(64 * (p - 1) ** 2) % p]]


@pytest.mark.parametrize(
    "name,text,fragment",
    [
        ("Q", "1e999999999999", "too large"),
        ("Q", "9" * 5000, "too large"),
        ("R", "1e-400", "too small for floating point"),
    ],
)
def test_absurd_literals_refused_quickly(name, text, fragment):
    with pytest.raises(EntryError) as ei:
        field(name).parse(text)
    assert fragment in str(ei.value)
