r"""Two ports a step, distances growing by 3: Bruck's dissemination and concatenation, Trivance.

* ``bruck`` — a radix-3 all-reduce, **not** MPI's Bruck algorithm (an allgather): the round
  structure of Bruck, Ho, Kipnis, Upfal & Weathersby 1997 (k-port
  concatenation, k = 2: round s talks to r + 3^s and r + 2·3^s) applied to running sums — the
  latency-optimal "Bruck all-reduce" the Trivance paper compares against, as its authors'
  simulator (``emberbruckcoll.cc``) runs it; Bruck et al. themselves treat concatenation and
  index, not reductions.  At step s = 0..⌈log₃N⌉−1 core r sends its whole running sum to
  r + 3^s and r + 2·3^s and adds the two sums it receives.  ⌈log₃N⌉ steps; both messages go
  the same way round the ring (on the ring model the longer one may take the short way back).
  **N a power of 3 only**: otherwise the last step's windows overlap and a sum would count
  some partials twice (Bruck et al. fill the last round only for concatenation, where blocks
  stay apart).
* ``bruck-bw`` — Bruck et al.'s concatenation (all-gather) on the same peers, for every N:
  round s sends the 3^s blocks a core holds to r + 3^s and r + 2·3^s, the last round only
  the N − 3^{L−1} blocks still missing (the first 3^{L−1} of them from r − 3^{L−1}, the rest
  from r − 2·3^{L−1}); preceded by the same rounds reversed as a reduce-scatter.
  2⌈log₃N⌉ steps.
* ``trivance`` — Jürß, Addanki & Schmid, "Trivance: Latency-Optimal AllReduce by
  Shortcutting Multiport Networks", 2026, latency-optimal form: at step s core r sends its
  whole running sum to *both* neighbours at distance 3^s, r − 3^s and r + 3^s, and adds both
  ("joint reduction"): the window of partials a core holds triples, centred on itself.
  log₃N steps.  The paper's abstract and the authors' simulator (``embertrivancecoll.cc``)
  were the only precise sources at hand; the simulator sets the last step's distance to
  ⌈(N − 3^s)/2⌉, which for N = 3^L is 3^{L−1}, and for other N makes windows overlap (a sum
  would count partials twice).  **N a power of 3 only**: a summary of the paper says other N
  take an extra step, whose exact form those sources do not give.
* ``trivance-bw`` — the bandwidth-optimal form for N = 3^L: reduce-scatter s = 0..L−1, core r
  sends to r ± 3^s the blocks of that neighbour and of every core it reaches in later steps
  (balanced ternary digits), all-gather mirrors it.  2·log₃N steps.
"""

from __future__ import annotations

from .plan import ALL, Message, Plan, make_plan, mirrored_steps


def log3_ceil(N: int) -> int:
    """$\\lceil \\log_3 N \\rceil$, in integers."""
    L, p = 0, 1
    while p < N:
        p, L = 3 * p, L + 1
    return L


def is_power_of(N: int, b: int) -> bool:
    while N > 1 and N % b == 0:
        N //= b
    return N == 1


def _running_sum_steps(N: int, phase: str, offsets):
    """Latency-optimal: at step s every core sends its whole running sum to the two cores
    ``offsets(3^s)`` away, and adds the two it receives."""
    return [
        (phase, [Message(r, (r + o) % N, ALL, True) for r in range(N) for o in offsets(3**s)])
        for s in range(log3_ceil(N))
    ]


def bruck_plan(N: int) -> Plan:
    steps = _running_sum_steps(N, "dissemination", lambda c: (c, 2 * c))
    return make_plan(
        "bruck",
        N,
        1,
        steps,
        f"Radix-3 all-reduce on Bruck's peers (not MPI's Bruck), 2 ports, {len(steps)} steps",
        "Step s: core r sends its running sum to r + 3^s and r + 2·3^s and adds the "
        "two it receives; after step s it holds the 3^(s+1) partials ending at itself.",
    )


def _bruck_round(N: int, s: int):
    """Round s of Bruck's concatenation: core r sends the blocks it holds (r, r−1, …) to
    r + 3^s and r + 2·3^s, only as many as are still missing."""

    def sends(hold):
        c = 3**s
        held = min(c, N)  # core r holds blocks r, r−1, …, r−c+1
        missing = N - held
        out = []
        for r in range(N):
            mine = [(r - i) % N for i in range(held)]
            for j in (1, 2):
                k = max(0, min(held, missing - (j - 1) * held))
                out.append((r, (r + j * c) % N, mine[:k]))
        return out

    return "all-gather", sends


def bruck_bw_plan(N: int) -> Plan:
    L = log3_ceil(N)
    steps = mirrored_steps(N, [_bruck_round(N, s) for s in range(L)])
    return make_plan(
        "bruck-bw",
        N,
        N,
        steps,
        f"Bruck concatenation, reduce-scatter + all-gather, {2 * L} steps",
        "All-gather round s: core r sends the 3^s blocks it holds (r, r−1, …) to "
        "r + 3^s and r + 2·3^s, the last round only the missing ones; the "
        "reduce-scatter runs the same rounds backwards, adding.",
    )


def trivance_plan(N: int) -> Plan:
    steps = _running_sum_steps(N, "joint reduction", lambda c: (-c, c))
    return make_plan(
        "trivance",
        N,
        1,
        steps,
        f"Trivance (latency-optimal), {len(steps)} steps",
        "Step s: core r sends its running sum to r − 3^s and r + 3^s and adds both it "
        "receives; after step s it holds the 3^(s+1) partials centred on itself.",
    )


def trivance_bw_plan(N: int) -> Plan:
    L = log3_ceil(N)
    steps = mirrored_steps(
        N,
        [
            (
                "all-gather",
                lambda hold, s=s: [
                    (r, (r + sign * 3**s) % N, hold[r]) for r in range(N) for sign in (-1, 1)
                ],
            )
            for s in reversed(range(L))
        ],
    )
    return make_plan(
        "trivance-bw",
        N,
        N,
        steps,
        f"Trivance (bandwidth-optimal), {2 * L} steps",
        "Reduce-scatter step s = 0, 1, …: core r sends r ± 3^s the blocks of that "
        "neighbour and of the cores it reaches later; all-gather mirrors it.",
    )
