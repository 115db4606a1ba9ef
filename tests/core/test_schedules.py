"""Ring, tree and coded traces on the seeds' worked matmul, number by number.

Every expected grid below is typed in from seeds 004 (ring) and 003 (tree); none is computed
by the code under test.
"""

from fractions import Fraction

import pytest

from ringlab import RinglabError, preset, simulate
from ringlab.core.schedules import (
    WorkedExample,
    coded_trace,
    default_example,
    parse_matrix,
    parse_vector,
    ring_trace,
    tree_trace,
)

# seed 004 / 003: "Core i: X_i * W_i = [...]"
SEED_PARTIALS = [[15, 12, 9, 6], [2, 8, 6, 4], [1, 3, 4, 2], [12, 6, 3, 15]]
SEED_TARGET = [30, 29, 22, 27]

# seed 004, reduce-scatter: (sends as (from, to, chunk, value), grid after, starred cells)
RING_RS = [
    (
        [(0, 1, 0, 15), (1, 2, 1, 8), (2, 3, 2, 4), (3, 0, 3, 15)],
        [[15, 12, 9, 21], [17, 8, 6, 4], [1, 11, 4, 2], [12, 6, 7, 15]],
        {(0, 3), (1, 0), (2, 1), (3, 2)},
    ),
    (
        [(0, 1, 3, 21), (1, 2, 0, 17), (2, 3, 1, 11), (3, 0, 2, 7)],
        [[15, 12, 16, 21], [17, 8, 6, 25], [18, 11, 4, 2], [12, 17, 7, 15]],
        {(0, 2), (1, 3), (2, 0), (3, 1)},
    ),
    (
        [(0, 1, 2, 16), (1, 2, 3, 25), (2, 3, 0, 18), (3, 0, 1, 17)],
        [[15, 29, 16, 21], [17, 8, 22, 25], [18, 11, 4, 27], [30, 17, 7, 15]],
        {(0, 1), (1, 2), (2, 3), (3, 0)},
    ),
]
_ = None  # the seed's "." — a slot not yet holding its final value
# seed 004, all-gather ("only the finished chunks shown, dots are slots not yet final")
RING_AG = [
    (
        [(3, 0, 0, 30), (0, 1, 1, 29), (1, 2, 2, 22), (2, 3, 3, 27)],
        [[30, 29, _, _], [_, 29, 22, _], [_, _, 22, 27], [30, _, _, 27]],
    ),
    (
        [(0, 1, 0, 30), (1, 2, 1, 29), (2, 3, 2, 22), (3, 0, 3, 27)],
        [[30, 29, _, 27], [30, 29, 22, _], [_, 29, 22, 27], [30, _, 22, 27]],
    ),
    ([(0, 1, 3, 27), (1, 2, 0, 30), (2, 3, 1, 29), (3, 0, 2, 22)], [[30, 29, 22, 27]] * 4),
]
# seed 004's all-gather starting state (reduce-scatter's last grid, the stale cells kept)
RS_LAST = RING_RS[-1][1]


def _sends(step):
    return sorted((s.src, s.dst, s.chunk, tuple(s.value)) for s in step.sends)


def _expected_sends(rows):
    return sorted((a, b, c, (Fraction(v),)) for a, b, c, v in rows)


def test_worked_example_is_the_seeds():
    ex = default_example(4)
    assert [list(p) for p in ex.partials] == SEED_PARTIALS
    assert list(ex.target) == SEED_TARGET


def test_ring_reduce_scatter_every_grid_of_seed_004():
    tr = ring_trace(default_example(4))
    assert tr.T == 6 and tr.n_chunks == 4 and tr.chunk_size == 1 and tr.padding == 0
    assert [list(r) for r in tr.initial] == SEED_PARTIALS
    for t, (sends, grid, starred) in enumerate(RING_RS):
        step = tr.steps[t]
        assert step.phase == "reduce-scatter"
        assert _sends(step) == _expected_sends(sends), f"step {t + 1}"
        assert [list(r) for r in step.state] == grid, f"grid after step {t + 1}"
        assert set(step.changed) == starred
    # "Core 3 owns chunk0 = 30, Core 0 chunk1 = 29, Core 1 chunk2 = 22, Core 2 chunk3 = 27"
    fin = tr.steps[2].final
    assert {(i, c) for i in range(4) for c in range(4) if fin[i][c]} == {
        (3, 0),
        (0, 1),
        (1, 2),
        (2, 3),
    }


