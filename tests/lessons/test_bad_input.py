"""Hostile input in lessons: every number, argument, path and YAML block a lesson file (or an
answer box) can hold is refused at once with one short line, before anything runs."""

import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ringlab.core.errors import RinglabError
from ringlab.lessons import LabState, LessonError, parse_lesson, registry, yamlines
from tests._lesson_samples import GOOD

SHOW = "show: {schedule_cell: {schedule: ring, step: 3, core: 3, chunk: 0}}"
REVEAL = "reveal: [{set_schedule_step: 3}]"


def _error(text) -> tuple[int, str]:
    with pytest.raises(LessonError) as e:
        parse_lesson(text, "bad.md")
    msg = str(e.value)
    assert re.fullmatch(r"bad\.md:\d+: .+", msg), msg[:500]
    assert "\n" not in msg and len(msg) <= 320, msg[:500]
    return int(msg.split(":")[1]), msg


def _line_of(text, needle):
    return next(k for k, ln in enumerate(text.splitlines(), 1) if needle in ln)


# -- numbers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "1e999999999",
        "1E+999999999",
        "-1e999999999",
        "1e-999999999",
        "−1e400",
        "1e301",
        "1" * 101,
        "9" * 5000,
        "1/" + "9" * 200,
        "inf",
        "-inf",
        "nan",
        "Infinity",
        "1_000",
        "0x10",
        "1e",
        "--1",
        "1/2/3",
        "1.5/2",
        "",
        " ",
        "½",
        "١٢",
        "1e99999999999999999999",
    ],
)
def test_to_number_refuses_hostile_text(text):
    with pytest.raises((ValueError, ZeroDivisionError)) as e:
        registry.to_number(text)
    assert len(str(e.value)) <= 200


@pytest.mark.parametrize("v", [float("inf"), float("-inf"), float("nan")])
def test_to_number_refuses_non_finite_floats(v):
    with pytest.raises(ValueError, match="not a finite number"):
        registry.to_number(v)


@pytest.mark.parametrize(
    "text,value",
    [
        ("30", 30),
        ("-1/2", Fraction(-1, 2)),
        ("−3/4", Fraction(-3, 4)),
        (" 0.25 ", Fraction(1, 4)),
        ("1e-6", Fraction(1, 10**6)),
        ("1e300", 10**300),
        ("-1e-300", -Fraction(1, 10**300)),
        (".5", Fraction(1, 2)),
        ("3.", 3),
        ("+7", 7),
        ("2/-4", Fraction(-1, 2)),
        ("1E3", 1000),
    ],
)
def test_to_number_still_reads_numbers(text, value):
    assert registry.to_number(text) == value


@given(st.text(max_size=300))
def test_to_number_of_any_text_is_a_number_or_a_short_error(text):
    try:
        x = registry.to_number(text)
    except (ValueError, ZeroDivisionError) as e:
        assert len(str(e)) <= 200
    else:
        assert isinstance(x, Fraction) and len(text) <= registry.NUMBER_TEXT_LIMIT


@given(st.fractions(max_denominator=10**6))
def test_to_number_round_trips_fractions(x):
    assert registry.to_number(str(x)) == x


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_to_number_of_any_finite_float(x):
    assert registry.to_number(x) == Fraction(repr(x))


def test_typed_answer_that_would_hang_is_just_wrong():
    """An answer box goes through registry.same: a hostile entry compares as text (not equal)."""
    assert not registry.same("1e999999999", 30)
    assert not registry.compare("at_least", "1e999999999", 1)
    assert registry.same("1e2", 100)


