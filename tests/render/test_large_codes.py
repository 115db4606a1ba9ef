"""Large codes (issue 9.8): the fast propagation is the same mathematics, and the walkthrough
formats and draws only what one step shows.

Expected values come from outside the fast path: the plain matrix iteration of eq. (7)
(``tests/core/_sweeps.py``, the previous implementation, written from the paper), the step-by-step
sympy/integer reference of ``tests/core/_reference.py``, Definition 1's graph from
``ringlab.core.network``, and counts worked by hand.
"""

import random

import numpy as np
import pytest

from ringlab import LinearCode, classic_ring, preset, random_inputs
from ringlab.core.network import time_expanded_graph
from ringlab.core.simulate import Row, simulate
from ringlab.render.captions import fit_vec, last_values
from ringlab.render.propagation import WalkthroughRenderer, new_figure
from tests.core._reference import plain_value, propagate
from tests.core._sweeps import simulate_sweeps


def random_code(N, K, T, field, seed, values=None, given_T=False):
    """A dense random code: every M, R entry and every allowed Λ entry drawn from ``values``
    (default: the field's small elements)."""
    rng = random.Random(seed)
    code = LinearCode.zeros(N, K, T, field)
    F = code.field
    values = values or (
        [str(v) for v in range(-3, 4)]
        if F.characteristic == 0
        else [str(v) for v in range(min(F.order, 9))]
    )

    def pick():
        return rng.choice(values)

    for i in range(N):
        code = code.with_matrix(i, "M", [[pick() for _ in range(K)] for _ in range(T)])
        code = code.with_matrix(
            i, "Lambda", [[pick() if c < r else "0" for c in range(T)] for r in range(T)]
        )
        code = code.with_matrix(i, "R", [[pick() for _ in range(T)] for _ in range(K)])
        if given_T:
            code = code.with_matrix(i, "T", [[pick() for _ in range(K)] for _ in range(K)])
    return code


def same(F, a, b):
    if F.name == "R":
        return abs(a - b) <= 1e-6 * max(1.0, abs(b))
    return type(a) is type(b) and a == b


def assert_same_run(code, inputs):
    """simulate() and the plain sweeps agree on every coefficient, value and verdict."""
    F = code.field
    N, K, T = code.shape
    new, old = simulate(code, inputs), simulate_sweeps(code, inputs)
    for t in range(T):
        for i in range(N):
            got, want = new.sent[t][i], old.sent[t][i]
            assert isinstance(got, list) and len(got) == N * K
            assert all(same(F, a, b) for a, b in zip(got, want)), (t, i)
            assert list(got.support) == [c for c, v in enumerate(want) if not F.is_zero(v)]
    assert new.idle().tolist() == [
        [all(F.is_zero(c) for c in old.sent[t][i]) for i in range(N)] for t in range(T)
    ]
    for i in range(N):
        for k in range(K):
            assert all(same(F, a, b) for a, b in zip(new.decoded[i][k], old.decoded[i][k]))
        assert new.decodes_sum(i) == old.decodes_sum(i)
        assert new.wrong_entries(i) == old.wrong_entries(i)
    if inputs is not None:
        for t in range(T):
            assert all(same(F, a, b) for a, b in zip(new.sent_values[t], old.sent_values[t]))
        for i in range(N):
            assert all(same(F, a, b) for a, b in zip(new.decoded_values[i], old.decoded_values[i]))
        assert new.true_sum == old.true_sum
    return new


@pytest.mark.parametrize(
    "field", ["Q", "R", "GF(2)", "GF(7)", "GF(4)", "GF(9)", "GF(1000003)", "GF(2147483647)"]
)
@pytest.mark.parametrize("seed", [0, 1])
def test_dense_random_codes_match_the_plain_sweeps(field, seed):
    code = random_code(4, 3, 6, field, seed, given_T=seed == 1)
    assert_same_run(code, random_inputs(code, seed))
    assert_same_run(code, None)


