r"""The walkthrough of a two-way code: its time-expanded graph, step by step, both directions.

One matplotlib Figure, no Qt, no pyplot.  Step t = 0..T−1 draws the sends of time t (each
node one symbol clockwise, ``i → i+1``, and one counter-clockwise, ``i → i−1``, arriving at
t + 1); step t = T draws each node's decode.  So a walkthrough has T + 1 steps
(:func:`twoway_steps`).  Every value drawn is :func:`ringlab.core.twoway_simulate.simulate_twoway`'s.

Layout, as the one-way walkthrough (:mod:`ringlab.render.propagation`): a title and the step's
caption on top, the graph on the left (time left to right, node i on row i), a monospaced
panel on the right (inputs, the target sum, at t = T each node's decode with ✓ or ✗).

The graph: copies of every node per time unit; storage edges grey dashes; a clockwise link
$i^{(t)} \to (i+1)^{(t+1)}$ a *solid* line going down, a counter-clockwise one
$i^{(t)} \to (i-1)^{(t+1)}$ a *dashed* line going up, each in its own colour — so the two
read apart in any palette and in grey.  The wrap-around links go to faded copies: N−1 → 0
clockwise to "0 ↺" under the last row, 0 → N−1 counter-clockwise to "N−1 ↺" above row 0.
Sends of step t are thick arrows labelled with their combination and value (shorter when
there is no room); earlier sends stay, muted, labelled with their value.  Labels are placed
by :func:`ringlab.render.walkthrough.label_place.place`: none over a node or another label.

>>> from ringlab.core.twoway import from_one_way
>>> from ringlab import preset
>>> from ringlab.render.walkthrough.style import new_figure
>>> code = from_one_way(preset("paper-k1-t2"))
>>> twoway_steps(code)
3
>>> draw_twoway_step(new_figure(), code, 2, [[1], [2], [3]])
>>> twoway_caption(code, 2, [[1], [2], [3]]).startswith("t = 2 (the decode)")
True
"""

from __future__ import annotations

import textwrap

import matplotlib as mpl
import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch

from ..core.inputs import resolve_inputs
from ..core.twoway_simulate import simulate_twoway
from . import palette as _palette
from .captions import sub
from .walkthrough import label_place
from .walkthrough.style import MONO, MONO_ADVANCE, RC

__all__ = ["twoway_steps", "draw_twoway_step", "twoway_caption", "twoway_trace"]

# the counter-clockwise highlight, per palette: a blue beside each palette's orange/red "now"
# (Okabe & Ito's blue in the colour-blind one); the line style tells them apart in grey
CCW_NOW = {"default": "#1c7ed6", "colour-blind": "#0072B2", "high-contrast": "#0000e0"}
STYLE = {"cw": "-", "ccw": (0, (5, 2.2))}
ARROW_STYLE = {"cw": "-", "ccw": "--"}
WORDS = {"cw": "clockwise i → i+1", "ccw": "counter-clockwise i → i−1"}


def twoway_steps(code) -> int:
    """Steps of the walkthrough: T + 1 (the sends of t = 0..T−1, then the decode)."""
    return code.T + 1


_cache: list = []  # one entry: (code, inputs key, trace)


def twoway_trace(code, inputs=None, seed: int = 0):
    """The simulation drawn: ``inputs`` N rows of K entries, or ``"random"`` (with ``seed``),
    ``"matmul"``, a JSON file; ``None`` is random with seed 0.  The last one is kept, so
    stepping through a walkthrough simulates once."""
    spec = "random" if inputs is None else inputs
    key = (repr(spec), seed)
    if _cache and _cache[0][0] is code and _cache[0][1] == key:
        return _cache[0][2]
    tr = simulate_twoway(code, resolve_inputs(code, spec, seed))
    _cache[:] = [(code, key, tr)]
    return tr


def _colours(name: str | None) -> dict:
    name = name or _palette.palette_name()
    c = dict(_palette.PALETTES[name])
    c["cw"], c["ccw"] = c["now"], CCW_NOW[name]
    return c


def _vec(F, vals) -> str:
    return "[" + ", ".join("?" if v is None else F.format(v) for v in vals) + "]"


