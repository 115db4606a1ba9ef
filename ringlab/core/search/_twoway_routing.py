r"""The routing-only class on the two-way ring: every symbol is a partial sum of one entry.

The one-way class (the paper's Sec. III-B) carried over to two streams:

* every coefficient is 0 or 1;
* a send adds at most one own symbol (row t of M has at most one 1) and at most one symbol
  of each stream (row t of $\Lambda_{cw}$ and of $\Lambda_{ccw}$ has at most one 1);
* everything a send adds carries the same message index k (so the send carries index k);
* node i's decode of entry k takes at most one symbol of each stream, each carrying index k
  (and $T_i$, solved, must then be 0/1 as well over q > 2).

Two classic rings (one each way, half the vector each) and reduce-scatter + all-gather on both
links are in this class.  No normalisation is used for it.
"""

from __future__ import annotations

from ..twoway import DIRECTIONS
from .cnf import add_clause, bool_and, bool_or


def encode_routing(enc) -> None:
    spec, f, A = enc.spec, enc.f, enc.A
    N, K, T, q, F = spec.N, spec.K, spec.T, spec.q, spec.F

    def is1(e):
        return A.eq_const(e, 1)

    if q > 2:
        for store in (*enc.lam.values(), *enc.r.values(), *enc.m.values()):
            for e in store.values():
                A.restrict01(e)
    car = {}  # car[(i, d, t, k)]: the send of node i in direction d at t carries index k
    for t in range(T):
        for i in range(N):
            for d in DIRECTIONS:
                own = [is1(enc.Mm(i, d, t, k)) for k in range(K)]
                f.at_most_one(own)
                sel = {s: [is1(enc.Lam(i, d, s, t, u)) for u in range(t)] for s in DIRECTIONS}
                for s in DIRECTIONS:
                    if t > 1:
                        f.at_most_one(sel[s])
                # inputs: (selected literal, per-k "carries k" literal)
                inputs = [(bool_or(f, own), own)]
                for s in DIRECTIONS:
                    src = enc.src(i, s)
                    for u in range(t):
                        ks = [bool_and(f, sel[s][u], car[(src, s, u, k)]) for k in range(K)]
                        inputs.append((sel[s][u], ks))
                for k in range(K):
                    car[(i, d, t, k)] = bool_or(f, [ks[k] for _, ks in inputs])
                for a, (_, ka) in enumerate(inputs):  # every selected input carries the same k
                    for b, (sb, kb) in enumerate(inputs):
                        if a != b:
                            for k in range(K):
                                add_clause(
                                    f, [-ka[k], -sb, kb[k]] if sb is not True else [-ka[k], kb[k]]
                                )
    for i in range(N):
        for k in range(K):
            for s in DIRECTIONS:
                src = enc.src(i, s)
                row = [is1(enc.Rr(i, s, k, u)) for u in range(T)]
                f.at_most_one(row)
                for u in range(T):
                    add_clause(f, [-row[u], car[(src, s, u, k)]])
        if q > 2:  # T_i = I − R_i·(block i of what node i heard) must be 0/1 as well
            for k in range(K):
                for k2 in range(K):
                    col = i * K + k2
                    d = A.sum(
                        [
                            A.mul(enc.Rr(i, s, k, u), enc.C(enc.src(i, s), s, u, col))
                            for s in DIRECTIONS
                            for u in range(T)
                        ]
                    )
                    ok = (0, 1) if k == k2 else (0, F.neg(1))
                    for v in range(q):
                        if v not in ok:
                            A.forbid(d, v)
