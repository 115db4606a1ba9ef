"""The cost plot's callouts cover nothing they label (issue 32: "60 KB / coded meets ring (same
above)" and "152 KB tree → ring" sat over the x axis' "1 KB", "10 KB", "1 MB" and over the
curves, at every canvas size).  Measured as drawn, in pixels: each callout's box (its rounded
patch included, its leader line not) against the tick labels shown, the legend, the other
callouts, the markers and each curve's display path."""

from __future__ import annotations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from ringlab import preset
from ringlab.core.schedules import compare
from ringlab.gui.views.schedules.more import extended_explorer, rows_for
from ringlab.render.cost_plot import cost_figure

# (width, height, dpi): the Schedules tab's smallest and usual canvases at its 90 dpi, and
# as a 1024×768 window shows them (its text a ninth larger: 100 dpi), the flat one included;
# and a large one
SIZES = [(440, 240, 90), (585, 324, 90), (440, 240, 100), (640, 192, 100), (1100, 640, 90)]


def n3_paper_and_recursive_doubling():
    # the Schedules tab with the paper's code on N = 3 and "recursive-doubling" ticked
    c = compare(None, preset("paper-k2-t3"), N=3)
    return extended_explorer(
        c.explorer, rows_for(("recursive-doubling",), 3, c.size, c.alpha, c.bandwidth)
    )


def n8_default():
    return compare(N=8).explorer


def text_box(t, renderer) -> Bbox:
    box = Text.get_window_extent(t, renderer)  # the text alone, not an annotation's leader
    patch = t.get_bbox_patch()
    if patch is not None:
        t.update_bbox_position_size(renderer)
        box = Bbox.union([box, patch.get_window_extent(renderer)])
    return box


def overlaps(fig) -> list:
    """(callout, what it meets) for every meeting in the drawn figure."""
    FigureCanvasAgg(fig).draw()
    r = fig.canvas.get_renderer()
    ax = fig.axes[0]
    callouts = [
        (t.get_text(), text_box(t, r)) for t in ax.texts if t.get_visible() and t.get_text()
    ]
    things = []
    for axis, lim in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
        lo, hi = min(lim), max(lim)
        for t, v in zip(axis.get_majorticklabels(), axis.get_majorticklocs()):
            if lo <= v <= hi and t.get_visible() and t.get_text():
                things.append((f"tick {t.get_text()}", t.get_window_extent(r)))
    things.append(("legend", ax.get_legend().get_window_extent(r)))
    curves = []
    for line in ax.lines:
        path = line.get_transform().transform_path(line.get_path())
        if line.get_linestyle() not in ("None", "") and not line.get_label().startswith("_"):
            curves.append((f"curve {line.get_label()}", path))
        if line.get_marker() not in ("None", "", None):
            h = line.get_markersize() * fig.dpi / 72 / 2
            for x, y in path.vertices:
                things.append(("marker", Bbox.from_extents(x - h, y - h, x + h, y + h)))
    bad = []
    inside = ax.get_window_extent(r)
    for i, (text, box) in enumerate(callouts):
        if not (
            inside.x0 <= box.x0
            and box.x1 <= inside.x1
            and inside.y0 <= box.y0
            and box.y1 <= inside.y1
        ):
            bad.append((text, "outside the axes"))
        others = [(f"callout {t}", b) for j, (t, b) in enumerate(callouts) if j != i]
        bad += [(text, name) for name, b in things + others if box.overlaps(b)]
        bad += [(text, name) for name, p in curves if p.intersects_bbox(box, filled=False)]
    return bad


@pytest.mark.parametrize("px", SIZES)
@pytest.mark.parametrize("make", [n3_paper_and_recursive_doubling, n8_default])
def test_callouts_cover_nothing(make, px):
    exp = make()
    w, h, dpi = px
    fig = cost_figure(exp, figsize=(w / dpi, h / dpi), dpi=dpi)
    assert overlaps(fig) == []
    # every crossover and size still said somewhere on the plot (beside it or in the note)
    said = " ".join(t.get_text() for t in fig.axes[0].texts if t.get_visible())
    for x in exp.crossovers:
        if all(k in ("ring", "tree", "coded") for k in x.between):
            assert x.label in " ".join(said.split()), (x.label, said)
    assert "S = 1 MB" in said
