r"""Per-user progress: which predictions were made (and right), which tasks are done.

One JSON file, ``progress.json`` in the user data dir (``$RINGLAB_DATA_DIR`` if set, as the
tests set it, else platformdirs' user data dir), written atomically.  Export writes the same
JSON elsewhere; import reads one and merges it (a question counts as done if either says so).

    {"format": "ringlab-progress", "version": 1,
     "lessons": {"02-reduce-scatter": {
        "predict": {"owner": {"answer": 30, "correct": true, "typed": "30"}},
        "task": {"repair": {"done": true, "hints": 1, "solution_shown": false,
                            "by_student": true}}}},
     "stamps": {"02-reduce-scatter": {"reset": 0, "predict": {"owner": 1718000000.5},
                                      "task": {"repair": 1718000100.25}}}}

``typed`` (a prediction's answer as typed), ``by_student`` (a task the student completed
before the solution was shown) and ``stamps``
(when each record was last changed, when a lesson was reset) are optional: a file without them
(ringlab's first version 1 files) reads as before, and older ringlabs ignore them.

**Two windows at once.**  Every save takes the lock file ``progress.json.lock``, reads the file
again and merges what is there with what this process holds — a question answered or a task
done in either stays; of two answers to one prediction the *first* is kept (a prediction is
recorded when its answer is shown, and is then locked: see :meth:`Progress.record_predict`); a
reset drops only what was recorded before it — then writes atomically.  So two app instances never lose
each other's answers.

**A broken file** (not JSON, not a progress file, unreadable) never stops the Lessons panel:
it is moved aside to ``progress.json.corrupt-YYYYmmdd-HHMMSS``, progress starts afresh and
:attr:`Progress.warning` says so (the panel shows it).
"""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path

from ..core.errors import RinglabError
from ..core.files import LockTimeout, file_lock, user_data_dir, write_text_atomic
from .model import Lesson

FORMAT, VERSION = "ringlab-progress", 1
LOCK_TIMEOUT = 5.0  # seconds to wait for another ringlab's save (a save takes ms)


def default_path() -> Path:
    return user_data_dir() / "progress.json"


