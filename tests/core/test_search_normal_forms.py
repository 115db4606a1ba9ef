"""Encoder version 3's normal forms keep every feasible code class (``encode.py``, 2b and 5).

Two independent checks:

* constructive: a known feasible code (the paper's codes, shipped table codes, over GF(2) and
  GF(3)) is scrambled by random feasibility-keeping maps, then carried by hand — the
  elimination of the proof in ``encode.py``, written here over any field with ringlab's field
  arithmetic — to the normal form: R_0 a selection matrix, R_1 a partial permutation, R_i
  (i ≥ 2) in column normal form with pivots 1, Λ_i (i ≥ 1) normal on R_i's zero columns.  The
  result must check FEASIBLE (Theorem 2), be in the normal form (read off the matrices here),
  and be a model of the encoder's formula: its R and Λ are pinned into the formula and the
  solver must find the rest (the code is "re-found under the normal forms");
* verdicts: the table's cells are re-searched with the new encoding — codes found where the
  table has them at its bound (each re-verified by ``check``), proofs of impossibility where
  the table proves them, and the same verdict as the unnormalised encoding on small cells.
"""

import json
from pathlib import Path

import numpy as np
import pytest

from ringlab import check, load_code, preset
from ringlab.core.code import LinearCode
from ringlab.core.search import make_spec, search
from ringlab.core.search.encode import Encoding
from ringlab.core.search.solve import run

ASSETS = Path(__file__).resolve().parents[2] / "assets"


# -- matrices over a field, by hand ---------------------------------------------------------
class Mat:
    def __init__(self, F):
        self.F = F

    def eye(self, n):
        return [[1 if r == c else 0 for c in range(n)] for r in range(n)]

    def mul(self, A, B):
        F = self.F
        out = []
        for row in A:
            out.append([])
            for c in range(len(B[0])):
                acc = 0
                for k, a in enumerate(row):
                    if a:
                        acc = F.add(acc, F.mul(a, B[k][c]))
                out[-1].append(acc)
        return out

    def inv(self, A):
        F = self.F
        n = len(A)
        X = [list(A[r]) + self.eye(n)[r] for r in range(n)]
        for c in range(n):
            p = next(r for r in range(c, n) if X[r][c])
            X[c], X[p] = X[p], X[c]
            s = F.div(1, X[c][c])
            X[c] = [F.mul(s, x) for x in X[c]]
            for r in range(n):
                if r != c and X[r][c]:
                    f = X[r][c]
                    X[r] = [F.sub(x, F.mul(f, y)) for x, y in zip(X[r], X[c])]
        return [row[n:] for row in X]


class Code:
    """M, Λ, R of every node as lists, with the two kinds of feasibility-keeping maps."""

    def __init__(self, code):
        self.F, self.N, self.K, self.T = code.field, code.N, code.K, code.T
        self.X = Mat(self.F)
        g = lambda m: [[int(x) for x in row] for row in m]  # noqa: E731
        self.M = [g(code.node(i).M) for i in range(self.N)]
        self.L = [g(code.node(i).Lambda) for i in range(self.N)]
        self.R = [g(code.node(i).R) for i in range(self.N)]

    def build(self):
        return LinearCode.from_matrices(self.F, self.M, self.L, self.R)

    def change_basis(self, P):
        """x_j ↦ P x_j for every j: M_i ↦ M_i P⁻¹, R_i ↦ P R_i."""
        Pi = self.X.inv(P)
        for i in range(self.N):
            self.M[i] = self.X.mul(self.M[i], Pi)
            self.R[i] = self.X.mul(P, self.R[i])

    def reencode(self, a, L):
        """Node a sends L·y (L invertible lower triangular); node a+1 undoes it causally."""
        b = (a + 1) % self.N
        Li = self.X.inv(L)
        self.M[a] = self.X.mul(L, self.M[a])
        self.L[a] = self.X.mul(L, self.L[a])
        self.L[b] = self.X.mul(self.L[b], Li)
        self.R[b] = self.X.mul(self.R[b], Li)


def col_op(F, A, Y, src, dst, c):
    """Column dst += c · column src (src > dst or scaling src = dst), in A and in Y."""
    for Z in (A, Y):
        for row in Z:
            if src == dst:
                row[dst] = F.mul(row[dst], c)
            else:
                row[dst] = F.add(row[dst], F.mul(c, row[src]))


def row_op(F, A, P, src, dst, c):
    """Row dst += c · row src (src < dst or scaling src = dst), in A and in P."""
    for Z in (A, P):
        if src == dst:
            Z[dst] = [F.mul(c, x) for x in Z[dst]]
        else:
            Z[dst] = [F.add(x, F.mul(c, y)) for x, y in zip(Z[dst], Z[src])]


def bruhat(F, R):
    """Lower-triangular P, Y with P·R·Y a partial permutation matrix (R of full row rank)."""
    K, T = len(R), len(R[0])
    A = [list(r) for r in R]
    P = [[int(r == c) for c in range(K)] for r in range(K)]
    Y = [[int(r == c) for c in range(T)] for r in range(T)]
    for r in range(K):
        v = max(u for u in range(T) if A[r][u])
        col_op(F, A, Y, v, v, F.div(1, A[r][v]))
        for u in range(v):
            if A[r][u]:
                col_op(F, A, Y, v, u, F.neg(A[r][u]))
        for r2 in range(r + 1, K):
            if A[r2][v]:
                row_op(F, A, P, r, r2, F.neg(A[r2][v]))
    return P, Y


