"""Lesson 20 (coding on the two-way ring, issue 35) done as a student does it, in the real
window at 1280×720: the one-way search on the Search tab (T = 5 refused by Proposition 1, a
code at T = 6), then each question answered — one of them wrong first, as a student who takes
the cut around one node for the bound — and the typed task tried with a wrong value before the
right one; the student reads the verdicts the panel prints.

Expected values are worked out here, not read from the lesson or the table: the cut set
⌈K/2⌉, the source cut as the smallest T with max(0, T−a+1) + max(0, T−(N−a)+1) ≥ K for every
a, two classic rings 2(N−1)⌈⌈K/2⌉/N⌉, Proposition 1's K + N − 2; the searched minima are the
figures of docs/twoway-rate-table.md and of issue 35 (N = 4, K = 8: T = 6)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox, QLabel, QListWidget, QPushButton

from ringlab.lessons import Progress, course

from ._acts import shown_text
from .test_lesson_journeys import SIZE, Student

KEY = "20-two-way-ring"

pytestmark = [pytest.mark.window(size=SIZE, lessons=True, load_views=True), pytest.mark.slow]


def cut_set(K):
    return -(-K // 2)


def source_cut(N, K):
    T = 1
    while any(max(0, T - a + 1) + max(0, T - (N - a) + 1) < K for a in range(1, N)):
        T += 1
    return T


def pair(N, K):
    half = -(-K // 2)
    return 2 * (N - 1) * -(-half // N)


def search(s: Student, N, K, T, says: str) -> str:
    """Type N, K, T into the Search tab's form (general codes, GF(2)), press Search and wait
    for the result line to say ``says``; returns that line."""
    s.tab("Search")
    start = s.named("Search", QPushButton)
    s.qtbot.waitUntil(start.isEnabled, timeout=60_000)
    for name, v in (("N", N), ("K", K), ("T", T)):
        s.type_into(s.named(f"Search {name}"), str(v), enter=False)
    result = s.named("Search result", QLabel)
    form = result.parentWidget()
    s.choose(form.findChild(QComboBox, "search_field"), "GF(2)")
    classes = form.findChild(QComboBox, "search_class")
    s.choose(classes, classes.itemText(0))
    s.click(start)
    want = f"N = {N}, K = {K}, T = {T}"
    s.qtbot.waitUntil(lambda: says in result.text() and want in result.text(), timeout=60_000)
    return result.text()


def test_a_student_does_the_two_way_lesson(win, qtbot):
    s = Student(qtbot, win)
    index = next(k for k, lesson in enumerate(course()) if lesson.key == KEY)
    assert index == len(course()) - 1  # the course's last lesson
    s.open_lesson(index)
    qtbot.waitUntil(lambda: win.tabs.tabText(win.tabs.currentIndex()) == "Search")
    qtbot.waitUntil(lambda: s.status("one-way-n5k3").startswith("○ Not yet"))

    # the one-way ring on the Search tab: one below Proposition 1 is refused, at it a code
    said = search(s, 5, 3, 5 + 3 - 2 - 1, "Impossible")
    assert "Proposition 1" in said, said
    assert s.status("one-way-n5k3").startswith("○ Not yet")
    search(s, 5, 3, 5 + 3 - 2, "Found")
    qtbot.waitUntil(lambda: s.status("one-way-n5k3").startswith("✓ Done"))

    # the cut around one node: the student guesses the source cut's value; told the truth
    s.answer("cut-set-n5k3", source_cut(5, 3), "number")
    assert s.status("cut-set-n5k3").startswith(
        f"✗ Not quite: you said {source_cut(5, 3)}; the answer is {cut_set(3)}."
    ), s.status("cut-set-n5k3")
    for qid, value in (
        ("source-cut-n5k3", source_cut(5, 3)),
        ("pair-n5k3", pair(5, 3)),
        ("pair-optimal-n4k8", pair(4, 8)),  # 6 (issue 35), the pair itself
        ("routing-n5k3", 4),
        ("general-n5k3", 3),
    ):
        s.answer(qid, value, "number")
        assert s.status(qid).startswith(f"✓ Right: you said {value};"), s.status(qid)
    assert pair(5, 3) == 8 and source_cut(5, 3) == 3 > cut_set(3)

    # the typed task: a wrong bound first, then the source cut worked out
    s.answer("source-cut-n6k4", 3, "number")
    qtbot.waitUntil(lambda: s.status("source-cut-n6k4").startswith("✗ Not right yet"))
    s.answer("source-cut-n6k4", source_cut(6, 4), "number")
    qtbot.waitUntil(lambda: s.status("source-cut-n6k4").startswith("✓ Done"))
    s.answer("routing-n6k4", source_cut(6, 4) + 1, "number")
    assert s.status("routing-n6k4").startswith("✓ Right"), s.status("routing-n6k4")

    # the closing words are on the page now, and the course list says the lesson is done
    text = " ".join(shown_text(win.lessons_panel).split())
    assert "coding beats routing in two cells" in text, text[-600:]
    lesson = course()[index]
    assert Progress().done(lesson) == (len(lesson.questions), len(lesson.questions))
    assert "done" in s.named("Lessons", QListWidget).item(index).text()
