"""Search over GF(2^m) with elements as m bits: Theorem 3 over GF(4), a GF(4) code re-verified,
the bit arithmetic against carry-less multiplication, and the normalised encoding against a
plain one-hot one (no normalisation, every element one-hot over q literals).

Independent references: Theorem 3 (⌈4K/3⌉, written out: N = 3, K = 4 needs T = 6), the paper's
eq. (5) evaluated here with polynomial arithmetic mod x²+x+1 / x³+x+1 written from scratch, and
the one-hot encoding, which shares no arithmetic code with the bit encoding.
"""

import itertools

import pytest

from ringlab import random_inputs, simulate
from ringlab.core.errors import RinglabError
from ringlab.core.search import make_spec, search, search_field, search_spec
from ringlab.core.search.cnf import Formula, GF2m
from ringlab.core.search.solve import run
from ringlab.core.theorem2 import theorem2_report

POLY = {4: 0b111, 8: 0b1011}  # x²+x+1, x³+x+1 (the Conway polynomials)


def clmul(a, b, q):
    """a·b in GF(q), q = 2^m: carry-less product reduced mod POLY[q]."""
    m = q.bit_length() - 1
    r = 0
    for i in range(m):
        if b >> i & 1:
            r ^= a << i
    for d in range(2 * m - 2, m - 1, -1):
        if r >> d & 1:
            r ^= POLY[q] << (d - m)
    return r


def matmul(A, B, q):
    out = []
    for row in A:
        out_row = []
        for j in range(len(B[0])):
            s = 0
            for k, a in enumerate(row):
                s ^= clmul(a, B[k][j], q)
            out_row.append(s)
        out.append(out_row)
    return out


def eye(n):
    return [[int(i == j) for j in range(n)] for i in range(n)]


def inv_unit_lower(A, q):
    """(I + S)^{-1} for S strictly lower triangular, by forward substitution (char 2: − = +)."""
    n = len(A)
    X = eye(n)
    for c in range(n):
        for r in range(c + 1, n):
            s = 0
            for k in range(c, r):
                s ^= clmul(A[r][k], X[k][c], q)
            X[r][c] = s
    return X


def eq5_holds(code, q):
    """The paper's eq. (5) for every node and every j, in GF(q) arithmetic written here."""
    N, K, T = code.N, code.K, code.T
    nodes = [
        {w: [list(map(int, r)) for r in code.node(i).get(w)] for w in ("M", "Lambda", "R")}
        for i in range(N)
    ]
    for i in range(N):
        chain = [eye(T)]
        for j in range(1, N + 1):
            chain.append(matmul(chain[-1], nodes[(i - j) % N]["Lambda"], q))
        inv = inv_unit_lower(chain[N], q)  # I − Λ = I + Λ in characteristic 2
        for j in range(1, N):
            lhs = matmul(
                matmul(matmul(nodes[i]["R"], inv, q), chain[j - 1], q), nodes[(i - j) % N]["M"], q
            )
            if lhs != eye(K):
                return False
    return True


@pytest.mark.parametrize("q", [4, 8])
def test_bit_arithmetic_is_the_field(q):
    """Every product and sum of two GF(q) variables, pinned to constants, solves to the
    carry-less value (variable × variable and variable × constant)."""
    from ringlab.core.fields import field

    F = field(f"GF({q})")
    pairs = list(itertools.product(range(q), repeat=2))
    if q == 8:
        pairs = pairs[::3]
    for a, b in pairs:
        f = Formula()
        A = GF2m(f, F)
        x, y = A.var(), A.var()
        A.require(x, a)
        A.require(y, b)
        prod, prod_c, s = A.sum([A.mul(x, y)]), A.sum([A.mul(x, b)]), A.sum([x, y, 1])
        sat, model = run(f)
        assert sat
        assert A.value(model, prod) == clmul(a, b, q) == A.value(model, prod_c)
        assert A.value(model, s) == a ^ b ^ 1


def test_gf4_theorem3_n3_k4_t5_impossible():
    r = search(3, 4, 5, "GF(4)", use_bounds=False)  # a SAT proof, not Proposition 1
    assert (r.status, r.proof) == ("impossible", "SAT")
    assert "GF(2^2)" in r.summary() and "general linear codes" in r.summary()
    assert search(3, 4, 6, "GF(4)").status == "found"  # ⌈4K/3⌉ = 6 is enough


