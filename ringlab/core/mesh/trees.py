r"""Multicast trees on a box of nodes, dimension by dimension (the "tree-based multicast").

The paper (Sect. 2.1) only says: the source sends to one node, then those two send to four,
…, $\lceil\log_2 N\rceil$ unicast steps.  It does not say which node is whose partner.  Two named
shapes, both built one dimension at a time in dimension order (all of dimension 0, then 1, …,
so each round's unicasts run along one dimension), with $\lceil \log_2 e\rceil$ rounds for a
dimension of extent e:

``"halving"`` (default): recursive halving, farthest first.  The holder of an interval
$[lo, hi)$ splits it into $[lo, lo+h)$ and $[lo+h, hi)$, $h = \lceil (hi-lo)/2 \rceil$, and
sends to the node at its own offset in the other half (clamped to it).  For $e = 2^m$ this is
the partner $x \oplus 2^{m-1-r}$ in round r: every unicast of round r is $e/2^{r+1}$ hops, so a
line costs $m\,e/2$ hops from any root, and an $e^2$ mesh $(1+e)\,m\,e/2$ per source.  At
k = 32 that is $33 \cdot 80 = 2640$ per source, $2\,703\,360 \approx$ "2.7 millions" for all
1024 sources: the paper's Fig. 2 number for the tree-based broadcast.

``"binomial"``: the textbook binomial tree, nearest first, on ranks $r = (x - p) \bmod e$
relative to the root p: in round j every rank $r < 2^j$ sends to rank $r + 2^j$ (if $< e$).
On a mesh the rank order wraps round the line, so some of its unicasts are long.

A round is a pair of arrays (from, to) of local flat indices in the box (dimension 0 fastest).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..errors import RinglabError

TREES = ("halving", "binomial")


def check_tree(tree: str) -> str:
    if tree not in TREES:
        raise RinglabError(f"tree {tree!r}: expected one of {', '.join(TREES)}")
    return tree


@cache
def line_rounds(e: int, p: int, tree: str = "halving") -> tuple:
    """Rounds of (from, to) pairs that spread a block from position p to all of 0..e−1."""
    rounds = []
    if tree == "halving":
        holders = {p: (0, e)}
        while any(hi - lo > 1 for lo, hi in holders.values()):
            pairs, new = [], {}
            for x, (lo, hi) in sorted(holders.items()):
                if hi - lo == 1:
                    new[x] = (lo, hi)
                    continue
                h = (hi - lo + 1) // 2
                if x < lo + h:
                    y = min(x + h, hi - 1)
                    new[x], new[y] = (lo, lo + h), (lo + h, hi)
                else:
                    y = x - h
                    new[x], new[y] = (lo + h, hi), (lo, lo + h)
                pairs.append((x, y))
            holders = new
            rounds.append(tuple(pairs))
    else:
        j = 0
        while (1 << j) < e:
            s = 1 << j
            rounds.append(tuple(((p + r) % e, (p + r + s) % e) for r in range(min(s, e - s))))
            j += 1
    return tuple(rounds)


def box_rounds(extents: tuple, root: tuple, tree: str = "halving") -> list:
    """Rounds of (from, to) local flat-index arrays: a multicast from ``root`` to the box.

    Dimension d goes after dimensions 0..d−1 are covered: every node already holding the block
    (all of dimensions < d, the root's coordinate in dimensions > d) runs the line tree of
    dimension d at the same time.
    """
    strides = np.cumprod((1,) + tuple(extents[:-1]))
    out = []
    for d, e in enumerate(extents):
        base = sum(int(root[i]) * int(strides[i]) for i in range(d + 1, len(extents)))
        lower = np.arange(int(strides[d]))  # every combination of dimensions < d
        for pairs in line_rounds(int(e), int(root[d]), tree):
            a = np.array(pairs, dtype=np.int64).reshape(-1, 2)
            src = (base + lower[None, :] + a[:, :1] * strides[d]).ravel()
            dst = (base + lower[None, :] + a[:, 1:] * strides[d]).ravel()
            out.append((src, dst))
    return out
