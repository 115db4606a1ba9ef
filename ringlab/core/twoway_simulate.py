r"""A two-way code run on concrete message vectors, time unit by time unit, both directions.

Values are pushed through the ring as the code says (:mod:`ringlab.core.twoway`): at each
$t = 0..T-1$ node i sends clockwise (to i+1) and counter-clockwise (to i−1)

$$y_{i,d}^{(t)} = m_{i,d}^{(t)} x_i + \lambda_{i,d,cw}^{(t)} s_{i,cw}^{(t)}
                 + \lambda_{i,d,ccw}^{(t)} s_{i,ccw}^{(t)},$$

the streams holding the *values* received at times 1..t.  Beside each value the trace keeps
what it is as a combination of the message symbols (the global coefficient vectors of
:func:`ringlab.core.twoway_check.global_vectors`), for people to read.

Decoding after T: with decoders in the code, $\hat z_i = R_{i,cw} s_{i,cw} + R_{i,ccw} s_{i,ccw}
+ T_i x_i$ ($T_i$ given, or solved as the exact check solves it); without, each entry k is
decoded by a combination of what node i holds that gives $\sum_j x_{j,k}$ (found by exact
elimination) — and an entry no combination gives is not decoded (``None``).

>>> from ringlab import preset
>>> from ringlab.core.twoway import from_one_way
>>> tr = simulate_twoway(from_one_way(preset("paper-k1-t2")), [[1], [2], [3]])
>>> tr.decoded_values, tr.true_sum, tr.all_correct
([[6], [6], [6]], [6], True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .simulate import pretty_combination
from .twoway import DIRECTIONS, TwoWayCode
from .twoway_check import TwoWayReport, global_vectors, sum_vector, twoway_report

# the stream a node reads from each neighbour: clockwise symbols come from i−1
STREAM_FROM = {"cw": -1, "ccw": +1}


@dataclass(frozen=True)
class TwoWayTrace:
    """One run.  ``sent[d][t][i]`` is the coefficient vector (over every $x_{j,k}$, index
    jK + k) of what node i sends in direction d at t, ``sent_values[d][t][i]`` its value;
    ``decoded_values[i][k]`` what node i decodes for entry k (``None``: it cannot)."""

    code: TwoWayCode
    inputs: list
    sent: dict
    sent_values: dict
    decoded_values: list
    true_sum: list
    report: TwoWayReport

    def pretty(self, coeffs) -> str:
        return pretty_combination(self.code.field, coeffs, self.code.K)

    def wrong_entries(self, i: int) -> list[int]:
        """The entries k (from 0) node i gets wrong or cannot decode."""
        F = self.code.field
        got = self.decoded_values[i]
        return [
            k for k, want in enumerate(self.true_sum) if got[k] is None or not F.equal(got[k], want)
        ]

    @property
    def all_correct(self) -> bool:
        return all(not self.wrong_entries(i) for i in range(self.code.N))


def simulate_twoway(code: TwoWayCode, inputs) -> TwoWayTrace:
    """Run ``code`` on ``inputs`` (N rows of K field elements, already parsed)."""
    F, (N, K, T) = code.field, code.shape
    vals = {d: [[None] * N for _ in range(T)] for d in DIRECTIONS}
    for t in range(T):
        for i in range(N):
            heard = {s: _stream(vals, s, (i + off) % N, t) for s, off in STREAM_FROM.items()}
            for d in DIRECTIONS:
                snd = code.node(i).sender(d)
                v = _dot(F, snd.M[t], inputs[i])
                for s in DIRECTIONS:
                    v = F.add(v, _dot(F, snd.get(f"Lambda_{s}")[t][:t], heard[s]))
                vals[d][t][i] = v
    Y = global_vectors(code)
    sent = {d: [[Y[d][i][t] for i in range(N)] for t in range(T)] for d in DIRECTIONS}
    report = twoway_report(code)
    decoded = [_decode(code, report, Y, vals, inputs, i) for i in range(N)]
    total = [F.zero] * K
    for row in inputs:
        total = [F.add(a, b) for a, b in zip(total, row)]
    return TwoWayTrace(code, [list(r) for r in inputs], sent, vals, decoded, total, report)


def _stream(vals, d: str, src: int, upto: int) -> list:
    """The values node ``src`` sent in direction ``d`` at times 0..upto−1."""
    return [vals[d][u][src] for u in range(upto)]


def _dot(F, a, b):
    acc = F.zero
    for x, y in zip(a, b):
        if not F.is_zero(x):
            acc = F.add(acc, F.mul(x, y))
    return acc


def _decode(code: TwoWayCode, report: TwoWayReport, Y, vals, inputs, i: int) -> list:
    """Node i's output: its decoder's (``R``s and ``T``), or a solved combination per entry."""
    F, (N, K, T) = code.field, code.shape
    view = (
        list(inputs[i]) + _stream(vals, "cw", (i - 1) % N, T) + _stream(vals, "ccw", (i + 1) % N, T)
    )
    if report.mode == "decoder":
        nd, t_used = code.node(i), report.translation[i]
        rows = [list(t_used[k]) + list(nd.R_cw[k]) + list(nd.R_ccw[k]) for k in range(K)]
    else:
        held = [[F.one if c == i * K + k else F.zero for c in range(N * K)] for k in range(K)]
        held += [Y["cw"][(i - 1) % N][u] for u in range(T)]
        held += [Y["ccw"][(i + 1) % N][u] for u in range(T)]
        rows = [solve_combination(F, held, sum_vector(code, k)) for k in range(K)]
    return [None if r is None else _dot(F, r, view) for r in rows]


def solve_combination(F, vectors: list, target: list):
    """Coefficients c with Σ c[r]·vectors[r] = target, or ``None`` if target is not in their
    span (Gauss–Jordan elimination, each basis row carrying the combination that made it)."""
    n = len(vectors)
    basis = []  # (pivot, row with 1 at the pivot, its combination of the vectors)
    for r, v in enumerate(vectors):
        row = list(v)
        comb = [F.one if q == r else F.zero for q in range(n)]
        row, comb = _reduce(F, basis, row, comb)
        p = next((c for c, x in enumerate(row) if not F.is_zero(x)), None)
        if p is None:
            continue
        inv = F.div(F.one, row[p])
        basis.append((p, [F.mul(inv, x) for x in row], [F.mul(inv, x) for x in comb]))
    rest, comb = _reduce(F, basis, list(target), [F.zero] * n)
    if any(not F.is_zero(x) for x in rest):
        return None
    return [F.neg(x) for x in comb]  # target − Σ comb·vectors = 0


def _reduce(F, basis, row, comb):
    for p, brow, bcomb in basis:
        a = row[p]
        if F.is_zero(a):
            continue
        row = [F.sub(x, F.mul(a, y)) for x, y in zip(row, brow)]
        comb = [F.sub(x, F.mul(a, y)) for x, y in zip(comb, bcomb)]
    return row, comb
