"""The vectorised dense route of Theorem 2 (``ringlab.core.dense``) against eq. (5) written
out by hand: chains of products and an explicit inverse, in arithmetic defined here (Fractions,
integers mod p, carry-less products modulo the field polynomial) and sharing nothing with
ringlab's tables.  Also: the paper's codes stay feasible on every route, every one-entry change
of them fails at the same checks on every route, and dense disguises of feasible codes stay
feasible."""

from __future__ import annotations

import doctest
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ringlab import LinearCode, classic_ring, preset
from ringlab.core import dense, randomcodes
from ringlab.core.sparse import decoding_rows
from ringlab.core.theorem2 import decoding_blocks, sparse_budget, theorem2_report

# -- arithmetic written from the definitions ---------------------------------------------------

# GF(2^m) modulo these polynomials (bit k = coefficient of x^k): x^2 + x + 1,
# x^8 + x^4 + x^3 + x^2 + 1, x^16 + x^5 + x^3 + x^2 + 1 — the Conway polynomials
POLY = {"GF(2^2)": 0b111, "GF(2^8)": 0x11D, "GF(2^16)": 0x1002D}
FIELDS = ["Q", "GF(2)", "GF(3)", "GF(2^2)", "GF(2^8)", "GF(2^16)"]


class Arith:
    """+, −, ×, ⁻¹ of one field on plain Python values (Fraction or int)."""

    def __init__(self, name):
        self.name = name
        if name == "Q":
            self.order = None
        elif self.prime:
            self.order = self.p = int(name[3:-1])  # GF(p)
        else:
            self.poly = POLY[name]
            self.m = self.poly.bit_length() - 1
            self.order = 1 << self.m

    @property
    def prime(self):
        return self.name != "Q" and self.name.count("^") == 0

    def value(self, e):
        """A ringlab element as a plain value."""
        return Fraction(int(e.p), int(e.q)) if self.name == "Q" else int(e)

    def add(self, a, b):
        if self.name == "Q":
            return a + b
        return (a + b) % self.p if self.prime else a ^ b

    def neg(self, a):
        if self.name == "Q":
            return -a
        return (-a) % self.p if self.prime else a

    def mul(self, a, b):
        if self.name == "Q":
            return a * b
        if self.prime:
            return a * b % self.p
        r = 0
        while b:  # carry-less product ...
            if b & 1:
                r ^= a
            b >>= 1
            a <<= 1
            if a >> self.m:  # ... reduced as it goes
                a ^= self.poly
        return r

    def inv(self, a):
        assert a != 0
        if self.name == "Q":
            return 1 / a
        e, r = self.order - 2, 1  # a^(q−2) = a⁻¹ (Fermat, Lagrange)
        while e:
            if e & 1:
                r = self.mul(r, a)
            a, e = self.mul(a, a), e >> 1
        return r

    # matrices: lists of rows
    def eye(self, n):
        return [[1 if r == c else 0 for c in range(n)] for r in range(n)]

    def matmul(self, A, B):
        cols = len(B[0]) if B else 0
        out = []
        for row in A:
            o = []
            for c in range(cols):
                acc = 0
                for k, a in enumerate(row):
                    acc = self.add(acc, self.mul(a, B[k][c]))
                o.append(acc)
            out.append(o)
        return out

    def sub(self, A, B):
        return [[self.add(a, self.neg(b)) for a, b in zip(ra, rb)] for ra, rb in zip(A, B)]

    def inverse(self, A):
        """Gauss–Jordan on [A | I]."""
        n = len(A)
        W = [list(r) + e for r, e in zip(A, self.eye(n))]
        for c in range(n):
            piv = next(r for r in range(c, n) if W[r][c] != 0)
            W[c], W[piv] = W[piv], W[c]
            s = self.inv(W[c][c])
            W[c] = [self.mul(s, v) for v in W[c]]
            for r in range(n):
                if r != c and W[r][c] != 0:
                    f = W[r][c]
                    W[r] = [self.add(v, self.neg(self.mul(f, w))) for v, w in zip(W[r], W[c])]
        return [r[n:] for r in W]


