"""Issue 33, "answers on screen before the question": a lesson is read down to its first
unanswered prediction (what lies below stays folded until it is answered), the window hides
what a prediction's ``hide:`` names while it is open, an answer is kept as typed and locked once
its answer is shown, and Reset lesson asks first."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPushButton, QSpinBox, QTabWidget

from ringlab.lessons import Progress, course

from ._acts import click_lesson, click_tab, shown_text, status_bar_text

LESSONS = course()
TEN = next(k for k, lesson in enumerate(LESSONS) if lesson.key.startswith("10-"))
# lesson 10's prose under its second question says the answer ("T = 7 exactly")
BELOW = "time-shared construction of the proof"
READ_ON = "Answer the question above to read on"

pytestmark = pytest.mark.window(size=(1280, 720), lessons=True, load_views=True)


def named(win, cls, name):
    hits = [w for w in win.findChildren(cls) if w.accessibleName() == name and w.isVisible()]
    assert len(hits) == 1, (name, len(hits))
    return hits[0]


def answer(qtbot, win, qid, text, enter=False):
    """Type ``text`` into the question's box, then press Enter or click Check."""
    box = named(win, QLineEdit, f"Answer: {qid}")
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)
    if enter:
        qtbot.keyClick(box, Qt.Key_Return)
    else:
        qtbot.mouseClick(named(win, QPushButton, f"Check: {qid}"), Qt.LeftButton)


@pytest.mark.window(size=(1920, 1080), lessons=True, load_views=True)  # room for the bound
def test_lesson_10_unfolds_as_it_is_answered_and_hides_the_bound_till_then(qtbot, win):
    panel = win.lessons_panel
    click_lesson(qtbot, win, TEN)
    qtbot.waitUntil(lambda: "Proposition 1 for" in shown_text(panel))
    text = shown_text(panel)
    assert BELOW not in text and READ_ON in text
    assert "true minimum" not in text  # the second question too is below the first
    assert "T ≥ 7" not in status_bar_text(win)

    answer(qtbot, win, "prop1-n3-k5", "6", enter=True)
    qtbot.waitUntil(lambda: "true minimum" in shown_text(panel))
    assert BELOW not in shown_text(panel)  # still under the second question
    assert "T ≥ 7" not in status_bar_text(win)

    answer(qtbot, win, "min-n3-k5", "7")
    qtbot.waitUntil(lambda: BELOW in shown_text(panel))
    assert READ_ON not in shown_text(panel)
    assert "T ≥ 7" in status_bar_text(win)
    assert "Shrink" in shown_text(panel)  # the task below shows too


def test_an_answer_is_echoed_as_typed_and_locked_after_a_restart(qtbot, open_window):
    first = open_window(size=(1280, 720), lessons=True)
    click_lesson(qtbot, first, TEN)
    answer(qtbot, first, "prop1-n3-k5", "1.5")
    verdict = first.lessons_panel.block("prop1-n3-k5").result.text()
    assert verdict.startswith("✗ Not quite: you said 1.5; the answer is 6"), verdict
    box = named(first, QLineEdit, "Answer: prop1-n3-k5")
    qtbot.keyClicks(box, "6")  # locked: the first answer stands
    assert box.text() == "1.5"
    qtbot.mouseClick(named(first, QPushButton, "Check: prop1-n3-k5"), Qt.LeftButton)
    assert "answered before, locked" in first.lessons_panel.block("prop1-n3-k5").result.text()
    first.close()

    again = open_window(size=(1280, 720), lessons=True)  # a restart
    click_lesson(qtbot, again, TEN)
    panel = again.lessons_panel
    said = panel.block("prop1-n3-k5").result.text()
    assert said.startswith("✗ Not quite (answered before, locked): you said 1.5"), said
    assert "Check again" not in said
    box = named(again, QLineEdit, "Answer: prop1-n3-k5")
    assert box.text() == "1.5" and box.isReadOnly()
    box.setFocus()
    qtbot.keyClicks(box, "6")
    assert box.text() == "1.5"
    # answered in the earlier session: the next question is unfolded at once
    assert "true minimum" in shown_text(panel)


