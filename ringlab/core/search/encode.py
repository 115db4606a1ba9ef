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

Encoder version 3 (``fast``; version 2 stays reachable as ``fast2`` for benchmarks) adds 2b and
5 and decodes nodes 0 and 1 by implication (general class, not symmetric, not routing).
Steps 2, 2b, 3, 5 are applied in this order to a feasible code; each uses maps the earlier
steps' forms are invariant under (every argument is linear algebra over any field):

2b. *$R_1$ is a partial permutation*: 0/1, one 1 per row, at most one per column.  After 2 the
    pairs $(P, L_{N-1})$ that keep $R_0 = S$ (selection, pivots $p_0 < \dots < p_{K-1}$) include
    every *lower-triangular* invertible P, with $L_{N-1}[p_k][p_j] = P[k][j]$ and identity rows
    off the pivots ($S L_{N-1} = P S$, and $L_{N-1}$ is lower triangular because P is and the
    pivots increase).  With node 0's re-encoding $L_0$ this acts on $R_1$ as
    $R_1 \mapsto P R_1 L_0^{-1}$, P and $L_0^{-1}$ lower triangular: add earlier rows to later
    ones, later columns to earlier ones, scale both.  Bruhat elimination (row r from the top: its
    last non-zero column v scaled to 1, the rest of row r cleared by column v, column v below
    row r cleared by row r; rows already done are unit vectors in other columns and are not
    touched) ends at a partial permutation matrix, full row rank K.  $L_0$ touches no other R.
3.  (unchanged) $R_i$, $i \ge 2$, in column normal form with pivots 1 through $L_{i-1}$, which
    touches neither $R_0$ ($L_{N-1}$) nor $R_1$ ($L_0$).
