"""A task whose goal the setup already meets is refused: the window evaluates every task of an
open lesson at once, so such a task shows "Done" before the student has done anything."""

import contextlib
import io
import subprocess
from pathlib import Path

import pytest

from ringlab.core.errors import RinglabError
from ringlab.lessons import check_file, lesson_files, parse_lesson, replay
from tests._sweep import split_sweep
from tests.lessons.test_course import SAT_HEAVY

ROOT = Path(__file__).resolve().parents[2]
SETUP_MET = (
    "the goal already holds when the lesson opens (its setup meets it), "
    "before the student does anything"
)

# break-then-repair on the paper's code: the sequential replay alone passes it (repair-it comes
# after break-it), but the window shows repair-it done as soon as the lesson opens
LESSON = """---
title: Break, then repair
minutes: 5
order: 1
setup:
  preset: paper-k2-t3
  tab: Editor
---
Prose.

::::{task} break-it
---
goal:
  - {feasible: {}, equals: false}
solution: [{set_entry: {node: 0, matrix: R, row: 0, col: 2, value: 1}}]
wrong:
  - [{set_entry: {node: 0, matrix: R, row: 0, col: 2, value: -1}}]
---
Break it.
::::

::::{task} repair-it
---
goal:
  - {feasible: {}, equals: true}
solution: [{set_entry: {node: 0, matrix: R, row: 0, col: 2, value: -1}}]
wrong:
  - [{set_entry: {node: 0, matrix: R, row: 0, col: 2, value: 0}}]
---
Repair it.
::::
"""
REPAIR_LINE = next(k for k, ln in enumerate(LESSON.splitlines(), 1) if ln == "::::{task} repair-it")


def run_check(*files):
    """``ringlab lessons check FILES`` in this process (``ringlab.cli.main``, as
    tests/cli/conftest.py runs it): what the shell sees, without a Python start (issue 31)."""
    from ringlab.cli import main

    args = ["lessons", "check", *map(str, files)]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return subprocess.CompletedProcess(["ringlab", *args], code, out.getvalue(), err.getvalue())


def test_a_task_met_at_setup_is_refused_with_its_line():
    problems = replay(parse_lesson(LESSON, "break-repair.md"))
    assert problems == [f"break-repair.md:{REPAIR_LINE}: {{task}} repair-it: {SETUP_MET}"]


def test_the_first_task_met_at_setup_is_said_once():
    text = LESSON.replace("{feasible: {}, equals: false}", "{feasible: {}, equals: true}", 1)
    problems = replay(parse_lesson(text, "twice.md"))
    first = next(k for k, ln in enumerate(text.splitlines(), 1) if ln == "::::{task} break-it")
    assert problems[:2] == [
        f"twice.md:{first}: {{task}} break-it: {SETUP_MET}",
        f"twice.md:{REPAIR_LINE}: {{task}} repair-it: {SETUP_MET}",
    ]
    assert len(problems) == 2  # not again as "already holds" in sequence


def test_the_sequential_checks_still_run():
    # nothing is met at setup here, but break-it's solution no longer breaks anything
    text = LESSON.replace(
        "goal:\n  - {feasible: {}, equals: true}",
        "goal:\n  - {check_ok: {node: 1, j: 1}, equals: false}",
    )
    text = text.replace(
        "solution: [{set_entry: {node: 0, matrix: R, row: 0, col: 2, value: -1}}]",
        "solution: [{set_entry: {node: 1, matrix: R, row: 0, col: 0, value: 1}}]",
    )
    text = text.replace(
        "solution: [{set_entry: {node: 0, matrix: R, row: 0, col: 2, value: 1}}]",
        "solution: [{set_entry: {node: 0, matrix: R, row: 0, col: 2, value: -1}}]",
    )
    problems = replay(parse_lesson(text, "seq.md"))
    assert (
        len(problems) == 1 and "{task} break-it: the solution does not meet the goal" in problems[0]
    )


def test_the_cli_exits_1_with_file_and_line(tmp_path):
    f = tmp_path / "break-repair.md"
    f.write_text(LESSON, encoding="utf-8")
    r = run_check(f)
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stderr.splitlines() == [f"{f}:{REPAIR_LINE}: {{task}} repair-it: {SETUP_MET}"]


def test_the_cli_passes_once_no_task_is_done_at_setup(tmp_path):
    f = tmp_path / "break-only.md"
    f.write_text(LESSON[: LESSON.index("::::{task} repair-it")], encoding="utf-8")
    r = run_check(f, ROOT / "lessons" / "09-theorem2-break-repair.md")
    assert r.returncode == 0, r.stderr
    assert [ln.split()[0] for ln in r.stdout.splitlines()] == ["ok", "ok"] and r.stderr == ""


# lesson 13's replay runs real SAT searches of seconds: slow (tests/lessons/test_course.py)
@pytest.mark.parametrize(
    "path",
    split_sweep(
        [(p,) for p in lesson_files()],
        [p.name for p in lesson_files()],
        lambda p: p.name not in SAT_HEAVY,
    ),
)
def test_no_shipped_task_is_done_when_its_lesson_opens(path):
    r = check_file(path)
    assert r.ok, r.problems
    for task in r.lesson.tasks:
        state = r.lesson.new_state()
        try:
            met = task.met(state)
        except RinglabError:  # cannot even be read yet: not met
            met = False
        assert not met, f"{path.name}: {task.id} is done at setup"


