r"""NCCL's double binary tree (``src/graph/trees.cc``: ``ncclGetBtree``, and the second tree
mirrored, r ↦ N−1−r, for even N, or shifted by one for odd N; after Sanders, Speck & Träff's
two-tree algorithms).

Each tree reduces one half of the vector up and broadcasts it down; a core sends up once all its
children have.  NCCL pipelines chunks through the trees; this traces the unpipelined schedule:
2⌈log₂N⌉ steps of S/2 messages.
"""

from __future__ import annotations

from .plan import Message, Plan, make_plan


def nccl_btree(N: int, rank: int):
    """``ncclGetBtree``: (parent or −1, children) of ``rank`` in NCCL's first tree, root 0."""
    bit = 1
    while bit < N:
        if bit & rank:
            break
        bit <<= 1
    if rank == 0:
        return -1, ([bit >> 1] if N > 1 else [])
    up = (rank ^ bit) | (bit << 1)
    if up >= N:
        up = rank ^ bit
    lowbit = bit >> 1
    down0 = -1 if lowbit == 0 else rank - lowbit
    down1 = -1 if lowbit == 0 else rank + lowbit
    while down1 >= N:
        down1 = -1 if lowbit == 0 else rank + lowbit
        lowbit >>= 1
    return up, [c for c in (down0, down1) if c != -1]


def nccl_trees(N: int):
    """NCCL's two trees as {rank: (parent, children)}: the btree, and its mirror (even N) or
    its shift by one rank (odd N) — ``ncclGetDtree``."""
    t0 = {r: nccl_btree(N, r) for r in range(N)}
    if N % 2:
        f = lambda r: (r + 1) % N  # noqa: E731
        g = lambda r: (r - 1) % N  # noqa: E731
    else:
        f = g = lambda r: N - 1 - r  # noqa: E731
    t1 = {}
    for r in range(N):
        u, kids = t0[g(r)]
        t1[r] = (-1 if u == -1 else f(u), [f(k) for k in kids])
    return t0, t1


def _heights(tree):
    h = {}

    def height(r):
        if r not in h:
            h[r] = 1 + max((height(k) for k in tree[r][1]), default=-1)
        return h[r]

    for r in tree:
        height(r)
    return h


def _depths(tree):
    root = next(r for r, (u, _) in tree.items() if u == -1)
    d, todo = {root: 0}, [root]
    while todo:
        r = todo.pop()
        for k in tree[r][1]:
            d[k] = d[r] + 1
            todo.append(k)
    return d


def nccl_tree_plan(N: int) -> Plan:
    trees = nccl_trees(N)
    H = max(max(_heights(t).values()) for t in trees)
    steps = []
    for k in range(H):
        steps.append(
            (
                "reduce-up",
                [
                    Message(r, t[r][0], (b,), True)
                    for b, t in enumerate(trees)
                    for r, h in sorted(_heights(t).items())
                    if h == k and t[r][0] != -1
                ],
            )
        )
    for k in range(H):
        steps.append(
            (
                "broadcast-down",
                [
                    Message(r, c, (b,), False)
                    for b, t in enumerate(trees)
                    for r, dp in sorted(_depths(t).items())
                    if dp == k
                    for c in t[r][1]
                ],
            )
        )
    r1 = 1 if N % 2 and N > 1 else N - 1
    return make_plan(
        "nccl-tree",
        N,
        2,
        steps,
        f"NCCL double binary tree (unpipelined), {2 * H} steps",
        f"Two binary trees (roots 0 and {r1}), each carrying one half of the vector: "
        f"a core sends its half up once all its children have, then the sums come down.",
        [
            "NCCL pipelines chunks through both trees; this is the schedule without "
            "pipelining, every step moving half the vector"
        ],
    )
