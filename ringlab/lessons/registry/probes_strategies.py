"""Probes of the parallelism strategies (DP, ZeRO-1/2/3, …): which fits, what each moves."""

from __future__ import annotations

from fractions import Fraction

from .. import strategies
from .limits import EXPLORER_N
from .signature import Bool, Int, OneOf, Text, probe

# Data moved per worker per training step, in units of S_θ (the gradients' size), counted in
# the communication analysis of the ZeRO paper (Rajbhandari et al., SC'20): each entry is a
# number of passes, each a reduce-scatter or an all-gather moving (N−1)/N·S_θ per worker.
ZERO_PASSES = {
    "DP": 2,  # all-reduce of the gradients = reduce-scatter + all-gather
    "ZeRO-1": 2,  # reduce-scatter the gradients, all-gather the updated parameters
    "ZeRO-2": 2,  # the same two passes: gradients are reduce-scattered, never all-reduced
    "ZeRO-3": 3,  # all-gather parameters for forward and again for backward, reduce-scatter grads
}


@probe(
    "strategy",
    memory=OneOf(("fits", "optimizer", "grads", "params")),
    matmul_fits=Bool(optional=True),
    layers_fit=Bool(optional=True),
)
def _strategy(st, memory, matmul_fits=True, layers_fit=True):
    return strategies.pick(memory, matmul_fits, layers_fit)


@probe("strategy_comm", name=Text())
def _strategy_comm(st, name):
    return strategies.communicates(name)


@probe("strategy_volume", name=OneOf(ZERO_PASSES, optional=True), N=Int(EXPLORER_N, optional=True))
def _strategy_volume(st, name=None, N=None):
    """Passes × (N−1)/N (× 1 without N: the large-N figure); no name: DP, ZeRO-1, -2, -3."""
    f = Fraction(1) if N is None else Fraction(N - 1, N)
    if name is None:
        return [ZERO_PASSES[k] * f for k in ZERO_PASSES]
    return ZERO_PASSES[name] * f
