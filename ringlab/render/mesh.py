"""Hierarchical XOR coding on a mesh, drawn: the mesh, one step's packets and per-link load, and the group-size sweep.

Matplotlib Figures only (no pyplot, no Qt): the Mesh tab draws on its canvas with these
functions and the exports (PNG of one step, a sheet of all steps, GIF) use the same ones, so
what is on screen is what is exported.  A 3-mesh is drawn as its z-layers side by side.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..core.errors import RinglabError

GROUP_COLORS = [
    "#a5d8ff",
    "#ffd8a8",
    "#b2f2bb",
    "#eebefa",
    "#ffec99",
    "#99e9f2",
    "#ffc9c9",
    "#d0bfff",
    "#c3fae8",
    "#fcc2d7",
    "#e9ecef",
    "#d8f5a2",
]
LOAD_CMAP = "plasma"
SWEEP_COLORS = {4: "#1c7ed6", 8: "#e8590c", 16: "#2b8a3e", 32: "#862e9c"}
WRAP_STUB = 0.45  # drawn length of a torus wraparound link at each end
INTERMEDIATE_COLOR = "#212529"  # a group's intermediate node (it XORs neighbouring blocks)
ACTIVE_COLOR = "#e8590c"  # the ring round a node that sends, receives or decodes this step
PAYLOAD_COLOR = "#c92a2a"  # the names of the blocks a unicast carries
OTHER_K_COLOR = "#495057"  # a sweep line for a k without a colour of its own
MAX_LABELLED_FLOWS = 12  # more unicasts than this: draw link loads only, no payload names


def new_figure(size=(9.6, 7.2), dpi: int = 100) -> Figure:
    fig = Figure(figsize=size, dpi=dpi)
    FigureCanvasAgg(fig)
    return fig


def positions(mesh) -> np.ndarray:
    """Drawing position of every node: x right, y down (node 1 top left, as Fig. 3)."""
    c = mesh.coords
    x = c[:, 0].astype(float)
    y = -(c[:, 1] if mesh.n > 1 else np.zeros(mesh.N)).astype(float)
    if mesh.n > 2:  # layers z = 0, 1, … side by side
        z = (c[:, 2:] * np.asarray(mesh.strides[2:]) // mesh.strides[2]).sum(axis=1)
        x = x + z * (mesh.shape[0] + 0.8)
    return np.stack([x, y], axis=1)


def _node_text(schedule, v):
    return schedule.node_names[v] if schedule.node_names else str(v + 1)


def draw_step(fig: Figure, schedule, index: int, caption: bool = True) -> None:
    """Draw step ``index`` of ``schedule`` into ``fig`` (cleared first)."""
    fig.clear()
    ax = fig.add_axes([0.02, 0.16 if caption else 0.02, 0.96, 0.76 if caption else 0.9])
    draw_step_on(ax, schedule, index)
    st = schedule.steps[index]
    m = schedule.mesh
    done = sum(s.hops(m) for s in schedule.steps[: index + 1])
    fig.suptitle(
        f"{schedule.name} on the {m.name} — step {st.name} ({index + 1}/{len(schedule.steps)})",
        fontsize=13,
        fontweight="bold",
        y=0.975,
    )
    if caption:
        lines = [
            st.title,
            f"this step: {st.packets} packet{'s' * (st.packets != 1)} over "
            f"{len(st.src)} unicast{'s' * (len(st.src) != 1)}, {st.hops(m)} hops; "
            f"so far {done} of {schedule.hops} hops",
        ]
        if st.ops:
            shown = [
                op.text(schedule.node_name if schedule.node_names else None, schedule.block_names)
                for op in st.ops[:4]
            ]
            more = f"  … and {len(st.ops) - 4} more XORs" if len(st.ops) > 4 else ""
            lines.append("XOR: " + ";  ".join(shown) + more)
        fig.text(0.03, 0.02, "\n".join(lines), fontsize=10, va="bottom", ha="left", wrap=True)


def draw_step_on(ax, schedule, index: int, small: bool = False) -> None:
    """The mesh, groups, intermediate nodes, this step's link loads and payloads, on ``ax``."""
    m, st = schedule.mesh, schedule.steps[index]
    pos = positions(m)
    ax.set_aspect("equal")
    ax.axis("off")
    _draw_links(ax, m, pos)
    _draw_loads(ax, st.link_load(m), pos, small)
    _draw_nodes(ax, schedule, st, pos, small)
    if (
        st.payloads is not None
        and 0 < len(st.src) <= MAX_LABELLED_FLOWS
        and not small
        and int(st.count.max()) <= 2
    ):
        _draw_payloads(ax, schedule, st, pos)
    pad = 0.6
    ax.set_xlim(pos[:, 0].min() - pad, pos[:, 0].max() + pad)
    ax.set_ylim(pos[:, 1].min() - pad, pos[:, 1].max() + pad)


