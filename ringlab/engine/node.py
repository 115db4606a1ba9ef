r"""One node's part of a code, on blocks: eqs. (3)–(4) as a rank runs them.

Node i holds $x_i$ as ``X`` (K blocks of L elements).  At step $t = 0..T-1$ it sends

$$ y_{i\to}^{(t)} = m_i^{(t)} x_i + \lambda_i^{(t)} s_i^{(t)} \qquad\text{(eq. (3))} $$

to $(i+1) \bmod N$ and receives $y_{i'\to}^{(t)}$ from $i' = (i-1) \bmod N$ into row t of
``S`` ($s_i^{(t+1)}$ is rows 0..t).  Because $\Lambda_i$ is strictly lower triangular, row t
of $\Lambda_i$ only reads rows 0..t−1, all already received.  After T steps

$$ \hat z_i = R_i\, s_i^{(T)} + T_i\, x_i \qquad\text{(eq. (4))} $$

with $T_i$ from the file, or solved by eq. (6) when the file omits it.

:func:`loopback` runs all N nodes in one process with the same functions (the message from
node i−1 is simply its ``y``): the tests check the arithmetic with it, without MPI.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.code import LinearCode
from ..core.theorem2 import theorem2_report
from .arith import Arith, arith_for


@dataclass
class NodeProgram:
    """The matrices of node ``i`` as coefficient arrays, and the two things it computes."""

    arith: Arith
    i: int
    N: int
    K: int
    T: int
    M: np.ndarray  # T×K
    Lam: np.ndarray  # T×T, strictly lower triangular
    R: np.ndarray  # K×T
    Tr: np.ndarray  # K×K (given or solved by eq. (6))

    @property
    def next(self) -> int:
        return (self.i + 1) % self.N

    @property
    def prev(self) -> int:
        return (self.i - 1) % self.N

    def __post_init__(self):
        # which blocks each output reads, with their (non-zero) coefficients: built once
        def plan(row, kind):
            nz = np.flatnonzero(row)
            return [row[j] for j in nz], [(kind, int(j)) for j in nz]

        self._send = []
        for t in range(self.T):
            cm, bm = plan(self.M[t], "X")
            cl, bl = plan(self.Lam[t, :t], "S")
            self._send.append((cm + cl, bm + bl))
        self._decode = []
        for k in range(self.K):
            cr, br = plan(self.R[k], "S")
            ct, bt = plan(self.Tr[k], "X")
            self._decode.append((cr + ct, br + bt))

    @staticmethod
    def _blocks(which, X, S):
        return [X[j] if kind == "X" else S[j] for kind, j in which]

    def encode(self, t: int, X: np.ndarray, S: np.ndarray, out: np.ndarray) -> np.ndarray:
        """Eq. (3): the symbol sent at step t, from x_i and the t symbols received so far.

        Returns the buffer to send: ``out``, or — when the symbol is one block with coefficient
        1 (a forward, or a chunk of x_i) — that block itself, saving a copy of S/K bytes.
        """
        coeffs, which = self._send[t]
        blocks = self._blocks(which, X, S)
        if len(coeffs) == 1 and coeffs[0] == 1:
            return blocks[0]
        return self.arith.combine(coeffs, blocks, out)

    def decode(self, X: np.ndarray, S: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """Eq. (4): the K decoded blocks, which must equal the sum over all nodes."""
        if out is None:
            out = self.arith.zeros((self.K, X.shape[1]))
        for k, (coeffs, which) in enumerate(self._decode):
            self.arith.combine(coeffs, self._blocks(which, X, S), out[k])
        return out


def node_programs(code: LinearCode) -> list[NodeProgram]:
    """Every node's program; $T_i$ solved by eq. (6) where the code omits it."""
    rep = theorem2_report(code) if any(nd.T is None for nd in code.nodes) else None
    return [_program(code, i, rep) for i in range(code.N)]


def node_program(code: LinearCode, i: int) -> NodeProgram:
    """Node i's program alone (what rank i builds)."""
    rep = theorem2_report(code) if code.node(i).T is None else None
    return _program(code, i, rep)


def _program(code: LinearCode, i: int, rep) -> NodeProgram:
    a = arith_for(code.field)
    nd = code.node(i)
    Tr = nd.T if nd.T is not None else rep.effective_translation(i)
    return NodeProgram(
        a,
        i,
        code.N,
        code.K,
        code.T,
        a.coeffs(nd.M),
        a.coeffs(nd.Lambda),
        a.coeffs(nd.R),
        a.coeffs(Tr),
    )


def node_data(arith: Arith, seed: int, rank: int, K: int, L: int) -> np.ndarray:
    """Node ``rank``'s K blocks of L elements: reproducible from (seed, rank) alone."""
    rng = np.random.default_rng([seed, rank])
    return arith.random_data(rng, K * L).reshape(K, L)


def loopback(code: LinearCode, data: list[np.ndarray]) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Run the code on all nodes in this process: ``(decoded per node, sent[i][t] per node)``."""
    progs = node_programs(code)
    N, T = code.N, code.T
    L = data[0].shape[1]
    a = progs[0].arith
    S = [a.zeros((T, L)) for _ in range(N)]
    sent = [[None] * T for _ in range(N)]
    for t in range(T):
        ys = [progs[i].encode(t, data[i], S[i], a.zeros(L)).copy() for i in range(N)]
        for i in range(N):
            sent[i][t] = ys[i]
            S[(i + 1) % N][t] = ys[i]
    return [progs[i].decode(data[i], S[i]) for i in range(N)], sent
