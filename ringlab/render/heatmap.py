r"""A readable summary of a large walkthrough: a heat map of what each node holds, nodes × time.

At N = 32 the full $G_T$ drawing (:mod:`ringlab.render.propagation`) has ~2000 nodes and its
labels overlap; this draws one cell per node i (row) and time t = 0..T (column) instead, its
colour the share of the N·K message symbols $x_{j,k}$ that appear in what node i holds at t —
its own input $x_i$ and $s_i^{(t)}$, the symbols received at times 1..t.  The current step is a
framed column; at t = T a ✗ marks a node whose decode is wrong.  Per cell the tooltip says the
count and how many of the K sum entries have every one of their N terms at the node.

Matplotlib only, no Qt, no pyplot: the view draws it on its canvas, an export can draw it into
a figure of its own (:meth:`HeatmapRenderer.savefig`, :meth:`HeatmapRenderer.rgb` as the
walkthrough's renderer has them).

>>> from ringlab import preset, simulate
>>> tr = simulate(preset("paper-k1-t2"), inputs=[[1], [2], [3]])
>>> h = holdings(tr)
>>> h.terms[:, 0].tolist(), h.terms[:, -1].tolist()
([1, 1, 1], [3, 3, 3])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from ._frames import StepFrames
from .captions import step_caption
from .palette import colour

__all__ = ["Holdings", "holdings", "HeatmapRenderer"]


@dataclass
class Holdings:
    """Per node i and time t = 0..T, arrays of shape (N, T + 1):

    ``terms[i, t]`` — how many message symbols $x_{j,k}$ (of N·K) appear in node i's input or
    in a symbol it received at times 1..t; ``complete[i, t]`` — for how many k (of K) all N
    terms $x_{0,k}, …, x_{N-1,k}$ of sum entry k appear there (needed to decode entry k)."""

    terms: np.ndarray
    complete: np.ndarray
    N: int
    K: int
    T: int


def _sent_support(trace) -> np.ndarray:
    """(N, T, NK) booleans: which $x_{j,k}$ appear in $y_{i\to}^{(t)}$."""
    N, K, T = trace.code.shape
    coeffs = getattr(trace, "_coeffs", None)
    if coeffs is not None:
        sent = coeffs[0]
        return np.asarray(sent.nonzero(sent.arr), dtype=bool).reshape(N, T, N * K)
    from ..core.simulate import support

    out = np.zeros((N, T, N * K), dtype=bool)
    for t in range(T):
        for i in range(N):
            out[i, t, list(support(trace.field, trace.sent[t][i]))] = True
    return out


def holdings(trace) -> Holdings:
    """What every node holds at every time, counted (see :class:`Holdings`)."""
    N, K, T = trace.code.shape
    sent = _sent_support(trace)
    terms = np.zeros((N, T + 1), dtype=np.int64)
    complete = np.zeros((N, T + 1), dtype=np.int64)
    for i in range(N):
        prev = (i - 1) % N
        held = np.zeros((T + 1, N * K), dtype=bool)
        if T:
            held[1:] = np.logical_or.accumulate(sent[prev], axis=0)
        held[:, i * K : (i + 1) * K] = True  # its own input x_i
        terms[i] = held.sum(axis=1)
        complete[i] = held.reshape(T + 1, N, K).all(axis=1).sum(axis=1)
    return Holdings(terms, complete, N, K, T)


class HeatmapRenderer(StepFrames):
    """Draws the summary of one trace into one Figure; ``show_step(t)`` moves the highlight.

    The same interface as :class:`ringlab.render.propagation.WalkthroughRenderer` where the
    app and the exports use it: ``set_trace``, ``show_step``, ``draw``, ``caption``,
    ``node_at``, ``node_tooltip``, ``needs_relayout``/``relayout``, ``savefig``, ``rgb``."""

    def __init__(self, figure: Figure | None = None, caption_in_figure: bool = True):
        if figure is None:
            from .propagation import new_figure

            figure = new_figure()
        self.figure = figure
        self.caption_in_figure = caption_in_figure
        self.min_scale = 0.8
        self.max_scale = 1.6
        self.trace = None
        self.summary: Holdings | None = None
        self.step = 0
        self.note = ""
        self._built_size = (0.0, 0.0)
        self._ax = None
        self._cid = None
        self._bg = None
        self._exporting = False

    def set_trace(self, trace, note: str = "", summary: Holdings | None = None) -> None:
        """A new trace; ``summary`` is its :func:`holdings` if already computed (elsewhere)."""
        self.trace = trace
        self.note = note
        self.summary = summary if summary is not None else holdings(trace)
        self._build()
        self.show_step(min(self.step, trace.code.T))

    def _scale(self) -> float:
        w, h = self.figure.get_size_inches()
        return max(self.min_scale, min(w / 12.8, h / 7.2, self.max_scale))

    def _build(self) -> None:
        fig, tr, h = self.figure, self.trace, self.summary
        N, K, T = tr.code.shape
        self._clear_figure()
        fig.set_facecolor("white")
        self._built_size = tuple(fig.get_size_inches())
        s = self._scale()
        fs = 11 * s
        verdict = "Theorem 2 holds" if tr.report.feasible else "Theorem 2 fails"
        top = 0.93
        fig.text(
            0.01,
            0.985,
            f"What each node holds — N = {N}, K = {K}, T = {T}, {tr.field.name}; {verdict}",
            ha="left",
            va="top",
            fontsize=fs * 1.25,
            color=colour("text"),
            weight="bold",
        )
        self._caption = None
        if self.caption_in_figure:
            self._caption = fig.text(
                0.01, top, "", ha="left", va="top", fontsize=fs, color=colour("text")
            )
            top = 0.80
        ax = fig.add_axes([0.07, 0.24, 0.80, top - 0.24 - 0.02])
        self._ax = ax
        share = h.terms / float(N * K)
        self._image = ax.imshow(
            share,
            aspect="auto",
            cmap="viridis",
            vmin=0,
            vmax=1,
            interpolation="nearest",
            origin="upper",
            extent=(-0.5, T + 0.5, N - 0.5, -0.5),
        )
        ax.set_xlabel("time t", fontsize=fs)
        ax.set_ylabel("node i", fontsize=fs)
        ax.tick_params(labelsize=fs * 0.9)
        xt = max(1, int(np.ceil((T + 1) / 16)))
        yt = max(1, int(np.ceil(N / 16)))
        ax.set_xticks(range(0, T + 1, xt))
        ax.set_yticks(range(0, N, yt))
        cax = fig.add_axes([0.885, 0.24, 0.018, top - 0.24 - 0.02])
        cb = fig.colorbar(self._image, cax=cax)
        cb.set_label(f"share of the N·K = {N * K} symbols xⱼ,ₖ held", fontsize=fs * 0.9)
        cb.ax.tick_params(labelsize=fs * 0.85)
        self._add_step_marks(ax, N, T, fs, s)
        full = np.flatnonzero(h.complete[:, T] == K)
        self._footer = fig.text(
            0.01,
            0.015,
            f"A summary: the full graph G_T is unreadable at N = {N}. Cell (t, i): how many of "
            f"the {N * K} symbols xⱼ,ₖ\nnode i holds (its input and all it has received); hover "
            f"a cell for the numbers; the frame is the step shown.\nAt t = T, {len(full)} of {N} "
            f"nodes hold every term of all K sums. Tick \u201cFull graph\u201d for G_T itself "
            f"(slow here)." + (f" Inputs: {self.note}." if self.note else ""),
            ha="left",
            va="bottom",
            fontsize=fs * 0.85,
            color=colour("text"),
        )
        self._start_blitting()

    def _add_step_marks(self, ax, N: int, T: int, fs: float, s: float) -> None:
        """The current step as a framed column, and at t = T a ✗ per wrong node."""
        tr = self.trace
        self._frame = Rectangle(
            (-0.5, -0.5), 1, N, fill=False, lw=2.5 * s, edgecolor=colour("now"), zorder=5
        )
        ax.add_patch(self._frame)
        self._wrong = [i for i in range(N) if tr.wrong_entries(i)]
        self._marks = [
            ax.text(
                T + 0.5,
                i,
                " ✗",
                color=colour("bad"),
                fontsize=fs,
                va="center",
                ha="left",
                clip_on=False,
                visible=False,
            )
            for i in self._wrong
        ]

    def show_step(self, t: int) -> None:
        tr = self.trace
        if tr is None:
            return
        T = tr.code.T
        t = int(min(max(t, 0), T))
        self.step = t
        if not self.built:
            return  # (a build that did not finish: drawn at t when rebuilt)
        self._frame.set_x(t - 0.5)
        for m in self._marks:
            m.set_visible(t == T)
        if self._caption is not None:
            self._caption.set_text(self.caption(t, width=160))

    def _dynamic(self) -> list:
        return [a for a in (self._caption, self._frame, *self._marks) if a is not None]

    def caption(self, t: int | None = None, width: int | None = None) -> str:
        return step_caption(self.trace, self.step if t is None else t, width or 160)

    @property
    def axes(self):
        """The heat map's axes (None before a trace is drawn): data coordinates (t, i) are a
        cell's centre, the step shown is the framed column — a tooltip or a pointer placed on
        a cell reads its pixels here."""
        return self._ax

    def cell(self, i: int, t: int) -> tuple[int, int]:
        """``(terms, complete)`` of node i at time t (see :class:`Holdings`)."""
        return int(self.summary.terms[i, t]), int(self.summary.complete[i, t])

    def node_at(self, x_px: float, y_px: float) -> tuple[int, int] | None:
        """The cell ``(i, t)`` under a display point (pixels), if any."""
        if self.trace is None or self._ax is None or x_px is None or y_px is None:
            return None
        t, i = self._ax.transData.inverted().transform((x_px, y_px))
        t, i = int(round(t)), int(round(i))
        N, _, T = self.trace.code.shape
        return (i, t) if 0 <= i < N and 0 <= t <= T else None

    def node_tooltip(self, i: int, t: int) -> str:
        N, K, T = self.trace.code.shape
        terms, complete = self.cell(i, t)
        lines = [
            f"node {i} at t = {t}",
            f"holds {terms} of the {N * K} symbols xⱼ,ₖ ({100 * terms / (N * K):.0f}%): "
            f"its input and {t} received symbol{'s' if t != 1 else ''}",
            f"sum entries with all {N} terms here: {complete} of {K}",
        ]
        if t == T and self.trace.decoded_values is not None:
            lines.append(
                "decodes the sum ✗" if self.trace.wrong_entries(i) else "decodes the sum ✓"
            )
        return "\n".join(lines)
