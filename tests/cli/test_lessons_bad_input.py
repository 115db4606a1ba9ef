"""`ringlab lessons check FILE` on hostile lesson files, run as a user runs it: each is refused
with exit 2 and one short `FILE:LINE: …` line on stderr, and nothing outside the lesson is read.
In-process (conftest.py); nothing here measures time."""

import json
import re
from functools import partial

import pytest

from tests._lesson_samples import GOOD

SHOW = "show: {schedule_cell: {schedule: ring, step: 3, core: 3, chunk: 0}}"
REVEAL = "reveal: [{set_schedule_step: 3}]"
BOMB = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
)


@pytest.fixture
def run(ringlab):
    """``ringlab lessons ARGS`` in-process (conftest.py)."""
    return partial(ringlab, "lessons")


# (case, old, new, the text on the line the error must name, what the error says)
CASES = [
    ("number-text", "answer: 30", "answer: '1e999999999'", "answer:", "exponent"),
    ("number-plain", "answer: 30", "answer: 1e999999999", "answer:", "exponent"),
    (
        "number-long",
        "answer: 30",
        "answer: '1." + "0" * 150 + "'",
        "answer:",
        "more than 100 digits",
    ),
    ("number-frac", "answer: 30", "answer: '1/3/4'", "answer:", "is not a number"),
    (
        "answer-list",
        "answer: 30",
        "answer: [" + ",".join(["1"] * 12000) + "]",
        "answer:",
        "more than 10000",
    ),
    (
        "check-value",
        "reveal: [{set_schedule_step: 3}]\n",
        (
            "reveal: [{set_schedule_step: 3}]\n---\nx\n:::\n:::{task} t\n---\n"
            "goal: [{feasible: {}, equals: '2e99999'}]\nsolution: [{show_tab: Editor}]\n"
            "wrong: [[{show_tab: Editor}]]\n"
        ),
        "goal:",
        "exponent",
    ),
    (
        "tol",
        "answer: 30\n",
        "answer: 30\ntol: 1e999999999\n",
        "tol:",
        "tol must be a positive number",
    ),
    ("typed-solution", ":solution: 29", ":solution: '-1e999999999'", ":solution:", "exponent"),
    (
        "graph-count",
        SHOW,
        "show: {graph_count: {what: edges, N: 100000000, T: 100000000}}",
        "graph_count",
        "out of range",
    ),
    (
        "run-search-size",
        REVEAL,
        "reveal: [{run_search: {N: 12, K: 16, T: 4000}}]",
        "run_search",
        "out of range",
    ),
    (
        "run-search-count",
        REVEAL,
        "reveal: [" + ", ".join(["{run_search: {N: 3, K: 2, T: 3}}"] * 9) + "]",
        "run_search",
        "at most 8 searches",
    ),
    (
        "mesh",
        SHOW,
        "show: {mesh_hops: {k: 100000, n: 100000, scheme: tree}}",
        "mesh_hops",
        "out of range",
    ),
    ("costs", REVEAL, "reveal: [{set_costs: {alpha: 1e999999999us}}]", "set_costs", "exponent"),
    (
        "field",
        "  tab: Schedules\n",
        "  tab: Schedules\n  field: GF(1000000000000000003)\n",
        "preset:",
        "field 'GF(1000000000000000003)'",
    ),  # setup's preset and field are one load_preset
    (
        "inputs",
        "  tab: Schedules\n",
        "  tab: Schedules\n  inputs: [" + ",".join(["[1, 2]"] * 6000) + "]\n",
        "inputs:",
        "more than 10000 values",
    ),
    ("alias-bomb", "order: 1\n", "order: 1\n" + BOMB, "a: &a", "anchors and aliases"),
    (
        "deep-flow",
        "order: 1\n",
        "order: 1\nsummary: " + "[" * 30000 + "]" * 30000 + "\n",
        "summary:",
        "nested more than 20",
    ),
    (
        "deep-block",
        "order: 1\n",
        "order: 1\nsummary:\n"
        + "".join("  " * (k + 1) + f"k{k}:\n" for k in range(40))
        + "  " * 41
        + "x: 1\n",
        "k18:",
        "nested more than 20",
    ),  # the 21st level
    ("big-int", "answer: 30", "answer: " + "9" * 5000, "answer:", "a number of 5000 characters"),
    (
        "yaml-values",
        "wrong: [12]",
        "wrong: [" + ",".join(["1"] * 21000) + "]",
        "wrong:",
        "YAML values",
    ),
    ("data-up", "  preset: classic-ring-n4\n", "  data: ../secret.json\n", "data:", "plain name"),
    ("data-abs", "  preset: classic-ring-n4\n", "  data: {secret}\n", "data:", "plain name"),
    (
        "data-windows",
        "  preset: classic-ring-n4\n",
        "  data: 'C:\\secret.json'\n",
        "data:",
        "plain name",
    ),
]


@pytest.fixture
def secret(tmp_path):
    s = tmp_path / "secret.json"
    s.write_text(json.dumps({"format": "ringlab-code", "note": "SECRET-CONTENT"}), encoding="utf-8")
    return s


@pytest.mark.parametrize("case,old,new,needle,expect", CASES, ids=[c[0] for c in CASES])
def test_hostile_lesson_exit_2_one_short_line(
    tmp_path, secret, case, old, new, needle, expect, run
):
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    bad = lessons / f"{case}.md"
    text = GOOD.replace(old, new.replace("{secret}", str(secret)), 1)
    assert text != GOOD
    bad.write_text(text, encoding="utf-8")
    line = next(k for k, ln in enumerate(text.splitlines(), 1) if needle in ln)
    r = run("check", bad)
    assert r.returncode == 2, (r.returncode, r.stderr[:500])
    assert r.stdout == ""
    assert r.stderr.count("\n") == 1 and len(r.stderr) <= 400, r.stderr[:500]
    assert r.stderr.startswith(f"{bad}:{line}: "), r.stderr
    assert expect in r.stderr
    assert "SECRET" not in r.stderr + r.stdout and "Traceback" not in r.stderr


def test_oversized_lesson_exit_2(tmp_path, run):
    bad = tmp_path / "big.md"
    bad.write_text(GOOD + ("[" * 99 + "\n") * 2000, encoding="utf-8")
    r = run("check", bad)
    assert r.returncode == 2
    assert re.fullmatch(
        rf"{re.escape(str(bad))}:1: \d+ bytes: a lesson file is at most 100 KB\n", r.stderr
    )


def test_the_good_lesson_still_passes(tmp_path, run):
    good = tmp_path / "good.md"
    good.write_text(GOOD, encoding="utf-8")
    r = run("check", good)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok ")


def test_lessons_list_survives_a_corrupt_progress_file(tmp_path, run, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    (data / "progress.json").write_text("{ not json", encoding="utf-8")
    monkeypatch.setenv("RINGLAB_DATA_DIR", str(data))
    r = run()
    assert r.returncode == 0, r.stderr
    assert "not started" in r.stdout
    backups = list(data.glob("progress.json.corrupt-*"))
    assert len(backups) == 1 and backups[0].read_text(encoding="utf-8") == "{ not json"
