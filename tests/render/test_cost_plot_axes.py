"""The cost plot's axes as a student reads them (issue 33: "the cost plot's y axis has no label
or unit"): each decade named with its unit — "1 ms", "1 s", "1 MB" — and both axis titles whole
inside the figure, down to the smallest canvas the Schedules tab gives it (440 × 240 px)."""

from __future__ import annotations

import re

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from ringlab.core.schedules import explorer, parse_bandwidth, parse_bytes, parse_seconds
from ringlab.render.cost_plot import cost_figure

TIME = re.compile(r"^\d+ (ns|µs|ms|s)$")
SIZE = re.compile(r"^\d+ (B|KB|MB|GB)$")


def shown_ticks(axis, lo, hi) -> list[str]:
    """The major tick labels drawn inside the axis' view."""
    return [
        t.get_text()
        for t, v in zip(axis.get_majorticklabels(), axis.get_majorticklocs())
        if lo <= v <= hi and t.get_visible() and t.get_text()
    ]


@pytest.mark.parametrize("px", [(440, 240), (585, 324), (750, 450)])
def test_axes_name_their_units(px):
    # the course page's example: N = 4, α = 50 µs, B = 1 GB/s; the ring's α-β time runs
    # from 2(N−1)α = 300 µs (tiny S) to 2(N−1)(α + S/(NB)) ≈ 1.5 s at S = 1 GB
    exp = explorer(4, parse_seconds("50us"), parse_bandwidth("1GB/s"), size=parse_bytes("1MB"))
    fig = cost_figure(exp, figsize=(px[0] / 90, px[1] / 90), dpi=90)
    FigureCanvasAgg(fig).draw()
    ax = fig.axes[0]
    ys = shown_ticks(ax.yaxis, *ax.get_ylim())
    xs = shown_ticks(ax.xaxis, *ax.get_xlim())
    assert ys and all(TIME.match(y) for y in ys), ys
    assert xs and all(SIZE.match(x) for x in xs), xs
    assert "1 s" in ys and "1 ms" in ys, ys
    assert "1 MB" in xs or "1 KB" in xs, xs
    assert "time" in ax.get_ylabel() and "size" in ax.get_xlabel()
    # both titles whole inside the figure (a long one was cut at the small canvas)
    r = fig.canvas.get_renderer()
    for label in (ax.yaxis.label, ax.xaxis.label):
        box = label.get_window_extent(r)
        assert box.x0 >= 0 and box.y0 >= 0, (label.get_text(), box)
        assert box.x1 <= fig.bbox.width and box.y1 <= fig.bbox.height, (label.get_text(), box)
