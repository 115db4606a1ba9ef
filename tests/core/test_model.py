"""Editing codes, bounds, G_T, presets and the reduce-multicast classifier."""

import networkx as nx
import pytest

from ringlab import (
    LinearCode,
    bounds,
    check,
    preset,
    reduce_multicast_shape,
    simulate,
    time_expanded_graph,
)
from ringlab.core.errors import EntryError, RinglabError


def test_resize_keeps_entries_that_fit_and_names_dropped():
    code = preset("paper-k2-t3")
    small, dropped = code.resized(T=2)
    assert small.T == 2 and small.node(0).M == ((0, 1), (1, 0))
    assert "node 0 M (row t = 2, column k = 1) = 1" in dropped
    assert "node 0 R (row k = 1, column t = 3) = -1" in dropped
    back, dropped2 = small.resized(T=3)
    assert back.node(0).M[2] == (0, 0) and dropped2 == []
    bigger, _ = code.resized(N=4, K=3)
    assert bigger.node(3).M == ((0, 0, 0),) * 3 and bigger.node(0).M[0] == (0, 1, 0)
    fewer, dropped3 = code.resized(N=2)
    assert "node 2 (all its matrices)" in dropped3
    with pytest.raises(RinglabError, match="out of the supported range"):
        code.resized(N=1)


def test_field_change_keeps_literals_or_explains():
    code = preset("paper-k2-t3")
    g7 = code.with_field("GF(7)")
    assert g7.node(0).R[0][2] == 6  # -1 in GF(7)
    assert check(g7).feasible
    half = code.with_entry(0, "M", 0, 0, "1/2")
    with pytest.raises(EntryError) as ei:
        half.with_field("GF(2)")
    assert "node 0 M (row t = 0, column k = 1) = 1/2" in str(ei.value) and "GF(2)" in str(ei.value)


def test_locked_lambda_entries_refused():
    with pytest.raises(EntryError, match="fixed at 0"):
        preset("paper-k1-t2").with_entry(0, "Lambda", 0, 1, "1")


def test_with_entry_names_the_cell():
    with pytest.raises(
        EntryError, match=r"node 1, R, row k = 1, column t = 2: 'q' is not a number"
    ):
        preset("paper-k1-t2").with_entry(1, "R", 0, 1, "q")


@pytest.mark.parametrize(
    "N,K,T,min_T,binding",
    [
        (3, 2, 3, 3, "Theorem 3"),
        (3, 4, 5, 6, "Theorem 3"),
        (4, 4, 6, 6, "Proposition 1"),
        (3, 1, 2, 2, "Theorem 3"),
        (5, 1, 3, 4, "Proposition 1"),
    ],
)
def test_bounds(N, K, T, min_T, binding):
    b = bounds(N, K, T)
    assert (b.min_T, b.binding, b.satisfied) == (min_T, binding, T >= min_T)


def test_classic_ring_rate_matches_paper():
    for N in range(2, 9):
        c = preset(f"classic-ring-n{N}")
        assert c.rate == bounds(N, N, c.T).classic_ring_rate == pytest.approx(N / (2 * (N - 1)))
        assert c.T == bounds(N, N, c.T).prop1_min_T  # Prop. 1 is met with equality


def test_time_expanded_graph_definition1():
    G = time_expanded_graph(3, 4)
    assert G.number_of_nodes() == 3 * 5
    kinds = nx.get_edge_attributes(G, "kind")
    assert sum(k == "transmission" for k in kinds.values()) == 3 * 4
    assert sum(k == "storage" for k in kinds.values()) == 3 * 4
    assert G.edges[(2, 1), (0, 2)]["wrap"] and not G.edges[(0, 1), (1, 2)]["wrap"]
    assert G.nodes[(1, 0)]["role"] == "source" and G.nodes[(1, 4)]["role"] == "destination"
    assert nx.is_directed_acyclic_graph(G)
    V = time_expanded_graph(3, 2, orientation="vertical")
    assert V.nodes[(2, 1)]["pos"] == (2, -1)


def test_classic_ring_sends_are_seed_004():
    """Seed 004, 4 cores: partials X_i·W_i; step 1 sends 15, 8, 4, 15; step 2 21, 17, 11, 7;
    step 3 16, 25, 18, 17; all-gather then circulates 30, 29, 22, 27."""
    partials = [[15, 12, 9, 6], [2, 8, 6, 4], [1, 3, 4, 2], [12, 6, 3, 15]]
    tr = simulate(preset("classic-ring-n4"), partials)
    vals = [[int(v.p) for v in row] for row in tr.sent_values]
    assert vals[0] == [15, 8, 4, 15]
    assert vals[1] == [21, 17, 11, 7]
    assert vals[2] == [16, 25, 18, 17]
    assert vals[3] == [29, 22, 27, 30]  # all-gather step 1: core i sends its owned chunk
    assert [int(v.p) for v in tr.true_sum] == [30, 29, 22, 27]
    assert all([int(v.p) for v in d] == [30, 29, 22, 27] for d in tr.decoded_values)


@pytest.mark.parametrize(
    "name,ok",
    [
        ("paper-k1-t2", True),
        ("paper-k3-t4", True),
        ("paper-k2-t3", False),
        ("classic-ring-n5", True),
        ("time-shared-k6", True),
        ("time-shared-k5", False),
    ],
)
def test_reduce_multicast_classifier(name, ok):
    assert reduce_multicast_shape(preset(name)).ok is ok


def test_classifier_catches_mixed_indices():
    # node 0 adds its symbol 2 to a received symbol carrying index 1
    code = preset("paper-k3-t4").with_entry(0, "M", 1, 2, "0").with_entry(0, "M", 1, 1, "1")
    rep = reduce_multicast_shape(code)
    assert not rep.ok and any("adds message index" in r for r in rep.reasons)


def test_time_sharing_reaches_theorem3():
    for K in range(1, 10):
        c = preset(f"time-shared-k{K}")
        assert c.T == bounds(3, K, c.T).theorem3_min_T and check(c).feasible


def test_zero_code_constructor_validates():
    with pytest.raises(RinglabError):
        LinearCode.zeros(3, 0, 3)
