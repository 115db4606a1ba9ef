r"""Where the course lives: ``ringlab/data/lessons`` in an installed package, ``lessons/`` in a
source tree.

:func:`ringlab.data.lessons_dir` finds it: ``ringlab/data/lessons`` in a wheel, the checkout's
top-level ``lessons/`` in an editable install (``pyproject.toml`` maps it into the package).  Every
``*.md`` file there except ``README.md`` is a lesson; the glossary is ``glossary.md``, a
page lessons link to, not a lesson.
"""

from __future__ import annotations

from pathlib import Path

from .errors import LessonError
from .model import Lesson
from .parse import load_lesson

NOT_LESSONS = {"README.md", "glossary.md"}


def lessons_dir() -> Path:
    try:
        from ..data import lessons_dir as shipped

        d = shipped()
        if d is not None:
            return d
    except ModuleNotFoundError:
        pass
    raise LessonError(None, None, "no lessons found in ringlab/data/lessons (a broken install?)")


def lesson_files(folder=None) -> list[Path]:
    d = Path(folder) if folder else lessons_dir()
    return sorted(p for p in d.glob("*.md") if p.name not in NOT_LESSONS)


def glossary_file(folder=None) -> Path:
    return (Path(folder) if folder else lessons_dir()) / "glossary.md"


def course(folder=None) -> list[Lesson]:
    """Every lesson, parsed, in the course's order (``order``, then file name)."""
    return sorted(
        (load_lesson(p) for p in lesson_files(folder)), key=lambda l: (l.order, l.path.name)
    )
