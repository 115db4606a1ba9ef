"""Lessons are parsed once per text: a second reading is the same lesson, in objects of its own,
and a file changed on disk is read again."""

from ringlab.lessons.catalog import course, lesson_files
from ringlab.lessons.parse import load_lesson


def test_a_changed_file_is_read_again(tmp_path):
    shipped = lesson_files()[0]
    text = shipped.read_text(encoding="utf-8")
    title = load_lesson(shipped).title
    p = tmp_path / shipped.name
    p.write_text(text, encoding="utf-8")
    assert load_lesson(p).title == title
    p.write_text(text.replace(f"title: {title}", "title: Another title", 1), encoding="utf-8")
    assert load_lesson(p).title == "Another title"


def test_each_reading_gets_objects_of_its_own():
    path = lesson_files()[0]
    a, b = load_lesson(path), load_lesson(path)
    assert a == b and a is not b and a.blocks is not b.blocks
    a.blocks.clear()  # what one reader does to its lesson ...
    assert load_lesson(path).blocks == b.blocks and b.blocks  # ... no other reader sees


def test_the_course_is_the_same_read_twice():
    first, again = course(), course()
    assert [x.title for x in first] == [x.title for x in again] and first == again
