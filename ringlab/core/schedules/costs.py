r"""What each schedule costs: steps, messages, bytes, bandwidths and α-β time.

α-β model: a step costs a fixed latency α plus the message's transfer
$S_{msg}/B$; the steps of a schedule run one after another.

* ring  $t = 2(N-1)\,(\alpha + S/(NB))$          (messages of S/N)
* tree  $t = 2\lceil\log_2 N\rceil\,(\alpha + S/B)$ (messages of S)
* code  $t = T\,(\alpha + S/(KB))$               (symbols of S/K)

The cost example's "≈ 2.3 ms" (N = 4, S = 1 MB, τ = 50 µs, 1 GB/s) is the large-N estimate
$2S/B + 2(N-1)\tau$ (:func:`ring_time_large_n`): it rounds the ring's bandwidth term
$2S(N-1)/(NB)$ up to $2S/B$.  The exact formula gives 6·(50 + 250) µs = 1.8 ms; the
difference, $2S/(NB)$ = 0.5 ms, is the (N−1)/N factor that only goes to 1 as N grows.  Both are
reported.

Lower bound $2S(N-1)/N$ bytes per worker: proven (Patarasuk & Yuan) for algorithms that
reduce-scatter then all-gather chunk sums; for linear network codes it is the conjecture
$T \ge 2K(N-1)/N$, proven for $K \le N$ (Proposition 1) and $N = 3$ (Theorem 3) only
(lesson 4, ``docs/rate_table.md``).  nccl-tests: algbw $= S/t$,
busbw $=$ algbw$\cdot 2(N-1)/N$ for All-Reduce, so a bandwidth-optimal schedule has busbw = B
when α = 0.

All arithmetic is exact (:class:`~fractions.Fraction`); 1 KB = 1000 bytes, as the cost example
counts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

# the parsers and formatters live in ..quantities; the schedules' callers import them here too
from ..quantities import (  # noqa: F401
    format_bandwidth,
    format_bytes,
    format_seconds,
    parse_bandwidth,
    parse_bytes,
    parse_seconds,
)
from .tree import tree_levels

# -- closed forms ---------------------------------------------------------------------------


def ring_time(N, S, alpha, B):
    """$2(N-1)(\\alpha + S/(NB))$."""
    return 2 * (N - 1) * (alpha + Fraction(S) / (N * B))


def tree_time(N, S, alpha, B):
    """$2\\lceil\\log_2 N\\rceil(\\alpha + S/B)$."""
    return 2 * tree_levels(N) * (alpha + Fraction(S) / B)


def code_time(T, K, S, alpha, B):
    """$T(\\alpha + S/(KB))$."""
    return T * (alpha + Fraction(S) / (K * B))


def ring_time_large_n(N, S, alpha, B):
    """The ring's time for large N, $2S/B + 2(N-1)\\alpha$: the bandwidth term
    $2S(N-1)/(NB)$ rounded up to $2S/B$ (the cost example's "≈ 2.3 ms")."""
    return 2 * Fraction(S) / B + 2 * (N - 1) * alpha


def lower_bound_bytes(N, S):
    """Bytes every worker must send: $2S(N-1)/N$."""
    return Fraction(2 * (N - 1), N) * S


def algbw(S, t):
    """nccl-tests algorithm bandwidth $S/t$."""
    return Fraction(S) / t


def busbw(S, t, N):
    """nccl-tests bus bandwidth for All-Reduce: algbw $\\cdot 2(N-1)/N$."""
    return algbw(S, t) * Fraction(2 * (N - 1), N)


# -- per schedule -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScheduleCost:
    name: str
    steps: int
    messages: int
    message_bytes: Fraction
    bytes_per_link: Fraction  # the busiest directed link
    bytes_sent_per_worker: Fraction  # the busiest sender
    bytes_received_per_worker: Fraction
    lower_bound: Fraction  # 2S(N−1)/N
    time: Fraction
    algbw: Fraction
    busbw: Fraction

    @property
    def ratio_to_bound(self) -> Fraction:
        return self.bytes_sent_per_worker / self.lower_bound

    def to_json(self) -> dict:
        f = float
        return {
            "steps": self.steps,
            "messages": self.messages,
            "message_bytes": f(self.message_bytes),
            "bytes_per_link": f(self.bytes_per_link),
            "bytes_sent_per_worker": f(self.bytes_sent_per_worker),
            "bytes_received_per_worker": f(self.bytes_received_per_worker),
            "lower_bound_bytes": f(self.lower_bound),
            "ratio_to_lower_bound": f(self.ratio_to_bound),
            "time_s": f(self.time),
            "algbw_Bps": f(self.algbw),
            "busbw_Bps": f(self.busbw),
        }


def schedule_costs(trace, S, alpha, B) -> ScheduleCost:
    """Count a traced schedule's messages and bytes for a message of ``S`` bytes in all; its
    α-β time is steps × (α + message/B)."""
    S = Fraction(S)
    N = trace.N
    msg = S / trace.message_chunks
    link, sent, recv = {}, [Fraction(0)] * N, [Fraction(0)] * N
    messages = 0
    for step in trace.steps:
        for s in step.sends:
            messages += 1
            link[(s.src, s.dst)] = link.get((s.src, s.dst), 0) + msg
            sent[s.src] += msg
            recv[s.dst] += msg
    t = trace.T * (alpha + msg / B)
    return ScheduleCost(
        trace.name,
        trace.T,
        messages,
        msg,
        max(link.values(), default=Fraction(0)),
        max(sent),
        max(recv),
        lower_bound_bytes(N, S),
        t,
        algbw(S, t),
        busbw(S, t, N),
    )


# -- cost explorer: time against S, exact lower envelopes ------------------------------------


@dataclass(frozen=True)
class Line:
    """$t(S) = a + bS$: a = steps·α, b = steps/(chunks·B)."""

    label: str
    a: Fraction
    b: Fraction
    steps: int = 0
    K: int = 0

    def at(self, S):
        return self.a + self.b * S


def lower_envelope(lines) -> list[tuple[Fraction, Fraction | None, Line]]:
    """Segments ``(S_from, S_to or None, line)`` of $\\min_\\ell \\ell(S)$ over S > 0."""
    lines = list(lines)
    cur = min(lines, key=lambda l: (l.a, l.b))
    S0, out = Fraction(0), []
    while True:
        best = None
        for l in lines:
            if l.b < cur.b:
                Sx = (l.a - cur.a) / (cur.b - l.b)
                if Sx > S0 or (Sx == S0 and S0 == 0 and l.a == cur.a):
                    key = (Sx, l.b)
                    if best is None or key < best[0]:
                        best = (key, l)
        if best is None:
            out.append((S0, None, cur))
            return out
        Sx, nxt = best[0][0], best[1]
        if Sx > S0:
            out.append((S0, Sx, cur))
        S0, cur = Sx, nxt


@dataclass(frozen=True)
class Curve:
    key: str  # "ring", "tree", "coded", "code:<name>"
    label: str
    segments: tuple  # lower_envelope(...)

    def at(self, S):
        for _lo, hi, l in self.segments:
            if hi is None or S <= hi:
                return l.at(S)
        raise AssertionError("unreachable")

    def line_at(self, S) -> Line:
        for _lo, hi, l in self.segments:
            if hi is None or S <= hi:
                return l
        raise AssertionError("unreachable")

    def breakpoints(self):
        return [hi for _, hi, _ in self.segments if hi is not None]


def curve(key, label, lines) -> Curve:
    return Curve(key, label, tuple(lower_envelope(lines)))


@dataclass(frozen=True)
class Crossover:
    S: Fraction
    time: Fraction
    between: tuple[str, str]
    label: str  # "tree → ring": below S the first wins, above the second

    def to_json(self) -> dict:
        return {
            "size_bytes": float(self.S),
            "time_s": float(self.time),
            "between": list(self.between),
            "label": self.label,
        }


def crossovers(f: Curve, g: Curve) -> list[Crossover]:
    """Every S > 0 where the faster of f and g changes, exactly.

    Between consecutive breakpoints both curves are single lines, so $f - g$ is linear there
    and has at most one root (or vanishes on the whole piece).  The candidates are these roots
    and the breakpoints; between two candidates the sign of $f - g$ is constant.
    """
    cuts = sorted(set(f.breakpoints()) | set(g.breakpoints()))
    edges = [Fraction(0)] + cuts + [None]
    cand = set(cuts)
    for lo, hi in zip(edges, edges[1:]):
        probe = lo + 1 if hi is None else (lo + hi) / 2
        lf, lg = f.line_at(probe), g.line_at(probe)
        da, db = lf.a - lg.a, lf.b - lg.b  # f − g = da + db·S on (lo, hi)
        if db != 0:
            root = -da / db
            if root > lo and (hi is None or root < hi):
                cand.add(root)
    cand = sorted(c for c in cand if c > 0)
    if not cand:
        return []
    mids = [cand[0] / 2] + [(u + v) / 2 for u, v in zip(cand, cand[1:])] + [cand[-1] * 2]
    signs = [_sign(f.at(m) - g.at(m)) for m in mids]
    out = []
    for S, left, right in zip(cand, signs, signs[1:]):
        if left == right:
            continue
        short = lambda c: c.key.removeprefix("code:")  # noqa: E731
        name = {-1: short(f), 1: short(g)}
        if right == 0:
            label = f"{name[left]} meets {name[-left]}: equal above"
        elif left == 0:
            label = f"{short(f)}, {short(g)} part: {name[right]} faster above"
        else:
            label = f"{name[left]} → {name[right]}"
        out.append(Crossover(S, f.at(S), (f.key, g.key), label))
    return out


def _sign(x) -> int:
    return (x > 0) - (x < 0)


def n3_family_lines(B, alpha, K_max: int = 24) -> list[Line]:
    """Theorem 3 codes for N = 3: K symbols in T = ⌈4K/3⌉ slots (time-shared presets)."""
    out = []
    for K in range(1, K_max + 1):
        T = -(-4 * K // 3)
        out.append(Line(f"K={K}, T={T}", T * alpha, Fraction(T, K) / B, T, K))
    return out


@dataclass(frozen=True)
class Explorer:
    N: int
    alpha: Fraction
    bandwidth: Fraction
    size: Fraction | None
    curves: tuple[Curve, ...]
    crossovers: tuple[Crossover, ...]
    switches: tuple[Crossover, ...]  # where the coded family's best K changes
    S_range: tuple[Fraction, Fraction]

    def curve(self, key: str) -> Curve:
        return next(c for c in self.curves if c.key == key)

    def sample(self, n: int = 200):
        """Log-spaced sizes and each curve's time there (floats, for drawing)."""
        lo, hi = (math.log10(float(v)) for v in self.S_range)
        xs = [10 ** (lo + (hi - lo) * k / (n - 1)) for k in range(n)]
        return xs, {c.key: [float(c.at(Fraction(x))) for x in xs] for c in self.curves}

    def to_json(self) -> dict:
        return {
            "N": self.N,
            "alpha_s": float(self.alpha),
            "bandwidth_Bps": float(self.bandwidth),
            "curves": [
                {
                    "key": c.key,
                    "label": c.label,
                    "segments": [
                        {
                            "from_bytes": float(lo),
                            "to_bytes": None if hi is None else float(hi),
                            "schedule": l.label,
                        }
                        for lo, hi, l in c.segments
                    ],
                }
                for c in self.curves
            ],
            "crossovers": [x.to_json() for x in self.crossovers],
            "best_K_switches": [x.to_json() for x in self.switches],
        }


def explorer(N: int, alpha, bandwidth, codes=(), size=None, S_range=None) -> Explorer:
    """Ring, tree and coded curves for N cores; ``codes`` are (label, K, T) of codes at hand
    (for N = 3 the whole Theorem 3 family is added as one best-K curve)."""
    a, B = Fraction(alpha), Fraction(bandwidth)
    Lv = tree_levels(N)
    curves = [
        curve(
            "ring",
            "ring",
            [Line("ring", 2 * (N - 1) * a, Fraction(2 * (N - 1), N) / B, 2 * (N - 1), N)],
        ),
        curve("tree", "tree", [Line("tree", 2 * Lv * a, Fraction(2 * Lv) / B, 2 * Lv, 1)]),
    ]
    switches = []
    if N == 3:
        fam = curve("coded", "coded, best K (T=⌈4K/3⌉)", n3_family_lines(B, a))
        curves.append(fam)
        for (_lo, hi, l), (_, _, nxt) in zip(fam.segments, fam.segments[1:]):
            switches.append(Crossover(hi, l.at(hi), ("coded", "coded"), f"{l.label} → {nxt.label}"))
    seen = {(2 * (N - 1), N)}
    for label, K, T in codes:
        if (T, K) in seen or (N == 3 and T == -(-4 * K // 3)):
            continue  # the ring itself, or already in the family
        seen.add((T, K))
        curves.append(
            curve(
                f"code:{label}",
                f"{label} (K={K}, T={T})",
                [Line(label, T * a, Fraction(T, K) / B, T, K)],
            )
        )
    xs = []
    for i, f in enumerate(curves):
        for g in curves[i + 1 :]:
            xs.extend(crossovers(f, g))
    if S_range is None:
        center = a * B
        pts = [x.S for x in xs + switches] + ([Fraction(size)] if size else []) + [center]
        pts = [p for p in pts if p > 0] or [Fraction(10**6)]  # α = 0: no latency scale
        lo, hi = min(pts) / 1000, max(pts) * 1000
        S_range = (max(lo, Fraction(1)), max(hi, Fraction(10)))
    return Explorer(
        N,
        a,
        B,
        Fraction(size) if size else None,
        tuple(curves),
        tuple(sorted(xs, key=lambda x: x.S)),
        tuple(switches),
        tuple(Fraction(v) for v in S_range),
    )


# The tree and cost examples' numbers, as presets of the explorer (inputs, not results).
EXPLORER_PRESETS = {
    "the tree post: 8 cores, 1 µs, 190 GB/s": dict(
        N=8, alpha="1us", bandwidth="190GB/s", size="1MB"
    ),
    "the course page: N = 4, 1 MB, 50 µs, 1 GB/s": dict(
        N=4, alpha="50us", bandwidth="1GB/s", size="1MB"
    ),
}
