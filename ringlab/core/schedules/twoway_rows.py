r"""Two-way codes as rows of the schedule comparison (``ringlab compare --ring two-way``).

A two-way code run on the worked example: core j's partial is cut into K chunks of L entries
(zero-padded, as :mod:`.coded` cuts it), chunk k−1 is the symbol $x_{j,k}$, and the code runs
entry by entry (it is linear) through :func:`ringlab.core.twoway_simulate.simulate_twoway`.
Step t sends, from every core, one symbol clockwise (to i+1) and one counter-clockwise (to i−1),
each S/K bytes; a send whose symbol is identically 0 (a silent link) is not a message.  So a
two-way code is a **2-port** schedule: in model (a) on its own ports a step costs
α + (S/K)/B, on one port 2α + 2(S/K)/B; in model (b) every message goes one hop, one a link a
step, so it takes T slots and its busiest link carries T·S/K at most.

The buffers of the trace are the partials until the last step, then each core's decoded sums
(a two-way code has no running decode drawn yet); a chunk is final when the exact check says
the core decodes that entry.

Which coded rows: :func:`known_twoway_codes` — the two-way codes shipped for that N
(``assets/twoway-n{N}-k{K}-t{T}-{field}.ringlab.json``, each found by ``ringlab search --ring
two-way`` and re-checked before saving; its description says so).  No rate table for the two-way
ring exists yet, so these are the best *known* to ringlab, not proven best.
"""

from __future__ import annotations

import re
from importlib.resources import files
from typing import NamedTuple

from ..twoway import DIRECTIONS, TwoWayCode, two_classic_rings
from ..twoway_simulate import simulate_twoway
from .coded import _plain, _target, symbols_of
from .matmul import WorkedExample
from .models import ScheduleRow, ends_with_the_sum, schedule_row, traced_row
from .ring import padded
from .trace import ScheduleTrace, Send, Step

TWO_WAY_LIBRARY = ("swing", "trivance", "rabenseifner", "recursive-doubling")
CLASSIC_PAIR = "two classic rings"
_SHIPPED = re.compile(r"twoway-n(\d+)-k(\d+)-t(\d+)-(\w+)\.ringlab\.json")


def known_twoway_codes(N: int) -> list[tuple[TwoWayCode, str]]:
    """The shipped two-way codes for N, (code, where it came from), smallest T first."""
    from ..twowayfile import load_any

    out = []
    for f in files("ringlab.data").iterdir():
        m = _SHIPPED.fullmatch(f.name)
        if m and int(m.group(1)) == N:
            code = load_any(f)
            how = (
                f"found by ringlab search --ring two-way --N {N} --K {code.K} --T {code.T} "
                f'--field "{code.field.name}" (re-checked exactly), shipped as assets/{f.name}'
            )
            out.append((code, how))
    return sorted(out, key=lambda cs: (cs[0].T, cs[0].K))


def classic_pair(N: int) -> tuple[TwoWayCode, str]:
    """The "two classic rings" code (over Q) and where it came from."""
    return (
        two_classic_rings(N, "Q"),
        f"built: the classic ring all-reduce each way, half the vector each (K = {2 * N}, "
        f"T = {2 * (N - 1)}; ringlab.core.twoway.two_classic_rings)",
    )