# -- caption ---------------------------------------------------------------------------------
def twoway_caption(code, step: int, inputs=None, width: int | None = None) -> str:
    """What step ``step`` shows, in words (wrapped to ``width`` characters if given)."""
    tr = twoway_trace(code, inputs)
    N, T, F = code.N, code.T, code.field
    t = int(min(max(step, 0), T))
    if t < T:
        busy = {
            d: sum(any(not F.is_zero(c) for c in tr.sent[d][t][i]) for i in range(N)) for d in WORDS
        }
        text = (
            f"t = {t} → {t + 1}: every node sends one symbol each way, arriving at t = {t + 1}: "
            f"{WORDS['cw']} (solid, down) on {busy['cw']} of {N} links and "
            f"{WORDS['ccw']} (dashed, up) on {busy['ccw']} of {N}; each label is the value sent "
            f"for these inputs (with the combination of inputs it is, where there is room)."
        )
    else:
        how = (
            "with its decoder R_cw·s_cw + R_ccw·s_ccw + T·xᵢ"
            if tr.report.mode == "decoder"
            else "by a combination of what it holds"
        )
        bad = [i for i in range(N) if tr.wrong_entries(i)]
        verdict = (
            f"all {N} nodes get Σⱼ xⱼ = {_vec(F, tr.true_sum)} ✓"
            if not bad
            else f"Σⱼ xⱼ = {_vec(F, tr.true_sum)}; wrong at node{'s' if len(bad) > 1 else ''} "
            + ", ".join(map(str, bad))
            + " ✗"
        )
        text = (
            f"t = {T} (the decode): each node combines its own xᵢ with both streams, the "
            f"clockwise one from i−1 and the counter-clockwise one from i+1, {how}: {verdict}."
        )
    return text if width is None else "\n".join(textwrap.wrap(text, width))


# -- geometry --------------------------------------------------------------------------------
def _links(N: int, T: int) -> list:
    """Every transmission ``(d, t, i, p0, p1)``: node i's send in direction d at t, from
    (t, −i) to the receiver's row at t + 1 (a wrap goes to the copy row: −N or +1)."""
    out = []
    for t in range(T):
        for i in range(N):
            out.append(("cw", t, i, (t, -i), (t + 1, -(i + 1))))
            out.append(("ccw", t, i, (t, -i), (t + 1, -(i - 1))))
    return out


class _Geo:
    """The graph axes' scale: a column and a row in points, a node's diameter."""

    def __init__(self, fig, rect, N: int, T: int):
        self.xlim = (-0.4, T + 0.55)
        self.ylim = (-N - 0.5, 1.5)
        w = rect[2] * fig.get_size_inches()[0] * 72
        h = rect[3] * fig.get_size_inches()[1] * 72
        self.col = w / (self.xlim[1] - self.xlim[0])
        self.row = h / (self.ylim[1] - self.ylim[0])
        self.node = float(np.clip(0.36 * min(self.col, self.row), 5, 22))

    def pt(self, p):
        return p[0] * self.col, p[1] * self.row

    def shrunk(self, p0, p1):
        """End points pulled in to the node rims."""
        vx, vy = (p1[0] - p0[0]) * self.col, (p1[1] - p0[1]) * self.row
        L = float(np.hypot(vx, vy)) or 1.0
        a, b = 0.5 * self.node / L, 0.6 * self.node / L
        return (
            (p0[0] + a * vx / self.col, p0[1] + a * vy / self.row),
            (p1[0] - b * vx / self.col, p1[1] - b * vy / self.row),
        )


# -- drawing ---------------------------------------------------------------------------------
def draw_twoway_step(fig, code, step: int, inputs=None, palette=None, caption=True) -> None:
    """Draw step ``step`` (0..T, clipped) of ``code``'s walkthrough into ``fig`` (cleared
    first).  ``inputs`` as :func:`twoway_trace`; ``palette`` a name of
    :data:`ringlab.render.palette.NAMES` (default: the current one); ``caption=False`` leaves
    the step's caption out of the figure (a window that shows it as text beside it)."""
    tr = twoway_trace(code, inputs)
    N, T = code.N, code.T
    t = int(min(max(step, 0), T))
    col = _colours(palette)
    with mpl.rc_context(RC):
        fig.clear()
        fig.set_facecolor("white")
        W, H = fig.get_size_inches() * 72
        s = float(np.clip(min(W / 921.6, H / 518.4), 0.7, 1.6))
        top = _header(fig, tr, t, s, col, W, H, caption)
        legend_h = 2 * 9 * s * 1.45 + 10
        left, bottom = (0.6 * 10.5 * s * 8 + 12) / W, (legend_h + 30 * s + 8) / H
        graph = (left, bottom, 0.70 - left, 1 - top / H - bottom)
        geo = _Geo(fig, graph, N, T)
        ax = fig.add_axes(graph)
        _axes(ax, geo, N, T, s)
        _edges(ax, geo, tr, t, s, col)
        _nodes(ax, geo, tr, t, s, col)
        _labels(ax, geo, tr, t, s, col)
        _legend(fig, s, col, N)
        _panel(fig, (0.72, bottom, 0.27, 1 - top / H - bottom), tr, t, s, col)