def test_gf4_n4_k3_t5_found_and_reverified():
    r = search(4, 3, 5, "GF(4)")
    assert r.status == "found"
    code = r.code
    assert (code.N, code.K, code.T, code.field.name) == (4, 3, 5, "GF(2^2)")
    assert theorem2_report(code).feasible
    assert eq5_holds(code, 4)
    for seed in (1, 2):
        tr = simulate(code, random_inputs(code, seed))
        assert tr.all_correct
    assert "over GF(2^2)" in code.name  # as the editor names the field


def test_gf8_found_code_is_a_gf8_code():
    r = search(3, 2, 3, "GF(8)")
    assert r.status == "found" and r.code.field.name == "GF(2^3)"
    assert theorem2_report(r.code).feasible and eq5_holds(r.code, 8)


# The normalisations (1–3 and 3b: pivots 1) must not lose codes over GF(2^m): the normalised
# bit encoding's verdict equals the plain one-hot encoding's on every small cell here.
AGREE = [
    (3, 2, 2, "GF(4)"),
    (3, 2, 3, "GF(4)"),
    (3, 3, 3, "GF(4)"),
    (3, 3, 4, "GF(4)"),
    (4, 2, 3, "GF(4)"),
    (4, 3, 4, "GF(4)"),
    (2, 3, 2, "GF(4)"),
    (2, 3, 3, "GF(4)"),
    (2, 2, 2, "GF(8)"),
    (3, 2, 3, "GF(8)"),
    (3, 2, 2, "GF(8)"),
]


@pytest.mark.parametrize("N,K,T,field", AGREE)
@pytest.mark.parametrize("routing,symmetric", [(False, False), (False, True), (True, False)])
def test_normalised_bits_agree_with_plain_onehot(N, K, T, field, routing, symmetric):
    spec = make_spec(N, K, T, field, routing, symmetric)
    fast = search_spec(spec, encoding="fast", arith="bits", use_bounds=False, timeout=60)
    plain = search_spec(spec, encoding="plain", arith="onehot", use_bounds=False, timeout=60)
    assert fast.status in ("found", "impossible")
    assert fast.status == plain.status
    for r in (fast, plain):
        if r.status == "found":
            assert theorem2_report(r.code).feasible and eq5_holds(r.code, spec.q)


@pytest.mark.parametrize(
    "N,K,T", [(3, 2, 3), (3, 3, 3), pytest.param(4, 3, 5, marks=pytest.mark.slow)]
)  # (4, 3, 5) is seconds of SAT: the small two take the same path in the fast loop
def test_normalised_onehot_agrees_too(N, K, T):
    """Normalisation 3b through the one-hot arithmetic (a different eq_const path)."""
    spec = make_spec(N, K, T, "GF(4)")
    a = search_spec(spec, encoding="fast", arith="onehot", use_bounds=False)
    b = search_spec(spec, encoding="plain", arith="bits", use_bounds=False)
    assert a.status == b.status != "undecided"


@pytest.mark.parametrize(
    "name,canon",
    [
        ("GF(4)", "GF(4)"),
        ("GF(2^2)", "GF(4)"),
        ("GF(2^3)", "GF(8)"),
        (" GF( 8 ) ", "GF(8)"),
        ("GF(16)", "GF(16)"),
        ("GF(3)", "GF(3)"),
    ],
)
def test_field_names(name, canon):
    assert search_field(name) == canon


@pytest.mark.parametrize(
    "name,words",
    [
        ("GF(9)", "GF(3^2) is not supported"),
        ("GF(3^2)", "not supported"),
        ("GF(32)", "not supported"),
        ("GF(6)", "not a prime or a prime power"),
        ("GF(4^2)", "not a prime"),
        ("Q", "GF(2^m)"),
    ],
)
def test_unsupported_fields_one_line(name, words):
    with pytest.raises(RinglabError) as e:
        search_field(name)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_docstring_examples_of_the_encoding():
    import doctest

    import ringlab.core.search.encode as enc

    assert doctest.testmod(enc).failed == 0
