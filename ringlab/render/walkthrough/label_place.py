"""Where an edge label goes so that it covers no arrow of the step and no node (present mode).

Positions are tried on a grid around the arrow's middle (up to a column and a row away), in
points of the $G_T$ axes; a box must keep ``gap`` from every arrow drawn now (a thick segment),
from every node disc and from the labels placed before it, and stay inside the axes.  The
candidates are tried longest first, each at the free position nearest its arrow; a label that
fits nowhere is not drawn (the side table says what each node sends), rather than laid over
the arrow it names (present mode) — or, in the window, drawn on its arrow as before, where
the drawing has no room at all (a code of 32 nodes × 128 steps).
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..captions import ring_combination, short_combination

GRID = 8  # positions per column and per row


def _seg_rect_dist(p, q, box) -> float:
    """Distance between the segment pq and the box (x0, y0, x1, y1); 0 when they meet."""
    x0, y0, x1, y1 = box
    (px, py), (qx, qy) = p, q
    # the segment crosses the box: clip it (Liang–Barsky)
    dx, dy = qx - px, qy - py
    lo, hi = 0.0, 1.0
    for d, a in ((-dx, px - x0), (dx, x1 - px), (-dy, py - y0), (dy, y1 - py)):
        if d == 0:
            if a < 0:
                break
        else:
            t = a / d
            if d < 0:
                lo = max(lo, t)
            else:
                hi = min(hi, t)
    else:
        if lo <= hi:
            return 0.0
    pts = [(px, py), (qx, qy)]
    best = min(_pt_rect(x, y, box) for x, y in pts)
    L2 = dx * dx + dy * dy or 1.0
    for cx, cy in ((x0, y0), (x0, y1), (x1, y0), (x1, y1)):
        t = max(0.0, min(1.0, ((cx - px) * dx + (cy - py) * dy) / L2))
        best = min(best, math.hypot(px + t * dx - cx, py + t * dy - cy))
    return best


def _pt_rect(x, y, box) -> float:
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1))


@lru_cache(maxsize=64)
def _offsets(cw: float, ch: float) -> tuple:
    """The grid's offsets (points) from the middle, nearest first; among equally near ones in
    the order a scan by column then row meets them (the first free one is the one wanted)."""
    grid = [
        (k * cw / GRID, m * ch / GRID)
        for k in range(-GRID, GRID + 1)
        for m in range(-GRID, GRID + 1)
    ]
    return tuple(sorted(grid, key=lambda d: math.hypot(*d)))


def place(w, h, mid, arrows, nodes, boxes, r, gap, bounds, cell):
    """The centre (points) of a w×h box nearest ``mid`` that keeps ``gap`` from each arrow
    segment, r + gap from each node centre and ``gap`` from each placed box, inside
    ``bounds``; None when there is none within a ``cell`` (column, row) of ``mid``.
    (Positions are tried nearest first: the first free one is the answer.)"""
    cw, ch = cell
    bx0, by0, bx1, by1 = bounds
    hw, hh = w / 2, h / 2
    for dx, dy in _offsets(cw, ch):
        cx, cy = mid[0] + dx, mid[1] + dy
        box = (cx - hw, cy - hh, cx + hw, cy + hh)
        if box[0] < bx0 or box[1] < by0 or box[2] > bx1 or box[3] > by1:
            continue
        if any(
            box[0] < o[2] + gap
            and o[0] < box[2] + gap
            and box[1] < o[3] + gap
            and o[1] < box[3] + gap
            for o in boxes
        ):
            continue
        if any(_pt_rect(x, y, box) < r + gap for x, y in nodes):
            continue
        if any(_seg_rect_dist(p, q, box) < gap for p, q in arrows):
            continue
        return cx, cy, box
    return None


@lru_cache(maxsize=4096)
def _line_width_pt(line: str, fontsize: float) -> float:
    """A line's advance in points (measured at 72 dpi by Agg, as the figure draws it)."""
    from matplotlib.backends.backend_agg import RendererAgg
    from matplotlib.font_manager import FontProperties

    return _agg(RendererAgg).get_text_width_height_descent(
        line, FontProperties(size=fontsize), ismath=False
    )[0]


