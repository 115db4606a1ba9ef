"""Source 002 on a mesh: the Fig. 1 and Fig. 3 transfers as the source states them, every XOR
decoded on real bytes, hop totals against sums computed here from coordinates, the sweep."""

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ringlab.core.errors import RinglabError
from ringlab.core.mesh import (
    BASES,
    INTERMEDIATES,
    RECEIVERS,
    TILINGS,
    TREES,
    Mesh,
    all_at_once,
    coded,
    group_sizes,
    run,
    sweep,
    tree,
)
from ringlab.core.mesh.examples import fig1_coded, fig1_unicast, fig3
from ringlab.core.mesh.trees import line_rounds


def transfers(schedule, step_name):
    """{(from, to, payload)} of one step, in the schedule's own names."""
    st_ = next(s for s in schedule.steps if s.name == step_name)
    return {
        (schedule.node_name(s), schedule.node_name(d), schedule.label(k))
        for s, d, k in st_.transfers()
    }


# -- Fig. 1: 3×2 mesh, S1 S2 → D1 D2 -------------------------------------------------------
def test_fig1_unicast_has_the_two_shared_links():
    s = fig1_unicast()
    assert transfers(s, "1") == {
        ("S1", "D1", "A"),
        ("S1", "D2", "A"),
        ("S2", "D1", "B"),
        ("S2", "D2", "B"),
    }
    load = s.steps[0].link_load(s.mesh)
    shared = {(s.node_name(u), s.node_name(w)) for (u, w), c in load.items() if c > 1}
    assert shared == {("S1", "D1"), ("S2", "D2")}  # "the two shared links"
    assert s.hops == 1 + 3 + 3 + 1
    r = run(s)
    assert all(r.has(v, j) for v in (3, 5) for j in (0, 2))


def test_fig1_coded_sends_a_xor_b_once_and_both_destinations_decode():
    s = fig1_coded()
    assert transfers(s, "2") == {("IS", "ID", "A⊕B")}
    assert transfers(s, "3") == {("ID", "D1", "A⊕B"), ("ID", "D2", "A⊕B")}
    uses = sum(
        (st_.link_load(s.mesh) for st_ in s.steps), start=__import__("collections").Counter()
    )
    assert uses[(1, 4)] == 1 and max(uses.values()) == 1  # IS→ID once, no link shared
    r = run(s)
    assert [op.text(s.node_name, s.block_names) for _, op, _ in r.decodes] == [
        "D1: B = (A⊕B) ⊕ (A)",
        "D2: A = (A⊕B) ⊕ (B)",
    ]  # A = (A⊕B)⊕B, B = (A⊕B)⊕A
    assert r.decodes_ok and all(r.has(v, j) for v in (3, 5) for j in (0, 2))


def test_fig1_mesh_is_the_butterfly():
    m = Mesh((3, 2))
    edges = {frozenset((m.index(a), m.index(b))) for a, b in m.graph.edges}
    S1, IS, S2, D1, ID, D2 = range(6)
    assert edges == {
        frozenset(e) for e in [(S1, IS), (S2, IS), (S1, D1), (S2, D2), (IS, ID), (ID, D1), (ID, D2)]
    }


# -- Fig. 3: 2-ary 2-mesh, nodes 1 2 / 3 4 -------------------------------------------------
def test_fig3_every_transfer_is_the_sources():
    s = fig3()
    n = lambda v: f"node {v}"
    # (b) "d1 and d2 are exchanged between two nodes in the shaded group, d3 and d4 in the other"
    assert transfers(s, "B") == {
        (n(1), n(2), "d1"),
        (n(2), n(1), "d2"),
        (n(3), n(4), "d3"),
        (n(4), n(3), "d4"),
    }
    # (d) "(d1⊕d2) and (d3⊕d4) are exchanged between the shaded and the non-shaded groups";
    # the source does not say which node is intermediate: ours are nodes 1 and 3 (default)
    assert transfers(s, "D") == {(n(1), n(3), "d1⊕d2"), (n(3), n(1), "d3⊕d4")}
    # (e) "(d1⊕d2) is sent to the other nodes in the non-shaded group, (d3⊕d4) in the shaded"
    assert transfers(s, "E") == {(n(3), n(4), "d1⊕d2"), (n(1), n(2), "d3⊕d4")}
    # (f) "node 1 sends d1 to node 3 while node 3 sends d3 to node 1. Similarly, d2 is sent
    # from node 2 to node 4 and d4 is sent from node 4 to node 2."
    assert transfers(s, "F") == {
        (n(1), n(3), "d1"),
        (n(3), n(1), "d3"),
        (n(2), n(4), "d2"),
        (n(4), n(2), "d4"),
    }
    assert [op.text() for op in s.steps[2].ops] == [
        "node 1: d1⊕d2 = (d1) ⊕ (d2)",
        "node 3: d3⊕d4 = (d3) ⊕ (d4)",
    ]
    assert [st_.name for st_ in s.steps] == list("ABCDEFG")
    assert s.hops == 4 + 2 + 2 + 4 and s.rounds == 4  # "four communication steps"


