"""The Lessons panel in the real window: every shipped lesson opened, one prediction answered
wrongly then rightly, one task completed through the widgets, the progress saved to disk."""
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QSpinBox

from ringlab.lessons import Predict, Progress, Task, course
from ringlab.lessons import registry

LESSONS = course()


def type_answer(qtbot, box, value):
    """Put ``value`` into an AnswerBox the way a student would."""
    w = box.box
    if isinstance(w, QComboBox):
        want = ("yes" if value else "no") if box.kind == "truth" else value
        w.setFocus()
        w.setCurrentIndex(0)
        for _ in range(w.findText(registry.show(want))):   # arrow keys, as on a closed combo
            qtbot.keyClick(w, Qt.Key_Down)
        assert registry.same(w.currentData(), want), (w.currentText(), want)
    elif isinstance(w, QSpinBox):
        w.selectAll()
        qtbot.keyClicks(w, str(value))
        assert w.value() == int(value)
    else:
        w.clear()
        qtbot.keyClicks(w, registry.show(value))


@pytest.fixture
def lessons_window(open_window):
    win = open_window("paper-k2-t3", size=(1600, 1000))
    win.show_lessons()
    return win


def test_the_panel_lists_the_course_with_progress(qtbot, lessons_window):
    panel = lessons_window.lessons_panel
    assert panel.list.count() == len(LESSONS) >= 12
    assert "not started" in panel.list.item(0).text()
    assert lessons_window.findChild(type(panel)).isVisible()


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.key for lesson in LESSONS])
def test_each_lesson_in_the_window(qtbot, lessons_window, index):
    panel = lessons_window.lessons_panel
    panel.open_lesson(index)
    lesson = panel.lesson
    assert lesson.key == LESSONS[index].key and len(panel.blocks) == len(lesson.questions)

    first_task = next((b for b in lesson.blocks if isinstance(b, Task)), None)
    predicts = [b for b in lesson.blocks if isinstance(b, Predict)]
    if predicts:
        p = predicts[0]
        w = panel.block(p.id)
        if p.wrong:
            type_answer(qtbot, w.answer, p.wrong[0])
            qtbot.mouseClick(w.check_button, Qt.LeftButton)
            assert w.result.text().startswith("✗"), w.result.text()
        type_answer(qtbot, w.answer, p.answer)
        qtbot.mouseClick(w.check_button, Qt.LeftButton)
        assert w.result.text().startswith("✓"), w.result.text()

    if first_task is not None:
        # a student goes through the blocks before the task in order
        for b in lesson.blocks[:lesson.blocks.index(first_task)]:
            if isinstance(b, Predict) and b is not (predicts[0] if predicts else None):
                w = panel.block(b.id)
                type_answer(qtbot, w.answer, b.answer)
                qtbot.mouseClick(w.check_button, Qt.LeftButton)
            elif isinstance(b, Task):
                break
        t = panel.block(first_task.id)
        assert not t.evaluate()
        if first_task.input:
            value = next(c.args["value"] for c in first_task.solution if c.name == "type_answer")
            type_answer(qtbot, t.answer, value)
            qtbot.mouseClick(t.submit_button, Qt.LeftButton)
        else:
            qtbot.mouseClick(t.solution_button, Qt.LeftButton)
        qtbot.waitUntil(lambda: t.result.text().startswith("✓"), timeout=10000)

    saved = Progress()                        # read back from disk
    done, total = saved.done(lesson)
    assert done >= (1 if predicts else 0) + (1 if first_task is not None else 0) and total
    assert panel.progress.summary(lesson) in panel.list.item(index).text()


def test_break_and_repair_by_typing_into_the_editor(qtbot, lessons_window):
    """Lesson 9's tasks completed with real key presses in the matrix editor."""
    win = lessons_window
    panel = win.lessons_panel
    index = next(k for k, lesson in enumerate(LESSONS) if lesson.key.startswith("09-"))
    panel.open_lesson(index)
    win.show_view("Editor")
    task = panel.block("break-it")
    assert not task.evaluate()
    table = win.editor.grid(0, "R").table
    table.setFocus()
    table.setCurrentIndex(table.model().index(0, 2))
    qtbot.keyClicks(table, "1")
    qtbot.keyClick(table.focusWidget(), Qt.Key_Return)
    qtbot.waitUntil(lambda: task.result.text().startswith("✓"))
    repair = panel.block("repair-it")
    assert repair.result.text().startswith("○ Not yet")
    win.undo_action.trigger()                  # Ctrl+Z puts the −1 back: repaired
    qtbot.waitUntil(lambda: repair.result.text().startswith("✓"))


def test_reset_export_and_import(qtbot, lessons_window, tmp_path):
    panel = lessons_window.lessons_panel
    panel.open_lesson(0)
    p = LESSONS[0].predicts[0]
    w = panel.block(p.id)
    type_answer(qtbot, w.answer, p.answer)
    qtbot.mouseClick(w.check_button, Qt.LeftButton)
    out = tmp_path / "progress.json"
    panel.export_progress(str(out))
    assert out.exists()
    qtbot.mouseClick(panel.reset_button, Qt.LeftButton)
    assert Progress().done(LESSONS[0])[0] == 0
    panel.import_progress(str(out))
    assert Progress().done(LESSONS[0])[0] >= 1
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    said = []
    panel.message.connect(said.append)
    panel.import_progress(str(bad))
    assert said and said[-1].startswith("progress not imported")
