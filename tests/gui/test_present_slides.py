"""Issue 20: the 8-node walkthrough slide and the paper's decode slide keep their tables
readable at a projector's sizes."""

import pytest
from PySide6.QtCore import Qt

from ringlab import preset
from ringlab.gui.present import MIN_TEXT_PX, walkthrough_deck

from ._present import open_present


# the inner loop at 4:3 (the decode slide below is at 16:9), the full suite at both
@pytest.mark.parametrize(
    "size",
    [
        pytest.param((1024, 768), id="size0"),
        pytest.param((1280, 720), id="size1", marks=pytest.mark.slow),
    ],
)
def test_an_8_node_walkthrough_slide_keeps_its_table_readable(qtbot, size):
    w = open_present(qtbot, walkthrough_deck(preset("classic-ring-n8")), size)
    v = w.view
    r = v.deck.renderer
    for t in range(v.last + 1):
        qtbot.keyClick(v, Qt.Key_Right) if t else qtbot.keyClick(v, Qt.Key_Home)
        v.canvas.draw()
        assert not r.text_problems(MIN_TEXT_PX), (t, r.text_problems(MIN_TEXT_PX))
    # one line a node: what each sends now; at the decode, every ẑᵢ row and its mark
    assert v.step == v.last
    text = r.table_text()
    assert all(f"node {i}" in text for i in range(8)) and text.count("✓") == 8


def test_the_papers_decode_slide_shows_each_nodes_arithmetic_at_1280x720(qtbot):
    deck = walkthrough_deck(preset("paper-k2-t3"), [[1, 2], [3, 4], [5, 6]])
    w = open_present(qtbot, deck, (1280, 720))
    v = w.view
    qtbot.keyClick(v, Qt.Key_End)
    v.canvas.draw()
    text = " ".join(v.deck.renderer.table_text().split())
    # every node's decode with its numbers (computed independently: eq. (3) by hand gives
    # node 0: 18 − 12 + 1 + 2 = 9, see test_decode_slide_shows_the_arithmetic)
    assert "18 − 12 + 1 + 2" in text
    for i in range(3):
        assert f"ẑ{'₀₁₂'[i]} = [" in text.split("with the numbers:")[-1], text
    assert not v.deck.renderer.text_problems(MIN_TEXT_PX)
