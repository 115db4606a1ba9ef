"""The walkthrough drawing, checked against numbers printed in the seeds and the paper.

Expected values come from outside the renderer: seed 004's ring trace (sends 15, 8, 4, 15 at
t = 0; 21, 17, 11, 7 at t = 1; every core ends with [30, 29, 22, 27]) and the paper's K = 2,
T = 3 matrices worked by hand (node 0's first row of M_0 is [0 1], so it sends x₀,₂).
"""

import re

import numpy as np
import pytest

from ringlab import preset, simulate
from ringlab.core.inputs import MATMUL_TARGET, matmul_inputs, matmul_partials_int, resolve_inputs
from ringlab.render.captions import classify, ring_combination, short_combination, step_caption
from ringlab.render.propagation import WalkthroughRenderer

X = [[1, 2], [3, 4], [5, 6]]


@pytest.fixture(scope="module")
def renderer():
    return WalkthroughRenderer()


def test_matmul_partials_are_seed_004s():
    # seed 004: "Core 0: 3 * [5 4 3 2] = [15 12 9 6]" … and column sums [30, 29, 22, 27]
    assert matmul_partials_int() == [[15, 12, 9, 6], [2, 8, 6, 4], [1, 3, 4, 2], [12, 6, 3, 15]]
    assert [sum(c) for c in zip(*matmul_partials_int())] == list(MATMUL_TARGET) == [30, 29, 22, 27]


def test_matmul_inputs_other_shapes_are_cyclic_and_in_the_field():
    c = preset("paper-k2-t3")  # N = 3, K = 2
    assert [[int(v) for v in r] for r in matmul_inputs(c)] == [[15, 12], [2, 8], [1, 3]]
    g = preset("classic-ring-n4", "GF(7)")
    assert matmul_inputs(g)[0] == [15 % 7, 12 % 7, 9 % 7, 6 % 7]


def test_classic_ring_n4_on_the_matmul_reads_like_seed_004(renderer):
    code = preset("classic-ring-n4")
    renderer.set_trace(simulate(code, matmul_inputs(code)))
    assert renderer.steps == code.T + 1 == 7
    renderer.show_step(0)
    labels = renderer.edge_labels()
    assert [lab.rsplit("= ", 1)[-1] for lab in labels] == ["15", "8", "4", "15"]
    table = renderer.table_text()
    for i, (v, to) in enumerate([(15, 1), (8, 2), (4, 3), (15, 0)]):
        assert re.search(rf"sends .* = {v} → {to}", table.split("node ")[i + 2]), table
    renderer.show_step(1)
    assert [lab.rsplit("= ", 1)[-1] for lab in renderer.edge_labels()] == ["21", "17", "11", "7"]
    # what node 1 received by t = 1 is core 0's chunk 15 (seed 004, step 1)
    assert "s₁: 15" in renderer.table_text()
    renderer.show_step(code.T)
    final = renderer.table_text()
    assert final.count("[30, 29, 22, 27] ✓") == 4 and "✗" not in final
    assert renderer.edge_labels() == []


def test_paper_k2_t3_by_hand(renderer):
    code = preset("paper-k2-t3")
    renderer.set_trace(simulate(code, X))
    renderer.show_step(0)
    # M_0 row 0 = [0 1] → x₀,₂ = 2; M_2 row 0 = [1 0] → x₂,₁ = 5 (paper, Sec. IV-B)
    assert renderer.edge_labels()[0] == "x₀,₂ = 2"
    assert renderer.edge_labels()[2] == "x₂,₁ = 5"
    renderer.show_step(3)
    assert "sum Σ = [9, 12]" in renderer.table_text()
    assert renderer.table_text().count("= [9, 12] ✓") == 3


def test_caption_is_written_from_the_trace():
    code = preset("paper-k2-t3")
    tr = simulate(code, X)
    cap1 = step_caption(tr, 1, width=1000)
    # the issue's own example: node 1's running sum of symbol 2, its own symbol first
    assert "node 1 sends x₁,₂ + x₀,₂ = 6 — the running sum of symbol 2" in cap1
    assert step_caption(tr, 0, width=1000).startswith(
        "t = 0: node 0 sends x₀,₂ = 2 — its own symbol"
    )
    assert "coded mix of symbols 1, 2" in step_caption(tr, 0, width=1000)  # node 1: x₁,₁ + x₁,₂
    last = step_caption(tr, 3, width=1000)
    assert "all 3 nodes get the sum [9, 12]" in last


