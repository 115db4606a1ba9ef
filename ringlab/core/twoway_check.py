r"""Exact feasibility of a two-way code: global coefficients through the time-expanded graph.

Every transmitted symbol is a linear combination of the $NK$ message symbols $x_{s,k}$; its
*global* coefficient vector (index $sK + k$, k from 0) is computed forward in time, as eq. (3)
is run one-way (:func:`global_vectors`).  Node i then holds its own unit vectors and the $2T$
vectors it received.  Node i succeeds iff, for every k, the sum vector $\sigma_k$ (a 1 at
$sK + k$ for every s):

* with a decoder in the code: equals $R_{i,cw} S_{i,cw} + R_{i,ccw} S_{i,ccw} + T_i$ on
  $x_i$'s columns (a ``T`` left out is solved: $T_i = I_K$ minus the decode's block over
  $x_i$, as eq. (6) solves it) — for a one-way code with a silent counter-clockwise direction
  this is eq. (5) and eq. (6) exactly;
* without one: lies in the span of what node i holds (some decoder exists), decided by exact
  Gaussian elimination over the field.

>>> from ringlab import preset
>>> from ringlab.core.twoway import from_one_way
>>> rep = twoway_report(from_one_way(preset("paper-k2-t3")))
>>> rep.feasible, rep.node_ok(2)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .fields import Field
from .twoway import DIRECTIONS, TwoWayCode

Vector = list  # field elements, length N·K


def global_vectors(code: TwoWayCode) -> dict[str, list[list[Vector]]]:
    """``{d: Y}`` with ``Y[i][t]`` the global coefficient vector of $y_{i,d}^{(t)}$.

    Row t of a send may use symbols received at times 1..t, i.e. those sent at u < t, and the
    strictly lower triangular Λ allows no other: the sends at t depend on earlier ones only.
    """
    F, (N, K, T) = code.field, code.shape
    Y = {d: [[None] * T for _ in range(N)] for d in DIRECTIONS}
    for t in range(T):
        for i in range(N):
            heard = {"cw": Y["cw"][(i - 1) % N], "ccw": Y["ccw"][(i + 1) % N]}
            for d in DIRECTIONS:
                s = code.node(i).sender(d)
                v = [F.zero] * (N * K)
                for k, a in enumerate(s.M[t]):
                    v[i * K + k] = a
                for stream in DIRECTIONS:
                    lam = s.get(f"Lambda_{stream}")[t]
                    for u in range(t):
                        if not F.is_zero(lam[u]):
                            _axpy(F, v, lam[u], heard[stream][u])
                Y[d][i][t] = v
    return Y


def _axpy(F: Field, acc: Vector, a, x: Vector) -> None:
    for c, xc in enumerate(x):
        if not F.is_zero(xc):
            acc[c] = F.add(acc[c], F.mul(a, xc))


def received(code: TwoWayCode, Y, i: int) -> dict[str, list[Vector]]:
    """What node i hears: ``{"cw": [from i−1 at t = 1..T], "ccw": [from i+1 …]}``."""
    N = code.N
    return {"cw": Y["cw"][(i - 1) % N], "ccw": Y["ccw"][(i + 1) % N]}


class Echelon:
    """A basis in echelon form over a field: add vectors, ask whether one is in the span."""

    def __init__(self, F: Field):
        self.F = F
        self.rows: list[tuple[int, Vector]] = []  # (pivot column, row with 1 at the pivot)

    def reduce(self, v: Vector) -> Vector:
        F = self.F
        v = list(v)
        for p, row in self.rows:
            if not F.is_zero(v[p]):
                a = v[p]
                for c, rc in enumerate(row):
                    if not F.is_zero(rc):
                        v[c] = F.sub(v[c], F.mul(a, rc))
        return v

    def add(self, v: Vector) -> bool:
        """Add ``v``; False if it was already in the span."""
        F = self.F
        r = self.reduce(v)
        p = next((c for c, x in enumerate(r) if not F.is_zero(x)), None)
        if p is None:
            return False
        inv = F.div(F.one, r[p])
        r = [F.mul(inv, x) for x in r]
        r[p] = F.one
        self.rows.append((p, r))
        return True

    def contains(self, v: Vector) -> bool:
        return all(self.F.is_zero(x) for x in self.reduce(v))

    @property
    def rank(self) -> int:
        return len(self.rows)


@dataclass(frozen=True)
class NodeVerdict:
    """Node ``node``'s outcome: ``missing`` lists the sum entries k (from 0) it cannot decode;
    ``wrong_sources`` maps each to the source nodes whose part comes out wrong (decoder given);
    ``rank`` is the dimension of what the node holds (own symbols included)."""

    node: int
    missing: tuple[int, ...]
    wrong_sources: dict
    rank: int

    @property
    def ok(self) -> bool:
        return not self.missing


@dataclass(frozen=True)
class TwoWayReport:
    code: TwoWayCode
    nodes: tuple[NodeVerdict, ...]
    mode: str  # "decoder" (the code's R, T) or "span" (does a decoder exist)
    translation: tuple  # per node: the T_i used (given or solved), rows; () in span mode

    @property
    def feasible(self) -> bool:
        return all(v.ok for v in self.nodes)

    def node_ok(self, i: int) -> bool:
        return self.nodes[i].ok

    @property
    def failing(self) -> list[NodeVerdict]:
        return [v for v in self.nodes if not v.ok]

    def reason(self, i: int) -> str:
        """One line: why node i fails (or that it decodes)."""
        v = self.nodes[i]
        if v.ok:
            return f"node {i} decodes the sum"
        ks = ", ".join(f"k = {k + 1}" for k in v.missing)
        if self.mode == "span":
            return (
                f"node {i}: the sum's entry {ks} is not in the span of what it holds "
                f"(its own {self.code.K} symbols and the {2 * self.code.T} it received; "
                f"rank {v.rank} of {self.code.N * self.code.K})"
            )
        parts = "; ".join(
            f"k = {k + 1} wrong over x of node " + ", ".join(map(str, v.wrong_sources[k]))
            for k in v.missing
        )
        return f"node {i}: its decoder gets the sum's entry {ks} wrong ({parts})"

    def summary(self) -> str:
        if self.feasible:
            how = "with the code's decoders" if self.mode == "decoder" else "(a decoder exists)"
            return f"feasible: every node decodes the sum {how}"
        bad = self.failing
        return f"infeasible: {len(bad)} of {self.code.N} nodes fail; " + self.reason(bad[0].node)


def twoway_report(code: TwoWayCode, mode: str = "auto") -> TwoWayReport:
    """Every node's verdict.  ``mode``: ``"decoder"`` checks the code's own decoders,
    ``"span"`` whether any decoder exists, ``"auto"`` the first if the code has decoders."""
    if mode == "auto":
        mode = "decoder" if code.has_decoders else "span"
    if mode not in ("decoder", "span"):
        raise ValueError(f"mode = {mode!r}: expected 'auto', 'decoder' or 'span'")
    if mode == "decoder" and not code.has_decoders:
        raise ValueError("mode = 'decoder' needs a code with decoders (R_cw, R_ccw)")
    Y = global_vectors(code)
    verdicts, translation = [], []
    for i in range(code.N):
        heard = received(code, Y, i)
        E = _holdings(code, i, heard)
        if mode == "span":
            missing = tuple(k for k in range(code.K) if not E.contains(sum_vector(code, k)))
            verdicts.append(NodeVerdict(i, missing, {}, E.rank))
            continue
        missing, wrong, t_used = _decoder_check(code, i, heard)
        verdicts.append(NodeVerdict(i, missing, wrong, E.rank))
        translation.append(t_used)
    return TwoWayReport(code, tuple(verdicts), mode, tuple(translation))


def _own_units(code: TwoWayCode, i: int) -> list[Vector]:
    F, N, K = code.field, code.N, code.K
    out = []
    for k in range(K):
        v = [F.zero] * (N * K)
        v[i * K + k] = F.one
        out.append(v)
    return out


def sum_vector(code: TwoWayCode, k: int) -> Vector:
    """$\\sigma_k$: the global vector of the sum's entry k (from 0)."""
    F, N, K = code.field, code.N, code.K
    return [F.one if c % K == k else F.zero for c in range(N * K)]


