"""Where the walkthrough's pieces go, in figure fractions worked out from points.

The figure is 16:9; every size is a font size times the scale ``s`` (1 at 1280×720, never
below the renderer's ``min_scale`` so text stays readable across a room — the parts
abbreviate instead).  Top: the title and, in exports, up to three caption lines; left: $G_T$
with its tick labels and legend below; right: the side table, with the inputs note under it.
On a pane too narrow for both (the window beside a lesson, at 22 pt) the side table goes
*under* the graph and its legend, full width, at its full text size (:func:`stacked_rects`):
the figure grows downwards (:func:`stacked_height`) and the pane scrolls vertically.
"""

from __future__ import annotations

import textwrap

import numpy as np

from . import style
from .style import FIG_SIZE


class NoRoom(ValueError):
    """The figure is too small for the margins its text needs (a hidden or squeezed canvas, a
    large zoom): nothing is laid out.  A ValueError, as matplotlib's own refusal of a
    negative axes size was, which present mode catches to try a smaller zoom."""


def scale(fig, min_scale: float, max_scale: float = 1.6) -> float:
    """Text scale: the figure's size relative to 1280×720, clipped to [min_scale, max_scale]
    (the window pins both at 1: its text size is the user's zoom, not the window's size)."""
    w, h = fig.get_size_inches()
    # below min_scale text gets too small to read across a room: abbreviate more instead
    return float(
        np.clip(min(w / FIG_SIZE[0], h / FIG_SIZE[1]), min_scale, max(min_scale, max_scale))
    )


def note_lines(fig, note: str, s: float) -> list[str]:
    """The inputs note, wrapped to the side table's width (DejaVu Sans ≈ 0.55 em/char)."""
    w = fig.get_size_inches()[0] * 72 * 0.41
    return textwrap.wrap(f"inputs: {note}", max(20, int(w / (0.55 * 9 * s))))


def legend_height(s: float, rows: int = 2) -> float:
    """The legend's height in points (``rows`` rows of 9-pt text, :func:`.graph.add_legend`)."""
    return rows * 9 * s * 1.45 + 8


# the stacked figure (the table under the graph): the legend in two columns (three rows), the
# graph at least this many points a row of G_T (N + 1 rows with node 0's copy) and this tall
STACKED_LEGEND_COLUMNS = 2
STACKED_ROW_PT = 40.0
STACKED_GRAPH_PT = 180.0


def table_height(N: int, s: float) -> float:
    """The side table at its full 13-pt text, three lines a node (:mod:`.table`), in points."""
    return (3 * N + 3.5) * 1.4 * 13 * s + 4


def _note_height(fig, note: str, s: float) -> float:
    return 6 + len(note_lines(fig, note, s)) * 9 * s * 1.25 if note else 0.0


def _ticks_height(s: float) -> float:
    return (10 + 10.5) * s * 1.45 + 10


def _title_height(s: float) -> float:
    return 8 + 13.5 * s * 1.6 + 18 * s


