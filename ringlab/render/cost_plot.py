"""The cost explorer as a matplotlib Figure: α-β time against message size, log axes.

Draws a :class:`ringlab.core.schedules.costs.Explorer` (computed in the core); no Qt, no
pyplot, so the same function serves the app's canvas and a PNG export.  Curves beyond ring,
tree and the code (the algorithms the Schedules tab adds, keyed by their schedule names) get
colours of their own, dash-dot for whole-vector (latency-optimal) schedules and dotted for
reduce-scatter + all-gather ones; their crossovers are numbered markers (:func:`numbered`),
listed with the same numbers beside the plot, so a dozen of them stay readable.
"""

from __future__ import annotations

import math

from matplotlib.artist import Artist
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox, IdentityTransform

from ..core.schedules.costs import format_bandwidth, format_bytes, format_seconds

COLORS = {"ring": "#1f77b4", "tree": "#ff7f0e", "coded": "#2ca02c"}
_EXTRA = ["#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]
OTHER_COLOR = "#333333"  # a schedule past the named and the extra colours
SIZE_COLOR = "crimson"  # the message size S chosen in the explorer
# the algorithms beyond ring and tree (ringlab.core.schedules.known_schedules)
SCHEDULE_COLORS = {
    "recursive-doubling": "#d62728",
    "rabenseifner": "#17becf",
    "swing": "#bcbd22",
    "bruck": "#1b9e77",
    "bruck-bw": "#66a61e",
    "trivance": "#e6ab02",
    "trivance-bw": "#a6761d",
    "nccl-tree": "#000000",
    "nccl-tree-pipelined": "#7f7f7f",
}
_WHOLE_VECTOR = ("recursive-doubling", "bruck", "trivance", "nccl-tree")


def is_base(key: str) -> bool:
    """Ring, tree or a code: the explorer's own curves."""
    return key in ("ring", "tree", "coded") or key.startswith("code:")


def numbered(crossovers) -> list:
    """(crossover, number) for each; the number is None for a crossover of two base curves
    (labelled in full, as before) and 1, 2, … in order of S for the others."""
    out, n = [], 0
    for x in crossovers:
        if all(is_base(k) for k in x.between):
            out.append((x, None))
        else:
            n += 1
            out.append((x, n))
    return out


def draw_costs(fig: Figure, exp, n: int = 240) -> None:
    """(Re)draw ``exp`` into ``fig`` (cleared first)."""
    fig.clear()
    ax = fig.add_subplot(111)
    colour = _draw_curves(ax, exp, n)
    callouts = Callouts(ax)
    if exp.size is not None:
        _mark_size(ax, exp, colour, callouts)
    _mark_crossovers(ax, exp, callouts)
    _mark_switches(ax, exp, callouts)
    ax.set_xscale("log")
    ax.set_yscale("log")
    _readable_ticks(ax)
    ax.set_xlabel("message size S (each core's vector)")
    ax.set_ylabel("time (α-β model)")
    ax.set_title(
        f"All-Reduce time, N = {exp.N}, α = {format_seconds(exp.alpha)}, "
        f"B = {format_bandwidth(exp.bandwidth)}",
        fontsize=10,
    )
    ax.grid(True, which="major", lw=0.5, alpha=0.5)
    many = len(exp.curves) > 4
    ax.legend(loc="upper left", fontsize=7 if many else 8, framealpha=0.9, ncol=2 if many else 1)
    fig.tight_layout()


def _readable_ticks(ax) -> None:
    """Each decade named with its unit ("100 µs", "1 ms", "1 s"; "1 KB", "1 MB"), as the
    explorer's table writes times and sizes, rather than 10⁻³ and 10⁶ a student converts.
    Minor ticks at 2× and 5× each decade only: the plot spans up to nine decades, and eight
    unlabelled ticks a decade (136 tick objects) were half of every redraw's time."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: format_bytes(v) if v > 0 else ""))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: format_seconds(v) if v > 0 else ""))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.yaxis.set_minor_formatter(NullFormatter())
    for axis in (ax.xaxis, ax.yaxis):
        axis.set_minor_locator(LogLocator(subs=(2.0, 5.0)))


def _draw_curves(ax, exp, n: int) -> dict:
    """One line per schedule (ring and tree solid, the code dashed so the ring shows through,
    the other algorithms dash-dotted or dotted); returns each curve's colour by key."""
    xs, ys = exp.sample(n)
    extra = iter(_EXTRA)
    colour = {}
    for c in exp.curves:
        color = colour[c.key] = (
            COLORS.get(c.key) or SCHEDULE_COLORS.get(c.key) or next(extra, OTHER_COLOR)
        )
        if is_base(c.key):
            style = "-" if c.key in ("ring", "tree") else "--"
            lw = 2.4 if c.key != "coded" else 1.8
        else:
            style, lw = ("-." if c.key in _WHOLE_VECTOR else ":"), 2.0
        ax.plot(
            xs,
            ys[c.key],
            style,
            color=color,
            lw=lw,
            label=c.label,
            zorder=3 if c.key == "coded" else 2,
        )
    return colour


def _mark_crossovers(ax, exp, callouts) -> None:
    """Ring/tree/code crossovers circled and labelled with S; the others' numbered."""
    for x, number in numbered(exp.crossovers):
        S, t = float(x.S), float(x.time)
        if number is not None:  # beyond ring, tree and the code: a numbered marker
            ax.plot([S], [t], "D", ms=5, mfc="white", mec="0.25", mew=1.1, zorder=5)
            callouts.add(
                ax.annotate(str(number), (S, t), fontsize=7, color="0.2", zorder=6), leader=False
            )
            continue
        ax.plot([S], [t], "o", ms=8, mfc="white", mec="black", mew=1.6, zorder=5)
        ax.axvline(S, color="0.5", lw=0.8, ls=":", zorder=1)
        callouts.add(
            ax.annotate(
                f"{format_bytes(S)}\n{x.label}",
                (S, t),
                fontsize=8,
                bbox=dict(boxstyle="round,pad=0.2", fc="white", ec="0.6", alpha=0.9),
                arrowprops=dict(arrowstyle="-", color="0.45", lw=0.8, shrinkA=0, shrinkB=5),
                zorder=6,
            )
        )


def _mark_switches(ax, exp, callouts) -> None:
    """Where the best code's K changes along S (the n = 3 family's envelope)."""
    for x in exp.switches:
        S, t = float(x.S), float(x.time)
        ax.plot([S], [t], "^", ms=6, color=COLORS["coded"], zorder=5)
        callouts.add(
            ax.annotate(
                x.label.split("→")[-1].strip().split(",")[0],
                (S, t),
                fontsize=7,
                color=COLORS["coded"],
                bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.8),
            ),
            leader=False,
        )


