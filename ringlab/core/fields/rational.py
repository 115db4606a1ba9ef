r"""$\mathbb{Q}$ (exact, python-flint ``fmpq_mat``) and $\mathbb{R}$ (NumPy float64, equality
within ``atol + rtol·|b|``): the two fields of characteristic 0, one instance each."""

from __future__ import annotations

import math
import sys

from flint import fmpq, fmpq_mat

from .._lazy import np
from ..errors import EntryError
from ..quantities import decimal_value
from ._base import ArrayField, Field


class _OperatorArithmetic:
    """Scalars and matrices with Python's own operators (``fmpq`` and ``float`` have them)."""

    def neg(self, a):
        return -a

    def add(self, a, b):
        return a + b

    def sub(self, a, b):
        return a - b

    def mul(self, a, b):
        return a * b

    def div(self, a, b):
        return a / b

    def madd(self, a, b):
        return a + b

    def msub(self, a, b):
        return a - b

    def arithmetic_note(self, short=False):
        return None  # the arithmetic a reader already knows


class RationalField(_OperatorArithmetic, Field):
    """$\\mathbb{Q}$, exact, on python-flint."""

    name = "Q"
    characteristic = 0
    order = None

    def __init__(self):
        self.zero, self.one = fmpq(0), fmpq(1)

    def __reduce__(self):
        return (rationals, ())

    def _from_fmpq(self, value):
        return value

    def _from_int_literal(self, n, whole=None):
        return fmpq(n)

    def _from_decimal(self, lit, whole):
        f = decimal_value(lit)
        return fmpq(f.numerator, f.denominator)

    def to_json(self, e):
        return int(e.p) if e.q == 1 else str(e)

    def random_element(self, rng, lo=-9, hi=9):
        return fmpq(rng.randint(lo, hi))

    def matrix(self, rows):
        return fmpq_mat(rows)

    def rows(self, m):
        return [[m[r, c] for c in range(m.ncols())] for r in range(m.nrows())]

    def eye(self, n):
        m = fmpq_mat(n, n)
        for r in range(n):
            m[r, r] = 1
        return m

    def zeros(self, r, c):
        return fmpq_mat(r, c)

    def shape(self, m):
        return (m.nrows(), m.ncols())

    def matmul(self, a, b):
        return a * b

    def mequal(self, a, b):
        return a == b

    # batches are lists of fmpq_mat: flint has no batched product, but each call is ~µs
    def stack(self, ms):
        return list(ms)

    def unstack(self, b):
        return list(b)

    def take(self, b, idx):
        return [b[i] for i in idx]

    def bmm(self, a, b):
        return [x * y for x, y in zip(a, b)]

    def badd(self, a, b):
        return [x + y for x, y in zip(a, b)]

    def bsub(self, a, b):
        return [x - y for x, y in zip(a, b)]


class RealField(_OperatorArithmetic, ArrayField):
    """$\\mathbb{R}$ as float64; two entries are equal when within ``atol + rtol·|b|``."""

    name = "R"
    exact = False
    characteristic = 0
    order = None
    dtype = "float64"
    atol = 1e-9
    rtol = 1e-9
    zero, one = 0.0, 1.0

    def __reduce__(self):
        return (reals, ())

    def _from_float(self, value):
        return value

    def _from_int_literal(self, n, whole=None):
        try:
            return float(n)
        except OverflowError:
            raise EntryError(self._too_large(n if whole is None else whole)) from None

    @staticmethod
    def _too_large(whole) -> str:
        text = repr(whole) if isinstance(whole, str) else repr(str(whole))
        if len(text) > 42:
            text = text[:40] + "…'"
        return (
            f"{text} is too large for floating point (it would become infinity): over R "
            f"entries are refused beyond ±{sys.float_info.max:.4g}; work over Q for "
            f"larger numbers"
        )

    def _from_decimal(self, lit, whole):
        v = float(lit)
        if not math.isfinite(v):
            if any(ch.isdigit() for ch in lit):
                raise EntryError(self._too_large(whole))  # 1e400: overflow, not "inf"
            raise EntryError(f"{whole!r} is not a finite number: NaN and infinity are not allowed")
        if v == 0 and any(ch in "123456789" for ch in lit.lower().partition("e")[0]):
            raise EntryError(
                f"{whole!r} is too small for floating point (it would become 0); "
                f"over R use magnitudes above 1e-300, or work over Q"
            )
        return v

    def format(self, e):
        e = float(e)
        return str(int(e)) if e.is_integer() and abs(e) < 1e15 else f"{e:.12g}"

    def to_json(self, e):
        e = float(e)
        return int(e) if e.is_integer() and abs(e) < 1e15 else repr(e)

    def is_zero(self, e):
        return abs(e) <= self.atol

    def is_one(self, e):
        return abs(e - 1.0) <= self.atol

    def equal(self, a, b):
        return abs(a - b) <= self.atol + self.rtol * abs(b)

    def random_element(self, rng, lo=-9, hi=9):
        return float(rng.randint(lo, hi))

    def matmul(self, a, b):
        return a @ b

    def mequal(self, a, b):
        return bool(np.allclose(a, b, rtol=self.rtol, atol=self.atol))

    def mdiff(self, a, b):
        bad = ~np.isclose(a, b, rtol=self.rtol, atol=self.atol)
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(bad))]


_Q = RationalField()
_R = RealField()


def rationals() -> RationalField:
    """$\\mathbb{Q}$ (there is one)."""
    return _Q


def reals() -> RealField:
    """$\\mathbb{R}$ (there is one)."""
    return _R
