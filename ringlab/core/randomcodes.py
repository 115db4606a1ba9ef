r"""Dense codes for tests and benchmarks: random ones, and dense disguises of feasible ones.

The codes people build are sparse; the dense route of Theorem 2 is for the others.  Two
families exercise it:

* :func:`random_dense_code`: every entry of every $M_i$, $\Lambda_i$ (below the diagonal) and
  $R_i$ an independent random element (a share of them 0 if asked).  Over a large field such a
  code fails every check.
* :func:`disguised`: the same code seen through an invertible change of basis of every node's
  transmissions.  With $P_i$ unit lower triangular, node i sends $P_i y_i$ instead of $y_i$:
  $M_i' = P_i M_i$, $\Lambda_i' = P_i \Lambda_i P_{i-1}^{-1}$ (still strictly lower
  triangular: causality is kept), $R_i' = R_i P_{i-1}^{-1}$, $T_i' = T_i$.  Every $E_{i,j}$ of
  eq. (5) is unchanged, so a feasible code stays feasible (and an infeasible one fails at the
  same entries) while its matrices become dense.  $P_i$ is a product of a few
  $I + L$ with $L$ non-zero only in rows ≥ h and columns < h, so $L^2 = 0$ and
  $(I + L)^{-1} = I - L$: no inverse is ever computed.  Exact fields only (Q, GF(p), GF(p^m)).

Both are built through :meth:`LinearCode.from_matrices`, as a code file is.

>>> from ringlab import preset, check
>>> code = disguised(preset("paper-k2-t3", "GF(2^8)"), seed=1)
>>> check(code).feasible, code.node(0).Lambda[2][0] != 0
(True, True)
>>> check(random_dense_code("GF(2^16)", 3, 2, 3)).feasible
False
"""

from __future__ import annotations

import random

from .code import LinearCode
from .fields import field as get_field


def random_dense_code(
    field, N: int, K: int, T: int, seed: int = 0, zero_share: float = 0.0
) -> LinearCode:
    """A code whose M, Λ (strictly below the diagonal) and R entries are random elements
    (``field``'s ``random_element``), each 0 with probability ``zero_share``; T solved."""
    F = get_field(field)
    rng = random.Random(seed)

    def entry():
        return F.zero if zero_share and rng.random() < zero_share else F.random_element(rng)

    Ms = [[[entry() for _ in range(K)] for _ in range(T)] for _ in range(N)]
    Ls = [[[entry() if c < r else F.zero for c in range(T)] for r in range(T)] for _ in range(N)]
    Rs = [[[entry() for _ in range(T)] for _ in range(K)] for _ in range(N)]
    return LinearCode.from_matrices(F, Ms, Ls, Rs, name=f"random dense, seed {seed}")


def _basis_change(F, T: int, rng: random.Random, cuts: int):
    """``(P, P⁻¹)``, unit lower triangular T×T, field-native."""
    eye = F.eye(T)
    P = Pinv = eye
    for h in sorted(rng.randrange(1, T) for _ in range(cuts)) if T > 1 else []:
        L = F.matrix(
            [
                [F.random_element(rng) if r >= h and c < h else F.zero for c in range(T)]
                for r in range(T)
            ]
        )
        P = F.matmul(P, F.madd(eye, L))
        Pinv = F.matmul(F.msub(eye, L), Pinv)
    return P, Pinv


def disguised(code: LinearCode, seed: int = 0, cuts: int = 3) -> LinearCode:
    """``code`` with every node's transmissions in a random new basis (see the module
    docstring): the same eq. (5) matrices, dense M, Λ and R.  Given T_i are kept."""
    F = code.field
    if not F.exact:
        raise ValueError(
            f"disguised: over {F.name} rounding would change the code; use an exact field"
        )
    rng = random.Random(seed)
    N, _, T = code.shape

    def mat(rows):
        return F.matrix([list(r) for r in rows])

    P = [_basis_change(F, T, rng, cuts) for _ in range(N)]
    Ms, Ls, Rs, Ts = [], [], [], []
    for i, nd in enumerate(code.nodes):
        Pi, _ = P[i]
        _, prev_inv = P[(i - 1) % N]
        Ms.append(F.rows(F.matmul(Pi, mat(nd.M))))
        Ls.append(F.rows(F.matmul(F.matmul(Pi, mat(nd.Lambda)), prev_inv)))
        Rs.append(F.rows(F.matmul(mat(nd.R), prev_inv)))
        Ts.append(None if nd.T is None else [list(r) for r in nd.T])
    return LinearCode.from_matrices(
        F, Ms, Ls, Rs, Ts, name=f"{code.name} (disguised)".strip(), description=code.description
    )
