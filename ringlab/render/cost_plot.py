"""The cost explorer as a matplotlib Figure: α-β time against message size, log axes.

Draws a :class:`ringlab.core.schedules.costs.Explorer` (computed in the core); no Qt, no
pyplot, so the same function serves the app's canvas and a PNG export.
"""
from __future__ import annotations

from matplotlib.figure import Figure

from ..core.schedules.costs import format_bandwidth, format_bytes, format_seconds

COLORS = {"ring": "#1f77b4", "tree": "#ff7f0e", "coded": "#2ca02c"}
_EXTRA = ["#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]


def draw_costs(fig: Figure, exp, n: int = 240) -> None:
    """(Re)draw ``exp`` into ``fig`` (cleared first)."""
    fig.clear()
    ax = fig.add_subplot(111)
    xs, ys = exp.sample(n)
    extra = iter(_EXTRA)
    for c in exp.curves:
        color = COLORS.get(c.key) or next(extra, "#333333")
        style = "-" if c.key in ("ring", "tree") else "--"   # dashed: the ring shows through
        lw = 2.4 if c.key != "coded" else 1.8
        ax.plot(xs, ys[c.key], style, color=color, lw=lw, label=c.label,
                zorder=3 if c.key == "coded" else 2)
    for k, x in enumerate(exp.crossovers):
        S, t = float(x.S), float(x.time)
        ax.plot([S], [t], "o", ms=8, mfc="white", mec="black", mew=1.6, zorder=5)
        ax.axvline(S, color="0.5", lw=0.8, ls=":", zorder=1)
        lo, hi = (float(v) for v in exp.S_range)
        right_half = (S / lo) > (hi / S)       # log scale: keep the label inside the axes
        ax.annotate(f"{format_bytes(S)}\n{x.label}", (S, t),
                    xytext=(-10 if right_half else 10, -28 - 22 * (k % 2)),
                    ha="right" if right_half else "left",
                    textcoords="offset points", fontsize=8,
                    bbox=dict(boxstyle="round,pad=0.2", fc="white", ec="0.6", alpha=0.9), zorder=6)
    for x in exp.switches:
        S, t = float(x.S), float(x.time)
        ax.plot([S], [t], "^", ms=6, color=COLORS["coded"], zorder=5)
        ax.annotate(x.label.split("→")[-1].strip().split(",")[0], (S, t), xytext=(-6, 8),
                    textcoords="offset points", fontsize=7, color=COLORS["coded"])
    if exp.size is not None:
        S = float(exp.size)
        ax.axvline(S, color="crimson", lw=1.0, ls="--", zorder=1)
        ax.annotate(f"S = {format_bytes(S)}", (S, 1), xycoords=("data", "axes fraction"),
                    xytext=(4, -14), textcoords="offset points", fontsize=8, color="crimson")
        for c in exp.curves:
            ax.plot([S], [float(c.at(exp.size))], ".", ms=7,
                    color=COLORS.get(c.key, "0.3"), zorder=4)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("message size S (bytes)")
    ax.set_ylabel("α-β time (s)")
    ax.set_title(f"All-Reduce time, N = {exp.N}, α = {format_seconds(exp.alpha)}, "
                 f"B = {format_bandwidth(exp.bandwidth)}", fontsize=10)
    ax.grid(True, which="major", lw=0.5, alpha=0.5)
    ax.legend(loc="upper left", fontsize=8, framealpha=0.9)
    fig.tight_layout()


def cost_figure(exp, figsize=(7.5, 4.5), dpi=100) -> Figure:
    """A new Figure of ``exp`` (for export and tests)."""
    fig = Figure(figsize=figsize, dpi=dpi)
    draw_costs(fig, exp)
    return fig