@pytest.mark.parametrize("name", ["paper-k2-t3", "classic-ring-n5", "time-shared-k5"])
def test_presets_match_the_plain_sweeps(name):
    code = preset(name)
    assert_same_run(code, random_inputs(code, 3))


def test_fractions_use_the_fields_own_elements():
    code = random_code(3, 2, 5, "Q", 9, values=["1/2", "-2/3", "3", "0", "1"], given_T=True)
    tr = assert_same_run(code, [["1/3", 2], [3, 4], [5, "-7/2"]])
    assert tr.held().dtype == object


def test_growth_past_float_exactness_is_still_exact():
    # Λ entries 7 and −5 over T = 40: coefficients reach ~7^39 ≈ 10^33, far past 2^53
    code = random_code(2, 2, 40, "Q", 1, values=["7", "-5"])
    tr = assert_same_run(code, random_inputs(code, 1))
    assert tr.held().dtype == object
    assert max(abs(int(v.p)) for v in tr.sent[39][0]) > 2**53


def test_between_float32_and_float64_exactness():
    # Λ = 2 × down-shift, M = all ones, T = 30: y^(t) = 1 + 2·y^(t−1) of the predecessor, so
    # the last coefficient is 2^30 − 1 — past float32's 2^24, within float64's 2^53
    N, T = 2, 30  # K = 1
    code = LinearCode.from_matrices(
        "Q",
        [[[1]] * T] * N,
        [[[2 if c == r - 1 else 0 for c in range(T)] for r in range(T)]] * N,
        [[[1 if u == T - 1 else 0 for u in range(T)]]] * N,
    )
    tr = assert_same_run(code, random_inputs(code, 2))
    assert tr.held().dtype == np.int32
    assert sum(tr.sent[T - 1][0]) == 2**30 - 1


def test_values_match_the_step_by_step_reference():
    code = random_code(3, 2, 5, "GF(7)", 4)
    x = random_inputs(code, 4)
    sent, decoded = propagate(code, [[int(v) for v in r] for r in x], p=7)
    tr = simulate(code, x)
    assert [[plain_value(v) for v in row] for row in tr.sent_values] == sent
    assert [[plain_value(v) for v in row] for row in tr.decoded_values] == decoded


