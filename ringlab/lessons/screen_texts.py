"""The texts the window shows beside a lesson, modelled from the state (no Qt, no drawing): what
``lessons check`` reads for a number a prediction asks (see :mod:`ringlab.lessons.visibility`).

Each text is a :class:`Shown` named by the part of the window it is in — the names a
prediction's ``hide:`` lists (:data:`HIDE`).  The words are those the window composes (the
status bar's :mod:`ringlab.gui.status`, the cost explorer's tables and notes, the Schedules
grids' message lines, the walkthrough's verdict and decode line, the Mesh tab's hop table), or,
for a drawing, each label as ``name = value``: only their numbers in result position matter.
A text that cannot be computed for the state (a refused code, a search not run) is not shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import RinglabError
from ..state.tabs import MESH, PROPAGATION, SCHEDULES

#: What a prediction may ask the window to hide until it is answered (``hide:``), and where.
HIDE = {
    "status-bounds": 'the status bar\'s binding bound ("Theorem 3: T ≥ 7 ✓")',
    "status-rate": 'the status bar\'s rate ("rate K/T = 5/7 = 0.714")',
    "status-shape": ('the status bar\'s shape ("reduce-multicast shape" or "non-trivial coding")'),
    "explorer-figures": (
        "the Schedules tab's cost explorer: its table (steps, messages, bytes, time, bandwidths), "
        "the table's title (the lower bound 2S(N−1)/N), the ring's note (exact time and the "
        "cost example's estimate) and the crossovers"
    ),
    "schedule-totals": (
        "the Schedules grids' message lines under each grid (\"Core 0 → Core 2: whole vector "
        '= 30 29 22 27") and, for a probe, the stars of what was sent'
    ),
    "walkthrough-caption": (
        'the Propagation tab\'s verdict line ("destination 0 cannot decode the sum — …") and its '
        "caption at t = T (each node's decoded ẑᵢ)"
    ),
    "drawing-labels": (
        "the numbers drawn on the Propagation tab's graph: each sent symbol's value up to the "
        "step shown, each node's decode at t = T"
    ),
    "rate-table": (
        "the Search tab's rate table: each cell's smallest T (general codes and routing only, "
        "per field), how sure it is (exact, ≤), and its tooltip"
    ),
    "mesh-table": (
        "the Mesh tab's hop table (hops, steps, packets, unicasts per scheme) at the tab's "
        "default k = 4, n = 2, best group, packet hops"
    ),
}


@dataclass(frozen=True)
class Shown:
    """One text on screen: ``source`` is its :data:`HIDE` name, ``where`` says it in words,
    ``cell``: a table cell or a label whose only number is a result."""

    source: str
    where: str
    text: str
    cell: bool = False


def window_texts(st) -> list[Shown]:
    """Every text the window shows for ``st`` that could state a number (see the module)."""
    parts = [_status]
    if st.tab == SCHEDULES:
        parts += [_explorer, _schedule_totals]
    elif st.tab == PROPAGATION:
        parts += [_walkthrough, _drawing]
    elif st.tab == MESH:
        parts += [_mesh]
    out = []
    for part in parts:
        try:
            out += part(st)
        except (RinglabError, ValueError, ArithmeticError):
            continue  # the window shows an error there, not a number
    return out


def _status(st) -> list[Shown]:
    """As :class:`ringlab.gui.status.CodeStatus` composes them."""
    from ..core.bounds import bounds

    code = st.code
    b = bounds(code.N, code.K, code.T)
    ok = "✓" if b.satisfied else "✗ T too small"
    return [
        Shown("status-bounds", "the status bar", f"{b.binding}: T ≥ {b.min_T} {ok}"),
        Shown(
            "status-rate",
            "the status bar",
            f"rate K/T = {code.K}/{code.T} = {float(code.rate):.3f}",
        ),
    ]


def _explorer(st) -> list[Shown]:
    """The cost explorer on its own N (the example's when none is set), as its tables show."""
    from ..core.quantities import cost_row_cells, format_bytes, format_seconds
    from ..core.schedules import compare
    from ..core.schedules.matmul import default_example

    params = st.cost_params()
    nE = params.pop("explorer_N") or st.example_N
    if nE == st.example_N:
        c = st.comparison()
    elif nE <= 32:
        c = st.analysis.comparison(default_example(nE), **params)
    else:
        c = compare(N=nE, strict=False, **params)
    where = "the cost explorer"
    bound = format_bytes(next(iter(c.costs.values())).lower_bound)
    out = [
        Shown(
            "explorer-figures",
            where,
            f"Costs on N = {c.N} cores, S = {format_bytes(c.size)}; lower bound "
            f"2S(N−1)/N = {bound} sent per worker",
        )
    ]
    for name, k in c.costs.items():
        cells = cost_row_cells(k)
        out += [Shown("explorer-figures", f"{where}'s {name} row", x, cell=True) for x in cells]
    exact = c.costs["ring"].time
    est = c.ring_large_n_estimate
    out.append(
        Shown(
            "explorer-figures",
            f"{where}'s note",
            f"Ring, exact α-β 2(N−1)(α + S/(NB)) = {format_seconds(exact)}; the cost example's "
            f"estimate 2S/B + 2(N−1)α = {format_seconds(est)}; 2S/(NB) = "
            f"{format_seconds(est - exact)}.",
        )
    )
    out += [
        Shown("explorer-figures", f"{where}'s crossovers", format_bytes(x.S), cell=True)
        for x in c.explorer.crossovers
    ]
    return out


def _schedule_totals(st) -> list[Shown]:
    """The message lines under each grid at the scrubber's step (ring, tree and the code)."""
    from ..core.schedules.matmul import format_number

    k = st.schedule_step
    out = []
    for name, tr in st.comparison().traces.items():
        if not 0 < k <= tr.T:
            continue
        for s in tr.steps[k - 1].sends:
            vals = " ".join(format_number(v) for v in s.value)
            what = s.symbol or (f"chunk{s.chunk}" if s.chunk is not None else "whole vector")
            out.append(
                Shown(
                    "schedule-totals",
                    f"the {name} grid's messages",
                    f"Core {s.src} → Core {s.dst}: {what} = {vals}",
                )
            )
    return out


def _walkthrough(st) -> list[Shown]:
    """The verdict line (as the walkthrough's) and, at t = T, each node's decode."""
    tr = st.trace()
    code, rep = tr.code, tr.report
    out = []
    bad = [i for i in range(code.N) if not rep.node_ok(i)]
    if bad:
        checks = [c for c in rep.checks if c.node == bad[0] and not c.ok]
        text = f"destination {', '.join(map(str, bad))} cannot decode the sum"
        if checks:
            more = f" (and {len(checks) - 1} more j)" if len(checks) > 1 else ""
            text += f" — Theorem 2 fails at node {bad[0]}, j = {checks[0].j}{more}"
        out.append(Shown("walkthrough-caption", "the walkthrough's verdict line", text))
    if st.step >= code.T and tr.decoded_values is not None:
        F = tr.field
        for i, z in enumerate(tr.decoded_values):
            vals = ", ".join(F.format(v) for v in z)
            out.append(
                Shown("walkthrough-caption", "the walkthrough's caption", f"ẑ{i} = [{vals}]")
            )
        if tr.true_sum is not None:
            total = ", ".join(F.format(v) for v in tr.true_sum)
            out.append(
                Shown("walkthrough-caption", "the walkthrough's caption", f"the sum = [{total}]")
            )
    return out


def _drawing(st) -> list[Shown]:
    """The values drawn on the graph: what was sent before the step shown."""
    tr = st.trace()
    if tr.sent_values is None:
        return []
    F = tr.field
    return [
        Shown(
            "drawing-labels",
            f"the walkthrough's graph at t = {st.step}",
            f"y{i}({t}) = {F.format(v)}",
        )
        for t in range(min(st.step, tr.code.T))
        for i, v in enumerate(tr.sent_values[t])
    ]


def _mesh(st) -> list[Shown]:
    """The hop table at the Mesh tab's defaults (its parameters are the tab's, not the state's)."""
    from ..core.mesh import Mesh, best_group, schemes

    mesh = Mesh.kary(4, 2, False)
    out = []
    for name, s in schemes(mesh, best_group(mesh)).items():
        out.append(
            Shown("mesh-table", f"the Mesh tab's {name} row", f"{s.total('packet'):,}", cell=True)
        )
    return out
