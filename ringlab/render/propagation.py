r"""The walkthrough drawing: $G_T$ step by step, one matplotlib Figure, no Qt, no pyplot.

Step t = 0..T−1 highlights the transmissions $y_{i\to}^{(t)}$ on the edges
$i^{(t)} \to (i+1)^{(t+1)}$; step t = T shows each destination's decode $\hat z_i$ beside the
true sum.  So a walkthrough has T + 1 frames.

Layout (figure fractions, 16:9):

* top — a title (code, N, K, T, field, Theorem 2 verdict) and the step caption from
  :mod:`ringlab.render.captions`;
* left — $G_T$ (Definition 1): time runs left to right (x = t), node i on row i (y = −i),
  storage edges $i^{(t)}\to i^{(t+1)}$ grey dashed, transmission edges solid diagonals.
  The wrap-around edges $(N-1)^{(t)} \to 0^{(t+1)}$ would cross every row, so they go to a
  faded copy of node 0 drawn one row below node N−1 (labelled "0 ↺") and are dash-dotted:
  every transmission is then the same short diagonal, as on a ring cut open.  Sources
  (t = 0) are squares, destinations (t = T) diamonds;
* right — a monospaced table: per node its input $x_i$, what it sends now (combination =
  value) and $s_i^{(t)}$, the values received at times 1..t; at the last step $\hat z_i$ per
  node with wrong entries in red and, for a wrong node, the Theorem 2 check that fails.

How it stays readable as N and T grow: an edge label carries the full combination and its
value while it fits the room of the current step (labels are drawn for one step only, so a
label may use nearly two columns and one row); otherwise it falls back to the value alone
and the combination lives in the side table, where long combinations are shortened to
``x₅,₁ + … + x₂,₁ (6 terms)``, $x_i$ to its first entries and $s_i^{(t)}$ to its last ones.

All artists are created once per trace (:meth:`WalkthroughRenderer.set_trace`) and only
restyled per step (:meth:`show_step`), which keeps a step well under the 50 ms budget at
N = 8, T = 16 (``benchmarks/bench_render.py``).
"""
from __future__ import annotations

import textwrap

import matplotlib as mpl
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch

from ..core.network import time_expanded_graph
from .captions import failing_reason, ring_combination, short_combination, step_caption, sub

# colours (colour-blind safe-ish: orange highlight vs blue-grey structure; red = wrong)
C_EDGE = "#8fa0b5"
C_STORE = "#c4c9d0"
C_PAST = "#f2c9a0"
C_NOW = "#e8590c"
C_NODE = "#ffffff"
C_NODE_EDGE = "#44546a"
C_DONE = "#dde6f0"
C_SEND = "#fd7e14"
C_RECV = "#ffd8a8"
C_OK = "#2b8a3e"
C_OK_FILL = "#b2f2bb"
C_BAD = "#d6336c"
C_BAD_FILL = "#ffc9c9"
C_TEXT = "#1d2733"
MONO = "DejaVu Sans Mono"

# FreeType hinting off: glyph rasterising is most of a step's cost and unhinted text is
# about twice as fast (benchmarks/bench_render.py); at ≥ 100 dpi the difference is invisible.
# (rc_context touches the global rcParams for the length of a draw; another thread drawing
# at the same moment could at worst get hinted or unhinted text — cosmetic, never wrong.)
_RC = {"text.hinting": "no_hinting"}

FIG_SIZE = (12.8, 7.2)        # inches: 1280×720 px at dpi 100, a projector's 16:9


def new_figure(size=FIG_SIZE, dpi: int = 100) -> Figure:
    """A Figure on an Agg canvas (thread-safe, no pyplot state)."""
    fig = Figure(figsize=size, dpi=dpi)
    FigureCanvasAgg(fig)
    return fig


def _fmt_vec(F, vals, limit: int) -> str:
    s = [F.format(v) for v in vals]
    if len(s) > limit:
        s = s[:limit - 1] + ["…"]
    return "[" + ", ".join(s) + "]"


def _fit_vec(F, vals, chars: int) -> str:
    """``[a, b, c]`` with as many entries as fit in ``chars`` characters, then ``…``."""
    for n in range(len(vals), 0, -1):
        text = _fmt_vec(F, vals, n if n == len(vals) else n + 1)
        if len(text) <= chars:
            return text
    return _fmt_vec(F, vals, 1)


