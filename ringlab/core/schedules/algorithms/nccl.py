r"""NCCL's double binary tree (``src/graph/trees.cc``: ``ncclGetBtree``, and the second tree
mirrored, r ↦ N−1−r, for even N, or shifted by one for odd N; after Sanders, Speck & Träff's
two-tree algorithms).

Each tree reduces one half of the vector up and broadcasts it down; a core sends up once all its
children have.  ``nccl-tree`` is the unpipelined schedule: 2H steps of S/2 messages (H the
trees' height, ⌈log₂N⌉ for the N here).  NCCL pipelines chunks through the trees:
``nccl-tree-pipelined`` cuts each half into C chunks that follow each other up and, from the
root, down, C + 2H − 1 steps of S/(2C) — the form NCCL runs, whose bandwidth term nears S/B
on the ports it uses (up to four messages a core at once: up and down in the tree where it is
inner, up in the other).
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


# chunks per tree in the pipelined form: NCCL's count grows with S (its chunks have a fixed
# size); 8 fills the pipeline enough that the bandwidth term, (C + 2H − 1)/(2C)·S/B on the
# schedule's own ports, is near S/B for N ≤ 32 (H ≤ 5: 13/16 to 17/16)
PIPELINE_CHUNKS = 8


def _tree_steps(trees, C: int):
    """Every message of both trees, chunk c of tree b being block b·C + c: a node of height h
    sends chunk c up at step c + h; the root of height H sends it down at step c + H, a node at
    depth d at step c + H + d.  C = 1 is the unpipelined schedule (2H steps)."""
    at = {}
    for b, t in enumerate(trees):
        hs, ds = _heights(t), _depths(t)
        H = max(hs.values())
        for c in range(C):
            blk = (b * C + c,)
            for r in sorted(t):
                if t[r][0] != -1:
                    at.setdefault(c + hs[r], []).append(Message(r, t[r][0], blk, True))
                at.setdefault(c + H + ds[r], []).extend(Message(r, k, blk, False) for k in t[r][1])
    steps = []
    for k in range(max(k for k, ms in at.items() if ms) + 1):
        ms = at.get(k, [])
        kinds = {m.add for m in ms}
        phase = "reduce-up" if kinds == {True} else "broadcast-down"
        steps.append(("reduce-up + broadcast-down" if len(kinds) == 2 else phase, ms))
    return steps


def nccl_tree_plan(N: int) -> Plan:
    steps = _tree_steps(nccl_trees(N), 1)
    r1 = 1 if N % 2 and N > 1 else N - 1
    return make_plan(
        "nccl-tree",
        N,
        2,
        steps,
        f"NCCL double binary tree (unpipelined), {len(steps)} steps",
        f"Two binary trees (roots 0 and {r1}), each carrying one half of the vector: "
        f"a core sends its half up once all its children have, then the sums come down.",
        [
            "NCCL pipelines chunks through both trees (nccl-tree-pipelined); this is the "
            "schedule without pipelining, every step moving half the vector"
        ],
    )


def nccl_tree_pipelined_plan(N: int, chunks: int = PIPELINE_CHUNKS) -> Plan:
    C = chunks
    steps = _tree_steps(nccl_trees(N), C)
    r1 = 1 if N % 2 and N > 1 else N - 1
    return make_plan(
        "nccl-tree-pipelined",
        N,
        2 * C,
        steps,
        f"NCCL double binary tree, pipelined ({C} chunks a tree), {len(steps)} steps",
        f"Two binary trees (roots 0 and {r1}), each carrying half the vector in {C} chunks "
        f"(blocks 0–{C - 1} and {C}–{2 * C - 1}): a core sends chunk c up at step c + its "
        f"height, and a sum comes down as soon as the root has it, while later chunks still "
        f"go up.",
        [
            f"{C} chunks a tree: NCCL's chunk count grows with the message; the bandwidth "
            f"term, (C + 2H − 1)/(2C)·S/B on the schedule's own ports, tends to S/(2B)"
        ],
    )