def _wraps_round(p0, p1) -> bool:
    """Whether the hop between two drawn positions is a torus wraparound (not neighbours)."""
    (x0, y0), (x1, y1) = p0, p1
    return abs(x0 - x1) + abs(y0 - y1) > 1.01


def _draw_links(ax, m, pos) -> None:
    """The mesh's links in one collection; a torus wraparound as a dashed stub at each end."""
    from matplotlib.collections import LineCollection

    near, wraps = [], []
    for a, b in m.graph.edges:
        (x0, y0), (x1, y1) = pos[m.index(a)], pos[m.index(b)]
        if _wraps_round((x0, y0), (x1, y1)):
            d = np.sign([x1 - x0, y1 - y0]) * WRAP_STUB
            wraps += [[(x0, y0), (x0 - d[0], y0 - d[1])], [(x1, y1), (x1 + d[0], y1 + d[1])]]
        else:
            near.append([(x0, y0), (x1, y1)])
    ax.add_collection(LineCollection(near, colors="0.8", linewidths=2.2, zorder=1))
    if wraps:
        ax.add_collection(
            LineCollection(wraps, colors="0.7", linewidths=1.6, linestyles="--", zorder=1)
        )


def _draw_loads(ax, load: dict, pos, small: bool) -> None:
    """The step's load per link: one arrow per direction, width and colour by load."""
    if not load:
        return
    import matplotlib

    cmap = matplotlib.colormaps[LOAD_CMAP]
    top = max(load.values())
    for (u, w), c in load.items():
        (x0, y0), (x1, y1) = pos[u], pos[w]
        wrap = _wraps_round((x0, y0), (x1, y1))
        if wrap:  # a wraparound hop: out of u
            d = np.sign([x1 - x0, y1 - y0]) * -WRAP_STUB
            x1, y1 = x0 + d[0], y0 + d[1]
        off = np.array([y1 - y0, x0 - x1]) * 0.09  # the two directions side by side
        frac = c / top
        ax.annotate(
            "",
            (x1 + off[0], y1 + off[1]),
            (x0 + off[0], y0 + off[1]),
            arrowprops=dict(
                arrowstyle="-|>",
                color=cmap(0.15 + 0.7 * frac),
                lw=1.2 + (1.5 if small else 4) * frac,
                shrinkA=11,
                shrinkB=0 if wrap else 11,
                mutation_scale=10 if small else 14,
            ),
            zorder=3,
        )
        if not small and len(load) <= 60:
            ax.text(
                (x0 + x1) / 2 + off[0] * 1.9,
                (y0 + y1) / 2 + off[1] * 1.9,
                str(c),
                fontsize=8,
                ha="center",
                va="center",
                color="0.15",
                zorder=4,
            )


def _draw_nodes(ax, schedule, st, pos, small: bool) -> None:
    """Nodes in their group's colour, intermediate nodes dark (the XOR-coding paper's black
    nodes, its Fig. 7), this step's senders, receivers and decoders ringed."""
    m = schedule.mesh
    gp = getattr(schedule, "grouping", None)
    group = gp.group_of() if gp is not None else np.zeros(m.N, dtype=int)
    inter = set(gp.inter.tolist()) if gp is not None else set()
    active = set(st.src.tolist()) | set(st.dst.tolist()) | {op.node for op in st.ops}
    size = 220 if small else max(60, 900 - 12 * m.N)
    ax.scatter(
        pos[:, 0],
        pos[:, 1],
        s=size,
        zorder=5,
        c=[
            INTERMEDIATE_COLOR if v in inter else GROUP_COLORS[group[v] % len(GROUP_COLORS)]
            for v in range(m.N)
        ],
        edgecolors=[ACTIVE_COLOR if v in active else "0.35" for v in range(m.N)],
        linewidths=[3 if v in active else 1 for v in range(m.N)],
    )
    if m.N <= 100:
        for v in range(m.N):
            ax.text(
                *pos[v],
                _node_text(schedule, v),
                ha="center",
                va="center",
                zorder=6,
                fontsize=7 if small or m.N > 36 else 9,
                color="white" if v in inter else "black",
            )


def _draw_payloads(ax, schedule, st, pos) -> None:
    """Payload names beside the first hop of each unicast (few and short enough to read)."""
    m = schedule.mesh
    per_link = Counter()
    for s, d, keys in zip(st.src.tolist(), st.dst.tolist(), st.payloads):
        u, w = m.links(s, d)[0]
        (x0, y0), (x1, y1) = pos[u], pos[w]
        if _wraps_round((x0, y0), (x1, y1)):  # first hop wraps round
            x1, y1 = x0 + np.sign(x0 - x1) * 0.5, y0 + np.sign(y0 - y1) * 0.5
        k = per_link[(u, w)]
        per_link[(u, w)] += 1
        off = np.array([y1 - y0, x0 - x1]) * (0.28 + 0.16 * k)
        ax.text(
            (x0 + x1) / 2 + off[0],
            (y0 + y1) / 2 + off[1],
            ", ".join(schedule.label(key) for key in keys),
            fontsize=9,
            ha="center",
            va="center",
            color=PAYLOAD_COLOR,
            zorder=7,
            bbox=dict(boxstyle="round,pad=0.15", fc="white", ec=PAYLOAD_COLOR, lw=0.6),
        )


