"""`ringlab lessons` and `ringlab lessons check`, run as a user runs them."""

import re
from functools import partial
from pathlib import Path

import pytest


@pytest.fixture
def run(ringlab):
    """``ringlab lessons ARGS`` in-process (conftest.py)."""
    return partial(ringlab, "lessons")


ROOT = Path(__file__).resolve().parents[2]
GOOD = ROOT / "lessons" / "09-theorem2-break-repair.md"


def test_list(run):
    r = run()
    assert r.returncode == 0, r.stderr
    assert "Theorem 2 as a check you can break and repair" in r.stdout
    assert re.search(r"09-theorem2-break-repair\s+12\s+not started", r.stdout)


def test_check_good_file(run):
    r = run("check", GOOD)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok ") and r.stderr == ""


def test_malformed_file_exit_2_one_line(tmp_path, run):
    bad = tmp_path / "bad.md"
    text = GOOD.read_text(encoding="utf-8").replace(
        "show: first_wrong_node", "show: first_wrong_nod"
    )
    bad.write_text(text, encoding="utf-8")
    line = next(k for k, ln in enumerate(text.splitlines(), 1) if "first_wrong_nod" in ln)
    r = run("check", bad)
    assert r.returncode == 2
    assert r.stderr.splitlines() == [r.stderr.strip()]
    assert r.stderr.startswith(f"{bad}:{line}: unknown probe 'first_wrong_nod'")


def test_wrong_solution_exit_1(tmp_path, run):
    bad = tmp_path / "wrong.md"
    text = GOOD.read_text(encoding="utf-8")
    # the repair task's solution puts 0 back instead of the paper's −1: the goal is not met
    text = text.replace(
        "solution: [{set_entry: {node: 0, matrix: R, row: 0, col: 2, value: -1}}]",
        "solution: [{set_entry: {node: 0, matrix: R, row: 0, col: 2, value: 0}}]",
    )
    bad.write_text(text, encoding="utf-8")
    r = run("check", bad)
    assert r.returncode == 1
    assert "{task} repair-it: the solution does not meet the goal" in r.stderr
    assert re.match(rf"{re.escape(str(bad))}:\d+: ", r.stderr)


def test_wrong_predict_answer_and_accepted_wrong_answer_exit_1(tmp_path, run):
    bad = tmp_path / "wrong.md"
    text = GOOD.read_text(encoding="utf-8").replace(
        "answer: 2\nwrong: [1, 6]", "answer: 2\nwrong: [2, 6]"
    )
    bad.write_text(text, encoding="utf-8")
    r = run("check", bad)
    assert r.returncode == 1
    assert "stored wrong answer 2 is accepted (the app shows 2)" in r.stderr


def test_worst_code_wins_and_all_files_are_reported(tmp_path, run):
    bad = tmp_path / "bad.md"
    bad.write_text("no front matter\n", encoding="utf-8")
    r = run("check", GOOD, bad)
    assert r.returncode == 2
    assert (
        r.stdout.startswith("ok ")
        and r.stderr.strip()
        == f"{bad}:1: expected front matter first: a '---' line, title/minutes/order, a '---' line"
    )


def test_lesson_10_as_it_was_gives_its_answer_away(tmp_path, run):
    """Lesson 10 before its ``hide:``: the status bar says "Theorem 3: T ≥ 7" while the lesson
    asks for the minimum T at N = 3, K = 5 (⌈4·5/3⌉ = 7): ``lessons check`` fails, naming the
    prediction and the text."""
    kept = ROOT / "tests" / "lessons" / "data" / "10-bounds-before-hide.md"
    lesson = tmp_path / "10-bounds.md"
    lesson.write_text(kept.read_text(encoding="utf-8"), encoding="utf-8")
    r = run("check", lesson)
    assert r.returncode == 1
    line = next(
        k
        for k, ln in enumerate(lesson.read_text(encoding="utf-8").splitlines(), 1)
        if ln == ":::{predict} min-n3-k5"
    )
    assert (
        f"{lesson}:{line}: {{predict}} min-n3-k5: the answer 7 is given away" in r.stderr + r.stdout
    )
    assert 'the status bar shows "Theorem 3: T ≥ 7' in r.stderr + r.stdout
    assert "prop1-n3-k5" not in r.stderr + r.stdout  # its answer, 6, is nowhere above it
