r"""Lessons for self-study (no Qt): parsing, the whitelisted registry, headless replay, progress.

* :func:`load_lesson` / :func:`parse_lesson` — a lesson file → :class:`Lesson` (errors are
  ``FILE:LINE: what is wrong``, :class:`LessonError`);
* :mod:`~ringlab.lessons.registry` — every action and probe a lesson may name;
* :class:`LabState` — what the app holds, the world actions change and checks read;
* :func:`check_file` — validate and replay one lesson (what ``ringlab lessons check`` runs);
* :class:`Progress` — per-user progress, export and import;
* :func:`course` / :func:`lesson_files` — the shipped course.
"""

from .catalog import course, glossary_file, lesson_files, lessons_dir
from .errors import LessonError
from .model import Call, Check, Lesson, Notes, Predict, Prose, Task
from .parse import load_lesson, parse_lesson
from .progress import Progress
from .replay import check_file, replay
from .state import LabState, SearchOutcome

__all__ = [
    "Call",
    "Check",
    "LabState",
    "Lesson",
    "LessonError",
    "Notes",
    "Predict",
    "Progress",
    "Prose",
    "SearchOutcome",
    "Task",
    "check_file",
    "course",
    "glossary_file",
    "lesson_files",
    "lessons_dir",
    "load_lesson",
    "parse_lesson",
    "replay",
]