def test_ring_all_gather_every_grid_of_seed_004():
    tr = ring_trace(default_example(4))
    stale = [row[:] for row in RS_LAST]
    for k, (sends, grid) in enumerate(RING_AG):
        step = tr.steps[3 + k]
        assert step.phase == "all-gather"
        assert _sends(step) == _expected_sends(sends), f"all-gather step {k + 1}"
        for i in range(4):
            for c in range(4):
                if grid[i][c] is None:
                    # a dot: not final, and the buffer still holds the stale partial
                    assert not step.final[i][c], (k, i, c)
                    assert step.state[i][c] == stale[i][c], (k, i, c)
                else:
                    assert step.final[i][c], (k, i, c)
                    assert step.state[i][c] == grid[i][c], (k, i, c)
        assert set(step.changed) == {(b, c) for _, b, c, _ in sends}
    assert tr.complete


# seed 003: sends (from, to, whole vector) and the printed state after each level
TREE = [
    (
        "reduce-up",
        [(1, 0, [2, 8, 6, 4]), (3, 2, [12, 6, 3, 15])],
        {0: [17, 20, 15, 10], 2: [13, 9, 7, 17]},
    ),
    ("reduce-up", [(2, 0, [13, 9, 7, 17])], {0: [30, 29, 22, 27]}),
    ("broadcast-down", [(0, 2, [30, 29, 22, 27])], {0: [30, 29, 22, 27], 2: [30, 29, 22, 27]}),
    (
        "broadcast-down",
        [(0, 1, [30, 29, 22, 27]), (2, 3, [30, 29, 22, 27])],
        {i: [30, 29, 22, 27] for i in range(4)},
    ),
]


def test_tree_every_state_of_seed_003():
    tr = tree_trace(default_example(4))
    assert tr.T == 4
    for t, (phase, sends, printed) in enumerate(TREE):
        step = tr.steps[t]
        assert step.phase == phase
        assert sorted((s.src, s.dst, s.chunk, list(s.value)) for s in step.sends) == sorted(
            (a, b, None, v) for a, b, v in sends
        )
        for i, row in printed.items():
            assert list(step.state[i]) == row, f"level {t + 1}, core {i}"
        assert {i for i, _ in step.changed} == {b for _, b, _ in sends}
    # cores 1 and 3 are "(done, idle)" after level 1: their buffers keep the partials
    assert list(tr.steps[1].state[1]) == [2, 8, 6, 4]
    assert list(tr.steps[2].state[3]) == [12, 6, 3, 15]
    assert tr.complete


@pytest.mark.parametrize("N", [2, 3, 5, 6, 7, 8, 9])
def test_tree_rule_for_any_N(N):
    tr = tree_trace(default_example(N))
    levels = (N - 1).bit_length()
    assert tr.T == 2 * levels
    assert sum(len(s.sends) for s in tr.steps) == 2 * (N - 1)  # each non-root: once up, once down
    assert tr.complete
    if N & (N - 1):
        assert "not a power of two" in tr.notes[0]