def test_classify_kinds():
    code = preset("classic-ring-n4")
    tr = simulate(code)
    z = [0] * 16

    def vec(*cols):
        v = list(z)
        for c in cols:
            v[c] = 1
        return v

    F = code.field
    to = lambda v: [F.parse(c) for c in v]  # noqa: E731
    assert classify(tr, 0, to(z))[0] == "idle"
    assert classify(tr, 1, to(vec(4)))[0] == "own"  # x₁,₁ sent by node 1
    assert classify(tr, 1, to(vec(0)))[0] == "forward"  # x₀,₁ sent by node 1
    assert classify(tr, 1, to(vec(0, 4)))[0] == "running"
    assert classify(tr, 2, to(vec(0, 4)))[0] == "partial"
    assert classify(tr, 2, to(vec(0, 4, 8, 12)))[0] == "full"
    assert classify(tr, 2, to(vec(0, 5)))[0] == "coded"
    v = to(vec(0, 4, 8, 12))
    assert ring_combination(tr, v, 2) == "x₂,₁ + x₁,₁ + x₀,₁ + x₃,₁"
    assert short_combination(tr, v, 30, 2) == "x₂,₁ + x₁,₁ + x₀,₁ + x₃,₁"  # fits: whole
    assert short_combination(tr, v, 24, 2) == "x₂,₁ + … + x₃,₁ (4 terms)"
    six = to(vec(0, 1, 4, 5, 8, 12))  # ring order from node 2: 2, 1, 1, 0, 0, 3
    assert ring_combination(tr, six, 2) == "x₂,₁ + x₁,₁ + x₁,₂ + x₀,₁ + x₀,₂ + x₃,₁"
    assert short_combination(tr, six, 34, 2) == "x₂,₁ + x₁,₁ + … + x₃,₁ (6 terms)"


def test_wrong_destination_is_red_and_names_the_failing_check(renderer):
    good = preset("paper-k2-t3")
    bad = good.with_entry(1, "M", 0, 0, 5)  # node 1 now sends 5·x₁,₁ + x₁,₂ first
    tr = simulate(bad, X)
    wrong = [i for i in range(3) if tr.wrong_entries(i)]
    assert wrong  # the edit breaks someone's decode
    renderer.set_trace(tr)
    renderer.show_step(bad.T)
    text = renderer.table_text()
    for i in wrong:
        assert re.search(rf"node {i} ẑ. = \[.*\] ✗ wrong", text)
    assert "Theorem 2 fails at node" in text
    # the red overlays are exactly the wrong entries' values
    reds = [
        a.get_text()
        for a in renderer._tab_extra
        if a.get_color() == "#d6336c"
        and a.get_text() not in ("✗",)
        and "\n" not in a.get_text()
        and "Theorem" not in a.get_text()
    ]
    expect = [bad.field.format(tr.decoded_values[i][k]) for i in wrong for k in tr.wrong_entries(i)]
    assert reds == expect
    c = next(c for c in tr.report.checks if not c.ok)
    assert f"j = {c.j}" in text.replace("\n", " ")


def test_idle_edges_are_labelled_idle(renderer):
    code, _ = preset("classic-ring-n4").resized(T=8)  # two extra steps sending nothing
    renderer.set_trace(simulate(code, resolve_inputs(code, "random", 3)))
    renderer.show_step(7)
    assert renderer.edge_labels() == ["idle"] * 4
    assert "idle" in renderer.caption()


def test_frame_is_1280x720_and_changes_between_steps(renderer):
    code = preset("paper-k2-t3")
    renderer.set_trace(simulate(code, X))
    renderer.show_step(0)
    a = renderer.rgb()
    renderer.show_step(1)
    b = renderer.rgb()
    renderer.show_step(0)
    c = renderer.rgb()
    assert a.shape == (720, 1280, 3)
    assert (a != b).any()
    assert (a == c).all()  # blitting restores exactly: no stale artists left behind


def test_n8_t16_labels_shorten(renderer):
    code, _ = preset("classic-ring-n8").resized(T=16)
    renderer.set_trace(simulate(code, resolve_inputs(code, "random", 1)))
    renderer.show_step(4)
    # at N = 8, T = 16 an edge carries only the value; the table keeps the combination
    assert all(re.fullmatch(r"-?\d+", lab) for lab in renderer.edge_labels())
    assert "(5 terms)" in renderer.table_text() or "x" in renderer.table_text()
    frame = renderer.rgb()
    assert frame.shape == (720, 1280, 3) and np.unique(frame.reshape(-1, 3), axis=0).shape[0] > 20