class WalkthroughRenderer:
    """Draws one trace into one Figure; ``show_step(t)`` restyles it for step t.

    >>> from ringlab import preset, simulate
    >>> r = WalkthroughRenderer()
    >>> r.set_trace(simulate(preset("paper-k2-t3"), [[1, 2], [3, 4], [5, 6]]))
    >>> r.show_step(3); r.steps
    4
    """

    def __init__(self, figure: Figure | None = None, caption_in_figure: bool = True):
        self.figure = figure if figure is not None else new_figure()
        # the app shows the caption in a Qt label instead, and gives the room to G_T
        self.caption_in_figure = caption_in_figure
        self.min_scale = 0.8
        self.trace = None
        self.step = 0
        self._note = ""
        self._cid = None
        self._bg = None
        self._exporting = False

    # -- public --------------------------------------------------------------------------
    @property
    def steps(self) -> int:
        """Number of frames: T + 1 (t = 0..T)."""
        return 0 if self.trace is None else self.trace.code.T + 1

    def set_trace(self, trace, note: str = "") -> None:
        """Rebuild every artist for a new trace (after an edit or new inputs)."""
        self.trace = trace
        self._note = note
        self._build()
        self.show_step(min(self.step, trace.code.T))

    def needs_relayout(self) -> bool:
        """Whether the figure changed size since the artists were laid out."""
        size = tuple(self.figure.get_size_inches())
        return self.trace is not None and any(
            abs(a - b) > 0.01 * b for a, b in zip(size, self._built_size))

    def relayout(self) -> None:
        """Rebuild for a new figure size (the GUI calls this on resize)."""
        if self.trace is not None:
            self._build()
            self.show_step(self.step)

    def node_at(self, x_px: float, y_px: float) -> tuple[int, int] | None:
        """The node ``(i, t)`` of $G_T$ under a display point (pixels), if any."""
        if self.trace is None:
            return None
        ax = self._ax
        if not ax.bbox.contains(x_px, y_px):
            return None
        xd, yd = ax.transData.inverted().transform((x_px, y_px))
        t, i = int(round(xd)), int(round(-yd))
        N, _, T = self.trace.code.shape
        # within the marker (radius ≈ half its diameter, converted to data units)
        if not (0 <= t <= T and 0 <= i < N):
            return None
        if (abs(xd - t) * self._col_pt > 0.6 * self._node_pt
                or abs(yd + i) * self._row_pt > 0.6 * self._node_pt):
            return None
        return i, t

    def node_tooltip(self, i: int, t: int) -> str:
        """What node i holds at time t: its input and $s_i^{(t)}$, each received symbol as a
        combination and a value (the hover text of the app)."""
        tr = self.trace
        F, N = tr.field, tr.code.N
        lines = [f"node {i} at t = {t}"]
        if tr.inputs is not None:
            lines.append(f"input x{sub(i)} = " + _fmt_vec(F, tr.inputs[i], 99))
        rec = tr.received(i, t)
        vals = tr.received_values(i, t)
        if not rec:
            lines.append("received nothing yet (s is empty)")
        else:
            lines.append(f"received s{sub(i)}⁽{str(t).translate(str.maketrans('0123456789', '⁰¹²³⁴⁵⁶⁷⁸⁹'))}⁾"
                         f" from node {(i - 1) % N}:")
            for u, y in enumerate(rec):
                v = "" if vals is None else f" = {F.format(vals[u])}"
                lines.append(f"  at t = {u + 1}: {ring_combination(tr, y, (i - 1) % N)}{v}")
        if t == tr.code.T and tr.decoded_values is not None:
            z = _fmt_vec(F, tr.decoded_values[i], 99)
            lines.append(f"decodes ẑ{sub(i)} = {z}" + (" ✗" if tr.wrong_entries(i) else " ✓"))
        return "\n".join(lines)

    def edge_labels(self) -> list[str]:
        """The labels on the highlighted edges of the current step, by sender."""
        return [lab.get_text() for lab in self._labels if lab.get_visible()]

    def table_text(self) -> str:
        """Everything the side table shows at the current step, line by line (top first)."""
        tab = self._tab
        if self._cover.get_visible():
            items = [a for a in tab.texts if a.get_zorder() in (4, 5)]
        else:
            items = [a for a in tab.texts if a.get_zorder() < 4]
        items = [a for a in items if a.get_visible() and a.get_text()]
        items.sort(key=lambda a: (-round(a.get_position()[1], 4), a.get_position()[0]))
        lines, last_y = [], None
        for a in items:
            y = round(a.get_position()[1], 4)
            if y != last_y:
                lines.append(a.get_text())
                last_y = y
            else:
                lines[-1] += " " + a.get_text()
        return "\n".join(lines).replace("\u00a0", " ")

    def caption(self, t: int | None = None, width: int | None = None) -> str:
        """The caption of step t (default: the current one), wrapped for the figure unless a
        ``width`` in characters is given (the app passes a huge one and lets Qt wrap)."""
        return step_caption(self.trace, self.step if t is None else t,
                            width or self._caption_width())

    def draw(self) -> None:
        """Draw the current step onto the figure's canvas.

        The structure of $G_T$, the ticks and the legend do not change between steps, so they
        are drawn once and kept as a background (blitting); a step restores it and draws only
        the artists that change.  A resize or rebuild redraws the background.
        """
        canvas = self.figure.canvas
        with mpl.rc_context(_RC):
            if self._bg is None or self._bg_size != canvas.get_width_height():
                canvas.draw()              # static artists; _on_draw adds the dynamic ones
            else:
                canvas.restore_region(self._bg)
                self._draw_dynamic()

    def _on_draw(self, event) -> None:
        if self._exporting or self.trace is None:
            return
        canvas = self.figure.canvas
        if not hasattr(canvas, "copy_from_bbox"):
            return
        self._bg = canvas.copy_from_bbox(self.figure.bbox)
        self._bg_size = canvas.get_width_height()
        self._draw_dynamic()

    def _draw_dynamic(self) -> None:
        with mpl.rc_context(_RC):
            for a in self._dynamic:
                self.figure.draw_artist(a)

    def rgb(self) -> np.ndarray:
        """The current frame as an H×W×3 uint8 array (draws first)."""
        self.draw()
        return np.asarray(self.figure.canvas.buffer_rgba())[..., :3].copy()

    def savefig(self, out, **kw) -> None:
        """Save the current step (PNG, SVG, PDF page …) with every artist drawn normally."""
        self._exporting = True
        try:
            for a in self._dynamic:
                a.set_animated(False)
            with mpl.rc_context(_RC):
                self.figure.savefig(out, **kw)
        finally:
            for a in self._dynamic:
                a.set_animated(True)
            self._exporting = False
            self._bg = None

    # -- building ------------------------------------------------------------------------
    def _rects(self):
        """Graph and table rectangles (figure fractions), margins worked out in points from
        the font sizes so nothing collides when the figure is smaller than 1280×720."""
        w, h = self.figure.get_size_inches() * 72
        s = self._scale()
        top = 8 + 13.5 * s * 1.6                                  # title
        if self.caption_in_figure:
            top += 3 * 12.5 * s * 1.25 + 6                        # up to three caption lines
        top += 18 * s
        bottom = 2 * 9 * s * 1.45 + 8 + (10 + 10.5) * s * 1.45 + 10   # legend, ticks, label
        left = 0.6 * 10.5 * s * 7 + 14                            # "node 7" tick labels
        split = 0.545 * w
        graph = (left / w, bottom / h, (split - left) / w, (h - top - bottom) / h)
        tx = split + 0.04 * w
        foot = 6 + len(self._note_lines()) * 9 * s * 1.25 if self._note else 14
        table = (tx / w, foot / h, (w - tx - 6) / w, (h - top - foot + 22 * s) / h)
        return graph, table

    def _note_lines(self) -> list[str]:
        """The inputs note, wrapped to the side table's width (DejaVu Sans ≈ 0.55 em/char)."""
        w = self.figure.get_size_inches()[0] * 72 * 0.41
        return textwrap.wrap(f"inputs: {self._note}", max(20, int(w / (0.55 * 9 * self._scale()))))

    def _scale(self) -> float:
        w, h = self.figure.get_size_inches()
        # below min_scale text gets too small to read across a room: abbreviate more instead
        return float(np.clip(min(w / FIG_SIZE[0], h / FIG_SIZE[1]), self.min_scale, 1.6))

    def _caption_width(self) -> int:
        w = self.figure.get_size_inches()[0]
        return max(40, int(w * 72 * 0.97 / (0.56 * self._fs_caption)))

    def _build(self) -> None:
        fig, tr = self.figure, self.trace
        code = tr.code
        N, K, T = code.shape
        F = code.field
        fig.clear()
        self._built_size = tuple(fig.get_size_inches())
        s = self._scale()
        self._fs_caption = 12.5 * s
        fig.set_facecolor("white")

        verdict = "feasible (Theorem 2 ✓)" if tr.report.feasible else "INFEASIBLE (Theorem 2 ✗)"
        name = code.name or "code"
        H = fig.get_size_inches()[1] * 72
        title = f"{name} — N = {N}, K = {K}, T = {T} over {F.name}; {verdict}"
        W_pt = fig.get_size_inches()[0] * 72
        # bold DejaVu Sans averages ~0.65 em a character: shrink rather than run off the edge
        fs_title = min(13.5 * s, 0.97 * W_pt / (0.65 * len(title)))
        self._title = fig.text(0.012, 1 - 6 / H, title, fontsize=fs_title, fontweight="bold",
                               va="top", color=C_TEXT)
        if self._note:
            # under the side table, wrapped to its width (the table leaves the room, _rects)
            fig.text(0.988, 0.008, "\n".join(self._note_lines()), fontsize=9 * s, ha="right",
                     va="bottom", color="#5c6670", linespacing=1.2)
        self._caption = fig.text(0.012, 1 - (8 + 13.5 * s * 1.6) / H, "", fontsize=self._fs_caption, va="top",
                                 color=C_TEXT, linespacing=1.25,
                                 visible=self.caption_in_figure)

        # ---- G_T ---------------------------------------------------------------------
        GR, TR = self._rects()
        ax = self._ax = fig.add_axes(GR)
        G = time_expanded_graph(N, T)
        ghost = -N                                              # row of node 0's copy
        store, trans, wrap = [], [], []
        for (u, v, d) in G.edges(data=True):
            (x0, y0), (x1, y1) = G.nodes[u]["pos"], G.nodes[v]["pos"]
            if d["kind"] == "storage":
                store.append(((x0, y0), (x1, y1)))
            else:
                if d["wrap"]:
                    y1 = ghost
                trans.append(((x0, y0), (x1, y1)))
                wrap.append(d["wrap"])
        # edges of send time t, ordered by sender i, for per-step restyling
        order = sorted(range(len(trans)), key=lambda e: (trans[e][0][0], -trans[e][0][1]))
        self._trans = [trans[e] for e in order]
        self._wrap = [wrap[e] for e in order]
        ax.add_collection(LineCollection(store, colors=C_STORE, linewidths=1.4 * s,
                                         linestyles=(0, (4, 3)), zorder=1))
        self._tcoll = LineCollection(self._trans, colors=C_EDGE, linewidths=1.2 * s,
                                     linestyles=["-."if w else "-" for w in self._wrap], zorder=2)
        ax.add_collection(self._tcoll)

        xmax = T + 0.75
        ax.set_xlim(-0.45, xmax)
        ax.set_ylim(ghost - 0.5, 0.55)
        w_in = GR[2] * fig.get_size_inches()[0]
        h_in = GR[3] * fig.get_size_inches()[1]
        self._col_pt = w_in * 72 / (xmax + 0.45)
        self._row_pt = h_in * 72 / (N + 1.05)
        cell = min(self._col_pt, self._row_pt)
        size = float(np.clip(0.42 * cell, 5, 26))               # marker diameter, points
        self._node_pt = size

        xs = np.array([t for t in range(T + 1) for i in range(N)], float)
        ys = np.array([-i for t in range(T + 1) for i in range(N)], float)
        markers = np.array(["s" if t == 0 else "D" if t == T else "o"
                            for t in range(T + 1) for i in range(N)])
        self._nodes = {}
        for m in ("s", "o", "D"):
            sel = markers == m
            if not sel.any():
                continue
            msize = size * (0.9 if m == "s" else 0.95 if m == "D" else 1.0)
            coll = ax.scatter(xs[sel], ys[sel], s=msize ** 2, marker=m, c=C_NODE,
                              edgecolors=C_NODE_EDGE, linewidths=1.3 * s, zorder=4)
            self._nodes[m] = (coll, np.flatnonzero(sel))
        if T >= 1:
            gx = np.arange(1, T + 1, dtype=float)
            self._ghost = ax.scatter(gx, np.full_like(gx, ghost), s=size ** 2, marker="o",
                                     facecolors="none", edgecolors=C_NODE_EDGE,
                                     linewidths=1.0 * s, linestyles="--", alpha=0.6, zorder=4)
        self._xy = (xs, ys)
        # an edge whose symbol is 0 carries nothing: drawn idle, not highlighted
        self._idle = [all(F.is_zero(c) for c in tr.sent[t][i]) for t in range(T) for i in range(N)]

        ax.set_xticks(range(T + 1))
        ax.set_xticklabels([str(t) for t in range(T + 1)], fontsize=10 * s)
        ax.set_yticks([-i for i in range(N)] + [ghost])
        ax.set_yticklabels([f"node {i}" for i in range(N)] + ["0 ↺"], fontsize=10.5 * s)
        ax.set_xlabel("time t  (layer t of G_T; sends at t arrive at t + 1)", fontsize=10.5 * s)
        ax.tick_params(length=0, pad=3)
        for sp in ax.spines.values():
            sp.set_visible(False)
        ax.axhspan(ghost - 0.5, ghost + 0.5, color="#f4f4f6", zorder=0)

        self._arrows = []
        self._labels = []
        for i in range(N):
            a = FancyArrowPatch((0, 0), (1, 1), arrowstyle="-|>", mutation_scale=16 * s,
                                color=C_NOW, linewidth=3.2 * s, shrinkA=0, shrinkB=0,
                                zorder=5, visible=False)
            ax.add_patch(a)
            self._arrows.append(a)
            lab = ax.text(0, 0, "", fontsize=(11.5 if N <= 4 else 10) * s, ha="center", va="center", zorder=6,
                          color=C_TEXT, visible=False,
                          bbox=dict(boxstyle="round,pad=0.25", fc="white", ec=C_NOW, lw=1.0 * s))
            self._labels.append(lab)
        self._marks = [ax.text(T + 0.32, -i, "", fontsize=13 * s, ha="left", va="center",
                               fontweight="bold", zorder=6) for i in range(N)]
        self._fs_label = (11.5 if N <= 4 else 10) * s

        handles = [
            Line2D([], [], color=C_STORE, lw=1.6 * s, ls=(0, (4, 3)), label="storage i⁽ᵗ⁾→i⁽ᵗ⁺¹⁾"),
            Line2D([], [], color=C_EDGE, lw=1.6 * s, label="transmission i⁽ᵗ⁾→(i+1)⁽ᵗ⁺¹⁾"),
            Line2D([], [], color=C_EDGE, lw=1.6 * s, ls="-.", label=f"wrap {N - 1}→0 (to copy 0 ↺)"),
            Line2D([], [], color=C_NOW, lw=3 * s, label="sent now"),
            Line2D([], [], ls="", marker="s", mec=C_NODE_EDGE, mfc="white", ms=8 * s, label="source t = 0"),
            Line2D([], [], ls="", marker="D", mec=C_NODE_EDGE, mfc="white", ms=8 * s, label=f"destination t = {T}"),
        ]
        fig.legend(handles=handles, loc="lower left", bbox_to_anchor=(0.01, 0.0), ncol=3,
                   fontsize=9 * s, frameon=False, handlelength=2.2, columnspacing=1.2)

        # ---- side table ----------------------------------------------------------------
        tab = self._tab = fig.add_axes(TR)
        tab.set_axis_off()
        tab.set_xlim(0, 1)
        tab.set_ylim(0, 1)
        tab_w_pt = TR[2] * fig.get_size_inches()[0] * 72
        tab_h_pt = TR[3] * fig.get_size_inches()[1] * 72
        # two lines per node plus a header, 1.4 line spacing, at most 11.5 pt
        # lines per node: 3 (the sent combination may wrap) when that still fits at 10 pt
        self._lpn = lpn = 3 if tab_h_pt / ((3 * N + 3.5) * 1.4) >= 10 * s else 2
        # as large as the panel allows: ≤ 13 pt, every line fits, 38 characters across (the
        # header; longer rows abbreviate or wrap)
        fs = float(min(13 * s, tab_h_pt / ((lpn * N + 3.5) * 1.4), tab_w_pt / (0.602 * 38)))
        self._fs_tab = fs
        self._tab_chars = int(tab_w_pt / (0.602 * fs))       # DejaVu Sans Mono advance 0.602 em
        self._tab_dy = fs * 1.4 / tab_h_pt
        self._ch = 0.602 * fs / tab_w_pt                       # one character, axes units
        kw = dict(fontsize=fs, family=MONO, va="baseline", ha="left", color=C_TEXT)
        F = code.field
        # static part (drawn once into the background): node, x_i, the words around values
        tab.text(0, self._line_y(0), "node i: input xᵢ, received sᵢ⁽ᵗ⁾,",
                 fontweight="bold", **kw)
        tab.text(0, self._line_y(1), "and what it sends now, yᵢ→⁽ᵗ⁾", fontweight="bold", **kw)
        # xᵢ gets what is left after "node i", "sᵢ: " and 8 characters of received values
        room_x = self._tab_chars - 9 - 5 - 2 - 4 - 8
        xins = [(f"x{sub(i)} = " + _fit_vec(F, tr.inputs[i], room_x))
                if tr.inputs is not None else "" for i in range(N)]
        self._col_recv = 9 + max(len(x) for x in xins) + 2
        self._col_send = 9 + len("sends ")
        for i in range(N):
            tab.text(0, self._line_y(lpn * i + 2.3), f"node {i}", fontweight="bold", **kw)
            tab.text(9 * self._ch, self._line_y(lpn * i + 2.3), xins[i], **kw)
            tab.text(self._col_recv * self._ch, self._line_y(lpn * i + 2.3), f"s{sub(i)}:", **kw)
            tab.text(9 * self._ch, self._line_y(lpn * i + 3.3), "sends", **kw)
        # dynamic part: received values and the sent combination, one text per line
        self._recv = [tab.text((self._col_recv + len(f"s{sub(i)}:") + 1) * self._ch,
                               self._line_y(lpn * i + 2.3), "", **kw) for i in range(N)]
        self._send = [tab.text(self._col_send * self._ch, self._line_y(lpn * i + 3.3 + r), "", **kw)
                      for i in range(N) for r in range(lpn - 1)]
        # the last step covers the table with the decode result
        from matplotlib.patches import Rectangle
        self._cover = tab.add_patch(Rectangle((0, 0), 1, 1, transform=tab.transAxes, fc="white",
                                              ec="none", visible=False, zorder=3))
        kw["zorder"] = 4
        self._fin_head = tab.text(0, self._line_y(0), "", fontweight="bold", **kw)
        # per node: "node i", "ẑᵢ =", the vector (ASCII only, so red overlays line up), ✓/✗
        self._col_vec = 13
        self._fin_rows = [(tab.text(0, self._line_y(i + 2.6), "", fontweight="bold", **kw),
                           tab.text(8 * self._ch, self._line_y(i + 2.6), "", **kw),
                           tab.text(self._col_vec * self._ch, self._line_y(i + 2.6), "", **kw),
                           tab.text(0, self._line_y(i + 2.6), "", fontweight="bold", **kw))
                          for i in range(N)]
        # the true sum as one more row, aligned with the ẑᵢ rows so columns compare at a glance
        self._fin_sum = (tab.text(0, self._line_y(1.4), "", fontweight="bold", **kw),
                         tab.text(8 * self._ch, self._line_y(1.4), "", **kw),
                         tab.text(self._col_vec * self._ch, self._line_y(1.4), "",
                                  fontweight="bold", **kw))
        self._tab_extra = []           # red overlays and Theorem 2 lines, rebuilt per step
        self._dynamic = ([self._caption, self._tcoll, *[c for c, _ in self._nodes.values()],
                          *self._arrows, *self._labels, *self._marks, *self._recv, *self._send,
                          self._cover, self._fin_head, *self._fin_sum,
                          *[a for r in self._fin_rows for a in r]])
        for a in self._dynamic:
            a.set_animated(True)
        if self._cid is not None:
            fig.canvas.mpl_disconnect(self._cid)
        self._cid = fig.canvas.mpl_connect("draw_event", self._on_draw)
        self._bg = None

    def _line_y(self, r: float) -> float:
        """Baseline of table line r (0 = top), in table-axes units."""
        return 1 - (r + 1.0) * self._tab_dy

    # -- per step --------------------------------------------------------------------------
    def show_step(self, t: int) -> None:
        tr = self.trace
        if tr is None:
            return
        N, K, T = tr.code.shape
        t = int(min(max(t, 0), T))
        self.step = t
        self._caption.set_text(self.caption(t))
        final = t == T

        # transmission edges: past muted, current as arrows, future plain
        colors, widths = [], []
        s = self._scale()
        idle = self._idle
        for e, ((x0, _), _) in enumerate(self._trans):
            if x0 < t:
                if idle[e]:
                    colors.append(C_EDGE), widths.append(0.8 * s)
                else:
                    colors.append(C_PAST), widths.append(2.4 * s)
            elif x0 == t:
                colors.append((0, 0, 0, 0)), widths.append(1.0)  # the arrow draws it
            else:
                colors.append(C_EDGE), widths.append(1.2 * s)
        self._tcoll.set_color(colors)
        self._tcoll.set_linewidth(widths)

        # node fills: done, sending now, receiving now, decoded right / wrong
        xs, _ = self._xy
        fill = np.where(xs <= t, C_DONE, C_NODE).astype(object)
        if not final:
            fill[xs == t] = C_SEND
            fill[xs == t + 1] = C_RECV
        wrong = [bool(tr.wrong_entries(i)) for i in range(N)] if final else [False] * N
        if final:
            last = np.flatnonzero(xs == T)
            for i in range(N):
                fill[last[i]] = C_BAD_FILL if wrong[i] else C_OK_FILL
        for coll, idx in self._nodes.values():
            coll.set_facecolor(list(fill[idx]))
        for i in range(N):
            m = self._marks[i]
            m.set_text(("✗" if wrong[i] else "✓") if final else "")
            m.set_color(C_BAD if wrong[i] else C_OK)

        # current arrows and their labels
        now = [e for e, ((x0, _), _) in enumerate(self._trans) if x0 == t] if not final else []
        for i in range(N):
            a, lab = self._arrows[i], self._labels[i]
            if i < len(now):
                (p0, p1) = self._trans[now[i]]
                a.set_positions(*self._shrunk(p0, p1))
                a.set_linestyle(":" if idle[now[i]] else "-." if self._wrap[now[i]] else "-")
                a.set_color(C_EDGE if idle[now[i]] else C_NOW)
                a.set_linewidth((1.5 if idle[now[i]] else 3.2) * s)
                a.set_visible(True)
                lab.set_text("idle" if idle[now[i]] else self._edge_label(t, i))
                lab.get_bbox_patch().set_edgecolor(C_EDGE if idle[now[i]] else C_NOW)
                lab.set_position(((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2))
                lab.set_visible(True)
            else:
                a.set_visible(False)
                lab.set_visible(False)

        self._fill_table(t, wrong)

    def _shrunk(self, p0, p1):
        """Edge end points pulled in to the node rims (done here in data units because
        matplotlib's own shrinkA/shrinkB clips a Bézier path on every draw — slow)."""
        cx, cy = self._col_pt, self._row_pt
        vx, vy = (p1[0] - p0[0]) * cx, (p1[1] - p0[1]) * cy
        L = float(np.hypot(vx, vy)) or 1.0
        a, b = 0.5 * self._node_pt / L, 0.58 * self._node_pt / L
        return ((p0[0] + a * vx / cx, p0[1] + a * vy / cy),
                (p1[0] - b * vx / cx, p1[1] - b * vy / cy))

    def _edge_label(self, t: int, i: int) -> str:
        """The longest label that fits: full combination = value, two lines, or value."""
        tr = self.trace
        F = tr.field
        y = tr.sent[t][i]
        val = "" if tr.sent_values is None else F.format(tr.sent_values[t][i])
        full = ring_combination(tr, y, i)
        shortc = short_combination(tr, y, 22, sender=i)
        ch = 0.6 * self._fs_label                     # average advance, points
        room_w = 1.75 * self._col_pt
        room_lines = int(0.85 * self._row_pt / (self._fs_label * 1.3))
        cands = [f"{full} = {val}" if val else full]
        if room_lines >= 2:
            cands += [f"{full}\n= {val}" if val else full, f"{shortc}\n= {val}" if val else shortc]
        cands.append(val or shortc)
        for c in cands:
            if max(len(line) for line in c.split("\n")) * ch <= room_w:
                return c
        return val or "y"

    def _fill_table(self, t: int, wrong) -> None:
        tr = self.trace
        F = tr.field
        N, K, T = tr.code.shape
        for a in self._tab_extra:
            a.remove()
            self._dynamic.remove(a)
        self._tab_extra = []
        W = self._tab_chars
        final = t == T
        self._cover.set_visible(final)
        lpn = self._lpn
        if not final:
            self._fin_head.set_text("")
            for a in self._fin_sum:
                a.set_text("")
            for row in self._fin_rows:
                for a in row:
                    a.set_text("")
            for i in range(N):
                y = tr.sent[t][i]
                val = "" if tr.sent_values is None else F.format(tr.sent_values[t][i])
                # no-break spaces: a wrapped line never strands "→ 0" on its own
                tail = (f" =\u00a0{val}\u00a0→\u00a0{(i + 1) % N}" if val
                        else f"\u00a0→\u00a0{(i + 1) % N}")
                room = W - self._col_send
                if all(F.is_zero(c) for c in y):
                    tail = f"\u00a0→\u00a0{(i + 1) % N}"
                    full = "nothing (idle)" + tail
                else:
                    full = ring_combination(tr, y, i) + tail
                if len(full) <= room:
                    lines = [full]
                elif lpn == 3 and len(full) <= 2 * room:
                    lines = textwrap.wrap(full, room, break_long_words=False)
                    if len(lines) > 2:
                        lines = [short_combination(tr, y, room - len(tail), sender=i) + tail]
                else:
                    lines = [short_combination(tr, y, room - len(tail), sender=i) + tail]
                if len(lines[0]) > room:
                    # the abbreviation's floor ("a + … + b (n terms)") can still overflow a
                    # narrow table: tighten it, then keep only the count (the caption and the
                    # hover on the node give the whole combination)
                    short = lines[0].replace(" + … + ", "+…+").replace(" terms)", ")")
                    n = len(ring_combination(tr, y, i).replace(" − ", " + −").split(" + "))
                    lines = [short if len(short) <= room else f"{n} terms" + tail]
                for r in range(lpn - 1):
                    self._send[i * (lpn - 1) + r].set_text(lines[r] if r < len(lines) else "")
                recv = tr.received_values(i, t) if tr.sent_values is not None else None
                room = W - self._col_recv - len(f"s{sub(i)}:") - 1
                if recv is None:
                    rtxt = f"{t} symbols"
                elif not recv:
                    rtxt = "— (nothing yet)" if room >= 15 else "—"
                else:
                    vals = [F.format(v) for v in recv]
                    rtxt = ", ".join(vals)
                    while len(rtxt) > room and len(vals) > 1:
                        vals = vals[1:]
                        rtxt = "…, " + ", ".join(vals)
                self._recv[i].set_text(rtxt)
            return

        # final step: ẑ_i beside the true sum, wrong entries red, failing checks below
        for a in (*self._send, *self._recv):
            a.set_text("")
        total = "Σ_j x_j" if tr.true_sum is None else _fmt_vec(F, tr.true_sum, 99)
        self._fin_head.set_text(f"t = T = {T}: decoded ẑᵢ vs the true sum")
        for a, txt in zip(self._fin_sum, ("sum", "Σ =", total)):
            a.set_text(txt)
        ch = self._ch
        lines = []
        for i in range(N):
            lab, zname, vec, mark = self._fin_rows[i]
            lab.set_text(f"node {i}")
            zname.set_text(f"ẑ{sub(i)} =")
            if tr.decoded_values is None:
                vec.set_text("not the sum" if wrong[i] else "the sum")
                vtext = vec.get_text()
            else:
                vals = [F.format(v) for v in tr.decoded_values[i]]
                vtext = "[" + ", ".join(vals) + "]"
                vec.set_text(vtext)
            mark.set_x((self._col_vec + len(vtext) + 2) * ch)
            roomy = self._col_vec + len(vtext) + 10 <= W
            mark.set_text(("✗ wrong" if roomy else "✗") if wrong[i] else "✓")
            mark.set_color(C_BAD if wrong[i] else C_OK)
            if wrong[i] and tr.decoded_values is not None:
                # red overlay on exactly the wrong entries (ASCII monospace: offsets are exact)
                bad = set(tr.wrong_entries(i))
                pos = self._col_vec + 1
                y0 = vec.get_position()[1]
                for k, v in enumerate(vals):
                    if k in bad:
                        self._extra(pos * ch, y0, v)
                    pos += len(v) + 2
        # the failing Theorem 2 check of each wrong node, below the rows
        for i in range(N):
            if wrong[i] or not tr.report.node_ok(i):
                why = failing_reason(tr, i)
                if why:
                    lines += textwrap.wrap(("✗ " if wrong[i] else "! ") + why, W - 1,
                                           subsequent_indent="  ")
        top = N + 3.2
        max_lines = max(0, int(1 / self._tab_dy - top - 0.6))
        if len(lines) > max_lines:
            lines = lines[:max(0, max_lines - 1)] + ["  … (`ringlab check FILE` lists all)"]
        if lines:
            self._extra(0, self._line_y(top), "\n".join(lines), bbox=False, linespacing=1.4,
                        va="top")

    def _extra(self, x, y, text, bbox=True, **kw):
        kw.setdefault("va", "baseline")
        # zorder 6: red overlays on entries (not part of the table's text); 5: lines of text
        a = self._tab.text(x, y, text, fontsize=self._fs_tab, family=MONO, ha="left",
                           zorder=6 if bbox else 5,
                           color=C_BAD, fontweight="bold" if bbox else "normal", animated=True,
                           bbox=dict(boxstyle="square,pad=0", fc="white", ec="none") if bbox else None,
                           **kw)
        self._tab_extra.append(a)
        self._dynamic.append(a)
