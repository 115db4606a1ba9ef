r"""Replay a lesson headless, the way a student who answers everything right would go through it.

From the setup on, in file order:

* a ``predict``: its ``reveal`` actions run, then the app's value (``show``) must equal the
  author's ``answer`` and differ from every stored ``wrong`` answer — so a number in a lesson
  is checked by the lesson, not only asserted in its prose;
* a ``task``: its goal must *not* hold yet (a task that is already done teaches nothing), each
  stored wrong answer, tried on a copy of the state, must leave it unmet, and the solution
  must meet it; the lesson then goes on from the solved state, as the student would.

Before that, every task's goal is evaluated on the setup alone (a fresh
:meth:`~ringlab.lessons.model.Lesson.new_state`): the window evaluates every task of an open
lesson against the state it opens in, so a goal that holds there shows "Done" before the
student has done anything, wherever the task stands in the file.

``lessons check`` and the test suite both call :func:`check_file`, so every shipped lesson is
tested through the command's own code path.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import RinglabError
from . import registry
from .errors import LessonError
from .model import Lesson, Predict, Task
from .parse import load_lesson
from .visibility import given_away, on_screen

OK, FAILS, MALFORMED = 0, 1, 2


@dataclass
class Result:
    path: str
    code: int  # OK, FAILS or MALFORMED
    problems: list  # "FILE:LINE: what is wrong" lines
    lesson: Lesson | None = None

    @property
    def ok(self) -> bool:
        return self.code == OK


def check_file(path) -> Result:
    """Parse and replay one lesson file."""
    try:
        lesson = load_lesson(path)
    except LessonError as e:
        return Result(str(path), MALFORMED, [str(e)])
    problems = replay(lesson)
    return Result(str(path), FAILS if problems else OK, problems, lesson)


def replay(lesson: Lesson) -> list[str]:
    """Every way the lesson's answers disagree with the app, as ``FILE:LINE: …`` lines."""
    where = lambda line: f"{lesson.path}:{line}"  # noqa: E731
    try:
        st = lesson.new_state()
    except RinglabError as e:
        line = next((c.line for c in lesson.setup), lesson.line_of_setup)
        return [f"{where(line)}: setup does not run: {e}"]
    early = _met_at_setup(lesson, st)
    problems = [
        f"{where(t.line)}: {{task}} {t.id}: the goal already holds when the lesson opens "
        "(its setup meets it), before the student does anything"
        for t in early
    ]
    for block in lesson.blocks:
        if isinstance(block, Predict):
            problems += _given_away(lesson, block, st, where)  # the replay goes on
            found = _predict(block, st, where)
        elif isinstance(block, Task):
            if any(t is block for t in early) and _unmet(block, st) is None:
                break  # reported above, and still met here: nothing more to learn
            found = _task(block, st, where)
        else:
            continue
        if found:
            problems += found
            break  # later blocks build on this one: one failure at a time
    return problems


def _met_at_setup(lesson: Lesson, setup) -> list[Task]:
    """The tasks whose goal holds on the setup alone (each judged on its own copy of it): the
    window evaluates every task of an open lesson at once, so these show "Done" at once."""
    return [t for t in lesson.tasks if _unmet(t, setup.copy()) is None]


def _run(calls, st):
    for c in calls:
        try:
            c.run(st)
        except RinglabError as e:
            raise _Fail(c.line, f"{c.name} does not run: {e}") from None


class _Fail(Exception):
    def __init__(self, line, message):
        self.line, self.message = line, message


def _given_away(lesson, p: Predict, st, where) -> list[str]:
    """A numeric prediction whose answer a text already states (see :mod:`.visibility`)."""
    if on_screen(p.show, st, p.hide) is not None:
        return []  # the value itself is on screen: _predict says where
    said = given_away(lesson, p, st)
    if said is None:
        return []
    return [
        f"{where(p.line)}: {{predict}} {p.id}: the answer {registry.show(p.answer)} is given "
        f"away before the student predicts: {said}; move the sentence below the question, or "
        "hide that part of the window until it is answered (hide:)"
    ]


def _predict(p: Predict, st, where) -> list[str]:
    what = f"{{predict}} {p.id}"
    shown = on_screen(p.show, st, p.hide)
    if shown is not None:
        return [
            f"{where(p.line)}: {what}: the answer is on screen before the student "
            f"predicts ({shown}); let the setup or an earlier block hide or defer it"
        ]
    try:
        _run(p.reveal, st)
        truth = p.truth(st)
    except _Fail as f:
        return [f"{where(f.line)}: {what}: {f.message}"]
    except RinglabError as e:
        return [f"{where(p.show.line)}: {what}: {p.show} cannot be read: {e}"]
    out = []
    if not registry.same(truth, p.answer, p.tol):
        out.append(
            f"{where(p.line)}: {what}: the app shows {p.show} = {registry.show(truth)}, "
            f"but the lesson's answer is {registry.show(p.answer)}"
        )
    if p.choices is not None and not any(registry.same(truth, c) for c in p.choices):
        out.append(
            f"{where(p.line)}: {what}: the app's answer {registry.show(truth)} is not "
            f"among the choices ({', '.join(p.choices)})"
        )
    for w in p.wrong:
        if registry.same(truth, w, p.tol):
            out.append(
                f"{where(p.line)}: {what}: the stored wrong answer {registry.show(w)} "
                f"is accepted (the app shows {registry.show(truth)})"
            )
    return out


def _unmet(task: Task, st) -> str | None:
    """None when the goal holds, else the first check that fails, in words."""
    for c in task.goal:
        try:
            ok, value = c.evaluate(st)
        except RinglabError as e:
            return f"{c.describe()}: cannot be read ({e})"
        if not ok:
            return f"{c.describe()}: the app shows {registry.show(value)}"
    return None


def _task(t: Task, st, where) -> list[str]:
    what = f"{{task}} {t.id}"
    if _unmet(t, st) is None:
        return [f"{where(t.line)}: {what}: the goal already holds before the student does anything"]
    out = []
    for k, wrong in enumerate(t.wrong, 1):
        trial = st.copy()
        try:
            _run(wrong, trial)
        except _Fail:
            continue  # the app refuses it: the answer fails, as it must
        if _unmet(t, trial) is None:
            out.append(
                f"{where(wrong[0].line if wrong else t.line)}: {what}: stored wrong "
                f"answer {k} meets the goal"
            )
    try:
        _run(t.solution, st)
    except _Fail as f:
        return out + [f"{where(f.line)}: {what}: solution: {f.message}"]
    why = _unmet(t, st)
    if why is not None:
        out.append(f"{where(t.line)}: {what}: the solution does not meet the goal: {why}")
    return out
