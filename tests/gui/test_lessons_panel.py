"""The Lessons panel in the real window: the course list, reset, export and import of
progress (every lesson done through the widgets: test_lesson_journeys.py)."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QSpinBox

from ringlab.lessons import Progress, course, registry

from ._acts import choose_in_menu, click_lesson

LESSONS = course()


def type_answer(qtbot, box, value):
    """Put ``value`` into an AnswerBox the way a student would."""
    w = box.box
    if isinstance(w, QComboBox):
        want = ("yes" if value else "no") if box.kind == "truth" else value
        w.setFocus()
        w.setCurrentIndex(0)
        for _ in range(w.findText(registry.show(want))):  # arrow keys, as on a closed combo
            qtbot.keyClick(w, Qt.Key_Down)
        assert registry.same(w.currentData(), want), (w.currentText(), want)
    elif isinstance(w, QSpinBox):
        w.selectAll()
        qtbot.keyClicks(w, str(value))
        assert w.value() == int(value)
    else:
        w.clear()
        qtbot.keyClicks(w, registry.show(value))


# the window of the tests taking ``win``: the Lessons panel open, with their own progress file
pytestmark = pytest.mark.window(size=(1600, 1000), lessons=True, load_views=True)


def test_the_panel_lists_the_course_with_progress(qtbot, win):
    panel = win.lessons_panel
    assert panel.list.count() == len(LESSONS) >= 12
    assert "not started" in panel.list.item(0).text()
    assert win.findChild(type(panel)).isVisible()


# Each lesson done through the real widgets, by a student: tests/gui/test_lesson_journeys.py


def test_reset_export_and_import(qtbot, win, tmp_path, monkeypatch):
    """The student chooses More → Export progress…, clicks Reset lesson, then More → Import
    progress…, choosing the files in the dialogs (answered here by the dialog functions)."""
    from PySide6.QtWidgets import QFileDialog

    panel = win.lessons_panel
    buttons = panel.course_list
    chosen = {}
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (chosen["path"], ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (chosen["path"], ""))
    monkeypatch.setattr(panel, "ask_reset", lambda title: True)  # "Reset" in its question box
    panel.open_lesson(0)
    p = LESSONS[0].predicts[0]
    w = panel.block(p.id)
    type_answer(qtbot, w.answer, p.answer)
    qtbot.mouseClick(w.check_button, Qt.LeftButton)
    said = []
    panel.message.connect(said.append)
    out = chosen["path"] = str(tmp_path / "progress.json")
    choose_in_menu(qtbot, buttons.more_button, "Export progress…")
    assert said[-1] == f"lesson progress exported to {out}"
    qtbot.mouseClick(panel.reset_button, Qt.LeftButton)
    assert Progress().done(LESSONS[0])[0] == 0
    choose_in_menu(qtbot, buttons.more_button, "Import progress…")
    assert said[-1] == f"lesson progress merged from {out}"
    assert Progress().done(LESSONS[0])[0] >= 1
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    chosen["path"] = str(bad)
    choose_in_menu(qtbot, buttons.more_button, "Import progress…")
    assert said[-1].startswith("progress not imported")
    chosen["path"] = ""  # the student cancels the dialog: nothing happens
    n = len(said)
    choose_in_menu(qtbot, buttons.more_button, "Import progress…")
    assert len(said) == n


def test_a_huge_number_typed_as_an_answer_is_refused_at_once(qtbot, win):
    """Issue 18: `1e999999999` in an answer box froze the window (Fraction of a billion digits)."""
    panel = win.lessons_panel
    panel.open_lesson(0)
    p = LESSONS[0].predicts[0]
    w = panel.block(p.id)
    w.answer.box.clear()
    qtbot.keyClicks(w.answer.box, "1e999999999")
    qtbot.mouseClick(w.check_button, Qt.LeftButton)
    assert "expected a number" in w.result.text() and w.result.text().startswith("✗")
    assert Progress().done(LESSONS[0])[0] == 0  # nothing recorded for it


def test_the_wheel_over_an_answer_box_does_not_change_the_answer(qtbot, win):
    """Issue 19's report, fixed with the blocks: the wheel scrolled "node 10" into a 3-node
    answer.  Unfocused, the box ignores it (the lesson scrolls instead)."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    panel = win.lessons_panel
    index = next(
        k
        for k, lesson in enumerate(LESSONS)
        if any(q.ask in ("node", "choice", "truth") for q in lesson.predicts)
    )
    panel.open_lesson(index)
    q = next(q for q in LESSONS[index].predicts if q.ask in ("node", "choice", "truth"))
    box = panel.block(q.id).answer.box
    win.setFocus()
    before = box.currentIndex() if isinstance(box, QComboBox) else box.value()
    pos = QPointF(box.rect().center())
    ev = QWheelEvent(
        pos,
        QPointF(box.mapToGlobal(pos.toPoint())),
        QPoint(0, 0),
        QPoint(0, -120),
        Qt.NoButton,
        Qt.NoModifier,
        Qt.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(box, ev)
    after = box.currentIndex() if isinstance(box, QComboBox) else box.value()
    assert after == before


def test_a_corrupt_progress_file_is_set_aside_and_said(qtbot, open_window, tmp_path):
    data = tmp_path / "data"  # the progress folder of a window opened with lessons=True
    data.mkdir()
    (data / "progress.json").write_text("{ not json", encoding="utf-8")
    win = open_window("paper-k2-t3", size=(1280, 720), lessons=True)
    assert win.lessons_panel.list.count() == len(LESSONS)
    qtbot.waitUntil(lambda: "progress" in win.statusBar().currentMessage().lower())
    assert list(data.glob("progress.json.corrupt-*"))


def test_task_goals_are_checked_off_the_gui_thread(qtbot, win, monkeypatch):
    """A goal may need a trace or a comparison: it is checked on a snapshot of the state in a
    worker thread, and the status follows when the check ends."""
    import threading

    from ringlab.gui import lesson_blocks, lessons_panel

    threads = []
    real = lesson_blocks.check_goal

    def spy(task, state):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(task, state)

    monkeypatch.setattr(lessons_panel, "check_goal", spy)
    panel = win.lessons_panel
    index = next(k for k, lesson in enumerate(LESSONS) if lesson.key.startswith("09-"))
    panel.open_lesson(index)
    for q in LESSONS[index].predicts:  # reach the tasks: answer what is above
        w = panel.block(q.id)
        type_answer(qtbot, w.answer, q.answer)
        qtbot.mouseClick(w.check_button, Qt.LeftButton)
    repair = LESSONS[index].tasks[0]
    qtbot.waitUntil(lambda: panel.block(repair.id).result.text().startswith("○ Not yet"))
    assert threads and not any(threads)


def test_answers_show_again_after_a_restart(qtbot, open_window):
    """A prediction answered in one session shows its answer and verdict in the next."""
    p = LESSONS[1].predicts[0]
    first = open_window("paper-k2-t3", size=(1280, 720), lessons=True)
    first.lessons_panel.open_lesson(1)
    w = first.lessons_panel.block(p.id)
    type_answer(qtbot, w.answer, p.answer)
    qtbot.mouseClick(w.check_button, Qt.LeftButton)
    assert w.result.text().startswith("✓")
    first.close()
    again = open_window("paper-k2-t3", size=(1280, 720), lessons=True)  # a restart
    again.lessons_panel.open_lesson(1)
    w = again.lessons_panel.block(p.id)
    assert w.result.text().startswith("✓ Right (answered before, locked)")
    assert w.answer.text() == registry.show(p.answer)


def _click_lesson(qtbot, win, index):
    click_lesson(qtbot, win, index)
    assert win.lessons_panel.lesson.key == LESSONS[index].key


def test_opening_a_lesson_leaves_nothing_to_save(qtbot, win, tmp_path):
    # a trial: quitting after only opening a lesson asked about "unsaved changes"
    from ringlab import save_code

    path = tmp_path / "mine.ringlab.json"
    save_code(win.document.code, path)
    win.open_file(str(path)) if hasattr(win, "open_file") else win.document.open_code(
        win.document.code, str(path), "Open"
    )
    assert not win.document.dirty
    index = next(
        i for i, lesson in enumerate(LESSONS) if lesson.new_state().code != win.document.code
    )
    _click_lesson(qtbot, win, index)
    doc = win.document
    assert doc.code != LESSONS[0].new_state().code or index == 0
    assert not doc.dirty  # nothing of the user's to save
    assert doc.path is None  # Ctrl+S will not write it over mine.ringlab.json
    qtbot.keyClick(win.editor, Qt.Key_Z, Qt.ControlModifier)
    qtbot.waitUntil(lambda: doc.code == __import__("ringlab").load_code(path))


def test_a_lesson_over_unsaved_work_asks_first_and_keeps_it(qtbot, win):
    doc = win.document
    doc.set_entry(0, "M", 0, 0, 5)  # the user's own unsaved edit
    mine = doc.code
    assert doc.dirty
    index = next(i for i, lesson in enumerate(LESSONS) if lesson.new_state().code != doc.code)
    asked = []
    win.ask_unsaved = lambda action: asked.append(action) or "cancel"
    click_lesson(qtbot, win, index)
    assert asked and "lesson" in asked[0]  # the question came before the code changed
    assert doc.code is mine and doc.dirty  # cancel: the work stays, the lesson not opened
    win.ask_unsaved = lambda action: "discard"
    _click_lesson(qtbot, win, index)
    assert not doc.dirty and doc.path is None  # the lesson's code: untitled, unmodified
    qtbot.keyClick(win.editor, Qt.Key_Z, Qt.ControlModifier)
    qtbot.waitUntil(lambda: doc.code == mine)  # Ctrl+Z: the unsaved edit is back, still unsaved
    assert doc.dirty


def test_a_lesson_setup_ticks_algorithms_in_the_schedules_tab(
    qtbot, open_window, tmp_path, monkeypatch
):
    """``setup.schedules.show`` in a lesson ticks those boxes under 'Also show' when the student
    clicks the lesson, and their columns appear; the next lesson (no ``show``) unticks them."""
    from ringlab.gui import lessons_panel as lp
    from ringlab.lessons import load_lesson

    def lesson(name, order, title, extra):
        (tmp_path / name).write_text(
            f"""---
title: {title}
minutes: 5
order: {order}
setup:
  preset: classic-ring-n8
  tab: Schedules
{extra}---
Look at the columns.

:::{{task}} nine
---
goal:
  - {{param: N, equals: 9}}
solution: [{{resize: {{N: 9}}}}]
wrong: [[{{resize: {{N: 7}}}}]]
---
Make the ring 9 nodes.
:::
""",
            encoding="utf-8",
        )

    lesson("a.md", 1, "Two more algorithms", "  schedules: {show: [swing, recursive-doubling]}\n")
    lesson("b.md", 2, "None", "")
    mine = [load_lesson(tmp_path / "a.md"), load_lesson(tmp_path / "b.md")]
    monkeypatch.setattr(lp, "course", lambda: mine)
    win = open_window("paper-k2-t3", size=(1280, 720), lessons=True)
    _, view = win.view_by_title("Schedules")
    for index, ticked in ((0, {"recursive-doubling", "swing"}), (1, set())):
        lst = win.lessons_panel.list
        item = lst.item(index)
        qtbot.mouseClick(lst.viewport(), Qt.LeftButton, pos=lst.visualItemRect(item).center())
        qtbot.waitUntil(
            lambda: {n for n, b in view.picker.boxes.items() if b.isChecked()} == ticked
        )
        qtbot.waitUntil(lambda: set(view.columns) == {"ring", "tree", "coded"} | ticked)
    qtbot.mouseClick(lst.viewport(), Qt.LeftButton, pos=lst.visualItemRect(lst.item(0)).center())
    qtbot.waitUntil(
        lambda: "swing" in view.columns and view.columns["swing"].title.text().startswith("Swing")
    )
    # the Swing paper: reduce-scatter and all-gather of log2(8) = 3 steps each
    assert view.columns["swing"].title.text() == "Swing (bandwidth-optimal), 6 steps"
