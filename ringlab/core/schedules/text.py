"""Plain-text grids and step descriptions, printed the way the worked ring and tree examples print them.

Rows are cores, columns chunks; a cell written on the step is starred (``*21``).  In the
phases that only store finished values (all-gather, broadcast-down) a cell not yet holding its
final value prints as ``.`` like the worked example's all-gather grids; a coded cell of which nothing is
known yet prints as ``·``.
"""

from __future__ import annotations

from .matmul import format_number

STORE_PHASES = ("all-gather", "broadcast-down")


def cell_text(trace, k: int, i: int, c: int) -> str:
    """What cell (core i, chunk c) shows after k steps (without the star)."""
    state, final = trace.state_at(k), trace.final_at(k)
    detail = trace.detail_at(k)
    phase = trace.steps[min(k, trace.T) - 1].phase if k > 0 else ""
    if detail is not None and detail[i][c] == "0":
        return "·"
    if phase in STORE_PHASES and not final[i][c]:
        return "."
    return " ".join(format_number(v) for v in trace.cell(state[i], c))


def step_caption(trace, k: int) -> str:
    if k <= 0:
        return "start: every core holds its partial Xᵢ·Wᵢ"
    if k > trace.T:
        return f"done after {trace.T} steps"
    step = trace.steps[k - 1]
    return f"step {k} of {trace.T} ({step.phase})"


def grid_lines(trace, k: int) -> list[str]:
    k = min(k, trace.T)
    changed = set(trace.steps[k - 1].changed) if k > 0 else set()
    cols = trace.n_chunks
    cells = [
        [("*" if (i, c) in changed else "") + cell_text(trace, k, i, c) for c in range(cols)]
        for i in range(trace.N)
    ]
    head = [f"chunk{c}" if trace.name != "tree" else f"pos{c}" for c in range(cols)]
    w = max([len(h) for h in head] + [len(x) for row in cells for x in row])
    lines = [" " * 9 + " ".join(h.rjust(w) for h in head)]
    for i, row in enumerate(cells):
        lines.append(f"Core {i:<3} [ " + " ".join(x.rjust(w) for x in row) + " ]")
    return lines


def trace_text(trace) -> list[str]:
    out = [trace.title, "rule: " + trace.rule] + [f"note: {n}" for n in trace.notes]
    out += ["", step_caption(trace, 0)] + grid_lines(trace, 0)
    for k in range(1, trace.T + 1):
        step = trace.steps[k - 1]
        out += ["", step_caption(trace, k)]
        out += ["  " + s.describe() for s in step.sends] or ["  (no messages)"]
        out += grid_lines(trace, k)
    return out