def _header(fig, tr, t: int, s: float, col, W: float, H: float, caption=True) -> float:
    """Title and (``caption``) the step's caption; returns the height they take, in points."""
    code = tr.code
    verdict = "feasible ✓" if tr.report.feasible else "INFEASIBLE ✗"
    title = f"two-way ring, N = {code.N}, K = {code.K}, T = {code.T} over {code.field.name}"
    if code.name and "two-way ring" not in code.name:  # a search result's name says as much
        title = f"{code.name} — {title}"
    title += f"; {verdict}"
    fs_title = min(13.5 * s, 0.97 * W / (0.62 * len(title)))
    fig.text(
        0.012, 1 - 6 / H, title, fontsize=fs_title, fontweight="bold", va="top", color=col["text"]
    )
    if not caption:
        return 8 + fs_title * 1.6 + 6 * s
    fs = 12 * s
    width = max(40, int(W * 0.97 / (0.56 * fs)))
    lines = twoway_caption(code, t, tr.inputs, width).split("\n")[:4]
    y = 8 + fs_title * 1.6
    fig.text(
        0.012,
        1 - y / H,
        "\n".join(lines),
        fontsize=fs,
        va="top",
        color=col["text"],
        linespacing=1.25,
    )
    return y + len(lines) * fs * 1.25 + 14 * s


def _axes(ax, geo: _Geo, N: int, T: int, s: float) -> None:
    ax.set_xlim(*geo.xlim)
    ax.set_ylim(*geo.ylim)
    ax.set_xticks(range(T + 1))
    ax.set_xticklabels([str(u) for u in range(T + 1)], fontsize=10 * s)
    ax.set_yticks([1] + [-i for i in range(N)] + [-N])
    ax.set_yticklabels(
        [f"{N - 1} ↺"] + [f"node {i}" for i in range(N)] + ["0 ↺"], fontsize=10.5 * s
    )
    ax.set_xlabel("time t  (sends at t arrive at t + 1)", fontsize=10.5 * s)
    ax.tick_params(length=0, pad=3)
    for sp in ax.spines.values():
        sp.set_visible(False)
    for y in (1, -N):
        ax.axhspan(y - 0.5, y + 0.5, color="#f4f4f6", zorder=0)


def _idle(tr, d: str, t: int, i: int) -> bool:
    F = tr.code.field
    return all(F.is_zero(c) for c in tr.sent[d][t][i])


def _edges(ax, geo: _Geo, tr, t: int, s: float, col) -> None:
    """Storage edges, the links of every time (past muted, future plain), step t's arrows."""
    N, T = tr.code.N, tr.code.T
    store = [((u, -i), (u + 1, -i)) for u in range(T) for i in range(N)]
    ax.add_collection(
        LineCollection(
            store, colors=col["store"], linewidths=1.3 * s, linestyles=(0, (4, 3)), zorder=1
        )
    )
    for d, u, i, p0, p1 in _links(N, T):
        idle = _idle(tr, d, u, i)
        q0, q1 = geo.shrunk(p0, p1)
        if u == t and t < T:
            a = FancyArrowPatch(
                q0,
                q1,
                arrowstyle="-|>",
                mutation_scale=(9 if idle else 15) * s,
                color=col["edge"] if idle else col[d],
                linewidth=(1.2 if idle else 3.0) * s,
                linestyle=":" if idle else ARROW_STYLE[d],
                shrinkA=0,
                shrinkB=0,
                zorder=5,
            )
            ax.add_patch(a)
            continue
        if u < t and not idle:
            c, lw = to_rgba(col[d], 0.5), 2.0 * s
        else:
            c, lw = to_rgba(col["edge"], 0.35 if idle and u < t else 0.7), 0.9 * s
        ax.plot(*zip(q0, q1), color=c, lw=lw, ls=":" if idle and u < t else STYLE[d], zorder=2)


