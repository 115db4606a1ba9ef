"""``lessons check``'s rule that a numeric prediction's answer is not already written where the
student reads before answering: the lesson's words above it and the window's texts."""

from fractions import Fraction

import pytest

from ringlab.core.presets import preset
from ringlab.lessons import LabState, check_file
from ringlab.lessons.given_away import results
from ringlab.lessons.screen_texts import window_texts

HEAD = """---
title: Given away?
minutes: 5
order: 1
setup:
  preset: {preset}
  tab: {tab}
---
"""


def predict(pid="q", answer=7, show="{min_T: {N: 3, K: 5}}", extra="", text="The minimum T?"):
    return f""":::{{predict}} {pid}
---
ask: number
show: {show}
answer: {answer}
{extra}---
{text}
:::
"""


def lesson(tmp_path, body, preset="classic-ring-n4", tab="Editor"):
    path = tmp_path / "lesson.md"
    path.write_text(HEAD.format(preset=preset, tab=tab) + body, encoding="utf-8")
    return check_file(path)


def texts(st, source):
    return [s.text for s in window_texts(st) if s.source == source]


# -- the lesson's own words ------------------------------------------------------------------


def test_a_result_above_the_question_gives_it_away(tmp_path):
    r = lesson(tmp_path, "A code exists at $T = 7$ exactly.\n\n" + predict())
    assert r.code == 1
    assert "{predict} q: the answer 7 is given away" in r.problems[0]
    assert 'the prose at line 9 says "A code exists at T = 7 exactly."' in r.problems[0]


def test_the_same_sentence_below_the_question_does_not(tmp_path):
    """Progressive disclosure: what is below an unanswered prediction is folded."""
    r = lesson(tmp_path, predict() + "\nA code exists at $T = 7$ exactly.\n")
    assert r.problems == []


def test_a_digit_not_in_a_result_position_is_not_a_result(tmp_path):
    r = lesson(tmp_path, "Theorem 3 and lesson 7 need $2(N-1)$ steps.\n\n" + predict())
    assert r.problems == []


def test_a_given_of_the_question_is_not_its_answer(tmp_path):
    """The prose's "N = 4" restates the question's own "N = 4"; the code's K = 4 is the
    parameter bar's, restated."""
    body = "Take $N = 4$ and $K = 4$.\n\n" + predict(
        answer=4, show="{prop1_min_T: {N: 4, K: 2}}", text="Proposition 1 for $N = 4$, $K = 2$?"
    )
    assert lesson(tmp_path, body, preset="classic-ring-n4").problems == []


def test_a_bound_is_not_a_given():
    """``T ≥ 7`` is a result even where T = 7 is a given: only "=" restates a given."""
    assert [r.mark for r in results("T = 7 and T ≥ 7")] == ["=", "≥"]


def test_an_earlier_feedback_counts_once_that_question_is_answered(tmp_path):
    first = predict(
        "first",
        answer=6,
        show="{prop1_min_T: {N: 3, K: 5}}",
        extra="explain: 'And Theorem 3 gives exactly 7.'\n",
        text="Proposition 1?",
    )
    r = lesson(tmp_path, first + "\n" + predict("second"), preset="paper-k2-t3")
    assert len(r.problems) == 1
    assert "{predict} second" in r.problems[0] and "first's feedback" in r.problems[0]


def test_a_count_of_another_thing_is_not_the_answer(tmp_path):
    body = "The ring takes 6 steps; the tree $= 4$ steps.\n\n" + predict(
        answer=4, show="{prop1_min_T: {N: 3, K: 3}}", text="How many slots?"
    )
    assert lesson(tmp_path, body).problems == []


# -- hide: -----------------------------------------------------------------------------------


def test_hide_takes_the_status_bar_out_of_the_reading(tmp_path):
    body = predict(extra="hide: [status-bounds]\n")
    assert lesson(tmp_path, body, preset="time-shared-k5").problems == []
    r = lesson(tmp_path, predict(), preset="time-shared-k5")
    assert 'the status bar shows "Theorem 3: T ≥ 7 ✓" (hide: status-bounds)' in r.problems[0]


