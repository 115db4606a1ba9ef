r"""Propagation: every symbol of a run, as a combination of the message symbols and as a value.

Message symbol $x_{j,k}$ (node j = 0..N−1, k = 1..K) is column $jK + (k-1)$ of a coefficient
vector.  Eq. (7), $s_i^{(T)} = M_{i'} x_{i'} + \Lambda_{i'} s_{i'}^{(T)}$, is iterated around
the ring: row t of $s_i$ only depends on rows < t of $s_{i'}$ because $\Lambda$ is strictly
lower triangular, so $\lceil T/N\rceil + 1$ sweeps are exact.  Decoding is eq. (4) with the given $T_i$, or the one
solved from eq. (6) when the file leaves it out.

>>> from ringlab import preset
>>> tr = simulate(preset("paper-k1-t2"), inputs=[[1], [2], [3]])
>>> tr.decoded_values, tr.true_sum
([[6], [6], [6]], [6])
"""
from __future__ import annotations

import random as _random
from dataclasses import dataclass

import numpy as np

from .code import LinearCode
from .errors import RinglabError
from .theorem2 import Theorem2Report, theorem2_report

_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def symbol_name(j: int, k: int) -> str:
    """The paper's name of message symbol k (1-based) of node j: ``x₀,₁``."""
    return f"x{str(j).translate(_SUB)},{str(k).translate(_SUB)}"