def _mark_size(ax, exp, colour: dict, callouts) -> None:
    """The chosen message size S: a vertical line and each schedule's time at it."""
    S = float(exp.size)
    ax.axvline(S, color=SIZE_COLOR, lw=1.0, ls="--", zorder=1)
    callouts.add(
        ax.annotate(
            f"S = {format_bytes(S)}",
            (S, 1),
            xycoords=("data", "axes fraction"),
            fontsize=8,
            color=SIZE_COLOR,
        ),
        along_top=True,
    )
    for c in exp.curves:
        ax.plot([S], [float(c.at(exp.size))], ".", ms=7, color=colour.get(c.key, "0.3"), zorder=4)


def cost_figure(exp, figsize=(7.5, 4.5), dpi=100) -> Figure:
    """A new Figure of ``exp`` (for export and tests)."""
    fig = Figure(figsize=figsize, dpi=dpi)
    draw_costs(fig, exp)
    return fig


# the distances (points) tried between a callout and what it marks, nearest first, and the
# directions at each, in the order wanted (below right first: log-log curves rise rightwards)
_RADII = (3, 8, 16, 28, 44, 64, 90, 120, 160, 210)
_ANGLES = (-45, -135, 45, 135, 0, 180, -90, 90, -22, -158, 22, 158, -68, -112, 68, 112)
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_NO = (None, "None", "none", "", " ")


