r"""A schedule as data: per step, who sends which blocks to whom, and whether the receiver adds.

A :class:`Plan` is independent of any numbers: :func:`~.tracer.trace_plan` runs one on a worked
example.  The vector is cut into ``n_blocks`` equal blocks; ``n_blocks == 1`` means the schedule
always moves the whole vector (``ALL``).  Here too are the ring and the tree as plans, and the
pieces the bandwidth-optimal schedules share: an all-gather built round by round, and the
reduce-scatter that is that all-gather run backwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tree import tree_levels


@dataclass(frozen=True)
class Message:
    """Core ``src`` sends ``blocks`` to core ``dst``; ``add``: the receiver adds them into its
    own copies (a reduction), else it stores them (finished sums)."""

    src: int
    dst: int
    blocks: tuple[int, ...]
    add: bool

    def to_json(self) -> dict:
        return {
            "from": self.src,
            "to": self.dst,
            "blocks": list(self.blocks),
            "op": "add" if self.add else "store",
        }


@dataclass(frozen=True)
class PlanStep:
    phase: str
    messages: tuple[Message, ...]


@dataclass(frozen=True)
class Plan:
    """One schedule on N cores: what each step sends, independent of any numbers."""

    name: str
    N: int
    n_blocks: int  # the vector is cut into this many blocks (1: whole vector)
    steps: tuple[PlanStep, ...]
    title: str
    rule: str
    ports: int  # the most messages one core sends in one step
    notes: tuple[str, ...] = field(default=())

    @property
    def T(self) -> int:
        return len(self.steps)

    @property
    def messages(self) -> int:
        return sum(len(s.messages) for s in self.steps)

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "N": self.N,
            "blocks": self.n_blocks,
            "ports": self.ports,
            "title": self.title,
            "rule": self.rule,
            "steps": [
                {"phase": s.phase, "messages": [m.to_json() for m in s.messages]}
                for s in self.steps
            ],
            **({"notes": list(self.notes)} if self.notes else {}),
        }


def make_plan(name, N, n_blocks, steps, title, rule, notes=()) -> Plan:
    """A :class:`Plan` from steps given as (phase, messages); its ports are counted here."""
    steps = tuple(PlanStep(ph, tuple(ms)) for ph, ms in steps)
    ports = max([sum(1 for m in s.messages if m.src == i) for s in steps for i in range(N)] or [0])
    return Plan(name, N, n_blocks, steps, title, rule, ports, tuple(notes))


ALL = (0,)  # the one block of a whole-vector schedule


# -- the ring and the tree as plans -------------------------------------------------------------


def ring_plan(N: int) -> Plan:
    steps = []
    for t in range(2 * (N - 1)):
        add = t < N - 1
        steps.append(
            (
                "reduce-scatter" if add else "all-gather",
                [Message(i, (i + 1) % N, ((i - t) % N,), add) for i in range(N)],
            )
        )
    return make_plan(
        "ring",
        N,
        N,
        steps,
        f"Ring all-reduce, {2 * (N - 1)} steps",
        f"Step t: core i sends chunk (i − t) mod {N} to core i+1; adds for N−1 steps, "
        f"then stores for N−1.",
    )


def tree_plan(N: int) -> Plan:
    Lv = tree_levels(N)
    steps = [
        (
            "reduce-up",
            [Message(i, i - (1 << l), ALL, True) for i in range(N) if i % (2 << l) == (1 << l)],
        )
        for l in range(Lv)
    ]
    steps += [
        (
            "broadcast-down",
            [
                Message(i, i + (1 << l), ALL, False)
                for i in range(N)
                if i % (2 << l) == 0 and i + (1 << l) < N
            ],
        )
        for l in reversed(range(Lv))
    ]
    return make_plan(
        "tree",
        N,
        1,
        steps,
        f"Tree all-reduce (binomial), {2 * Lv} steps",
        "Reduce-up at distance h = 1, 2, 4, …, broadcast-down mirrored; whole vectors.",
    )


# -- bandwidth-optimal: an all-gather and its mirror ------------------------------------------


def allgather_steps(N: int, rounds, hold=None):
    """An all-gather by rounds of (phase, sends): ``sends(hold)`` gives the round's
    (src, dst, blocks) from what every core holds; each core must receive each block once."""
    hold = hold or [{r} for r in range(N)]
    out = []
    for phase, sends in rounds:
        ms = []
        got = [set() for _ in range(N)]
        for src, dst, blocks in sends(hold):
            if not blocks:
                continue
            b = set(blocks)
            if not b <= hold[src] or b & hold[dst] or b & got[dst]:
                raise AssertionError(f"all-gather {phase}: core {src} → {dst} blocks {blocks}")
            got[dst] |= b
            ms.append(Message(src, dst, tuple(sorted(blocks)), False))
        for r in range(N):
            hold[r] |= got[r]
        out.append((phase, ms))
    if any(len(h) != N for h in hold):
        raise AssertionError("all-gather leaves a core without every block")
    return out


def reduce_scatter_of(allgather, phase="reduce-scatter"):
    """The reduce-scatter that an all-gather's tree, run backwards, is: every message reversed
    (dst → src, the same blocks, added), the steps in reverse order."""
    return [
        (phase, [Message(m.dst, m.src, m.blocks, True) for m in ms])
        for _, ms in reversed(allgather)
    ]


def mirrored_steps(N: int, rounds):
    """The all-gather of ``rounds`` (:func:`allgather_steps`), preceded by its mirror image as
    a reduce-scatter: the shape of every bandwidth-optimal schedule here."""
    ag = allgather_steps(N, rounds)
    return reduce_scatter_of(ag) + ag
