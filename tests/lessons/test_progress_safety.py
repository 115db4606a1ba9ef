"""Progress that survives: a broken file is set aside (never stops the Lessons panel), two app
instances merge instead of overwriting each other, tasks done by the student are told apart
from tasks whose solution was shown."""

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ringlab.core import files
from ringlab.core.files import LockTimeout, file_lock
from ringlab.lessons import Progress, course
from ringlab.lessons import progress as progress_mod

ROOT = Path(__file__).resolve().parents[2]
COURSE = course()


def _record(p: Path) -> dict:
    return json.loads(p.read_text(encoding="utf-8"))


# -- a broken file ----------------------------------------------------------------------------

BROKEN = [
    b"{ not json",
    b"\xff\xfe\x00garbage",
    b'{"format": "ringlab-code", "version": 1}',
    b'{"format": "ringlab-progress", "version": 2, "lessons": {}}',
    b'{"format": "ringlab-progress", "version": 1, "lessons": []}',
    b'{"format": "ringlab-progress", "version": 1, "lessons": {"a": {"task": {"t": 5}}}}',
    b'{"format": "ringlab-progress", "version": 1, "lessons": {"a": {"predict": {"q": 5}}}}',
    b'{"format": "ringlab-progress", "version": 1, "lessons": {"a": {"task": {"t": {"hints": "x"}}}}}',
    b"[" * 100_000,
    b"",
]


