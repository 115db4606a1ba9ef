"""Answers read by the kind of question they answer (ringlab.lessons.answers)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ringlab.core.errors import RinglabError
from ringlab.lessons import Check, Predict, Task, load_lesson, parse_lesson, registry, replay
from ringlab.lessons.answers import MAX_EXPONENT, parse_answer
from ringlab.lessons.catalog import lessons_dir
from ringlab.lessons.model import AnswerRef, Call

NUMBER_FORMAT = "expected a number such as 17, 2/5 or 0.35"
LIST_FORMAT = "expected a list of numbers such as 13 17 19 or [13, 17, 19]"


# -- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["1/2", "0.5", "5e-1", " 0.50 ", ".5", "50e-2", "+1/2", "2/4", "0.05E1", "1 / 2"]
)
def test_one_half_in_every_spelling(text):
    v = parse_answer("number", text)
    assert v == Fraction(1, 2) and registry.same(v, Fraction(1, 2))


@pytest.mark.parametrize(
    "text, value",
    [
        ("30", 30),
        ("-3", -3),
        ("\u22121", -1),
        ("  7  ", 7),
        ("\u22121/3", Fraction(-1, 3)),
        ("2.5e2", 250),
        ("1e300", 10**300),
        ("1e-300", Fraction(1, 10**300)),
    ],
)
def test_numbers(text, value):
    assert parse_answer("number", text) == value


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "abc",
        "1/0",
        ".",
        "1e",
        "e5",
        "1.2.3",
        "1/2/3",
        "0x10",
        "1,5",
        "nan",
        "inf",
        "--1",
        "1 2",
        "[1]",
        "½",
    ],
)
def test_bad_numbers_say_the_format(text):
    with pytest.raises(RinglabError) as e:
        parse_answer("number", text)
    assert NUMBER_FORMAT in str(e.value)


@pytest.mark.parametrize(
    "text",
    [
        "1e999999999",
        "1e-999999999",
        "-1E+999999999",
        "1e301",
        "9" * 1000,
        "1/" + "9" * 1000,
        "1" * 100_000,
        "1e" + "9" * 5000,
        "[" + "1e999999999 " * 1000 + "]",
    ],
)
def test_huge_numbers_are_refused_not_computed(text):
    """``Fraction("1e999999999")`` would build a billion-digit integer: these must come back
    (refused) at once; that the test finishes at all is the check."""
    kind = "list" if text.startswith("[") else "number"
    with pytest.raises(RinglabError) as e:
        parse_answer(kind, text)
    assert (NUMBER_FORMAT if kind == "number" else LIST_FORMAT) in str(e.value)
    assert len(str(e.value)) < 300  # the text is shown shortened, not echoed whole


def test_exponent_cap_is_inclusive():
    assert parse_answer("number", f"1e{MAX_EXPONENT}") == 10**MAX_EXPONENT
    with pytest.raises(RinglabError, match="exponents go up to"):
        parse_answer("number", f"1e{MAX_EXPONENT + 1}")


@given(st.fractions(max_denominator=10**6).filter(lambda f: abs(f.numerator) < 10**12))
def test_any_fraction_round_trips(f):
    assert parse_answer("number", f"{f.numerator}/{f.denominator}") == f
    assert parse_answer("number", str(f).replace("-", "\u2212")) == f


@given(
    st.decimals(
        allow_nan=False, allow_infinity=False, places=6, min_value=-(10**9), max_value=10**9
    )
)
def test_decimals_are_exact(d):
    assert parse_answer("number", str(d)) == Fraction(d)


@given(st.text(max_size=60))
def test_any_text_is_a_number_or_the_format_message(text):
    try:
        v = parse_answer("number", text)
    except RinglabError as e:
        assert NUMBER_FORMAT in str(e)
    else:
        assert isinstance(v, Fraction)


# -- lists -----------------------------------------------------------------------------------

TRUTH = [2, 8, 6, 4]


@pytest.mark.parametrize(
    "text",
    [
        "[2, 8, 6, 4]",
        "2 8 6 4",
        "2,8,6,4",
        "(2; 8; 6; 4)",
        "  [ 2 ,8;6   4 ] ",
        "2, 8, 6, 4",
        "[2.0, 16/2, 6e0, 4]",
    ],
)
def test_list_spellings_equal_the_truth(text):
    assert registry.same(TRUTH, parse_answer("list", text))


@pytest.mark.parametrize("text", ["[2, 8, 6]", "2 8 6 4 0", "4 6 8 2"])
def test_other_lists_differ(text):
    assert not registry.same(TRUTH, parse_answer("list", text))


@pytest.mark.parametrize(
    "text", ["", "[]", "( )", "[2, x, 6, 4]", "2 8 6 four", "[[2, 8]]", "2 8 1/0"]
)
def test_bad_lists_say_the_format(text):
    with pytest.raises(RinglabError) as e:
        parse_answer("list", text)
    assert LIST_FORMAT in str(e.value)


@given(
    st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=12),
    st.sampled_from([", ", " ", ",", "; ", " ,  "]),
    st.sampled_from(["[]", "()", ""]),
)
def test_any_list_round_trips(items, sep, brackets):
    text = sep.join(str(x).replace("-", "\u2212") for x in items)
    if brackets:
        text = brackets[0] + text + brackets[1]
    assert registry.same(items, parse_answer("list", text))


def test_list_values_from_a_lesson_file():
    assert parse_answer("list", [2, 8, 6, 4]) == TRUTH
    with pytest.raises(RinglabError):
        parse_answer("list", [2, "x"])


# -- the other kinds -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, text, value",
    [
        ("node", " 2 ", 2),
        ("node", "node 0", 0),
        ("node", 3, 3),
        ("truth", "yes", True),
        ("truth", " No", False),
        ("truth", "TRUE", True),
        ("truth", "false", False),
        ("text", "  hello world ", "hello world"),
        ("choice", " dp ", "DP"),
    ],
)
def test_other_kinds(kind, text, value):
    assert parse_answer(kind, text, ["DP", "ZeRO-1"] if kind == "choice" else None) == value


@pytest.mark.parametrize(
    "kind, text, words",
    [
        ("node", "-1", "node number"),
        ("node", "two", "node number"),
        ("node", "9" * 50, "node number"),
        ("truth", "maybe", "yes or no"),
        ("text", "   ", "some text"),
        ("choice", "PP", "one of the choices (DP, ZeRO-1)"),
    ],
)
def test_other_kinds_refuse_with_the_format(kind, text, words):
    with pytest.raises(RinglabError, match=r"expected .*" + words.split()[0]) as e:
        parse_answer(kind, text, ["DP", "ZeRO-1"] if kind == "choice" else None)
    assert words in str(e.value)


def test_unknown_kind():
    with pytest.raises(RinglabError, match="unknown answer kind"):
        parse_answer("colour", "red")


# -- the compare path: a predict and a typed-answer task -------------------------------------


def test_lesson_5_asks_for_a_list_and_takes_it_in_any_spelling():
    lesson = load_lesson(lessons_dir() / "05-tree-vs-ring.md")
    p = next(b for b in lesson.predicts if b.id == "tree-first-send")
    assert p.ask == "list"
    state = lesson.new_state()
    for text in ("[2, 8, 6, 4]", "2 8 6 4", "2,8,6,4"):
        assert p.is_correct(state, text)
    assert p.is_correct(state, [2, 8, 6, 4])
    assert not p.is_correct(state, "2 8 6")
    assert not p.is_correct(state, "17 20 15 10")
    with pytest.raises(RinglabError, match="expected a list of numbers"):
        p.is_correct(state, "two eight six four")


LIST_LESSON = """---
title: Lists
minutes: 5
order: 1
setup: {preset: classic-ring-n4, tab: Schedules}
---
:::{predict} first-send
---
ask: list
show: {schedule_send: {schedule: tree, step: 1, core: 1}}
answer: [2, 8, 6, 4]
wrong: [[2], [17, 20, 15, 10]]
---
What does core 1 send first?
:::

