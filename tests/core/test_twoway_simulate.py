"""Two-way codes run on concrete inputs (issue 35): the values against an independent
simulation, one-way codes embedded with a silent direction against the one-way simulate, and a
reduce-scatter + all-gather 3-ring over GF(2) computed by hand."""

import pytest

from ringlab import preset, simulate
from ringlab.core.fields import field
from ringlab.core.inputs import resolve_inputs
from ringlab.core.twoway import from_one_way, two_classic_rings
from ringlab.core.twoway_simulate import simulate_twoway, solve_combination
from ringlab.core.twowayfile import any_from_dict, twoway_to_dict
from tests.cli.test_twoway_check import three_ring_k3_t2
from tests.core._twoway_sim import run


@pytest.mark.parametrize(
    "name, fld", [("paper-k2-t3", "Q"), ("paper-k1-t2", "GF(2)"), ("classic-ring-n4", "GF(3)")]
)
@pytest.mark.parametrize("decoders", [True, False])
def test_one_way_code_with_a_silent_direction_decodes_what_one_way_simulate_does(
    name, fld, decoders
):
    one = preset(name, fld)
    x = resolve_inputs(one, "random", 7)
    want = simulate(one, inputs=x)
    got = simulate_twoway(from_one_way(one, decoders=decoders), x)
    assert got.decoded_values == want.decoded_values
    assert got.all_correct and want.all_correct
    for t in range(one.T):
        assert got.sent_values["cw"][t] == want.sent_values[t]
        assert all(one.field.is_zero(v) for v in got.sent_values["ccw"][t])


@pytest.mark.parametrize(
    "code",
    [two_classic_rings(3, "GF(5)"), two_classic_rings(4, "GF(3)")],
    ids=["two classic rings N=3 GF(5)", "N=4 GF(3)"],
)
def test_sent_values_match_an_independent_simulation(code):
    d = twoway_to_dict(code)
    x = [[(3 * i + k) % 3 for k in range(code.K)] for i in range(code.N)]
    _, sent = run(d, d["field"], x)
    tr = simulate_twoway(code, resolve_inputs(code, x))
    for t in range(code.T):
        for i in range(code.N):
            for dr in ("cw", "ccw"):
                assert int(tr.sent_values[dr][t][i]) == sent[(i, dr)][t]
    assert tr.all_correct


# x₀ = [1, 0, 0], x₁ = [1, 1, 0], x₂ = [1, 1, 1]: the sum is [1, 0, 1] over GF(2)
X = [[1, 0, 0], [1, 1, 0], [1, 1, 1]]


@pytest.mark.parametrize("decoders", [True, False])
def test_reduce_scatter_all_gather_3_ring_by_hand(decoders):
    code = any_from_dict(three_ring_k3_t2("GF(2)", decoders))
    tr = simulate_twoway(code, resolve_inputs(code, X))
    # t = 0: node i sends x_{i,i+1} clockwise and x_{i,i−1} counter-clockwise
    assert tr.sent_values["cw"][0] == [X[0][1], X[1][2], X[2][0]] == [0, 0, 1]
    assert tr.sent_values["ccw"][0] == [X[0][2], X[1][0], X[2][1]] == [0, 1, 1]
    # t = 1: node i sends σ_i = x_{0,i} + x_{1,i} + x_{2,i} both ways: σ = [1, 0, 1]
    assert tr.sent_values["cw"][1] == tr.sent_values["ccw"][1] == [1, 0, 1]
    assert tr.decoded_values == [[1, 0, 1]] * 3
    assert tr.true_sum == [1, 0, 1] and tr.all_correct
    assert tr.pretty(tr.sent["cw"][1][0]) == "x₀,₁ + x₁,₁ + x₂,₁"


def test_a_wrong_decoder_is_caught_by_its_values():
    d = three_ring_k3_t2("GF(2)", True)
    d["nodes"][1]["R_ccw"][2] = [0, 0]  # node 1 forgets σ_2, which arrives from node 2
    code = any_from_dict(d)
    tr = simulate_twoway(code, resolve_inputs(code, X))
    assert tr.decoded_values[1][2] == 0 != tr.true_sum[2]
    assert tr.wrong_entries(1) == [2] and not tr.all_correct
    assert [tr.wrong_entries(i) for i in (0, 2)] == [[], []]


def test_without_decoders_an_entry_nobody_can_reach_is_not_decoded():
    d = three_ring_k3_t2("GF(2)", False)
    for nd in d["nodes"]:
        nd["send_cw"]["M"][0] = [0, 0, 0]  # the t = 0 clockwise parts never leave
    code = any_from_dict(d)
    tr = simulate_twoway(code, resolve_inputs(code, X))
    assert all(None in tr.decoded_values[i] for i in range(3))
    assert not tr.all_correct and not tr.report.feasible


def test_solve_combination():
    F = field("GF(3)")
    vs = [[1, 0, 1], [0, 1, 1]]
    c = solve_combination(F, vs, [2, 1, 0])  # 2·v0 + 1·v1 = [2, 1, 3 = 0]
    assert [int(v) for v in c] == [2, 1]
    assert solve_combination(F, vs, [0, 0, 1]) is None