@pytest.mark.parametrize("content", BROKEN, ids=range(len(BROKEN)))
def test_broken_file_is_moved_aside_and_progress_starts_afresh(tmp_path, content):
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    p = Progress(path)  # never raises
    assert p.lessons == {}
    backups = list(tmp_path.glob("progress.json.corrupt-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == content
    assert p.warning and str(backups[0]) in p.warning and "starts afresh" in p.warning
    assert "\n" not in p.warning and len(p.warning) < 500
    assert not path.exists()
    p.record_predict("les", "q", 3, True)  # and it works from then on
    assert Progress(path).lessons["les"]["predict"]["q"] == {"answer": 3, "correct": True}
    assert Progress(path).warning is None


def test_two_broken_files_in_one_second_keep_both_backups(tmp_path):
    path = tmp_path / "progress.json"
    for content in (b"{", b"}"):
        path.write_bytes(content)
        Progress(path)
    assert sorted(b.read_bytes() for b in tmp_path.glob("progress.json.corrupt-*")) == [b"{", b"}"]


def test_a_file_that_cannot_be_moved_aside_is_never_overwritten(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    path.write_bytes(b"{ mine, do not lose")

    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(progress_mod.os, "replace", refuse)
    p = Progress(path)
    assert "not saved" in p.warning
    p.record_predict("les", "q", 1, True)
    assert path.read_bytes() == b"{ mine, do not lose"
    assert p.answered("les", "q")  # kept for the session


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_any_file_content_never_stops_progress(content):
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "progress.json"
        path.write_bytes(content)
        p = Progress(path)
        assert isinstance(p.lessons, dict)
        for les in COURSE[:2]:
            p.summary(les)
            p.task_counts(les)


def test_version_1_file_without_stamps_still_reads(tmp_path):
    les = course()[0]
    q = les.questions[0].id
    path = tmp_path / "progress.json"
    path.write_text(
        json.dumps(
            {
                "format": "ringlab-progress",
                "version": 1,
                "lessons": {
                    les.key: {
                        "predict": {q: {"answer": 15, "correct": True}},
                        "task": {"t": {"done": True, "hints": 1, "solution_shown": True}},
                    }
                },
            }
        )
    )
    p = Progress(path)
    assert p.warning is None and p.done(les)[0] == 1
    assert p.task_counts(les.key) == (0, 1)
    p.record_predict(les.key, "other", 1, False)  # writing keeps the old records
    data = _record(path)
    assert data["version"] == 1 and data["lessons"][les.key]["predict"][q] == {
        "answer": 15,
        "correct": True,
    }


# -- two instances ------------------------------------------------------------------------------


def test_two_instances_keep_each_others_answers(tmp_path):
    path = tmp_path / "progress.json"
    a, b = Progress(path), Progress(path)  # two windows, opened together
    a.record_predict("les", "qa", 1, True)
    b.record_predict("les", "qb", 2, False)
    a.record_task("les", "ta", hints=1)
    b.record_task("other", "tb", solution_shown=True)
    for p in (Progress(path), a, b):
        p.reload()
        assert p.answered("les", "qa") and p.answered("les", "qb")
        assert p.answered("les", "ta") and p.answered("other", "tb")


def test_the_first_answer_to_one_prediction_stands(tmp_path):
    """A prediction is recorded when its answer is shown: the other window's later answer, or
    a second one in this window, never replaces it (a wrong one cannot be turned right)."""
    path = tmp_path / "progress.json"
    a, b = Progress(path), Progress(path)
    a.record_predict("les", "q", 30, False)
    assert b.record_predict("les", "q", 15, True) == {"answer": 30, "correct": False}
    a.record_predict("les", "r", 1, True)
    assert Progress(path).lessons["les"]["predict"]["q"] == {"answer": 30, "correct": False}
    a.record_predict("les", "q", 12, True)  # and again in a
    assert Progress(path).lessons["les"]["predict"]["q"] == {"answer": 30, "correct": False}
    assert Progress(path).locked("les", "q") and not Progress(path).locked("les", "s")


def test_a_task_done_in_either_stays_done(tmp_path):
    path = tmp_path / "progress.json"
    a, b = Progress(path), Progress(path)
    a.record_task("les", "t", done=True, hints=2)
    b.record_task("les", "t", done=False, hints=0)
    rec = Progress(path).lessons["les"]["task"]["t"]
    assert rec["done"] and rec["hints"] == 2


def test_reset_in_one_window_is_not_undone_by_the_other(tmp_path):
    path = tmp_path / "progress.json"
    a, b = Progress(path), Progress(path)
    a.record_predict("les", "old", 1, True)
    b.reload()
    assert b.answered("les", "old")
    a.reset("les")
    b.record_predict("les", "new", 2, True)  # b still holds "old" in memory
    p = Progress(path)
    assert not p.answered("les", "old") and p.answered("les", "new")


def test_concurrent_processes_lose_nothing(tmp_path):
    """Three processes each record 25 answers to one file as fast as they can."""
    path = tmp_path / "progress.json"
    script = textwrap.dedent(f"""
        import sys
        from ringlab.lessons import Progress
        who = sys.argv[1]
        p = Progress({str(path)!r})
        for k in range(25):
            p.record_predict("les", f"{{who}}-{{k}}", k, True)
    """)
    procs = [subprocess.Popen([sys.executable, "-c", script, who], cwd=ROOT) for who in "abc"]
    assert [pr.wait(timeout=120) for pr in procs] == [0, 0, 0]
    got = set(Progress(path).lessons["les"]["predict"])
    assert got == {f"{who}-{k}" for who in "abc" for k in range(25)}


# -- the lock ------------------------------------------------------------------------------------


def test_flock_is_exclusive(tmp_path):
    lock = tmp_path / "x.lock"
    with file_lock(lock), pytest.raises(LockTimeout), file_lock(lock, timeout=0):
        pass
    with file_lock(lock, timeout=0):  # released
        pass


def test_fallback_lock_file_without_fcntl(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "_fcntl", None)
    lock = tmp_path / "x.lock"
    with file_lock(lock):
        assert lock.exists()
        with pytest.raises(LockTimeout), file_lock(lock, timeout=0):
            pass
    assert not lock.exists()
    lock.write_text("12345\n")  # left by a process that died
    old = time.time() - 3600
    os.utime(lock, (old, old))
    with file_lock(lock, timeout=0, stale_after=60):
        pass
    assert not lock.exists()


def test_progress_with_the_fallback_lock(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "_fcntl", None)
    path = tmp_path / "progress.json"
    a, b = Progress(path), Progress(path)
    a.record_predict("les", "qa", 1, True)
    b.record_predict("les", "qb", 1, True)
    assert {"qa", "qb"} <= set(Progress(path).lessons["les"]["predict"])
    assert not (tmp_path / "progress.json.lock").exists()


def test_a_lock_held_too_long_still_saves_and_says_so(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    p = Progress(path)

    def stuck(*a, **k):
        raise LockTimeout("held")

    monkeypatch.setattr(progress_mod, "file_lock", stuck)
    p.record_predict("les", "q", 1, True)
    assert Progress(path).answered("les", "q")
    assert "locked" in p.warning


# -- tasks: by the student or with the solution shown ---------------------------------------------


def test_task_counts_tell_student_from_solution(tmp_path):
    les = next(les for les in course() if len(les.tasks) >= 1)
    tid = les.tasks[0].id
    path = tmp_path / "progress.json"
    p = Progress(path)
    assert p.task_counts(les) == (0, 0)
    p.record_task(les.key, tid, True, 0, False)
    assert p.task_counts(les) == (1, 0)
    p.record_task(les.key, tid, True, 1, True)  # looked at the solution afterwards
    assert Progress(path).task_counts(les) == (1, 0)  # still the student's
    p.record_task(les.key, "x", True, 0, True)
    p.record_task(les.key, "y", False, 2, None)
    assert Progress(path).task_counts(les.key) == (1, 1)
    assert p.summary(les) in ("done", "not started") or "/" in p.summary(les)


def test_import_keeps_the_distinction(tmp_path):
    a, b = Progress(tmp_path / "a.json"), Progress(tmp_path / "b.json")
    b.record_task("les", "t1", True, 0, False)
    b.record_task("les", "t2", True, 0, True)
    a.import_(b.export(tmp_path / "out.json"))
    assert Progress(tmp_path / "a.json").task_counts("les") == (1, 1)