:::{task} typed-list
:input: list
:expect: {schedule_send: {schedule: tree, step: 1, core: 3}}
:solution: [12, 6, 3, 15]
:wrong: [[2, 8, 6, 4]]
Type what core 3 sends first.
:::
"""


def test_list_kind_parses_and_a_typed_list_meets_the_goal():
    les = parse_lesson(LIST_LESSON, "lists.md")
    assert replay(les) == []
    p, t = les.predicts[0], les.tasks[0]
    assert isinstance(p, Predict) and p.ask == "list"
    assert isinstance(t, Task) and t.input == "list"
    st_ = les.new_state()
    truth = t.goal[0].probe.run(st_)
    st_.set_answer(t.id, " ".join(registry.show(x) for x in truth))  # typed text
    assert t.met(st_)
    st_.set_answer(t.id, "[" + ", ".join(registry.show(x) for x in reversed(truth)) + "]")
    assert not t.met(st_)
    st_.set_answer(t.id, "1e999999999")  # refused, not computed
    assert not t.met(st_)
    assert t.parse(" 1, 2 ") == [1, 2]


def test_a_list_answer_that_is_not_a_list_is_malformed():
    from ringlab.lessons import LessonError

    bad = LIST_LESSON.replace("answer: [2, 8, 6, 4]", "answer: [2, eight]")
    with pytest.raises(
        LessonError, match=r"lists\.md:\d+: \{predict\} first-send: .*expected a list"
    ):
        parse_lesson(bad, "lists.md")


def test_typed_number_text_is_parsed_before_comparing():
    check = Check(Call("probe", "target", {"col": 2}, 1), "equals", AnswerRef("x"))
    les = parse_lesson(LIST_LESSON, "lists.md")
    state = les.new_state()
    truth = check.probe.run(state)
    for text in (registry.show(truth), f"{truth}e0", f" {truth}/1 "):
        state.set_answer("x", text)
        assert check.evaluate(state)[0], text
    state.set_answer("x", "1e999999999")
    assert check.evaluate(state)[0] is False


# -- units the question names, the verdict's words ------------------------------------------


def _question(text, answer=86, ask="number"):
    from ringlab.lessons.model import Call, Predict

    return Predict("q", 1, text, ask, Call("probe", "param", {"name": "T"}, 1), answer)


@pytest.mark.parametrize("typed", ["86", "86 KB", "86kb", "86 KB.", "0.086 MB", "86000 B"])
def test_a_number_in_the_unit_the_question_names(typed):
    """Asked "in KB?": 86 KB, or the same size in another unit, is 86."""
    p = _question("At what size do the tree and ring cross, in KB?")
    assert p.parse(typed) == 86


@pytest.mark.parametrize("typed", ["86 ms", "86 apples"])
def test_another_kind_of_unit_is_refused_saying_which(typed):
    p = _question("At what size do the tree and ring cross, in KB?")
    with pytest.raises(RinglabError, match=r"the question asks in KB"):
        p.parse(typed)


def test_a_unit_where_the_question_names_none_is_refused():
    with pytest.raises(RinglabError):
        _question("What is T?").parse("86 KB")


def test_a_count_may_carry_its_noun():
    assert _question("How many hops is that in all?", 640).parse("640 hops") == 640


def test_the_verdict_echoes_the_answer_as_typed_and_never_says_the_app_shows_it():
    from fractions import Fraction

    from ringlab.lessons.feedback import locked, verdict

    p = _question("What is 2S(N − 1)/N in MB?", 1.5)
    text = verdict(p, True, Fraction(3, 2), "1.5")
    assert text == "✓ Right: you said 1.5; the answer is 1.5." and "app shows" not in text
    again = locked(p, {"answer": "2", "correct": False, "typed": "2.0"}, Fraction(3, 2))
    assert again.startswith("✗ Not quite (answered before, locked): you said 2.0;")


def _course_answers():
    """Every answer a student types in the course: numeric and list predictions, and the
    values a task's solution types (``type_answer``)."""
    from ringlab.lessons import course

    for lesson in course():
        for b in lesson.blocks:
            if isinstance(b, Predict) and b.ask in ("number", "list"):
                yield lesson.key, b.id, b.answer
            elif isinstance(b, Task):
                for call in b.solution:
                    if call.name == "type_answer":
                        yield lesson.key, b.id, call.args["value"]


def test_no_example_of_a_box_answers_a_question_of_the_course():
    """An instructor typed "thirty" and read "expected a number such as 30": the answer to a
    prediction of lessons 2 and 3.  The refusal's and the empty box's examples answer none."""
    import re

    from ringlab.lessons.answers import FORMATS, PLACEHOLDERS

    shown = " ".join([FORMATS["number"], PLACEHOLDERS["number"]])
    numbers = {parse_answer("number", t) for t in re.findall(r"\d+(?:[./]\d+)?", shown)}
    lists = {
        tuple(parse_answer("list", t))
        for t in re.findall(r"\d+(?: \d+)+", FORMATS["list"] + " " + PLACEHOLDERS["list"])
    }
    assert len(numbers) >= 3 and lists
    hits = []
    for key, qid, answer in _course_answers():
        if isinstance(answer, list):
            hits += [
                (key, qid, ex) for ex in lists if list(ex) == [Fraction(str(v)) for v in answer]
            ]
        else:
            hits += [(key, qid, ex) for ex in numbers if registry.same(ex, answer)]
    assert hits == []