def test_fig3_every_decode_restores_the_original_block():
    s = fig3()
    blocks = [bytes([i] * 4) + b"blk" for i in (0x11, 0x2A, 0xC3, 0x5F)]
    r = run(s, blocks)
    got = {op.node + 1: (op.out[1] + 1, ok) for _, op, ok in r.decodes}
    assert got == {1: (4, True), 2: (3, True), 3: (2, True), 4: (1, True)}
    # node 1 restores d4 = (d3⊕d4)⊕d3, checked byte by byte here too
    x = bytes(a ^ b for a, b in zip(blocks[2], blocks[3]))
    assert bytes(a ^ b for a, b in zip(x, blocks[2])) == r.held[0][("d", 3)] == blocks[3]
    assert r.complete


# -- hop totals against sums computed here -------------------------------------------------
def direct_all_to_all_hops(k, n, torus):
    total = 0
    pts = list(product(range(k), repeat=n))
    for a in pts:
        for b in pts:
            total += sum(
                min(abs(x - y), k - abs(x - y)) if torus else abs(x - y) for x, y in zip(a, b)
            )
    return total


@pytest.mark.parametrize(
    "k,n,torus",
    [
        (2, 2, False),
        (3, 2, False),
        (4, 2, False),
        (5, 2, True),
        (6, 2, True),
        (4, 3, False),
        (3, 3, True),
        (7, 1, False),
        (8, 1, True),
        (10, 2, False),
    ],
)
def test_all_at_once_hops_are_the_sum_of_manhattan_distances(k, n, torus):
    assert all_at_once(Mesh.kary(k, n, torus)).hops == direct_all_to_all_hops(k, n, torus)


def test_all_at_once_k32_closed_form():
    # Σ over ordered pairs of |Δx| + |Δy| = 2 · k² · k(k²−1)/3
    k = 32
    assert all_at_once(Mesh.kary(k)).hops == 2 * k * k * k * (k * k - 1) // 3 == 22_347_776


def test_halving_tree_at_k32_is_the_sources_2_7_million():
    # every round r of a line of 32 sends 2^r unicasts of 32/2^(r+1) hops: 5·16 = 80 per line;
    # dimension 0 once, then dimension 1 in all 32 columns: 80·33 per source, 1024 sources
    assert tree(Mesh.kary(32)).hops == 80 * 33 * 1024 == 2_703_360  # Fig. 2: "2.7 millions"


def test_coded_k4_group4_by_hand():
    # 2×2 groups, intermediates at the four central nodes (Fig. 7: longest path 2 between them)
    # (b) 4 tiles × 4 nodes × (1+1+2)            = 64
    # (d) 3 coded packets × Σ over the 2×2 centre block (4 × 4) = 48
    # (e) 9 packets × (1+1+2) per group × 4 groups = 144
    # (f) 4 blocks × Σ tile offsets (4 tiles × (2+2+4)) = 128
    s = coded(Mesh.kary(4), 4)
    assert [s.steps[i].hops(s.mesh) for i in range(7)] == [0, 64, 0, 48, 144, 128, 0]
    assert sorted(s.grouping.inter.tolist()) == [5, 6, 9, 10]
    assert s.hops == 384


def test_sweep_minimum_at_k4_is_group_4():
    points = sweep(Mesh.kary(4))
    assert [M for M, _ in points] == [2, 4, 8]
    assert min(points, key=lambda p: p[1])[0] == 4
    h = dict(points)
    assert h[2] > h[4] < h[8]  # the U