def test_an_unknown_hide_name_is_refused_readably(tmp_path):
    r = lesson(tmp_path, predict(extra="hide: [status-bar]\n"))
    assert r.code == 2
    assert r.problems[0].endswith(
        "{predict} q: hide: unknown name 'status-bar': the window can hide status-bounds, "
        "status-rate, status-shape, explorer-figures, schedule-totals, walkthrough-caption, "
        "drawing-labels, rate-table, mesh-table"
    )


def test_hide_must_be_a_list_of_names(tmp_path):
    r = lesson(tmp_path, predict(extra="hide: [1, 2]\n"))
    assert r.code == 2 and "hide must be a list of names" in r.problems[0]


# -- each text of the window -----------------------------------------------------------------


def test_status_bar():
    """N = 3, K = 5: Theorem 3's ⌈20/3⌉ = 7 beats Proposition 1's K + N − 2 = 6."""
    st = LabState.initial()
    st.set_code(preset("time-shared-k5"))
    assert texts(st, "status-bounds") == ["Theorem 3: T ≥ 7 ✓"]
    assert texts(st, "status-rate") == ["rate K/T = 5/7 = 0.714"]


@pytest.fixture
def schedules():
    st = LabState.initial()
    st.set_code(preset("classic-ring-n4"))
    st.tab = "Schedules"
    return st


def test_explorer_figures(schedules):
    """N = 4, S = 1 MB: 2S(N − 1)/N = 1.5 MB; the ring's 2(N − 1) = 6 steps in a cell."""
    schedules.size = "1MB"
    figures = texts(schedules, "explorer-figures")
    assert any("2S(N−1)/N = 1.5 MB" in t for t in figures)
    found = [r.values for t in figures for r in results(t, cell=len(t) < 12)]
    assert (Fraction(3, 2),) in found and (6,) in found


def test_schedule_totals(schedules):
    """The worked example's tree broadcasts the finished vector 30 29 22 27 on step 3."""
    schedules.schedule_step = 3
    assert "Core 0 → Core 2: whole vector = 30 29 22 27" in texts(schedules, "schedule-totals")
    schedules.schedule_step = 0
    assert texts(schedules, "schedule-totals") == []


def test_walkthrough_caption_and_drawing():
    """The paper's K = 2, T = 3 code on x = [1, 2], [3, 4], [5, 6]: node 1 sends x₁,₁ + x₁,₂ =
    7 at t = 0, every node decodes [9, 12]."""

    st = LabState.initial()
    st.set_code(preset("paper-k2-t3"))
    st.inputs = [[1, 2], [3, 4], [5, 6]]
    st.tab = "Propagation"
    st.step = 1
    assert "y1(0) = 7" in texts(st, "drawing-labels")
    assert texts(st, "walkthrough-caption") == []  # feasible, not at t = T
    st.step = 3
    assert "ẑ0 = [9, 12]" in texts(st, "walkthrough-caption")


def test_walkthrough_verdict_of_a_broken_code(tmp_path):
    """Lesson 9's code (one entry of R₀ changed): destination 0 cannot decode."""
    from ringlab.lessons.parse import load_lesson

    st = load_lesson("lessons/09-theorem2-break-repair.md").new_state()
    st.tab = "Propagation"
    (verdict,) = texts(st, "walkthrough-caption")
    assert verdict.startswith("destination 0 cannot decode the sum — Theorem 2 fails at node 0")


def test_mesh_table():
    """4 × 4 mesh, all-at-once: each dimension adds 16 · 20 hops, 640 in all."""
    st = LabState.initial()
    st.tab = "Mesh"
    assert "640" in texts(st, "mesh-table")
    st.tab = "Editor"
    assert texts(st, "mesh-table") == []
