r"""The walkthrough drawing: $G_T$ step by step, one matplotlib Figure, no Qt, no pyplot.

Step t = 0..T−1 highlights the transmissions $y_{i\to}^{(t)}$ on the edges
$i^{(t)} \to (i+1)^{(t+1)}$; step t = T shows each destination's decode $\hat z_i$ beside the
true sum.  So a walkthrough has T + 1 frames.

Layout (figure fractions, 16:9; :mod:`.walkthrough.layout`):

* top — a title (code, N, K, T, field, Theorem 2 verdict) and the step caption from
  :mod:`ringlab.render.captions`;
* left — $G_T$ (Definition 1), :mod:`.walkthrough.graph`: time runs left to right, node i on
  row i, storage edges grey dashed, transmission edges solid diagonals, the wrap-around edges
  to a faded copy of node 0 one row below node N−1;
* right — a monospaced table, :mod:`.walkthrough.table`: per node its input $x_i$, what it
  sends now (combination = value) and $s_i^{(t)}$; at the last step $\hat z_i$ per node with
  wrong entries in red and, for a wrong node, the Theorem 2 check that fails.

How it stays readable as N and T grow: an edge label carries the full combination and its
value while it fits the room of the current step (labels are drawn for one step only, so a
label may use nearly two columns and one row); otherwise it falls back to the value alone
and the combination lives in the side table, where long combinations are shortened to
``x₅,₁ + … + x₂,₁ (6 terms)``, $x_i$ to its first entries and $s_i^{(t)}$ to its last ones.

All artists are created once per trace (:meth:`WalkthroughRenderer.set_trace`) and only
restyled per step (:meth:`show_step`); the unchanging ones are drawn once and kept as a
background (blitting), and text is formatted only for the step shown.  Opening an N = 32,
K = 64, T = 128 walkthrough (simulate, build, first draw) takes about 0.9 s of CPU; a step
costs ~35 ms at N = 8, T = 16 and ~60–80 ms at N = K = 16, T = 32, three quarters of it
matplotlib rasterising the ~800 characters of text the step shows, glyph by glyph
(``benchmarks/bench_render.py``, ``benchmarks/bench_large.py``).
"""

from __future__ import annotations

import matplotlib as mpl
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from ._frames import StepFrames
from .captions import node_tooltip, step_caption
from .walkthrough import layout
from .walkthrough.graph import GraphPanel, add_legend
from .walkthrough.style import FIG_SIZE, MONO, RC, new_figure
from .walkthrough.table import COVER_Z, RED_Z, SideTable

# the figure and its size, for the exports to share (colours: ringlab.render.palette)
__all__ = ["WalkthroughRenderer", "new_figure", "FIG_SIZE", "MONO"]


