r"""From finite fields to real sums: what a code's "sum" is in each field, and how a GF(p) code
all-reduces quantised gradients.

A linear code only adds and multiplies, so over any field every node decodes the *field's* sum of
the inputs.  Whether that is the number a gradient all-reduce wants depends on the field:

* **Q** (and R, in floating point): the real sum — a Q code carries decimals exactly;
* **GF(2^m)**: the elements are the integers 0..2^m − 1 read as bit strings, and their sum is
  the bitwise XOR (:func:`xor_sum`) — addition without carries, not the integer sum, however
  large m is;
* **GF(p)**: the integer sum mod p.  It *is* the integer sum when p exceeds it.

Gradients are quantised first: $q = \operatorname{round}(g/s)$ for a scale s
(:func:`quantise`), a negative q enters GF(p) as $p - |q|$ (−1 is p − 1), the code sums
mod p, and a decoded d is read back as d, or as $d - p$ when values may be negative and
$d > p/2$ (:func:`read_back`), then multiplied by s.  For any N values with $|q| \le m$ that
is exact when $p > N m$ (values ≥ 0) or $p > 2 N m$ (signed: the sum ranges over
$-Nm..Nm$, $2Nm + 1$ values) — :func:`prime_for_sums`.

>>> xor_sum([15, 2, 1]), xor_sum([12, 8, 3])
(12, 7)
>>> prime_for_sums(3, 15, signed=False), prime_for_sums(3, 15)
(47, 97)
>>> [read_back(d, 29) for d in (14, 16, 28)]   # 16 > 29/2 reads as 16 − 29
[14, -13, -1]
>>> exact_prime([[15, 12], [2, 8], [1, 3]]), exact_prime([[15, -12], [2, 8], [-1, 3]])
(29, 37)

:func:`quantised_allreduce` runs the whole path through a code over GF(p) with
:func:`ringlab.core.simulate.simulate`.
"""

from __future__ import annotations

from fractions import Fraction

from .errors import RinglabError
from .fields import is_prime

MAX_PRIME_SEARCH = 2**31 - 1


def next_prime_above(n: int) -> int:
    """The smallest prime > n.

    >>> next_prime_above(23), next_prime_above(90)
    (29, 97)
    """
    p = max(int(n) + 1, 2)
    while not is_prime(p):
        p += 1
        if p > MAX_PRIME_SEARCH:
            raise RinglabError(f"no prime GF(p) above {n} within 2^31")
    return p


def xor_sum(values) -> int:
    """The sum of integers 0..2^m − 1 as elements of GF(2^m): bitwise XOR."""
    out = 0
    for v in values:
        out ^= int(v)
    return out


def quantise(values, scale) -> list[int]:
    """$\\operatorname{round}(g/s)$ for each g, exactly (decimal text or numbers; halves to even).

    >>> quantise(["0.15", "-0.12", "0.024"], "0.01")
    [15, -12, 2]
    """
    s = _exact(scale)
    if s <= 0:
        raise RinglabError(f"scale {scale!r}: expected a positive number")
    return [round(_exact(g) / s) for g in values]


def _exact(v) -> Fraction:
    return Fraction(str(v)) if isinstance(v, float) else Fraction(v)


def read_back(d: int, p: int, signed: bool = True) -> int:
    """A decoded element d of GF(p) as an integer: d, or $d - p$ when ``signed`` and d > p/2."""
    return d - p if signed and d > p // 2 else d


def prime_for_sums(N: int, max_abs: int, signed: bool = True) -> int:
    """The smallest prime p for which GF(p) returns every sum of N integers with |q| ≤ max_abs
    exactly: $p > 2N\\,m$ when they may be negative, $p > N\\,m$ when all are ≥ 0."""
    return next_prime_above((2 if signed else 1) * N * max_abs)


def exact_prime(rows) -> int:
    """The smallest prime p for which GF(p) returns *these* rows' column sums exactly: every
    value is an element (|v| < p) and each sum, read back (:func:`read_back`, signed when some
    value is negative), equals the integer sum."""
    rows = [[int(v) for v in r] for r in rows]
    signed = any(v < 0 for r in rows for v in r)
    sums = [sum(col) for col in zip(*rows)]
    p = next_prime_above(max(abs(v) for r in rows for v in r))
    while any(read_back(s % p, p, signed) != s for s in sums):
        p = next_prime_above(p)
    return p


def quantised_allreduce(code, gradients, scale, p: int) -> list[list[Fraction]]:
    """Each node's result when ``code`` all-reduces ``gradients`` (N rows of K reals) quantised
    with ``scale`` over GF(p): quantise, enter GF(p), simulate (eqs. (3)–(4)), read back
    (signed), multiply by the scale.

    >>> from ringlab import preset
    >>> g = [["0.15", "-0.12"], ["0.02", "0.08"], ["-0.01", "0.03"]]
    >>> [float(v) for v in quantised_allreduce(preset("paper-k2-t3"), g, "0.01", 97)[0]]
    [0.16, -0.01]
    >>> [float(v) for v in quantised_allreduce(preset("paper-k2-t3"), g, "0.05", 97)[0]]
    [0.15, 0.05]
    """
    from .simulate import parse_inputs, simulate

    if not is_prime(p):
        raise RinglabError(f"p = {p} is not a prime")
    q = [quantise(row, scale) for row in gradients]
    cp = code.with_field(f"GF({p})")
    tr = simulate(cp, inputs=parse_inputs(cp, [[v % p for v in row] for row in q]))
    s = _exact(scale)
    return [[read_back(int(d), p) * s for d in row] for row in tr.decoded_values]
