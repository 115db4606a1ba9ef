r"""Ring All-Reduce = reduce-scatter + all-gather, traced exactly as the worked ring example.

The vector is cut into N chunks (zero-padded when N does not divide d).  On step t
(t = 0..2N−3) core i sends chunk $(i - t) \bmod N$ to core $(i+1) \bmod N$.  During the first
N−1 steps (reduce-scatter) the receiver adds the chunk into its own slot; after them core i
holds the complete chunk $(i+1) \bmod N$.  During the last N−1 steps (all-gather) the receiver
stores the arriving (complete) chunk.  2(N−1) steps, N messages of S/N bytes each.

>>> from .matmul import default_example
>>> tr = ring_trace(default_example(4))
>>> [s.value[0] for s in tr.steps[0].sends]
[Fraction(15, 1), Fraction(8, 1), Fraction(4, 1), Fraction(15, 1)]
"""

from __future__ import annotations

from fractions import Fraction

from .matmul import WorkedExample
from .trace import ScheduleTrace, Send, Step


def chunk_layout(d: int, C: int) -> tuple[int, int]:
    """(chunk_size L, padding) so that C chunks of L entries cover d entries."""
    L = -(-d // C)
    return L, C * L - d


def padded(vec, length: int) -> list:
    return list(vec) + [Fraction(0)] * (length - len(vec))


def padding_note(d: int, multiple_of: str, C: int, pad: int, L: int) -> str:
    """The trace's note when d entries do not fill C chunks (``multiple_of``: "N = 4", …)."""
    return (
        f"d = {d} is not a multiple of {multiple_of}: each core's vector is padded "
        f"with {pad} zero(s) to {C} chunks of {L}"
    )


def ring_trace(ex: WorkedExample) -> ScheduleTrace:
    N = ex.N
    L, pad = chunk_layout(ex.d, N)
    buf = [padded(p, N * L) for p in ex.partials]
    # which cores' partials are summed into each cell: "final" means all N of them
    contrib = [[frozenset([i]) for _ in range(N)] for i in range(N)]
    initial = tuple(tuple(r) for r in buf)
    initial_final = tuple(tuple(len(s) == N for s in row) for row in contrib)
    steps = []
    for t in range(2 * (N - 1)):
        reduce = t < N - 1
        # everyone sends first, from the buffers as they were (the step is simultaneous)
        sends = []
        for i in range(N):
            c = (i - t) % N
            sends.append(Send(i, (i + 1) % N, c, tuple(buf[i][c * L : (c + 1) * L])))
        new_contrib = [row[:] for row in contrib]
        for s in sends:
            j, c = s.dst, s.chunk
            for k, v in enumerate(s.value):
                buf[j][c * L + k] = buf[j][c * L + k] + v if reduce else v
            new_contrib[j][c] = contrib[j][c] | contrib[s.src][c] if reduce else contrib[s.src][c]
        contrib = new_contrib
        steps.append(
            Step(
                "reduce-scatter" if reduce else "all-gather",
                tuple(sends),
                tuple(tuple(r) for r in buf),
                tuple(sorted((s.dst, s.chunk) for s in sends)),
                tuple(tuple(len(x) == N for x in row) for row in contrib),
            )
        )
    notes = [padding_note(ex.d, f"N = {N}", N, pad, L)] if pad else []
    return ScheduleTrace(
        name="ring",
        title=f"Ring all-reduce (reduce-scatter + all-gather), {2 * (N - 1)} steps",
        rule=f"Step t: core i sends chunk (i − t) mod {N} to core i+1; steps 1..{N - 1} add "
        f"(reduce-scatter), steps {N}..{2 * (N - 1)} store (all-gather).",
        N=N,
        n_chunks=N,
        chunk_size=L,
        padding=pad,
        initial=initial,
        initial_final=initial_final,
        steps=tuple(steps),
        target=tuple(padded(ex.target, N * L)),
        message_chunks=N,
        notes=tuple(notes),
    )
