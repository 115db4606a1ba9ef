"""Lesson slides in present mode say things in prose and show results (issue 32: a task's
slide read "solution: run_search(N=3, K=2, T=3)"; a search's slides were one line on an empty
slide)."""

import re

from ringlab.gui.present import lesson_deck
from ringlab.lessons import course, registry

from .test_present import open_present

SYNTAX = re.compile(
    r"\b(" + "|".join(sorted({*registry.ACTIONS, *registry.PROBES}, key=len, reverse=True)) + r")\("
)


def _deck(order):
    return lesson_deck(next(les.path for les in course() if les.order == order))


def test_no_slide_of_any_lesson_shows_action_or_probe_syntax():
    seen = 0
    for les in course():
        deck = lesson_deck(les.path)
        for i in range(deck.count):
            for text in (deck.markdown(i), deck.caption(i)):
                assert not SYNTAX.search(text), (les.key, i, text[-120:])
                assert "solution:" not in text, (les.key, i)
            seen += 1
    assert seen > 200


def test_a_search_task_slide_shows_the_verdict_and_the_code_found(qtbot):
    deck = _deck(11)
    w = open_present(qtbot, deck, (1280, 720))
    v = w.view
    i = next(
        i
        for i in range(deck.count)
        if "general" in deck.markdown(i) and "Solved" in deck.markdown(i)
    )
    v.show_step(i)
    text = v.slide.text()
    assert "The search finds a code" in text and "run_search" not in text
    # the code found, drawn: its walkthrough at the decode, every node right
    assert v.drawing_panel.isVisible() and v.drawing_panel.currentWidget() is v.lesson_canvas
    r = v.lesson_renderer
    assert r.trace.code.shape == (3, 2, 3) and r.trace.code.field.name == "GF(2)"
    assert r.step == 3 and r.table_text().count("✓") == 3


def test_a_choice_question_lists_its_choices():
    deck = _deck(11)
    i = next(i for i in range(deck.count) if "routing-only" in deck.markdown(i))
    md = deck.markdown(i)
    assert all(f"- {c}" in md for c in ("found", "impossible", "undecided")), md
