r"""Everything the comparison shows, from one call: three traces, their costs, the explorer.

>>> c = compare(default_example(4), alpha="50us", bandwidth="1GB/s", size="1MB")
>>> [s.value[0] for s in c.coded.steps[1].sends] == [s.value[0] for s in c.ring.steps[1].sends]
True
>>> float(c.costs["ring"].time), float(c.ring_large_n_estimate)
(0.0018, 0.0023)

Above :data:`TRACE_N_RANGE` (32 cores) nothing is traced: the ring and the tree are counted
from their closed forms (:mod:`.formulas`) and there is no coded column, because codes stop
at 32 nodes.

>>> big = compare(N=256)
>>> big.traced, big.costs["ring"].steps, big.costs["tree"].steps
(False, 510, 16)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..code import LinearCode
from ..errors import RinglabError
from ..presets import classic_ring
from ..quantities import (
    DEFAULT_ALPHA,
    DEFAULT_BANDWIDTH,
    DEFAULT_SIZE,
    parse_bandwidth,
    parse_bytes,
    parse_seconds,
)
from .coded import coded_trace
from .costs import Explorer, explorer, ring_time, ring_time_large_n, schedule_costs
from .formulas import check_cores, schedule_counts
from .matmul import TRACE_N_RANGE, WorkedExample, default_example, json_number
from .ring import ring_trace
from .trace import ScheduleTrace
from .tree import tree_trace

RING_ESTIMATE_NOTE = (
    "the cost example's ≈2.3 ms is the large-N estimate 2S/B + 2(N−1)α: it rounds the ring's "
    "bandwidth term 2S(N−1)/(NB) up to 2S/B; the exact α-β time is 2(N−1)(α + S/(NB))"
)


def grids_omitted_note(N: int) -> str:
    """Why a comparison on N > 32 cores has no per-step grids."""
    steps = 2 * (N - 1)
    return (
        f"no per-step grids above {TRACE_N_RANGE[1]} cores: the ring's would be {steps} "
        f"grids of {N} cores × {N} chunks ({steps * N * N:,} exact numbers); the steps and "
        f"costs come from the closed forms, which the tests check against the traced grids "
        f"for N ≤ {TRACE_N_RANGE[1]}"
    )


def coded_omitted_note(N: int) -> str:
    """Why a comparison on N > 32 cores has no coded column."""
    return (
        f"no coded column: codes have at most {TRACE_N_RANGE[1]} nodes (the editor's and "
        f"Theorem 2's range), and N = {N}; the classic ring as a code has K = N, "
        f"T = 2(N−1), i.e. exactly the ring's row"
    )


@dataclass(frozen=True)
class Comparison:
    example: WorkedExample | None  # None above 32 cores: nothing is traced there
    code: LinearCode | None
    ring: ScheduleTrace | None
    tree: ScheduleTrace | None
    coded: ScheduleTrace | None
    coded_error: str | None
    alpha: Fraction
    bandwidth: Fraction
    size: Fraction
    costs: dict  # name → ScheduleCost
    ring_large_n_estimate: Fraction  # 2S/B + 2(N−1)α, for the ring
    explorer: Explorer
    counts: dict | None = None  # name → ScheduleCounts of ring and tree (closed forms)
    N_cores: int | None = None  # set when there is no example (N > 32)

    @property
    def N(self) -> int:
        return self.example.N if self.example is not None else self.N_cores

    @property
    def traced(self) -> bool:
        """Whether the per-step traces (grids) exist: N ≤ 32."""
        return self.ring is not None

    @property
    def omitted(self) -> list[str]:
        """Why grids or the coded column are missing (empty when everything is traced)."""
        if self.traced:
            return []
        out = [grids_omitted_note(self.N)]
        if self.coded_error is None:
            out.append(coded_omitted_note(self.N))
        return out

    @property
    def traces(self) -> dict:
        if not self.traced:
            return {}
        out = {"ring": self.ring, "tree": self.tree}
        if self.coded is not None:
            out["coded"] = self.coded
        return out

    @property
    def max_steps(self) -> int:
        return max(c.steps for c in self.costs.values())

    def _costs_json(self) -> dict:
        N = self.N
        costs = {k: v.to_json() for k, v in self.costs.items()}
        costs["model"] = {
            "N": N,
            "alpha_s": float(self.alpha),
            "bandwidth_Bps": float(self.bandwidth),
            "size_bytes": float(self.size),
        }
        costs["ring_seed001_estimate_s"] = float(self.ring_large_n_estimate)
        costs["ring_exact_s"] = float(ring_time(N, self.size, self.alpha, self.bandwidth))
        costs["note"] = RING_ESTIMATE_NOTE
        costs["explorer"] = self.explorer.to_json()
        return costs

    def to_json(self) -> dict:
        ex = self.example
        costs = self._costs_json()
        if not self.traced:
            out = {
                "N": self.N,
                "traced": False,
                "omitted": self.omitted,
                "steps": {k: c.steps for k, c in self.counts.items()},
                "step_formulas": {k: c.formula for k, c in self.counts.items()},
                "costs": costs,
            }
            if self.coded_error:
                out["coded_error"] = self.coded_error
            return out
        out = {
            "N": ex.N,
            "X": [json_number(v) for v in ex.X],
            "W": [[json_number(v) for v in r] for r in ex.W],
            "partials": [[json_number(v) for v in r] for r in ex.partials],
            "target": [json_number(v) for v in ex.target],
            "schedules": {k: t.to_json() for k, t in self.traces.items()},
            "costs": costs,
        }
        if self.code is not None:
            out["schedules"].get("coded", {})["code"] = {
                "name": self.code.name,
                "K": self.code.K,
                "T": self.code.T,
                "field": self.code.field.name,
            }
        if self.coded_error:
            out["coded_error"] = self.coded_error
        return out


def compare(
    example: WorkedExample | None = None,
    code: LinearCode | None = None,
    *,
    alpha=DEFAULT_ALPHA,
    bandwidth=DEFAULT_BANDWIDTH,
    size=DEFAULT_SIZE,
    strict: bool = True,
    report=None,
    explorer_N: int | None = None,
    N: int | None = None,
) -> Comparison:
    """Trace ring, tree and ``code`` (default: the classic ring for N) on ``example`` and cost
    them for a message of ``size`` bytes; the explorer is drawn for ``explorer_N`` cores
    (default: the example's N).  With ``strict=False`` a code that does not fit the
    example is reported in ``coded_error`` instead of raised (the app keeps the other two).

    Without an example, ``N`` (default 4) picks the default example; for N above 32 (up to
    1024) nothing is traced and the ring and tree are costed from their closed forms."""
    a, B, S = parse_seconds(alpha), parse_bandwidth(bandwidth), parse_bytes(size)
    if example is not None and N is not None and N != example.N:
        raise RinglabError(
            f"N = {N!r}, but the example has {example.N} cores (X has {example.N} entries)"
        )
    if example is None:
        n = check_cores(4 if N is None else N)
        if n > TRACE_N_RANGE[1]:
            return _untraced(n, code, a, B, S, strict, explorer_N)
        example = default_example(n)
    ex = example
    if code is None:
        code = classic_ring(ex.N)
    ring, tree = ring_trace(ex), tree_trace(ex)
    coded, err = None, None
    try:
        coded = coded_trace(ex, code, report=report)
    except RinglabError as e:
        if strict:
            raise
        err = str(e)
    costs = {"ring": schedule_costs(ring, S, a, B), "tree": schedule_costs(tree, S, a, B)}
    if coded is not None:
        costs["coded"] = schedule_costs(coded, S, a, B)
    exp = _explorer(ex.N, code, a, B, S, explorer_N)
    return Comparison(
        ex,
        code,
        ring,
        tree,
        coded,
        err,
        a,
        B,
        S,
        costs,
        ring_time_large_n(ex.N, S, a, B),
        exp,
        schedule_counts(ex.N),
    )


def _explorer(N, code, a, B, S, explorer_N) -> Explorer:
    nE = N if explorer_N is None else explorer_N
    if not isinstance(nE, int) or not 2 <= nE <= 1024:
        raise RinglabError(f"explorer N = {nE!r}: expected an integer number of cores in 2..1024")
    codes = [(code.name or "code", code.K, code.T)] if code is not None and code.N == nE else []
    return explorer(nE, a, B, codes=codes, size=S)


def _untraced(N, code, a, B, S, strict, explorer_N) -> Comparison:
    """Ring and tree on N > 32 cores: counts and costs from the closed forms, no traces."""
    err = None
    if code is not None:
        err = (
            f"the code is for N = {code.N} cores but the comparison has N = {N}: codes have "
            f"at most {TRACE_N_RANGE[1]} nodes, so N = {N} compares ring and tree only"
        )
        if strict:
            raise RinglabError(err)
    counts = schedule_counts(N)
    costs = {k: c.costs(S, a, B) for k, c in counts.items()}
    return Comparison(
        None,
        code,
        None,
        None,
        None,
        err,
        a,
        B,
        S,
        costs,
        ring_time_large_n(N, S, a, B),
        _explorer(N, code, a, B, S, explorer_N),
        counts,
        N,
    )
