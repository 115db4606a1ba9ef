"""Colours, fonts and the figure of the walkthrough (shared by its parts and by the exports)."""
from __future__ import annotations

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

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
MONO_ADVANCE = 0.602          # DejaVu Sans Mono's advance, in em: columns line up exactly

# FreeType hinting off: glyph rasterising is most of a step's cost and unhinted text is
# about twice as fast (benchmarks/bench_render.py); at ≥ 100 dpi the difference is invisible.
# (rc_context touches the global rcParams for the length of a draw; another thread drawing
# at the same moment could at worst get hinted or unhinted text — cosmetic, never wrong.)
RC = {"text.hinting": "no_hinting"}

FIG_SIZE = (12.8, 7.2)        # inches: 1280×720 px at dpi 100, a projector's 16:9


def new_figure(size=FIG_SIZE, dpi: int = 100) -> Figure:
    """A Figure on an Agg canvas (thread-safe, no pyplot state)."""
    fig = Figure(figsize=size, dpi=dpi)
    FigureCanvasAgg(fig)
    return fig
