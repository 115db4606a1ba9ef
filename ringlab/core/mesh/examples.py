r"""The paper's two small examples, traced transfer by transfer.

**Fig. 1** (3×2 mesh, DOR): sources S1, S2 multicast A and B to D1 and D2.  The figure itself
is not in the text we have; the layout below is the only one in which the 3×2 mesh *is* the
classic butterfly (its 7 links are exactly S1–IS, S2–IS, S1–D1, S2–D2, IS–ID, ID–D1, ID–D2)::

    S1 — IS — S2        (y = 0)
    |    |    |
    D1 — ID — D2        (y = 1)

(i) unicast-based multicast: S1→D1, S1→D2, S2→D1, S2→D2 in one round.  With X-first DOR,
S2→D1 runs S2→IS→S1→D1 and S1→D2 runs S1→IS→S2→D2, so the links S1→D1 and S2→D2 carry two
packets each: the paper's "two shared links".  8 hops.
(ii) with coding: S1 sends A to IS and to D1, S2 sends B to IS and to D2; IS XORs the two
arrivals and sends A⊕B once over IS→ID; ID passes it to D1 and D2, which restore
B = (A⊕B)⊕A and A = (A⊕B)⊕B.  7 packets, 7 hops, no link used twice.

**Fig. 3** (2-ary 2-mesh, nodes 1 2 / 3 4): :func:`ringlab.core.mesh.coded` with group 2 and
its defaults: groups {1, 2} (shaded) and {3, 4}; intermediate nodes 1 and 3; every transfer
is listed by :meth:`Schedule.lines`.
"""

from __future__ import annotations

from .coded import coded
from .schedule import Op, Schedule, Step
from .topology import Mesh

FIG1_NODES = {0: "S1", 1: "IS", 2: "S2", 3: "D1", 4: "ID", 5: "D2"}
FIG1_BLOCKS = {0: "A", 2: "B"}
S1, IS, S2, D1, ID, D2 = range(6)
A, B = ("d", S1), ("d", S2)
AB = ("x", S1, S2)


def _step(name, title, flows, ops=()):
    return Step(
        name,
        title,
        [f[0] for f in flows],
        [f[1] for f in flows],
        [len(f[2]) for f in flows],
        [tuple(f[2]) for f in flows],
        list(ops),
    )


def fig1_unicast() -> Schedule:
    """Fig. 1 (i): four unicasts, one round."""
    step = _step(
        "1",
        "unicast-based multicast: each source unicasts to both destinations",
        [(S1, D1, [A]), (S1, D2, [A]), (S2, D1, [B]), (S2, D2, [B])],
    )
    return Schedule(
        "Fig. 1 (i) unicast",
        Mesh((3, 2)),
        [step],
        {"routing": "DOR, x first"},
        ["links S1→D1 and S2→D2 carry two packets each"],
        FIG1_NODES,
        FIG1_BLOCKS,
    )


def fig1_coded() -> Schedule:
    """Fig. 1 (ii): the butterfly with one XOR at IS."""
    steps = [
        _step(
            "1",
            "each source sends its data to IS and to the destination below it",
            [(S1, IS, [A]), (S1, D1, [A]), (S2, IS, [B]), (S2, D2, [B])],
        ),
        _step(
            "2",
            "IS XORs the two arrivals and sends A⊕B once over the link IS→ID",
            [(IS, ID, [AB])],
            [Op(IS, AB, (A, B))],
        ),
        _step("3", "ID passes A⊕B to D1 and D2", [(ID, D1, [AB]), (ID, D2, [AB])]),
        _step(
            "4",
            "decoding: each destination XORs with the block it got directly",
            [],
            [Op(D1, B, (AB, A)), Op(D2, A, (AB, B))],
        ),
    ]
    return Schedule(
        "Fig. 1 (ii) network coding",
        Mesh((3, 2)),
        steps,
        {"routing": "DOR, x first"},
        ["the link IS→ID carries A⊕B once; no link carries two packets"],
        FIG1_NODES,
        FIG1_BLOCKS,
    )


def fig3() -> Schedule:
    """Fig. 3: hierarchical network coding on the 2×2 mesh, group size 2, defaults."""
    s = coded(Mesh.kary(2, 2), 2, detail=True)
    s.name = "Fig. 3 hierarchical network coding"
    return s