def test_vectors_are_built_only_when_read():
    code, _ = classic_ring(32).resized(K=64, T=128)
    tr = simulate(code, random_inputs(code, 1))
    held = tr.held()
    assert not held.sent_vectors and not held.decoded_vectors  # nothing formatted up front
    assert held.dtype == np.int8  # 0/1 coefficients, 8 MB not 67 MB
    y = tr.sent[5][3]
    assert isinstance(y, Row) and len(y) == 32 * 64 and tr.sent[5][3] is y
    # node 3 at t = 5 sends the running sum of chunk (3 − 5) mod 32 = 30 over nodes 3..−2
    assert [(c // 64, c % 64) for c in y.support] == [(j, 30) for j in (0, 1, 2, 3, 30, 31)]
    assert tr.held().sent_vectors == {(3, 5)}
    assert tr.sent[-1][-1] is tr.sent[127][31] and len(tr.sent[2:4]) == 2
    with pytest.raises(IndexError):
        tr.sent[128]


def test_lazy_vectors_behave_as_lists():
    tr = simulate(preset("paper-k1-t2"), [[1], [2], [3]])
    assert tr.sent[0][1] == [0, 1, 0] and tr.sent[0] == [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    assert tr.decoded[0] == [[1, 1, 1]] and len(tr.sent) == 2 and len(tr.decoded) == 3


def test_a_step_of_a_large_code_formats_only_that_step():
    code, _ = classic_ring(32).resized(K=64, T=128)
    tr = simulate(code, random_inputs(code, 1))
    r = WalkthroughRenderer()
    r.set_trace(tr)  # shows step 0
    r.show_step(40)
    # the shown steps' 32 sends (labels, table) and nothing else: idle edges come from arrays
    assert tr.held().sent_vectors == {(i, t) for i in range(32) for t in (0, 40)}
    assert len(r.edge_labels()) == 32
    r.show_step(128)
    r.rgb()
    assert not tr.held().decode_computed  # the decode's coefficients: never needed
    assert tr.decoded[3][0].support  # … until read


def test_graph_edges_are_definition_1():
    N, T = 4, 3
    r = WalkthroughRenderer()
    code, _ = classic_ring(N).resized(T=T)
    r.set_trace(simulate(code))
    G = time_expanded_graph(N, T)
    want = sorted(
        (
            (G.nodes[u]["pos"], G.nodes[v]["pos"])
            for u, v, d in G.edges(data=True)
            if d["kind"] == "transmission"
        ),
        key=lambda e: (e[0][0], -e[0][1]),
    )
    wraps = [p0[1] == -(N - 1) for p0, _ in want]
    # drawn the same, except that the wrap edge ends at node 0's copy one row below node N−1
    drawn = r.transmissions()
    assert [(p0, (p1[0], -N) if w else p1) for (p0, p1), w in zip(want, wraps)] == [
        (p0, p1) for p0, p1, _ in drawn
    ]
    assert [w for _, _, w in drawn] == [
        G.edges[(i, t), ((i + 1) % N, t + 1)]["wrap"] for t in range(T) for i in range(N)
    ]


def test_a_long_decoded_vector_is_cut_with_an_ellipsis_and_its_overlays_stay_on_it():
    # classic ring N = 4 padded to K = 40: entries 5..40 are never sent, so every node is
    # wrong there — and ẑ's 40 entries would run past the figure's right edge (issue 20:
    # the ✗ marks went off the slide): the row keeps the first entries that fit, then "…"
    code, _ = classic_ring(4).resized(K=40)
    tr = simulate(code, random_inputs(code, 2))
    r = WalkthroughRenderer(new_figure())
    r.set_trace(tr)
    r.show_step(code.T)
    r.figure.canvas.draw()
    rows = [ln for ln in r.table_text().splitlines() if ln.startswith("node ")]
    assert len(rows) == 4 and all("…]" in ln and "✗" in ln for ln in rows)
    assert not [p for p in r.text_problems() if p.startswith("off the figure")]
    # every red overlay sits on a shown entry: inside the table, left of the "…"
    renderer = r.figure.canvas.get_renderer()
    right = r.figure.bbox.x1
    marks = r.table_overlays()
    assert marks and all(a.get_window_extent(renderer).x1 <= right for a in marks)


def test_received_values_keep_the_last_ones_that_fit():
    F = preset("paper-k2-t3").field
    vals = [F.parse(v) for v in (5, -12, 7, 300, 4)]
    assert last_values(F, vals, 99) == "5, -12, 7, 300, 4"
    assert last_values(F, vals, 16) == "…, 7, 300, 4"  # 12 characters; one more is 17
    assert last_values(F, vals, 2) == "…, 4"  # never fewer than one
    assert last_values(F, vals[:1], 0) == "5"


def test_inputs_keep_the_first_entries_that_fit():
    F = preset("paper-k2-t3").field
    vals = [F.parse(v) for v in (15, 12, 9, 6, 100)]
    assert fit_vec(F, vals, 99) == "[15, 12, 9, 6, 100]"
    assert fit_vec(F, vals, 16) == "[15, 12, 9, …]"  # 14 characters
    assert fit_vec(F, vals, 3) == "[…]"


def test_time_labels_thin_out_only_when_they_would_overlap():
    r = WalkthroughRenderer()
    r.set_trace(simulate(preset("paper-k2-t3")))
    assert [t.get_text() for t in r.graph_axes.get_xticklabels()] == ["0", "1", "2", "3"]
    code, _ = classic_ring(32).resized(T=128)
    r.set_trace(simulate(code))
    # a column is 444 pt / 129.2 ≈ 3.4 pt; "128" at 10 pt is ≈ 19 pt: every 10th step fits
    labels = [t.get_text() for t in r.graph_axes.get_xticklabels()]
    assert labels == [str(t) for t in range(0, 129, 10)]
