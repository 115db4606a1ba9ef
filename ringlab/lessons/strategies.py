r"""The ring all-reduce derivation's decision table: DP, ZeRO-1/2/3, TP, PP, 3D — what each communicates, when to pick it.

Transcribed from that derivation (inputs, not results); :func:`pick` is its "standard recipe" read
literally: start with data parallel, shard what runs out of memory (optimizer states →
ZeRO-1, gradients too → ZeRO-2, parameters → ZeRO-3), add tensor parallelism when one matmul
does not fit a worker, pipeline parallelism when the layers do not fit even then.

>>> pick("fits")
'DP'
>>> pick("params", matmul_fits=False)
'ZeRO-3 + TP'
"""

from __future__ import annotations

from ..core.errors import RinglabError

# name: (best when, per-step communication, memory profile) — the derivation's table, verbatim
TABLE = {
    "DP": (
        "model fits on one worker; you have batch to spare",
        "2S per step (all-reduce of the gradients)",
        "each worker holds full params + grads + optimizer states",
    ),
    "ZeRO-1": (
        "optimizer states dominate memory (Adam = 8× params); model still fits",
        "2S per step, as DP (ZeRO paper: reduce-scatter + all-gather, 2Ψ)",
        "optimizer states sharded across N workers",
    ),
    "ZeRO-2": (
        "optimizer states + gradients dominate",
        "2S per step, as DP (ZeRO paper: 2Ψ; the course page's '2S + gradient "
        "reduce-scatter' counts the reduce-scatter twice)",
        "gradients + optimizer states sharded",
    ),
    "ZeRO-3": (
        "the model itself does not fit",
        "3S per step, 1.5× DP (ZeRO paper: 3Ψ — parameters all-gathered for the "
        "forward and the backward pass, gradients reduce-scattered)",
        "params, grads, optimizer states all sharded",
    ),
    "TP": (
        "a single matmul does not fit on one worker (large d_model); intra-node only",
        "all-reduce inside the layer",
        "params sliced across the matmul axis",
    ),
    "PP": (
        "many layers that do not fit; inter-node traffic tolerable",
        "activation send/recv per stage",
        "one block of layers per worker",
    ),
    "3D": ("frontier scale (≥ 100B params on ≥ 256 GPUs)", "all of the above", "all of the above"),
}
MEMORY = {"fits": "DP", "optimizer": "ZeRO-1", "grads": "ZeRO-2", "params": "ZeRO-3"}


def pick(memory: str, matmul_fits: bool = True, layers_fit: bool = True) -> str:
    """The recipe's answer; ``memory`` is what runs out first: ``fits`` (nothing),
    ``optimizer`` (optimizer states), ``grads`` (gradients too), ``params`` (the model)."""
    if memory not in MEMORY:
        raise RinglabError(f"memory {memory!r}: expected one of {', '.join(MEMORY)}")
    parts = [MEMORY[memory]]
    if not matmul_fits:
        parts.append("TP")
    if not layers_fit:
        parts.append("PP")
    return " + ".join(parts)


def communicates(name: str) -> str:
    if name not in TABLE:
        raise RinglabError(f"strategy {name!r}: expected one of {', '.join(TABLE)}")
    return TABLE[name][1]
