"""Lesson 19 as a student tried it (issue 33): after the GF(29) task was done the Propagation
tab stayed "(hidden until you answer)", since the next question hid it — the decode that shows
the task right was out of sight; and the last question asked what node 0 gets "summed over
GF(97)" while Check switched to Q, so the answer stood nowhere in the window.  Here the student
answers as the lesson asks, types the fields into the Field box, and reads the walkthrough.
The numbers are worked out by hand from the lesson's inputs: the column sums of [15, 12, 9],
[2, 8, 6], [1, 3, 4] are 18, 23, 19; with 12, 6 and 1 negated they are 16, −1, 7, and −1 is 96
in GF(97); the gradients rounded with s = 0.05 sum to 3, 1, 2.  The status bar's shape words
(item 4) point to the glossary entry that explains them."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ringlab.gui.glossary import TIP_ANCHOR, anchors
from ringlab.gui.status import HIDDEN_TEXT

from ._acts import answer_boxes, answer_question, open_lesson, shown_text, shown_view


def type_field(qtbot, w, name):
    box = w.params.field
    qtbot.mouseClick(box.lineEdit(), Qt.LeftButton)
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), name)
    qtbot.keyClick(box.lineEdit(), Qt.Key_Return)


def task_status(w, task_id) -> str:
    from PySide6.QtWidgets import QLabel

    lab = w.findChild(QLabel, f"lesson_status_{task_id}")
    return lab.text() if lab is not None and lab.isVisible() else ""


def test_lesson_19_shows_the_decode_its_tasks_and_last_question_need(open_window, qtbot):
    w = open_window("paper-k2-t3", size=(1280, 720))
    w.show_lessons(True)
    open_lesson(qtbot, w, "19. From finite fields")
    qtbot.waitUntil(lambda: w.tabs.tabText(w.tabs.currentIndex()) == "Propagation")
    view = shown_view(w, "Propagation")
    qtbot.waitUntil(lambda: "Answer: xor-k3" in answer_boxes(w))
    answer_question(qtbot, w, "xor-k3", "11")
    qtbot.waitUntil(lambda: "Answer: xor-wider" in answer_boxes(w))
    answer_question(qtbot, w, "xor-wider", "12 7 11")
    qtbot.waitUntil(lambda: "Answer: smallest-prime" in answer_boxes(w))
    answer_question(qtbot, w, "smallest-prime", "29")
    qtbot.waitUntil(lambda: "Answer: signed-decode" in answer_boxes(w))

    # the GF(29) task: the student types the field and reads the decode at the last step
    type_field(qtbot, w, "GF(29)")
    qtbot.waitUntil(lambda: "Done" in task_status(w, "pick-prime-field"))
    view.slider.setFocus()
    qtbot.keyClick(view.slider, Qt.Key_End)
    qtbot.waitUntil(lambda: "t = 4 / 4" in view.step_label.text())
    qtbot.waitUntil(lambda: "ẑ₀ = [18, 23, 19]" in view.renderer.table_text())
    assert HIDDEN_TEXT not in shown_text(view), shown_text(view)

    answer_question(qtbot, w, "signed-decode", "28")
    qtbot.waitUntil(lambda: "Answer: signed-k1" in answer_boxes(w))
    answer_question(qtbot, w, "signed-k1", "-13")
    qtbot.waitUntil(lambda: "Answer: signed-prime" in answer_boxes(w))
    answer_question(qtbot, w, "signed-prime", "37")
    qtbot.waitUntil(lambda: "Answer: coarse-scale" in answer_boxes(w))

    # the GF(97) task the same way: −1 is the element 96
    type_field(qtbot, w, "GF(97)")
    qtbot.waitUntil(lambda: "Done" in task_status(w, "prime-for-any-sum"))
    view.slider.setFocus()
    qtbot.keyClick(view.slider, Qt.Key_End)
    qtbot.waitUntil(lambda: "ẑ₀ = [16, 96, 7]" in view.renderer.table_text())
    assert HIDDEN_TEXT not in shown_text(view), shown_text(view)

    # the last question: its answer is what the window then shows, over GF(97)
    answer_question(qtbot, w, "coarse-scale", "3 1 2")
    qtbot.waitUntil(lambda: w.params.field.currentText() == "GF(97)")
    view.slider.setFocus()
    qtbot.keyClick(view.slider, Qt.Key_End)
    qtbot.waitUntil(lambda: "ẑ₀ = [3, 1, 2]" in view.renderer.table_text())
    assert HIDDEN_TEXT not in shown_text(view)
    said = task_status(w, "coarse-scale") or shown_text(w.lessons_panel)
    assert "0.05" in said, said


def test_the_shape_words_in_the_status_bar_are_explained(open_window):
    w = open_window("paper-k3-t4", load_views=False)
    assert w.shape_label.text() == "reduce-multicast shape"
    tip = w.shape_label.toolTip()
    assert "Routing only" in tip and "reduce" in tip and "multicast" in tip, tip
    term = TIP_ANCHOR.search(tip).group(1)
    assert term in anchors()
