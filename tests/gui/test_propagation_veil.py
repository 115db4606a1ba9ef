"""A lesson question that hides the Propagation tab's numbers (``hide: [walkthrough-caption,
drawing-labels]``, lesson 19) hid the caption and the verdict but not the drawing: the graph's
edge labels, the side table's ẑᵢ at t = T and the hover text gave the decode away.  Here a
student opens lesson 19 in the Lessons panel, goes to the last step of the walkthrough with the
keyboard before answering, and reads the tab (its labels and its pixels); then answers and sees
the decode drawn.  The answers are the lesson's own (lessons/19-…md: 11, then 12 7 11)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ringlab.gui.status import HIDDEN_TEXT

from ._acts import answer_boxes, answer_question, ink, open_lesson, shown_text, shown_view


def test_lesson_19_hides_the_drawing_until_answered(open_window, qtbot, tmp_path):
    w = open_window("paper-k2-t3", size=(1280, 720))
    w.show_lessons(True)
    open_lesson(qtbot, w, "19. From finite fields")
    qtbot.waitUntil(lambda: w.tabs.tabText(w.tabs.currentIndex()) == "Propagation")
    view = shown_view(w, "Propagation")
    qtbot.waitUntil(lambda: "Answer: xor-k3" in answer_boxes(w))

    # the student jumps to the decode before answering
    view.slider.setFocus()
    qtbot.keyClick(view.slider, Qt.Key_End)
    T = 4  # the lesson's code: the paper's K = 3, T = 4
    qtbot.waitUntil(lambda: f"t = {T} / {T}" in view.step_label.text())
    drawing = view.drawing.canvas_stack
    qtbot.waitUntil(lambda: HIDDEN_TEXT in shown_text(drawing))
    text = shown_text(view)
    assert "ẑ" not in text and "decode" not in text.lower(), text
    # what is on screen where the drawing was: the veil's one line on a blank
    veiled = ink(drawing)
    drawing.grab().save(str(tmp_path / "veiled.png"))
    assert veiled < 0.02, veiled
    # no hover text either: the pointer over the drawing reaches the veil, not a node
    under = drawing.childAt(drawing.rect().center())
    assert under is not None and under.objectName() == "hidden_until_answered"

    # answering the two questions that hide it lifts the veil: the decode is drawn
    answer_question(qtbot, w, "xor-k3", "11")
    qtbot.waitUntil(lambda: "Answer: xor-wider" in answer_boxes(w))
    assert HIDDEN_TEXT in shown_text(drawing)  # the next question hides it too
    answer_question(qtbot, w, "xor-wider", "12 7 11")
    qtbot.waitUntil(lambda: HIDDEN_TEXT not in shown_text(view))
    qtbot.waitUntil(lambda: f"t = {T} / {T}" in view.step_label.text())
    drawing.grab().save(str(tmp_path / "shown.png"))
    assert ink(drawing) > 5 * max(veiled, 0.01)
    # the side table of the last step gives node 0's decode, the lesson's 12 7 11 (GF(2^5))
    table = view.renderer.table_text()
    assert "ẑ₀ = [12, 7, 11]" in table, table
