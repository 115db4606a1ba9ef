r"""``ringlab search --ring two-way``: codes on the two-way ring (:mod:`ringlab.core.twoway`)
found by SAT, or proven impossible in a class.

The formula propagates global coefficient vectors exactly as
:func:`ringlab.core.twoway_check.global_vectors` does: for node i, sending direction d, time t,

$$c_{i,d}^{(t)} = m_{i,d}^{(t)} \text{ (block i)}
   + \sum_{s \in \{cw, ccw\}} \sum_{u<t} \lambda_{i,d,s}^{(t)}[u]\; c_{\mathrm{src}(i,s),s}^{(u)},$$

with $\mathrm{src}(i, cw) = i-1$ and $\mathrm{src}(i, ccw) = i+1$; node i decodes with
$R_{i,cw}, R_{i,ccw}$: for every row k and every block $j \ne i$,
$\sum_s \sum_u R_{i,s}[k][u]\, c_{\mathrm{src}(i,s),s}^{(u)}|_{\text{block } j} = e_k$.  Block i is
left to $T_i$, solved afterwards (as eq. (6) solves it one-way).  The field arithmetic is the
one-way search's (:mod:`.cnf`: GF(2) literals, GF(2^m) as bits, GF(p) one-hot).

Normalisation (general class only), each sound and complete:

1. *M eliminated*: block i of $c_{i,d}^{(t)}$ is $m_{i,d}^{(t)}$ plus a function of other
   variables, so it is taken as the free variable and M recovered after solving (a bijection).
2. *$[R_{0,cw}\,|\,R_{0,ccw}]$ in reduced row echelon form*: $x_j \mapsto P x_j$ for every j
   ($P \in GL_K$) maps feasible codes to feasible codes ($M \mapsto M P^{-1}$, $R \mapsto P R$,
   T likewise), and node 0's decoder has rank K (its blocks $j \ne 0$ equal $I_K$), so some P
   brings it to reduced row echelon form.  (The one-way search's stronger forms use a
   re-encoding of node N−1's single link; here a link's re-encoding acts on one block of the
   columns only, and the Schubert-cell argument does not carry over, so they are not used.)
3. *$R_{i,s}$, $i \ge 1$, in column normal form* (the one-way step 3, per stream): the node
   sending on the link into node i along stream s may re-encode its sends on that link by an
   invertible lower-triangular L (still causal); node i undoes it ($\Lambda_{i,\cdot,s}$,
   $R_{i,s} \mapsto \cdot\, L^{-1}$), which adds later columns of $R_{i,s}$ to earlier ones
   and scales them: backward elimination reaches the form, first non-zero of a column 1.  Each
   link has its own L and none touches $R_0$ (links into node 0 are left alone), so 2 and 3
   hold together.

Impossible without a solver: the *cut set* around one node (it hears 2T symbols, $T$ on each
in-link, and must learn the K entries of the others' sum: $K \le 2T$) and the
*source cut* (node j's symbols travel one hop per time unit: to node i, $a$ hops clockwise and
$b = N - a$ counter-clockwise, they can only be in the $\max(0, T-a+1) + \max(0, T-b+1)$
symbols received at times $a..T$ and $b..T$, and node i's decoder restricted to $x_j$ is
$I_K$, of rank K: that count must be $\ge K$; it contains the distance bound
$T \ge \lfloor N/2 \rfloor$).

The general class is searched as a portfolio (:func:`search_twoway`): the routing-only class
first, with a share of the time (routing ⊂ general, so a routing code found answers it, and the
answer says which class the code is in), then the general encoding with the rest; "impossible"
only from a bound or from the general encoding's UNSAT.

>>> r = search_twoway(3, 3, 2)
>>> r.status, twoway_report(r.code).feasible, r.found_class
('found', True, 'routing only (each symbol a partial sum of one entry)')
>>> search_twoway(3, 3, 1).proof
'cut set'
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from dataclasses import field as dc_field

from ..errors import RinglabError
from ..twoway import DIRECTIONS, Sender, TwoWayCode, TwoWayNode
from ..twoway_check import twoway_report
from . import ResultText, check_ring
from .cnf import GF2, Formula, GF2m, GFq, bool_and
from .encode import SearchSpec
from .solve import BACKENDS, run

SRC = {"cw": -1, "ccw": +1}  # the cw stream comes from i−1, the ccw stream from i+1
MAX_PRODUCTS = 1_500_000


@dataclass(frozen=True)
class TwoWaySpec(SearchSpec):
    """The one-way spec's fields and words, on the two-way ring."""

    ROUTING = "routing only (each symbol a partial sum of one entry)"
    RING = "two-way ring, "


