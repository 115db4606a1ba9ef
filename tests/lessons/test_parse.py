"""Lesson parsing: a good lesson's structure, and every malformed one refused as FILE:LINE."""

import re

import pytest

from ringlab.lessons import LessonError, Predict, Prose, Task, parse_lesson, registry
from tests._lesson_samples import GOOD


def test_good_lesson_structure():
    les = parse_lesson(GOOD, "good.md")
    assert (les.title, les.minutes, les.order) == ("A small lesson", 5, 1)
    assert [c.name for c in les.setup] == ["load_preset", "show_tab"]
    kinds = [type(b).__name__ for b in les.blocks]
    assert kinds == ["Prose", "Predict", "Task", "Notes"]
    p, t = les.blocks[1], les.blocks[2]
    assert isinstance(p, Predict) and p.line == 11 and p.answer == 30
    assert p.reveal[0].name == "set_schedule_step" and p.reveal[0].args == {"step": 3}
    assert isinstance(t, Task) and t.input == "number" and t.solution[0].args["value"] == 29
    assert isinstance(les.blocks[0], Prose) and "$x_{i,k}$" in les.blocks[0].text


def _error(text):
    with pytest.raises(LessonError) as e:
        parse_lesson(text, "bad.md")
    msg = str(e.value)
    assert re.fullmatch(r"bad\.md:\d+: .+", msg), msg
    assert "\n" not in msg
    return int(msg.split(":")[1]), msg


def _lines(text):
    return text.splitlines()


def _line_of(text, needle):
    return next(k for k, ln in enumerate(text.splitlines(), 1) if needle in ln)


@pytest.mark.parametrize(
    "old,new,needle,expect",
    [
        ("minutes: 5", "minutes: 50", "minutes: 50", "minutes = 50"),
        ("order: 1", "order: 1\ncolour: red", "colour: red", "unknown front matter key 'colour'"),
        ("  tab: Schedules", "  tab: Kitchen", "tab: Kitchen", "tab must be one of"),
        (
            "  preset: classic-ring-n4",
            "  preset: classic-ring-n4\n  presett: x",
            "presett",
            "unknown setup key",
        ),
        ("ask: number", "ask: guess", "ask: guess", "ask must be one of"),
        (
            "show: {schedule_cell",
            "show: {schedule_celll",
            "schedule_celll",
            "unknown probe 'schedule_celll'",
        ),
        (
            "reveal: [{set_schedule_step: 3}]",
            "reveal: [{teleport: 3}]",
            "teleport",
            "unknown action 'teleport'",
        ),
        (
            "core: 3, chunk: 0}}",
            "core: 3, chunk: 0, colour: 1}}",
            "colour: 1",
            "unknown argument 'colour'",
        ),
        (
            "core: 3, chunk: 0}}",
            "core: three, chunk: 0}}",
            "core: three",
            "core must be an integer",
        ),
        ("answer: 30", "answer: thirty", "answer: thirty", "'thirty' is not a number"),
        (":solution: 29", ":solution: 29\n:colour: 1", ":colour: 1", "unknown option 'colour'"),
        (":::{task} typed", ":::{quiz} typed", ":::{quiz}", "unknown directive {quiz}"),
        (":::{task} typed", ":::{task} Typed!", "Typed!", "needs an id"),
        (":::{task} typed", ":::{task} cell", ":::{task} cell", "id 'cell' is used twice"),
        ("wrong: [12]", "wrong: [12", "reveal:", "not valid YAML"),
    ],
)
def test_malformed_says_file_and_line(old, new, needle, expect):
    text = GOOD.replace(old, new, 1)
    assert text != GOOD
    line, msg = _error(text)
    assert expect in msg
    assert line == _line_of(text, needle), msg


def test_missing_front_matter_is_line_1():
    line, msg = _error("# no front matter\n\n:::{notes}\nx\n:::\n")
    assert line == 1 and "front matter" in msg


def test_unclosed_directive_names_its_opening_line():
    text = GOOD.replace("Say it slowly.\n:::\n", "Say it slowly.\n")
    line, msg = _error(text)
    assert line == _line_of(text, ":::{notes}") and "never closed" in msg


def test_nested_directive_refused():
    text = (
        GOOD.replace(
            "Type the second entry of the target.", "Type it.\n::::{notes}\ninner\n::::", 1
        )
        .replace(":::{task} typed", "::::::{task} typed")
        .replace("::::\n:::\n\n:::{notes}", "::::\n::::::\n\n:::{notes}")
    )
    line, msg = _error(text)
    assert "cannot be nested" in msg and line == _line_of(text, "::::{notes}")


def test_missing_required_option():
    text = GOOD.replace("answer: 30\n", "")
    line, msg = _error(text)
    assert "missing option 'answer'" in msg and line == _line_of(text, ":::{predict} cell")


def test_task_needs_a_stored_wrong_answer():
    text = GOOD.replace(":wrong: [30]\n", "")
    _, msg = _error(text)
    assert "missing option 'wrong'" in msg


def test_approx_needs_tolerance():
    text = GOOD.replace(
        ":::{notes}",
        """:::{task} goal
---
goal: [{feasible: {}, approx: 1}]
solution: [{load_preset: paper-k2-t3}]
wrong: [[{load_preset: paper-k2-t3}]]
---
x
:::

:::{notes}""",
    )
    line, msg = _error(text)
    assert "approx needs 'tol'" in msg and line == _line_of(text, "goal: [{feasible")


def test_registry_docstring_lists_every_entry_with_its_arguments():
    doc = registry.__doc__
    for table in (registry.ACTIONS, registry.PROBES):
        for name, entry in table.items():
            row = next((ln for ln in doc.splitlines() if ln.split()[:1] == [name]), None)
            assert row is not None, f"{name} missing from the registry's docstring table"
            args = [p.name + ("" if p.required else "?") for p in entry.params]
            written = row[len(name) :].split("  ")
            cell = next((c.strip() for c in written if c.strip()), "")
            assert cell == ", ".join(args) or not args, (name, cell, args)