def _read_file(path: Path) -> tuple[dict, dict]:
    """(lessons, stamps) of a progress file; RinglabError (one line) if it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError) as e:
        raise RinglabError(f"{path}: cannot be read ({e})") from None
    except json.JSONDecodeError as e:
        raise RinglabError(
            f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})"
        ) from None
    except RecursionError:
        raise RinglabError(f"{path}: not valid JSON (nested too deeply)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RinglabError(f'{path}: not a ringlab progress file ("format" must be "{FORMAT}")')
    if data.get("version") != VERSION:
        raise RinglabError(
            f'{path}: "version" must be {VERSION}, got {_brief(data.get("version"))}'
        )
    lessons = data.get("lessons")
    shape = (
        '"lessons" must map lesson names to {"predict": {...}, "task": {...}}, '
        "each question to a record {...}"
    )
    if not isinstance(lessons, dict):
        raise RinglabError(f"{path}: {shape}")
    out = {}
    for key, rec in lessons.items():
        if not isinstance(rec, dict) or not all(
            isinstance(rec.get(k, {}), dict) for k in ("predict", "task")
        ):
            raise RinglabError(f"{path}: {shape}")
        predict, task = rec.get("predict", {}), {}
        if not all(isinstance(p, dict) for p in predict.values()):
            raise RinglabError(f"{path}: {shape}")
        for tid, t in rec.get("task", {}).items():
            if not isinstance(t, dict):
                raise RinglabError(f"{path}: {shape}")
            try:
                task[tid] = _task_record(t)
            except (TypeError, ValueError, OverflowError):
                raise RinglabError(
                    f'{path}: task {_brief(tid)} of {_brief(key)}: "hints" must be a number'
                ) from None
        out[key] = {"predict": dict(predict), "task": task}
    return out, _stamps(data.get("stamps"))


def _read(path: Path) -> dict:
    """The lessons of a progress file (see :func:`_read_file`)."""
    return _read_file(path)[0]


def _task_record(t: dict) -> dict:
    done, shown = bool(t.get("done")), bool(t.get("solution_shown"))
    hints = t.get("hints", 0) or 0
    if isinstance(hints, bool) or not isinstance(hints, (int, float)):
        raise TypeError(hints)
    by = t.get("by_student")
    return {
        "done": done,
        "hints": max(0, int(hints)),
        "solution_shown": shown,
        "by_student": bool(by) if by is not None else (done and not shown),
    }


def _stamps(raw) -> dict:
    """The ``stamps`` of a file, keeping only what is well formed (they are a hint, not data)."""

    def num(v):
        return (
            float(v)
            if isinstance(v, (int, float))
            and not isinstance(v, bool)
            and math.isfinite(v)
            and v >= 0
            else None
        )

    out = {}
    if not isinstance(raw, dict):
        return out
    for key, s in raw.items():
        if not isinstance(s, dict):
            continue
        rec = {}
        if num(s.get("reset")):
            rec["reset"] = num(s["reset"])
        for kind in ("predict", "task"):
            if isinstance(s.get(kind), dict):
                rec[kind] = {q: num(v) for q, v in s[kind].items() if num(v) is not None}
        out[key] = rec
    return out


def _merge(a: dict, sa: dict, b: dict, sb: dict) -> tuple[dict, dict]:
    """Merge two progress states (lessons, stamps); ``b`` wins ties (the writer's own)."""
    lessons, stamps = {}, {}
    for key in dict.fromkeys([*a, *sa, *b, *sb]):
        ta, tb = sa.get(key, {}), sb.get(key, {})
        reset = max(ta.get("reset", 0.0), tb.get("reset", 0.0))
        la, lb = a.get(key, {}), b.get(key, {})
        predict, pst = {}, {}
        for qid in dict.fromkeys([*la.get("predict", {}), *lb.get("predict", {})]):
            best = None
            for rec_l, st in ((la, ta), (lb, tb)):
                rec = rec_l.get("predict", {}).get(qid)
                at = st.get("predict", {}).get(qid, 0.0)
                if rec is not None and at >= reset and (best is None or at < best[1]):
                    best = (rec, at)
            if best is not None:
                predict[qid], pst[qid] = best
        task, tst = {}, {}
        for tid in dict.fromkeys([*la.get("task", {}), *lb.get("task", {})]):
            for rec_l, st in ((la, ta), (lb, tb)):
                rec = rec_l.get("task", {}).get(tid)
                at = st.get("task", {}).get(tid, 0.0)
                if rec is None or at < reset:
                    continue
                rec = _task_record(rec)
                cur = task.get(tid)
                if cur is None:
                    task[tid], tst[tid] = rec, at
                    continue
                cur["done"] = cur["done"] or rec["done"]
                cur["hints"] = max(cur["hints"], rec["hints"])
                cur["solution_shown"] = cur["solution_shown"] or rec["solution_shown"]
                cur["by_student"] = cur["by_student"] or rec["by_student"]
                tst[tid] = max(tst[tid], at)
        if predict or task:
            lessons[key] = {"predict": predict, "task": task}
        stamp = {k: v for k, v in (("reset", reset), ("predict", pst), ("task", tst)) if v}
        if stamp:
            stamps[key] = stamp
    return lessons, stamps


def _latest(stamps: dict) -> float:
    return max(
        (
            v
            for s in stamps.values()
            for v in [
                s.get("reset", 0.0),
                *s.get("predict", {}).values(),
                *s.get("task", {}).values(),
            ]
        ),
        default=0.0,
    )


class Progress:
    """The progress file in memory; every change is saved at once (a crash loses nothing),
    merged with what another ringlab saved meanwhile.

    ``warning`` is None, or one sentence for the user: the file was broken and moved aside
    (where to), or could not be saved."""

    def __init__(self, path=None):
        self.path = Path(path) if path else default_path()
        self.warning: str | None = None
        self.lessons: dict = {}
        self.stamps: dict = {}
        self._clock = 0.0
        self._saving = True
        try:
            self.lessons, self.stamps = _read_file(self.path)
        except FileNotFoundError:
            pass
        except RinglabError as e:
            self._set_aside(e)
        self._clock = _latest(self.stamps)

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".lock")

    def _now(self) -> float:
        """A time stamp later than every one this process has seen (clocks may disagree)."""
        self._clock = max(time.time(), self._clock + 1e-6)
        return self._clock

    def _lesson(self, key: str) -> dict:
        return self.lessons.setdefault(key, {"predict": {}, "task": {}})

    def _stamp(self, key: str, kind: str, qid: str) -> None:
        self.stamps.setdefault(key, {}).setdefault(kind, {})[qid] = self._now()

    # -- recording ------------------------------------------------------------------------
    def record_predict(
        self, lesson: str, qid: str, answer, correct: bool, typed: str | None = None
    ) -> dict:
        """Record a prediction, whose answer the app has just shown — so it is then locked: a
        later answer to it (a second Check, another window, an import) never replaces the
        first, and a wrong prediction cannot be turned right.  ``typed``: the answer as the
        student typed it ("1.5", not the 3/2 it was read as), echoed back as typed.  Returns
        the record kept (the first one when the prediction was already locked)."""
        self._merge_disk()  # another window may have answered it first
        kept = self.prediction(lesson, qid)
        if kept is not None:
            return kept
        rec = {"answer": _jsonable(answer), "correct": bool(correct)}
        if typed is not None and str(typed).strip():
            rec["typed"] = str(typed).strip()[:200]
        self._lesson(lesson)["predict"][qid] = rec
        self._stamp(lesson, "predict", qid)
        self.save()
        return rec

    def prediction(self, lesson: str, qid: str) -> dict | None:
        """The locked record of a prediction (``answer``, ``correct``, ``typed`` when kept), or
        None when it has not been answered (or its lesson was reset since)."""
        return self.lessons.get(lesson, {}).get("predict", {}).get(qid)

    def locked(self, lesson: str, qid: str) -> bool:
        """Whether the prediction's answer was shown: its first answer then stands."""
        return self.prediction(lesson, qid) is not None

    def said(self, lesson: str, qid: str) -> str | None:
        """What the student answered, as typed when it was kept ("1.5"), else as read."""
        rec = self.prediction(lesson, qid)
        if rec is None:
            return None
        typed = rec.get("typed")
        return typed if isinstance(typed, str) and typed else _said(rec.get("answer"))

    def record_task(
        self,
        lesson: str,
        tid: str,
        done: bool = True,
        hints: int | None = None,
        solution_shown: bool | None = None,
    ) -> None:
        """``solution_shown``: whether the solution had been shown when the task was done
        (then it counts as shown, not as done by the student; see :meth:`task_counts`)."""
        rec = self._lesson(lesson)["task"].setdefault(
            tid, {"done": False, "hints": 0, "solution_shown": False}
        )
        rec.setdefault("by_student", bool(rec["done"]) and not rec["solution_shown"])
        if solution_shown is not None:
            rec["solution_shown"] = rec["solution_shown"] or bool(solution_shown)
        shown_now = bool(solution_shown) if solution_shown is not None else rec["solution_shown"]
        rec["by_student"] = rec["by_student"] or (bool(done) and not shown_now)
        rec["done"] = rec["done"] or bool(done)
        if hints is not None:
            rec["hints"] = max(rec["hints"], hints)
        self._stamp(lesson, "task", tid)
        self.save()

    def reset(self, lesson: str) -> None:
        self.lessons.pop(lesson, None)
        self.stamps[lesson] = {"reset": self._now()}
        self.save()

    # -- reading --------------------------------------------------------------------------
    def answered(self, lesson: str, qid: str) -> bool:
        rec = self.lessons.get(lesson, {})
        return qid in rec.get("predict", {}) or rec.get("task", {}).get(qid, {}).get("done", False)

    def done(self, lesson: Lesson) -> tuple[int, int]:
        """(questions answered or done, questions) of one lesson."""
        qs = lesson.questions
        return sum(self.answered(lesson.key, q.id) for q in qs), len(qs)

    def task_counts(self, lesson) -> tuple[int, int]:
        """(tasks the student completed, tasks done after the solution was shown) of one
        lesson (a :class:`Lesson`, or its key: every task recorded for it)."""
        key = lesson if isinstance(lesson, str) else lesson.key
        recs = self.lessons.get(key, {}).get("task", {})
        ids = list(recs) if isinstance(lesson, str) else [t.id for t in lesson.tasks]
        by_student = shown = 0
        for tid in ids:
            rec = recs.get(tid)
            if not rec or not rec.get("done"):
                continue
            by = rec.get("by_student")
            if by is None:
                by = not rec.get("solution_shown")
            if by:
                by_student += 1
            else:
                shown += 1
        return by_student, shown

    def summary(self, lesson: Lesson) -> str:
        """ "not started", "3/5" or "done" — and how many tasks were done only after their
        solution was shown, counted apart from what the student did."""
        d, n = self.done(lesson)
        text = "not started" if d == 0 else "done" if d == n else f"{d}/{n}"
        shown = self.task_counts(lesson)[1]
        if shown:
            text += f" ({shown} with the solution shown)"
        return text

    def reload(self) -> None:
        """Merge in what another ringlab saved since (nothing of this process is lost)."""
        self._merge_disk()

    # -- files ----------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "lessons": self.lessons,
            "stamps": self.stamps,
        }

    def save(self) -> None:
        """Merge with the file as it is now (another ringlab may have written it) and write,
        under the lock file, atomically."""
        if not self._saving:
            return
        make_dirs = self.path == default_path()
        if make_dirs:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with file_lock(self.lock_path, timeout=LOCK_TIMEOUT):
                self._merge_disk()
                _atomic_write(self.path, self.to_json(), make_dirs)
        except LockTimeout:
            # another ringlab hangs holding the lock: save anyway (merged, just not locked)
            self._merge_disk()
            _atomic_write(self.path, self.to_json(), make_dirs)
            self.warning = (
                f"Lesson progress: {self.lock_path} stayed locked for "
                f"{LOCK_TIMEOUT:g} s; saved without waiting for the other ringlab."
            )

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
                if qid not in mine["predict"]:  # an answered prediction is locked: mine stands
                    mine["predict"][qid] = p
                    self._stamp(key, "predict", qid)
            for tid, t in rec.get("task", {}).items():
                cur = mine["task"].setdefault(
                    tid, {"done": False, "hints": 0, "solution_shown": False}
                )
                cur.setdefault("by_student", bool(cur["done"]) and not cur["solution_shown"])
                cur["done"] = cur["done"] or bool(t.get("done"))
                cur["hints"] = max(cur["hints"], int(t.get("hints", 0) or 0))
                cur["solution_shown"] = cur["solution_shown"] or bool(t.get("solution_shown"))
                cur["by_student"] = cur["by_student"] or bool(t.get("by_student"))
                self._stamp(key, "task", tid)
        self.save()

    # -- the file on disk -------------------------------------------------------------------
    def _merge_disk(self) -> None:
        try:
            disk, disk_stamps = _read_file(self.path)
        except FileNotFoundError:
            return
        except RinglabError as e:
            self._set_aside(e)
            return
        self.lessons, self.stamps = _merge(disk, disk_stamps, self.lessons, self.stamps)
        self._clock = max(self._clock, _latest(self.stamps))

    def _set_aside(self, why: Exception) -> None:
        """Move a broken progress file to ``….corrupt-YYYYmmdd-HHMMSS`` and say so."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        backup = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        k = 1
        while backup.exists():
            k += 1
            backup = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{k}")
        reason = str(why).removeprefix(f"{self.path}: ")
        try:
            os.replace(self.path, backup)
        except FileNotFoundError:  # another ringlab moved it aside a moment ago
            self.warning = (
                f"Lesson progress could not be read ({reason}); it has been moved "
                "aside (next to it, as .corrupt-…) and progress starts afresh."
            )
            return
        except OSError as e:
            self._saving = False  # never overwrite a file we could not keep a copy of
            self.warning = (
                f"Lesson progress could not be read from {self.path} ({reason}) nor "
                f"moved aside ({e.strerror or e}): progress is kept for this session "
                "only, not saved."
            )
            return
        self.warning = (
            f"Lesson progress could not be read ({reason}): the file was moved to "
            f"{backup} and progress starts afresh."
        )


def _said(v) -> str:
    """A recorded answer in words (a list as ``2 8 6 4``)."""
    if isinstance(v, list):
        return " ".join(map(str, v))
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _brief(v, limit: int = 40) -> str:
    r = repr(v)
    return r if len(r) <= limit else r[: limit - 1] + "…"


def _jsonable(v):
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    return str(v)


def _atomic_write(path: Path, data: dict, make_dirs: bool | None = None) -> Path:
    if make_dirs is None:
        make_dirs = path == default_path()
    return write_text_atomic(
        path, json.dumps(data, ensure_ascii=False, indent=1), make_dirs=make_dirs
    )
