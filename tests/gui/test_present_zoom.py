"""Z in present mode lays the walkthrough out again bigger (issue 32: it stopped at 111–117 %,
said "the most that fits" at 104 % and shrank the graph, row spacing 66 → 46 px, so value
boxes covered nodes and arrows).  Measured in the pixels of the window, as a lecturer sees
it: the spacing between the receiving nodes' discs (their fill is the palette's "receiving"
orange, #ffd8a8) grows with each Z until the footer says "the most that fits"; then the
drawing fills the slide, another Z changes nothing, and no value box meets an arrow or a
node (the check of test_present_labels)."""

import numpy as np
import pytest
from PySide6.QtCore import Qt

from ringlab import preset
from ringlab.gui.present import walkthrough_deck

from .test_present import open_present
from .test_present_labels import meetings

RECEIVING = (0xFF, 0xD8, 0xA8)  # the default palette's "recv" fill, as painted


def pixels(widget, shot=None) -> np.ndarray:
    """The widget's pixels as painted (one grab; ``shot``: a grab already taken)."""
    shot = widget.grab() if shot is None else shot
    img = shot.toImage()
    img = img.convertToFormat(img.Format.Format_RGB888)
    w, h, bpl = img.width(), img.height(), img.bytesPerLine()
    return (
        np.frombuffer(bytes(img.constBits()), np.uint8).reshape(h, bpl)[:, : 3 * w].reshape(h, w, 3)
    )


def runs(values) -> list[float]:
    """The centres of the runs of consecutive integers in sorted ``values``."""
    out, start, prev = [], None, None
    for v in values:
        if start is None or v > prev + 1:
            if start is not None:
                out.append((start + prev) / 2)
            start = v
        prev = v
    if start is not None:
        out.append((start + prev) / 2)
    return out


def node_spacing(img: np.ndarray, n: int) -> float:
    """The mean vertical distance between the ``n`` receiving nodes' disc centres."""
    hit = np.all(np.abs(img.astype(int) - RECEIVING) <= 3, axis=2)
    rows = np.flatnonzero(hit.sum(axis=1) >= 3)  # a disc's row, not a stray anti-aliased pixel
    centres = runs(list(rows))
    assert len(centres) == n, centres
    return float(np.mean(np.diff(centres)))


def ink_box(img: np.ndarray) -> tuple[int, int, int, int]:
    """Left, top, right, bottom of the pixels that are not the white background."""
    ink = np.any(img < 235, axis=2)
    ys, xs = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    return xs[0], ys[0], xs[-1], ys[-1]


@pytest.mark.parametrize(
    "code,size,n",
    [
        ("paper-k2-t3", (1280, 720), 3),
        # 20 s: the 8-node ring at 4:3, seven zooms; the full suite runs it
        pytest.param("classic-ring-n8", (1024, 768), 8, marks=pytest.mark.slow),
    ],
)
def test_each_z_lays_the_drawing_out_bigger_until_the_slide_is_full(qtbot, code, size, n, tmp_path):
    w = open_present(qtbot, walkthrough_deck(preset(code)), size)
    v = w.view
    qtbot.keyClick(v, Qt.Key_Home)
    qtbot.keyClick(v, Qt.Key_Right)  # t = 1: node i sends now, node i + 1 receives
    fig = v.deck.renderer.figure
    assert not meetings(fig)
    shot = w.grab()  # looked at, and kept for a reader of a failure
    img = pixels(w, shot)
    shot.save(str(tmp_path / f"{code}-z0.png"))
    spacing = [node_spacing(img, n)]
    for k in range(1, 8):
        qtbot.keyClick(v, Qt.Key_Z)
        assert not meetings(fig), (code, k, meetings(fig))
        shot = w.grab()
        img = pixels(w, shot)
        shot.save(str(tmp_path / f"{code}-z{k}.png"))
        spacing.append(node_spacing(img, n))
        most = "the most that fits" in v.status.text()
        # each Z spreads the nodes out; only the press that finds no more room may leave
        # them as they were (never closer: the graph is not shrunk to make room for text)
        assert spacing[-1] > spacing[-2] or (most and spacing[-1] >= spacing[-2] - 0.5), (
            code,
            k,
            spacing,
        )
        if most:
            break
    else:
        pytest.fail(f"{code}: seven Z and still not the most that fits ({spacing})")
    assert spacing[-1] > spacing[0] + 2, (code, spacing)  # Z laid it out bigger
    # the most that fits: the drawing fills the slide above the footer ...
    free_w, free_h = v.width(), v.status.geometry().top()
    x0, y0, x1, y1 = ink_box(img[:free_h])
    assert (x1 - x0) >= 0.85 * free_w or (y1 - y0) >= 0.85 * free_h, (x0, y0, x1, y1)
    # ... another Z changes nothing, and no step's value box meets an arrow or a node
    qtbot.keyClick(v, Qt.Key_Z)
    assert np.array_equal(pixels(w), img)
    for t in range(v.deck.count):
        qtbot.keyClick(v, Qt.Key_Right) if t else qtbot.keyClick(v, Qt.Key_Home)
        assert not meetings(fig), (code, t, meetings(fig))