def test_lesson_9_opens_broken_and_lesson_5_off_both_crossovers():
    from ringlab.lessons import load_lesson
    from ringlab.lessons.catalog import lessons_dir

    nine = load_lesson(lessons_dir() / "09-theorem2-break-repair.md")
    st = nine.new_state()
    assert [t.id for t in nine.tasks] == ["repair-it", "break-it"]
    assert st.analysis.report.feasible is False
    five = load_lesson(lessons_dir() / "05-tree-vs-ring.md")
    st = five.new_state()
    assert st.explorer_N not in (None, 4, 8)


def test_a_prediction_whose_answer_is_on_screen_is_refused(tmp_path):
    """The Schedules tab's column titles give the tree's steps: asking for them there, with no
    step hiding them, is flagged with the file and line (and the same question asked from the
    Editor tab, revealing the Schedules tab on check, passes)."""
    from ringlab.lessons import check_file

    text = """---
title: Steps
minutes: 5
order: 1
setup:
  preset: classic-ring-n4
  tab: Schedules
---
:::{predict} tree-steps
---
ask: number
show: {schedule_steps: tree}
answer: 4
wrong: [6]
---
How many steps does the tree take?
:::
"""
    bad = tmp_path / "bad.md"
    bad.write_text(text, encoding="utf-8")
    r = check_file(bad)
    assert r.code == 1 and r.problems[0].startswith(
        f"{bad}:9: {{predict}} tree-steps: the answer is on screen before the student predicts"
    )
    good = tmp_path / "good.md"
    good.write_text(
        text.replace("  tab: Schedules", "  tab: Editor").replace(
            "wrong: [6]", "wrong: [6]\nreveal: [{show_tab: Schedules}]"
        ),
        encoding="utf-8",
    )
    assert check_file(good).ok, check_file(good).problems


def test_a_rate_table_prediction_beside_the_rate_table_must_hide_it(tmp_path):
    """A stranger's trial: lesson 11 asked how many slots routing needs at N = 3, K = 2 with
    the Search tab's rate table beside it, its cell saying "4 exact".  On the Search tab every
    cell of the table is on screen: the check flags the question until it hides the table."""
    from ringlab.lessons import check_file

    text = """---
title: Routing
minutes: 5
order: 1
setup:
  preset: paper-k2-t3
  tab: Search
---
:::{predict} routing-needs
---
ask: number
show: {rate_table: {N: 3, K: 2, routing: true}}
answer: 4
wrong: [3]
---
How many slots does routing only need for $N = 3$, $K = 2$?
:::
"""
    bad = tmp_path / "bad.md"
    bad.write_text(text, encoding="utf-8")
    r = check_file(bad)
    assert r.code == 1 and r.problems[0].startswith(
        f"{bad}:9: {{predict}} routing-needs: the answer is on screen before the student "
        "predicts (the Search tab's rate table shows every cell)"
    ), r.problems
    hidden = tmp_path / "hidden.md"
    hidden.write_text(text.replace("answer: 4", "hide: [rate-table]\nanswer: 4"), "utf-8")
    assert check_file(hidden).ok, check_file(hidden).problems
    elsewhere = tmp_path / "elsewhere.md"  # on another tab the table is not in sight
    elsewhere.write_text(text.replace("  tab: Search", "  tab: Editor"), "utf-8")
    assert check_file(elsewhere).ok, check_file(elsewhere).problems


def test_a_shape_prediction_must_hide_the_status_bars_shape(tmp_path):
    """A stranger's trial: lesson 11 asked "does the code have the reduce-multicast shape?"
    while the status bar said "non-trivial coding".  Flagged until it hides that label."""
    from ringlab.lessons import check_file

    question = "ask: truth\nshow: reduce_multicast\nanswer: false\nwrong: [true]"
    text = LESSON.split("Prose.")[0] + (
        f":::{{predict}} shape\n---\n{question}\n---\nDoes the code have the shape?\n:::\n"
    )
    bad = tmp_path / "bad.md"
    bad.write_text(text, encoding="utf-8")
    r = check_file(bad)
    assert r.code == 1 and "(the status bar names the code's shape)" in r.problems[0]
    hidden = tmp_path / "hidden.md"
    hidden.write_text(text.replace("answer: false", "hide: [status-shape]\nanswer: false"), "utf-8")
    assert check_file(hidden).ok, check_file(hidden).problems


def test_setup_ticks_algorithms_and_their_steps_count_as_on_screen(tmp_path):
    """``setup.schedules.show`` ticks algorithms under 'Also show'; a ticked algorithm's column
    title gives its steps, so predicting them there is flagged, and an unknown name is one
    line naming the file, the line and the names the tab adds."""
    from ringlab.lessons import check_file, load_lesson

    text = """---
title: Steps
minutes: 5
order: 1
setup:
  preset: classic-ring-n4
  tab: Schedules
  schedules: {show: [swing, recursive-doubling]}
---
:::{predict} swing-steps
---
ask: number
show: {algorithm_steps: swing}
answer: 4
wrong: [6]
---
How many steps does Swing take on 4 cores?
:::
"""
    f = tmp_path / "ticked.md"
    f.write_text(text, encoding="utf-8")
    assert load_lesson(f).new_state().schedules == ("recursive-doubling", "swing")
    r = check_file(f)
    assert r.code == 1 and r.problems[0].startswith(
        f"{f}:10: {{predict}} swing-steps: the answer is on screen"
    )
    f.write_text(text.replace("[swing, recursive-doubling]", "[swing, rng]"), encoding="utf-8")
    r = check_file(f)
    assert r.code != 0 and len(r.problems) == 1
    assert r.problems[0].startswith(f"{f}:8:") and "'rng' is not an algorithm" in r.problems[0]
