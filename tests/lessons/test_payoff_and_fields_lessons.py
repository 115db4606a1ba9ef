"""Lessons 18 (when K ≠ N pays off) and 19 (from finite fields to float gradients): they replay,
and every number their prose and feedback quote is what the probes compute — the values here
worked out by hand (α = 1 µs, B = 10 GB/s, so αB = 10 KB; the worked partials on 3 nodes)."""

from fractions import Fraction
from pathlib import Path

import pytest

from ringlab import preset
from ringlab.core.errors import RinglabError
from ringlab.lessons import Predict, Task, check_file, load_lesson, registry
from ringlab.lessons.state import LabState

LESSONS = Path(__file__).parents[2] / "lessons"
PAYOFF = LESSONS / "18-when-k-ne-n-pays-off.md"
FIELDS = LESSONS / "19-finite-fields-to-float-gradients.md"


def probe(st, name, **args):
    return registry.PROBES[name].func(st, **args)


def act(st, name, **args):
    registry.ACTIONS[name].func(st, **args)


@pytest.mark.parametrize("path", [PAYOFF, FIELDS], ids=["18", "19"])
def test_the_lesson_replays_with_predictions_and_tasks(path):
    r = check_file(path)
    assert r.ok, r.problems
    lesson = load_lesson(path)
    assert lesson.order == int(path.name[:2])
    predicts = [b for b in lesson.blocks if isinstance(b, Predict)]
    assert len(predicts) >= 3 and any(isinstance(b, Task) for b in lesson.blocks)
    assert all(p.explain for p in predicts)


@pytest.fixture
def explorer():
    st = LabState(preset("paper-k2-t3"))
    st.update(alpha="1us", bandwidth="10GB/s", size="1KB", explorer_N=3)
    return st


def test_lesson_18_numbers_at_3_nodes(explorer):
    st = explorer
    assert probe(st, "code_time", K=2, T=3, unit="us") == Fraction(315, 100)
    assert probe(st, "code_time", K=1, T=2, unit="us") == Fraction(22, 10)
    assert probe(st, "code_time", K=3, T=4, unit="us") == 4 + Fraction(4, 30)  # ≈ 4.13
    assert probe(st, "code_crossover", K=1, T=2, vs="K=2, T=3", unit="KB") == 20
    assert probe(st, "code_crossover", K=2, T=3, vs="ring", unit="KB") == 60
    assert probe(st, "code_wins", K=2, T=3, vs=["recursive-doubling"]) == "every size"
    st.schedules = ("recursive-doubling",)
    assert probe(st, "algorithm_time", schedule="recursive-doubling", unit="us") == Fraction(33, 10)
    assert probe(st, "algorithm_steps", schedule="recursive-doubling") == 3
    assert probe(st, "best_code_K") == 1
    for size, K in (("19KB", 1), ("21KB", 2), ("59KB", 2), ("61KB", 3), ("1MB", 3)):
        st.size = size
        assert probe(st, "best_code_K") == K, size


def test_lesson_18_numbers_at_4_nodes(explorer):
    st = explorer
    st.explorer_N = 4
    st.schedules = ("recursive-doubling",)
    assert probe(st, "code_crossover", K=3, T=5, vs="ring", unit="KB") == 60
    assert probe(st, "code_crossover", K=3, T=5, vs="recursive-doubling", unit="KB") == 90
    assert probe(st, "code_crossover", K=2, T=4, vs="ring", unit="KB") == 40  # 4α+2S/B = 6α+1.5S/B
    assert probe(st, "schedule_crossover", a="recursive-doubling", b="ring", unit="KB") == 80
    assert probe(st, "code_wins", K=3, T=5, vs=["ring", "recursive-doubling"]) == "no size"
    assert probe(st, "code_wins", K=3, T=6, vs=["ring"]) == "no size"  # routing's T = 6
    with pytest.raises(RinglabError, match="Proposition 1 needs T ≥ 5"):
        probe(st, "code_time", K=3, T=4)
    with pytest.raises(RinglabError, match="N = 3 only"):
        probe(st, "best_code_K")
    with pytest.raises(RinglabError, match="never cross"):
        probe(st, "code_crossover", K=3, T=6, vs="ring")