# -- arguments -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "old,new,expect",
    [
        (
            SHOW,
            "show: {graph_count: {what: edges, N: 100000000, T: 100000000}}",
            "N = 100000000 is out of range",
        ),
        (
            SHOW,
            "show: {graph_count: {what: edges, N: 4, T: 100000}}",
            "T = 100000 is out of range: expected 1..128",
        ),
        (
            SHOW,
            "show: {mesh_hops: {k: 1000000, n: 1000000, scheme: tree}}",
            "k = 1000000 is out of range",
        ),
        (SHOW, "show: {mesh_best_group: {k: 4, n: 1000}}", "n = 1000 is out of range"),
        (SHOW, "show: {counting_bound: {N: 0, K: 3}}", "N = 0 is out of range"),
        (SHOW, "show: {min_T: {N: 10000000000, K: 3}}", "out of range"),
        (SHOW, "show: {sent: {node: 0, t: 99999999999999999999}}", "is out of range"),
        (
            REVEAL,
            "reveal: [{run_search: {N: 12, K: 16, T: 400}}]",
            "T = 400 is out of range: expected 1..40",
        ),
        (
            REVEAL,
            "reveal: [{run_search: {N: 13, K: 2, T: 3}}]",
            "N = 13 is out of range: expected 2..12",
        ),
        (REVEAL, "reveal: [{resize: {N: 1000}}]", "N = 1000 is out of range: expected 2..32"),
        (REVEAL, "reveal: [{set_example: 100000}]", "out of range"),
        (REVEAL, "reveal: [{set_costs: {alpha: 1e999999999us}}]", "exponent"),
        (REVEAL, "reveal: [{set_costs: {size: '" + "9" * 500 + "'}}]", "more than 100 digits"),
        (
            REVEAL,
            "reveal: [{set_entry: {node: 0, matrix: M, row: 0, col: 0, value: '1e99999999'}}]",
            "exponent",
        ),
        (REVEAL, "reveal: [{set_field: 'GF(1000000000000000003)'}]", "field"),
        (REVEAL, "reveal: [{set_field: 'GF(2^1000000000)'}]", "field"),
        (
            REVEAL,
            "reveal: [{load_code: {code: {N: 3, K: 2, T: 3, field: 'GF(99999999999999999989)', nodes: []}}}]",
            "field",
        ),
        (
            REVEAL,
            "reveal: [{set_inputs: {inputs: random, seed: 100000000000000000000000}}]",
            "seed",
        ),
        (
            REVEAL,
            "reveal: [{set_matrix: {node: 0, matrix: M, rows: ["
            + ",".join(["[1, 2]"] * 6000)
            + "]}}]",
            "more than 10000 values",
        ),
        (REVEAL, "reveal: [{type_answer: {id: x, value: '" + "a" * 3000 + "'}}]", "characters"),
        (
            REVEAL,
            "reveal: [" + ", ".join(["{run_search: {N: 3, K: 2, T: 3}}"] * 9) + "]",
            "at most 8 searches",
        ),
    ],
)
def test_argument_limits_at_parse_time(old, new, expect):
    text = GOOD.replace(old, new, 1)
    assert text != GOOD
    line, msg = _error(text)
    assert expect in msg
    assert line == _line_of(text, new[:12]), msg


def test_shipped_ranges_follow_the_app():
    from ringlab.core.code import K_RANGE, N_RANGE, T_RANGE

    by = {p.name: p for p in registry.ACTIONS["resize"].params}
    assert ((by["N"].lo, by["N"].hi), (by["K"].lo, by["K"].hi), (by["T"].lo, by["T"].hi)) == (
        N_RANGE,
        K_RANGE,
        T_RANGE,
    )
    search = {
        p.name: (p.lo, p.hi) for p in registry.ACTIONS["run_search"].params if p.kind == "int"
    }
    assert search == {"N": (2, 12), "K": (1, 16), "T": (1, 40)}  # the Search form's boxes
    for table in (registry.ACTIONS, registry.PROBES):
        for entry in table.values():
            for p in entry.params:
                if p.kind == "int":
                    assert p.lo is not None and p.hi is not None and abs(p.hi) <= 2**32, (
                        entry.name,
                        p,
                    )


