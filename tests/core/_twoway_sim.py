"""An independent look at a two-way code: actual symbol values pushed through the ring.

Nothing here uses ringlab's fields or its propagation: entries are Python ints mod p or
``Fraction``s, each node sends values (not coefficient vectors), and a node decodes by solving
for a combination of what it holds that gives the sum.  The code comes as the plain dict of the
file layout (``send_cw``/``send_ccw`` with ``M``, ``Lambda_cw``, ``Lambda_ccw``; ``R_cw``,
``R_ccw``, ``T`` optional), entries small ints.
"""

from __future__ import annotations

import random
from fractions import Fraction

STREAM_FROM = {"cw": -1, "ccw": +1}  # the cw stream comes from i−1, the ccw one from i+1


class Arith:
    """GF(p) (``p`` a prime) or Q (``p = None``)."""

    def __init__(self, field: str):
        self.p = None if field == "Q" else int(field[3:-1])

    def el(self, n):
        return Fraction(n) if self.p is None else n % self.p

    def norm(self, x):
        return x if self.p is None else x % self.p

    def inv(self, x):
        return 1 / Fraction(x) if self.p is None else pow(x, self.p - 2, self.p)


def run(d: dict, field: str, x: list[list]):
    """``(views, sent)``: ``views[i]`` = x_i, then the cw stream, then the ccw stream (values);
    ``sent[(i, dir)][t]`` the value node i sent that way at t."""
    A = Arith(field)
    N, K, T = d["N"], d["K"], d["T"]
    sent = {(i, dr): [] for i in range(N) for dr in ("cw", "ccw")}
    for t in range(T):
        for i in range(N):
            nd = d["nodes"][i]
            for dr in ("cw", "ccw"):
                s = nd[f"send_{dr}"]
                v = sum(A.el(s["M"][t][k]) * x[i][k] for k in range(K))
                for stream, off in STREAM_FROM.items():
                    src = sent[((i + off) % N, stream)]
                    lam = s[f"Lambda_{stream}"][t]
                    v += sum(A.el(lam[u]) * src[u] for u in range(t))  # received at u+1 ≤ t
                sent[(i, dr)].append(A.norm(v))
    views = []
    for i in range(N):
        cw = sent[((i - 1) % N, "cw")]
        ccw = sent[((i + 1) % N, "ccw")]
        views.append(list(x[i]) + cw + ccw)
    return views, sent


def _solve(A: Arith, rows: list[list], target: list):
    """Coefficients c with Σ c_r rows[r] = target, or None (Gauss–Jordan on the augmented
    transposed system)."""
    n, m = len(rows), len(target)
    aug = [[rows[r][c] for r in range(n)] + [target[c]] for c in range(m)]
    piv_cols, r = [], 0
    for c in range(n):
        p = next((q for q in range(r, m) if A.norm(aug[q][c]) != 0), None)
        if p is None:
            continue
        aug[r], aug[p] = aug[p], aug[r]
        inv = A.inv(aug[r][c])
        aug[r] = [A.norm(v * inv) for v in aug[r]]
        for q in range(m):
            if q != r and A.norm(aug[q][c]) != 0:
                f = aug[q][c]
                aug[q] = [A.norm(a - f * b) for a, b in zip(aug[q], aug[r])]
        piv_cols.append(c)
        r += 1
    if any(A.norm(aug[q][n]) != 0 for q in range(r, m)):
        return None
    coef = [A.el(0)] * n
    for q, c in enumerate(piv_cols):
        coef[c] = aug[q][n]
    return coef


def simulated_verdicts(d: dict, field: str, seed: int = 0, trials: int = 3) -> list[bool]:
    """Per node: does it decode the sum?  With decoders in ``d``: the decoder's output on every
    unit input and on random inputs equals the sum (a ``T`` left out is the one that makes the
    own-symbol part right).  Without: a combination of the node's view found from the unit
    inputs decodes the sum on them and on random inputs."""
    A = Arith(field)
    N, K, T = d["N"], d["K"], d["T"]
    units = []
    for s in range(N):
        for k in range(K):
            units.append([[A.el(int(j == s and c == k)) for c in range(K)] for j in range(N)])
    unit_views = [run(d, field, x)[0] for x in units]  # [input][node] → view
    rng = random.Random(seed)
    bound = 50 if A.p is None else A.p
    randoms = [
        [[A.el(rng.randrange(bound)) for _ in range(K)] for _ in range(N)] for _ in range(trials)
    ]
    ok = []
    for i in range(N):
        # the view as linear functions of the N·K inputs: column per unit input
        rows = [[unit_views[u][i][v] for u in range(N * K)] for v in range(K + 2 * T)]
        decoders = []
        nd = d["nodes"][i]
        for k in range(K):
            target = [A.el(int(u % K == k)) for u in range(N * K)]
            if "R_cw" in nd:
                c = (
                    [A.el(0)] * K
                    + [A.el(v) for v in nd["R_cw"][k]]
                    + [A.el(v) for v in nd["R_ccw"][k]]
                )
                if "T" in nd:
                    c[:K] = [A.el(v) for v in nd["T"][k]]
                else:  # the T that makes the own part right: e_k minus what R gives on x_i
                    for c2 in range(K):
                        got = sum(c[K + v] * rows[K + v][i * K + c2] for v in range(2 * T))
                        c[c2] = A.norm(A.el(int(c2 == k)) - got)
            else:
                c = _solve(A, rows, target)
            decoders.append(c)
        if any(c is None for c in decoders):
            ok.append(False)
            continue
        good = True
        for x in units + randoms:
            view = run(d, field, x)[0][i]
            truth = [A.norm(sum(x[j][k] for j in range(N))) for k in range(K)]
            got = [A.norm(sum(c[v] * view[v] for v in range(K + 2 * T))) for c in decoders]
            good &= got == truth
        ok.append(good)
    return ok
