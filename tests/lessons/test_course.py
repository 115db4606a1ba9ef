"""Every shipped lesson, through the same code path as `ringlab lessons check`."""

import pytest

from ringlab.lessons import check_file, course, glossary_file, lesson_files

FILES = lesson_files()


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_lesson_replays(path):
    r = check_file(path)
    assert r.problems == [] and r.code == 0


def test_the_course():
    lessons = course()
    assert len(lessons) >= 12
    assert all(5 <= les.minutes <= 15 for les in lessons)
    assert len({les.order for les in lessons}) == len(lessons)
    assert all(les.predicts or les.tasks for les in lessons)
    assert glossary_file().is_file()