def _page(qtbot, view, title):
    """Click the Schedules tab's page ``title`` (its traces or its cost explorer)."""
    pages = view.findChild(QTabWidget, "compare_pages")
    k = next(i for i in range(pages.count()) if pages.tabText(i).startswith(title))
    bar = pages.tabBar()
    qtbot.mouseClick(bar, Qt.LeftButton, pos=bar.tabRect(k).center())
    qtbot.waitUntil(lambda: pages.currentIndex() == k)


def _answer_all(qtbot, win, lesson):
    for p in lesson.predicts:
        if p.ask == "node":
            box = named(win, QSpinBox, f"Answer: {p.id}")
            box.setFocus()
            box.selectAll()
            qtbot.keyClicks(box, str(p.answer))
            qtbot.mouseClick(named(win, QPushButton, f"Check: {p.id}"), Qt.LeftButton)
        else:
            answer(qtbot, win, p.id, str(p.answer))
        qtbot.waitUntil(lambda p=p: win.lessons_panel.block(p.id).result.text().startswith("✓"))


def test_the_grids_message_lines_hide_while_lesson_3_asks(qtbot, win):
    index = next(k for k, lesson in enumerate(LESSONS) if lesson.key.startswith("03-"))
    click_lesson(qtbot, win, index)
    view = click_tab(qtbot, win, "Schedules")
    _page(qtbot, view, "Traces")
    qtbot.waitUntil(lambda: "hidden until you answer" in shown_text(view))
    assert "Core 0 → Core 1:" not in shown_text(view)
    _answer_all(qtbot, win, LESSONS[index])
    qtbot.waitUntil(lambda: "Core 0 → Core 1:" in shown_text(view))
    assert "hidden until you answer" not in shown_text(view)


def test_the_explorer_figures_hide_while_lesson_14_asks(qtbot, win):
    index = next(k for k, lesson in enumerate(LESSONS) if lesson.key.startswith("14-"))
    click_lesson(qtbot, win, index)
    view = click_tab(qtbot, win, "Schedules")
    _page(qtbot, view, "Cost explorer")
    figures = "Ring, exact α-β"  # the ring's note: its exact time, the question's answer
    qtbot.waitUntil(lambda: "hidden until you answer" in shown_text(view))
    assert figures not in shown_text(view)
    _answer_all(qtbot, win, LESSONS[index])
    qtbot.waitUntil(lambda: figures in shown_text(view))
    assert "hidden until you answer" not in shown_text(view)


def test_reset_lesson_asks_first(qtbot, win, monkeypatch):
    panel = win.lessons_panel
    click_lesson(qtbot, win, TEN)
    answer(qtbot, win, "prop1-n3-k5", "6")
    assert Progress().done(LESSONS[TEN])[0] == 1
    asked = []
    monkeypatch.setattr(panel, "ask_reset", lambda title: asked.append(title) or False)
    qtbot.mouseClick(panel.reset_button, Qt.LeftButton)
    assert asked == [LESSONS[TEN].title]
    assert Progress().done(LESSONS[TEN])[0] == 1  # the student said no: kept
    monkeypatch.setattr(panel, "ask_reset", lambda title: True)
    qtbot.mouseClick(panel.reset_button, Qt.LeftButton)
    assert Progress().done(LESSONS[TEN])[0] == 0
    assert not named(win, QLineEdit, "Answer: prop1-n3-k5").isReadOnly()


def test_a_task_without_hints_says_so_on_its_button(qtbot, win):
    index = next(k for k, lesson in enumerate(LESSONS) if lesson.key.startswith("14-"))
    click_lesson(qtbot, win, index)
    hint = next(
        b for b in win.findChildren(QPushButton) if b.accessibleName() == "Hint: reproduce-estimate"
    )
    assert not hint.isEnabled() and hint.text() == "No hints"
    assert "no hints" in hint.toolTip()
