r"""Theorem 2: when is a linear code feasible?

For every node $i$ and $j = 1..N-1$ the $K\times K$ matrix

$$E_{i,j} = R_i (I_T - \Lambda_{i',N})^{-1} \Lambda_{i',j-1} M_{i\leftarrow j}$$

must equal $I_K$ (eq. (5)), with $\Lambda_{i',0} = I$,
$\Lambda_{i',j} = \Lambda_{i',j-1}\Lambda_{i\leftarrow j}$ and $i\leftarrow j = (i-j) \bmod N$;
eq. (6) then fixes $T_i = I_K - R_i (I_T - \Lambda_{i',N})^{-1} \Lambda_{i',N-1} M_i$.

How it is computed (the arithmetic is counted in the README): never a $T\times T$ chain.
$A_i = R_i (I - L_i)^{-1}$ with $L_i = \Lambda_{i',N}$ satisfies $A_i = R_i + A_i L_i$; since
$L_i$ is a product of $N$ strictly lower triangular matrices, $L_i^k = 0$ once $kN \ge T$, so
$\lceil T/N\rceil - 1$ rounds of $A \leftarrow R + A L$ are exact.  Each $A L$ and each step of
$B_{j+1} = B_j \Lambda_{i\leftarrow j}$ is a $K\times T$ row block times one $\Lambda$, batched
over all nodes at once.

>>> from ringlab import preset
>>> rep = theorem2_report(preset("paper-k2-t3"))
>>> rep.feasible, len(rep.checks)
(True, 6)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .code import LinearCode


class Check:
    """One condition of eq. (5): node ``node`` must see source ``source`` = (node − j) mod N.

    ``matrix`` (rows of field elements) and ``wrong`` (positions differing from $I_K$) are
    built on first use: a report is often read only for its verdicts.
    """

    __slots__ = ("node", "j", "source", "ok", "_native", "_field", "_rows", "_wrong")

    def __init__(self, node, j, source, ok, native, field):
        self.node, self.j, self.source, self.ok = node, j, source, ok
        self._native, self._field, self._rows, self._wrong = native, field, None, None

    @property
    def matrix(self) -> list:
        if self._rows is None:
            self._rows = self._field.rows(self._native)
        return self._rows

    @property
    def wrong(self) -> list:
        if self._wrong is None:
            F = self._field
            self._wrong = [] if self.ok else F.mdiff(self._native, F.eye(F.shape(self._native)[0]))
        return self._wrong

    def __repr__(self):
        return f"Check(node={self.node}, j={self.j}, source={self.source}, ok={self.ok})"

    def chain(self, N: int) -> list[str]:
        """The matrices that enter this check, in the paper's words."""
        i, j = self.node, self.j
        lam = [f"Λ_{(i - k) % N}" for k in range(1, j)]
        loop = [f"Λ_{(i - k) % N}" for k in range(1, N + 1)]
        return [f"R_{i}", "(I − " + "·".join(loop) + ")⁻¹"] + lam + [f"M_{self.source}"]


@dataclass(frozen=True)
class Theorem2Report:
    code: LinearCode
    checks: list[Check]          # ordered by node, then j
    translation_native: list     # solved T_i per node, eq. (6), field-native
    translation_ok: list         # per node: None (solved), True/False (given T_i matches)
    translation_wrong: list      # per node: positions where a given T_i differs

    @cached_property
    def translation(self) -> list:
        """Solved $T_i$ of eq. (6) per node, as rows of field elements."""
        return [self.code.field.rows(t) for t in self.translation_native]

    @property
    def feasible(self) -> bool:
        return all(c.ok for c in self.checks) and all(t is not False for t in self.translation_ok)

    @property
    def failing(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]

    def check(self, i: int, j: int) -> Check:
        return self.checks[i * (self.code.N - 1) + (j - 1)]

    def node_ok(self, i: int) -> bool:
        N = self.code.N
        return (all(c.ok for c in self.checks[i * (N - 1):(i + 1) * (N - 1)])
                and self.translation_ok[i] is not False)

    def effective_translation(self, i: int):
        """The T_i decoding uses: the given one if the file has it, else the solved one."""
        given = self.code.node(i).T
        return [list(r) for r in given] if given is not None else self.translation[i]


def decoding_blocks(code: LinearCode):
    r"""The batched $B_j = R_i (I - \Lambda_{i',N})^{-1}\Lambda_{i',j-1}$ products.

    Returns ``(E, Tsol)``: ``E[j-1]`` is the batch over nodes of $B_j M_{i\leftarrow j}$ for
    $j = 1..N$ (``E[N-1]`` is the eq. (6) term), ``Tsol`` the batch of solved $T_i$.
    """
    F = code.field
    N, K, T = code.shape
    nat = code.native
    Lam, M, R = nat["Lambda"], nat["M"], nat["R"]
    idx = np.arange(N)
    rot = [F.take(Lam, (idx - s) % N) for s in range(1, N + 1)]   # rot[s-1][i] = Λ_{i←s}
    A = R
    for _ in range(-(-T // N) - 1):
        X = A
        for s in range(N):
            X = F.bmm(X, rot[s])
        A = F.badd(R, X)
    E = []
    B = A
    for j in range(1, N + 1):
        Mj = M if j == N else F.take(M, (idx - j) % N)
        E.append(F.bmm(B, Mj))
        if j < N:
            B = F.bmm(B, rot[j - 1])
    eye = F.stack([F.eye(K)] * N)
    return E, F.bsub(eye, E[N - 1])


def theorem2_report(code: LinearCode) -> Theorem2Report:
    """Every check of eq. (5), the solved $T_i$ of eq. (6), and whether given $T_i$ match."""
    F = code.field
    N, K, _ = code.shape
    E, Tsol = decoding_blocks(code)
    eye = F.eye(K)
    checks = []
    per_j = [F.unstack(E[j]) for j in range(N - 1)]
    for i in range(N):
        for j in range(1, N):
            m = per_j[j - 1][i]
            checks.append(Check(i, j, (i - j) % N, F.mequal(m, eye), m, F))
    tsol = F.unstack(Tsol)
    t_ok, t_wrong = [], []
    for i in range(N):
        given = code.node(i).T
        if given is None:
            t_ok.append(None)
            t_wrong.append([])
        else:
            g = F.matrix([list(r) for r in given])
            ok = F.mequal(g, tsol[i])
            t_ok.append(ok)
            t_wrong.append([] if ok else F.mdiff(g, tsol[i]))
    return Theorem2Report(code, checks, tsol, t_ok, t_wrong)


def is_feasible(code: LinearCode) -> bool:
    """Theorem 2's verdict alone."""
    return theorem2_report(code).feasible
