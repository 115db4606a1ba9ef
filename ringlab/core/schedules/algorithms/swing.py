r"""Swing (De Sensi, Bonato, Saam & Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
Allreduce", NSDI 2024), bandwidth-optimal form on a 1-D torus.

At step s core r pairs with $\pi(r,s) = r + \rho(s)$ (r even) or $r - \rho(s)$ (r odd), mod N,
with $\rho(s) = \sum_{i=0}^{s}(-2)^i = 1, -1, 3, -5, 11, \dots$  Reduce-scatter
s = 0..log₂N−1: r sends π(r,s) the blocks of π(r,s) and of every core π(r,s) reaches in the later
steps; all-gather mirrors it.  2·log₂N steps.  **N a power of two only**: the paper defines π
for p a power of two, and the reference code leaves other p to a heuristic ("a later reach
replaces an earlier one") that we do not reproduce — other N are refused.
"""

from __future__ import annotations

from .plan import Plan, make_plan, mirrored_steps


def swing_rho(s: int) -> int:
    """$\\rho(s) = \\sum_{i=0}^{s} (-2)^i = (1 - (-2)^{s+1})/3$: 1, −1, 3, −5, 11, …"""
    return (1 - (-2) ** (s + 1)) // 3


def swing_peer(r: int, s: int, N: int) -> int:
    """$\\pi(r, s)$: r + ρ(s) for even r, r − ρ(s) for odd r, mod N."""
    return (r + swing_rho(s)) % N if r % 2 == 0 else (r - swing_rho(s)) % N


def swing_plan(N: int) -> Plan:
    L = N.bit_length() - 1
    steps = mirrored_steps(
        N,
        [
            ("all-gather", lambda hold, s=s: [(r, swing_peer(r, s, N), hold[r]) for r in range(N)])
            for s in reversed(range(L))
        ],
    )
    return make_plan(
        "swing",
        N,
        N,
        steps,
        f"Swing (bandwidth-optimal), {2 * L} steps",
        "Step s: core r pairs with π(r, s) = r + ρ(s) (r even) or r − ρ(s) (r odd), "
        "ρ = 1, −1, 3, −5, 11, …; reduce-scatter sends π(r, s) the blocks it and the "
        "cores it reaches later own; all-gather mirrors it.",
    )