def column_normal(F, A, cols):
    """Y lower triangular: for t in ``cols`` from the last, column t of A·Y has its first
    non-zero (row r) equal to 1 and row r zero in every earlier column."""
    T = len(A[0])
    A = [list(r) for r in A]
    Y = [[int(r == c) for c in range(T)] for r in range(T)]
    for t in sorted(cols, reverse=True):
        nz = [r for r in range(len(A)) if A[r][t]]
        if not nz:
            continue
        r = nz[0]
        col_op(F, A, Y, t, t, F.div(1, A[r][t]))
        for u in range(t):
            if A[r][u]:
                col_op(F, A, Y, t, u, F.neg(A[r][u]))
    return Y


def normalise(c: Code):
    F, X, N, K, T = c.F, c.X, c.N, c.K, c.T
    # 2: R_0 a selection matrix with increasing pivots (P ∈ GL_K, node N−1 re-encodes)
    P, Y = bruhat(F, c.R[0])
    c.change_basis(P)
    c.reencode(N - 1, X.inv(Y))
    piv = [next(u for u in range(T) if c.R[0][k][u]) for k in range(K)]
    order = sorted(range(K), key=piv.__getitem__)  # rows by pivot: a permutation in GL_K
    c.change_basis([[int(j == order[k]) for j in range(K)] for k in range(K)])
    piv = sorted(piv)
    # 2b: R_1 a partial permutation (P lower triangular, node N−1 keeps R_0, node 0 re-encodes)
    P, Y = bruhat(F, c.R[1])
    c.change_basis(P)
    Lp = X.eye(T)
    for k in range(K):
        for j in range(K):
            Lp[piv[k]][piv[j]] = P[k][j]
    c.reencode(N - 1, Lp)
    c.reencode(0, X.inv(Y))
    # 3, 3b: R_i (i ≥ 2) in column normal form with pivots 1 (node i−1 re-encodes)
    for i in range(2, N):
        c.reencode(i - 1, X.inv(column_normal(F, c.R[i], range(T))))
    # 5: Λ_i (i = N−1 … 1) normal on the zero columns of R_i (node i−1 re-encodes)
    for i in range(N - 1, 0, -1):
        zero = [t for t in range(T) if not any(c.R[i][k][t] for k in range(K))]
        c.reencode(i - 1, X.inv(column_normal(F, c.L[i], zero)))


def first_nonzero(col):
    return next((r for r, x in enumerate(col) if x), None)


def in_normal_form(c: Code) -> bool:
    K, T, N = c.K, c.T, c.N
    cols = lambda A: [[A[r][t] for r in range(len(A))] for t in range(T)]  # noqa: E731
    sel = [[u for u in range(T) if c.R[0][k][u]] for k in range(K)]
    if any(len(s) != 1 or c.R[0][k][s[0]] != 1 for k, s in enumerate(sel)):
        return False
    if [s[0] for s in sel] != sorted({s[0] for s in sel}) or len({s[0] for s in sel}) != K:
        return False
    R1 = c.R[1]
    if any(x not in (0, 1) for row in R1 for x in row):
        return False
    if any(sum(row) != 1 for row in R1) or any(sum(col) > 1 for col in cols(R1)):
        return False

    def normal_on(A, which):
        for t in which:
            col = cols(A)[t]
            r = first_nonzero(col)
            if r is not None and (col[r] != 1 or any(A[r][u] for u in range(t))):
                return False
        return True

    for i in range(2, N):
        if not normal_on(c.R[i], range(T)):
            return False
    for i in range(1, N):
        zero = [t for t in range(T) if not any(c.R[i][k][t] for k in range(K))]
        if not normal_on(c.L[i], zero):
            return False
    return True


def pinned_is_a_model(c: Code, field_name: str) -> bool:
    """The new encoding's formula with R and Λ pinned to the code's: satisfiable?"""
    e = Encoding(make_spec(c.N, c.K, c.T, field_name), "fast")
    for i in range(c.N):
        for (k, u), x in e.r[i].items():
            e.A.require(x, c.R[i][k][u])
        for (t, u), x in e.lam[i].items():
            e.A.require(x, c.L[i][t][u])
    sat, _ = run(e.f)
    return sat


def random_lower(F, rng, n, unit=False):
    q = F.order
    L = [[int(rng.integers(0, q)) if c < r else 0 for c in range(n)] for r in range(n)]
    for r in range(n):
        L[r][r] = 1 if unit else int(rng.integers(1, q))
    return L


def random_invertible(F, rng, K):
    X = Mat(F)
    while True:
        P = [[int(rng.integers(0, F.order)) for _ in range(K)] for _ in range(K)]
        try:
            X.inv(P)
            return P
        except StopIteration:
            continue