def test_sweep_at_k16_tree_base_unicast_measure_has_the_sources_best_group_32():
    # Fig. 6: best group 32 in a 16-ary 2-mesh — only with base="tree", measure="unicast"
    points = sweep(Mesh.kary(16), measure="unicast", base="tree")
    assert min(points, key=lambda p: p[1])[0] == 32
    assert max(points, key=lambda p: p[1])[0] == 2  # "the largest … 2M × 128G"


def test_every_coded_packet_is_one_block_so_packets_meet_the_lower_bound():
    for k, torus in ((4, False), (6, True), (8, False)):
        m = Mesh.kary(k, 2, torus)
        for M in group_sizes(m):
            s = coded(m, M)
            assert s.packets == m.N * (m.N - 1)  # each node receives N−1 blocks' worth
            assert s.hops >= m.N * (m.N - 1)


# -- trees, routes -------------------------------------------------------------------------
@pytest.mark.parametrize("shape", TREES)
def test_line_trees_reach_every_node_once_in_ceil_log2_rounds(shape):
    for e in range(1, 34):
        for p in range(e):
            rounds = line_rounds(e, p, shape)
            assert len(rounds) == (e - 1).bit_length()
            have = {p}
            for pairs in rounds:
                assert all(a in have and b not in have for a, b in pairs)
                have |= {b for _, b in pairs}
            assert have == set(range(e))


def test_routes_follow_links_dimension_by_dimension():
    for m in (Mesh.kary(5, 2), Mesh.kary(4, 2, True), Mesh.kary(3, 3, True)):
        for s in range(m.N):
            for d in range(m.N):
                path = [m.coord(v) for v in m.route(s, d)]
                assert all(m.graph.has_edge(a, b) for a, b in zip(path, path[1:]))
                assert len(path) - 1 == m.distances[s, d]
                changed = [
                    next(i for i in range(m.n) if a[i] != b[i]) for a, b in zip(path, path[1:])
                ]
                assert changed == sorted(changed)  # dimension order


def test_bad_inputs_say_what_was_expected():
    with pytest.raises(RinglabError, match=r"group 3: the 4-ary 2-mesh cannot be cut .* 1, 2, 4"):
        coded(Mesh.kary(4), 3)
    with pytest.raises(RinglabError, match=r"k = 1: expected an integer ≥ 2"):
        Mesh.kary(1)
    with pytest.raises(RinglabError, match=r"1089 nodes; at most 1024"):
        Mesh.kary(33)
    with pytest.raises(RinglabError, match=r"base 'x': expected one of all-at-once, tree"):
        coded(Mesh.kary(4), 4, base="x")
    with pytest.raises(RinglabError, match=r"intermediate 'x'"):
        coded(Mesh.kary(4), 4, intermediate="x")
    with pytest.raises(RinglabError, match=r"measure 'x'"):
        coded(Mesh.kary(4), 4).total("x")


# -- every node ends with every block, whatever the mesh and options ------------------------
@st.composite
def configs(draw):
    n = draw(st.integers(1, 3))
    k = draw(st.integers(2, {1: 12, 2: 6, 3: 3}[n]))
    m = Mesh.kary(k, n, draw(st.booleans()))
    return (
        m,
        draw(st.sampled_from(group_sizes(m))),
        dict(
            base=draw(st.sampled_from(BASES)),
            tree=draw(st.sampled_from(TREES)),
            intermediate=draw(st.sampled_from(INTERMEDIATES)),
            receiver=draw(st.sampled_from(RECEIVERS)),
            tiling=draw(st.sampled_from(TILINGS)),
        ),
    )


@settings(max_examples=60, deadline=None)
@given(configs(), st.integers(0, 2**16))
def test_every_node_ends_with_every_block(cfg, seed):
    from ringlab.core.mesh import random_blocks

    m, M, opts = cfg
    blocks = random_blocks(m.N, 5, seed)
    for s in (all_at_once(m, True), tree(m, opts["tree"], True), coded(m, M, detail=True, **opts)):
        r = run(s, blocks)
        assert r.complete, (s.name, r.missing()[:5])
        assert s.packets == m.N * (m.N - 1)
    c = coded(m, M, detail=False, **opts)
    assert c.hops == s.hops  # counts-only build, same total