@pytest.mark.parametrize(
    "table,name,args,expect",
    [
        ("PROBES", "graph_count", {"what": "edges", "N": 10**8, "T": 10**8}, "out of range"),
        ("ACTIONS", "run_search", {"N": 3, "K": 2, "T": 10**6}, "T = 1000000 is out of range"),
        ("PROBES", "mesh_hops", {"k": 10**18, "scheme": "tree", "n": 10**18}, "out of range"),
        ("ACTIONS", "load_data", {"name": "../x.json"}, "plain name"),
        ("ACTIONS", "set_field", {"field": "GF(2^99999999)"}, "field"),
        ("ACTIONS", "type_answer", {"id": "q", "value": "1e999999999"}, "exponent"),
        (
            "ACTIONS",
            "set_entry",
            {"node": 0, "matrix": "M", "row": 0, "col": 0, "value": 10**40},
            "too large",
        ),
        ("ACTIONS", "resize", {"colour": 1}, "unknown argument"),
    ],
)
def test_argument_limits_again_at_call_time(table, name, args, expect):
    st = LabState.initial()
    with pytest.raises(RinglabError) as e:
        getattr(registry, table)[name].func(st, **args)
    msg = str(e.value)
    assert expect in msg and "\n" not in msg and len(msg) <= registry.MESSAGE_LIMIT


def test_error_never_echoes_a_huge_value():
    p = registry.Param("x", "int", lo=0, hi=10)
    why = registry.check_arg(p, 10**4000)
    assert "digits" in why and len(why) < 120
    why = registry.check_arg(registry.Param("x", "str", hi=200), "y" * 10**6)
    assert len(why) < 120


# -- load_data: only a file shipped in ringlab.data ---------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "../x.json",
        "..",
        "../../etc/passwd",
        "/etc/passwd",
        "sub/x.ringlab.json",
        "..\\x.json",
        "C:\\x.json",
        "C:x.json",
        "\\\\server\\share\\x.json",
        "~/x.json",
        "x/../classic-ring-n4",
        ".hidden",
        "classic-ring-n4\0",
        "classic ring",
        "",
        "a" * 300,
    ],
)
def test_load_data_refuses_paths_before_touching_files(name, monkeypatch):
    def no_files(*a, **k):
        raise AssertionError("the file system was consulted")

    monkeypatch.setattr(registry.data, "_shipped_data", no_files)
    assert registry.check_data_name(name)
    with pytest.raises(RinglabError) as e:
        registry.data_file(name)
    assert "\n" not in str(e.value)


def test_load_data_outside_the_package_never_echoes_content(tmp_path):
    secret = tmp_path / "x.json"
    secret.write_text('{"format": "ringlab-code", "secret": "SECRET-CONTENT"}')
    st = LabState.initial()
    for name in (str(secret), f"../{secret.name}", "rate_table.json", "lessons", "rate_table"):
        with pytest.raises(RinglabError) as e:
            registry.ACTIONS["load_data"].func(st, name=name)
        assert "SECRET" not in str(e.value) and "cells" not in str(e.value)


def test_load_data_still_loads_a_shipped_code():
    st = LabState.initial()
    registry.ACTIONS["load_data"].func(st, name="classic-ring-n4")
    assert st.code.N == 4
    registry.ACTIONS["load_data"].func(st, name="paper-k2-t3.ringlab.json")
    assert (st.code.N, st.code.K) == (3, 2)


def test_load_data_in_a_lesson_is_refused_at_parse_time():
    text = GOOD.replace("  preset: classic-ring-n4\n", "  data: ../x.json\n")
    line, msg = _error(text)
    assert line == _line_of(text, "data: ../x.json") and "plain name" in msg


# -- YAML ------------------------------------------------------------------------------------------

BOMB = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
)


