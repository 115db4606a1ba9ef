r"""All-to-all broadcast without coding: every node's block $d_v$ to every other node.

``all_at_once``: the paper's "all-at-once" multicast (Sect. 2.1): every node unicasts its
block to each of the N−1 others in one round; $N(N-1)$ packets and
$H = \sum_{u \ne v} \mathrm{dist}(u, v)$ hops (for a k-ary 2-mesh
$H = 2k^2 \cdot k(k^2-1)/3$).

``tree``: every node multicasts its block along a dimension-ordered tree
(:mod:`ringlab.core.mesh.trees`), all N trees running side by side, $\sum_d \lceil\log_2
k\rceil$ rounds; $N(N-1)$ packets, each one hop-count its own unicast.
"""

from __future__ import annotations

import numpy as np

from .schedule import Schedule, block_step
from .trees import box_rounds, check_tree


def all_at_once(mesh, detail: bool = False) -> Schedule:
    N = mesh.N
    src, dst = np.divmod(np.arange(N * N), N)
    keep = src != dst
    src, dst = src[keep], dst[keep]
    step = block_step("1", "every node unicasts its block to every other node", src, dst, detail)
    return Schedule(
        "all-at-once", mesh, [step], {}, ["N(N−1) unicasts in one round, each along its DOR route"]
    )


def tree(mesh, tree: str = "halving", detail: bool = False) -> Schedule:
    check_tree(tree)
    ext = mesh.shape
    srcs, dsts, roots = None, None, None
    for r in range(mesh.N):
        rounds = box_rounds(ext, mesh.coord(r), tree)
        if srcs is None:
            srcs, dsts, roots = ([[] for _ in rounds] for _ in range(3))
        for i, (s, d) in enumerate(rounds):
            srcs[i].append(s)
            dsts[i].append(d)
            roots[i].append(np.full(len(s), r))
    steps = []
    for i in range(len(srcs)):
        s, d, o = (np.concatenate(x[i]) for x in (srcs, dsts, roots))
        title = f"round {i + 1} of every node's {tree} tree"
        steps.append(block_step(f"{i + 1}", title, s, d, detail, owner=o))
    return Schedule(
        "tree",
        mesh,
        steps,
        {"tree": tree},
        [f"{tree} tree per source, dimension by dimension, {len(steps)} rounds (= Σ⌈log₂ k⌉)"],
    )