def make_twoway_spec(N, K, T, field="GF(2)", routing=False, symmetric=False) -> TwoWaySpec:
    """A validated spec; bad values raise :class:`RinglabError` with one line."""
    name = check_ring(N, K, T, field)
    products = 2 * N * T * T * N * K + 2 * N * K * N * K * T
    if products > MAX_PRODUCTS:
        raise RinglabError(
            f"two-way ring, N = {N}, K = {K}, T = {T} is too large to search (about "
            f"{products / 1e6:.1f} million products; the limit is {MAX_PRODUCTS / 1e6:.1f} "
            f"million): try a smaller N, K or T"
        )
    return TwoWaySpec(N, K, T, name, bool(routing), bool(symmetric))


def bound_refusal(spec: TwoWaySpec) -> tuple[str, str] | None:
    """``(bound, why)`` when a bound settles the spec as impossible without a solver."""
    N, K, T = spec.N, spec.K, spec.T
    if K > 2 * T:
        return "cut set", (
            f"cut set around one node: it hears 2T = {2 * T} symbols (T on each of its two "
            f"in-links) and must learn the K = {K} entries of the others' sum, so K ≤ 2T fails"
        )

    # the source cut: x_j can reach node i = 0 only in the symbols received after it has
    # travelled a hops clockwise (times a..T) or b = N − a counter-clockwise (times b..T)
    def reach(a: int) -> int:
        return max(0, T - a + 1) + max(0, T - (N - a) + 1)

    a = min(range(1, N), key=lambda a: (reach(a), -min(a, N - a)))  # the worst, farthest
    n, b = reach(a), N - a
    if n < K:
        return "source cut", (
            f"source cut: node {(-a) % N}'s symbols reach node 0 only after {a} hops "
            f"clockwise (received at times {a}..T) or {b} counter-clockwise (times "
            f"{b}..T), in at most {n} received symbol(s), fewer than the K = {K} "
            f"independent ones the sum's entries need"
        )
    return None


@dataclass
class TwoWayResult(ResultText):
    spec: TwoWaySpec
    status: str  # found | impossible | undecided
    code: TwoWayCode | None = None
    proof: str = ""  # "cut set" | "source cut" | "SAT"
    why: str = ""
    seconds: float = 0.0
    backend: str = ""
    stats: dict = dc_field(default_factory=dict)
    found_class: str = ""  # the class the found code was searched in (a subclass of spec's)
    stages: list = dc_field(default_factory=list)  # the portfolio's runs, in order

    RING = " on the two-way ring"
    encoding = "two-way"  # not a field: how() names it, to_json leaves it out

    def bound_line(self, what: str) -> str:
        return f"impossible: {what} — proven by the {self.why}; no solver needed"

    def summary(self) -> str:
        line = super().summary()
        if self.status == "found" and self.found_class != self.spec.class_name:
            return line.replace(
                f", {self.spec.class_name} (",
                f", {self.spec.class_name} — found in the class {self.found_class} (a routing "
                f"code, which is also a general code; ",
                1,
            )
        if self.status == "undecided" and len(self.stages) > 1:
            return line + " (the routing-only class first, then the general encoding)"
        return line

    def json_extra(self) -> dict:
        extra = {"found_class": self.found_class} if self.status == "found" else {}
        return {**extra, "stages": self.stages} if self.stages else extra


