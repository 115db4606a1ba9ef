"""Progress: saved per user (RINGLAB_DATA_DIR in tests), export/import, reset."""

import json
import os
from pathlib import Path

import pytest

from ringlab.core.errors import RinglabError
from ringlab.lessons import Progress, course


def test_default_path_honours_RINGLAB_DATA_DIR():
    assert Progress().path == Path(os.environ["RINGLAB_DATA_DIR"]) / "progress.json"


def test_record_save_reload_reset(tmp_path):
    les = course()[0]
    q = les.questions
    p = Progress(tmp_path / "p.json")
    assert p.summary(les) == "not started"
    p.record_predict(les.key, q[0].id, 15, True)
    again = Progress(tmp_path / "p.json")  # saved at once
    assert again.done(les) == (1, len(q))
    for x in q[1:]:
        again.record_task(les.key, x.id, hints=1)
    assert Progress(tmp_path / "p.json").summary(les) == "done"
    again.reset(les.key)
    assert Progress(tmp_path / "p.json").summary(les) == "not started"


def test_export_import_merges(tmp_path):
    les = course()[0]
    a = Progress(tmp_path / "a.json")
    a.record_predict(les.key, les.questions[0].id, 30, False)
    b = Progress(tmp_path / "b.json")
    b.record_predict(les.key, les.questions[0].id, 15, True)
    b.record_task(les.key, "t", done=True, solution_shown=True)
    out = b.export(tmp_path / "export.json")
    assert json.loads(out.read_text())["format"] == "ringlab-progress"
    a.import_(out)
    rec = Progress(tmp_path / "a.json").lessons[les.key]
    assert rec["predict"][les.questions[0].id] == {"answer": 15, "correct": True}
    assert rec["task"]["t"]["done"] and rec["task"]["t"]["solution_shown"]


def test_import_refuses_other_files(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text('{"format": "ringlab-code"}')
    with pytest.raises(RinglabError, match="not a ringlab progress file"):
        Progress(tmp_path / "p.json").import_(bad)
    bad.write_text("{")
    with pytest.raises(RinglabError, match=r"x\.json: not valid JSON \(line 1"):
        Progress(tmp_path / "p.json").import_(bad)


def test_a_task_done_after_its_solution_was_shown_counts_apart(tmp_path):
    les = next(lesson for lesson in course() if len(lesson.tasks) >= 2)
    p = Progress(tmp_path / "p.json")
    first, second = les.tasks[:2]
    p.record_task(les.key, first.id, hints=0, solution_shown=False)
    p.record_task(les.key, second.id, hints=1, solution_shown=True)
    again = Progress(tmp_path / "p.json")
    assert again.task_counts(les) == (1, 1)
    assert "(1 with the solution shown)" in again.summary(les)