def eq5_by_hand(code):
    """``({(i, j): E_ij}, {i: T_i})`` straight from eqs. (5) and (6)."""
    A = Arith(code.field.name)
    N, K, T = code.shape
    plain = [
        {w: [[A.value(v) for v in r] for r in nd.get(w)] for w in ("M", "Lambda", "R")}
        for nd in code.nodes
    ]
    E, Ts = {}, {}
    for i in range(N):
        chain = [A.eye(T)]  # chain[j] = Λ_{i',j}
        for j in range(1, N + 1):
            chain.append(A.matmul(chain[-1], plain[(i - j) % N]["Lambda"]))
        base = A.matmul(plain[i]["R"], A.inverse(A.sub(A.eye(T), chain[N])))
        for j in range(1, N):
            E[(i, j)] = A.matmul(A.matmul(base, chain[j - 1]), plain[(i - j) % N]["M"])
        Ts[i] = A.sub(A.eye(K), A.matmul(A.matmul(base, chain[N - 1]), plain[i]["M"]))
    return E, Ts


def assert_report_is(code, rep, E, Ts):
    A = Arith(code.field.name)
    K = code.K
    eye = A.eye(K)
    assert len(rep.checks) == code.N * (code.N - 1)
    for c in rep.checks:
        want = E[(c.node, c.j)]
        assert c.source == (c.node - c.j) % code.N
        assert [[A.value(v) for v in r] for r in c.matrix] == want, (c.node, c.j)
        assert c.ok == (want == eye)
        assert c.wrong == [(r, k) for r in range(K) for k in range(K) if want[r][k] != eye[r][k]]
    for i in range(code.N):
        assert [[A.value(v) for v in r] for r in rep.translation[i]] == Ts[i]
    assert rep.feasible == all(E[k] == eye for k in E)


# -- random codes -----------------------------------------------------------------------------


@st.composite
def field_codes(draw, fields=FIELDS, max_N=4, max_K=3, max_T=6):
    """Random codes whose entries are any element of the field (−3..3 over Q), a share 0."""
    F = draw(st.sampled_from(fields))
    q = Arith(F).order
    N, K, T = draw(st.integers(2, max_N)), draw(st.integers(1, max_K)), draw(st.integers(1, max_T))
    p_zero = draw(st.sampled_from([0.0, 0.3, 0.7]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))

    def e():
        if rng.random() < p_zero:
            return 0
        return rng.randint(-3, 3) if q is None else rng.randrange(q)

    Ms = [[[e() for _ in range(K)] for _ in range(T)] for _ in range(N)]
    Ls = [[[e() if c < r else 0 for c in range(T)] for r in range(T)] for _ in range(N)]
    Rs = [[[e() for _ in range(T)] for _ in range(K)] for _ in range(N)]
    return LinearCode.from_matrices(F, Ms, Ls, Rs)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field_codes())
def test_every_route_equals_eq5_by_hand(code):
    E, Ts = eq5_by_hand(code)
    for method in ("dense", "auto", "sparse"):
        assert_report_is(code, theorem2_report(code, method), E, Ts)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field_codes(fields=["GF(2)", "GF(3)", "GF(7)", "GF(2^2)", "GF(2^8)", "GF(2^16)"]))
def test_forward_blocks_are_eq5_blocks(code):
    """``decoding_matrix`` itself: block s of node i is E_{i,j} for s = i − j (and the eq. (6)
    term at s = i); the batched products of ``decoding_blocks`` give the same."""
    assert dense.supported(code.field)
    D = dense.decoding_matrix(code)
    N, K = code.N, code.K
    E, Ts = eq5_by_hand(code)
    Eb, _ = decoding_blocks(code)
    A = Arith(code.field.name)
    for i in range(N):
        for j in range(1, N):
            s = (i - j) % N
            assert D[i][:, s * K : (s + 1) * K].tolist() == E[(i, j)]
            assert Eb[j - 1][i].tolist() == E[(i, j)]
        own = D[i][:, i * K : (i + 1) * K].tolist()
        assert A.sub(A.eye(K), own) == Ts[i]


