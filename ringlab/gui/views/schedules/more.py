"""The algorithms the Schedules tab can show beside ring, tree and the code.

No Qt here: which names there are, and the few core calls the tab makes for them — each chosen
algorithm traced on the worked example (or the reason it is refused for that N), both cost
models of :mod:`ringlab.core.schedules.models` on the cost explorer's N, and the explorer's
curves and crossovers extended by the chosen algorithms' model-(a) lines.  Everything is
:mod:`ringlab.core.schedules`'s; this module only picks and assembles.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from ....core.errors import RinglabError
from ....core.schedules import (
    alpha_beta_line,
    known_schedules,
    schedule_info,
    schedule_refusal,
    schedule_rows,
    schedule_trace,
)
from ....core.schedules.costs import crossovers, curve
from ....core.schedules.matmul import TRACE_N_RANGE, default_example
from ....core.schedules.twoway_rows import twoway_comparison

BASE = ("ring", "tree")

# Entries kept by the caches below (a long session stays bounded).  ``traced`` holds traces
# (0.5–1.8 MB each at N = 32, see the core's TRACES_KEPT), so it stays as small as the core's:
# the tab shows at most 11 algorithms at a time.
TRACED_KEPT = 32
# both models' rows for the explorer's N, α, B, S (numbers only, a few KB each)
ROWS_KEPT = 32
# the two-way rows are traced here up to this N: the exact check of the two classic rings
# (K = 2N, T = 2(N − 1), over Q) takes 0.2 s at N = 8, 1.6 s at 16 and 20 s at 32, and the tab
# computes on the window's thread; the CLI prints them up to 32
TWO_WAY_N_MAX = 16

# the names a student reads on the check boxes (the core's own names are in the tooltips)
SHORT = {
    "recursive-doubling": "recursive doubling",
    "rabenseifner": "Rabenseifner",
    "swing": "Swing",
    "bruck": "Bruck",
    "bruck-bw": "Bruck (bw)",
    "trivance": "Trivance",
    "trivance-bw": "Trivance (bw)",
    "nccl-tree": "NCCL double tree",
}


def extra_names() -> tuple[str, ...]:
    """Every schedule the core traces besides ring and tree, in the core's table order
    (aliases such as ``nccl-ring``, which is the ring, left out)."""
    return tuple(n for n in known_schedules() if schedule_info(n).name == n and n not in BASE)


def short_name(name: str) -> str:
    return SHORT.get(name, name)


def normalise(names) -> tuple[str, ...]:
    """The chosen names as the state keeps them: known extras only, once each, in table
    order (ring and tree are always shown, so they are dropped here)."""
    want = set()
    for n in names:
        try:
            want.add(schedule_info(n).name)
        except (RinglabError, TypeError, AttributeError):
            continue  # not a schedule (a state set by hand): nothing to show for it
    return tuple(n for n in extra_names() if n in want)


@lru_cache(maxsize=TRACED_KEPT)
def traced(name: str, example):
    """(trace, None) for ``name`` on the example, or (None, why it is refused for its N)."""
    why = schedule_refusal(name, example.N)
    if why:
        return None, why
    return schedule_trace(name, example), None


@lru_cache(maxsize=ROWS_KEPT)
def rows_for(names: tuple, N: int, size, alpha, bandwidth):
    """Both models for ring, tree and ``names`` on the default example for N — what
    ``ringlab compare --schedules ring,tree,… --N N`` prints — or None above 32 cores, where
    nothing is traced."""
    if N > TRACE_N_RANGE[1]:
        return None
    return tuple(
        schedule_rows(BASE + tuple(names), N=N, size=size, alpha=alpha, bandwidth=bandwidth)
    )


def extended_explorer(exp, rows):
    """``exp`` (ring, tree, the code) with one model-(a) line per traced extra in ``rows``
    and the crossovers of every new pair; the size range widened to show them all."""
    extra = [r for r in rows if r.name not in BASE and r.trace is not None]
    if not extra:
        return exp
    new = [
        curve(r.name, r.name, [alpha_beta_line(r.trace, exp.alpha, exp.bandwidth, r.name)])
        for r in extra
    ]
    xs = list(exp.crossovers)
    for i, f in enumerate(new):
        for g in list(exp.curves) + new[i + 1 :]:
            xs.extend(crossovers(g, f))
    xs.sort(key=lambda x: (x.S, x.between))
    lo, hi = exp.S_range
    pts = [x.S for x in xs if x.S > 0]
    if pts:  # the explorer's own rule: three decades either side of what matters
        lo = max(min(lo, min(pts) / 1000), Fraction(1))
        hi = max(hi, max(pts) * 1000)
    return replace(
        exp, curves=tuple(exp.curves) + tuple(new), crossovers=tuple(xs), S_range=(lo, hi)
    )


@lru_cache(maxsize=ROWS_KEPT)
def twoway_rows_for(N: int, size, alpha, bandwidth):
    """Every row of ``ringlab compare --ring two-way --N N`` for these α, B, S — the core's
    :func:`~ringlab.core.schedules.twoway_rows.twoway_comparison` on the default example, each
    (row, kind, source) — or None above :data:`TWO_WAY_N_MAX`."""
    if N > TWO_WAY_N_MAX:
        return None
    return tuple(twoway_comparison(default_example(N), size, alpha, bandwidth))
