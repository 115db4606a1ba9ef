r"""The paper's hierarchical network coding for all-to-all broadcast, steps (a)–(g).

With groups of M nodes (chain $m_1..m_M$) and G groups (:mod:`.grouping`):

(a) grouping (no traffic).
(b) intra-group broadcast: every member multicasts its block to its group (``base``).
(c) network coding: each group's intermediate node computes the M−1 packets
    $d_{m_1} \oplus d_{m_2}, \dots, d_{m_{M-1}} \oplus d_{m_M}$ (XOR, no traffic).
(d) inter-group multicast: every intermediate multicasts its M−1 coded packets to the other
    G−1 intermediates (``base``).
(e) intra-group broadcast of coded packets: every intermediate passes the $(G-1)(M-1)$ coded
    packets it received to the M−1 other members of its group (``base``).
(f) inter-group unicasts: every node sends its block once to every other group, where one
    member receives it (``receiver``), so every node receives exactly one block of every other
    group.
(g) decoding: from one block $d_{a_j}$ and the chain $d_{a_i} \oplus d_{a_{i+1}}$ a node recovers
    the whole group, outward from j: $d_{a_{i+1}} = (d_{a_i} \oplus d_{a_{i+1}}) \oplus d_{a_i}$.

Packets per node pair: (b) $M(M-1)$ per group, (d) $(M-1)$ per pair of intermediates,
(e) $(G-1)(M-1)$ per member, (f) $M$ per ordered pair of groups.  With ``base="all-at-once"``
the hop total is
$H = G\,S_{\rm in} + (M-1)\,S_{\rm I} + (G-1)(M-1)\sum_g\sum_{v\in g}\mathrm{dist}(I_g, v)
+ \sum_{A\ne B}\sum_{a\in A}\mathrm{dist}(a, \rho_B(a))$,
$S_{\rm in}$ the ordered-pair distance sum of one tile, $S_{\rm I}$ that of the intermediates.

Named options the paper leaves open: ``base`` — the multicast used in (b), (d), (e):
"all-at-once" (default: the base of the paper's ratio figures 8, 9, 18, 19, and the one whose
group-size sweep has its minimum at M = 4 for k = 4, as Sect. 6.1 says) or "tree" (Fig. 2, 5;
its sweep at k = 16 has the paper's best group, 32); ``tree`` — its shape
(:mod:`.trees`); ``tiling``, ``intermediate`` (:mod:`.grouping`); ``receiver`` — who receives in
(f): "same-position" (default: member l of group A sends to member l of group B; in Fig. 3
node 1 → 3 and 2 → 4, as the paper says; in a mesh every one of these unicasts is the tile
offset long, the least any one-to-one choice can cost) or "mirrored" (member l → member M−1−l).
"""

from __future__ import annotations

import numpy as np

from ..errors import RinglabError
from .grouping import make_grouping
from .schedule import Op, Schedule, Step, block_step
from .trees import box_rounds, check_tree

BASES = ("all-at-once", "tree")
RECEIVERS = ("same-position", "mirrored")


class CodedSchedule(Schedule):
    grouping = None


def _multicast(base, tree, extents, roots_local, to_global, count, payload):
    """Rounds of a multicast from every root (local coords) to its whole box.

    ``to_global(i, local_flat)`` maps root i's box to node indices; returns per round the
    arrays (src, dst, count) and the root of every flow (for payloads)."""
    rounds = []
    if base == "all-at-once":
        M = int(np.prod(extents))
        strides = np.cumprod((1,) + tuple(extents[:-1]))
        r = np.asarray(roots_local) @ strides  # each root's local index
        i, x = np.divmod(np.arange(len(r) * M), M)  # root i to member x ...
        keep = x != r[i]  # ... but not to itself
        i, x = i[keep], x[keep]
        rounds.append(([to_global(i, r[i])], [to_global(i, x)], [i]))
    else:
        for i, root in enumerate(roots_local):
            for j, (a, b) in enumerate(box_rounds(tuple(extents), tuple(root), tree)):
                if j == len(rounds):
                    rounds.append(([], [], []))
                rounds[j][0].append(to_global(i, a))
                rounds[j][1].append(to_global(i, b))
                rounds[j][2].append(np.full(len(a), i))
    out = []
    for s, d, o in rounds:
        s, d, o = (np.concatenate(x) if x else np.zeros(0, dtype=np.int64) for x in (s, d, o))
        keep = np.full(len(s), count > 0)
        out.append(
            (
                s[keep],
                d[keep],
                np.full(int(keep.sum()), count, dtype=np.int64),
                None if payload is None else [payload(int(i)) for i in o[keep]],
            )
        )
    return out


