r"""From (N, K, T, field, class) to a SAT formula whose models are feasible codes, and back.

The encoding propagates coefficient vectors (Sec. III of the paper, eq. (3)): $c_i^{(t)}$ is the
vector over all $x_{j,k}$ (column $jK + k$) of what node i sends at time t,

$$c_i^{(t)} = m_i^{(t)} \text{ (in block i)} + \sum_{u<t} \lambda_i^{(t)}[u]\, c_{i'}^{(u)},$$

and node i decodes with $R_i$: for every row k and every block $j \ne i$,
$\sum_u R_i[k][u]\, c_{i'}^{(u)}|_{\text{block } j} = e_k$.  This is Definition 2 exactly: the
coefficient of $x_{j,k}$ in $\hat z_i$ must be $\delta$; block i is not constrained because
$T_i$ absorbs it — $T_i$ is determined by eq. (6) and is never a variable.

Two encodings (benchmarked in ``benchmarks/bench_search.py``):

``plain``
    variables M, Λ, R; every $c$ entry a Tseitin definition; no normalisation.

``fast`` (default), each step sound and complete (the proofs are in ``docs/rate_table.md``):

1. *M eliminated.*  Block i of $c_i^{(t)}$ is $m_i^{(t)}$ plus a function of other variables,
   and $m_i^{(t)}$ is free, so block i of $c_i^{(t)}$ is taken as the free variable and
   $m_i^{(t)}$ is recovered after solving (a bijection, so nothing is lost).
   (Not used for routing only, whose constraints are on M itself.)
2. *$R_0$ is a selection matrix* (general class): row k has a single 1 in column $p_k$ with
   $p_0 < \dots < p_{K-1}$.  Why: $x_j \mapsto P x_j$ for every j ($P \in GL_K$) maps feasible
   codes to feasible codes ($M_i \mapsto M_i P^{-1}$, $R_i \mapsto P R_i$), and so does node
   $N-1$ re-encoding its sends by a unit lower-triangular $L$ ($M_{N-1}, \Lambda_{N-1} \mapsto
   L\,\cdot$; node 0 undoes it causally: $\Lambda_0, R_0 \mapsto \cdot\,L^{-1}$).  $R_0$ has rank
   K in a feasible code, and every K-dimensional row space lies in a Schubert cell, which
   contains exactly one coordinate subspace and is one orbit of the unipotent group — so some
   $P R_0 L^{-1}$ is a selection matrix.
3. *$R_i$ ($i \ge 1$) in column normal form*: if column t of $R_i$ is non-zero with first
   non-zero in row r, then every earlier column has 0 in row r.  Node $i-1$'s own re-encoding
   $L_{i-1}$ adds later columns of $R_i$ to earlier ones (backward elimination reaches the form);
   it touches neither $R_0$ nor any other $R_j$, so 2 and 3 hold together.
   In the rotationally symmetric class every node must use the same $L$ and $P$ must commute
   with the index shift, so only $R_0$'s column normal form is used there; routing-only codes
   are not closed under these maps, so no normalisation is used for them.
4. *Rotational symmetry as a tie, not a check*: in the symmetric class node i's M, Λ, R are
   node 0's variables with message indices shifted ($M_i[t][k] = M_0[t][(k-i) \bmod K]$,
   $\Lambda_i = \Lambda_0$, $R_i[k][t] = R_0[(k-i) \bmod K][t]$, as in the paper's K = 3 code);
   every node's equations are still encoded, because the shift is a symmetry of the problem
   only when K divides N.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..code import LinearCode
from ..errors import RinglabError
from .cnf import GF2, Formula, GFp, bool_and


@dataclass(frozen=True)
class SearchSpec:
    """What to search for: ring size, symbols, time units, field, class."""

    N: int
    K: int
    T: int
    field: str = "GF(2)"
    routing: bool = False
    symmetric: bool = False

    @property
    def p(self) -> int:
        return prime_of(self.field)

    @property
    def class_name(self) -> str:
        base = "routing only (reduce-multicast shape)" if self.routing else "general linear codes"
        return base + (", rotationally symmetric" if self.symmetric else "")

    def describe(self) -> str:
        return f"N = {self.N}, K = {self.K}, T = {self.T} over {self.field}, {self.class_name}"


def prime_of(name: str) -> int:
    """p for ``"GF(p)"`` with p a prime ≤ 31; anything else is refused in one line."""
    import re
    m = re.fullmatch(r"\s*GF\(\s*([0-9]+)\s*\)\s*", str(name))
    if not m:
        raise RinglabError(f"field {name!r}: search supports GF(p) for a small prime p "
                           f"(e.g. GF(2), GF(3), GF(5)), not Q, R or GF(p^m)")
    p = int(m.group(1))
    if p < 2 or any(p % d == 0 for d in range(2, int(p ** 0.5) + 1)):
        raise RinglabError(f"field {name!r}: {p} is not a prime")
    if p > 31:
        raise RinglabError(f"field {name!r}: search encodes elements one-hot, so p must be ≤ 31")
    return p


KINDS = {
    "fast": "M eliminated + R normal forms (normalisations 1-3)",
    "elim": "M eliminated only (normalisation 1; for measuring what 2-3 add)",
    "plain": "M, Λ, R as variables, no normalisation",
}


class Encoding:
    """The formula for one spec plus the maps needed to read a code back from a model."""

    def __init__(self, spec: SearchSpec, kind: str = "fast"):
        if kind not in KINDS:
            raise RinglabError(f"encoding {kind!r}: expected one of {', '.join(KINDS)}")
        self.spec, self.kind = spec, kind
        N, K, T = spec.N, spec.K, spec.T
        self.f = Formula()
        p = spec.p
        self.A = GF2(self.f) if p == 2 else GFp(self.f, p)
        self.fast = kind in ("fast", "elim")
        self.explicit_m = not self.fast or spec.routing or spec.symmetric
        self.base_nodes = [0] if spec.symmetric else list(range(N))   # nodes owning variables
        self.nodes = list(range(N))                                  # nodes with equations
        A = self.A
        self.lam = {i: {(t, u): A.var() for t in range(T) for u in range(t)} for i in self.base_nodes}
        self.r = {i: {(k, u): A.var() for k in range(K) for u in range(T)} for i in self.base_nodes}
        self.m = ({i: {(t, k): A.var() for t in range(T) for k in range(K)} for i in self.base_nodes}
                  if self.explicit_m else None)
        self.c = {i: {} for i in self.nodes}
        self._propagate()
        self._decode()
        if spec.routing:
            self._routing()
        elif kind == "fast":
            self._normalise()

    # -- accessors: node i's quantities, via node 0's in the symmetric class ----------------
    def C(self, i, t, col):
        return self.c[i][(t, col)]

    def Lam(self, i, t, u):
        return self.lam[0 if self.spec.symmetric else i][(t, u)]

    def Rr(self, i, k, u):
        if self.spec.symmetric:
            return self.r[0][((k - i) % self.spec.K, u)]
        return self.r[i][(k, u)]

    def Mm(self, i, t, k):
        if self.spec.symmetric:
            return self.m[0][(t, (k - i) % self.spec.K)]
        return self.m[i][(t, k)]

    # -- eq. (3): propagation of coefficient vectors ----------------------------------------
    def _propagate(self):
        N, K, T = self.spec.N, self.spec.K, self.spec.T
        A = self.A
        for t in range(T):
            for i in self.nodes:
                prev = (i - 1) % N
                for col in range(N * K):
                    j, k = divmod(col, K)
                    terms = [A.mul(self.Lam(i, t, u), self.C(prev, u, col)) for u in range(t)]
                    if j == i:
                        if self.explicit_m:
                            terms.append(self.Mm(i, t, k))
                        else:
                            self.c[i][(t, col)] = A.var()     # normalisation 1: M eliminated
                            continue
                    self.c[i][(t, col)] = A.sum(terms)

    # -- Definition 2: every node decodes the sum (block i left to T_i, eq. (6)) ------------
    def _decode(self):
        N, K, T = self.spec.N, self.spec.K, self.spec.T
        A = self.A
        for i in self.nodes:
            prev = (i - 1) % N
            for k in range(K):
                for col in range(N * K):
                    j, kk = divmod(col, K)
                    if j == i:
                        continue
                    terms = [A.mul(self.Rr(i, k, u), self.C(prev, u, col)) for u in range(T)]
                    A.sum_eq(terms, 1 if kk == k else 0)

    # -- normalisations 2 and 3 (module docstring) ------------------------------------------
    def _nonzero(self, e):
        A = self.A
        if isinstance(A, GF2):
            return e
        return -e[0]

    def _column_normal_form(self, i):
        """Column t's first non-zero row r ⇒ row r is 0 in every column u < t."""
        K, T = self.spec.K, self.spec.T
        f = self.f
        for t in range(1, T):
            above_zero = None                        # literal: rows < r of column t all zero
            for r in range(K):
                nz = self._nonzero(self.r[i][(r, t)])
                first = nz if above_zero is None else f.and_(above_zero, nz)
                for u in range(t):
                    f.add([-first, -self._nonzero(self.r[i][(r, u)])])
                z = -nz if above_zero is None else f.and_(above_zero, -nz)
                above_zero = z

    def _normalise(self):
        K, T = self.spec.K, self.spec.T
        f, A = self.f, self.A
        if self.spec.symmetric:
            self._column_normal_form(0)
            return
        # R_0 a selection matrix, pivots increasing
        for k in range(K):
            row = [self.r[0][(k, u)] for u in range(T)]
            if isinstance(A, GFp):
                for e in row:
                    for v in range(2, A.p):
                        A.forbid(e, v)
            ones = [A.eq_const(e, 1) for e in row]
            f.add(ones)
            f.at_most_one(ones)
            if k + 1 < K:
                for u in range(T):
                    for u2 in range(u + 1):
                        f.add([-ones[u], -A.eq_const(self.r[0][(k + 1, u2)], 1)])
        for i in range(1, self.spec.N):
            self._column_normal_form(i)

    # -- routing only: the paper's three bullets of Sec. III-B -------------------------------
    def _routing(self):
        N, K, T = self.spec.N, self.spec.K, self.spec.T
        f, A = self.f, self.A
        p = self.spec.p

        def is1(e):
            return A.eq_const(e, 1)

        def lor(lits):
            lits = [x for x in lits if x is not False]
            if any(x is True for x in lits):
                return True
            if not lits:
                return False
            return lits[0] if len(lits) == 1 else f.or_(lits)

        def land(a, b):
            return bool_and(f, a, b)

        def clause(lits):
            lits = [x for x in lits if x is not False]
            if any(x is True for x in lits):
                return
            f.add(lits)

        # bullet 1: coefficients 0 or 1
        if p > 2:
            for i in self.base_nodes:
                for store in (self.m[i], self.lam[i], self.r[i]):
                    for e in store.values():
                        for v in range(2, p):
                            A.forbid(e, v)
        # bullets 2-3: one symbol per row, same message index
        car = {}                                    # car[(i,t,k)]: y_i^(t) carries index k

        def CAR(i, t, k):
            return car[(i, t, k)]

        for t in range(T):
            for i in self.nodes:
                prev = (i - 1) % N
                f.at_most_one([is1(self.Mm(i, t, k)) for k in range(K)])
                if t > 1:
                    f.at_most_one([is1(self.Lam(i, t, u)) for u in range(t)])
                for k in range(K):
                    mk = is1(self.Mm(i, t, k))
                    via = [land(is1(self.Lam(i, t, u)), CAR(prev, u, k)) for u in range(t)]
                    car[(i, t, k)] = lor([mk] + via)
                    for u in range(t):              # both select ⇒ same message index
                        clause([-mk, -is1(self.Lam(i, t, u)), CAR(prev, u, k)])
        for i in self.nodes:
            prev = (i - 1) % N
            for k in range(K):
                f.at_most_one([is1(self.Rr(i, k, u)) for u in range(T)])
            if p > 2:
                # T_i = I − R_i·(block i of s_i) must be 0/1 as well
                for k in range(K):
                    for k2 in range(K):
                        d = A.sum([A.mul(self.Rr(i, k, u), self.C(prev, u, i * K + k2))
                                   for u in range(T)])
                        ok = (0, 1) if k == k2 else (0, p - 1)
                        for v in range(p):
                            if v not in ok:
                                A.forbid(d, v)

    # -- back from a model -------------------------------------------------------------------
    def code(self, model, name="", description="") -> LinearCode:
        """The code a model describes (T_i left to eq. (6))."""
        spec = self.spec
        N, K, T, p = spec.N, spec.K, spec.T, spec.p
        A = self.A
        val = lambda e: A.value(model, e)  # noqa: E731
        Ms, Ls, Rs = [], [], []
        for i in range(N):
            prev = (i - 1) % N
            lam = [[val(self.Lam(i, t, u)) if u < t else 0 for u in range(T)] for t in range(T)]
            if self.explicit_m:
                M = [[val(self.Mm(i, t, k)) for k in range(K)] for t in range(T)]
            else:
                M = [[(val(self.C(i, t, i * K + k))
                       - sum(lam[t][u] * val(self.C(prev, u, i * K + k)) for u in range(t))) % p
                      for k in range(K)] for t in range(T)]
            R = [[val(self.Rr(i, k, u)) for u in range(T)] for k in range(K)]
            Ms.append(M)
            Ls.append(lam)
            Rs.append(R)
        return LinearCode.from_matrices(f"GF({p})", Ms, Ls, Rs,
                                        name=name, description=description)