def _holdings(code: TwoWayCode, i: int, heard) -> Echelon:
    """A basis of what node i holds: its own unit vectors and both streams."""
    E = Echelon(code.field)
    for v in _own_units(code, i) + heard["cw"] + heard["ccw"]:
        E.add(v)
    return E


def _decoder_check(code: TwoWayCode, i: int, heard):
    """``(missing, wrong_sources, T used)`` for node i's own decoder."""
    F, N, K, T = code.field, code.N, code.K, code.T
    nd = code.node(i)
    D = []
    for k in range(K):
        v = [F.zero] * (N * K)
        for stream, R in (("cw", nd.R_cw), ("ccw", nd.R_ccw)):
            for u in range(T):
                if not F.is_zero(R[k][u]):
                    _axpy(F, v, R[k][u], heard[stream][u])
        D.append(v)
    if nd.T is None:  # solved: the identity minus the decode's block over x_i
        t_used = [
            [F.sub(F.one if r == c else F.zero, D[r][i * K + c]) for c in range(K)]
            for r in range(K)
        ]
    else:
        t_used = [list(r) for r in nd.T]
    missing, wrong = [], {}
    for k in range(K):
        v = list(D[k])
        for c in range(K):
            v[i * K + c] = F.add(v[i * K + c], t_used[k][c])
        want = sum_vector(code, k)
        bad = sorted({c // K for c in range(N * K) if not F.equal(v[c], want[c])})
        if bad:
            missing.append(k)
            wrong[k] = tuple(bad)
    return tuple(missing), wrong, tuple(tuple(r) for r in t_used)
