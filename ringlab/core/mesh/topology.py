r"""k-ary n-mesh and k-ary n-torus, dimension-order routing, hop distances.

Node numbering: a node is a coordinate tuple $(x_0, \dots, x_{n-1})$, $0 \le x_i < k$; its
index is row-major with dimension 0 fastest, $v = \sum_i x_i k^i$ (so in a 2-mesh node
$v = x + k y$, and the paper's 1-based "node 1..4" of Fig. 3 are indices 0..3 laid out
1 2 / 3 4).  Its links are :class:`Grid`: the pairs networkx's ``grid_graph`` has
(``periodic=True`` for the torus), on coordinate tuples, without networkx.

Routing is minimal dimension-order routing (DOR, the paper's Sect. 5.1): correct dimension 0
first, then 1, … .  In a mesh each dimension moves $|\Delta_i|$ hops; in a torus it takes the
shorter way round, $\min(|\Delta_i|, k - |\Delta_i|)$, and on a tie ($|\Delta_i| = k/2$) goes
the + way (an arbitrary but fixed choice; the paper does not say).  So the hop count of one
packet is the Manhattan distance $\sum_i |\Delta_i|$ (mesh) or the wraparound distance
$\sum_i \min(|\Delta_i|, k-|\Delta_i|)$ (torus).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..errors import RinglabError

MAX_NODES = 1024  # k = 32 for n = 2: the largest mesh of the paper's sweeps


@dataclass(frozen=True)
class Mesh:
    """A mesh (``torus=False``) or torus of the given shape; ``Mesh.kary(k, n)`` is the
    paper's k-ary n-mesh, ``Mesh((3, 2))`` the 3×2 mesh of its Fig. 1."""

    shape: tuple
    torus: bool = False

    def __post_init__(self):
        shape = tuple(self.shape) if isinstance(self.shape, (tuple, list)) else None
        if not shape or any(
            isinstance(e, bool) or not isinstance(e, (int, np.integer)) or e < 1 for e in shape
        ):
            raise RinglabError(
                f"mesh shape {self.shape!r}: expected n ≥ 1 extents, each an integer ≥ 1"
            )
        object.__setattr__(self, "shape", tuple(int(e) for e in shape))
        if self.N > MAX_NODES:
            raise RinglabError(
                f"mesh {'×'.join(map(str, self.shape))}: {self.N} nodes; at most "
                f"{MAX_NODES} (k ≤ 32 for a k-ary 2-mesh)"
            )

    @classmethod
    def kary(cls, k: int, n: int = 2, torus: bool = False) -> Mesh:
        for name, v, lo in (("k", k, 2), ("n", n, 1)):
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < lo:
                raise RinglabError(f"mesh {name} = {v!r}: expected an integer ≥ {lo}")
        if k**n > MAX_NODES:
            raise RinglabError(
                f"mesh k = {k}, n = {n}: {k**n} nodes; at most {MAX_NODES} (k ≤ 32 for n = 2)"
            )
        return cls((int(k),) * int(n), bool(torus))

    # -- nodes ---------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.shape)

    @property
    def k(self) -> int:
        """The radix k of a k-ary mesh (the largest extent otherwise)."""
        return max(self.shape)

    @cached_property
    def strides(self) -> tuple:
        return tuple(int(x) for x in np.cumprod((1,) + self.shape[:-1]))

    @property
    def N(self) -> int:
        return int(np.prod(self.shape))

    @property
    def name(self) -> str:
        kind = "torus" if self.torus else "mesh"
        if len(set(self.shape)) == 1:
            return f"{self.shape[0]}-ary {self.n}-{kind}"
        return f"{'×'.join(map(str, self.shape))} {kind}"

    def coord(self, v: int) -> tuple[int, ...]:
        """Row-major coordinates of node index ``v`` (dimension 0 fastest)."""
        return tuple((int(v) // s) % e for s, e in zip(self.strides, self.shape))

    def index(self, c) -> int:
        return int(sum(int(x) * s for x, s in zip(c, self.strides)))

    @cached_property
    def coords(self) -> np.ndarray:
        """N×n array: row v is ``coord(v)``."""
        v = np.arange(self.N)
        return np.stack([(v // s) % e for s, e in zip(self.strides, self.shape)], axis=1)

    @cached_property
    def graph(self) -> Grid:
        """The links, on coordinate tuples (dimension 0 first): networkx's grid graph's edges."""
        return Grid(self)

    # -- routing -------------------------------------------------------------------------
    def _step_dir(self, i: int, a: int, b: int) -> int:
        """+1 or −1: the way DOR moves from coordinate a to b in dimension i."""
        d = b - a
        if not self.torus:
            return 1 if d > 0 else -1
        e = self.shape[i]
        fwd = d % e
        return 1 if fwd <= e - fwd else -1  # tie → the + way

    def route(self, src: int, dst: int) -> list[int]:
        """Node indices visited from ``src`` to ``dst`` by DOR, both ends included."""
        c, t = list(self.coord(src)), self.coord(dst)
        path = [int(src)]
        for i in range(self.n):
            if c[i] == t[i]:
                continue
            s = self._step_dir(i, c[i], t[i])
            while c[i] != t[i]:
                c[i] = (c[i] + s) % self.shape[i]
                path.append(self.index(c))
        return path

    def links(self, src: int, dst: int) -> list[tuple[int, int]]:
        """Directed links (u, w) of the DOR route; its length is the packet's hop count."""
        p = self.route(src, dst)
        return list(zip(p[:-1], p[1:]))

    def distance(self, src, dst):
        """Hop count of DOR (= minimal) routes; vectorised over index arrays."""
        a = self.coords[np.asarray(src)]
        b = self.coords[np.asarray(dst)]
        d = np.abs(a - b)
        if self.torus:
            d = np.minimum(d, np.asarray(self.shape) - d)
        return d.sum(axis=-1)

    @cached_property
    def distances(self) -> np.ndarray:
        """N×N hop-count matrix."""
        v = np.arange(self.N)
        return self.distance(v[:, None], v[None, :])


class Grid:
    """The undirected links of a mesh or torus: what its drawing and its tests read of a grid
    graph (``edges``, ``has_edge``), without networkx.

    ``edges`` are the pairs of networkx's ``grid_graph(dim=shape, periodic=torus)``: per node
    (in index order) and dimension, the link to the next node along it — in a torus also the
    wraparound, once (an extent of 2 has one link, an extent of 1 a self-loop), as networkx has."""

    def __init__(self, mesh: Mesh):
        self.mesh = mesh
        edges, pairs = [], set()
        for v in range(mesh.N):
            c = mesh.coord(v)
            for i, e in enumerate(mesh.shape):
                if c[i] + 1 == e and not mesh.torus:
                    continue  # the last along dimension i: a mesh ends there
                w = c[:i] + ((c[i] + 1) % e,) + c[i + 1 :]
                if frozenset((c, w)) not in pairs:  # (a 2-cycle's wraparound is the link 0–1)
                    pairs.add(frozenset((c, w)))
                    edges.append((c, w))
        self.edges: list[tuple[tuple[int, ...], tuple[int, ...]]] = edges
        self._pairs = pairs

    @property
    def nodes(self) -> list[tuple[int, ...]]:
        return [self.mesh.coord(v) for v in range(self.mesh.N)]

    def has_edge(self, a, b) -> bool:
        return frozenset((tuple(a), tuple(b))) in self._pairs

    def number_of_edges(self) -> int:
        return len(self.edges)
