r"""Steps, messages and α-β costs of the ring and the tree for any N, without a trace.

A trace (:mod:`.ring`, :mod:`.tree`) keeps every core's buffer after every step: 2(N−1) grids
of N×N exact numbers for the ring, which is fine at 4 or 32 cores and absurd at 256.  The
counts below are the same schedules' closed forms; the tests check them against the counts
taken from the explicit traces for every small N, and against the tree example's numbers
("At 256 cores the ring takes 510 sequential steps", "For 256 cores that is 16 steps
instead of 510").

**Ring** (reduce-scatter + all-gather): 2(N−1) steps; on each step every core sends one
chunk of S/N to its successor, so $2N(N-1)$ messages, and every directed ring link, every
sender and every receiver carries $2(N-1)\cdot S/N$ — exactly the lower bound.

**Tree** (binomial, rooted at core 0, $L = \lceil\log_2 N\rceil$ levels): 2L steps; each
non-root core sends its whole vector (S) up once and receives the sum down once, so
$2(N-1)$ messages.  A directed pair (a, b) is used only at the level $h = |a-b|$, so every
link carries S.  The root sends on each of the L broadcast levels and receives on each of the
L reduce levels, and no core does more (core i takes part in the levels below its lowest set
bit, plus once in the other phase), so the busiest sender and receiver move $L\cdot S$.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import RinglabError
from .costs import ScheduleCost, algbw, busbw, lower_bound_bytes
from .matmul import TRACE_N_RANGE
from .tree import tree_levels

SCHEDULE_N_RANGE = (2, 1024)  # like the cost explorer: only counts, no buffers


@dataclass(frozen=True)
class ScheduleCounts:
    """What a schedule does on N cores, in messages; bytes follow from the message size."""

    name: str
    N: int
    steps: int
    messages: int
    message_chunks: int  # a message carries S / message_chunks bytes
    link_messages: int  # on the busiest directed link
    sent_messages: int  # by the busiest sender
    received_messages: int  # by the busiest receiver
    formula: str  # the step count in words, "2(N−1) = 510"

    def costs(self, S, alpha, B) -> ScheduleCost:
        """The α-β costs for a message of ``S`` bytes in all: steps × (α + message/B)."""
        S = Fraction(S)
        msg = S / self.message_chunks
        t = self.steps * (Fraction(alpha) + msg / Fraction(B))
        return ScheduleCost(
            self.name,
            self.steps,
            self.messages,
            msg,
            self.link_messages * msg,
            self.sent_messages * msg,
            self.received_messages * msg,
            lower_bound_bytes(self.N, S),
            t,
            algbw(S, t),
            busbw(S, t, self.N),
        )


def check_cores(N, where: str = "N") -> int:
    lo, hi = SCHEDULE_N_RANGE
    if isinstance(N, bool) or not isinstance(N, int) or not lo <= N <= hi:
        tlo, thi = TRACE_N_RANGE
        raise RinglabError(
            f"{where} = {N!r}: the number of cores must be an integer in "
            f"{tlo}..{thi} for traced grids, or up to {hi} for steps and costs "
            f"alone"
        )
    return N


def ring_counts(N: int) -> ScheduleCounts:
    check_cores(N)
    steps = 2 * (N - 1)
    return ScheduleCounts("ring", N, steps, N * steps, N, steps, steps, steps, f"2(N−1) = {steps}")


def tree_counts(N: int) -> ScheduleCounts:
    check_cores(N)
    L = tree_levels(N)
    return ScheduleCounts("tree", N, 2 * L, 2 * (N - 1), 1, 1, L, L, f"2⌈log₂ N⌉ = {2 * L}")


def schedule_counts(N: int) -> dict:
    """``{"ring": ScheduleCounts, "tree": ScheduleCounts}`` for N cores (2..1024)."""
    return {"ring": ring_counts(N), "tree": tree_counts(N)}


def formula_costs(N: int, S, alpha, B) -> dict:
    """``{"ring": ScheduleCost, "tree": ScheduleCost}`` for N cores, from the closed forms."""
    return {k: c.costs(S, alpha, B) for k, c in schedule_counts(N).items()}
