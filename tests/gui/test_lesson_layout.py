"""With a lesson open at 1280×720 (and 1920×1080), every control a task asks the student to use
is on screen — after the scrolling a user does, without dragging a splitter — and at least 24 px
tall and wide enough to read."""

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton, QSlider, QTableView, QTabWidget

from ringlab.lessons import Predict, Task
from tests._sweep import first_of_each

from .test_lesson_journeys import LESSONS, Student

TARGETS = {
    "set_entry": lambda s, a: [(QTableView, f"Node {a['node']} {a['matrix']}")],
    "set_schedule_step": lambda s, a: [
        (QSlider, "Schedules step"),
        (QPushButton, "Next step"),
        (QPushButton, "Previous step"),
    ],
    "set_example": lambda s, a: [(None, "Cores N")],
    "set_costs": lambda s, a: (
        [
            (QLineEdit, k)
            for k in ("α", "B", "S")
            if a.get({"α": "alpha", "B": "bandwidth", "S": "size"}[k]) is not None
        ]
        + ([(None, "Cost explorer N")] if a.get("N") is not None else [])
    ),
    "run_search": lambda s, a: [
        (None, "Search N"),
        (None, "Search K"),
        (None, "Search T"),
        (QPushButton, "Search"),
    ],
    "type_answer": lambda s, a: [(None, f"Answer: {a['id']}"), (None, f"Check: {a['id']}")],
    "load_preset": lambda s, a: [(None, "Preset")],
    "set_field": lambda s, a: [(None, "Field")],
    "resize": lambda s, a: [(None, k) for k in ("N", "K", "T") if a.get(k) is not None],
}
GO = {
    "set_entry": "Editor",
    "set_field": "Editor",
    "set_schedule_step": "Schedules",
    "set_example": "Schedules",
    "set_costs": "Schedules",
    "run_search": "Search",
}
PAGE = {"set_schedule_step": "Traces", "set_example": "Traces", "set_costs": "Cost explorer"}

SIZES = {"1280x720": (1280, 720), "1920x1080": (1920, 1080)}
CASES = [
    (size, i, t.id) for size in SIZES for i, lesson in enumerate(LESSONS) for t in lesson.tasks
]
# the inner loop: at the smaller screen, the first task of each kind (the set of controls its
# solution uses: an answer box, the schedules' step slider, the cost fields, the search, ...);
# every task at both sizes in the full suite
SWEEP = first_of_each(
    [(SIZES[size], i, tid) for size, i, tid in CASES],
    [f"{LESSONS[i].key}:{tid}-{size}" for size, i, tid in CASES],
    lambda size, i, tid: (
        (size, frozenset(c.name for b in LESSONS[i].tasks if b.id == tid for c in b.solution))
        if size == SIZES["1280x720"]
        else None
    ),
)


def reach(s, lesson, task) -> None:
    """Answer the predictions above ``task`` not answered yet (a lesson unfolds below a
    question only once it is answered), as a student reading down to the task does."""
    page = s.win.lessons_panel.scroll.widget()
    for b in lesson.blocks:
        if b is task:
            break
        if isinstance(b, Predict) and not s.status(b.id).startswith(("✓", "✗")):
            s.answer(b.id, b.answer, b.ask)
            s.qtbot.waitUntil(lambda b=b: s.status(b.id).startswith(("✓", "✗")), timeout=60_000)
    # what unfolded is measured as the reader sees it: the layouts it asked for done first,
    # as Qt does them before the next paint (the page grows, then each block inside it)
    for _ in range(3):
        QApplication.sendPostedEvents(None, QEvent.LayoutRequest)
    s.qtbot.waitUntil(lambda: page.height() >= page.minimumSizeHint().height())


def on_screen(s, w):
    """The part of ``w`` a user sees once the scroll areas holding it are scrolled to it."""
    s.show(w)
    if isinstance(w, QTableView):
        return w.viewport().visibleRegion().boundingRect()
    return w.visibleRegion().boundingRect()


@pytest.mark.parametrize("size,index,tid", SWEEP)
def test_each_task_control_is_on_screen(shared_window, qtbot, size, index, tid):
    # one window a size, the lessons opened one after another in it (as a student does): the
    # test answers the questions above the task (what it folds), goes to the tabs and scrolls
    # the task asks for, and measures
    win = shared_window(size=size, lessons=True)
    s = Student(qtbot, win)
    s.open_lesson(index)
    task = next(b for b in LESSONS[index].blocks if isinstance(b, Task) and b.id == tid)
    reach(s, LESSONS[index], task)
    for call in task.solution:
        if call.name in GO:
            s.tab(GO[call.name])
        if call.name in PAGE:
            s.tab(PAGE[call.name], win.findChild(QTabWidget, "compare_pages"))
        for cls, name in TARGETS[call.name](s, call.args):
            w = s.named(name) if cls is None else s.named(name, cls)
            r = on_screen(s, w)
            assert r.height() >= min(24, w.height()) and w.height() >= 20, (name, r, w.size())
            assert r.width() >= min(48, w.width()), (name, r, w.size())
