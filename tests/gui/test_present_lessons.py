"""Issue 20: lesson slides in present mode show what each block did, and every drawing on
them stays readable (nothing under 18 px) at a projector's sizes, zoomed or not."""

import pytest
from PySide6.QtCore import Qt

from ringlab.gui.present import MIN_TEXT_PX

from ._present import lesson_deck_of as _lesson
from ._present import open_present


# each test keeps one screen shape in the inner loop, the three together both (4:3 and 16:9)
@pytest.mark.parametrize("size", [pytest.param((1024, 768), marks=pytest.mark.slow), (1280, 720)])
def test_lesson_slides_show_what_the_block_did(qtbot, size):
    deck = _lesson("09-")
    w = open_present(qtbot, deck, size)
    v = w.view
    answer = next(
        i
        for i in range(deck.count)
        if "Which node decodes" in deck.markdown(i) and "The app shows" in deck.markdown(i)
    )
    question = answer - 1
    # the question is text only; the answer, after the reveal ran the walkthrough to the
    # end, shows the walkthrough at its last step beside the text, as the window draws it
    v.show_step(question)
    assert not v.drawing_panel.isVisible()
    v.show_step(answer)
    assert v.drawing_panel.isVisible()
    assert v.drawing_panel.currentWidget() is v.lesson_canvas
    r = v.lesson_renderer
    assert r.trace is not None and r.step == r.trace.code.T
    assert "✗ wrong" in r.table_text()
    for key, mods in (
        [(Qt.Key_Z, Qt.NoModifier)] * 6
        + [(Qt.Key_Z, Qt.ShiftModifier)] * 6
        + [(Qt.Key_0, Qt.ControlModifier)]
    ):
        qtbot.keyClick(v, key, mods)
        v.lesson_canvas.draw()
        assert not r.text_problems(MIN_TEXT_PX), r.text_problems(MIN_TEXT_PX)
        assert v.slide.font().pixelSize() in (-1,) or v.slide.font().pixelSize() >= MIN_TEXT_PX
    assert v.zoom == 1.0 and v.step == answer


def test_lesson_schedules_slide_shows_the_grids(qtbot):
    deck = _lesson("02-")
    w = open_present(qtbot, deck, (1024, 768))
    v = w.view
    i = next(
        i
        for i, d in enumerate(deck.drawings)
        if d is not None and d.kind == "schedules" and d.step == 1
    )
    v.show_step(i)
    assert v.drawing_panel.currentWidget() is v.lesson_grids
    assert "step 1 of" in v.lesson_grids.text() and "ring" in v.lesson_grids.text()


# -- the rest of issue 20: every drawing on a slide readable at a projector's sizes ----------------
def drawings_readable(qtbot, size, lessons) -> int:
    """Every walkthrough drawing of ``lessons``' slides, reached as a presenter does, has no
    text under 18 px, none overlapping and none cut; how many were seen."""
    from ringlab.gui.present import lesson_deck

    seen = 0
    for lesson in lessons:
        deck = lesson_deck(lesson.path)
        if not any(d is not None and d.kind == "walkthrough" for d in deck.drawings):
            continue
        w = open_present(qtbot, deck, size)
        v = w.view
        qtbot.keyClick(v, Qt.Key_Home)
        for i, d in enumerate(deck.drawings):
            if d is None or d.kind != "walkthrough":
                continue
            # the presenter's way to the slide: on through the deck from the last one checked
            # (not from Home again for each drawing: the same slides, once each)
            while v.step < i:
                qtbot.keyClick(v, Qt.Key_Right)
            assert v.step == i
            assert v.drawing_panel.currentWidget() is v.lesson_canvas
            v.lesson_canvas.draw()
            problems = v.lesson_renderer.text_problems(MIN_TEXT_PX)
            assert not problems, (lesson.key, i, size, problems)
            seen += 1
        w.close()
    return seen


@pytest.mark.parametrize("size", [(1024, 768), pytest.param((1280, 720), marks=pytest.mark.slow)])
def test_two_lessons_drawings_have_no_text_under_18_px(qtbot, size):
    # the inner loop's share of the sweep below: lesson 9 (the paper's code broken and
    # repaired) and lesson 11 (a code found by the search, drawn)
    from ringlab.lessons import course

    lessons = [les for les in course() if les.key.startswith(("09-", "11-"))]
    assert len(lessons) == 2
    assert drawings_readable(qtbot, size, lessons) >= 2


@pytest.mark.slow  # the whole course: every lesson's every drawing
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)])
def test_every_lesson_drawing_has_no_text_under_18_px(qtbot, size):
    from ringlab.lessons import course

    # the course moves the walkthrough on many slides
    assert drawings_readable(qtbot, size, course()) >= 5


@pytest.mark.parametrize("size", [(1024, 768), pytest.param((1280, 720), marks=pytest.mark.slow)])
def test_zooming_a_text_slide_never_breaks_a_drawing(qtbot, size):
    # found by a trial at a projector: Z pressed on lesson 9's third slide (text only) raised
    # ValueError from the hidden drawing's relayout, and the zoom then wrecked the next drawing
    deck = _lesson("09-")
    w = open_present(qtbot, deck, size)
    v = w.view
    text_slide = min(
        (i for i, d in enumerate(deck.drawings) if d is None and i > 0),
        key=lambda i: len(deck.markdown(i)),
    )  # room to zoom its text
    qtbot.keyClick(v, Qt.Key_Home)
    for _ in range(text_slide):
        qtbot.keyClick(v, Qt.Key_Right)
    for _ in range(8):
        qtbot.keyClick(v, Qt.Key_Z)  # no exception (pytest-qt fails on one)
    assert v.zoom > 1.0
    for i, d in enumerate(deck.drawings):
        if d is None or d.kind != "walkthrough":
            continue
        v.show_step(i)
        v.lesson_canvas.draw()
        assert not v.lesson_renderer.text_problems(MIN_TEXT_PX), (i, v.zoom, v.drawing_zoom)
        assert 1.0 <= v.drawing_zoom <= v.zoom