class WalkthroughRenderer(StepFrames):
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
        self.max_scale = 1.6
        # the smallest text wanted, in pixels (present mode: 18); the side table goes to one
        # line a node rather than under it
        self.min_text_px = 0.0
        # the title drops the code's name (then words) rather than shrink below this (points)
        self.min_title_pt = 0.0
        # the side table keeps its full text size, the graph narrowing instead (the window)
        self.full_table = False
        # edge labels beside their arrows, never over an arrow or a node (present mode)
        self.labels_beside = False
        # present mode's zoom (the figure's dpi already carries it): the layout gives the
        # graph and the table their share of a zoomed slide (layout.rects); None elsewhere
        self.zoom = None
        self._built_zoom = None
        # the side table under the graph, full width (a narrow window pane; layout.stacked_rects)
        self.stacked = False
        self._built_stacked = False
        self.trace = None
        self.step = 0
        self._note = ""
        self._cid = None
        self._bg = None
        self._exporting = False
        self._built_trace = None

    def _rc(self):
        return mpl.rc_context(RC)

    # -- public --------------------------------------------------------------------------
    def set_trace(self, trace, note: str = "") -> None:
        """Rebuild every artist for a new trace (after an edit or new inputs)."""
        self.trace = trace
        self._note = note
        self._build()
        self.show_step(min(self.step, trace.code.T))

    def node_at(self, x_px: float, y_px: float) -> tuple[int, int] | None:
        """The node ``(i, t)`` of $G_T$ under a display point (pixels), if any."""
        return None if self.trace is None else self._graph.node_at(x_px, y_px)

    def node_tooltip(self, i: int, t: int) -> str:
        """What node i holds at time t: its input and $s_i^{(t)}$, each received symbol as a
        combination and a value (the hover text of the app)."""
        return node_tooltip(self.trace, i, t)

    def edge_labels(self) -> list[str]:
        """The labels on the highlighted edges of the current step, by sender."""
        return [lab.get_text() for lab in self._graph.labels if lab.get_visible()]

    def table_text(self) -> str:
        """Everything the side table shows at the current step, line by line (top first)."""
        return self._table.text()

    @property
    def graph_axes(self):
        """The $G_T$ axes: data coordinates (t, −i) are node i at time t, the time labels are
        its x tick labels — a tooltip or a pointer placed on a node reads its pixels here."""
        return self._graph.ax

    @property
    def table_axes(self):
        """The side table's axes: beside $G_T$, or under it in a narrow window pane
        (:attr:`stacked`) — where a reader finds it, in the figure's pixels."""
        return self._table.ax

    def transmissions(self) -> list[tuple[tuple, tuple, bool]]:
        """The transmission edges as drawn, by send time then sender: ``(start, end, wrap)``
        in the graph's data coordinates; the wrap edge (node N−1 to node 0) ends at node 0's
        copy one row below node N−1, so every diagonal is alike (an export of $G_T$ to
        another format draws these)."""
        g = self._graph
        return [(p0, p1, w) for (p0, p1), w in zip(g.trans, g.wrap)]

    def table_overlays(self) -> list:
        """The side table's texts for the current step alone, in drawing order: the red
        overlays on wrong entries and the failing Theorem 2 lines (matplotlib ``Text``), e.g.
        to check they sit on the entries they mark."""
        return list(self._table.extra)

    MAX_CAPTION_LINES = 4

    def caption(self, t: int | None = None, width: int | None = None) -> str:
        """The caption of step t (default: the current one), wrapped for the figure unless a
        ``width`` in characters is given (the app passes a huge one and lets Qt wrap).  In
        the figure it has at most :attr:`MAX_CAPTION_LINES` lines ("…" when cut; the speaker
        view and the app's label show it whole)."""
        text = step_caption(
            self.trace,
            self.step if t is None else t,
            width or layout.caption_width(self.figure, self._fs_caption),
        )
        if width is None:
            lines = text.split("\n")
            # a zoomed present slide keeps three (its band goes to the graph)
            most = self.MAX_CAPTION_LINES if (self.zoom or 1.0) <= 1.0 + 1e-9 else 3
            if len(lines) > most:
                lines = lines[:most]
                lines[-1] = lines[-1].rstrip(" .;,") + " …"
            text = "\n".join(lines)
        return text

    def _count_caption_lines(self) -> int:
        """The most lines a caption of this trace takes in the figure (the layout reserves
        them, so the caption never reaches the table); 0 when the app shows it in a label."""
        if not self.caption_in_figure:
            return 0
        N, _, T = self.trace.code.shape
        if N * (T + 1) > 200:  # a large code: formatting every step's sends costs seconds
            return 3
        return max(len(self.caption(t).split("\n")) for t in range(T + 1))

    # tests read these parts directly (tests/render, tests/gui)
    @property
    def _ax(self):
        """The $G_T$ axes."""
        return self._graph.ax

    @property
    def _send(self) -> list:
        """The side table's "sends" texts, lines per node in order."""
        return self._table._send

    @property
    def _tab_extra(self) -> list:
        """The side table's per-step extras (red overlays, failing checks)."""
        return self._table.extra

    # -- drawing -------------------------------------------------------------------------

    def _dynamic(self) -> list:
        """The artists a step changes, in drawing order."""
        return [self._caption, *self._graph.dynamic, *self._table.dynamic]

    def text_problems(self, min_px: float = 0.0) -> list[str]:
        """What is wrong with the text of the current step, as drawn at the figure's dpi:
        texts that overlap each other, run off the figure, or are under ``min_px`` pixels.
        Texts hidden under the decode step's cover do not count, nor do the red overlays
        laid exactly over a wrong entry.  (Present mode clamps its
        zoom to what gives none; tests assert none.)"""
        fig = self.figure
        renderer = fig.canvas.get_renderer()
        with mpl.rc_context(RC):
            shown = []
            for a in fig.findobj(Text):
                if not a.get_visible() or not a.get_text().strip():
                    continue
                if a.axes is self._table.ax and self._table.covered and a.get_zorder() <= COVER_Z:
                    continue
                box = a.get_window_extent(renderer)
                patch = a.get_bbox_patch()
                if patch is not None:  # an edge label's rounded box counts as its text
                    a.update_bbox_position_size(renderer)
                    box = Bbox.union([box, patch.get_window_extent(renderer)])
                shown.append((a, box))
        W, H = fig.bbox.width, fig.bbox.height
        red = lambda a: a.axes is self._table.ax and a.get_zorder() == RED_Z
        out = []
        for k, (a, bb) in enumerate(shown):
            px = a.get_fontsize() * fig.dpi / 72
            if px < min_px - 0.5:
                out.append(f"small ({px:.1f} px): {a.get_text()[:30]!r}")
            if bb.x0 < -1 or bb.y0 < -1 or bb.x1 > W + 1 or bb.y1 > H + 1:
                out.append(f"off the figure: {a.get_text()[:30]!r}")
            for b, cc in shown[k + 1 :]:
                if red(a) or red(b):
                    continue  # a red overlay sits on its entry by design
                if (
                    bb.x0 + 1 < cc.x1 - 1
                    and cc.x0 + 1 < bb.x1 - 1
                    and bb.y0 + 1 < cc.y1 - 1
                    and cc.y0 + 1 < bb.y1 - 1
                ):
                    out.append(f"overlap: {a.get_text()[:30]!r} / {b.get_text()[:30]!r}")
        return out

    # -- building and stepping -------------------------------------------------------------
    def _build(self) -> None:
        fig, tr = self.figure, self.trace
        s = layout.scale(fig, self.min_scale, self.max_scale)
        self._fs_caption = 12.5 * s
        self._caption_lines = self._count_caption_lines()
        # laid out before anything is removed: a figure with no room (layout.NoRoom) keeps
        # the drawing it had, whole — if it was of this trace
        legend_y, note_y = 0.0, None
        try:
            if self.stacked:
                graph_rect, table_rect, legend_y, note_y = layout.stacked_rects(
                    fig, s, tr.code.N, self._note
                )
            else:
                graph_rect, table_rect = layout.rects(
                    fig,
                    s,
                    self.caption_in_figure,
                    self._note,
                    self._caption_lines,
                    self.full_table,
                    self.zoom,
                )
        except layout.NoRoom:
            if self._built_trace is not tr:
                self._clear_figure()
            raise
        self._clear_figure()
        self._built_size = tuple(fig.get_size_inches())
        self._built_zoom, self._built_stacked = self.zoom, self.stacked
        fig.set_facecolor("white")
        self._title, self._caption = layout.add_header(
            fig,
            tr,
            s,
            self._note,
            self.caption_in_figure,
            max(self.min_text_px * 72 / fig.dpi, self.min_title_pt * s),
            note_y,
        )
        self._graph = GraphPanel(
            fig, graph_rect, tr, s, beside=self.labels_beside, numbers=layout.zoomed(self.zoom)
        )
        if layout.shows_legend(self.zoom):
            ncol = layout.STACKED_LEGEND_COLUMNS if self.stacked else 3
            add_legend(fig, tr.code.N, tr.code.T, s, legend_y, ncol)
        self._table = SideTable(fig, table_rect, tr, s, self.min_text_px * 72 / fig.dpi)
        self._built_trace = tr
        self._start_blitting()

    def needs_relayout(self) -> bool:
        """Whether the figure changed size, or present mode's zoom changed, since the
        artists were laid out."""
        if super().needs_relayout():
            return True
        return self.trace is not None and (
            self.zoom != self._built_zoom or self.stacked != self._built_stacked
        )

    def drawn_sizes(self) -> tuple[float, float]:
        """What a zoom must not shrink, in pixels at the figure's dpi: the spacing between
        nodes of $G_T$ (the smaller of a column and a row) and the side table's text."""
        px = self.figure.dpi / 72
        g = self._graph
        return min(g.col_pt, g.row_pt) * px, self._table.fs * px

    def show_step(self, t: int) -> None:
        """Restyle every part for step t (clipped to 0..T); draw with :meth:`draw`."""
        tr = self.trace
        if tr is None:
            return
        N, _, T = tr.code.shape
        t = int(min(max(t, 0), T))
        self.step = t
        if not self.built:
            return  # (a build that did not finish: drawn at t when rebuilt)
        self._caption.set_text(self.caption(t))
        wrong = [bool(tr.wrong_entries(i)) for i in range(N)] if t == T else [False] * N
        self._graph.show(t, wrong)
        self._table.show(t, wrong)
