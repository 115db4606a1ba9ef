r"""Lower bounds on T and the rates they allow.

* Proposition 1: a feasible code needs $T \ge K + N - 2$ (K edge-disjoint paths from every
  source to every destination in $G_T$).
* Theorem 3 (N = 3 only): a feasible code exists iff $T \ge \lceil 4K/3 \rceil$, so the rate is
  at most 3/4.
* The counting bound (every N ≥ 3): $T \ge \lceil K(N+1)/N \rceil$ — Theorem 3's necessity
  argument for any N: for node i, eq. (5) at j = 1 and j = 2 give
  $R_i(I-\Lambda_{i',N})^{-1}(M_{i-1} - \Lambda_{i-1} M_{i-2}) = 0$, so
  $\Phi_i = M_{i-1} - \Lambda_{i-1}M_{i-2}$ has rank ≤ T − K (the left factor has rank K);
  going once round the ring, $M_0 = (I - \Lambda_0\Lambda_{N-1}\cdots\Lambda_1)^{-1}
  (\text{a sum of } N \text{ terms } \cdot\,\Phi_i)$ has rank K ≤ N(T − K).  At N = 3 it is
  Theorem 3's ⌈4K/3⌉.
* The classic ring all-reduce reaches rate $N / (2(N-1))$ with K = N, T = 2(N−1).

The rate table (:mod:`ringlab.core.search.perfield`) starts every search at the largest of these
lower bounds (:func:`lower_bound`) and compares its minima with the conjecture
$T^\* = \max(K + N - 2, \lceil 2K(N-1)/N \rceil)$ (:func:`conjecture_T`).

>>> b = bounds(3, 2, 3)
>>> b.min_T, b.binding, b.satisfied
(3, 'Theorem 3', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


def proposition1_min_T(N: int, K: int) -> int:
    return K + N - 2


def theorem3_min_T(K: int) -> int:
    return -(-4 * K // 3)


def classic_ring_rate(N: int) -> Fraction:
    return Fraction(N, 2 * (N - 1))


def classic_ring_T(N: int, K: int) -> int:
    """Ring all-reduce with K symbols cut into N chunks of ⌈K/N⌉: T = 2(N−1)⌈K/N⌉."""
    return 2 * (N - 1) * (-(-K // N))


def counting_min_T(N: int, K: int) -> int | None:
    """⌈K(N+1)/N⌉ for N ≥ 3 (see the module docstring); None for N = 2."""
    return -(-K * (N + 1) // N) if N >= 3 else None


def lower_bound(N: int, K: int) -> tuple[int, str]:
    """The largest proven lower bound on T and its name.

    >>> lower_bound(3, 4), lower_bound(4, 12)
    ((6, 'Theorem 3'), (15, 'the counting bound'))
    """
    cands = [(proposition1_min_T(N, K), "Proposition 1")]
    if N == 3:
        cands.append((theorem3_min_T(K), "Theorem 3"))
    elif counting_min_T(N, K) is not None:
        cands.append((counting_min_T(N, K), "the counting bound"))
    return max(cands, key=lambda c: c[0])


def conjecture_T(N: int, K: int) -> int:
    """max(K + N − 2, ⌈2K(N−1)/N⌉)."""
    return max(K + N - 2, -(-2 * K * (N - 1) // N))


def bounds_row(N: int, K: int) -> dict:
    """The bounds a rate-table row lists beside its searches."""
    return {
        "proposition1": proposition1_min_T(N, K),
        "theorem3": theorem3_min_T(K) if N == 3 else None,
        "classic_ring": classic_ring_T(N, K),
    }


@dataclass(frozen=True)
class Bounds:
    N: int
    K: int
    T: int
    rate: Fraction
    prop1_min_T: int
    theorem3_min_T: int | None  # None unless N = 3
    classic_ring_rate: Fraction

    @property
    def min_T(self) -> int:
        return max(self.prop1_min_T, self.theorem3_min_T or 0)

    @property
    def binding(self) -> str:
        """The bound that sets ``min_T`` ("Theorem 3" wins a tie: it is also sufficient)."""
        if self.theorem3_min_T is not None and self.theorem3_min_T >= self.prop1_min_T:
            return "Theorem 3"
        return "Proposition 1"

    @property
    def satisfied(self) -> bool:
        return self.T >= self.min_T

    def summary(self) -> str:
        s = (
            f"rate K/T = {self.K}/{self.T} = {float(self.rate):.3f}; "
            f"Proposition 1 needs T ≥ K+N−2 = {self.prop1_min_T}"
        )
        if self.theorem3_min_T is not None:
            s += f"; Theorem 3 needs T ≥ ⌈4K/3⌉ = {self.theorem3_min_T}"
        s += f"; binding: {self.binding} (T ≥ {self.min_T})"
        if not self.satisfied:
            s += f" — T = {self.T} is too small, no code can be feasible"
        s += f"; classic ring rate N/(2(N−1)) = {self.classic_ring_rate}"
        return s

    def to_json(self) -> dict:
        return {
            "rate": str(self.rate),
            "proposition1_min_T": self.prop1_min_T,
            "theorem3_min_T": self.theorem3_min_T,
            "min_T": self.min_T,
            "binding": self.binding,
            "satisfied": self.satisfied,
            "classic_ring_rate": str(self.classic_ring_rate),
        }


def bounds(N: int, K: int, T: int) -> Bounds:
    """The bounds for an N-node ring, K symbols per node, T time units."""
    return Bounds(
        N,
        K,
        T,
        Fraction(K, T),
        proposition1_min_T(N, K),
        theorem3_min_T(K) if N == 3 else None,
        classic_ring_rate(N),
    )
