"""Probes of the Schedules tab's costs: the α-β table, the cost explorer and its crossovers."""

from __future__ import annotations

from ...core.errors import RinglabError
from .signature import SCHEDULES, OneOf, Text, probe
from .values import convert

_COST = {  # each cost's unit when the lesson names none (None: a count, no unit)
    "time": "s",
    "steps": None,
    "messages": None,
    "message_bytes": "B",
    "bytes_per_link": "B",
    "bytes_sent": "B",
}


@probe("cost", schedule=OneOf(SCHEDULES), what=OneOf(_COST), unit=Text(optional=True))
def _cost(st, schedule, what, unit=None):
    c = st.comparison().costs.get(schedule)
    if c is None:
        raise RinglabError(f"schedule {schedule!r} has no cost: the code does not run here")
    v = {
        "time": c.time,
        "steps": c.steps,
        "messages": c.messages,
        "message_bytes": c.message_bytes,
        "bytes_per_link": c.bytes_per_link,
        "bytes_sent": c.bytes_sent_per_worker,
    }[what]
    return v if _COST[what] is None else convert(v, unit, _COST[what])


@probe("seed001_estimate", unit=Text(optional=True))
def _ring_estimate(st, unit=None):
    """The cost example's estimate of the ring's time, 2S/B + 2(N−1)α."""
    return convert(st.comparison().ring_large_n_estimate, unit, "s")


@probe("lower_bound", unit=Text(optional=True))
def _lower_bound(st, unit=None):
    from ...core.schedules import lower_bound_bytes, parse_bytes

    return convert(lower_bound_bytes(st.example_N, parse_bytes(st.size)), unit, "B")


@probe("crossover", a=Text(), b=Text(), unit=Text(optional=True))
def _crossover(st, a, b, unit=None):
    exp = st.comparison().explorer
    for x in exp.crossovers:
        if set(x.between) == {a, b}:
            return convert(x.S, unit, "B")
    keys = ", ".join(c.key for c in exp.curves)
    raise RinglabError(f"no crossover between {a} and {b} for N = {exp.N} (curves: {keys})")
