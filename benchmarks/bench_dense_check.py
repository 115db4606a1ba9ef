"""Theorem 2 on dense codes (issue 21, "never freeze"): the forward route against the report as
it was before it, in the same run, on the same codes.

Cases (every code built with ``ringlab.core.randomcodes``, as the tests build theirs):

* **dense random**, N = 32, K = 64, T = 128 over GF(2^16): every entry of M, Λ (below the
  diagonal) and R a random element — it fails every check (the issue's 88 s case);
* **dense feasible**, the same size and field: two classic rings N = 32 time-shared (K = 64,
  T = 124), padded to T = 128, seen through a random change of basis of every node's
  transmissions (``disguised``) — half the entries non-zero, and every check holds;
* **small**, so that no regression hides: the paper's K = 2, T = 3 code (N = 3) and the
  classic ring N = 8, over Q, GF(2), GF(2^8), GF(2^16) (the sparse route's ground), and a
  random half-dense N = K = 8, T = 16 code over GF(2^8) (``bench_check.py``'s case).

What is timed is ``theorem2_report(code)`` as the app calls it ("auto": the sparse route within
its budget, then the dense route) on a *cold* code: every matrix a new tuple, so neither the
field-native batches nor the sparse route's non-zero lists are remembered (as on opening a
file).  Building the code is outside the timed region.

The peer is the implementation before the forward route, kept below (:func:`report_before`):
the same "auto" logic with the old budget (a share of the batched products' multiply-adds,
checked once per time step), GF(2^m) scalar arithmetic through NumPy calls and GF(2^m) matrix
products with masked log/antilog look-ups (:class:`FieldBefore`), and the batched products of
``decoding_blocks`` as the dense route.  Both must give the same report (verdicts, every check's
matrix and wrong entries, every solved T_i): asserted before timing.  galois is not a peer: it
would only time a different product (its JIT compilation alone is ~1.5 s a process).

Medians of wall-clock and of this process's CPU time (the machine is shared, 2 cores, other
jobs running: CPU time is the steadier; the dense GF(2^16) route is single-threaded).

    python benchmarks/bench_dense_check.py [--repeat 5] [--peer-repeat 3] [--small-repeat 100]
    python benchmarks/bench_dense_check.py --no-feasible      # skip the second large case
    python benchmarks/bench_dense_check.py --small-only       # seconds, not minutes

Measured with ``python benchmarks/bench_dense_check.py`` (defaults: 5 runs new, 3 before, 100
each small case), 2-core machine shared with other jobs (load 1.3–6.8 during the run; MPI
ranks of another engineer's tests spinning), medians, ratio = before / new::

  case                                            wall      CPU   before wall      CPU   ratio   CPU
  dense random, N=32 K=64 T=128, GF(2^16) (fails)  2.38 s   1.92 s    86.2 s     68.5 s   36.3×  35.8×
  dense feasible, N=32 K=64 T=128, GF(2^16)        1.73 s   1.71 s    61.7 s     60.9 s   35.7×  35.5×
  paper K=2 T=3 (N=3), Q                         0.065 ms 0.065 ms   0.059 ms  0.059 ms   0.9×   0.9×
  paper K=2 T=3 (N=3), GF(2)                      1.85 ms  1.85 ms    1.84 ms   1.83 ms   1.0×   1.0×
  paper K=2 T=3 (N=3), GF(2^8)                   0.073 ms 0.073 ms   0.075 ms  0.075 ms   1.0×   1.0×
  paper K=2 T=3 (N=3), GF(2^16)                  0.075 ms 0.075 ms   0.077 ms  0.077 ms   1.0×   1.0×
  classic ring N=8, Q                            0.788 ms 0.788 ms   0.757 ms  0.756 ms   1.0×   1.0×
  classic ring N=8, GF(2)                         1.21 ms  1.20 ms    1.14 ms   1.14 ms   0.9×   0.9×
  classic ring N=8, GF(2^8)                       5.21 ms  1.86 ms    8.61 ms   2.66 ms   1.7×   1.4×
  classic ring N=8, GF(2^16)                      1.63 ms  1.63 ms    2.56 ms   2.55 ms   1.6×   1.6×
  random half-dense N=K=8 T=16, GF(2^8)           1.76 ms  1.74 ms    3.54 ms   3.54 ms   2.0×   2.0×

The small Q and GF(2) cases take the sparse route both before and after (unchanged code): their
0.9–1.0× is the noise of this machine (the GF(2) paper case ran during a burst: 0.06 ms in a
quieter ``--small-only`` run, both sides).  Where the time went before (cProfile of the dense
random case, 105 s profiled): 48 s in the sparse route's attempt (GF(2^16) scalars through
NumPy calls, ~5 µs a step) and 57 s in the batched products (``_vmul``'s masked look-ups).
"""

from __future__ import annotations

import argparse
import statistics
import time