def pretty_combination(F, coeffs, K: int) -> str:
    """A coefficient vector over all $x_{j,k}$ for people: ``x₀,₁ + 2·x₂,₂ − x₁,₁``."""
    parts = []
    for col, c in enumerate(coeffs):
        if F.is_zero(c):
            continue
        name = symbol_name(col // K, col % K + 1)
        neg = F.characteristic == 0 and c < 0
        mag = -c if neg else c
        term = name if F.is_one(mag) else f"{F.format(mag)}·{name}"
        if not parts:
            parts.append(("−" if neg else "") + term)
        else:
            parts.append(("− " if neg else "+ ") + term)
    return " ".join(parts) if parts else "0"


@dataclass
class Trace:
    """A whole run; index ``[t][i]`` for transmissions, ``[i]`` for nodes."""

    code: LinearCode
    report: Theorem2Report
    inputs: list | None                 # N×K elements, or None for a symbolic run
    sent: list                          # sent[t][i]: coefficient vector (N·K) of y_{i→}^(t)
    sent_values: list | None            # sent_values[t][i]: value of y_{i→}^(t)
    decoded: list                       # decoded[i]: K coefficient vectors of ẑ_i
    decoded_values: list | None         # decoded_values[i]: K values
    true_sum: list | None               # K values of Σ_j x_j

    @property
    def field(self):
        return self.code.field

    def received(self, i: int, t: int) -> list:
        """$s_i^{(t)}$: what node i received at times 1..t (coefficient vectors)."""
        prev = (i - 1) % self.code.N
        return [self.sent[u][prev] for u in range(t)]

    def received_values(self, i: int, t: int) -> list | None:
        if self.sent_values is None:
            return None
        prev = (i - 1) % self.code.N
        return [self.sent_values[u][prev] for u in range(t)]

    def decodes_sum(self, i: int) -> list[bool]:
        """Per k: whether ẑ_i's entry k is $\\sum_j x_{j,k}$ for every input (coefficients)."""
        F, N, K = self.field, self.code.N, self.code.K
        out = []
        for k in range(K):
            row = self.decoded[i][k]
            out.append(all(F.equal(row[col], F.one if col % K == k else F.zero)
                           for col in range(N * K)))
        return out

    def wrong_entries(self, i: int) -> list[int]:
        """k (0-based) where node i's decoded value differs from the true sum (or, in a
        symbolic run, where the decoded combination is not the sum)."""
        if self.decoded_values is None:
            return [k for k, ok in enumerate(self.decodes_sum(i)) if not ok]
        F = self.field
        return [k for k, (a, b) in enumerate(zip(self.decoded_values[i], self.true_sum))
                if not F.equal(a, b)]

    @property
    def all_correct(self) -> bool:
        return all(not self.wrong_entries(i) for i in range(self.code.N))

    def pretty(self, coeffs) -> str:
        return pretty_combination(self.field, coeffs, self.code.K)


def parse_inputs(code: LinearCode, inputs, where: str = "inputs") -> list:
    """Check and parse an N×K array of message symbols (rows = nodes)."""
    F, N, K = code.field, code.N, code.K
    if not isinstance(inputs, (list, tuple)) or len(inputs) != N:
        raise RinglabError(f"{where}: expected a list of {N} rows (one per node) of {K} entries")
    out = []
    for i, row in enumerate(inputs):
        if not isinstance(row, (list, tuple)) or len(row) != K:
            raise RinglabError(f"{where}, node {i}: expected {K} entries (x_{i},1..x_{i},{K})")
        r = []
        for k, v in enumerate(row):
            try:
                r.append(F.parse(v))
            except RinglabError as e:
                raise RinglabError(f"{where}, node {i}, entry {k + 1}: {e}") from None
        out.append(r)
    return out


def random_inputs(code: LinearCode, seed: int | None = None) -> list:
    """Reproducible random message symbols: integers −9..9 over Q and R, any element over GF."""
    rng = _random.Random(seed)
    return [[code.field.random_element(rng) for _ in range(code.K)] for _ in range(code.N)]


def simulate(code: LinearCode, inputs=None, report: Theorem2Report | None = None) -> Trace:
    """Propagate ``code``; ``inputs`` is an N×K array (parsed with the field) or ``None``."""
    F = code.field
    N, K, T = code.shape
    NK = N * K
    report = report or theorem2_report(code)
    nat = code.native
    Lam, M, R = nat["Lambda"], nat["M"], nat["R"]
    idx = np.arange(N)
    prev = (idx - 1) % N
    sel = []
    for i in range(N):
        rows = [[F.one if c == i * K + k else F.zero for c in range(NK)] for k in range(K)]
        sel.append(F.matrix(rows))
    sel = F.stack(sel)
    ME = F.bmm(M, sel)                                   # T×NK: m_i^(t) x_i
    # Sweep around the ring in order, using each node's fresh s_{i'}: row t of s_i needs only
    # rows < t of s_{i'}, so node i gains one more correct row than its predecessor had and a
    # sweep adds N rows; ⌈T/N⌉ + 1 sweeps are exact (T Jacobi rounds cost N times more).
    ME_l, Lam_l = F.unstack(ME), F.unstack(Lam)
    S_l = [F.zeros(T, NK) for _ in range(N)]
    for _ in range(-(-T // N) + 1):
        for i in range(N):
            p = (i - 1) % N
            S_l[i] = F.madd(ME_l[p], F.matmul(Lam_l[p], S_l[p]))
    S = F.stack(S_l)
    Y = F.badd(ME, F.bmm(Lam, S))                       # transmitted, T×NK per node
    Ts = F.stack([F.matrix(report.effective_translation(i)) for i in range(N)])
    D = F.badd(F.bmm(R, S), F.bmm(Ts, sel))             # decoded, K×NK per node
    Y_rows = [F.rows(y) for y in F.unstack(Y)]
    sent = [[Y_rows[i][t] for i in range(N)] for t in range(T)]
    decoded = [F.rows(d) for d in F.unstack(D)]
    sent_values = decoded_values = true_sum = None
    if inputs is not None:
        x_rows = parse_inputs(code, inputs)
        x = F.matrix([[v] for row in x_rows for v in row])      # NK×1
        xs = F.stack([x] * N)
        yv = [F.rows(v) for v in F.unstack(F.bmm(Y, xs))]
        sent_values = [[yv[i][t][0] for i in range(N)] for t in range(T)]
        decoded_values = [[r[0] for r in F.rows(v)] for v in F.unstack(F.bmm(D, xs))]
        ones = F.matrix([[F.one] * N])
        true_sum = F.rows(F.matmul(ones, F.matrix(x_rows)))[0]
        inputs = x_rows
    return Trace(code, report, inputs, sent, sent_values, decoded, decoded_values, true_sum)
