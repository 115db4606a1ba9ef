"""GF(p), p prime, as integers mod p (NumPy int64, or Python ints past p = 2^27)."""

from __future__ import annotations

import math
from functools import cache

from .._lazy import np
from ._base import FiniteField


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    r = math.isqrt(n)
    f = 3
    while f <= r:
        if n % f == 0:
            return False
        f += 2
    return True


class PrimeField(FiniteField):
    """GF(p), p prime, as integers mod p."""

    def __init__(self, p: int):
        self.p = self.order = self.characteristic = p
        self.name = f"GF({p})"
        # a product of k terms each < p² must fit in int64; T ≤ 128 keeps p ≤ 2^27 safe
        self._obj = p > 2**27

    def __reduce__(self):
        return (prime_field, (self.p,))

    def entry_hint(self) -> str:
        if self.p == 2:
            return " (−1 = 1 here: addition is XOR)"
        return f" (−1 is {self.p - 1})"

    def arithmetic_note(self, short: bool = False) -> str:
        if self.p == 2:
            return "in GF(2) addition is XOR: 1 + 1 = 0" + ("" if short else ", and −x = x")
        if short:
            return f"in {self.name} sums are taken mod {self.p}"
        return f"in {self.name} every sum and product is taken mod {self.p}, and −1 is {self.p - 1}"

    def neg(self, a):
        return (-a) % self.p

    def add(self, a, b):
        return (a + b) % self.p

    def sub(self, a, b):
        return (a - b) % self.p

    def mul(self, a, b):
        return (a * b) % self.p

    def div(self, a, b):
        if b % self.p == 0:
            # what Q and R raise, naming the field (pow's own error says only "not invertible")
            raise ZeroDivisionError(f"division by zero in {self.name}")
        return (a * pow(b, -1, self.p)) % self.p

    def matrix(self, rows):
        return np.array(rows, dtype=object if self._obj else np.int64).reshape(len(rows), -1)

    def eye(self, n):
        return np.eye(n, dtype=np.int64).astype(object if self._obj else np.int64)

    def zeros(self, r, c):
        return np.zeros((r, c), dtype=object if self._obj else np.int64)

    def rows(self, m):
        return [[int(v) for v in row] for row in m.tolist()]

    def matmul(self, a, b):
        return (a @ b) % self.p

    def madd(self, a, b):
        return (a + b) % self.p

    def msub(self, a, b):
        return (a - b) % self.p


@cache
def prime_field(p: int) -> PrimeField:
    """GF(p), one instance per p (``p`` is trusted: :func:`~ringlab.core.fields.field` checks
    it)."""
    return PrimeField(p)
