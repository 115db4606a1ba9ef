r"""Tree All-Reduce = reduce-up + broadcast-down, traced as the worked tree example.

Binomial tree rooted at core 0.  Reduce-up, level l = 0..L−1 with $L = \lceil\log_2 N\rceil$
and distance $h = 2^l$: every core i with $i \bmod 2h = h$ sends its whole vector to core
$i - h$, which adds it.  Broadcast-down mirrors it, h = 2^{L−1}, …, 2, 1: every core i with
$i \bmod 2h = 0$ and $i + h < N$ sends the sum to core $i + h$, which stores it.

For N a power of two these are the worked example's pairs (N = 4: 1→0 and 3→2, then 2→0; down 0→2,
then 0→1 and 2→3).  For other N the rule is the same and a core whose partner $i+h$ would be
≥ N sits the level out, so the tree still takes $2\lceil\log_2 N\rceil$ steps and every message
is the whole vector (S bytes).  Tree links are logical: 0→2 is not a ring edge.

The grid's columns are the vector's d entries (the tree never cuts the vector).
"""

from __future__ import annotations

from .matmul import WorkedExample
from .trace import ScheduleTrace, Send, Step


def tree_levels(N: int) -> int:
    """$\\lceil \\log_2 N \\rceil$, in integers."""
    return (N - 1).bit_length()


def tree_trace(ex: WorkedExample) -> ScheduleTrace:
    N, d = ex.N, ex.d
    Lv = tree_levels(N)
    buf = [list(p) for p in ex.partials]
    contrib = [frozenset([i]) for i in range(N)]
    initial = tuple(tuple(r) for r in buf)
    fin = lambda: tuple(tuple([len(contrib[i]) == N] * d) for i in range(N))  # noqa: E731
    initial_final = fin()
    steps = []
    pairs = [
        ("reduce-up", [(i, i - (1 << l)) for i in range(N) if i % (2 << l) == (1 << l)])
        for l in range(Lv)
    ]
    pairs += [
        (
            "broadcast-down",
            [(i, i + (1 << l)) for i in range(N) if i % (2 << l) == 0 and i + (1 << l) < N],
        )
        for l in reversed(range(Lv))
    ]
    for phase, level in pairs:
        sends = tuple(Send(a, b, None, tuple(buf[a])) for a, b in level)
        new_contrib = contrib[:]
        for s in sends:
            if phase == "reduce-up":
                buf[s.dst] = [x + y for x, y in zip(buf[s.dst], s.value)]
                new_contrib[s.dst] = contrib[s.dst] | contrib[s.src]
            else:
                buf[s.dst] = list(s.value)
                new_contrib[s.dst] = contrib[s.src]
        contrib = new_contrib
        steps.append(
            Step(
                phase,
                sends,
                tuple(tuple(r) for r in buf),
                tuple((s.dst, c) for s in sorted(sends, key=lambda s: s.dst) for c in range(d)),
                fin(),
            )
        )
    notes = []
    if N & (N - 1):
        notes.append(
            f"N = {N} is not a power of two: a core whose partner would be ≥ {N} sits "
            f"that level out; still 2⌈log₂ N⌉ = {2 * Lv} steps"
        )
    return ScheduleTrace(
        name="tree",
        title=f"Tree all-reduce (reduce-up + broadcast-down), {2 * Lv} steps",
        rule="Reduce-up at distance h = 1, 2, 4, …: core i with i mod 2h = h sends its whole "
        "vector to core i − h (adds); broadcast-down mirrors it (stores).",
        N=N,
        n_chunks=d,
        chunk_size=1,
        padding=0,
        initial=initial,
        initial_final=initial_final,
        steps=tuple(steps),
        target=tuple(ex.target),
        message_chunks=1,
        notes=tuple(notes),
    )