@pytest.mark.parametrize("F", FIELDS + ["GF(7)"])
@pytest.mark.parametrize("seed", range(3))
def test_larger_dense_codes_equal_eq5_by_hand(F, seed):
    """Beyond hypothesis' sizes: N = 5, K = 4, T = 9, every entry random (non-zero over the
    larger fields)."""
    code = randomcodes.random_dense_code(F, 5, 4, 9, seed=seed)
    E, Ts = eq5_by_hand(code)
    for method in ("dense", "auto"):
        assert_report_is(code, theorem2_report(code, method), E, Ts)


@pytest.mark.parametrize("F", ["GF(2)", "GF(7)", "GF(2^8)", "GF(2^16)"])
def test_routes_agree_entry_for_entry_at_n8_k8_t16(F):
    code = randomcodes.random_dense_code(F, 8, 8, 16, seed=4, zero_share=0.3)
    a, b = theorem2_report(code, "dense"), theorem2_report(code, "sparse")
    assert [c.matrix for c in a.checks] == [c.matrix for c in b.checks]
    assert [c.wrong for c in a.checks] == [c.wrong for c in b.checks]
    assert [c.ok for c in a.checks] == [c.ok for c in b.checks]
    assert a.translation == b.translation and a.feasible == b.feasible


def test_given_translation_compared_on_the_forward_route():
    code = preset("paper-k2-t3", "GF(2^16)").with_entry(2, "T", 0, 1, "5")
    rep = theorem2_report(code, "dense")
    assert all(c.ok for c in rep.checks)
    assert rep.translation_ok == [True, True, False] and rep.translation_wrong[2] == [(0, 1)]
    assert not rep.feasible and rep.node_ok(0) and not rep.node_ok(2)


# -- the paper's codes --------------------------------------------------------------------------

PAPER = ["paper-k1-t2", "paper-k2-t3", "paper-k3-t4"]


def one_entry_changes(code):
    """Every entry of M, Λ (below the diagonal) and R of every node, toggled 0 ↔ 1."""
    F = code.field
    for i in range(code.N):
        for w in ("M", "Lambda", "R"):
            m = code.matrix(i, w)
            for r, row in enumerate(m):
                for c, v in enumerate(row):
                    if w != "Lambda" or c < r:
                        yield (i, w, r, c), code.with_entry(i, w, r, c, "0" if F.is_one(v) else "1")


def failing(rep):
    return [(c.node, c.j, c.wrong) for c in rep.checks if not c.ok]


@pytest.mark.parametrize("F", FIELDS)
@pytest.mark.parametrize("name", PAPER)
def test_paper_codes_feasible_and_every_change_fails_alike_on_every_route(F, name):
    code = preset(name, F)
    for method in ("dense", "auto", "sparse"):
        assert theorem2_report(code, method).feasible
    E, Ts = eq5_by_hand(code)
    assert_report_is(code, theorem2_report(code, "dense"), E, Ts)
    for where, changed in one_entry_changes(code):
        reps = [theorem2_report(changed, m) for m in ("dense", "auto", "sparse")]
        assert not reps[0].feasible, where
        assert failing(reps[0]) == failing(reps[1]) == failing(reps[2]), where
        assert reps[0].translation == reps[2].translation, where