@pytest.mark.parametrize("N,d", [(3, 3), (5, 7), (6, 2), (4, 9)])
def test_ring_any_N_and_padding(N, d):
    X = [i + 1 for i in range(N)]
    W = [[(i * d + c) % 5 - 2 for c in range(d)] for i in range(N)]
    ex = WorkedExample(X, W)
    tr = ring_trace(ex)
    L = -(-d // N)
    assert tr.chunk_size == L and tr.padding == N * L - d
    assert bool(tr.notes) == bool(tr.padding)
    assert tr.complete
    want = [sum(X[i] * W[i][c] for i in range(N)) for c in range(d)]
    assert [list(r[:d]) for r in tr.state_at(tr.T)] == [want] * N


def test_coded_classic_ring_reproduces_the_ring_trace():
    ex = default_example(4)
    ring, coded = ring_trace(ex), coded_trace(ex, preset("classic-ring-n4"))
    assert coded.T == ring.T == 6
    for t in range(6):
        assert [(s.src, s.dst, s.chunk, s.value) for s in coded.steps[t].sends] == [
            (s.src, s.dst, s.chunk, s.value) for s in ring.steps[t].sends
        ], f"step {t + 1}"
    # the seed's numbers directly, too
    assert [s.value[0] for s in coded.steps[0].sends] == [15, 8, 4, 15]
    assert [s.value[0] for s in coded.steps[1].sends] == [21, 17, 11, 7]
    assert coded.complete


def test_coded_grid_is_the_running_decode():
    """During all-gather the classic ring's partial decode is exactly seed 004's dot grids."""
    coded = coded_trace(default_example(4), preset("classic-ring-n4"))
    for k, (_, grid) in enumerate(RING_AG):
        step = coded.steps[3 + k]
        for i in range(4):
            for c in range(4):
                assert step.final[i][c] == (grid[i][c] is not None)
                if grid[i][c] is not None:
                    assert step.state[i][c] == grid[i][c]
    # before anything arrived, core 0 knows only its own share of chunk 1 (T_0 x_0)
    assert coded.initial_detail[0] == ("0", "x₀,₂", "0", "0")
    assert list(coded.initial[0]) == [0, 12, 0, 0]


def test_coded_matches_simulate_position_by_position():
    """Second computation: simulate() with numeric inputs, one chunk position at a time."""
    ex = WorkedExample([1, 2, Fraction(1, 2)], [[3, 1, 4], [1, 5, 9], [2, 6, 5]])
    code = preset("paper-k2-t3")
    tr = coded_trace(ex, code)
    assert tr.padding == 1 and "padded" in tr.notes[0]
    P = [list(p) + [0] for p in ex.partials]
    for pos in range(2):
        inputs = [[str(P[j][k * 2 + pos]) for k in range(2)] for j in range(3)]
        sim = simulate(code, inputs)
        for t in range(code.T):
            got = {s.src: s.value[pos] for s in tr.steps[t].sends}
            for i in range(3):
                v = sim.sent_values[t][i]
                assert got.get(i, 0) == Fraction(int(v.p), int(v.q))
    assert tr.complete
    assert list(tr.state_at(tr.T)[0][:3]) == list(ex.target)


def test_coded_over_gf7_reads_the_partials_mod_7():
    tr = coded_trace(default_example(4), preset("classic-ring-n4", "GF(7)"))
    assert [s.value[0] for s in tr.steps[0].sends] == [15 % 7, 8 % 7, 4 % 7, 15 % 7]
    assert list(tr.state_at(6)[2]) == [30 % 7, 29 % 7, 22 % 7, 27 % 7]
    assert any("GF(7)" in n for n in tr.notes)


def test_errors_name_the_place():
    with pytest.raises(
        RinglabError, match=r"X, entry 1 \(core 1's, the 2nd number\): 'a' is not a number"
    ):
        parse_vector("3 a 1")
    with pytest.raises(RinglabError, match=r"W, row 1: 2 entries, but row 0 has 3"):
        parse_matrix("1 2 3\n4 5")
    with pytest.raises(RinglabError, match=r"W: 3 rows, but X has 4 entries"):
        WorkedExample.parse("1 2 3 4", "1\n2\n3")
    with pytest.raises(RinglabError, match=r"code is for N = 3 cores but X and W have N = 4"):
        coded_trace(default_example(4), preset("paper-k2-t3"))
    with pytest.raises(RinglabError, match=r"divides by zero"):
        parse_vector("1/0")
    assert parse_matrix("[[1, 2], [3, 4]]") == ((1, 2), (3, 4))
    assert parse_vector("[3, 2, 1/2, 0.25]") == (3, 2, Fraction(1, 2), Fraction(1, 4))


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st


@st.composite
def examples(draw):
    N = draw(st.integers(2, 6))
    d = draw(st.integers(1, 7))
    num = st.integers(-9, 9)
    X = draw(st.lists(num, min_size=N, max_size=N))
    W = draw(st.lists(st.lists(num, min_size=d, max_size=d), min_size=N, max_size=N))
    return WorkedExample(X, W)


@settings(max_examples=40, deadline=None)
@given(examples())
def test_property_all_three_end_with_the_matmul(ex):
    """Any N and d: ring and tree end with X @ W everywhere, and the classic-ring code sends
    exactly what the ring sends on every step (the paper's point, beyond the seed's N = 4)."""
    want = [sum(ex.X[i] * ex.W[i][c] for i in range(ex.N)) for c in range(ex.d)]
    ring, tree = ring_trace(ex), tree_trace(ex)
    coded = coded_trace(ex, preset(f"classic-ring-n{ex.N}"))
    for tr in (ring, tree, coded):
        assert [list(r[: ex.d]) for r in tr.state_at(tr.T)] == [want] * ex.N
        assert all(all(r) for r in tr.final_at(tr.T))
    for t in range(ring.T):
        assert [(s.src, s.dst, s.chunk, s.value) for s in coded.steps[t].sends] == [
            (s.src, s.dst, s.chunk, s.value) for s in ring.steps[t].sends
        ]
