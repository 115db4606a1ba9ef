"""Probes of the Schedules tab's costs: the α-β table, the cost explorer and its crossovers, and
a coded (N, K, T) all-reduce against the one-port schedules (when K ≠ N pays off)."""

from __future__ import annotations

import re

from ...core.code import K_RANGE, T_RANGE
from ...core.errors import RinglabError
from .algorithms import ALGORITHMS
from .limits import brief
from .signature import SCHEDULES, Int, List, OneOf, Text, probe
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


# -- when does K ≠ N pay off: a coded (N, K, T) in the α-β model (core.schedules.payoff) ------

_VS = re.compile(r"\s*K\s*=\s*(\d{1,3})\s*,?\s*T\s*=\s*(\d{1,3})\s*")


def _check_vs(v) -> str | None:
    if v in ALGORITHMS or _VS.fullmatch(str(v)):
        return None
    return f"{brief(v)}: expected a schedule ({', '.join(ALGORITHMS)}) or a code 'K=2, T=3'"


def _check_vs_list(v) -> str | None:
    if not v:
        return "expected at least one schedule or code"
    return next((w for w in map(_check_vs, v) if w), None)


def _payoff_setting(st):
    """The cost explorer's N, α and B, as its curves are drawn."""
    from ...core.schedules import parse_bandwidth, parse_seconds

    return st.explorer_N or st.example().N, parse_seconds(st.alpha), parse_bandwidth(st.bandwidth)


def _code_line(st, K, T):
    from ...core.schedules.payoff import check_code, code_line

    N, a, B = _payoff_setting(st)
    check_code(N, K, T)
    return code_line(K, T, a, B)


def _vs_line(st, vs):
    from ...core.schedules.payoff import schedule_line

    m = _VS.fullmatch(str(vs))
    if m:
        return _code_line(st, int(m[1]), int(m[2]))
    N, a, B = _payoff_setting(st)
    return schedule_line(vs, N, a, B)


@probe("code_time", K=Int(K_RANGE), T=Int(T_RANGE), unit=Text(optional=True))
def _code_time(st, K, T, unit=None):
    """T·(α + S/(K·B)) of an (N, K, T) code at the explorer's N, α, B and S."""
    from ...core.schedules import parse_bytes

    return convert(_code_line(st, K, T).at(parse_bytes(st.size)), unit, "s")


@probe(
    "code_crossover",
    K=Int(K_RANGE),
    T=Int(T_RANGE),
    vs=Text(check=_check_vs),
    unit=Text(optional=True),
)
def _code_crossover(st, K, T, vs, unit=None):
    """The size where the faster of the code and ``vs`` (a one-port schedule's closed form or
    another code) changes."""
    from ...core.schedules.payoff import crossover_size

    S = crossover_size(_code_line(st, K, T), _vs_line(st, vs))
    if S is None:
        raise RinglabError(f"K={K}, T={T} and {vs} never cross: one is faster at every size")
    return convert(S, unit, "B")


@probe("code_wins", K=Int(K_RANGE), T=Int(T_RANGE), vs=List(check=_check_vs_list))
def _code_wins(st, K, T, vs):
    """Where the code is faster than every one of ``vs``: every size, small messages, middle
    sizes, large messages or no size."""
    from ...core.schedules.payoff import where_faster

    return where_faster(_code_line(st, K, T), [_vs_line(st, v) for v in vs])


@probe("best_code_K")
def _best_code_K(st):
    """K of the fastest code of the explorer's N = 3 family (T = ⌈4K/3⌉) at the explorer's S."""
    from ...core.schedules import parse_bytes

    exp = st.comparison().explorer
    if exp.N != 3:
        raise RinglabError(
            f"the cost explorer draws the best-K family of codes for N = 3 only (N = {exp.N})"
        )
    return exp.curve("coded").line_at(parse_bytes(st.size)).K
