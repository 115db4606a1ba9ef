"""Lesson 18 asks for the sizes where two cost lines cross (20 KB, 60 KB) while the cost
explorer's plot printed them beside its crossover circles ("60 KB coded meets ring", found by a
student trying the lesson).  A question that hides ``explorer-figures`` now veils the plot as
well as the tables.  The student opens lesson 18, looks at the Cost explorer page before
answering, then answers as the lesson's own answers say (lessons/18-…md: 3.15, 20, 60, every size, 60)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar

from ._acts import answer_boxes, answer_question, ink, open_lesson


def click_page(qtbot, win, title_start: str) -> None:
    bar = next(
        b
        for b in win.findChildren(QTabBar)
        if b.isVisible() and any(b.tabText(i).startswith(title_start) for i in range(b.count()))
    )
    i = next(i for i in range(bar.count()) if bar.tabText(i).startswith(title_start))
    qtbot.mouseClick(bar, Qt.LeftButton, pos=bar.tabRect(i).center())


def test_lesson_18_veils_the_cost_plot_until_the_crossovers_are_answered(open_window, qtbot):
    w = open_window("paper-k2-t3", size=(1280, 720))
    w.show_lessons(True)
    open_lesson(qtbot, w, "18. When does K")
    qtbot.waitUntil(lambda: w.tabs.tabText(w.tabs.currentIndex()) == "Schedules")
    click_page(qtbot, w, "Cost explorer")
    qtbot.waitUntil(lambda: "Answer: k2t3-time" in answer_boxes(w))
    view = w.tabs.currentWidget()
    from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg

    canvas = next(c for c in view.findChildren(FigureCanvasQTAgg) if c.isVisible())

    def veiled() -> bool:
        under = canvas.childAt(canvas.rect().center())
        return under is not None and under.objectName() == "hidden_until_answered"

    # what the student sees where the plot is: the veil's one line on a blank
    qtbot.waitUntil(veiled)
    blank = ink(canvas)
    assert blank < 0.05, blank

    # the three N = 3 crossovers, then the choice after them: the N = 4 question folded
    # below them has the same answer as the N = 3 ring crossover the plot circles (60 KB),
    # so the plot stays veiled until it too is answered
    for qid, said in (
        ("k2t3-time", "3.15"),
        ("k1-to-k2", "20"),
        ("k2-to-ring", "60"),
        ("k2-vs-rd", "every size"),
        ("n4-k3t5-vs-ring", "60"),
    ):
        qtbot.waitUntil(lambda q=qid: f"Answer: {q}" in answer_boxes(w))
        assert veiled(), qid  # each of these questions keeps it veiled
        answer_question(qtbot, w, qid, said)
    # the last question hides nothing: the plot is drawn again, lines and labels
    qtbot.waitUntil(lambda: "Answer: n4-k3t5-pays" in answer_boxes(w))
    qtbot.waitUntil(lambda: not veiled())
    qtbot.waitUntil(lambda: ink(canvas) > 5 * max(blank, 0.01))