from ringlab import LinearCode, classic_ring, preset, time_share
from ringlab.core.code import NodeMatrices
from ringlab.core.fields import ExtensionField, PrimeField, RationalField, RealField
from ringlab.core.randomcodes import disguised, random_dense_code
from ringlab.core.sparse import _axpy, _dropped_zeros, code_nonzeros
from ringlab.core.theorem2 import (
    Check,
    Theorem2Report,
    _sparse_report,
    decoding_blocks,
    theorem2_report,
)

# -- the peer: the report before the forward route ------------------------------------------------


class FieldBefore(ExtensionField):
    """GF(p^m) arithmetic as it was: scalars through NumPy calls, products with masks."""

    def neg(self, a):
        return int(self._vneg(a))

    def add(self, a, b):
        return int(self._vadd(a, b))

    def sub(self, a, b):
        return int(self._vadd(a, self._vneg(b)))

    def mul(self, a, b):
        return int(self._vmul(a, b))

    def matmul(self, a, b):
        import numpy as np

        prod = self._vmul(a[..., :, :, None], b[..., None, :, :])
        if self.p == 2:
            return np.bitwise_xor.reduce(prod, axis=-2)
        acc = prod[..., 0, :]
        for k in range(1, prod.shape[-2]):
            acc = self._vadd(acc, prod[..., k, :])
        return acc


SHARE_BEFORE = {
    RationalField: 1 / 400,
    RealField: 1 / 750,
    PrimeField: 1 / 500,
    ExtensionField: 1 / 800,
}