def test_alias_bomb_is_refused_at_its_first_anchor():
    text = GOOD.replace("order: 1\n", "order: 1\n" + BOMB)
    line, msg = _error(text)
    assert "anchors and aliases" in msg and line == _line_of(text, "a: &a")


def test_any_alias_is_refused():
    text = GOOD.replace("answer: 30\n", "answer: 30\nexplain: &x hi\n").replace(
        "wrong: [12]", "wrong: [*x]"
    )
    line, msg = _error(text)
    assert "anchors and aliases" in msg and line == _line_of(text, "explain: &x")


@pytest.mark.parametrize(
    "nested", ["[" * 50 + "]" * 50, "{a: " * 50 + "1" + "}" * 50, "[" * 40_000 + "]" * 40_000]
)
def test_deep_nesting_is_refused(nested):
    text = GOOD.replace("order: 1\n", f"order: 1\nsummary: {nested}\n")
    line, msg = _error(text)
    assert "nested more than 20" in msg
    assert line == _line_of(text, "summary:")


def test_block_style_deep_nesting_is_refused():
    deep = "".join("  " * k + f"k{k}:\n" for k in range(60)) + "  " * 60 + "x: 1\n"
    text = GOOD.replace(
        "order: 1\n", "order: 1\nsummary:\n" + "".join("  " + ln + "\n" for ln in deep.splitlines())
    )
    _, msg = _error(text)
    assert "nested more than 20" in msg


@pytest.mark.parametrize("scalar", ["9" * 5000, "1" * 41, "0b" + "1" * 100, "1." + "0" * 100])
def test_huge_yaml_numbers_are_refused(scalar):
    text = GOOD.replace("answer: 30", f"answer: {scalar}")
    line, msg = _error(text)
    assert "a number of" in msg and line == _line_of(text, "answer:")


def test_too_many_yaml_values_in_one_lesson():
    text = GOOD.replace("wrong: [12]", "wrong: [" + ",".join(["12"] * 21_000) + "]")
    _, msg = _error(text)
    assert "more than 20000 YAML values" in msg


def test_yaml_error_messages_are_short():
    with pytest.raises(LessonError) as e:
        yamlines.load("a: [" + "x" * 5000 + "\n" + "b: " * 2000, 1, "f.md")
    assert len(str(e.value)) <= 320


def test_lesson_file_size_is_capped(tmp_path):
    from ringlab.lessons import load_lesson
    from ringlab.lessons.parse import MAX_LESSON_BYTES

    big = tmp_path / "big.md"
    big.write_text(GOOD + "x" * MAX_LESSON_BYTES)
    with pytest.raises(LessonError, match=r"big\.md:1: .*at most 100 KB"):
        load_lesson(big)
    with pytest.raises(LessonError, match="at most 100 KB"):
        parse_lesson(GOOD + "x" * MAX_LESSON_BYTES, "big.md")


# -- fuzz: a lesson with anything in it is a lesson or one LessonError line ----------------------

_PIECES = st.sampled_from(
    [
        "[",
        "]",
        "{",
        "}",
        ":",
        "&a ",
        "*a",
        "---",
        ":::",
        ":::{task} t",
        "1e999999999",
        "-",
        "\n",
        "  ",
        "!!binary ",
        "!!python/object:os.system ",
        "? ",
        "|",
        ">",
        "'",
        '"',
        "#",
        "9" * 60,
        "{run_search: {N: 12, K: 16, T: 40}}",
        "{load_data: ../x}",
        ".inf",
        "~",
        "%YAML 1.1\n",
    ]
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.integers(0, len(GOOD)), st.lists(_PIECES, max_size=8))
def test_fuzzed_lesson_parses_or_fails_in_one_line(at, pieces):
    text = GOOD[:at] + "".join(pieces) + GOOD[at:]
    try:
        parse_lesson(text, "bad.md")
    except LessonError as e:
        msg = str(e)
        assert msg.startswith("bad.md:") and "\n" not in msg and len(msg) <= 320, msg[:400]
