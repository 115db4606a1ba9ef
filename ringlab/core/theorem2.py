r"""Theorem 2: when is a linear code feasible?

For every node $i$ and $j = 1..N-1$ the $K\times K$ matrix

$$E_{i,j} = R_i (I_T - \Lambda_{i',N})^{-1} \Lambda_{i',j-1} M_{i\leftarrow j}$$

must equal $I_K$ (eq. (5)), with $\Lambda_{i',0} = I$,
$\Lambda_{i',j} = \Lambda_{i',j-1}\Lambda_{i\leftarrow j}$ and $i\leftarrow j = (i-j) \bmod N$;
eq. (6) then fixes $T_i = I_K - R_i (I_T - \Lambda_{i',N})^{-1} \Lambda_{i',N-1} M_i$.

How it is computed (timed in ``benchmarks/bench_check.py``): never a $T\times T$ chain, never
an inverse.  Two exact routes give the same matrices:

* **sparse** (:func:`ringlab.core.sparse.decoding_rows`): run eq. (3) forward on coefficient
  vectors that keep only their non-zero entries; node i's decode $R_i s_i^{(T)}$ split by
  source node *is* the row of $E_{i,j}$.  Its work is the number of non-zero coefficients
  carried, so the codes people build (0/1 entries, a few per row) cost milliseconds even at
  N = 32, K = 64, T = 128.
* **dense, forward** (:func:`ringlab.core.dense.decoding_matrix`, GF(2^m) and GF(p)): the
  same forward pass on dense coefficient matrices, vectorised with NumPy: once row u of what
  every node receives is final, its contribution to every later row of the next node is one
  outer product; then $D_i = R_i S_i$.  The received matrices are computed once and serve all
  N(N − 1) checks; GF(2^m) products are look-ups in log/antilog tables, sums XOR.
* **dense, batched products** (:func:`decoding_blocks`; Q, R, GF(p^m) with p odd):
  $A_i = R_i (I - L_i)^{-1}$ with $L_i = \Lambda_{i',N}$
  satisfies $A_i = R_i + A_i L_i$; since $L_i$ is a product of $N$ strictly lower triangular
  matrices, $L_i^k = 0$ once $kN \ge T$, so $\lceil T/N\rceil - 1$ rounds of
  $A \leftarrow R + A L$ are exact.  Each $A L$ and each step of
  $B_{j+1} = B_j \Lambda_{i\leftarrow j}$ is a $K\times T$ row block times one $\Lambda$,
  batched over all nodes at once.

The sparse route runs first with a budget of multiply-adds worth a small fraction of the dense
route's work (:func:`dense_flops`, :data:`SPARSE_SHARE`, :data:`FORWARD_SHARE`); a code that
is too dense to stay within it goes the dense route.

>>> from ringlab import preset
>>> rep = theorem2_report(preset("paper-k2-t3"))
>>> rep.feasible, len(rep.checks)
(True, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from functools import cached_property

from ._lazy import np  # NumPy on first use (start-up: Q needs none)
from .code import LinearCode
from .dense import decoding_matrix, forward_calls, forward_flops, supported
from .fields import ExtensionField, PrimeField, RationalField, RealField
from .sparse import block_diff, block_is_identity, block_rows, decoding_rows
from .words import subscripts

# Python multiply-adds the sparse route may spend per multiply-add of the dense route before
# handing over.  Batched products (Q, R, GF(p^m) with p odd), measured on half-dense random
# codes at N = K = 8, T = 16 and N = K = 16, T = 32: one sparse step costs 0.2–1.5 µs, one
# dense multiply-add 0.7–25 ns, so the two break even at a share of about 1/130 (Q), 1/250
# (R), 1/180 (GF(p)), 1/200–1/340 (GF(p^m)).  A third of that: a code that runs out of budget
# has cost a third of a dense run extra, and the codes people build (0/1, a few entries per
# row) need 1/1000 to 1/60000.
SPARSE_SHARE = {
    RationalField: 1 / 400,
    RealField: 1 / 750,
    PrimeField: 1 / 500,
    ExtensionField: 1 / 800,
}
SPARSE_SHARE_OTHER = 1 / 800
# The forward route (GF(p), GF(2^m)), measured (CPU time) on random dense codes at N = 32,
# K = 64, T = 128: a sparse step costs
# 0.12–0.2 µs over GF(p) (0/1 entries skip the product), 0.3–0.7 µs over GF(2^8)–GF(2^16); a
# forward multiply-add 0.6–1.3 ns, plus 5–10 µs of NumPy calls per vectorised step
# (:func:`ringlab.core.dense.forward_calls`; :data:`FORWARD_STEP` multiply-adds' worth).  Break-even about 1/150–1/220 (GF(p)) and
# 1/270–1/420 (GF(2^m)) there, 1/140–1/270 on half-dense codes at N = K = 16, T = 32; a
# third of the larger-size figures, since that is where a wasted attempt costs seconds.
FORWARD_SHARE = {PrimeField: 1 / 600, ExtensionField: 1 / 1200}
FORWARD_STEP = 5_000
SPARSE_FLOOR = 500  # tiny codes: a few hundred steps beat the dense calls' overhead


class Check:
    """One condition of eq. (5): node ``node`` must see source ``source`` = (node − j) mod N.

    ``matrix`` (rows of field elements) and ``wrong`` (positions differing from $I_K$) are
    built on first use: a report is often read only for its verdicts.  The matrix comes either
    field-native (dense route) or as a dict of its non-zero entries (sparse route).
    """

    __slots__ = (
        "node",
        "j",
        "source",
        "ok",
        "_native",
        "_field",
        "_rows",
        "_wrong",
        "_block",
        "_K",
    )

    def __init__(self, node, j, source, ok, native, field, block=None, K=0):
        self.node, self.j, self.source, self.ok = node, j, source, ok
        self._native, self._field, self._rows, self._wrong = native, field, None, None
        self._block, self._K = block, K

    @property
    def matrix(self) -> list:
        if self._rows is None:
            F = self._field
            self._rows = (
                F.rows(self._native)
                if self._native is not None
                else block_rows(F, self._block, self._K)
            )
        return self._rows

    @property
    def wrong(self) -> list:
        if self._wrong is None:
            F = self._field
            if self.ok:
                self._wrong = []
            elif self._native is not None:
                self._wrong = F.mdiff(self._native, F.eye(F.shape(self._native)[0]))
            else:
                eye = [
                    [F.one if r == c else F.zero for c in range(self._K)] for r in range(self._K)
                ]
                self._wrong = block_diff(F, self._block, eye)
        return self._wrong

    def __repr__(self):
        return f"Check(node={self.node}, j={self.j}, source={self.source}, ok={self.ok})"

    def chain(self, N: int) -> list[str]:
        """The matrices that enter this check, named as the window names them (``R₀``,
        ``(I − Λ₂·Λ₁·Λ₀)⁻¹``, ``Λ₂``, ``M₁``): the Λ of the nodes between the source and node
        i, the last one first, as the matrix product is written."""
        i, j = self.node, self.j
        lam = [subscripts(f"Λ_{(i - k) % N}") for k in range(1, j)]
        loop = [subscripts(f"Λ_{(i - k) % N}") for k in range(1, N + 1)]
        return (
            [subscripts(f"R_{i}"), "(I − " + "·".join(loop) + ")⁻¹"]
            + lam
            + [subscripts(f"M_{self.source}")]
        )


@dataclass(frozen=True)
class Theorem2Report:
    code: LinearCode
    checks: list[Check]  # ordered by node, then j
    translation_ok: list  # per node: None (solved), True/False (given T_i matches)
    translation_wrong: list  # per node: positions where a given T_i differs
    _solved: list = dc_field(repr=False)  # per node: solved T_i, field-native or rows

    @cached_property
    def translation(self) -> list:
        """Solved $T_i$ of eq. (6) per node, as rows of field elements."""
        F = self.code.field
        return [t if isinstance(t, list) else F.rows(t) for t in self._solved]

    @cached_property
    def translation_native(self) -> list:
        """Solved $T_i$ of eq. (6) per node, field-native."""
        F = self.code.field
        return [F.matrix(t) if isinstance(t, list) else t for t in self._solved]

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
        return (
            all(c.ok for c in self.checks[i * (N - 1) : (i + 1) * (N - 1)])
            and self.translation_ok[i] is not False
        )

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
    rot = [F.take(Lam, (idx - s) % N) for s in range(1, N + 1)]  # rot[s-1][i] = Λ_{i←s}
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


def dense_flops(code: LinearCode) -> int:
    """Multiply-adds of the dense route this code would take: :func:`decoding_blocks`'
    products, or the forward route's (:func:`ringlab.core.dense.forward_flops`, plus
    :data:`FORWARD_STEP` per vectorised step for its NumPy calls).  The sparse route's
    budget is a share of it."""
    N, K, T = code.shape
    if supported(code.field):
        return forward_flops(N, K, T) + FORWARD_STEP * forward_calls(N, K, T)
    rounds = -(-T // N) - 1
    return N * (rounds * N * K * T * T + (N - 1) * K * T * T + N * K * K * T)


def sparse_budget(code: LinearCode) -> int:
    """The multiply-adds the sparse route may spend before the dense route is cheaper."""
    F = code.field
    share = (
        FORWARD_SHARE[type(F)] if supported(F) else SPARSE_SHARE.get(type(F), SPARSE_SHARE_OTHER)
    )
    return max(SPARSE_FLOOR, int(dense_flops(code) * share))


def theorem2_report(code: LinearCode, method: str = "auto") -> Theorem2Report:
    """Every check of eq. (5), the solved $T_i$ of eq. (6), and whether given $T_i$ match.

    ``method`` is ``"auto"`` (sparse within its budget, else dense), ``"sparse"`` or
    ``"dense"``; all three give the same report (the tests hold them to it).
    """
    if method not in ("auto", "sparse", "dense"):
        raise ValueError(f"method = {method!r}: expected 'auto', 'sparse' or 'dense'")
    rows = None
    if method != "dense":
        rows = decoding_rows(code, None if method == "sparse" else sparse_budget(code))
    return _sparse_report(code, rows) if rows is not None else _dense_report(code)


def _sparse_report(code: LinearCode, rows) -> Theorem2Report:
    F = code.field
    N, K, _ = code.shape
    checks = []
    for i in range(N):
        blocks = rows[i]
        for j in range(1, N):
            b = blocks[(i - j) % N]
            checks.append(Check(i, j, (i - j) % N, block_is_identity(F, b, K), None, F, b, K))
    solved, t_ok, t_wrong = [], [], []
    for i in range(N):
        # eq. (6): T_i = I − (the block of node i's decode over its own x_i)
        t = [[F.one if r == c else F.zero for c in range(K)] for r in range(K)]
        for (r, c), v in rows[i][i].items():
            t[r][c] = F.sub(t[r][c], v)
        solved.append(t)
        given = code.node(i).T
        if given is None:
            t_ok.append(None)
            t_wrong.append([])
            continue
        g = [list(r) for r in given]
        # rows compared at C speed first (equal entries are equal within R's tolerance too)
        wrong = [
            (r, c)
            for r in range(K)
            if g[r] != t[r]
            for c in range(K)
            if not F.equal(g[r][c], t[r][c])
        ]
        t_ok.append(not wrong)
        t_wrong.append(wrong)
    return Theorem2Report(code, checks, t_ok, t_wrong, solved)


def _dense_report(code: LinearCode) -> Theorem2Report:
    F = code.field
    N, K, _ = code.shape
    D = decoding_matrix(code)
    if D is None:
        E, Tsol = decoding_blocks(code)
        per_j = [F.unstack(E[j]) for j in range(N - 1)]
        block = lambda i, j: per_j[j - 1][i]  # noqa: E731
        tsol = F.unstack(Tsol)
    else:
        block = lambda i, j: D[i][:, (i - j) % N * K : ((i - j) % N + 1) * K]  # noqa: E731
        tsol = F.unstack(
            F.bsub(
                F.stack([F.eye(K)] * N), F.stack([D[i][:, i * K : (i + 1) * K] for i in range(N)])
            )
        )
    eye = F.eye(K)
    checks = []
    for i in range(N):
        for j in range(1, N):
            m = block(i, j)
            checks.append(Check(i, j, (i - j) % N, F.mequal(m, eye), m, F))
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
    return Theorem2Report(code, checks, t_ok, t_wrong, tsol)
