"""No lesson opens with a given T_i that differs from eq. (6): the editor paints such a cell
pink ("differs from eq. (6), which gives …"), and makes the code infeasible whatever the
question is about.  Lesson 9 did, before it asked whether its code is feasible."""

import pytest

from ringlab import theorem2_report
from ringlab.lessons import course

LESSONS = course()


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.key for lesson in LESSONS])
def test_no_lesson_opens_with_a_translation_eq6_does_not_give(lesson):
    code = lesson.new_state().code
    wrong = {i: cells for i, cells in enumerate(theorem2_report(code).translation_wrong) if cells}
    assert wrong == {}, f"{lesson.key}: T_i differs from eq. (6) at (node: cells) {wrong}"
