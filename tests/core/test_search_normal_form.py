"""The fast encoding's normalisations keep completeness: checked constructively.

``encode.py`` claims every feasible code can be carried, by maps that keep feasibility, to one
whose R_0 is a selection matrix with increasing pivots and whose R_i (i ≥ 1) are in column
normal form.  Here the maps are applied by hand (independently of the encoding): scramble a
known feasible code with random maps of the same kinds, normalise it by the elimination of the
proof, and check that the result is feasible (Theorem 2) and in normal form.
"""

import numpy as np
import pytest

from ringlab import check, preset
from ringlab.core.code import LinearCode


def arrays(code):
    g = lambda m: np.array(m, dtype=np.int64) % 2  # noqa: E731
    return (
        [g(code.node(i).M) for i in range(code.N)],
        [g(code.node(i).Lambda) for i in range(code.N)],
        [g(code.node(i).R) for i in range(code.N)],
    )


def build(M, L, R):
    return LinearCode.from_matrices(
        "GF(2)", [m.tolist() for m in M], [x.tolist() for x in L], [r.tolist() for r in R]
    )


def inv2(A):
    """Inverse over GF(2) by Gauss-Jordan."""
    n = len(A)
    X = np.concatenate([A % 2, np.eye(n, dtype=np.int64)], axis=1)
    for c in range(n):
        p = next(r for r in range(c, n) if X[r, c])
        X[[c, p]] = X[[p, c]]
        for r in range(n):
            if r != c and X[r, c]:
                X[r] ^= X[c]
    return X[:, n:]


def reencode(M, L, R, a, Lmat):
    """Node a sends L·y instead of y (L unit lower triangular); node a+1 undoes it causally."""
    N = len(M)
    b = (a + 1) % N
    Li = inv2(Lmat)
    M[a] = Lmat @ M[a] % 2
    L[a] = Lmat @ L[a] % 2
    L[b] = L[b] @ Li % 2
    R[b] = R[b] @ Li % 2


def change_basis(M, R, P):
    """x_j ↦ P x_j for every j: M_i ↦ M_i P⁻¹, R_i ↦ P R_i."""
    Pi = inv2(P)
    for i in range(len(M)):
        M[i] = M[i] @ Pi % 2
        R[i] = P @ R[i] % 2


def normalise(M, L, R):
    N, K, T = len(M), M[0].shape[1], M[0].shape[0]
    # R_0: rows reduced with pivot = last non-zero column, then later columns cleared from
    # earlier ones (right-multiplication by unit lower triangular Q, i.e. node N−1 re-encodes).
    A = R[0].copy()
    P = np.eye(K, dtype=np.int64)
    Q = np.eye(T, dtype=np.int64)
    used = []
    for q in range(T - 1, -1, -1):
        cand = [r for r in range(K) if r not in used and A[r, q]]
        if not cand:
            continue
        r0 = cand[0]
        for r in range(K):
            if r != r0 and A[r, q]:
                E = np.eye(K, dtype=np.int64)
                E[r, r0] = 1
                A, P = E @ A % 2, E @ P % 2
        used.append(r0)
    # now each used row has a distinct last non-zero column that is zero in every other row
    piv = {}
    for r in range(K):
        nz = np.flatnonzero(A[r])
        piv[r] = nz[-1]
    for r in range(K):
        q = piv[r]
        for u in range(q):
            if A[r, u]:
                E = np.eye(T, dtype=np.int64)
                E[q, u] = 1  # column u += column q (q > u): lower
                A, Q = A @ E % 2, Q @ E % 2
    order = sorted(range(K), key=lambda r: piv[r])
    Perm = np.eye(K, dtype=np.int64)[order]
    P = Perm @ P % 2
    change_basis(M, R, P)
    reencode(M, L, R, N - 1, inv2(Q))
    # R_i, i ≥ 1: column normal form by node i−1 re-encoding (backward elimination)
    for i in range(1, N):
        A = R[i].copy()
        Q = np.eye(T, dtype=np.int64)
        for t in range(T - 1, 0, -1):
            nz = np.flatnonzero(A[:, t])
            if not len(nz):
                continue
            r = nz[0]
            for u in range(t):
                if A[r, u]:
                    E = np.eye(T, dtype=np.int64)
                    E[t, u] = 1
                    A, Q = A @ E % 2, Q @ E % 2
        reencode(M, L, R, i - 1, inv2(Q))


def in_normal_form(R):
    K, T = R[0].shape
    rows = [np.flatnonzero(R[0][k]) for k in range(K)]
    if any(len(r) != 1 for r in rows) or any(rows[k][0] >= rows[k + 1][0] for k in range(K - 1)):
        return False
    for Ri in R[1:]:
        for t in range(T):
            nz = np.flatnonzero(Ri[:, t])
            if len(nz) and Ri[nz[0], :t].any():
                return False
    return True


def random_unit_lower(rng, T):
    A = np.tril(rng.integers(0, 2, (T, T)), -1)
    return (A + np.eye(T, dtype=np.int64)) % 2


def random_invertible(rng, K):
    while True:
        P = rng.integers(0, 2, (K, K))
        try:
            inv2(P)
            return P
        except StopIteration:
            continue


@pytest.mark.parametrize(
    "name",
    [
        "paper-k1-t2",
        "paper-k2-t3",
        "paper-k3-t4",
        "classic-ring-n4",
        "classic-ring-n5",
        "time-shared-k4",
        "time-shared-k5",
    ],
)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_feasible_code_has_a_normal_form(name, seed):
    code = preset(name, "GF(2)")
    assert check(code).feasible
    rng = np.random.default_rng(seed)
    M, L, R = arrays(code)
    change_basis(M, R, random_invertible(rng, code.K))
    for a in range(code.N):
        reencode(M, L, R, a, random_unit_lower(rng, code.T))
    scrambled = build(M, L, R)
    assert check(scrambled).feasible  # the maps keep feasibility ...
    normalise(M, L, R)
    normal = build(M, L, R)
    assert check(normal).feasible  # ... and the normal form is reached
    assert in_normal_form(R)
