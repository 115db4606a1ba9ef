"""Probes of the algorithms beyond ring and tree that the Schedules tab shows.

Which algorithms the tab shows (the state's ``schedules``), and what it shows of them — steps
on the worked example, model (b) on the bidirectional ring, model (a) on the cost explorer's N.
Every value is computed from ringlab.core.schedules (schedule_trace, ring_model,
alpha_beta_time, schedule_rows, schedule_crossovers), as the tab computes it.
"""

from __future__ import annotations

from ...core.errors import RinglabError
from .algorithms import ALGORITHMS, ordered
from .limits import INDEX, NODE
from .signature import Bool, Int, OneOf, Text, probe
from .values import convert


@probe("schedules_shown")
def _schedules_shown(st):
    return list(ordered(st.schedules))


def _shown(st, name):
    if name not in ("ring", "tree") and name not in st.schedules:
        raise RinglabError(f"{name} is not shown: tick it under 'Also show' on the Schedules tab")


def _algo_trace(st, name):
    """``name`` traced on the worked example, as its column shows it; refused with the
    column's reason when the algorithm is not defined for the example's N."""
    from ...core.schedules import schedule_refusal, schedule_trace

    _shown(st, name)
    ex = st.example()
    why = schedule_refusal(name, ex.N)
    if why:
        raise RinglabError(why)
    return schedule_trace(name, ex)


def _algo_ring(st, name):
    from ...core.schedules import parse_bytes, ring_model

    return ring_model(_algo_trace(st, name), parse_bytes(st.size))


def _explorer_trace(st, name):
    """``name`` on the cost explorer's N (the example's when it follows it): what the
    explorer's model-(a) line is drawn from."""
    from ...core.schedules import default_example, schedule_refusal, schedule_trace
    from ...core.schedules.matmul import TRACE_N_RANGE

    _shown(st, name)
    ex = st.example()
    n = st.explorer_N or ex.N
    if n > TRACE_N_RANGE[1]:
        raise RinglabError(
            f"the cost explorer's N = {n}: {name} is traced on up to {TRACE_N_RANGE[1]} cores only"
        )
    why = schedule_refusal(name, n)
    if why:
        raise RinglabError(why)
    return schedule_trace(name, ex if n == ex.N else default_example(n))


def _model_a(st):
    from ...core.schedules import parse_bandwidth, parse_bytes, parse_seconds

    return parse_bytes(st.size), parse_seconds(st.alpha), parse_bandwidth(st.bandwidth)


@probe("algorithm_steps", schedule=OneOf(ALGORITHMS))
def _algorithm_steps(st, schedule):
    return _algo_trace(st, schedule).T


@probe("algorithm_refused", schedule=OneOf(ALGORITHMS))
def _algorithm_refused(st, schedule):
    from ...core.schedules import schedule_refusal

    _shown(st, schedule)
    return schedule_refusal(schedule, st.example().N) is not None


def _check_way(v) -> str | None:
    return None if v in (-1, 1) else f"way = {v}: expected +1 (i → i+1) or −1 (i → i−1)"


@probe(
    "link_load",
    schedule=OneOf(ALGORITHMS),
    step=Int(INDEX),
    core=Int(NODE, optional=True),
    way=Int((-1, 1), optional=True, check=_check_way),
)
def _link_load(st, schedule, step, core=None, way=None):
    m = _algo_ring(st, schedule)
    T = len(m.congestion)
    if not 1 <= step <= T:
        raise RinglabError(f"{schedule} step {step}: steps are 1..{T}")
    if (core is None) != (way is None):
        raise RinglabError(
            "link_load: give both core and way (one directed link), or neither "
            "(the step's busiest link)"
        )
    if core is None:
        return m.congestion[step - 1]
    if not 0 <= core < m.N:
        raise RinglabError(f"core {core}: the example has cores 0..{m.N - 1}")
    return m.link_messages[step - 1].get((core, way), 0)


@probe("ring_slots", schedule=OneOf(ALGORITHMS))
def _ring_slots(st, schedule):
    return _algo_ring(st, schedule).slots


@probe("max_link_bytes", schedule=OneOf(ALGORITHMS), unit=Text(optional=True))
def _max_link_bytes(st, schedule, unit=None):
    return convert(_algo_ring(st, schedule).max_link_load, unit, "B")


@probe("algorithm_time", schedule=OneOf(ALGORITHMS), unit=Text(optional=True))
def _algorithm_time(st, schedule, unit=None):
    from ...core.schedules import alpha_beta_time

    S, a, B = _model_a(st)
    return convert(alpha_beta_time(_explorer_trace(st, schedule), S, a, B), unit, "s")


@probe("fastest_schedule")
def _fastest_schedule(st):
    """The least model-(a) time at S among ring, tree and the shown algorithms defined for the
    explorer's N (the first in table order on a tie)."""
    from ...core.schedules import alpha_beta_time, schedule_refusal

    S, a, B = _model_a(st)
    n = st.explorer_N or st.example().N
    names = [x for x in ("ring", "tree") + ordered(st.schedules) if schedule_refusal(x, n) is None]
    times = [(alpha_beta_time(_explorer_trace(st, x), S, a, B), k, x) for k, x in enumerate(names)]
    return min(times)[2]


@probe("schedule_crossover", a=OneOf(ALGORITHMS), b=OneOf(ALGORITHMS), unit=Text(optional=True))
def _schedule_crossover(st, a, b, unit=None):
    from ...core.schedules import alpha_beta_line
    from ...core.schedules.costs import crossovers, curve

    _, al, B = _model_a(st)
    f, g = (curve(x, x, [alpha_beta_line(_explorer_trace(st, x), al, B, x)]) for x in (a, b))
    xs = crossovers(f, g)
    if not xs:
        raise RinglabError(
            f"no crossover between {a} and {b}: one is faster at every size "
            f"(model (a), N = {st.explorer_N or st.example().N})"
        )
    return convert(xs[0].S, unit, "B")


_WHAT = {
    "steps": _algorithm_steps,
    "time": _algorithm_time,
    "ring_slots": _ring_slots,
    "max_link_bytes": _max_link_bytes,
}


@probe(
    "which_schedule",
    a=OneOf(ALGORITHMS),
    b=OneOf(ALGORITHMS),
    what=OneOf(("steps", "time", "link_load", "ring_slots", "max_link_bytes")),
    step=Int(INDEX, optional=True),
    most=Bool(optional=True),
)
def _which_schedule(st, a, b, what, step=None, most=False):
    """The one of a, b with fewer steps / less time / a lighter link (``most``: the more),
    ``tie`` when they are equal."""
    if (what == "link_load") != (step is not None):
        raise RinglabError("which_schedule: link_load needs a step (and only link_load takes one)")
    if what == "link_load":
        va, vb = (_link_load(st, x, step) for x in (a, b))
    else:
        va, vb = (_WHAT[what](st, x) for x in (a, b))
    if va == vb:
        return "tie"
    return (a if va > vb else b) if most else (a if va < vb else b)