def decoding_rows_before(code, budget):
    """``ringlab.core.sparse.decoding_rows`` as it was: the budget checked once per time step."""
    F = code.field
    N, K, T = code.shape
    Mnz, Lnz, Rnz = code_nonzeros(code)
    add, mul, one = F.add, F.mul, F.one
    sent = [[None] * T for _ in range(N)]
    work = 0
    for t in range(T):
        for i in range(N):
            prev, base = sent[i - 1], i * K
            y = {base + k: m for k, m in Mnz[i][t]}
            for u, lam in Lnz[i][t]:
                x = prev[u]
                if x:
                    work += len(x)
                    _axpy(y, lam, x, add, mul, one)
            sent[i][t] = _dropped_zeros(y)
        if work > budget:
            return None
    out = []
    for i in range(N):
        prev = sent[i - 1]
        blocks = [{} for _ in range(N)]
        for k in range(K):
            acc: dict = {}
            for t, r in Rnz[i][k]:
                x = prev[t]
                if x:
                    _axpy(acc, r, x, add, mul, one)
            for c, v in acc.items():
                if v:
                    blocks[c // K][(k, c % K)] = v
        out.append(blocks)
    return out


def report_before(code: LinearCode) -> Theorem2Report:
    """``theorem2_report(code)`` before the forward route (``code`` over :class:`FieldBefore`
    for GF(p^m))."""
    F = code.field
    N, K, T = code.shape
    rounds = -(-T // N) - 1
    flops = N * (rounds * N * K * T * T + (N - 1) * K * T * T + N * K * K * T)
    base = ExtensionField if isinstance(F, ExtensionField) else type(F)
    rows = decoding_rows_before(code, max(500, int(flops * SHARE_BEFORE.get(base, 1 / 800))))
    if rows is not None:
        return _sparse_report(code, rows)
    E, Tsol = decoding_blocks(code)
    eye = F.eye(K)
    per_j = [F.unstack(E[j]) for j in range(N - 1)]
    checks = [
        Check(i, j, (i - j) % N, F.mequal(per_j[j - 1][i], eye), per_j[j - 1][i], F)
        for i in range(N)
        for j in range(1, N)
    ]
    tsol = F.unstack(Tsol)
    t_ok, t_wrong = [], []
    for i in range(N):
        given = code.node(i).T
        if given is None:
            t_ok.append(None)
            t_wrong.append([])
        else:
            g = F.matrix([list(r) for r in given])
            ok = F.mequal(g, tsol[i])
            t_ok.append(ok)
            t_wrong.append([] if ok else F.mdiff(g, tsol[i]))
    return Theorem2Report(code, checks, t_ok, t_wrong, tsol)


_BEFORE_FIELDS: dict = {}


def over_field_before(code: LinearCode) -> LinearCode:
    F = code.field
    if isinstance(F, ExtensionField):
        if F.name not in _BEFORE_FIELDS:
            _BEFORE_FIELDS[F.name] = FieldBefore(F.p, F.m)
        F = _BEFORE_FIELDS[F.name]
    return LinearCode(code.N, code.K, code.T, F, code.nodes, code.name, _validated=True)


# -- measuring ---------------------------------------------------------------------------------------


def rebuilt(code: LinearCode) -> LinearCode:
    """The same code with every row a new tuple: nothing about it is remembered anywhere."""

    def new(m):
        return None if m is None else tuple(tuple(list(r)) for r in m)

    nodes = tuple(
        NodeMatrices(new(nd.M), new(nd.Lambda), new(nd.R), new(nd.T)) for nd in code.nodes
    )
    return LinearCode(code.N, code.K, code.T, code.field, nodes, code.name, _validated=True)


def timed_pair(new, old, repeat, peer_repeat):
    """Medians ``((wall ms, CPU ms) of new, (wall ms, CPU ms) of old)``; each is
    ``(fn, make)`` timed as ``fn(make())`` with ``make`` untimed.  Runs alternate (new, old,
    new, …) so that a burst of load on the shared machine falls on both."""
    runs = {0: ([], []), 1: ([], [])}
    order = (
        [0, 1] * min(repeat, peer_repeat)
        + [0] * max(0, repeat - peer_repeat)
        + [1] * max(0, peer_repeat - repeat)
    )
    for which in order:
        fn, make = (new, old)[which]
        arg = make()
        w, c = time.perf_counter(), time.process_time()
        fn(arg)
        runs[which][0].append((time.perf_counter() - w) * 1e3)
        runs[which][1].append((time.process_time() - c) * 1e3)
    return tuple((statistics.median(runs[k][0]), statistics.median(runs[k][1])) for k in (0, 1))


def same_report(a: Theorem2Report, b: Theorem2Report) -> None:
    assert a.feasible == b.feasible
    assert [(c.node, c.j, c.source, c.ok) for c in a.checks] == [
        (c.node, c.j, c.source, c.ok) for c in b.checks
    ]
    assert [c.wrong for c in a.checks] == [c.wrong for c in b.checks]
    assert [c.matrix for c in a.checks] == [c.matrix for c in b.checks]
    assert a.translation == b.translation
    assert a.translation_ok == b.translation_ok and a.translation_wrong == b.translation_wrong


def compare(code: LinearCode, repeat: int, peer_repeat: int):
    """((wall, CPU) new, (wall, CPU) before) medians in ms, after checking the reports agree."""
    old = over_field_before(code)
    same_report(theorem2_report(rebuilt(code)), report_before(rebuilt(old)))
    return timed_pair(
        (theorem2_report, lambda: rebuilt(code)),
        (report_before, lambda: rebuilt(old)),
        repeat,
        peer_repeat,
    )


def dense_feasible(field: str) -> LinearCode:
    base = time_share([classic_ring(32, field)] * 2).resized(T=128)[0]
    return disguised(base, seed=1)


def line(label, new_t, old_t, unit="s"):
    k = 1e3 if unit == "s" else 1.0
    nw, nc = new_t[0] / k, new_t[1] / k
    ow, oc = old_t[0] / k, old_t[1] / k
    print(
        f"  {label:<56}{nw:>9.3g} {unit}{nc:>9.3g} {unit}{ow:>10.4g} {unit}{oc:>10.4g} {unit}"
        f"{ow / nw:>8.1f}×{oc / nc:>7.1f}×"
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5, help="runs of each large case (new route)")
    ap.add_argument("--peer-repeat", type=int, default=3, help="runs of each large case (before)")
    ap.add_argument("--small-repeat", type=int, default=100)
    ap.add_argument("--no-feasible", action="store_true", help="skip the dense feasible case")
    ap.add_argument("--small-only", action="store_true", help="only the small cases")
    args = ap.parse_args()
    print(
        "Theorem 2 report on a cold code; medians (wall, CPU); before = the implementation "
        "before the forward route, same run"
    )
    print(
        f"  {'case':<56}{'wall':>11}{'CPU':>11}{'before wall':>13}{'CPU':>12}{'ratio':>9}{'CPU':>8}"
    )
    large = [
        (
            "dense random, N=32 K=64 T=128, GF(2^16)",
            lambda: random_dense_code("GF(2^16)", 32, 64, 128, seed=0),
        )
    ]
    if not args.no_feasible:
        large.append(
            ("dense feasible, N=32 K=64 T=128, GF(2^16)", lambda: dense_feasible("GF(2^16)"))
        )
    for label, make in [] if args.small_only else large:
        code = make()
        new_t, old_t = compare(code, args.repeat, args.peer_repeat)
        line(
            f"{label} ({'feasible' if theorem2_report(code).feasible else 'infeasible'})",
            new_t,
            old_t,
        )
    small = [
        (f"paper K=2 T=3 (N=3), {F}", preset("paper-k2-t3", F))
        for F in ("Q", "GF(2)", "GF(2^8)", "GF(2^16)")
    ]
    small += [
        (f"classic ring N=8, {F}", preset("classic-ring-n8", F))
        for F in ("Q", "GF(2)", "GF(2^8)", "GF(2^16)")
    ]
    small.append(
        (
            "random half-dense N=K=8 T=16, GF(2^8)",
            random_dense_code("GF(2^8)", 8, 8, 16, seed=2, zero_share=0.5),
        )
    )
    for label, code in small:
        theorem2_report(code), report_before(over_field_before(code))  # warm-up
        new_t, old_t = compare(code, args.small_repeat, args.small_repeat)
        line(label, new_t, old_t, unit="ms")


if __name__ == "__main__":
    main()
