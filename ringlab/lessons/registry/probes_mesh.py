"""Probes of the Mesh tab: all-to-all broadcast on a k-ary n-cube, and the paper's Fig. 3."""

from __future__ import annotations

from .limits import MESH_K, MESH_N
from .signature import Bool, Int, OneOf, probe


@probe(
    "mesh_hops",
    k=Int(MESH_K),
    scheme=OneOf(("all-at-once", "tree", "coded")),
    group=Int((1, MESH_K[1] ** 2), optional=True),
    n=Int(MESH_N, optional=True),
    torus=Bool(optional=True),
)
def _mesh_hops(st, k, scheme, group=None, n=2, torus=False):
    from ...core.mesh import Mesh, best_group, schemes

    mesh = Mesh.kary(k, n, torus)
    if scheme == "coded" and group is None:
        group = best_group(mesh)
    return schemes(mesh, group if scheme == "coded" else None)[scheme].total("packet")


@probe("mesh_best_group", k=Int(MESH_K), n=Int(MESH_N, optional=True), torus=Bool(optional=True))
def _mesh_best_group(st, k, n=2, torus=False):
    from ...core.mesh import Mesh, best_group

    return best_group(Mesh.kary(k, n, torus))


@probe("mesh_fig3_transfers", step=OneOf("ABCDEFG"))
def _mesh_fig3_transfers(st, step):
    from ...core.mesh.examples import fig3

    return next(len(s.src) for s in fig3().steps if s.name == step)


@probe("mesh_fig3_decodes")
def _mesh_fig3_decodes(st):
    from ...core.mesh import run
    from ...core.mesh.examples import fig3

    res = run(fig3())
    return bool(res.decodes) and all(ok for _step, _op, ok in res.decodes)
