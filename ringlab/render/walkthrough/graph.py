r"""$G_T$ (Definition 1) on its own axes, and how it changes from step to step.

Time runs left to right (x = t), node i on row i (y = −i).  Storage edges
$i^{(t)}\to i^{(t+1)}$ are grey dashes, transmission edges solid diagonals.  The wrap-around
edges $(N-1)^{(t)} \to 0^{(t+1)}$ would cross every row, so they go to a faded copy of node 0
one row below node N−1 (labelled "0 ↺") and are dash-dotted: every transmission is then the
same short diagonal $(t, -i) \to (t+1, -(i+1))$, as on a ring cut open.  Sources (t = 0)
are squares, destinations (t = T) diamonds.

Edge e = tN + i is $y_{i\to}^{(t)}$; the edges are generated here in the order
:func:`ringlab.core.network.time_expanded_graph` lists them (so no graph object is built).
A step restyles: past transmissions muted (idle ones thin), the current ones as arrows with a
label, node fills for sending / receiving / done, ✓ or ✗ beside each destination at t = T.
"""

from __future__ import annotations

import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch

from ..captions import ring_combination, short_combination
from . import label_place, style


class GraphPanel:
    """The $G_T$ axes of one trace: built once, :meth:`show` restyles it for step t."""

    def __init__(self, fig, rect, trace, s: float, beside: bool = False, numbers: bool = False):
        self.trace, self.s = trace, s
        # rows labelled "3" rather than "node 3" (a zoomed present slide: layout.zoomed)
        self.numbers = numbers
        # each label goes beside its arrow, never over it or a node (label_place); where
        # there is no room, present mode (``beside``) hides it, the window draws it on its arrow
        self.beside = beside
        N, _, T = trace.code.shape
        self.ax = fig.add_axes(rect)
        self._add_edges(N, T)
        self._size_cells(fig, rect, N, T)
        self._add_nodes(N, T)
        # an edge whose symbol is 0 carries nothing: drawn idle, not highlighted
        self.idle = trace.idle().reshape(-1)
        self._style_axes(N, T)
        self._add_step_artists(N, T)

    @property
    def dynamic(self) -> list:
        """The artists a step changes, in drawing order."""
        return [
            self._tcoll,
            *[c for c, _ in self._nodes.values()],
            *self.arrows,
            *self.labels,
            *self.marks,
        ]

    # -- building ------------------------------------------------------------------------
    def _add_edges(self, N: int, T: int) -> None:
        store = [((t, -i), (t + 1, -i)) for t in range(T) for i in range(N)]
        # the wrap edge goes to the copy of node 0 on row −N, so every diagonal is alike
        self.trans = [((t, -i), (t + 1, -(i + 1))) for t in range(T) for i in range(N)]
        self.wrap = [i == N - 1 for t in range(T) for i in range(N)]
        self._send_t = np.repeat(np.arange(T), N)
        s = self.s
        self.ax.add_collection(
            LineCollection(
                store, colors=style.C_STORE, linewidths=1.4 * s, linestyles=(0, (4, 3)), zorder=1
            )
        )
        self._tcoll = LineCollection(
            self.trans,
            colors=style.C_EDGE,
            linewidths=1.2 * s,
            # per-segment styles cycle: one period (N senders)
            # is parsed once instead of N·T times
            linestyles=["-"] * (N - 1) + ["-."],
            zorder=2,
        )
        self.ax.add_collection(self._tcoll)

    def _size_cells(self, fig, rect, N: int, T: int) -> None:
        """Data limits, and a column, a row and a node marker in points."""
        xmax = T + 0.75
        self.ax.set_xlim(-0.45, xmax)
        self.ax.set_ylim(-N - 0.5, 0.55)
        w_in = rect[2] * fig.get_size_inches()[0]
        h_in = rect[3] * fig.get_size_inches()[1]
        self.col_pt = w_in * 72 / (xmax + 0.45)
        self.row_pt = h_in * 72 / (N + 1.05)
        cell = min(self.col_pt, self.row_pt)
        self.node_pt = float(np.clip(0.42 * cell, 5, 26))  # marker diameter, points

    def _add_nodes(self, N: int, T: int) -> None:
        s, size, ax = self.s, self.node_pt, self.ax
        self.xs = np.array([t for t in range(T + 1) for i in range(N)], float)
        ys = np.array([-i for t in range(T + 1) for i in range(N)], float)
        markers = np.array(
            ["s" if t == 0 else "D" if t == T else "o" for t in range(T + 1) for i in range(N)]
        )
        self._nodes = {}
        for m in ("s", "o", "D"):
            sel = markers == m
            if not sel.any():
                continue
            msize = size * (0.9 if m == "s" else 0.95 if m == "D" else 1.0)
            coll = ax.scatter(
                self.xs[sel],
                ys[sel],
                s=msize**2,
                marker=m,
                c=style.C_NODE,
                edgecolors=style.C_NODE_EDGE,
                linewidths=1.3 * s,
                zorder=4,
            )
            self._nodes[m] = (coll, np.flatnonzero(sel))
        if T >= 1:
            gx = np.arange(1, T + 1, dtype=float)
            ax.scatter(
                gx,
                np.full_like(gx, -N),
                s=size**2,
                marker="o",
                facecolors="none",
                edgecolors=style.C_NODE_EDGE,
                linewidths=1.0 * s,
                linestyles="--",
                alpha=0.6,
                zorder=4,
            )

    def _style_axes(self, N: int, T: int) -> None:
        ax, s = self.ax, self.s
        every = self.tick_every(T, 10 * s)
        ax.set_xticks(range(0, T + 1, every))
        ax.set_xticklabels([str(t) for t in range(0, T + 1, every)], fontsize=10 * s)
        ax.set_yticks([-i for i in range(N)] + [-N])
        name = "{}" if self.numbers else "node {}"
        ax.set_yticklabels([name.format(i) for i in range(N)] + ["0 ↺"], fontsize=10.5 * s)
        ax.set_xlabel(self.xlabel(), fontsize=10.5 * s)
        ax.tick_params(length=0, pad=3)
        for sp in ax.spines.values():
            sp.set_visible(False)
        ax.axhspan(-N - 0.5, -N + 0.5, color="#f4f4f6", zorder=0)

    XLABELS = (
        "time t  (layer t of G_T; sends at t arrive at t + 1)",
        "time t  (sends at t arrive at t + 1)",
        "time t",
    )

    def xlabel(self) -> str:
        """The longest time-axis label that fits under the graph (DejaVu Sans ≈ 0.56 em a
        character): at 4:3 or zoomed in the long one would run under the side table."""
        fig = self.ax.figure
        x0, _, w, _ = self.ax.get_position().bounds
        room = (w + min(x0, 0.5 * w)) * fig.get_size_inches()[0] * 72  # centred label
        for text in self.XLABELS:
            if len(text) * 0.56 * 10.5 * self.s <= room:
                return text
        return self.XLABELS[-1]

    def tick_every(self, T: int, fs: float) -> int:
        """Label every time step while the labels fit in a column (digits ≈ 0.64 em), else
        every 2nd, 5th, 10th, … step: at T = 128 one label per column would overlap into an
        unreadable band (and cost ~0.2 s of matplotlib tick objects)."""
        width = len(str(T)) * 0.64 * fs
        for every in (1, 2, 5, 10, 20, 50):
            if width <= every * self.col_pt:
                return every
        return 100

    def _add_step_artists(self, N: int, T: int) -> None:
        """One arrow and one label per sender (moved every step), one mark per destination."""
        ax, s = self.ax, self.s
        self.fs_label = (11.5 if N <= 4 else 10) * s
        self.arrows, self.labels = [], []
        for _ in range(N):
            a = FancyArrowPatch(
                (0, 0),
                (1, 1),
                arrowstyle="-|>",
                mutation_scale=16 * s,
                color=style.C_NOW,
                linewidth=3.2 * s,
                shrinkA=0,
                shrinkB=0,
                zorder=5,
                visible=False,
            )
            ax.add_patch(a)
            self.arrows.append(a)
            self.labels.append(
                ax.text(
                    0,
                    0,
                    "",
                    fontsize=self.fs_label,
                    ha="center",
                    va="center",
                    zorder=6,
                    color=style.C_TEXT,
                    visible=False,
                    bbox=dict(boxstyle="round,pad=0.25", fc="white", ec=style.C_NOW, lw=1.0 * s),
                )
            )
        self.marks = [
            ax.text(
                T + 0.32,
                -i,
                "",
                fontsize=13 * s,
                ha="left",
                va="center",
                fontweight="bold",
                zorder=6,
            )
            for i in range(N)
        ]

    # -- per step --------------------------------------------------------------------------
    def show(self, t: int, wrong: list[bool]) -> None:
        """Restyle for step t (t = T: the decode, ``wrong[i]`` per destination)."""
        final = t == self.trace.code.T
        self._style_transmissions(t)
        self._fill_nodes(t, final, wrong)
        for i, m in enumerate(self.marks):
            m.set_text(("✗" if wrong[i] else "✓") if final else "")
            m.set_color(style.C_BAD if wrong[i] else style.C_OK)
        self._place_arrows(t, final)

    def _style_transmissions(self, t: int) -> None:
        """Past: muted (thin if idle); current: invisible (its arrow draws it); future: plain."""
        s, sent = self.s, self._send_t
        past, now = sent < t, sent == t
        colors = np.where(now[:, None], (0, 0, 0, 0), to_rgba(style.C_EDGE))
        colors[past & ~self.idle] = to_rgba(style.C_PAST)
        widths = np.where(past, np.where(self.idle, 0.8 * s, 2.4 * s), np.where(now, 1.0, 1.2 * s))
        self._tcoll.set_color(colors)
        self._tcoll.set_linewidth(widths)

    def _fill_nodes(self, t: int, final: bool, wrong: list[bool]) -> None:
        """Done, sending now, receiving now; at the end decoded right or wrong."""
        xs = self.xs
        fill = np.where((xs <= t)[:, None], to_rgba(style.C_DONE), to_rgba(style.C_NODE))
        if not final:
            fill[xs == t] = to_rgba(style.C_SEND)
            fill[xs == t + 1] = to_rgba(style.C_RECV)
        else:
            last = np.flatnonzero(xs == t)
            fill[last] = [to_rgba(style.C_BAD_FILL if w else style.C_OK_FILL) for w in wrong]
        for coll, idx in self._nodes.values():
            coll.set_facecolor(fill[idx])

    def _place_arrows(self, t: int, final: bool) -> None:
        s, N = self.s, len(self.arrows)
        for i, (a, lab) in enumerate(zip(self.arrows, self.labels)):
            if final:
                a.set_visible(False)
                lab.set_visible(False)
                continue
            e = t * N + i  # edges are ordered by send time, then sender
            idle = self.idle[e]
            p0, p1 = self.trans[e]
            a.set_positions(*self.shrunk(p0, p1))
            a.set_linestyle(":" if idle else "-." if self.wrap[e] else "-")
            a.set_color(style.C_EDGE if idle else style.C_NOW)
            a.set_linewidth((1.5 if idle else 3.2) * s)
            a.set_visible(True)
            lab.get_bbox_patch().set_edgecolor(style.C_EDGE if idle else style.C_NOW)
        if not final:  # beside their arrows, all together: none over an arrow or a node
            label_place.place_labels(self, t)

    def shrunk(self, p0, p1):
        """Edge end points pulled in to the node rims (done here in data units because
        matplotlib's own shrinkA/shrinkB clips a Bézier path on every draw — slow)."""
        cx, cy = self.col_pt, self.row_pt
        vx, vy = (p1[0] - p0[0]) * cx, (p1[1] - p0[1]) * cy
        L = float(np.hypot(vx, vy)) or 1.0
        a, b = 0.5 * self.node_pt / L, 0.58 * self.node_pt / L
        return (
            (p0[0] + a * vx / cx, p0[1] + a * vy / cy),
            (p1[0] - b * vx / cx, p1[1] - b * vy / cy),
        )

    def edge_label(self, t: int, i: int) -> str:
        """The longest label that fits: full combination = value, two lines, or value."""
        tr = self.trace
        y = tr.sent[t][i]
        val = "" if tr.sent_values is None else tr.field.format(tr.sent_values[t][i])
        full = ring_combination(tr, y, i)
        ch = 0.6 * self.fs_label  # average advance, points
        room_w = 1.75 * self.col_pt
        room_lines = int(0.85 * self.row_pt / (self.fs_label * 1.3))
        cands = [f"{full} = {val}" if val else full]
        if room_lines >= 2:
            shortc = short_combination(tr, y, 22, sender=i)
            cands += [f"{full}\n= {val}" if val else full, f"{shortc}\n= {val}" if val else shortc]
        cands.append(val or short_combination(tr, y, 22, sender=i))
        for c in cands:
            if max(len(line) for line in c.split("\n")) * ch <= room_w:
                return c
        return val or "y"

    # -- hover -------------------------------------------------------------------------------
    def node_at(self, x_px: float, y_px: float) -> tuple[int, int] | None:
        """The node ``(i, t)`` under a display point (pixels), if any."""
        ax = self.ax
        if not ax.bbox.contains(x_px, y_px):
            return None
        xd, yd = ax.transData.inverted().transform((x_px, y_px))
        t, i = int(round(xd)), int(round(-yd))
        N, _, T = self.trace.code.shape
        if not (0 <= t <= T and 0 <= i < N):
            return None
        # within the marker (radius ≈ half its diameter, converted to data units)
        if (
            abs(xd - t) * self.col_pt > 0.6 * self.node_pt
            or abs(yd + i) * self.row_pt > 0.6 * self.node_pt
        ):
            return None
        return i, t