def _box_coords(extents, count: int) -> np.ndarray:
    """Local coordinates of indices 0..count−1 in a box of ``extents`` (dimension 0 fastest)."""
    strides = np.cumprod((1,) + tuple(extents[:-1]))
    return np.stack([(np.arange(count) // s) % e for s, e in zip(strides, extents)], axis=1)


def _as_steps(letter: str, title: str, rounds, detail: bool) -> list[Step]:
    """One step per round of a multicast: ``B``, or ``B.1``, ``B.2``, … when it takes several."""
    return [
        Step(
            letter if len(rounds) == 1 else f"{letter}.{j + 1}",
            title,
            s,
            d,
            c,
            p if detail else None,
        )
        for j, (s, d, c, p) in enumerate(rounds)
    ]


def _intra_broadcast(gp, base, tree, detail) -> list[Step]:
    """(b) every member is a root of a multicast in its own tile."""
    M, G, mem = gp.M, gp.G, gp.members
    grp, loc = np.divmod(np.arange(G * M), M)
    rounds = _multicast(
        base,
        tree,
        gp.extents,
        _box_coords(gp.extents, M)[loc],
        lambda i, x: mem[grp[i], x],
        1,
        (lambda i: (("d", int(mem[grp[i], loc[i]])),)) if detail else None,
    )
    return _as_steps("B", "intra-group broadcast of every node's block", rounds, detail)


def _coding(gp, chain, detail) -> Step:
    """(c) each intermediate XORs its group's neighbouring blocks (no traffic)."""
    ops = [
        Op(int(gp.inter[g]), key, (("d", key[1]), ("d", key[2])))
        for g in range(gp.G)
        for key in chain[g]
    ]
    return Step(
        "C",
        "network coding: each intermediate node XORs neighbouring blocks of its group",
        payloads=[] if detail else None,
        ops=ops if detail else [],
    )


def _inter_multicast(gp, chain, base, tree, detail) -> list[Step]:
    """(d) multicast between intermediates over the grid of tiles."""
    inter = gp.inter
    rounds = _multicast(
        base,
        tree,
        gp.tile_grid,
        _box_coords(gp.tile_grid, gp.G),
        lambda i, x: inter[x],
        gp.M - 1,
        (lambda i: tuple(chain[i])) if detail else None,
    )
    return _as_steps(
        "D", "inter-group multicast of the coded packets between intermediate nodes", rounds, detail
    )


def _coded_broadcast(gp, chain, base, tree, detail) -> list[Step]:
    """(e) each intermediate to its own group: the other groups' coded packets."""
    M, G, mem = gp.M, gp.G, gp.members
    rounds = _multicast(
        base,
        tree,
        gp.extents,
        _box_coords(gp.extents, M)[gp.inter_local],
        lambda i, x: mem[i, x],
        (G - 1) * (M - 1),
        (lambda i: tuple(k for h in range(G) if h != i for k in chain[h])) if detail else None,
    )
    return _as_steps(
        "E", "intra-group broadcast of the other groups' coded packets", rounds, detail
    )


def _receiver_position(receiver: str, M: int, l):
    """Which member of another group receives member l's block in (f)."""
    return l if receiver == "same-position" else M - 1 - l


def _unicasts(gp, receiver, detail) -> Step:
    """(f) every node to one member of every other group."""
    M, G, mem = gp.M, gp.G, gp.members
    A, B, L = (
        a.ravel() for a in np.meshgrid(np.arange(G), np.arange(G), np.arange(M), indexing="ij")
    )
    keep = A != B
    A, B, L = A[keep], B[keep], L[keep]
    src, dst = mem[A, L], mem[B, _receiver_position(receiver, M, L)]
    return block_step(
        "F", "inter-group unicasts: every block once to every other group", src, dst, detail
    )


def _decoding(gp, chain, receiver) -> list[Op]:
    """(g) at every node, outward from the one block it received of each other group."""
    M, G, mem = gp.M, gp.G, gp.members
    ops = []
    for v_g in range(G):
        for v_l in range(M):
            v = int(mem[v_g, v_l])
            j = _receiver_position(receiver, M, v_l)
            for a_g in range(G):
                if a_g == v_g:
                    continue
                a = mem[a_g]
                for i in range(j + 1, M):
                    ops.append(Op(v, ("d", int(a[i])), (chain[a_g][i - 1], ("d", int(a[i - 1])))))
                for i in range(j - 1, -1, -1):
                    ops.append(Op(v, ("d", int(a[i])), (chain[a_g][i], ("d", int(a[i + 1])))))
    return ops


def coded(
    mesh,
    group: int,
    base: str = "all-at-once",
    tree: str = "halving",
    tiling: str = "square",
    intermediate: str = "center",
    receiver: str = "same-position",
    detail: bool = False,
) -> CodedSchedule:
    """The hierarchical network coding schedule, steps A–G (see the module docstring)."""
    if base not in BASES:
        raise RinglabError(f"base {base!r}: expected one of {', '.join(BASES)}")
    if receiver not in RECEIVERS:
        raise RinglabError(f"receiver {receiver!r}: expected one of {', '.join(RECEIVERS)}")
    check_tree(tree)
    gp = make_grouping(mesh, group, tiling, intermediate)
    M, G, ext, mem = gp.M, gp.G, gp.extents, gp.members
    chain = [[("x", int(mem[g, i]), int(mem[g, i + 1])) for i in range(M - 1)] for g in range(G)]
    grouping = Step(
        "A",
        f"grouping: {G} group{'s' * (G != 1)} of {M} "
        f"({'×'.join(map(str, ext))}), intermediate nodes chosen ({intermediate})",
        payloads=[] if detail else None,
    )
    decoding = Step(
        "G",
        "decoding: XOR each received block along the chain",
        payloads=[] if detail else None,
        ops=_decoding(gp, chain, receiver) if detail else [],
    )
    steps = [
        grouping,
        *_intra_broadcast(gp, base, tree, detail),
        _coding(gp, chain, detail),
        *_inter_multicast(gp, chain, base, tree, detail),
        *_coded_broadcast(gp, chain, base, tree, detail),
        _unicasts(gp, receiver, detail),
        decoding,
    ]
    opts = {
        "group": M,
        "base": base,
        "tree": tree,
        "tiling": tiling,
        "intermediate": intermediate,
        "receiver": receiver,
    }
    s = CodedSchedule(
        "coded",
        mesh,
        steps,
        opts,
        [
            f"{G} groups of {M} ({'×'.join(map(str, ext))}); intermediate nodes "
            f"{', '.join(str(int(v) + 1) for v in gp.inter[:8])}{'…' if G > 8 else ''}"
        ],
    )
    s.grouping = gp
    return s