class TwoWayEncoding:
    """The formula for one spec and the maps that read a code back from a model."""

    def __init__(self, spec: TwoWaySpec, normal_forms: bool = True):
        self.spec = spec
        N, K, T = spec.N, spec.K, spec.T
        self.f = f = Formula()
        F = spec.F
        if spec.q == 2:
            self.A = GF2(f)
        elif spec.q & (spec.q - 1) == 0:
            self.A = GF2m(f, F)
        else:
            self.A = GFq(f, F)
        A = self.A
        self.explicit_m = spec.routing or spec.symmetric or not normal_forms
        base = [0] if spec.symmetric else list(range(N))
        self.lam = {
            (i, d, s): {(t, u): A.var() for t in range(T) for u in range(t)}
            for i in base
            for d in DIRECTIONS
            for s in DIRECTIONS
        }
        self.r = {
            (i, s): {(k, u): A.var() for k in range(K) for u in range(T)}
            for i in base
            for s in DIRECTIONS
        }
        self.m = (
            {
                (i, d): {(t, k): A.var() for t in range(T) for k in range(K)}
                for i in base
                for d in DIRECTIONS
            }
            if self.explicit_m
            else None
        )
        self.c = {}
        self._propagate()
        self._decode()
        if spec.routing:
            from ._twoway_routing import encode_routing

            encode_routing(self)
        elif normal_forms and not spec.symmetric:
            self._rref_r0()
            for i in range(1, N):
                for s in DIRECTIONS:
                    self._column_normal_form(i, s)

    # -- node i's quantities (node 0's, indices shifted, in the symmetric class) -------------
    def Lam(self, i, d, s, t, u):
        return self.lam[(0 if self.spec.symmetric else i, d, s)][(t, u)]

    def Rr(self, i, s, k, u):
        if self.spec.symmetric:
            return self.r[(0, s)][((k - i) % self.spec.K, u)]
        return self.r[(i, s)][(k, u)]

    def Mm(self, i, d, t, k):
        if self.spec.symmetric:
            return self.m[(0, d)][(t, (k - i) % self.spec.K)]
        return self.m[(i, d)][(t, k)]

    def src(self, i, s):
        return (i + SRC[s]) % self.spec.N

    def C(self, i, d, t, col):
        return self.c[(i, d, t, col)]

    def _propagate(self):
        N, K, T = self.spec.N, self.spec.K, self.spec.T
        A = self.A
        for t in range(T):
            for i in range(N):
                for d in DIRECTIONS:
                    for col in range(N * K):
                        j, k = divmod(col, K)
                        if j == i and not self.explicit_m:
                            self.c[(i, d, t, col)] = A.var()  # normalisation 1
                            continue
                        terms = [
                            A.mul(self.Lam(i, d, s, t, u), self.C(self.src(i, s), s, u, col))
                            for s in DIRECTIONS
                            for u in range(t)
                        ]
                        if j == i:
                            terms.append(self.Mm(i, d, t, k))
                        self.c[(i, d, t, col)] = A.sum(terms)

    def _decode(self):
        N, K, T = self.spec.N, self.spec.K, self.spec.T
        A = self.A
        for i in range(N):
            for k in range(K):
                for col in range(N * K):
                    j, kk = divmod(col, K)
                    if j == i:
                        continue
                    terms = [
                        A.mul(self.Rr(i, s, k, u), self.C(self.src(i, s), s, u, col))
                        for s in DIRECTIONS
                        for u in range(T)
                    ]
                    A.sum_eq(terms, 1 if kk == k else 0)

    def _rref_r0(self):
        """Normalisation 2: node 0's $[R_{cw} | R_{ccw}]$ in reduced row echelon form.  Row k's
        pivot is its first non-zero column; it is 1, the pivots increase with k, and every
        other row is 0 in a pivot column."""
        K, T = self.spec.K, self.spec.T
        f, A = self.f, self.A
        cols = [(s, u) for s in DIRECTIONS for u in range(T)]
        ent = [[self.r[(0, s)][(k, u)] for s, u in cols] for k in range(K)]
        n = len(cols)
        nz = [[A.nonzero(e) for e in row] for row in ent]
        piv = []  # piv[k][c]: row k's first non-zero is column c
        for k in range(K):
            above = None
            pk = []
            for c in range(n):
                here = nz[k][c] if above is None else bool_and(f, above, nz[k][c])
                pk.append(here)
                z = -nz[k][c] if above is None else bool_and(f, above, -nz[k][c])
                above = z
            f.add([x for x in pk if x is not False])  # every row non-zero (rank K)
            piv.append(pk)
            for c in range(n):
                one = A.eq_const(ent[k][c], 1)
                f.add([-pk[c], one])
                for k2 in range(K):  # the pivot column is zero elsewhere
                    if k2 != k:
                        f.add([-pk[c], -nz[k2][c]])
        for k in range(K - 1):  # pivots increase
            for c in range(n):
                for c2 in range(c + 1):
                    f.add([-piv[k][c], -piv[k + 1][c2]])

    def _column_normal_form(self, i, s):
        r"""Normalisation 3: $R_{i,s}$ ($i \ge 1$) in column normal form — if column t is
        non-zero with first non-zero row r, every earlier column is 0 in row r (and over
        q > 2 that first non-zero is 1)."""
        K, T = self.spec.K, self.spec.T
        f, A = self.f, self.A
        R = self.r[(i, s)]
        for t in range(1, T):
            above = None  # rows < r of column t all zero
            for r in range(K):
                nz = A.nonzero(R[(r, t)])
                first = nz if above is None else bool_and(f, above, nz)
                for u in range(t):
                    f.add([-first, -A.nonzero(R[(r, u)])])
                if self.spec.q > 2:
                    f.add([-first, A.eq_const(R[(r, t)], 1)])
                above = -nz if above is None else bool_and(f, above, -nz)

    # -- back from a model --------------------------------------------------------------------
    def code(self, model) -> TwoWayCode:
        spec = self.spec
        N, K, T, F = spec.N, spec.K, spec.T, spec.F
        val = lambda e: self.A.value(model, e)  # noqa: E731
        nodes = []
        for i in range(N):
            senders = {}
            for d in DIRECTIONS:
                lam = {
                    s: [
                        [val(self.Lam(i, d, s, t, u)) if u < t else 0 for u in range(T)]
                        for t in range(T)
                    ]
                    for s in DIRECTIONS
                }
                M = [[self._m_entry(F, val, lam, i, d, t, k) for k in range(K)] for t in range(T)]
                senders[d] = Sender(_tup(F, M), _tup(F, lam["cw"]), _tup(F, lam["ccw"]))
            R = {
                s: [[val(self.Rr(i, s, k, u)) for u in range(T)] for k in range(K)]
                for s in DIRECTIONS
            }
            nodes.append(
                TwoWayNode(senders["cw"], senders["ccw"], _tup(F, R["cw"]), _tup(F, R["ccw"]))
            )
        return TwoWayCode(N, K, T, F, tuple(nodes))

    def _m_entry(self, F, val, lam, i, d, t, k):
        if self.explicit_m:
            return val(self.Mm(i, d, t, k))
        col = i * self.spec.K + k
        acc = val(self.C(i, d, t, col))
        for s in DIRECTIONS:
            for u in range(t):
                prev = val(self.C(self.src(i, s), s, u, col))
                acc = F.sub(acc, F.mul(F.parse(lam[s][t][u]), prev))
        return acc