def test_a_badly_named_opponent_is_refused_when_the_lesson_is_parsed():
    entry = registry.PROBES["code_crossover"]
    vs = next(p for p in entry.params if p.name == "vs")
    assert registry.check_arg(vs, "K=2, T=3") is None
    assert registry.check_arg(vs, "ring") is None
    assert "expected a schedule" in registry.check_arg(vs, "K2T3")


@pytest.fixture
def walk():
    st = LabState(preset("paper-k3-t4"))
    st.inputs = [[15, 12, 9], [2, 8, 6], [1, 3, 4]]
    return st


def test_lesson_19_the_fields_sums(walk):
    st = walk
    assert probe(st, "true_sum") == [18, 23, 19]
    assert probe(st, "reads_true_sum") is True and probe(st, "field_kind") == "Q"
    for field, decode, kind in (
        ("GF(2^4)", [12, 7, 11], "GF(p^m)"),
        ("GF(2^5)", [12, 7, 11], "GF(p^m)"),
        ("GF(23)", [18, 0, 19], "GF(p)"),
        ("GF(19)", [18, 4, 0], "GF(p)"),
        ("GF(29)", [18, 23, 19], "GF(p)"),
    ):
        act(st, "set_field", field=field)
        assert probe(st, "decoded_vector", node=0) == decode, field
        assert probe(st, "field_kind") == kind
        assert probe(st, "reads_true_sum") is (decode == [18, 23, 19]), field
    assert probe(st, "field_order") == 29
    assert probe(st, "exact_prime") == 29


def test_lesson_19_typed_inputs_outside_the_field_are_not_a_true_sum(walk):
    st = walk
    act(st, "set_field", field="GF(7)")  # 15 is no element of GF(7): the walkthrough falls back
    assert probe(st, "reads_true_sum") is False


def test_lesson_19_signed_and_quantised(walk):
    st = walk
    act(st, "set_field", field="GF(29)")
    act(st, "set_inputs", inputs=[[15, -12, 9], [2, 8, -6], [-1, 3, 4]])
    assert probe(st, "true_sum") == [16, -1, 7]
    assert probe(st, "decoded_vector", node=0) == [16, 28, 7]
    assert probe(st, "reads_true_sum") is False  # 16 > 29/2 reads as −13
    assert probe(st, "quantised_sum", node=0, k=1, scale="1", p=29) == -13
    assert probe(st, "exact_prime") == 37
    act(st, "set_field", field="GF(37)")
    assert probe(st, "reads_true_sum") is True
    assert probe(st, "prime_for_sums", N=3, max_abs=15) == 97
    assert probe(st, "prime_for_sums", N=3, max_abs=15, signed=False) == 47
    act(st, "set_field", field="Q")
    grads = [["0.15", "-0.12", "0.09"], ["0.02", "0.08", "-0.06"], ["-0.01", "0.03", "0.04"]]
    act(st, "set_inputs", inputs=grads)
    assert probe(st, "true_sum") == [Fraction(16, 100), Fraction(-1, 100), Fraction(7, 100)]
    assert probe(st, "reads_true_sum") is True
    got = [probe(st, "quantised_sum", node=0, k=k, scale="0.05", p=97) for k in (1, 2, 3)]
    assert got == [Fraction(15, 100), Fraction(5, 100), Fraction(10, 100)]
    with pytest.raises(RinglabError, match="not all integers"):
        probe(st, "exact_prime")


def test_lesson_19_random_inputs_have_no_true_sum():
    st = LabState(preset("paper-k3-t4"))
    with pytest.raises(RinglabError, match="random inputs"):
        probe(st, "true_sum")
