"""Probes of the Schedules tab's worked example: the ring, tree and coded schedules' grids."""

from __future__ import annotations

from ...core.errors import RinglabError
from .signature import SCHEDULES, Int, OneOf, probe


@probe("partial", core=Int(), col=Int())
def _partial(st, core, col):
    p = st.example().partials
    if not (0 <= core < len(p) and 0 <= col < len(p[0])):
        raise RinglabError(f"partial ({core}, {col}): {len(p)} cores × {len(p[0])} entries")
    return p[core][col]


@probe("target", col=Int())
def _target(st, col):
    t = st.example().target
    if not 0 <= col < len(t):
        raise RinglabError(f"target column {col}: expected 0..{len(t) - 1}")
    return t[col]


def _schedule(st, schedule):
    c = st.comparison()
    tr = c.traces.get(schedule)
    if tr is None:
        raise RinglabError(f"schedule {schedule!r} is not shown: {c.coded_error or 'no code'}")
    return tr


@probe("schedule_cell", schedule=OneOf(SCHEDULES), step=Int(), core=Int(), chunk=Int())
def _schedule_cell(st, schedule, step, core, chunk):
    tr = _schedule(st, schedule)
    if not 0 <= step <= tr.T:
        raise RinglabError(f"{schedule} step {step}: expected 0..{tr.T}")
    if not (0 <= core < tr.N and 0 <= chunk < tr.n_chunks):
        raise RinglabError(
            f"{schedule} cell ({core}, {chunk}): {tr.N} cores × {tr.n_chunks} chunks"
        )
    cell = tr.cell(tr.state_at(step)[core], chunk)
    return cell[0] if len(cell) == 1 else list(cell)


@probe("schedule_send", schedule=OneOf(SCHEDULES), step=Int(), core=Int())
def _schedule_send(st, schedule, step, core):
    tr = _schedule(st, schedule)
    if not 1 <= step <= tr.T:
        raise RinglabError(f"{schedule} step {step}: steps are 1..{tr.T}")
    sends = [s for s in tr.steps[step - 1].sends if s.src == core]
    if not sends:
        return None
    v = sends[0].value
    return v[0] if len(v) == 1 else list(v)


@probe("chunk_owner", schedule=OneOf(SCHEDULES), step=Int(), chunk=Int())
def _chunk_owner(st, schedule, step, chunk):
    tr = _schedule(st, schedule)
    if not (0 <= step <= tr.T and 0 <= chunk < tr.n_chunks):
        raise RinglabError(f"{schedule}: step 0..{tr.T}, chunk 0..{tr.n_chunks - 1}")
    owners = [i for i, row in enumerate(tr.final_at(step)) if row[chunk]]
    return owners[0] if len(owners) == 1 else owners or None


@probe("schedule_steps", schedule=OneOf(SCHEDULES))
def _schedule_steps(st, schedule):
    return _schedule(st, schedule).T


@probe("schedule_complete", schedule=OneOf(SCHEDULES))
def _schedule_complete(st, schedule):
    return _schedule(st, schedule).complete