def _tup(F, m):
    return tuple(tuple(F.parse(v) for v in row) for row in m)


ROUTING_SHARE = 0.3  # of the time limit, for the routing-only try of the general class
ROUTING_CAP = 60.0  # seconds for that try when there is no time limit


def search_twoway(
    N,
    K,
    T,
    field="GF(2)",
    routing=False,
    symmetric=False,
    timeout=None,
    backend="cadical",
    portfolio=True,
) -> TwoWayResult:
    """Search one class on the two-way ring: found (re-verified), impossible, or undecided.

    The general class is searched as a small portfolio: first the routing-only class (a
    subclass: a routing code *is* a general code), with ``ROUTING_SHARE`` of the time limit,
    then the general encoding with what remains.  A routing code found first is returned with
    ``found_class`` naming the routing class; "impossible" comes only from a bound or from the
    general encoding's UNSAT (the routing class being empty proves nothing about codes that
    code).  ``portfolio=False`` runs the general encoding alone."""
    spec = make_twoway_spec(N, K, T, field, routing, symmetric)
    if backend not in BACKENDS:
        raise RinglabError(f"SAT backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    t0 = time.perf_counter()
    refused = bound_refusal(spec)
    if refused:
        return TwoWayResult(
            spec, "impossible", proof=refused[0], why=refused[1], seconds=time.perf_counter() - t0
        )
    stages = []
    if portfolio and not routing and not symmetric:
        sub = make_twoway_spec(N, K, T, field, routing=True)
        budget = ROUTING_CAP if timeout is None else ROUTING_SHARE * timeout
        first = _solve(sub, budget, backend, t0)
        stages.append(_stage(first))
        if first.status == "found":
            first.spec, first.found_class, first.stages = spec, sub.class_name, stages
            first.code = replace(
                first.code,
                description=first.code.description
                + f" A routing code, which is also a code of the class {spec.class_name} "
                "(searched for in that class: the routing-only class is tried first).",
            )
            first.seconds = time.perf_counter() - t0
            return first
    left = None if timeout is None else max(0.0, timeout - (time.perf_counter() - t0))
    res = _solve(spec, left, backend, time.perf_counter())
    stages.append(_stage(res))
    res.stages, res.seconds = stages, time.perf_counter() - t0
    if res.status == "found":
        res.found_class = spec.class_name
    return res


def _stage(r: TwoWayResult) -> dict:
    return {"class": r.spec.class_name, "status": r.status, "seconds": round(r.seconds, 3)}


def _solve(spec: TwoWaySpec, timeout, backend: str, t0: float) -> TwoWayResult:
    """One SAT run of one class's encoding (the bounds already passed)."""
    enc = TwoWayEncoding(spec)
    stats = {"variables": enc.f.nvars, "clauses": len(enc.f.clauses), "xors": len(enc.f.xors)}
    left = None if timeout is None else max(0.0, timeout - (time.perf_counter() - t0))
    sat, model = run(enc.f, backend, left)
    secs = time.perf_counter() - t0
    if sat is None:
        return TwoWayResult(spec, "undecided", seconds=secs, backend=backend, stats=stats)
    if not sat:
        return TwoWayResult(
            spec, "impossible", proof="SAT", seconds=secs, backend=backend, stats=stats
        )
    code = verified(spec, enc.code(model), secs, backend)
    return TwoWayResult(
        spec, "found", code=code, seconds=time.perf_counter() - t0, backend=backend, stats=stats
    )


def verified(spec: TwoWaySpec, code: TwoWayCode, secs: float, backend: str) -> TwoWayCode:
    """The model's code re-checked independently of the encoding (its decoders, then whether
    any decoder exists), with each node's solved T written in; a failure is a bug."""
    rep = twoway_report(code, "decoder")
    if not rep.feasible or not twoway_report(code, "span").feasible:
        raise RinglabError(
            f"internal error: the SAT model for {spec.describe()} fails the exact two-way "
            f"check ({rep.summary()}); please report this"
        )
    nodes = tuple(
        TwoWayNode(nd.cw, nd.ccw, nd.R_cw, nd.R_ccw, rep.translation[i])
        for i, nd in enumerate(code.nodes)
    )
    return TwoWayCode(
        spec.N,
        spec.K,
        spec.T,
        spec.F,
        nodes,
        name=f"Search result: two-way ring, N={spec.N}, K={spec.K}, T={spec.T} over "
        f"{spec.field_name}",
        description=(
            f"Found by SAT (two-way encoding, {BACKENDS[backend]}) in {secs:.2f} s; class: "
            f"{spec.class_name}. Re-verified by the exact two-way check before saving."
        ),
    )