def _nodes(ax, geo: _Geo, tr, t: int, s: float, col) -> None:
    N, T = tr.code.N, tr.code.T
    final = t == T
    wrong = [bool(tr.wrong_entries(i)) for i in range(N)]
    xs, ys, fills = [], [], []
    for u in range(T + 1):
        for i in range(N):
            xs.append(u)
            ys.append(-i)
            if final and u == T:
                fills.append(col["bad_fill"] if wrong[i] else col["ok_fill"])
            elif not final and u == t:
                fills.append(col["send"])
            elif not final and u == t + 1:
                fills.append(col["recv"])
            else:
                fills.append(col["done"] if u <= t else col["node"])
    ax.scatter(
        xs, ys, s=geo.node**2, c=fills, edgecolors=col["node_edge"], linewidths=1.2 * s, zorder=4
    )
    if T >= 1:
        gx = np.arange(1, T + 1, dtype=float)
        for y in (1, -N):
            ax.scatter(
                gx,
                np.full_like(gx, y),
                s=geo.node**2,
                facecolors="none",
                edgecolors=col["node_edge"],
                linewidths=1.0 * s,
                linestyles="--",
                alpha=0.6,
                zorder=4,
            )
    if final:
        for i in range(N):
            ax.text(
                T + 0.5 * geo.node / geo.col + 0.06,
                -i,
                "✗" if wrong[i] else "✓",
                fontsize=13 * s,
                fontweight="bold",
                ha="left",
                va="center",
                color=col["bad"] if wrong[i] else col["ok"],
                zorder=6,
            )


def _label_texts(tr, d: str, t: int, i: int, now: bool) -> list[str]:
    """Longest first: the combination = value (one line, two), the value."""
    val = tr.code.field.format(tr.sent_values[d][t][i])
    if not now:
        return [val]
    comb = tr.pretty(tr.sent[d][t][i])
    return list(dict.fromkeys([f"{comb} = {val}", f"{comb}\n= {val}", val]))


def _labels(ax, geo: _Geo, tr, t: int, s: float, col) -> None:
    """Every non-idle send up to step t labelled: step t's with its combination and value
    when every one of them has room for it, else all with their value (a mix would read as
    if some sends were different); earlier ones with their value."""
    for combos, reach in ((True, 0.6), (True, 0.9), (False, 0.6)):
        placed, full = _place_labels(geo, tr, t, s, combos, reach)
        if full:
            break
    for d, now, text, fs, cx, cy, anchor in placed:
        if now and np.hypot(cx - anchor[0], cy - anchor[1]) > 0.25 * min(geo.col, geo.row):
            # a leader from the label to its arrow, under the label's box
            ax.plot(
                [cx / geo.col, anchor[0] / geo.col],
                [cy / geo.row, anchor[1] / geo.row],
                color=col[d],
                lw=1.2 * s,
                zorder=5.5,
            )
            ax.plot(
                *(a / b for a, b in zip(anchor, (geo.col, geo.row))),
                "o",
                color=col[d],
                ms=4.5 * s,
                zorder=5.6,
            )
        ax.text(
            cx / geo.col,
            cy / geo.row,
            text,
            fontsize=fs,
            ha="center",
            va="center",
            color=col["text"] if now else "#4a4f55",
            zorder=6 if now else 3,
            bbox=dict(
                boxstyle="round,pad=0.25",
                fc="white",
                ec=col[d],
                lw=(1.0 if now else 0.6) * s,
                ls=ARROW_STYLE[d],
                alpha=1.0 if now else 0.9,
            ),
        )