def add_legend(fig, N: int, T: int, s: float, y: float = 0.0, ncol: int = 3) -> None:
    """What the edge styles and node shapes mean, under the graph: ``ncol`` columns, the
    bottom ``y`` points up the figure (the stacked figure's table is under it)."""
    handles = [
        Line2D(
            [], [], color=style.C_STORE, lw=1.6 * s, ls=(0, (4, 3)), label="storage i⁽ᵗ⁾→i⁽ᵗ⁺¹⁾"
        ),
        Line2D([], [], color=style.C_EDGE, lw=1.6 * s, label="transmission i⁽ᵗ⁾→(i+1)⁽ᵗ⁺¹⁾"),
        Line2D(
            [], [], color=style.C_EDGE, lw=1.6 * s, ls="-.", label=f"wrap {N - 1}→0 (to copy 0 ↺)"
        ),
        Line2D([], [], color=style.C_NOW, lw=3 * s, label="sent now"),
        *(
            Line2D([], [], ls="", marker=m, mec=style.C_NODE_EDGE, mfc="white", ms=8 * s, label=w)
            for m, w in (("s", "source t = 0"), ("D", f"destination t = {T}"))
        ),
    ]
    fig.legend(
        handles=handles,
        loc="lower left",
        bbox_to_anchor=(0.01, y / (fig.get_size_inches()[1] * 72)),
        ncol=ncol,
        fontsize=9 * s,
        frameon=False,
        handlelength=2.2,
        columnspacing=1.2,
    )
