"""Colours, fonts and the figure of the walkthrough (shared by its parts and by the exports)."""

from __future__ import annotations

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

# colours: the current palette's (ringlab.render.palette); the drawing parts read them as
# ``style.C_*`` when they draw, so a palette change reaches the next drawing
from .. import palette as _palette

_ROLE_OF = {
    "C_EDGE": "edge",
    "C_STORE": "store",
    "C_PAST": "past",
    "C_NOW": "now",
    "C_NODE": "node",
    "C_NODE_EDGE": "node_edge",
    "C_DONE": "done",
    "C_SEND": "send",
    "C_RECV": "recv",
    "C_OK": "ok",
    "C_OK_FILL": "ok_fill",
    "C_BAD": "bad",
    "C_BAD_FILL": "bad_fill",
    "C_TEXT": "text",
}


def _follow_palette(_name=None) -> None:
    globals().update({k: _palette.colour(role) for k, role in _ROLE_OF.items()})


_follow_palette()
_palette.on_palette_changed(_follow_palette)
MONO = "DejaVu Sans Mono"
MONO_ADVANCE = 0.602  # DejaVu Sans Mono's advance, in em: columns line up exactly

# FreeType hinting off: glyph rasterising is most of a step's cost and unhinted text is
# about twice as fast (benchmarks/bench_render.py); at ≥ 100 dpi the difference is invisible.
# (rc_context touches the global rcParams for the length of a draw; another thread drawing
# at the same moment could at worst get hinted or unhinted text — cosmetic, never wrong.)
RC = {"text.hinting": "no_hinting"}

FIG_SIZE = (12.8, 7.2)  # inches: 1280×720 px at dpi 100, a projector's 16:9


def new_figure(size=FIG_SIZE, dpi: int = 100) -> Figure:
    """A Figure on an Agg canvas (thread-safe, no pyplot state)."""
    fig = Figure(figsize=size, dpi=dpi)
    FigureCanvasAgg(fig)
    return fig