# Failing checks (node, j, wrong entries) of one-entry changes (toggled 0 ↔ 1), as the report
# gave them before the forward route existed (ringlab at a0b6f1c: every route, and the same
# over Q, GF(2), GF(3), GF(7), GF(2^2), GF(2^8), GF(2^16)).
BEFORE = {
    ("paper-k1-t2", (0, "M", 1, 0)): [(1, 1, [(0, 0)])],
    ("paper-k1-t2", (1, "R", 0, 1)): [(1, 1, [(0, 0)]), (1, 2, [(0, 0)])],
    ("paper-k2-t3", (1, "M", 0, 0)): [(0, 2, [(0, 0)])],
    ("paper-k2-t3", (0, "Lambda", 2, 1)): [(1, 2, [(1, 0), (1, 1)])],
    ("paper-k2-t3", (2, "R", 1, 2)): [(2, 1, [(1, 0)]), (2, 2, [(1, 0)])],
    ("paper-k3-t4", (0, "Lambda", 1, 0)): [(0, 1, [(2, 2)]), (1, 2, [(2, 2)])],
    ("paper-k3-t4", (2, "M", 3, 2)): [(0, 1, [(2, 2)])],
}


@pytest.mark.parametrize("F", FIELDS)
@pytest.mark.parametrize("name, where", list(BEFORE))
def test_one_entry_changes_fail_where_they_failed_before(F, name, where):
    code = preset(name, F)
    i, w, r, c = where
    changed = code.with_entry(
        i, w, r, c, "0" if code.field.is_one(code.matrix(i, w)[r][c]) else "1"
    )
    want = sorted(BEFORE[(name, where)])
    for method in ("dense", "auto"):
        assert sorted(failing(theorem2_report(changed, method))) == want


# -- dense disguises of feasible codes -------------------------------------------------------


@pytest.mark.parametrize("F", FIELDS + ["GF(7)"])
@pytest.mark.parametrize("name", PAPER + ["classic-ring-n5"])
def test_disguised_codes_are_dense_and_keep_every_check(F, name):
    code = preset(name, F)
    d = randomcodes.disguised(code, seed=7)
    assert d.shape == code.shape and d.nodes != code.nodes
    before, after = theorem2_report(code, "sparse"), theorem2_report(d, "dense")
    assert after.feasible
    assert [c.matrix for c in after.checks] == [c.matrix for c in before.checks]
    assert after.translation_ok == before.translation_ok
    broken = code.with_entry(
        1, "M", 0, 0, "1" if code.field.is_zero(code.matrix(1, "M")[0][0]) else "0"
    )
    b1, b2 = (
        theorem2_report(broken, "sparse"),
        theorem2_report(randomcodes.disguised(broken, 3), "dense"),
    )
    assert failing(b1) == failing(b2) and b1.translation == b2.translation


def test_disguise_refuses_the_reals():
    with pytest.raises(ValueError, match="exact field"):
        randomcodes.disguised(preset("paper-k1-t2", "R"))


def test_dense_feasible_ring_at_n12_over_gf65536():
    """A dense feasible code where the forward route runs every check (all pass)."""
    code = randomcodes.disguised(classic_ring(12, "GF(2^16)"), seed=2)
    nz = sum(1 for nd in code.nodes for r in nd.Lambda for v in r if v)
    assert nz > 0.4 * 12 * 22 * 21 / 2  # Λ was a shift: 21 entries per node
    assert decoding_rows(code, sparse_budget(code)) is None  # auto goes the dense route
    rep = theorem2_report(code)
    assert rep.feasible and all(c.ok for c in rep.checks)


# -- the pieces ----------------------------------------------------------------------------------