class Callouts(Artist):
    """The plot's callouts, placed every time the figure is drawn (the canvas may have been
    resized or the text zoomed since): each near what it marks, at the first candidate whose
    box meets no tick label, no legend, no callout placed before it, no marker and no plotted
    line, inside the axes; a leader line joins a box set apart.  A callout that fits nowhere
    becomes a letter at its point and its full text goes into a note, itself placed where it
    covers nothing it can avoid."""

    def __init__(self, ax):
        super().__init__()
        self.ax = ax
        self.items: list = []
        self.set_zorder(-100)  # drawn first among the axes' children: before the callouts
        self.note = ax.text(
            0,
            0,
            "",
            fontsize=7,
            visible=False,
            transform=IdentityTransform(),
            bbox=dict(boxstyle="round,pad=0.3", fc="white", ec="0.6", alpha=0.95),
            zorder=7,
        )
        self.note.set_in_layout(False)
        ax.add_artist(self)
        self.set_in_layout(False)

    def add(self, ann, leader: bool = True, along_top: bool = False) -> None:
        """``ann`` placed at draw time (``along_top``: beside its vertical line, at the top)."""
        ann.set_in_layout(False)  # placed after the layout, inside the axes
        ann.set_annotation_clip(False)
        ann.set_horizontalalignment("center")
        ann.set_verticalalignment("center")
        ann.set_anncoords("offset pixels")
        where = self.ax.get_xaxis_transform() if along_top else self.ax.transData
        self.items.append((ann, ann.get_text(), ann.get_fontsize(), leader, along_top, where))

    def draw(self, renderer) -> None:
        if not self.get_visible():
            return
        inside = self.ax.get_window_extent(renderer).padded(-2)
        boxes, paths, guides = obstacles(self.ax, renderer)
        pt = renderer.points_to_pixels(1.0)
        notes = []
        for ann, full, size, leader, along_top, where in self.items:
            xy = where.transform(ann.xy)
            box = None
            # on two lines, then on one (a flat canvas); over a guide line only if need be
            # then an eighth smaller (never under 6.5 pt)
            texts = dict.fromkeys((full, " ".join(full.split())))
            sizes = dict.fromkeys((size, max(6.5, 0.875 * size)))
            for fs, text in ((fs, text) for fs in sizes for text in texts):
                ann.set_fontsize(fs)
                ann.set_text(text)
                for avoid in (paths + guides, paths):
                    box = box or _place(
                        ann, xy, leader, along_top, inside, boxes, avoid, pt, renderer
                    )
                if box is not None:
                    break
            if box is None:  # nowhere: a letter at its point, its text in the note
                letter = _LETTERS[len(notes) % len(_LETTERS)]
                notes.append(f"{letter}: {' '.join(full.split())}")
                ann.set_fontsize(size)
                ann.set_text(letter)
                box = _place(ann, xy, False, along_top, inside, boxes, paths, pt, renderer, True)
            boxes.append(box)
        self.note.set_visible(bool(notes))
        if notes:
            self.note.set_text("\n".join(notes))
            self._place_note(inside, boxes, paths, renderer)

    def _place_note(self, inside, boxes, paths, renderer) -> None:
        """The note in a corner of the axes, else anywhere free on a grid, scanned from the
        bottom right (log-log curves leave it empty), else where it covers least."""
        note, m = self.note, 4
        for fs in (7, 6):
            note.set_fontsize(fs)
            if self._note_at(inside, boxes, paths, renderer, m, last=fs == 6):
                return

    def _note_at(self, inside, boxes, paths, renderer, m, last) -> bool:
        """Whether the note found a free place at its font size (``last``: if not, it is
        left where it covers least)."""
        note = self.note
        note.set_horizontalalignment("left")
        note.set_verticalalignment("bottom")
        note.set_position((0, 0))
        b0 = box_of(note, renderer)  # moved with its position (measured once: fast)
        w, h = b0.size
        x0, x1, y0, y1 = inside.x0 + m, inside.x1 - m - w, inside.y0 + m, inside.y1 - m - h
        corners = [(x1, y0), (x1, y1), (x0, y0), (x0, y1)]
        step = max(6.0, renderer.points_to_pixels(6))
        nx, ny = max(0, int((x1 - x0) / step)), max(0, int((y1 - y0) / step))
        grid = [(x1 - i * step, y0 + j * step) for j in range(ny + 1) for i in range(nx + 1)]
        best = None
        for x, y in corners + grid:
            box = b0.translated(x, y)
            if _free(box, inside, boxes, paths):
                note.set_position((x, y))
                return True
            cost = _cost(box, inside, boxes, paths)
            if best is None or cost < best[0]:
                best = (cost, x, y)
        if last:
            note.set_position(best[1:])
        return False