def draw_sheet(fig: Figure, schedule) -> None:
    """Every step of ``schedule`` side by side (small multiples), for a one-page summary."""
    fig.clear()
    steps = schedule.steps
    cols = min(len(steps), 4)
    rows = -(-len(steps) // cols)
    for i, st in enumerate(steps):
        ax = fig.add_subplot(rows, cols, i + 1)
        draw_step_on(ax, schedule, i, small=True)
        ax.set_title(f"{st.name}: {st.hops(schedule.mesh)} hops\n{_short(st.title)}", fontsize=8)
    fig.suptitle(
        f"{schedule.name} on the {schedule.mesh.name}: {schedule.hops} hops in "
        f"{schedule.rounds} communication steps",
        fontsize=12,
        fontweight="bold",
    )


def _short(text: str, n: int = 42) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def draw_sweep(
    fig: Figure, table: dict, highlight: int | None = None, measure: str = "packet"
) -> None:
    """The group-size sweep: coded hops ÷ all-at-once hops against the group size, one curve
    per k, its minimum marked; dotted: the tree's ratio for the same k.

    ``table``: ``{k: {"sweep": [(M, hops)], "all-at-once": H, "tree": H}}``."""
    fig.clear()
    ax = fig.add_subplot(111)
    for k, row in sorted(table.items()):
        if not row["sweep"]:
            continue
        c = SWEEP_COLORS.get(k, OTHER_K_COLOR)  # a k keeps its colour as k changes
        M, h = np.array(row["sweep"]).T
        ratio = h / row["all-at-once"]
        lw = 3 if k == highlight else 1.8
        ax.plot(M, ratio, "o-", color=c, lw=lw, ms=5, label=f"k = {k} (N = {row['nodes']})")
        b = int(np.argmin(h))
        ax.plot([M[b]], [ratio[b]], "o", ms=12, mfc="none", mec=c, mew=2)
        ax.annotate(
            f"best {int(M[b])}",
            (M[b], ratio[b]),
            xytext=(0, -16),
            textcoords="offset points",
            ha="center",
            fontsize=8,
            color=c,
        )
        ax.axhline(row["tree"] / row["all-at-once"], color=c, ls=":", lw=1)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("group size M (nodes per group)")
    ax.set_ylabel(f"coded {measure} hops ÷ all-at-once hops")
    ax.set_title(
        "Group-size sweep of the XOR coding\n(dotted: tree ÷ all-at-once, same k)", fontsize=11
    )
    ax.grid(True, which="both", alpha=0.3)
    lo, hi = ax.get_ylim()
    ax.set_ylim(lo, hi + 0.3 * (hi - lo))  # a band above the U-curves for the legend
    ax.legend(fontsize=9, loc="upper center", ncol=2)
    fig.tight_layout()


def export_steps(
    schedule,
    path,
    fmt: str | None = None,
    step: int | None = None,
    fps: float = 0.5,
    dpi: int = 100,
) -> str:
    """Write the steps: ``png``/``svg`` one step (or, with ``step=None``, the sheet of all
    steps), ``gif`` one frame per step.  Returns the path written."""
    p = Path(path)
    fmt = (fmt or p.suffix.lstrip(".")).lower()
    if fmt not in ("png", "svg", "gif"):
        raise RinglabError(f"{path}: expected a .png, .svg or .gif file name")
    if not p.parent.is_dir():
        raise RinglabError(f"{path}: folder {p.parent} does not exist")
    try:
        if fmt in ("png", "svg"):
            if step is None:
                cols = min(len(schedule.steps), 4)
                rows = -(-len(schedule.steps) // cols)
                fig = new_figure((3.4 * cols, 3.3 * rows + 0.6), dpi)
                draw_sheet(fig, schedule)
                fig.tight_layout()
            else:
                fig = new_figure(dpi=dpi)
                draw_step(fig, schedule, step)
            fig.savefig(p, format=fmt, dpi=dpi)
            return str(p)
        import imageio.v2 as imageio

        frames = []
        fig = new_figure(dpi=dpi)
        for i in range(len(schedule.steps)):
            draw_step(fig, schedule, i)
            fig.canvas.draw()
            frames.append(np.asarray(fig.canvas.buffer_rgba())[..., :3].copy())
        ms = 1000.0 / fps
        imageio.mimsave(
            p, frames, format="GIF", duration=[ms] * (len(frames) - 1) + [3 * ms], loop=0
        )
        return str(p)
    except OSError as e:
        raise RinglabError(f"{path}: cannot write ({e.strerror or e})") from None
