r"""Hop totals of the three schemes, the group-size sweep, and the CLI's JSON summary.

The paper's Fig. 6 varies the group size M of the hierarchical coding in a 16-ary 2-mesh from
2 to 128 and finds a U: small groups make many intermediate nodes (step D grows with
$(M-1)\,G^2$), large groups make long intra-group broadcasts (steps B and E grow with
$M^2$ and $(G-1)M^2$).  :func:`sweep` evaluates every group size that tiles the mesh, 2..N/2.
"""

from __future__ import annotations

from .coded import coded
from .grouping import group_sizes, sweep_sizes
from .schemes import all_at_once, tree


def sweep(mesh, measure: str = "packet", **options) -> list[tuple[int, int]]:
    """(M, coded hops) for every group size M in 2..N/2 that tiles the mesh."""
    return [(M, coded(mesh, M, **options).total(measure)) for M in sweep_sizes(mesh)]


def best_group(mesh, points=None, measure: str = "packet", **options) -> int:
    """The group size with the fewest hops (ties: the smaller group)."""
    points = sweep(mesh, measure, **options) if points is None else points
    if not points:  # a mesh too small to have 2 ≤ M ≤ N/2: any tiling
        sizes = group_sizes(mesh)
        return sizes[1] if len(sizes) > 1 else sizes[0]
    return min(points, key=lambda p: (p[1], p[0]))[0]


def schemes(
    mesh, group: int | None = None, detail: bool = False, measure: str = "packet", **options
) -> dict:
    """The three schedules: ``{"all-at-once", "tree", "coded"}`` (group: the best if None)."""
    options.setdefault("tree", "halving")
    if group is None:
        group = best_group(mesh, measure=measure, **options)
    return {
        "all-at-once": all_at_once(mesh, detail),
        "tree": tree(mesh, options["tree"], detail),
        "coded": coded(mesh, group, detail=detail, **options),
    }


def summary(mesh, group: int | None = None, measure: str = "packet", **options) -> dict:
    """The ``ringlab mesh --json`` object (hops in the given ``measure``)."""
    points = sweep(mesh, measure, **options)
    if group is None:
        group = best_group(mesh, points)
    s = schemes(mesh, group, **options)
    out = {
        "k": mesh.k,
        "n": mesh.n,
        "torus": mesh.torus,
        "nodes": mesh.N,
        "schemes": {
            name: {"hops": sch.total(measure), "steps": sch.rounds} for name, sch in s.items()
        },
        "sweep": [{"group": M, "hops": h} for M, h in points],
    }
    out["schemes"]["coded"]["group"] = group
    return out


SWEEP_KS = (4, 8, 16, 32)


def sweep_table(
    ks=SWEEP_KS, n: int = 2, torus: bool = False, measure: str = "packet", **options
) -> dict:
    """``{k: {"nodes", "sweep": [(M, hops)], "all-at-once": H, "tree": H}}`` for each k: the
    data of the sweep plot (k = 4..32 takes about a second at the defaults)."""
    from .topology import Mesh

    out = {}
    for k in ks:
        m = Mesh.kary(k, n, torus)
        out[k] = {
            "nodes": m.N,
            "sweep": sweep(m, measure, **options),
            "all-at-once": all_at_once(m).hops,
            "tree": tree(m, options.get("tree", "halving")).hops,
        }
    return out
