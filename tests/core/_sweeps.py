"""The previous propagation, kept as the independent check of ``simulate`` and as
``benchmarks/bench_large.py``'s peer: the plain reading of the paper, eq. (7) on whole T×NK
matrices.  It computes with ringlab's fields, unlike :mod:`tests.core._reference`."""

from __future__ import annotations

from ringlab.core.code import LinearCode
from ringlab.core.simulate import Trace, parse_inputs
from ringlab.core.theorem2 import Theorem2Report, theorem2_report


def simulate_sweeps(code: LinearCode, inputs=None, report: Theorem2Report | None = None) -> Trace:
    """The same run as :func:`~ringlab.core.simulate.simulate` by eq. (7) on whole T×NK
    matrices, ⌈T/N⌉ + 1 sweeps around the ring.  Every vector is built up front."""
    F = code.field
    N, K, T = code.shape
    NK = N * K
    report = report or theorem2_report(code)
    nat = code.native
    Lam, M, R = nat["Lambda"], nat["M"], nat["R"]
    sel = F.stack(
        [
            F.matrix([[F.one if c == i * K + k else F.zero for c in range(NK)] for k in range(K)])
            for i in range(N)
        ]
    )
    ME = F.bmm(M, sel)  # T×NK: m_i^(t) x_i
    ME_l, Lam_l = F.unstack(ME), F.unstack(Lam)
    S_l = [F.zeros(T, NK) for _ in range(N)]
    for _ in range(-(-T // N) + 1):
        for i in range(N):
            S_l[i] = F.madd(ME_l[i - 1], F.matmul(Lam_l[i - 1], S_l[i - 1]))
    S = F.stack(S_l)
    Y = F.badd(ME, F.bmm(Lam, S))
    Ts = F.stack([F.matrix(report.effective_translation(i)) for i in range(N)])
    D = F.badd(F.bmm(R, S), F.bmm(Ts, sel))
    Y_rows = [F.rows(y) for y in F.unstack(Y)]
    sent = [[Y_rows[i][t] for i in range(N)] for t in range(T)]
    decoded = [F.rows(d) for d in F.unstack(D)]
    sent_values = decoded_values = true_sum = None
    if inputs is not None:
        x_rows = parse_inputs(code, inputs)
        x = F.matrix([[v] for row in x_rows for v in row])  # NK×1
        xs = F.stack([x] * N)
        yv = [F.rows(v) for v in F.unstack(F.bmm(Y, xs))]
        sent_values = [[yv[i][t][0] for i in range(N)] for t in range(T)]
        decoded_values = [[r[0] for r in F.rows(v)] for v in F.unstack(F.bmm(D, xs))]
        true_sum = F.rows(F.matmul(F.matrix([[F.one] * N]), F.matrix(x_rows)))[0]
        inputs = x_rows
    return Trace(code, report, inputs, sent, sent_values, decoded, decoded_values, true_sum)