def obstacles(ax, renderer) -> tuple[list, list, list]:
    """What a callout must not meet, in pixels: the legend and each marker as boxes; the
    curves as paths; and, avoided when possible, the vertical guides (a crossover's dotted
    line, the chosen size's dashed one) as paths.  (The tick labels are outside the axes,
    which a callout never leaves: measuring them would cost a third of the draw.)"""
    boxes = []
    legend = ax.get_legend()
    if legend is not None and legend.get_visible():
        boxes.append(legend.get_window_extent(renderer))
    curves, guides = [], []
    for line in ax.lines:
        if not line.get_visible():
            continue
        path = line.get_transform().transform_path(line.get_path())
        if line.get_linestyle() not in _NO:
            (guides if line.get_label().startswith("_") else curves).append(path)
        if line.get_marker() not in _NO:
            r = renderer.points_to_pixels(line.get_markersize() / 2 + line.get_markeredgewidth())
            boxes.extend(Bbox.from_extents(x - r, y - r, x + r, y + r) for x, y in path.vertices)
    return boxes, curves, guides


def box_of(text, renderer) -> Bbox:
    """A text's box in pixels, its rounded patch included (an annotation's leader not)."""
    if hasattr(text, "update_positions"):  # an annotation: its text moved with xyann
        text.update_positions(renderer)
    box = Text.get_window_extent(text, renderer)
    patch = text.get_bbox_patch()
    if patch is not None:
        text.update_bbox_position_size(renderer)
        box = Bbox.union([box, patch.get_window_extent(renderer)])
    return box


def _free(box, inside, boxes, paths) -> bool:
    if not (
        box.x0 >= inside.x0 and box.y0 >= inside.y0 and box.x1 <= inside.x1 and box.y1 <= inside.y1
    ):
        return False
    if any(box.overlaps(b) for b in boxes):
        return False
    return not any(p.intersects_bbox(box, filled=False) for p in paths)


def _candidates(xy, w, h, leader, along_top, inside, pt):
    x, y = xy
    if along_top:  # beside its line at the top, then lower along it
        for dy in (3, 18, 33, 48, 63, 78, 93):
            for sx in (1, -1):
                yield x + sx * (4 * pt + w / 2), inside.y1 - dy * pt - h / 2
        return
    for r in _RADII if leader else _RADII[:5]:
        for a in _ANGLES:
            ux, uy = math.cos(math.radians(a)), math.sin(math.radians(a))
            sx, sy = max(-1.0, min(1.0, 1.5 * ux)), max(-1.0, min(1.0, 1.5 * uy))
            yield x + ux * r * pt + sx * w / 2, y + uy * r * pt + sy * h / 2


def _place(ann, xy, leader, along_top, inside, boxes, paths, pt, renderer, force=False):
    """Put ``ann`` at its first free candidate and return its box; None when none is free
    (or, with ``force``, the box of the candidate covering least)."""
    ann.xyann = (0, 0)
    b0 = box_of(ann, renderer)  # centred on xy; moved by its offset (measured once: fast)
    best = None
    for cx, cy in _candidates(xy, b0.width, b0.height, leader, along_top, inside, pt):
        box = b0.translated(cx - xy[0], cy - xy[1])
        if _free(box, inside, boxes, paths):
            ann.xyann = (cx - xy[0], cy - xy[1])
            return box
        if force:
            cost = _cost(box, inside, boxes, paths)
            if best is None or cost < best[0]:
                best = (cost, cx, cy)
    if not force:
        return None
    ann.xyann = (best[1] - xy[0], best[2] - xy[1])
    return box_of(ann, renderer)


def _cost(box, inside, boxes, paths) -> int:
    """Where nothing is free (a tiny canvas, a dozen schedules): what a box covers, the tick
    labels, legend, callouts and markers weighing more than a line crossed, and the edge of
    the axes most."""
    out = 100 * (not inside.contains(box.x0, box.y0) or not inside.contains(box.x1, box.y1))
    out += 10 * sum(box.overlaps(b) for b in boxes)
    return out + sum(p.intersects_bbox(box, filled=False) for p in paths)
