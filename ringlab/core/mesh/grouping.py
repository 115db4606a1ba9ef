r"""Step (a) of the paper's hierarchical network coding: groups and intermediate nodes.

Groups are equal tiles of the mesh: a group of M nodes is an $e_0 \times \dots \times e_{n-1}$
box with $\prod e_d = M$ and $e_d \mid k_d$, so the mesh splits into $G = N/M$ translated
copies.  The paper leaves the tile's shape open except for one hint (Sect. 4.3: reduce the
longest path inside the group; 32 → "8 × 4 or 4 × 8").  Named options:

``tiling="square"`` (default): the shape with the smallest $\sum_d e_d$ (so the smallest
longest path $\sum_d (e_d - 1)$ inside the group), ties to the larger extent in dimension 0
(8 × 4 before 4 × 8; for the 2×2 mesh of Fig. 3, groups are rows: {1, 2} and {3, 4}).
``tiling="strip"``: as long as possible in dimension 0 first (rows, then blocks of rows).

Members of a group are listed in local row-major order; that order is the chain
$d_1, d_2, \dots, d_M$ whose neighbours step (c) XORs.

Where the intermediate node sits (the paper: "the coordinates of the intermediate nodes
affect the total hop counts … we optimize" them, without saying how):
``intermediate="center"`` (default): the member nearest (L1) the mesh's centre — Fig. 7 of the
paper, where in a 4-ary 2-mesh with groups of 4 the longest path between intermediate nodes
is 2, so they sit at the four central nodes; ties go to the first member.  On a torus there
is no centre; the same rule is applied to the coordinates as numbered.
``"tile-center"``: the member nearest its own tile's centre (short step E, longer step D).
``"corner"``: the tile's first member (local origin).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from ..errors import RinglabError

TILINGS = ("square", "strip")
INTERMEDIATES = ("center", "tile-center", "corner")


def _divisors(x: int) -> list[int]:
    return [d for d in range(1, x + 1) if x % d == 0]


def tile_shapes(mesh, M: int) -> list[tuple]:
    """Every box shape of M nodes that tiles the mesh."""
    return [e for e in product(*(_divisors(k) for k in mesh.shape)) if int(np.prod(e)) == M]


def group_sizes(mesh) -> list[int]:
    """Every group size M (1..N) for which equal tiles exist."""
    return sorted({int(np.prod(e)) for e in product(*(_divisors(k) for k in mesh.shape))})


def sweep_sizes(mesh) -> list[int]:
    """The group sizes the paper sweeps: 2 .. N/2 (Fig. 6: 2..128 for N = 256)."""
    return [M for M in group_sizes(mesh) if 2 <= M <= mesh.N // 2]


def tile_extents(mesh, M: int, tiling: str = "square") -> tuple:
    if tiling not in TILINGS:
        raise RinglabError(f"tiling {tiling!r}: expected one of {', '.join(TILINGS)}")
    if isinstance(M, bool) or not isinstance(M, (int, np.integer)):
        raise RinglabError(f"group {M!r}: expected an integer number of nodes per group")
    shapes = tile_shapes(mesh, int(M))
    if not shapes:
        ok = ", ".join(map(str, group_sizes(mesh)))
        raise RinglabError(
            f"group {M}: the {mesh.name} cannot be cut into equal boxes of {M} "
            f"nodes; expected one of {ok}"
        )
    if tiling == "square":
        return min(shapes, key=lambda e: (sum(e), tuple(-x for x in e)))
    return max(shapes)


@dataclass(frozen=True)
class Grouping:
    """G groups of M nodes: ``members[g]`` (global indices, chain order), ``inter[g]``."""

    mesh: object
    extents: tuple
    members: np.ndarray  # G×M
    inter_local: np.ndarray  # G: local index of the intermediate node
    tile_grid: tuple  # tiles per dimension

    @property
    def M(self) -> int:
        return int(np.prod(self.extents))

    @property
    def G(self) -> int:
        return len(self.members)

    @property
    def inter(self) -> np.ndarray:
        return self.members[np.arange(self.G), self.inter_local]

    def group_of(self) -> np.ndarray:
        """Per node: its group."""
        out = np.empty(self.mesh.N, dtype=np.int64)
        out[self.members] = np.arange(self.G)[:, None]
        return out


def make_grouping(mesh, M: int, tiling: str = "square", intermediate: str = "center") -> Grouping:
    if intermediate not in INTERMEDIATES:
        raise RinglabError(
            f"intermediate {intermediate!r}: expected one of {', '.join(INTERMEDIATES)}"
        )
    ext = tile_extents(mesh, M, tiling)
    grid = tuple(k // e for k, e in zip(mesh.shape, ext))
    local = np.array(list(product(*(range(e) for e in reversed(ext)))))[:, ::-1]  # dim 0 fastest
    tiles = np.array(list(product(*(range(t) for t in reversed(grid)))))[:, ::-1]
    coords = tiles[:, None, :] * np.asarray(ext) + local[None, :, :]  # G×M×n
    members = (coords * np.asarray(mesh.strides)).sum(axis=2)
    if intermediate == "corner":
        score = np.zeros(members.shape)
    elif intermediate == "center":
        score = np.abs(coords - (np.asarray(mesh.shape) - 1) / 2).sum(axis=2)
    else:
        score = np.abs(local - (np.asarray(ext) - 1) / 2).sum(axis=1)[None, :].repeat(len(tiles), 0)
    # ties to the first member: argmin returns the first minimum (rounded: half-integers)
    inter_local = np.argmin(np.round(score * 2), axis=1)
    return Grouping(mesh, ext, members, inter_local, grid)