@pytest.mark.parametrize("F", ["GF(2^2)", "GF(2^8)", "GF(2^16)", "GF(3^2)", "GF(5^3)"])
def test_extension_scalars_and_products_agree_with_the_definitions(F):
    import numpy as np

    from ringlab import field
    from ringlab.engine.arith import arith_for

    Fl = field(F)
    rng = random.Random(1)
    q = Fl.order
    pairs = [(0, 0), (0, 1), (q - 1, 0)] + [
        (rng.randrange(q), rng.randrange(q)) for _ in range(300)
    ]
    # the vectorised product and sum, through their public names: an outer product with
    # inner dimension 1 is the products a·b alone (its diagonal the pairs), madd is elementwise
    av, bv = np.array([a for a, _ in pairs]), np.array([b for _, b in pairs])
    assert np.diagonal(Fl.matmul(av[:, None], bv[None, :])).tolist() == [
        Fl.mul(a, b) for a, b in pairs
    ]
    assert Fl.madd(av, bv).tolist() == [Fl.add(a, b) for a, b in pairs]
    # and the product the MPI ranks scale a block by (c·b for every b of the block)
    arith = arith_for(Fl)
    for c in (2, q - 1, rng.randrange(2, q)):
        block = np.array(bv, dtype=arith.dtype)
        got = arith.combine([c], [block], arith.zeros(block.shape))
        assert got.tolist() == [Fl.mul(c, b) for b in bv.tolist()]
    for a, b in pairs:
        assert Fl.sub(a, Fl.add(a, b)) == Fl.neg(b)
        assert type(Fl.mul(a, b)) is int and type(Fl.add(a, b)) is int
        if F in POLY:
            assert Fl.mul(a, b) == Arith(F).mul(a, b)
    A = np.array([[rng.randrange(q) for _ in range(5)] for _ in range(3)])
    B = np.array([[rng.randrange(q) for _ in range(4)] for _ in range(5)])
    want = [[0] * 4 for _ in range(3)]
    for r in range(3):
        for c in range(4):
            for k in range(5):
                want[r][c] = Fl.add(want[r][c], Fl.mul(int(A[r, k]), int(B[k, c])))
    got = Fl.matmul(A, B)
    assert got.dtype == np.int64 and got.tolist() == want


def test_unsupported_fields_keep_the_batched_products():
    for F in ("Q", "R", "GF(3^2)", "GF(2147483647)"):
        assert dense.decoding_matrix(preset("paper-k2-t3", F)) is None
    for F in ("GF(2)", "GF(7)", "GF(2^16)", "GF(134217689)"):
        assert dense.supported(preset("paper-k1-t2", F).field)


def test_large_prime_stays_exact():
    """p just under 2^27: the int64 route (T·p² too large for float64 BLAS)."""
    code = randomcodes.random_dense_code("GF(134217689)", 3, 2, 5, seed=1)
    E, Ts = eq5_by_hand(code)
    assert_report_is(code, theorem2_report(code, "dense"), E, Ts)


@pytest.mark.parametrize("module", [dense, randomcodes])
def test_docstring_examples(module):
    res = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert res.failed == 0 and res.attempted > 0


# -- the sparse route's early hand-over ---------------------------------------------------------


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field_codes(max_N=5, max_K=3, max_T=8), st.integers(0, 400))
def test_work_floor_never_changes_the_route(code, budget):
    """``work_floor`` only hands a code over sooner: with or without it, ``decoding_rows``
    gives up on exactly the same budgets (the floor never exceeds the work it bounds)."""
    import ringlab.core.sparse as sparse_mod

    with_floor = decoding_rows(code, budget) is None
    real = sparse_mod.work_floor
    sparse_mod.work_floor = lambda code, stop=None: 0
    try:
        without = decoding_rows(code, budget) is None
    finally:
        sparse_mod.work_floor = real
    assert with_floor == without
    assert sparse_mod.work_floor(code, budget) <= sparse_mod.work_floor(code)


def test_dense_code_is_handed_over_by_the_floor():
    code = randomcodes.random_dense_code("GF(2^16)", 12, 8, 24, seed=3)
    from ringlab.core.sparse import work_floor

    assert work_floor(code) > sparse_budget(code)
    assert work_floor(preset("classic-ring-n8")) < sparse_budget(preset("classic-ring-n8"))


def test_forward_report_survives_the_pipe_to_the_window():
    """The app checks large codes in a child process and pickles the report back."""
    import pickle

    code = randomcodes.random_dense_code("GF(2^16)", 6, 3, 8, seed=5)
    rep = theorem2_report(code, "dense")
    back = pickle.loads(pickle.dumps(rep))
    assert [c.matrix for c in back.checks] == [c.matrix for c in rep.checks]
    assert [c.wrong for c in back.checks] == [c.wrong for c in rep.checks]
    assert back.translation == rep.translation and back.feasible == rep.feasible
