"""Issue 20: every present-mode key, pressed repeatedly, at a projector's sizes: no exception,
no overlapping or cut text, nothing under 18 px; the decode step's arithmetic; one legend.
(Lesson slides: test_present_lessons.py; the 8-node and decode slides: test_present_slides.py.)"""

import pytest
from matplotlib.legend import Legend
from PySide6.QtCore import Qt

from ringlab import preset
from ringlab.gui.present import walkthrough_deck
from ringlab.render.captions import decode_arithmetic

from ._present import assert_slide_ok, open_present, shown_state


# the inner loop presses every key once per distinct layout: each code once, each screen shape
# once (the paper's 3-node code at 4:3, the 4-node ring at 16:9); the full suite all four
@pytest.mark.parametrize(
    "code,size",
    [
        pytest.param("paper-k2-t3", (1024, 768), id="paper-k2-t3-size0"),
        pytest.param("paper-k2-t3", (1280, 720), id="paper-k2-t3-size1", marks=pytest.mark.slow),
        pytest.param(
            "classic-ring-n4", (1024, 768), id="classic-ring-n4-size0", marks=pytest.mark.slow
        ),
        pytest.param("classic-ring-n4", (1280, 720), id="classic-ring-n4-size1"),
    ],
)
def test_every_key_repeatedly(qtbot, size, code):
    # every key pressed (and pressed again) through the slide; the slide is drawn and its
    # text checked at steps 0, 1 and the last after each zoom key and after each key pressed
    # three times — once per distinct layout (a key that leaves the texts where a checked
    # layout had them, e.g. Shift+Z at the zoom's floor, changes nothing to check again)
    w = open_present(qtbot, walkthrough_deck(preset(code)), size)
    v = w.view
    checked = set()

    def check(where):
        state = shown_state(v)
        if state not in checked:
            assert_slide_ok(v, where)
            checked.add(shown_state(v))  # (as drawn: a due relayout has run)
            checked.add(state)

    zooms, n = set(), 0
    for key, mods, times in (
        (Qt.Key_Z, Qt.NoModifier, 6),
        (Qt.Key_Z, Qt.ShiftModifier, 6),
        (Qt.Key_Equal, Qt.ControlModifier, 3),
        (Qt.Key_Minus, Qt.ControlModifier, 3),
        (Qt.Key_0, Qt.ControlModifier, 1),
    ):
        for _ in range(times):
            before = v.zoom
            qtbot.keyClick(v, key, mods)
            n += 1
            assert 0.5 <= v.zoom <= 3.0
            zooms.add(v.zoom)
            for t in (0, 1, v.last):
                v.show_step(t)
                check((code, size, n, v.zoom, t))
            if v.zoom != 1.0:
                assert "Ctrl+0 resets the zoom" in v.status.text()
            if v.zoom == before:
                # pressed again at its limit: the next press would start where this one did
                # (same zoom, same step) and do the same; one press past the limit shows it
                break
    assert v.zoom == 1.0 and "Ctrl+0 resets the zoom" in v.status.text()
    assert len(zooms) >= 3  # zoomed in and out, not stuck at one size
    assert len(checked) >= 3 * len(zooms)  # every zoom reached, drawn at each of its steps
    blanked = False
    for key in (
        Qt.Key_Space,
        Qt.Key_Right,
        Qt.Key_Down,
        Qt.Key_PageDown,
        Qt.Key_End,
        Qt.Key_Left,
        Qt.Key_Up,
        Qt.Key_PageUp,
        Qt.Key_Home,
        Qt.Key_B,
        Qt.Key_B,
        Qt.Key_L,
        Qt.Key_L,
        Qt.Key_H,
        Qt.Key_H,
    ):
        for _ in range(3):
            qtbot.keyClick(v, key)
        blanked ^= key == Qt.Key_B  # pressed three times: toggled
        assert v.blanked == blanked
        check((code, size, key))
    assert v.step == 0 and not v.blanked


def test_z_three_times_keeps_the_slide(qtbot):
    w = open_present(qtbot, walkthrough_deck(preset("paper-k2-t3")), (1024, 768))
    v = w.view
    v.show_step(v.last)
    for _ in range(3):
        qtbot.keyClick(v, Qt.Key_Z)
    assert_slide_ok(v, "Z×3")
    assert "Ctrl+0 resets the zoom" in v.status.text()


def test_decode_slide_shows_the_arithmetic(qtbot):
    deck = walkthrough_deck(preset("paper-k2-t3"), [[1, 2], [3, 4], [5, 6]])
    w = open_present(qtbot, deck, (1024, 768))
    v = w.view
    qtbot.keyClick(v, Qt.Key_End)
    table = v.deck.renderer.table_text()
    first = decode_arithmetic(v.deck.renderer.trace, 0)[0]
    # node 0's first entry, ẑ₀,₁ = y₂→⁽¹⁾ − y₂→⁽²⁾ + x₀,₁ + x₀,₂ = 18 − 12 + 1 + 2 = 9 (wrapped)
    assert "ẑ₀,₁ = " in table and first.split(" = ")[-1] == "9"
    assert " ".join(table.split()).count("18 − 12 + 1 + 2 = 9") == 1
    assert_slide_ok(v, "decode")


def test_exports_last_frame_has_the_arithmetic(tmp_path):
    from ringlab.core.simulate import simulate
    from ringlab.render.propagation import WalkthroughRenderer

    r = WalkthroughRenderer()
    r.set_trace(simulate(preset("paper-k2-t3"), [[1, 2], [3, 4], [5, 6]]), note="typed")
    r.show_step(3)
    assert "18 − 12 + 1 + 2 = 9" in " ".join(r.table_text().split())
    r.figure.canvas.draw()
    assert not r.text_problems(), r.text_problems()


def test_legend_once_after_jumping_to_decode_twice(qtbot):
    w = open_present(qtbot, walkthrough_deck(preset("paper-k2-t3")), (1024, 768))
    v = w.view
    fig = v.deck.renderer.figure
    drawn = []
    orig = Legend.draw

    def counting(self, renderer):
        drawn.append(self)
        return orig(self, renderer)

    for _ in range(2):
        qtbot.keyClick(v, Qt.Key_Home)
        v.canvas.draw()
        Legend.draw = counting
        try:
            drawn.clear()
            qtbot.keyClick(v, Qt.Key_End)
            v.deck.renderer.draw()  # the blitting path the window uses
        finally:
            Legend.draw = orig
        assert len(drawn) <= 1  # restored from the background, not redrawn
    assert len(fig.legends) == 1


def test_speaker_view_on_one_screen_comes_with_s_and_is_filled(qtbot):
    # one screen (a projector mirroring the laptop): the slide alone at first — a trial at a
    # projector found the notes window over the slide in the way — and S brings the notes
    w = open_present(qtbot, walkthrough_deck(preset("paper-k2-t3")), (1024, 768))
    sp = w.speaker
    assert not sp.isVisible()
    assert "S notes" in w.view.status.text()
    qtbot.keyClick(w.view, Qt.Key_S)
    assert sp.isVisible()
    assert sp.notes.text() and sp.next_label.text() and sp.clock.text()
    assert "step 0" in sp.now_label.text()
    qtbot.keyClick(sp, Qt.Key_Right)  # keys typed in the speaker view drive the slide
    assert w.view.step == 1 and "step 1" in sp.now_label.text()
    qtbot.keyClick(sp, Qt.Key_S)  # and S there puts it away again
    assert not sp.isVisible()
