r"""Per-user progress: which predictions were made (and right), which tasks are done.

One JSON file, ``progress.json`` in the user data dir (``$RINGLAB_DATA_DIR`` if set, as the
tests set it, else platformdirs' user data dir), written atomically.  Export writes the same
JSON elsewhere; import reads one and merges it (a question counts as done if either says so).

    {"format": "ringlab-progress", "version": 1,
     "lessons": {"02-reduce-scatter": {
        "predict": {"owner": {"answer": 30, "correct": true}},
        "task": {"repair": {"done": true, "hints": 1, "solution_shown": false}}}}}
"""
from __future__ import annotations

import json
from pathlib import Path

from ..core.errors import RinglabError
from ..core.files import user_data_dir, write_text_atomic
from .model import Lesson

FORMAT, VERSION = "ringlab-progress", 1


def default_path() -> Path:
    return user_data_dir() / "progress.json"


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError) as e:
        raise RinglabError(f"{path}: cannot be read ({e})") from None
    except json.JSONDecodeError as e:
        raise RinglabError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RinglabError(f"{path}: not a ringlab progress file (\"format\" must be \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise RinglabError(f"{path}: \"version\" must be {VERSION}, got {data.get('version')!r}")
    lessons = data.get("lessons")
    if not isinstance(lessons, dict) or not all(
            isinstance(v, dict) and all(isinstance(v.get(k, {}), dict) for k in ("predict", "task"))
            for v in lessons.values()):
        raise RinglabError(f"{path}: \"lessons\" must map lesson names to "
                           "{\"predict\": {...}, \"task\": {...}}")
    return lessons


class Progress:
    """The progress file in memory; every change is saved at once (a crash loses nothing)."""

    def __init__(self, path=None):
        self.path = Path(path) if path else default_path()
        try:
            self.lessons = _read(self.path)
        except FileNotFoundError:
            self.lessons = {}

    def _lesson(self, key: str) -> dict:
        return self.lessons.setdefault(key, {"predict": {}, "task": {}})

    # -- recording ------------------------------------------------------------------------
    def record_predict(self, lesson: str, qid: str, answer, correct: bool) -> None:
        self._lesson(lesson)["predict"][qid] = {"answer": _jsonable(answer), "correct": bool(correct)}
        self.save()

    def record_task(self, lesson: str, tid: str, done: bool = True, hints: int | None = None,
                    solution_shown: bool | None = None) -> None:
        rec = self._lesson(lesson)["task"].setdefault(tid, {"done": False, "hints": 0,
                                                            "solution_shown": False})
        rec["done"] = rec["done"] or bool(done)
        if hints is not None:
            rec["hints"] = max(rec["hints"], hints)
        if solution_shown is not None:
            rec["solution_shown"] = rec["solution_shown"] or solution_shown
        self.save()

    def reset(self, lesson: str) -> None:
        self.lessons.pop(lesson, None)
        self.save()

    # -- reading --------------------------------------------------------------------------
    def answered(self, lesson: str, qid: str) -> bool:
        rec = self.lessons.get(lesson, {})
        return qid in rec.get("predict", {}) or rec.get("task", {}).get(qid, {}).get("done", False)

    def done(self, lesson: Lesson) -> tuple[int, int]:
        """(questions answered or done, questions) of one lesson."""
        qs = lesson.questions
        return sum(self.answered(lesson.key, q.id) for q in qs), len(qs)

    def summary(self, lesson: Lesson) -> str:
        d, n = self.done(lesson)
        return "not started" if d == 0 else "done" if d == n else f"{d}/{n}"

    # -- files ----------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "lessons": self.lessons}

    def save(self) -> None:
        _atomic_write(self.path, self.to_json())

    def export(self, path) -> Path:
        return _atomic_write(Path(path), self.to_json())

    def import_(self, path) -> None:
        """Merge another progress file (an answer or a done task is kept from either)."""
        try:
            other = _read(Path(path))
        except FileNotFoundError:
            raise RinglabError(f"{path}: no such file") from None
        for key, rec in other.items():
            mine = self._lesson(key)
            for qid, p in rec.get("predict", {}).items():
                if qid not in mine["predict"] or (p.get("correct") and not mine["predict"][qid].get("correct")):
                    mine["predict"][qid] = p
            for tid, t in rec.get("task", {}).items():
                cur = mine["task"].setdefault(tid, {"done": False, "hints": 0, "solution_shown": False})
                cur["done"] = cur["done"] or bool(t.get("done"))
                cur["hints"] = max(cur["hints"], int(t.get("hints", 0) or 0))
                cur["solution_shown"] = cur["solution_shown"] or bool(t.get("solution_shown"))
        self.save()


def _jsonable(v):
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    return str(v)


def _atomic_write(path: Path, data: dict) -> Path:
    return write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=1),
                             make_dirs=path == default_path())