def stacked_height(fig, N: int, s: float, note: str) -> float:
    """The least height (points) of a stacked figure of an N-node code at scale ``s``: the
    title, G_T (``STACKED_ROW_PT`` a row), its ticks, the legend, the table and the note."""
    rows = -(-6 // STACKED_LEGEND_COLUMNS)
    graph = max(STACKED_GRAPH_PT, STACKED_ROW_PT * (N + 1) * s)
    return (
        _title_height(s)
        + graph
        + _ticks_height(s)
        + legend_height(s, rows)
        + table_height(N, s)
        + 4
        + _note_height(fig, note, s)
    )


def stacked_rects(fig, s: float, N: int, note: str):
    """Graph and table rectangles (figure fractions) and the legend's and the note's bottoms
    (points) of the stacked figure: the note at the foot, the table above it, full width,
    the legend above the table, G_T above the legend with the rest of the height."""
    w, h = fig.get_size_inches() * 72
    note_h = _note_height(fig, note, s)
    table_h = table_height(N, s)
    table_y = 4 + note_h
    legend_y = table_y + table_h + 4
    rows = -(-6 // STACKED_LEGEND_COLUMNS)
    bottom = legend_y + legend_height(s, rows) + _ticks_height(s) - 8
    left = 0.6 * 10.5 * s * 7 + 14
    top = _title_height(s)
    graph = (left / w, bottom / h, (w - 6 - 0.02 * w - left) / w, (h - top - bottom) / h)
    table = (0.012, table_y / h, (w - 6 - 0.012 * w) / w, table_h / h)
    if min(graph[2], graph[3], table[2]) <= 0:
        raise NoRoom(
            f"a {w:.0f}×{h:.0f} pt figure leaves no room for G_T above the side table "
            f"at text scale {s:.2f}"
        )
    return graph, table, legend_y, 4.0


def rects(
    fig,
    s: float,
    caption_in_figure: bool,
    note: str,
    caption_lines: int = 3,
    full_table: bool = False,
    zoom: float | None = None,
):
    """Graph and table rectangles (figure fractions), margins worked out in points from
    the font sizes so nothing collides when the figure is smaller than 1280×720: the
    caption gets ``caption_lines`` lines, and the table stops above the legend (at 4:3 the
    legend reaches under the table; the decode step's cover must not hide it).

    ``zoom`` (present mode's, the figure's dpi already multiplied by it): the band under the
    caption narrows, a zoomed slide leaves the legend and the word "node" out (:func:`zoomed`) and the
    side table's share of the width grows with the zoom, so its text grows with the rest."""
    w, h = fig.get_size_inches() * 72
    top = 8 + 13.5 * s * 1.6  # title
    if caption_in_figure:
        top += caption_lines * 12.5 * s * 1.25 + 6  # the caption's lines
    top += (6 if zoom is not None else 18) * s
    legend = legend_height(s) if shows_legend(zoom) else 0.0
    bottom = legend + (10 + 10.5) * s * 1.45 + 10  # legend, ticks, label
    # "node 7" tick labels; a zoomed present slide numbers the rows alone ("7", "0 ↺")
    left = 0.6 * 10.5 * s * (3 if zoomed(zoom) else 7) + 14
    split = 0.545 * w
    if zoom is not None:
        # the table's pixels grow with the zoom: its share of the (fewer) points does
        split = w - 6 - 0.04 * w - min(0.415 * max(zoom, 0.5) ** 0.5, 0.6) * w
    if full_table:
        # the window: the side table keeps room for its 38 characters at full size (13 pt·s)
        # when the graph can spare it — a narrow (or zoomed) drawing gives the graph less
        # rather than the table smaller text — but the graph keeps 35 % of the width
        table_need = style.MONO_ADVANCE * 38 * 13 * s + 6 + 0.04 * w
        split = max(0.35 * w, min(split, w - table_need))
    graph = (left / w, bottom / h, (split - left) / w, (h - top - bottom) / h)
    tx = split + 0.04 * w
    # the inputs note sits above the legend's band (at 4:3, or with the graph narrowed for
    # the table, the legend reaches under the table), the table above the note
    foot = legend + 4 + (6 + len(note_lines(fig, note, s)) * 9 * s * 1.25 if note else 0)
    # the table may start a little above the graph (its header needs no tick room), but
    # never into the caption's lines
    lift = 0 if caption_in_figure else 22 * s
    table = (tx / w, foot / h, (w - tx - 6) / w, max(h - top - foot + lift, 1) / h)
    if min(graph[2], graph[3], table[2]) <= 0:
        raise NoRoom(
            f"a {w:.0f}×{h:.0f} pt figure leaves no room for G_T and the side table "
            f"at text scale {s:.2f}"
        )
    return graph, table


def zoomed(zoom: float | None) -> bool:
    """A present slide zoomed in: it leaves the legend out (the unzoomed slide explains the
    edge styles) and numbers the graph's rows without the word "node" (the table says it),
    so their room goes to the graph."""
    return zoom is not None and zoom > 1.0 + 1e-9


def shows_legend(zoom: float | None) -> bool:
    """Whether the legend is drawn: always, but on a zoomed present slide."""
    return not zoomed(zoom)


def caption_width(fig, fs_caption: float) -> int:
    """Characters of caption per line across the figure (DejaVu Sans ≈ 0.56 em/char)."""
    w = fig.get_size_inches()[0]
    return max(40, int(w * 72 * 0.97 / (0.56 * fs_caption)))


def add_header(
    fig,
    trace,
    s: float,
    note: str,
    caption_in_figure: bool,
    min_pt: float = 0.0,
    note_y: float | None = None,
):
    """The title (code, N, K, T, field, Theorem 2 verdict), the inputs note (its bottom
    ``note_y`` points up; default above the legend) and an empty caption text; returns
    ``(title, caption)``.  A title that would shrink under ``min_pt`` drops the code's name,
    then words, rather than get too small to read."""
    code = trace.code
    N, K, T = code.shape
    verdict = "feasible (Theorem 2 ✓)" if trace.report.feasible else "INFEASIBLE (Theorem 2 ✗)"
    H = fig.get_size_inches()[1] * 72
    W_pt = fig.get_size_inches()[0] * 72
    # bold DejaVu Sans averages ~0.65 em a character: shrink rather than run off the edge
    short = "Theorem 2 ✓" if trace.report.feasible else "Theorem 2 ✗"
    for title in (
        f"{code.name or 'code'} — N = {N}, K = {K}, T = {T} over {code.field.name}; {verdict}",
        f"N = {N}, K = {K}, T = {T} over {code.field.name}; {verdict}",
        f"N = {N}, K = {K}, T = {T}, {code.field.name}; {short}",
    ):
        fs_title = min(13.5 * s, 0.97 * W_pt / (0.65 * len(title)))
        if fs_title >= min_pt:
            break
    title_text = fig.text(
        0.012, 1 - 6 / H, title, fontsize=fs_title, fontweight="bold", va="top", color=style.C_TEXT
    )
    if note:
        # under the side table, wrapped to its width (the table leaves the room, rects)
        fig.text(
            0.988,
            (legend_height(s) + 4 if note_y is None else note_y) / H,
            "\n".join(note_lines(fig, note, s)),
            fontsize=9 * s,
            ha="right",
            va="bottom",
            color="#5c6670",
            linespacing=1.2,
        )
    caption = fig.text(
        0.012,
        1 - (8 + 13.5 * s * 1.6) / H,
        "",
        fontsize=12.5 * s,
        va="top",
        color=style.C_TEXT,
        linespacing=1.25,
        visible=caption_in_figure,
    )
    return title_text, caption
