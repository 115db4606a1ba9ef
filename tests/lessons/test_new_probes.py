"""The probes added for the lessons' numeric claims: conjecture_T, coding_gain_cells,
rate_table_found_by (read the shipped rate table) and strategy_volume (the ZeRO paper's
communication volumes)."""

import json
from fractions import Fraction

import pytest

from ringlab.core.errors import RinglabError
from ringlab.core.search.encode import search_field
from ringlab.lessons import registry
from ringlab.lessons.state import LabState

FIELDS = ("GF(2)", "GF(3)", "GF(2^2)", "GF(2^3)")


def probe(probe_name, **args):
    return registry.PROBES[probe_name].func(LabState.initial(), **args)


@pytest.fixture(scope="module")
def table():
    return json.loads(registry.data_file("rate_table.json").read_text(encoding="utf-8"))


# -- conjecture_T -----------------------------------------------------------------------------


def test_conjecture_T_is_the_formula_and_the_tables_column(table):
    assert probe("conjecture_T", N=4, K=5) == 8  # max(7, ⌈30/4⌉)
    assert probe("conjecture_T", N=5, K=7) == 12  # max(10, ⌈56/5⌉)
    assert probe("conjecture_T", N=4, K=4) == 6  # K = N: both are 2(N − 1)
    for cell in table["cells"]:
        assert probe("conjecture_T", N=cell["N"], K=cell["K"]) == cell["conjecture_T"]


def test_conjecture_T_is_proposition_1_when_K_at_most_N_and_theorem_3_at_N_3():
    for N in range(3, 12):
        for K in range(1, N + 1):
            assert probe("conjecture_T", N=N, K=K) == probe("prop1_min_T", N=N, K=K)
    for K in range(1, 20):
        assert probe("conjecture_T", N=3, K=K) == probe("theorem3_min_T", K=K)


# -- coding_gain_cells ------------------------------------------------------------------------

GF2_GAINS = {3: [2], 4: [3], 5: [2, 3, 4], 6: [4, 5], 7: [2, 3, 4, 5, 6], 8: [3, 5, 7]}


def test_coding_gain_cells_over_gf2_is_lesson_13s_list():
    assert {N: probe("coding_gain_cells", N=N) for N in GF2_GAINS} == GF2_GAINS
    assert sum(len(v) for v in GF2_GAINS.values()) == 15


def test_coding_gain_cells_recomputed_from_the_json(table):
    for field in FIELDS:
        want = {}
        for c in table["cells"]:
            key = search_field(field)  # the JSON's key: the search's GF(q)
            g, r = c["by_field"][key]["general"], c["by_field"][key]["routing"]
            if g["status"] == r["status"] == "proven" and g["min_T"] < r["min_T"]:
                want.setdefault(c["N"], []).append(c["K"])
        for N in range(3, 11):
            assert probe("coding_gain_cells", N=N, field=field) == sorted(want.get(N, []))


def test_coding_gain_cells_leaves_out_a_routing_upper_bound():
    # N = 8, K = 6: general 12 exact, routing only ≤ 14 — not in the list (N = 8, K = 5 was
    # this example until its routing minimum was settled, 13, issue 34)
    assert probe("rate_table_status", N=8, K=6, field="GF(2)", routing=True) == "found"
    assert probe("rate_table_status", N=8, K=6, field="GF(2)") == "proven"
    assert 6 not in probe("coding_gain_cells", N=8)


def test_coding_gain_cells_refuses_a_row_or_field_the_table_lacks():
    with pytest.raises(RinglabError, match="no row N = 11"):
        probe("coding_gain_cells", N=11)
    with pytest.raises(RinglabError, match="field must be one of"):
        probe("coding_gain_cells", N=4, field="GF(5)")


# -- rate_table_found_by ----------------------------------------------------------------------


def test_found_by_labels():
    label = registry.found_by_label
    assert label("search in this class") == "the search over this field"
    assert label("the routing-only code (a special case)") == "a routing code"
    assert label("the GF(2) code (GF(2) ⊂ GF(4))") == "the GF(2) code"
    assert label("the GF(2) routing code, re-verified over GF(3)") == "the GF(2) routing code"
    assert label("= GF(2): a routing code's entries are 0/1, …") == "GF(2)'s routing class"
    assert label(None) == "no code" and label("") == "no code"
    assert label("something new") == "something new"


def test_found_by_in_the_cells_lesson_16_reads():
    assert probe("rate_table_found_by", N=4, K=5, field="GF(2^2)") == "the GF(2) code"
    assert probe("rate_table_found_by", N=4, K=5, field="GF(2)") == "a routing code"
    assert probe("rate_table_found_by", N=5, K=7, field="GF(3)") == "the GF(2) routing code"
    assert (
        probe("rate_table_found_by", N=4, K=5, field="GF(2^2)", routing=True)
        == "GF(2)'s routing class"
    )


def test_every_gf4_and_gf8_code_is_gf2s_and_every_gf2_code_was_searched(table):
    for c in table["cells"]:
        for field in ("GF(2^2)", "GF(2^3)"):
            assert probe("rate_table_found_by", N=c["N"], K=c["K"], field=field) == "the GF(2) code"
        assert probe("rate_table_found_by", N=c["N"], K=c["K"], field="GF(2)") in (
            "the search over this field",
            "a routing code",
        )


# -- strategy_volume --------------------------------------------------------------------------


def test_strategy_volume_is_the_zero_papers_count():
    assert probe("strategy_volume") == [2, 2, 2, 3]  # DP, ZeRO-1, -2, -3
    assert probe("strategy_volume", N=4) == [Fraction(3, 2)] * 3 + [Fraction(9, 4)]
    assert probe("strategy_volume", name="ZeRO-2") == probe("strategy_volume", name="DP")
    assert probe("strategy_volume", name="ZeRO-3") / probe(
        "strategy_volume", name="DP"
    ) == Fraction(3, 2)


def test_strategy_volume_of_dp_is_lesson_4s_ring_bytes():
    # DP's all-reduce on the ring: 2S(N − 1)/N, the lower_bound probe's figure, in units of S
    for N in (2, 4, 8, 1024):
        assert probe("strategy_volume", name="DP", N=N) == Fraction(2 * (N - 1), N)


def test_strategy_volume_refuses_other_names():
    with pytest.raises(RinglabError, match="name must be one of"):
        probe("strategy_volume", name="TP")
