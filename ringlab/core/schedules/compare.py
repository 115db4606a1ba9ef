r"""Everything the comparison shows, from one call: three traces, their costs, the explorer.

>>> c = compare(default_example(4), alpha="50us", bandwidth="1GB/s", size="1MB")
>>> [s.value[0] for s in c.coded.steps[1].sends] == [s.value[0] for s in c.ring.steps[1].sends]
True
>>> float(c.costs["ring"].time), float(c.seed001_estimate)
(0.0018, 0.0023)
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..code import LinearCode
from ..errors import RinglabError
from ..presets import classic_ring
from .coded import coded_trace
from .costs import (Explorer, ScheduleCost, explorer, parse_bandwidth, parse_bytes, parse_seconds,
                    ring_time, schedule_costs, seed001_estimate)
from .matmul import WorkedExample, default_example, json_number
from .ring import ring_trace
from .trace import ScheduleTrace
from .tree import tree_trace

SEED001_NOTE = ("seed 001's ≈2.3 ms is the large-N estimate 2S/B + 2(N−1)α: it rounds the ring's "
                "bandwidth term 2S(N−1)/(NB) up to 2S/B; the exact α-β time is 2(N−1)(α + S/(NB))")


@dataclass(frozen=True)
class Comparison:
    example: WorkedExample
    code: LinearCode | None
    ring: ScheduleTrace
    tree: ScheduleTrace
    coded: ScheduleTrace | None
    coded_error: str | None
    alpha: Fraction
    bandwidth: Fraction
    size: Fraction
    costs: dict                  # name → ScheduleCost
    seed001_estimate: Fraction   # 2S/B + 2(N−1)α, for the ring
    explorer: Explorer

    @property
    def traces(self) -> dict:
        out = {"ring": self.ring, "tree": self.tree}
        if self.coded is not None:
            out["coded"] = self.coded
        return out

    @property
    def max_steps(self) -> int:
        return max(t.T for t in self.traces.values())

    def to_json(self) -> dict:
        ex = self.example
        costs = {k: v.to_json() for k, v in self.costs.items()}
        costs["model"] = {"N": ex.N, "alpha_s": float(self.alpha),
                          "bandwidth_Bps": float(self.bandwidth), "size_bytes": float(self.size)}
        costs["ring_seed001_estimate_s"] = float(self.seed001_estimate)
        costs["ring_exact_s"] = float(ring_time(ex.N, self.size, self.alpha, self.bandwidth))
        costs["note"] = SEED001_NOTE
        costs["explorer"] = self.explorer.to_json()
        out = {"N": ex.N, "X": [json_number(v) for v in ex.X],
               "W": [[json_number(v) for v in r] for r in ex.W],
               "partials": [[json_number(v) for v in r] for r in ex.partials],
               "target": [json_number(v) for v in ex.target],
               "schedules": {k: t.to_json() for k, t in self.traces.items()},
               "costs": costs}
        if self.code is not None:
            out["schedules"].get("coded", {})["code"] = {"name": self.code.name, "K": self.code.K,
                                                         "T": self.code.T, "field": self.code.field.name}
        if self.coded_error:
            out["coded_error"] = self.coded_error
        return out


def compare(example: WorkedExample | None = None, code: LinearCode | None = None, *,
            alpha="1us", bandwidth="190GB/s", size="1MB", strict: bool = True,
            report=None, explorer_N: int | None = None) -> Comparison:
    """Trace ring, tree and ``code`` (default: the classic ring for N) on ``example`` and cost
    them for a message of ``size`` bytes; the explorer is drawn for ``explorer_N`` cores
    (default: the example's N).  With ``strict=False`` a code that does not fit the
    example is reported in ``coded_error`` instead of raised (the app keeps the other two)."""
    ex = example or default_example(4)
    a, B, S = parse_seconds(alpha), parse_bandwidth(bandwidth), parse_bytes(size)
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
    nE = ex.N if explorer_N is None else explorer_N
    if not isinstance(nE, int) or not 2 <= nE <= 1024:
        raise RinglabError(f"explorer N = {nE!r}: expected an integer number of cores in 2..1024")
    codes = [(code.name or "code", code.K, code.T)] if code.N == nE else []
    exp = explorer(nE, a, B, codes=codes, size=S)
    return Comparison(ex, code, ring, tree, coded, err, a, B, S, costs,
                      seed001_estimate(ex.N, S, a, B), exp)