def twoway_trace(ex: WorkedExample, code: TwoWayCode, name: str) -> ScheduleTrace:
    """The code run on the worked example's partials (see the module docstring)."""
    F, N, K, T = code.field, code.N, code.K, code.T
    x, L, pad = symbols_of(ex, code)
    runs = [
        simulate_twoway(code, [[x[j][k][e] for k in range(K)] for j in range(N)]) for e in range(L)
    ]
    first = runs[0]
    initial = tuple(tuple(padded(p, K * L)) for p in ex.partials)
    none_final = tuple((False,) * K for _ in range(N))
    steps = []
    for t in range(T):
        sends = []
        for i in range(N):
            for d in DIRECTIONS:
                coeffs = first.sent[d][t][i]
                if all(F.is_zero(c) for c in coeffs):
                    continue  # a silent link sends nothing
                value = tuple(_plain(F, r.sent_values[d][t][i]) for r in runs)
                dst = (i + 1) % N if d == "cw" else (i - 1) % N
                sends.append(Send(i, dst, None, value, first.pretty(coeffs)))
        if t < T - 1:
            steps.append(Step(f"slot {t}", tuple(sends), initial, (), none_final))
            continue
        state, final = [], []
        for i in range(N):
            missing = set(first.report.nodes[i].missing)
            row = [_decoded(F, r.decoded_values[i][k]) for k in range(K) for r in runs]
            state.append(tuple(row))
            final.append(tuple(k not in missing for k in range(K)))
        changed = tuple((i, k) for i in range(N) for k in range(K))
        steps.append(Step(f"slot {t}", tuple(sends), tuple(state), changed, tuple(final)))
    return ScheduleTrace(
        name=name,
        title=f"{name}: two-way ring, N = {N}, K = {K}, T = {T} over {F.name}",
        rule="Slot t: core i sends one symbol to i+1 and one to i−1, each a combination of "
        "its own chunks and what it heard from both neighbours; it decodes at the end.",
        N=N,
        n_chunks=K,
        chunk_size=L,
        padding=pad,
        initial=initial,
        initial_final=none_final,
        steps=tuple(steps),
        target=_target(F, x, N, K, L),
        message_chunks=K,
    )


def _decoded(F, v):
    return None if v is None else _plain(F, v)


def twoway_row(ex: WorkedExample, code: TwoWayCode, name: str, S, alpha, B) -> ScheduleRow:
    """The code as a 2-port schedule row, both models; the sum checked in the code's field
    (exactly the rational sum over Q)."""
    tr = twoway_trace(ex, code, name)
    exact = code.field.characteristic == 0 and code.field.name != "R"
    sum_ok = ends_with_the_sum(tr, ex) if exact else tr.complete
    return traced_row(name, ex, tr, S, alpha, B, sum_ok, 2, "2 ports")


class TwoWayEntry(NamedTuple):
    """One row of the two-way comparison: the row, "coded" or "library", where it came from."""

    row: ScheduleRow
    kind: str
    source: str


def coded_name(code: TwoWayCode) -> str:
    return f"coded K={code.K} T={code.T} {code.field.name}"


def no_twoway_code(N: int, add_it: str = "with --code FILE") -> str:
    """What the comparison says when no coded two-way code is known for N; ``add_it`` says
    how the reader adds one they found (the command line's ``--code FILE``)."""
    return (
        f"no coded two-way code is known for N = {N}: none ships with ringlab; find one "
        f"with ringlab search --ring two-way --N {N} --K k --T t -o FILE, then add it "
        f"{add_it}"
    )


def twoway_comparison(ex: WorkedExample, S, alpha, B, given=()) -> list[TwoWayEntry]:
    """Every row of ``ringlab compare --ring two-way`` on ``ex`` (S, α, B already parsed):
    ``given`` (code, source) pairs first, then the shipped codes for ex.N, then the two
    classic rings and :data:`TWO_WAY_LIBRARY`, each costed in both models."""
    coded = list(given) + known_twoway_codes(ex.N)
    out = [TwoWayEntry(twoway_row(ex, c, coded_name(c), S, alpha, B), "coded", w) for c, w in coded]
    pair, how = classic_pair(ex.N)
    out.append(TwoWayEntry(twoway_row(ex, pair, CLASSIC_PAIR, S, alpha, B), "library", how))
    for name in TWO_WAY_LIBRARY:
        row = schedule_row(name, ex, S, alpha, B)
        out.append(TwoWayEntry(row, "library", "ringlab's trace of " + name))
    return out
