"""Median time of one Theorem 2 check on a random N = K = 8, T = 16 code, and of the report
plus the reduce-multicast shape on the classic ring at the app's largest size.

Random code: half the entries are zero; the rest are in −3..3 over Q and any element over
GF(2^8).  The peer is the same check written straight from eq. (5)/(6) with sympy matrices
(explicit T×T chains and inverse), run in the same process on the same code.

Large codes: ``classic_ring(N)`` resized to K, T (N = 32, K = 64, T = 128 and N = K = 16,
T = 32) over Q, GF(2) and GF(2^8); "cold" rebuilds every matrix (as opening a file does, so
nothing is remembered), "edit" changes one entry (as the editor does).  The peer is the
implementation before the sparse route — the dense batched products (still the route for dense
codes, ``theorem2_report(code, "dense")``) and the shape check that read every entry, kept
below as :func:`shape_before` — in the same run on the same code.

    python benchmarks/bench_check.py [--repeat 200] [--large-repeat 7] [--peer-repeat 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import sympy

from ringlab import LinearCode, check, preset
from ringlab.core.code import NodeMatrices
from ringlab.core.shape import ShapeReport, reduce_multicast_shape
from ringlab.core.theorem2 import theorem2_report


def random_code(field: str, seed: int = 0, N=8, K=8, T=16) -> LinearCode:
    rng = random.Random(seed)
    gf = field.startswith("GF")

    def entry():
        if rng.random() < 0.5:
            return 0
        return rng.randrange(1, 256) if gf else rng.choice([-3, -2, -1, 1, 2, 3])

    Ms = [[[entry() for _ in range(K)] for _ in range(T)] for _ in range(N)]
    Ls = [[[entry() if c < r else 0 for c in range(T)] for r in range(T)] for _ in range(N)]
    Rs = [[[entry() for _ in range(T)] for _ in range(K)] for _ in range(N)]
    return LinearCode.from_matrices(field, Ms, Ls, Rs)


def sympy_check(code: LinearCode) -> bool:
    N, K, T = code.shape
    conv = lambda e: sympy.Rational(int(e.p), int(e.q))  # noqa: E731
    L = [sympy.Matrix(T, T, [conv(v) for r in nd.Lambda for v in r]) for nd in code.nodes]
    M = [sympy.Matrix(T, K, [conv(v) for r in nd.M for v in r]) for nd in code.nodes]
    R = [sympy.Matrix(K, T, [conv(v) for r in nd.R for v in r]) for nd in code.nodes]
    ok = True
    for i in range(N):
        chain = [sympy.eye(T)]
        for j in range(1, N + 1):
            chain.append(chain[-1] * L[(i - j) % N])
        base = R[i] * (sympy.eye(T) - chain[N]).inv()
        for j in range(1, N):
            ok &= base * chain[j - 1] * M[(i - j) % N] == sympy.eye(K)
        _ = sympy.eye(K) - base * chain[N - 1] * M[i]
    return ok


def fresh(code: LinearCode) -> LinearCode:
    """The same code as a new object, so the field-native matrices are rebuilt (cold check)."""
    return LinearCode(code.N, code.K, code.T, code.field, code.nodes)


def median_ms(fn, arg_factory, repeat):
    ts = []
    for _ in range(repeat):
        a = arg_factory()
        t0 = time.perf_counter()
        fn(a)
        ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts)


def shape_before(code: LinearCode, report) -> ShapeReport:
    """The shape check as it was before the sparse route: every entry visited (the peer)."""
    F = code.field
    N, K, T = code.shape
    reasons: list[str] = []
    trans = [report.effective_translation(i) for i in range(N)]

    def ones(row):
        return [c for c, v in enumerate(row) if not F.is_zero(v)]

    for i in range(N):
        nd = code.node(i)
        for which, m in (("M", nd.M), ("Lambda", nd.Lambda), ("R", nd.R), ("T", trans[i])):
            for r, row in enumerate(m):
                for c, v in enumerate(row):
                    if not (F.is_zero(v) or F.is_one(v)):
                        reasons.append(f"node {i} {which}[{r},{c}] = {F.format(v)} is not 0 or 1")
    index = [[None] * N for _ in range(T)]
    for t in range(T):
        for i in range(N):
            nd, prev = code.node(i), (i - 1) % N
            sel_m, sel_l = ones(nd.M[t]), ones(nd.Lambda[t])
            if len(sel_m) > 1:
                reasons.append(f"node {i} row m^({t}) of M selects {len(sel_m)} message symbols")
            if len(sel_l) > 1:
                reasons.append(f"node {i} row λ^({t}) of Λ combines {len(sel_l)} received symbols")
            km = sel_m[0] if sel_m else None
            kl = index[sel_l[0]][prev] if sel_l else None
            if km is not None and sel_l and kl != km:
                reasons.append(
                    f"node {i} at t={t} adds message index {km + 1} to a received "
                    f"symbol carrying {'no single index' if kl is None else kl + 1}"
                )
            index[t][i] = km if km is not None else kl
    for i in range(N):
        prev = (i - 1) % N
        for k in range(K):
            sel_r, sel_t = ones(code.node(i).R[k]), ones(trans[i][k])
            if len(sel_r) > 1:
                reasons.append(f"node {i} row {k} of R combines {len(sel_r)} received symbols")
            if len(sel_t) > 1:
                reasons.append(f"node {i} row {k} of T combines {len(sel_t)} message symbols")
            if len(sel_t) == 1:
                kt = sel_t[0]
                kr = index[sel_r[0]][prev] if len(sel_r) == 1 else None
                if kr != kt:
                    reasons.append(
                        f"node {i} row {k}: T selects message index {kt + 1} but R "
                        f"selects {'no received symbol' if not sel_r else 'one carrying another index'}"
                    )
    return ShapeReport(not reasons, reasons)


def rebuilt(code: LinearCode) -> LinearCode:
    """The same code with every row a new tuple: nothing about it is remembered anywhere."""

    def new(m):
        return None if m is None else tuple(tuple(list(r)) for r in m)

    nodes = tuple(
        NodeMatrices(new(nd.M), new(nd.Lambda), new(nd.R), new(nd.T)) for nd in code.nodes
    )
    return LinearCode(code.N, code.K, code.T, code.field, nodes, _validated=True)


def large_code(F: str, N: int, K: int, T: int) -> LinearCode:
    return preset(f"classic-ring-n{N}", F).resized(K=K, T=T)[0]


def report_and_shape(code):
    rep = theorem2_report(code)
    return rep, reduce_multicast_shape(code, rep)


def report_and_shape_before(code):
    rep = theorem2_report(code, "dense")
    return rep, shape_before(code, rep)


def bench_large(F, N, K, T, repeat, peer_repeat):
    """(cold ms, edit ms, peer ms): medians; the results must agree with the peer's."""
    code = large_code(F, N, K, T)
    rep, shape = report_and_shape(rebuilt(code))
    prep, pshape = report_and_shape_before(rebuilt(code))
    assert [c.ok for c in rep.checks] == [c.ok for c in prep.checks]
    assert rep.translation == prep.translation and shape == pshape
    cold = median_ms(report_and_shape, lambda: rebuilt(code), repeat)
    edits = iter(range(10**6))

    def edited():
        # one entry of Λ_3 toggled, as typing into the editor does (3 fresh matrices per edit:
        # the edited one, and none of the others is rebuilt)
        k = next(edits)
        return code.with_entry(3, "Lambda", 1 + k % (T - 1), 0, "1" if k % 2 else "0")

    edit = median_ms(report_and_shape, edited, repeat)
    peer = median_ms(report_and_shape_before, lambda: rebuilt(code), peer_repeat)
    return cold, edit, peer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--large-repeat", type=int, default=7)
    ap.add_argument("--peer-repeat", type=int, default=3)
    args = ap.parse_args()
    q = random_code("Q", 1)
    g = random_code("GF(2^8)", 2)
    check(q), check(g)  # warm-up (imports, tables)
    q_ms = median_ms(check, lambda: fresh(q), args.repeat)
    g_ms = median_ms(check, lambda: fresh(g), args.repeat)
    qw_ms = median_ms(check, lambda: q, args.repeat)
    s_ms = median_ms(sympy_check, lambda: q, max(5, args.repeat // 20))
    assert sympy_check(q) == check(q).feasible
    print(f"N = K = 8, T = 16, median of {args.repeat} runs")
    print(
        f"  ringlab check over Q        : {q_ms:7.2f} ms  (native matrices cached: {qw_ms:.2f} ms)"
    )
    print(f"  ringlab check over GF(2^8)  : {g_ms:7.2f} ms")
    print(f"  sympy, straight from eq. (5): {s_ms:7.2f} ms  over Q")
    print(f"  ratio sympy / ringlab (Q)   : {s_ms / q_ms:7.1f}×")
    print(
        f"Theorem 2 report + reduce-multicast shape, classic ring resized; medians of "
        f"{args.large_repeat} (peer: {args.peer_repeat})"
    )
    print(f"  {'N, K, T':<12}{'field':<9}{'cold':>10}{'edit':>10}{'before':>12}{'ratio':>8}")
    for N, K, T in ((32, 64, 128), (16, 16, 32)):
        for F in ("Q", "GF(2)", "GF(2^8)"):
            cold, edit, peer = bench_large(F, N, K, T, args.large_repeat, args.peer_repeat)
            print(
                f"  {f'{N}, {K}, {T}':<12}{F:<9}{cold:>8.1f}ms{edit:>8.1f}ms{peer:>10.1f}ms"
                f"{peer / cold:>7.0f}×"
            )


if __name__ == "__main__":
    main()