def _place_labels(geo: _Geo, tr, t: int, s: float, combos: bool, reach: float):
    """``([(d, now, text, fontsize, x, y, anchor)], every step-t label has its combination)``: step
    t's labels first (the longest text with a free place near its arrow, off step t's arrows
    if it can be), then earlier ones; each off every node and every label placed before it,
    at most ``reach`` of a column and of a row from its anchor."""
    N, T = tr.code.N, tr.code.T
    links = [lk for lk in _links(N, T) if lk[1] <= t and not _idle(tr, *lk[:3])]
    links.sort(key=lambda lk: (lk[1] != t, -lk[1]))
    nodes = [geo.pt((u, -i)) for u in range(T + 1) for i in range(N)]
    nodes += [geo.pt((u, y)) for u in range(1, T + 1) for y in (1, -N)]
    arrows = [
        tuple(geo.pt(p) for p in geo.shrunk(p0, p1)) for _, u, _, p0, p1 in _links(N, T) if u == t
    ]
    bounds = (*geo.pt((geo.xlim[0], geo.ylim[0])), *geo.pt((geo.xlim[1], geo.ylim[1])))
    r, gap, boxes, out, full = 0.5 * geo.node + 1.0 * s, 2.5 * s, [], [], True
    cell = (reach * geo.col, reach * geo.row)
    for d, u, i, p0, p1 in links:
        now = u == t
        fs = (10 if N <= 4 else 9) * s if now else 8.5 * s
        # anchored a third of the way along the arrow, where the crossing pair stand apart
        anchor = geo.pt((p0[0] + 0.32 * (p1[0] - p0[0]), p0[1] + 0.32 * (p1[1] - p0[1])))
        near = [
            q
            for q in nodes
            if abs(q[0] - anchor[0]) < 2 * geo.col and abs(q[1] - anchor[1]) < 3 * geo.row
        ]
        texts = _label_texts(tr, d, u, i, now and combos)
        # off step t's arrows if it can be, else over one (never over a node or a label)
        tries = [(x, av) for av in (arrows, []) for x in texts[:-1]] if now else []
        tries += [(texts[-1], arrows if now else []), (texts[-1], [])]
        at = None
        for text, avoid in tries:
            w, h = label_place.label_box(text, fs)
            at = label_place.place(w, h, anchor, avoid, near, boxes, r, gap, bounds, cell)
            if at is not None:
                break
        full &= at is not None and (not now or text != texts[-1] or len(texts) == 1)
        cx, cy, box = at if at is not None else (*anchor, None)  # no room at all: on its arrow
        if box is not None:
            boxes.append(box)
        out.append((d, now, text, fs, cx, cy, anchor))
    return out, full


def _legend(fig, s: float, col, N: int) -> None:
    handles = [
        Line2D(
            [],
            [],
            color=col["cw"],
            lw=2.6 * s,
            ls=STYLE["cw"],
            label=f"clockwise i → i+1 (wrap {N - 1} → 0 ↺)",
        ),
        Line2D(
            [],
            [],
            color=col["ccw"],
            lw=2.6 * s,
            ls=STYLE["ccw"],
            label=f"counter-clockwise i → i−1 (wrap 0 → {N - 1} ↺)",
        ),
        Line2D(
            [], [], color=col["store"], lw=1.6 * s, ls=(0, (4, 3)), label="storage i⁽ᵗ⁾ → i⁽ᵗ⁺¹⁾"
        ),
        Line2D([], [], color=col["edge"], lw=1.2 * s, ls=":", label="idle link (sends 0)"),
    ]
    fig.legend(
        handles=handles,
        loc="lower left",
        bbox_to_anchor=(0.01, 0.0),
        ncol=2,
        fontsize=9 * s,
        frameon=False,
        handlelength=3.0,
        columnspacing=1.4,
    )


def _panel(fig, rect, tr, t: int, s: float, col) -> None:
    """Inputs and the target on every step; at t = T each node's decode with ✓ or ✗."""
    code = tr.code
    F, N, T = code.field, code.N, code.T
    rows = [("inputs", col["text"], "bold")]
    rows += [(f"x{sub(i)} = {_vec(F, tr.inputs[i])}", col["text"], "normal") for i in range(N)]
    rows += [
        (f"Σⱼ xⱼ = {_vec(F, tr.true_sum)}", col["text"], "normal"),
        ("", col["text"], "normal"),
    ]
    if t == T:
        rows.append((f"decode at t = {T}", col["text"], "bold"))
        for i in range(N):
            bad = bool(tr.wrong_entries(i))
            mark = "✗" if bad else "✓"
            rows.append(
                (
                    f"node {i}: ẑ = {_vec(F, tr.decoded_values[i])} {mark}",
                    col["bad"] if bad else col["ok"],
                    "bold",
                )
            )
    else:
        rows.append((f"decode at t = {T}", "#8a9099", "normal"))
    ax = fig.add_axes(rect)
    ax.set_axis_off()
    w_pt = rect[2] * fig.get_size_inches()[0] * 72
    h_pt = rect[3] * fig.get_size_inches()[1] * 72
    chars = max(len(r[0]) for r in rows)
    fs = min(11.5 * s, w_pt / (MONO_ADVANCE * chars + 1), h_pt / (1.45 * len(rows)))
    for k, (text, c, weight) in enumerate(rows):
        ax.text(
            0.0,
            1 - k * 1.45 * fs / h_pt,
            text,
            fontsize=fs,
            family=MONO,
            va="top",
            ha="left",
            color=c,
            fontweight=weight,
            transform=ax.transAxes,
        )
