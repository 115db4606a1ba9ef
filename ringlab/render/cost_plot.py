"""The cost explorer as a matplotlib Figure: α-β time against message size, log axes.

Draws a :class:`ringlab.core.schedules.costs.Explorer` (computed in the core); no Qt, no
pyplot, so the same function serves the app's canvas and a PNG export.  Curves beyond ring,
tree and the code (the algorithms the Schedules tab adds, keyed by their schedule names) get
colours of their own, dash-dot for whole-vector (latency-optimal) schedules and dotted for
reduce-scatter + all-gather ones; their crossovers are numbered markers (:func:`numbered`),
listed with the same numbers beside the plot, so a dozen of them stay readable.
"""

from __future__ import annotations

from matplotlib.figure import Figure

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
    _mark_crossovers(ax, exp)
    _mark_switches(ax, exp)
    if exp.size is not None:
        _mark_size(ax, exp, colour)
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
    explorer's table writes times and sizes, rather than 10⁻³ and 10⁶ a student converts."""
    from matplotlib.ticker import FuncFormatter, NullFormatter

    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: format_bytes(v) if v > 0 else ""))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: format_seconds(v) if v > 0 else ""))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.yaxis.set_minor_formatter(NullFormatter())


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


def _mark_crossovers(ax, exp) -> None:
    """Ring/tree/code crossovers circled and labelled with S; the others' numbered."""
    k = -1
    for x, number in numbered(exp.crossovers):
        S, t = float(x.S), float(x.time)
        if number is not None:  # beyond ring, tree and the code: a numbered marker
            ax.plot([S], [t], "D", ms=5, mfc="white", mec="0.25", mew=1.1, zorder=5)
            ax.annotate(
                str(number),
                (S, t),
                xytext=(3, 4),
                textcoords="offset points",
                fontsize=7,
                color="0.2",
                zorder=6,
            )
            continue
        k += 1
        ax.plot([S], [t], "o", ms=8, mfc="white", mec="black", mew=1.6, zorder=5)
        ax.axvline(S, color="0.5", lw=0.8, ls=":", zorder=1)
        lo, hi = (float(v) for v in exp.S_range)
        right_half = (S / lo) > (hi / S)  # log scale: keep the label inside the axes
        ax.annotate(
            f"{format_bytes(S)}\n{x.label}",
            (S, t),
            xytext=(-10 if right_half else 10, -28 - 22 * (k % 2)),
            ha="right" if right_half else "left",
            textcoords="offset points",
            fontsize=8,
            bbox=dict(boxstyle="round,pad=0.2", fc="white", ec="0.6", alpha=0.9),
            zorder=6,
        )


def _mark_switches(ax, exp) -> None:
    """Where the best code's K changes along S (the n = 3 family's envelope)."""
    for x in exp.switches:
        S, t = float(x.S), float(x.time)
        ax.plot([S], [t], "^", ms=6, color=COLORS["coded"], zorder=5)
        ax.annotate(
            x.label.split("→")[-1].strip().split(",")[0],
            (S, t),
            xytext=(-6, 8),
            textcoords="offset points",
            fontsize=7,
            color=COLORS["coded"],
        )


def _mark_size(ax, exp, colour: dict) -> None:
    """The chosen message size S: a vertical line and each schedule's time at it."""
    S = float(exp.size)
    ax.axvline(S, color=SIZE_COLOR, lw=1.0, ls="--", zorder=1)
    ax.annotate(
        f"S = {format_bytes(S)}",
        (S, 1),
        xycoords=("data", "axes fraction"),
        xytext=(4, -14),
        textcoords="offset points",
        fontsize=8,
        color=SIZE_COLOR,
    )
    for c in exp.curves:
        ax.plot([S], [float(c.at(exp.size))], ".", ms=7, color=colour.get(c.key, "0.3"), zorder=4)


def cost_figure(exp, figsize=(7.5, 4.5), dpi=100) -> Figure:
    """A new Figure of ``exp`` (for export and tests)."""
    fig = Figure(figsize=figsize, dpi=dpi)
    draw_costs(fig, exp)
    return fig