CODES = [
    ("paper-k1-t2", "GF(2)"),
    ("paper-k2-t3", "GF(2)"),
    ("paper-k3-t4", "GF(2)"),
    ("paper-k2-t3", "GF(3)"),
    ("classic-ring-n4", "GF(2)"),
    ("time-shared-k4", "GF(2)"),
    ("time-shared-k5", "GF(3)"),
    ("routing-n3-k5-t7", "GF(2)"),
]


def code_of(name, fname):
    try:
        code = preset(name, fname)
    except Exception:
        code = load_code(ASSETS / f"{name}.ringlab.json").with_field(fname)
    return code


@pytest.mark.parametrize("name,fname", CODES)
@pytest.mark.parametrize("seed", [0, 1])
def test_scrambled_code_has_a_normal_form_that_the_encoding_admits(name, fname, seed):
    code = code_of(name, fname)
    assert check(code).feasible
    F = code.field
    rng = np.random.default_rng(seed)
    c = Code(code)
    c.change_basis(random_invertible(F, rng, c.K))
    for a in range(c.N):
        c.reencode(a, random_lower(F, rng, c.T))
    assert check(c.build()).feasible  # the maps keep feasibility ...
    normalise(c)
    assert check(c.build()).feasible  # ... the normal form is reached ...
    assert in_normal_form(c)
    assert pinned_is_a_model(c, fname)  # ... and the formula admits it


def test_the_gf3_table_code_n8_k7_t13_is_refound_under_the_normal_forms():
    code = load_code(ASSETS / "coded-n8-k7-t13-gf3.ringlab.json")
    assert (code.N, code.K, code.T) == (8, 7, 13) and check(code).feasible
    c = Code(code)
    normalise(c)
    assert check(c.build()).feasible and in_normal_form(c)
    assert pinned_is_a_model(c, "GF(3)")


def test_the_paper_code_class_n3_k2_t3_is_found_and_feasible():
    r = search(3, 2, 3, "GF(2)", use_bounds=False)
    assert r.status == "found" and check(r.code).feasible
    c = Code(r.code)
    assert in_normal_form(c)  # the encoder's answer is in the normal form it claims


def _table_cells():
    d = json.loads((ASSETS / "rate_table.json").read_text(encoding="utf-8"))
    return {(c["N"], c["K"], f): v["general"] for c in d["cells"] for f, v in c["by_field"].items()}


# Exact cells of the table, searched at their minimum T (a code must exist) and at T − 1 where
# the table's proof is SAT (no code may exist); all cheap (≤ a few seconds each).
FOUND_AT_BOUND = [
    (3, 4, 6, "GF(2)"),
    (3, 6, 8, "GF(2)"),
    (4, 3, 5, "GF(3)"),
    (4, 3, 5, "GF(8)"),
    (4, 5, 8, "GF(2)"),
    (4, 6, 9, "GF(2)"),
    (5, 3, 6, "GF(2)"),
]
IMPOSSIBLE = [
    (3, 4, 5, "GF(2)"),
    (3, 5, 6, "GF(2)"),
    (3, 4, 5, "GF(4)"),
    (4, 5, 7, "GF(2)"),
    (4, 6, 8, "GF(2)"),
    (4, 4, 5, "GF(2)"),
]


@pytest.mark.parametrize("N,K,T,f", FOUND_AT_BOUND)
def test_table_codes_are_refound(N, K, T, f):
    cell = _table_cells()[(N, K, f)]
    assert cell["status"] == "proven" and cell["min_T"] == T
    r = search(N, K, T, f, use_bounds=False, timeout=60)
    assert r.status == "found"
    assert check(r.code).feasible


@pytest.mark.parametrize("N,K,T,f", IMPOSSIBLE)
def test_table_proofs_are_reproved(N, K, T, f):
    cell = _table_cells()[(N, K, f)]
    assert cell["status"] == "proven" and cell["min_T"] > T
    assert search(N, K, T, f, use_bounds=False, timeout=60).status == "impossible"


SMALL = [
    (2, 2, 2, "GF(2)"),
    (2, 3, 3, "GF(2)"),
    (3, 2, 2, "GF(2)"),
    (3, 3, 4, "GF(2)"),
    (4, 2, 3, "GF(2)"),
    (4, 3, 4, "GF(2)"),
    (3, 2, 2, "GF(4)"),
    (3, 3, 3, "GF(4)"),
    (2, 3, 2, "GF(4)"),
    (3, 2, 3, "GF(3)"),
    (3, 2, 2, "GF(3)"),
]


@pytest.mark.parametrize("N,K,T,f", SMALL)
def test_same_verdict_as_the_plain_encoding(N, K, T, f):
    new = search(N, K, T, f, use_bounds=False, timeout=60)
    plain = search(N, K, T, f, use_bounds=False, timeout=60, encoding="plain")
    assert new.status == plain.status != "undecided"
    if new.status == "found":
        assert check(new.code).feasible


def test_the_version_2_encoding_stays_reachable():
    r = search(3, 4, 5, "GF(2)", use_bounds=False, encoding="fast2")
    assert r.status == "impossible" and r.encoding == "fast2"
