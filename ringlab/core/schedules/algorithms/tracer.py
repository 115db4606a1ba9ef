r"""Run a :class:`~.plan.Plan` on a worked example, exactly as :func:`~..ring.ring_trace` runs
the ring.

Every send reads the buffers as they were before the step, every written cell is starred, and a
cell is *final* when the partials of all N cores are in it — decided from which partials went
in, never by comparing numbers.  A plan that would add a partial into a cell that already holds
it is a bug and is refused there.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import RinglabError
from ..matmul import WorkedExample
from ..ring import chunk_layout, padded, padding_note
from ..trace import ScheduleTrace, Send, Step
from .plan import Message, Plan, PlanStep


@dataclass(frozen=True)
class _Layout:
    """Where a plan's blocks sit in the (zero-padded) vector: a whole-vector plan's one block is
    every entry, shown one entry a column; otherwise block b is column b, ``L`` entries long."""

    n_blocks: int
    cols: int
    L: int
    pad: int

    @classmethod
    def of(cls, plan: Plan, d: int) -> _Layout:
        if plan.n_blocks == 1:
            return cls(1, d, 1, 0)
        L, pad = chunk_layout(d, plan.n_blocks)
        return cls(plan.n_blocks, plan.n_blocks, L, pad)

    @property
    def whole(self) -> bool:
        return self.n_blocks == 1

    def cells(self, b: int):
        """The grid columns block ``b`` covers."""
        return range(self.cols) if self.whole else (b,)

    def entries(self, blocks) -> list[int]:
        return [
            e for b in blocks for c in self.cells(b) for e in range(c * self.L, (c + 1) * self.L)
        ]

    def final(self, contrib, N: int) -> tuple:
        """final[i][c]: the partials of all N cores are in core i's column c."""
        block_of = (lambda c: 0) if self.whole else (lambda c: c)  # noqa: E731
        return tuple(
            tuple(len(contrib[i][block_of(c)]) == N for c in range(self.cols)) for i in range(N)
        )


def _blocks_symbol(blocks, n_blocks) -> str:
    if len(blocks) == n_blocks:
        return ""  # Send.describe says "whole vector"
    runs, start = [], blocks[0]
    for a, b in zip(blocks, blocks[1:] + (None,)):
        if b != a + 1:
            runs.append(f"{start}" if a == start else f"{start}–{a}")
            start = b
    return "chunks " + ", ".join(runs)


def _send(m: Message, value: tuple, lay: _Layout) -> Send:
    chunk = m.blocks[0] if not lay.whole and len(m.blocks) == 1 else None
    return Send(
        m.src, m.dst, chunk, value, "" if lay.whole else _blocks_symbol(m.blocks, lay.n_blocks)
    )


def _arrive(name: str, k: int, m: Message, b: int, contrib, new_contrib, stored: set) -> None:
    """Block ``b`` of ``m`` arrives: the receiver's block now holds the partials it held and
    the sender's (an add), or the sender's alone (a store); a partial added twice is refused."""
    have = new_contrib[m.dst][b]
    if m.add:
        if have & contrib[m.src][b] or (m.dst, b) in stored:
            raise RinglabError(
                f"{name}, step {k}: core {m.src} → {m.dst} would add the partials "
                f"of cores {sorted(have & contrib[m.src][b])} into block {b} twice"
            )
        new_contrib[m.dst][b] = have | contrib[m.src][b]
    else:
        stored.add((m.dst, b))
        new_contrib[m.dst][b] = contrib[m.src][b]


def _run_step(plan: Plan, k: int, st: PlanStep, lay: _Layout, buf, contrib):
    """Step ``k``: every message reads ``buf`` as it was before the step.  Returns the traced
    step and the buffers and contributions after it."""
    sends, new_buf, new_contrib = [], [row[:] for row in buf], [row[:] for row in contrib]
    stored, changed = set(), set()
    for m in st.messages:
        entries = lay.entries(m.blocks)
        value = tuple(buf[m.src][e] for e in entries)
        sends.append(_send(m, value, lay))
        for b in m.blocks:
            _arrive(plan.name, k, m, b, contrib, new_contrib, stored)
            changed.update((m.dst, c) for c in lay.cells(b))
        for e, v in zip(entries, value):
            new_buf[m.dst][e] = new_buf[m.dst][e] + v if m.add else v
    state = tuple(tuple(r) for r in new_buf)
    final = lay.final(new_contrib, plan.N)
    return Step(st.phase, tuple(sends), state, tuple(sorted(changed)), final), new_buf, new_contrib


def _notes(plan: Plan, lay: _Layout, d: int) -> tuple[str, ...]:
    notes = list(plan.notes)
    if lay.pad:
        n = plan.n_blocks
        notes.append(padding_note(d, f"{n} blocks", n, lay.pad, lay.L))
    if not lay.whole and plan.name != "ring":
        notes.append(
            "messages carry different numbers of chunks: cost them with "
            "ringlab.core.schedules.models (message_chunks is the block count)"
        )
    return tuple(notes)


def trace_plan(plan: Plan, ex: WorkedExample) -> ScheduleTrace:
    """Run ``plan`` on the example's partials: every core's whole buffer after every step."""
    N = plan.N
    if ex.N != N:
        raise RinglabError(f"{plan.name}: the plan is for N = {N} cores, the example has {ex.N}")
    lay = _Layout.of(plan, ex.d)
    buf = [padded(p, lay.cols * lay.L) for p in ex.partials]
    contrib = [[frozenset([i])] * plan.n_blocks for i in range(N)]  # whose partials are in
    initial, initial_final = tuple(tuple(r) for r in buf), lay.final(contrib, N)
    steps = []
    for k, st in enumerate(plan.steps, 1):
        step, buf, contrib = _run_step(plan, k, st, lay, buf, contrib)
        steps.append(step)
    return ScheduleTrace(
        name=plan.name,
        title=plan.title,
        rule=plan.rule,
        N=N,
        n_chunks=lay.cols,
        chunk_size=lay.L,
        padding=lay.pad,
        initial=initial,
        initial_final=initial_final,
        steps=tuple(steps),
        target=tuple(padded(ex.target, lay.cols * lay.L)),
        message_chunks=plan.n_blocks,
        notes=_notes(plan, lay, ex.d),
    )