5.  *$\Lambda_i$ ($i \ge 1$) normal on the zero columns of $R_i$*: after 2b/3, $R_i$ has exactly K
    non-zero columns, linearly independent; every lower-triangular invertible Y whose rows at the
    non-zero columns are identity rows keeps $R_i Y = R_i$ (such Y form a group G), and node
    $i-1$ re-encoding by $Y^{-1}$ maps $\Lambda_i \mapsto \Lambda_i Y$: a zero column z of $R_i$
    may be scaled and added to any earlier column of $\Lambda_i$.  Backward elimination over
    the zero columns z (from the last): if column z of $\Lambda_i$ is non-zero with first
    non-zero row r, scale it to 1 and clear row r in every earlier column — later steps only add
    columns that are zero in row r.  So: first non-zero $\Lambda_i[r][z] = 1$ (q > 2) and
    $\Lambda_i[r][u] = 0$ for $u < z$.  The map also re-encodes node $i-1$'s sends
    ($M_{i-1}, \Lambda_{i-1} \mapsto Y^{-1}\,\cdot$: rows of $\Lambda_{i-1}$), so the steps run
    for $i = N-1$ down to 1: step i changes $\Lambda_{i-1}$'s rows before $\Lambda_{i-1}$ is
    normalised, and no later step touches $\Lambda_i$.  $\Lambda_0$ is not normalised (its
    columns belong to $L_{N-1}$, whose step would change $\Lambda_{N-1}$'s rows).  No R moves.

Because $R_0$ and $R_1$ are then 0/1 with exactly one 1 per row, their decoding equations are
written as implications "$R_i[k][u] = 1 \Rightarrow$ block j of $c_{i'}^{(u)}$ is $e_k$" — one
clause per bit instead of a product and an XOR (``_decode_selected``): equivalent under the
row constraints, and unit propagation fixes whole sends as soon as a 1 is chosen.

Measured (``benchmarks/bench_normal_forms.py``, same run, medians of 3): GF(2^3), N = 4, K = 6,
T = 8 (impossible) in about 3 s against 10-30 s for version 2, depending on the machine's
load.  Checked constructively, over GF(2) and GF(3), in ``tests/core/test_search_normal_forms.py``
(scrambled paper and table codes carried to this normal form by hand, then pinned into the
formula).

Over GF(q), q > 2 (GF(p) one-hot, GF(2^m) as bits)
-------------------------------------------------
Every argument above is linear algebra over an arbitrary field, so 1-4 stay sound and complete
over GF(q): P ranges over $GL_K(\mathbb{F}_q)$ (row scalings included, so the pivots of $R_0$
become 1 and $R_0$ is a 0/1 selection matrix), L over the unit lower-triangular matrices over
$\mathbb{F}_q$ (backward elimination divides by the pivot, which a field allows).  One more
step is complete over GF(q) and used:

3b. *Pivots of the column normal form are 1*: node $i-1$ may re-encode by any *invertible*
    lower-triangular L (still causal: send t uses sends ≤ t; $L\Lambda$ and $\Lambda L^{-1}$ stay
    strictly lower triangular), in particular by a diagonal D, which scales column t of $R_i$ by
    $D_{tt}^{-1}$ and changes no zero pattern — so the first non-zero of every column of $R_i$
    ($i \ge 1$; $R_0$ in the symmetric class, where every node uses the same D, which keeps
    the shift tie) can be made 1.  Over GF(2) it says nothing.

Not used: field automorphisms (Frobenius $a \mapsto a^2$ of GF(2^m) maps feasible codes to
feasible codes and keeps every normal form above; "the first entry outside GF(2), in a fixed
order, is its orbit's representative" is sound, but measured with version 3 it was no faster,
and slower on GF(2^2) N = 4, K = 6, T = 8 and GF(2^3) N = 4, K = 5, T = 7).  Routing-only
codes get no normalisation over any field.  Completeness over GF(4) is tested the way it is over GF(2): the normalised encoding's
verdict equals the one-hot plain encoding's on a set of small cells
(``tests/core/test_search_gf2m.py``).

Arithmetic: ``arith="bits"`` (default) writes GF(2^m) elements as m bits
(:class:`.cnf.GF2m`); ``arith="onehot"`` writes every GF(q) element one-hot
(:class:`.cnf.GFq`) — the peer of the benchmark and of the agreement tests.  GF(p), p odd, is
always one-hot.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..code import LinearCode
from ..errors import RinglabError
from .cnf import GF2, Formula, GF2m, GFq, add_clause, bool_and, bool_or


@dataclass(frozen=True)
class SearchSpec:
    """What to search for: ring size, symbols, time units, field (canonical ``"GF(q)"``), class."""

    N: int
    K: int
    T: int
    field: str = "GF(2)"
    routing: bool = False
    symmetric: bool = False

    # words a ring's subclass changes (the two-way ring's spec): its routing class, and what
    # describe() says before N
    ROUTING = "routing only (reduce-multicast shape)"
    RING = ""

    @property
    def q(self) -> int:
        return field_order(self.field)

    @property
    def p(self) -> int:
        """The characteristic."""
        q = self.q
        return 2 if q & (q - 1) == 0 else q

    @property
    def F(self):
        """ringlab's field object (``GF(4)`` is ringlab's ``GF(2^2)``)."""
        from ..fields import field

        return field(self.field)

    @property
    def class_name(self) -> str:
        base = self.ROUTING if self.routing else "general linear codes"
        return base + (", rotationally symmetric" if self.symmetric else "")

    @property
    def field_name(self) -> str:
        """The field as the rest of ringlab names it (``GF(2^2)``; ``field`` is the search's
        canonical key ``GF(4)``, which the rate table and the lessons' probes use)."""
        return self.F.name

    def describe(self) -> str:
        return (
            f"{self.RING}N = {self.N}, K = {self.K}, T = {self.T} over {self.field_name}, "
            f"{self.class_name}"
        )


MAX_PRIME = 31
MAX_M = 4
_HELP = (
    f"search supports GF(p) for a prime p ≤ {MAX_PRIME} (e.g. GF(2), GF(3), GF(5)) and "
    f"GF(2^m) for m ≤ {MAX_M} (GF(2^2), GF(2^3), GF(2^4); GF(4), GF(8), GF(16) are read too)"
)


def search_field(name) -> str:
    """The canonical name ``"GF(q)"`` of a field search can encode; anything else is refused in
    one line.  ``"GF(2^2)"`` and ``"GF(4)"`` are the same field.

    >>> search_field("GF(2^3)"), search_field(" GF( 4 ) ")
    ('GF(8)', 'GF(4)')
    """
    import re

    m = re.fullmatch(r"\s*GF\(\s*([0-9]+)\s*(?:\^\s*([0-9]+)\s*)?\)\s*", str(name))
    if not m:
        raise RinglabError(f"field {name!r}: {_HELP}; not Q or R")
    base, e = int(m.group(1)), int(m.group(2) or 1)
    if base < 2 or e < 1:
        raise RinglabError(f"field {name!r}: not a field; {_HELP}")
    if e == 1 and _is_prime(base):
        if base > MAX_PRIME:
            raise RinglabError(
                f"field {name!r}: search encodes GF(p) one-hot, so p must be ≤ {MAX_PRIME}"
            )
        return f"GF({base})"
    if e > 1 and not _is_prime(base):
        raise RinglabError(f"field {name!r}: {base} is not a prime; {_HELP}")
    p, mm = (base, e) if e > 1 else _prime_power(base)
    if p is None:
        raise RinglabError(f"field {name!r}: {base} is not a prime or a prime power; {_HELP}")
    if p != 2 or mm > MAX_M:
        raise RinglabError(f"field {name!r}: GF({p}^{mm}) is not supported; {_HELP}")
    return f"GF({2**mm})"


def field_order(name: str) -> int:
    return int(search_field(name)[3:-1])


def _is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def _prime_power(n: int):
    for p in range(2, n + 1):
        if n % p == 0:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            return (p, e) if n == 1 else (None, None)
    return None, None


KINDS = {
    "fast": "M eliminated + normal forms 1-3b, R_1 a partial permutation (2b), Λ_i normal (5)",
    "fast2": "encoder version 2: M eliminated + R normal forms (1-3, 3b), for benchmarks",
    "elim": "M eliminated only (normalisation 1; for measuring what 2-3 add)",
    "plain": "M, Λ, R as variables, no normalisation",
}


ARITHS = {
    "bits": "GF(2^m) elements as m bits: bilinear products, XOR sums (GF(p), p odd: one-hot)",
    "onehot": "every GF(q) element one-hot over q literals, q² clauses per product",
}


def _encoding_routing(self):
    N, K, T = self.spec.N, self.spec.K, self.spec.T
    f, A = self.f, self.A
    q, F = self.spec.q, self.spec.F

    def is1(e):
        return A.eq_const(e, 1)

    def land(a, b):
        return bool_and(f, a, b)

    # bullet 1: coefficients 0 or 1
    if q > 2:
        for i in self.base_nodes:
            for store in (self.m[i], self.lam[i], self.r[i]):
                for e in store.values():
                    A.restrict01(e)
    # bullets 2-3: one symbol per row, same message index
    car = {}  # car[(i,t,k)]: y_i^(t) carries index k

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
                car[(i, t, k)] = bool_or(f, [mk] + via)
                for u in range(t):  # both select ⇒ same message index
                    add_clause(f, [-mk, -is1(self.Lam(i, t, u)), CAR(prev, u, k)])
    for i in self.nodes:
        prev = (i - 1) % N
        for k in range(K):
            f.at_most_one([is1(self.Rr(i, k, u)) for u in range(T)])
        if q > 2:
            # T_i = I − R_i·(block i of s_i) must be 0/1 as well
            for k in range(K):
                for k2 in range(K):
                    d = A.sum(
                        [A.mul(self.Rr(i, k, u), self.C(prev, u, i * K + k2)) for u in range(T)]
                    )
                    ok = (0, 1) if k == k2 else (0, F.neg(1))
                    for v in range(q):
                        if v not in ok:
                            A.forbid(d, v)


class Encoding:
    """The formula for one spec plus the maps needed to read a code back from a model."""

    def __init__(self, spec: SearchSpec, kind: str = "fast", arith: str = "bits"):
        if kind not in KINDS:
            raise RinglabError(f"encoding {kind!r}: expected one of {', '.join(KINDS)}")
        if arith not in ARITHS:
            raise RinglabError(f"arithmetic {arith!r}: expected one of {', '.join(ARITHS)}")
        self.spec, self.kind = spec, kind
        N, K, T = spec.N, spec.K, spec.T
        self.f = Formula()
        q, F = spec.q, spec.F
        if q == 2:
            self.A = GF2(self.f)
        elif spec.p == 2 and arith == "bits":
            self.A = GF2m(self.f, F)
        else:
            self.A = GFq(self.f, F)
        self.arith = "bits" if isinstance(self.A, (GF2, GF2m)) else "one-hot"
        self.fast = kind in ("fast", "fast2", "elim")
        self.explicit_m = not self.fast or spec.routing or spec.symmetric
        self.base_nodes = [0] if spec.symmetric else list(range(N))  # nodes owning variables
        self.nodes = list(range(N))  # nodes with equations
        A = self.A
        self.lam = {
            i: {(t, u): A.var() for t in range(T) for u in range(t)} for i in self.base_nodes
        }
        self.r = {i: {(k, u): A.var() for k in range(K) for u in range(T)} for i in self.base_nodes}
        self.m = (
            {i: {(t, k): A.var() for t in range(T) for k in range(K)} for i in self.base_nodes}
            if self.explicit_m
            else None
        )
        self.c = {i: {} for i in self.nodes}
        # version 3: R_0 and R_1 are 0/1 with one 1 per row, decoded by implication
        general = not (spec.routing or spec.symmetric)
        self.selective = (0, 1) if kind == "fast" and general else ()
        self._ones = {}
        self._propagate()
        self._decode()
        if spec.routing:
            self._routing()
        elif kind in ("fast", "fast2"):
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
                            self.c[i][(t, col)] = A.var()  # normalisation 1: M eliminated
                            continue
                    self.c[i][(t, col)] = A.sum(terms)

    # -- Definition 2: every node decodes the sum (block i left to T_i, eq. (6)) ------------
    def _decode(self):
        N, K, T = self.spec.N, self.spec.K, self.spec.T
        A = self.A
        for i in self.nodes:
            prev = (i - 1) % N
            if i in self.selective:
                self._decode_selected(i)
                continue
            for k in range(K):
                for col in range(N * K):
                    j, kk = divmod(col, K)
                    if j == i:
                        continue
                    terms = [A.mul(self.Rr(i, k, u), self.C(prev, u, col)) for u in range(T)]
                    A.sum_eq(terms, 1 if kk == k else 0)

    def _one(self, i, k, u):
        """The literal "R_i[k][u] = 1" of a node whose R is 0/1 (restricted once)."""
        key = (i, k, u)
        if key not in self._ones:
            self._ones[key] = self.A.restrict01(self.r[i][(k, u)])
        return self._ones[key]

    def _decode_selected(self, i):
        r"""Node i's R is 0/1 with exactly one 1 per row (normal forms 2, 2b), so
        $\sum_u R_i[k][u]\, c^{(u)} = c^{(u_k)}$ for the selected $u_k$: Definition 2 is
        "$R_i[k][u] = 1 \Rightarrow c_{i'}^{(u)}|_{\text{block } j} = e_k$", one clause per
        bit (no product, no XOR), which unit propagation uses as soon as a 1 is chosen."""
        N, K, T = self.spec.N, self.spec.K, self.spec.T
        prev = (i - 1) % N
        for k in range(K):
            for u in range(T):
                one = self._one(i, k, u)
                for col in range(N * K):
                    j, kk = divmod(col, K)
                    if j != i:
                        self._implies_eq(one, self.C(prev, u, col), 1 if kk == k else 0)

    def _implies_eq(self, guard, e, v):
        """Clauses for guard ⇒ e = v."""
        A, f = self.A, self.f
        if isinstance(A, GF2m):
            lits = A._matches(e, v)
            if lits is False:
                f.add([-guard])
            else:
                for x in lits:
                    f.add([-guard, x])
            return
        lit = A.eq_const(e, v)
        if lit is False:
            f.add([-guard])
        elif lit is not True:
            f.add([-guard, lit])

    # -- normalisations 2 and 3 (module docstring) ------------------------------------------
    def _nonzero(self, e):
        return self.A.nonzero(e)

    def _column_normal_form(self, i):
        """Column t's first non-zero row r ⇒ row r is 0 in every column u < t."""
        K, T = self.spec.K, self.spec.T
        f = self.f
        for t in range(1, T):
            above_zero = None  # literal: rows < r of column t all zero
            for r in range(K):
                nz = self._nonzero(self.r[i][(r, t)])
                first = nz if above_zero is None else f.and_(above_zero, nz)
                for u in range(t):
                    f.add([-first, -self._nonzero(self.r[i][(r, u)])])
                if self.spec.q > 2:  # 3b: the pivot is 1
                    f.add([-first, self.A.eq_const(self.r[i][(r, t)], 1)])
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
            ones = [
                self._one(0, k, u) if self.selective else A.restrict01(e) for u, e in enumerate(row)
            ]
            f.add(ones)
            f.at_most_one(ones)
            if k + 1 < K:
                for u in range(T):
                    for u2 in range(u + 1):
                        later = self.r[0][(k + 1, u2)]
                        one = self._one(0, k + 1, u2) if self.selective else A.restrict01(later)
                        f.add([-ones[u], -one])
        if self.kind == "fast2":
            for i in range(1, self.spec.N):
                self._column_normal_form(i)
            return
        zero = {}
        self._partial_permutation(1)
        zero[1] = [-f.or_([self._r01[(k, u)] for k in range(K)]) for u in range(T)]
        for i in range(2, self.spec.N):
            self._column_normal_form(i)
            zero[i] = [
                -f.or_([self._nonzero(self.r[i][(k, u)]) for k in range(K)]) for u in range(T)
            ]
        for i in range(1, self.spec.N):
            self._lambda_normal_form(i, zero[i])

    def _partial_permutation(self, i):
        """2b: $R_i$ is 0/1 with one 1 per row and at most one per column."""
        K, T = self.spec.K, self.spec.T
        f = self.f
        self._r01 = {(k, u): self._one(i, k, u) for k in range(K) for u in range(T)}
        for k in range(K):
            row = [self._r01[(k, u)] for u in range(T)]
            f.add(row)
            f.at_most_one(row)
        for u in range(T):
            f.at_most_one([self._r01[(k, u)] for k in range(K)])

    def _lambda_normal_form(self, i, zero):
        r"""5: for a zero column v of $R_i$ (literal ``zero[v]``), a non-zero column v of
        $\Lambda_i$ with first non-zero row r has $\Lambda_i[r][v] = 1$ (q > 2) and
        $\Lambda_i[r][u] = 0$ for every u < v."""
        T = self.spec.T
        f = self.f
        lam = self.lam[i]
        for v in range(T - 1):
            above_zero = zero[v]  # column v of R_i zero and rows v+1..r-1 of Λ_i column v zero
            for r in range(v + 1, T):
                nz = self._nonzero(lam[(r, v)])
                if nz is False:
                    continue
                first = f.and_(above_zero, nz) if nz is not True else above_zero
                for u in range(v):
                    other = self._nonzero(lam[(r, u)])
                    if other is not False:
                        f.add([-first, -other] if other is not True else [-first])
                if self.spec.q > 2:
                    f.add([-first, self.A.eq_const(lam[(r, v)], 1)])
                if nz is True:
                    break
                above_zero = f.and_(above_zero, -nz)

    # -- routing only: the paper's three bullets of Sec. III-B -------------------------------
    _routing = _encoding_routing  # (module level: the class stays readable at once)

    # -- back from a model -------------------------------------------------------------------
    def code(self, model, name="", description="") -> LinearCode:
        """The code a model describes (T_i left to eq. (6))."""
        spec = self.spec
        N, K, T, F = spec.N, spec.K, spec.T, spec.F
        A = self.A
        val = lambda e: A.value(model, e)
        Ms, Ls, Rs = [], [], []
        for i in range(N):
            prev = (i - 1) % N
            lam = [[val(self.Lam(i, t, u)) if u < t else 0 for u in range(T)] for t in range(T)]
            if self.explicit_m:
                M = [[val(self.Mm(i, t, k)) for k in range(K)] for t in range(T)]
            else:
                M = [
                    [self._m_entry(F, val, lam, i, prev, t, k) for k in range(K)] for t in range(T)
                ]
            R = [[val(self.Rr(i, k, u)) for u in range(T)] for k in range(K)]
            Ms.append(M)
            Ls.append(lam)
            Rs.append(R)
        return LinearCode.from_matrices(F, Ms, Ls, Rs, name=name, description=description)

    def _m_entry(self, F, val, lam, i, prev, t, k):
        """$m_i^{(t)}[k]$ = block i of $c_i^{(t)}$ − Σ_u λ[u]·block i of $c_{i'}^{(u)}$ (eq. (3))."""
        acc = val(self.C(i, t, i * self.spec.K + k))
        for u in range(t):
            acc = F.sub(acc, F.mul(lam[t][u], val(self.C(prev, u, i * self.spec.K + k))))
        return acc
