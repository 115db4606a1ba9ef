"""No edge label of the window's Propagation drawing meets an arrow drawn now, a node or a
source square (issue 32: at 1024×768 the value box "x₁,₁ + x₁,₂ = -9" covered node 1's arrow,
and over Q with fractional inputs the two-line labels "x0,1 = 3/20" covered the source squares
and the first circles of nodes 0–2 at t = 0).  The same measure as present mode's
(test_present_labels): each shown label's box, rounded patch included, against the arrows'
outlines and every node marker's own outline (circle, square or diamond), in pixels."""

import pytest
from matplotlib.collections import PathCollection
from matplotlib.path import Path
from PySide6.QtCore import Qt

from tests._sweep import split_sweep

from ._acts import click_tab
from .test_present_labels import arrow_points, label_boxes

# what a user types into the Propagation tab's inputs box: fractions over Q
FRACTIONS = "3/20 1/20; 7/20 9/20; 11/20 13/20"
SIZES = [(1024, 768), (1280, 720)]


def node_outlines(fig):
    """Each node marker's outline in pixels, with half its edge's width."""
    out = []
    for ax in fig.axes:
        for c in ax.collections:
            if not isinstance(c, PathCollection) or not c.get_visible():
                continue
            shape = c.get_paths()[0]
            mats = c.get_transforms()
            widths = c.get_linewidths()
            for k, (x, y) in enumerate(ax.transData.transform(c.get_offsets())):
                m = mats[k % len(mats)]
                v = shape.vertices @ m[:2, :2].T + (x, y)
                half = widths[k % len(widths)] * fig.dpi / 72 / 2
                out.append((Path(v, shape.codes), half, round(x), round(y)))
    return out


def meetings(fig):
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = label_boxes(fig, renderer)
    arrows, nodes = arrow_points(fig), node_outlines(fig)
    bad = []
    for text, b in boxes:
        for x, y, half in arrows:
            if b.x0 - half < x < b.x1 + half and b.y0 - half < y < b.y1 + half:
                bad.append((text, "arrow", round(x), round(y)))
                break
        for path, half, x, y in nodes:
            if path.intersects_bbox(b.padded(half), filled=True):
                bad.append((text, "node", x, y))
                break
    return bad


# the inner loop: each inputs once and each screen shape once (the default inputs at 4:3,
# the fractions at 16:9); the full suite all four
@pytest.mark.parametrize(
    "typed,size",
    split_sweep(
        [(typed, size) for size in SIZES for typed in (None, FRACTIONS)],
        [f"{t}-size{i}" for i in range(len(SIZES)) for t in ("default-inputs", "fractions")],
        lambda typed, size: (typed is None) == (size == SIZES[0]),
    ),
)
def test_no_label_meets_an_arrow_a_node_or_a_source(open_window, qtbot, tmp_path, size, typed):
    w = open_window("paper-k2-t3", size=size)
    v = click_tab(qtbot, w, "Propagation")
    qtbot.waitUntil(lambda: not v.busy and v.renderer.trace is not None)
    if typed is not None:
        v.inputs_box.setCurrentIndex(v.inputs_box.findData("typed"))
        v.typed_edit.clear()
        qtbot.keyClicks(v.typed_edit, typed)
        qtbot.keyClick(v.typed_edit, Qt.Key_Return)
        qtbot.waitUntil(lambda: "/20" in v.caption_label.text())
    v.setFocus()
    r = v.renderer
    qtbot.keyClick(v, Qt.Key_Home)
    shown, T = 0, r.steps - 1
    for t in range(T + 1):
        if t:
            qtbot.keyClick(v, Qt.Key_Right)
        qtbot.waitUntil(lambda t=t: r.step == t and r.built and not r.needs_relayout())
        fig = r.figure
        bad = meetings(fig)
        fig.savefig(tmp_path / f"step{t}.png")  # to look at
        assert not bad, (size, typed, t, bad)
        shown += len(r.edge_labels())
        if typed is not None and t == 0:
            assert any("/20" in s for s in r.edge_labels()), r.edge_labels()
    assert shown >= 4  # the labels are there, beside their arrows, not dropped
