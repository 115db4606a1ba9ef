"""A step drawing rebuilt where it has no room never draws an artist that left its figure
(issue 29: matplotlib printed "'NoneType' object has no attribute 'dpi'" from
``_frames._draw_dynamic``).  A rebuild that failed half-way — the figure cleared, the list of
per-step artists still naming the removed ones — came from a drawing laid out while hidden at a
larger text size, and from present mode at a small window.  An exception raised in a Qt
override or slot fails these tests (pytest-qt)."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ._acts import click_tab
from ._present import lesson_deck_of as _lesson
from .test_present import open_present


def in_figure(r) -> bool:
    return all(a.figure is r.figure for a in r._dynamic())


def test_the_walkthrough_zoomed_while_hidden_steps_when_shown_again(open_window, qtbot):
    w = open_window("classic-ring-n4", size=(640, 480), use_settings=False)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    view = click_tab(qtbot, w, "Propagation")
    qtbot.waitUntil(lambda: not view.busy and view.renderer.trace is not None)
    qtbot.mouseClick(view.last_button, Qt.LeftButton)
    click_tab(qtbot, w, "Editor")
    for _ in range(12):  # 11 → 23 pt, the drawing hidden
        qtbot.keyClick(QApplication.focusWidget() or w, Qt.Key_Equal, Qt.ControlModifier)
    view = click_tab(qtbot, w, "Propagation")
    r = view.renderer
    qtbot.waitUntil(lambda: r.built and not r.needs_relayout())
    while r.step > 0:  # every step, back to t = 0
        t = r.step
        qtbot.mouseClick(view.back_button, Qt.LeftButton)
        assert r.step == t - 1
        view.canvas.repaint()
        assert in_figure(r), t
    assert r.edge_labels()  # t = 0 is drawn: its sends


def _layout(deck, i):
    """What slide ``i`` lays out: its text only, or a drawing of a kind at a step."""
    d = deck.drawing(i)
    return "text" if d is None else (d.kind, d.step)


@pytest.mark.parametrize(
    "every_slide",
    [False, pytest.param(True, marks=pytest.mark.slow)],
    ids=["first-slide-of-each-layout", "every-slide"],
)
def test_present_mode_at_640x480_steps_and_zooms_lesson_drawings(qtbot, every_slide):
    deck = _lesson("09-")  # walkthrough drawings on slides
    w = open_present(qtbot, deck, (640, 480))
    v = w.view
    r = v.lesson_renderer
    qtbot.keyClick(v, Qt.Key_Home)
    zoomed = set()
    for i in range(deck.count):
        # every slide is stepped through; the inner loop zooms the first of each layout
        # (text, the walkthrough at t = 0, at the decode), the full suite every one
        if every_slide or _layout(deck, i) not in zoomed:
            zoomed.add(_layout(deck, i))
            for key in (Qt.Key_Z, Qt.Key_Z, Qt.Key_Z):  # zoom in as far as it goes
                qtbot.keyClick(v, key)
        v.lesson_canvas.repaint()
        assert not r.built or in_figure(r), i
        qtbot.keyClick(v, Qt.Key_Right)
    assert v.step == deck.count - 1
