"""``ringlab mesh``: hop totals of all-to-all broadcast on a k-ary n-mesh, with and without the
hierarchical XOR network coding of Shalaby et al.; ``--sweep`` the group sizes, ``--example``
that paper's Fig. 1 / Fig. 3 traced transfer by transfer."""

from __future__ import annotations

import json

from ..core.errors import RinglabError
from ..core.mesh import (
    BASES,
    INTERMEDIATES,
    MAX_NODES,
    MEASURES,
    RECEIVERS,
    TILINGS,
    TREES,
    Mesh,
    group_sizes,
    run,
    schemes,
    summary,
)
from ..core.mesh.grouping import tile_extents

EXAMPLES = ("fig1", "fig3")
# the coding's options: each a choice whose first value is the default
_SCHEME_CHOICES = (
    ("--base", BASES, "multicast inside the coding's steps B, D, E (default all-at-once)"),
    ("--tree", TREES, "tree shape for the tree scheme and base=tree (default halving)"),
    ("--intermediate", INTERMEDIATES, "where each group's XOR node sits (default center)"),
    ("--receiver", RECEIVERS, "who receives each step-F unicast (default same-position)"),
    ("--tiling", TILINGS, "group shape (default square)"),
    ("--measure", MEASURES, "hops per packet (one block; default) or per unicast message"),
)


def register(sub) -> None:
    p = sub.add_parser(
        "mesh",
        help="all-to-all broadcast hops on a k-ary n-mesh: all-at-once, tree, XOR coding",
        description="Aggregate hop counts (DOR routing) of all-to-all broadcast on a k-ary "
        "n-mesh or torus: all-at-once unicasts, a tree per source, and the "
        "hierarchical XOR network coding of Shalaby, Fujiwara, Koibuchi, 'The Case for "
        "Network Coding for Collective Communication on HPC Interconnection Networks'.",
    )
    p.add_argument("--k", type=int, default=None, metavar="K", help="nodes per dimension (≥ 2)")
    p.add_argument("--n", type=int, default=2, metavar="N", help="dimensions (default 2)")
    p.add_argument("--torus", action="store_true", help="wraparound links (k-ary n-torus)")
    p.add_argument(
        "--group",
        type=int,
        metavar="G",
        help="nodes per group for the coding (default: the sweep's best)",
    )
    p.add_argument("--sweep", action="store_true", help="print the group-size sweep")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    for option, choices, words in _SCHEME_CHOICES:
        p.add_argument(option, choices=choices, default=choices[0], help=words)
    p.add_argument(
        "--example",
        choices=EXAMPLES,
        help="trace that paper's Fig. 1 (3×2 butterfly) or Fig. 3 (2×2) exactly",
    )
    p.set_defaults(func=cmd_mesh)


def _mesh(args) -> Mesh:
    if args.k is None:
        raise RinglabError("--k is required (nodes per dimension, e.g. --k 4), or give --example")
    if args.k < 2:
        raise RinglabError(f"--k {args.k}: expected an integer ≥ 2")
    if args.n < 1:
        raise RinglabError(f"--n {args.n}: expected an integer ≥ 1")
    if args.k**args.n > MAX_NODES:
        raise RinglabError(
            f"--k {args.k} --n {args.n}: {args.k**args.n} nodes; at most "
            f"{MAX_NODES} (k ≤ 32 for n = 2)"
        )
    m = Mesh.kary(args.k, args.n, args.torus)
    if args.group is not None and args.group not in group_sizes(m):
        raise RinglabError(
            f"--group {args.group}: the {m.name} cannot be cut into equal boxes "
            f"of {args.group} nodes; expected one of "
            f"{', '.join(map(str, group_sizes(m)))}"
        )
    return m


def _example(name: str) -> int:
    from ..core.mesh.examples import FIG1_BLOCKS, fig1_coded, fig1_unicast, fig3

    scheds = [fig1_unicast(), fig1_coded()] if name == "fig1" else [fig3()]
    ok = True
    for s in scheds:
        print(f"{s.name} on the {s.mesh.name}")
        print("\n".join(s.lines()))
        r = run(s)
        dest = [3, 5] if name == "fig1" else range(s.mesh.N)
        blocks = list(FIG1_BLOCKS) if name == "fig1" else range(s.mesh.N)
        good = r.decodes_ok and all(r.has(v, j) for v in dest for j in blocks)
        ok &= good
        print(
            f"{len(r.decodes)} decode{'s' * (len(r.decodes) != 1)} checked against the original "
            f"blocks: {'all correct' if r.decodes_ok else 'WRONG'}; every destination holds "
            f"every block: {'yes' if good else 'NO'}\n"
        )
    return 0 if ok else 1


def cmd_mesh(args) -> int:
    if args.example:
        return _example(args.example)
    m = _mesh(args)
    opts = dict(
        base=args.base,
        tree=args.tree,
        intermediate=args.intermediate,
        receiver=args.receiver,
        tiling=args.tiling,
    )
    out = summary(m, args.group, args.measure, **opts)
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    group = out["schemes"]["coded"]["group"]
    points = [(p["group"], p["hops"]) for p in out["sweep"]]
    s = schemes(m, group, **opts)
    gp = s["coded"].grouping
    unit = "packet hops" if args.measure == "packet" else "unicast hops"
    lines = [
        f"{m.name}, {m.N} nodes, dimension-order routing; all-to-all broadcast "
        f"(every node's block to every node); hops = {unit}",
        f"  {'scheme':<12}{'hops':>12}{'steps':>7}{'packets':>10}{'unicasts':>10}",
    ]
    what = {
        "all-at-once": "every node unicasts to every other node",
        "tree": f"a {args.tree} tree per source, dimension by dimension",
        "coded": f"group {group} ({'×'.join(map(str, gp.extents))}, {gp.G} "
        f"group{'s' * (gp.G != 1)}), base "
        f"{args.base}, intermediate {args.intermediate}, receiver {args.receiver}",
    }
    for name, sch in s.items():
        lines.append(
            f"  {name:<12}{sch.total(args.measure):>12}{sch.rounds:>7}{sch.packets:>10}"
            f"{sch.unicasts:>10}   {what[name]}"
        )
    h = {name: sch.total(args.measure) for name, sch in s.items()}
    c = h["coded"]
    lines.append(
        "  coded vs "
        + ", vs ".join(
            f"{name}: {100 * (c - h[name]) / h[name]:+.1f} %" for name in ("all-at-once", "tree")
        )
    )
    if args.sweep:
        lines.append("")
        lines.append(
            f"Group-size sweep (coded, base {args.base}, intermediate "
            f"{args.intermediate}), group sizes 2..N/2 that tile the mesh:"
        )
        lines.append(f"  {'group':>6}  {'tile':<8}{'groups':>7}{'hops':>12}")
        if not points:
            lines.append(f"  (none: the {m.name} has no group size between 2 and {m.N // 2})")
        best = min(points, key=lambda p: (p[1], p[0]))[0] if points else None
        for M, h in points:
            ext = tile_extents(m, M, args.tiling)
            lines.append(
                f"  {M:>6}  {'×'.join(map(str, ext)):<8}{m.N // M:>7}{h:>12}"
                f"{'   ← minimum' if M == best else ''}"
            )
    print("\n".join(lines))
    return 0
