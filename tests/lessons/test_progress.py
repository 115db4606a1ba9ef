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
    # a's prediction was answered (and its answer shown) first: it stands, locked
    assert rec["predict"][les.questions[0].id] == {"answer": 30, "correct": False}
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


def test_an_import_adds_a_prediction_not_answered_here(tmp_path):
    les = course()[0]
    qid = les.questions[0].id
    b = Progress(tmp_path / "b.json")
    b.record_predict(les.key, qid, 15, True, typed="15")
    a = Progress(tmp_path / "a.json")
    a.import_(b.export(tmp_path / "export.json"))
    assert Progress(tmp_path / "a.json").said(les.key, qid) == "15"


def test_the_answer_is_kept_as_typed(tmp_path):
    """1.5 typed is read as 3/2 but echoed as 1.5, after a restart too."""
    from fractions import Fraction

    p = Progress(tmp_path / "p.json")
    p.record_predict("les", "q", Fraction(3, 2), True, typed=" 1.5 ")
    again = Progress(tmp_path / "p.json")
    assert again.said("les", "q") == "1.5"
    assert again.prediction("les", "q") == {"answer": "3/2", "correct": True, "typed": "1.5"}
    p.record_predict("les", "old", [2, 8], False)  # no typed text: the value in words
    assert Progress(tmp_path / "p.json").said("les", "old") == "2 8"


def test_a_reset_unlocks(tmp_path):
    p = Progress(tmp_path / "p.json")
    p.record_predict("les", "q", 5, False)
    p.reset("les")
    assert not p.locked("les", "q")
    assert p.record_predict("les", "q", 6, True) == {"answer": 6, "correct": True}