@lru_cache(maxsize=1)
def _agg(cls):
    return cls(1, 1, 72)


def label_box(text: str, fontsize: float, pad: float = 0.25):
    """The label's box in points: its lines measured at ``fontsize`` plus the round box's pad
    (``pad`` font sizes each side)."""
    lines = text.split("\n")
    w = max(_line_width_pt(s, fontsize) for s in lines) + 2 * pad * fontsize
    h = len(lines) * 1.2 * fontsize + 2 * pad * fontsize
    return w, h


def label_candidates(tr, t: int, i: int) -> list[str]:
    """Sender i's labels at step t to try, longest first: the full combination = value, on
    two lines, shortened, the value."""
    y = tr.sent[t][i]
    val = "" if tr.sent_values is None else tr.field.format(tr.sent_values[t][i])
    full = ring_combination(tr, y, i)
    shortc = short_combination(tr, y, 22, sender=i)
    cands = [f"{full} = {val}" if val else full]
    if val:
        cands += [f"{full}\n= {val}", f"{shortc}\n= {val}", val]
    else:
        cands.append(shortc)
    return list(dict.fromkeys(cands))


def place_labels(g, t: int) -> None:
    """Each label of step t of the :class:`.graph.GraphPanel` ``g``, longest text first, at
    the free place nearest its arrow; a label with no free place is hidden."""
    a, b, s, N = g.col_pt, g.row_pt, g.s, len(g.arrows)
    T = g.trace.code.T
    pt = lambda x, y: (x * a, y * b)  # noqa: E731 — data → points of the axes
    arrows = [tuple(pt(*p) for p in g.shrunk(*g.trans[t * N + i])) for i in range(N)]
    cols = [c for c in range(t - 2, t + 4) if 0 <= c <= T]
    nodes = [pt(c, -j) for c in cols for j in range(N)] + [pt(c, -N) for c in cols if c >= 1]
    x0, x1 = g.ax.get_xlim()
    y0, y1 = g.ax.get_ylim()
    bounds = (*pt(x0, y0), *pt(x1, y1))
    # (an arrow's head reaches 3.2 pt·s beside its line, plus half its 3.2 pt·s width)
    r, gap, boxes = 0.5 * g.node_pt + 1.3 * s, 5.5 * s, []
    for i, lab in enumerate(g.labels):
        e = t * N + i
        p0, p1 = g.trans[e]
        mid = pt((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)
        texts = ["idle"] if g.idle[e] else label_candidates(g.trace, t, i)
        # the texts a cell from the arrow, longest first; then the shortest two cells away
        tries = [(text, 1) for text in texts] + [(texts[-1], 2)]
        w, h = label_box(texts[-1], g.fs_label)
        if a < 2 * (r + gap) + w and b < 2 * (r + gap) + h:
            tries = []  # not even the shortest fits between two columns or two rows of nodes
        for text, k in tries:
            w, h = label_box(text, g.fs_label)
            # only what a box k columns and k rows from the middle could reach
            reach = (k + 1.6) * a, (k + 1.6) * b
            near_nodes = [
                q for q in nodes if abs(q[0] - mid[0]) < reach[0] and abs(q[1] - mid[1]) < reach[1]
            ]
            near_arrows = arrows[max(0, i - 2 * k) : i + 2 * k + 1]
            at = place(w, h, mid, near_arrows, near_nodes, boxes, r, gap, bounds, (k * a, k * b))
            if at is not None:
                cx, cy, box = at
                boxes.append(box)
                lab.set_text(text)
                lab.set_position((cx / a, cy / b))
                lab.set_visible(True)
                break
        else:
            if g.beside:
                lab.set_visible(False)
            else:
                # the window, a drawing with no room beside its arrows (32 nodes × 128
                # steps): the label on its arrow, as the walkthrough always drew one
                lab.set_text("idle" if g.idle[e] else g.edge_label(t, i))
                lab.set_position(((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2))
                lab.set_visible(True)
