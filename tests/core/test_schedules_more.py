"""Beyond ring and tree (issue 23): the schedules libraries run, traced on the worked matmul,
and their two cost models — each checked against something written here, not by the code under
test: the sum of the partials added up in the test, the papers' formulas typed in, and every
message's path walked around the ring by hand.
"""

import doctest
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ringlab import RinglabError
from ringlab.core.schedules import (
    WorkedExample,
    algorithms,
    alpha_beta_time,
    closed_form_time,
    default_example,
    known_schedules,
    models,
    ring_model,
    ring_trace,
    schedule_crossovers,
    schedule_plan,
    schedule_rows,
    schedule_trace,
    trace_plan,
    tree_trace,
)
from ringlab.core.schedules.algorithms import nccl_trees, swing_peer, swing_rho
from tests._sweep import first_of_each

NAMES = [n for n in known_schedules() if n != "nccl-ring"]
NS = range(2, 33)


def _pow(N, b):
    k = 1
    while k < N:
        k *= b
    return k == N


def n_kind(N):
    """What shapes a schedule at N: its binary length (the tree's depth, the halving steps), a
    power of two or of three (the forms that need one), its parity (a fold or not)."""
    return N.bit_length(), _pow(N, 2), _pow(N, 3), N % 2


# the N sweeps keep in the inner loop the first N of each kind (2, 3, 4, 5, 6, 8, 9, 10, 11,
# 16, 17, 18, 27, 32: 14 of 31), every N in the full suite
N_SWEEP = first_of_each([(N,) for N in NS], [str(N) for N in NS], n_kind)


# which N each schedule refuses, from its authors' form (written here, not imported)
REFUSES = {
    "swing": lambda N: not _pow(N, 2),
    "bruck": lambda N: not _pow(N, 3),
    "trivance": lambda N: not _pow(N, 3),
    "trivance-bw": lambda N: not _pow(N, 3),
}


def refused(name, N):
    return REFUSES.get(name, lambda N: False)(N)


@cache
def traced(name, N):
    return schedule_trace(name, default_example(N))


def the_sum(ex: WorkedExample):
    """Σ_i X_i·W_i entry by entry, from X and W themselves."""
    return [
        sum((Fraction(ex.X[i]) * Fraction(ex.W[i][c]) for i in range(ex.N)), Fraction(0))
        for c in range(len(ex.W[0]))
    ]


# -- every schedule ends with the sum on every node --------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_schedule_ends_with_the_sum_on_every_node_or_says_why_not(name):
    for N in NS:
        ex = default_example(N)
        if refused(name, N):
            with pytest.raises(RinglabError) as e:
                schedule_trace(name, ex)
            assert f"N = {N}" in str(e.value) and name in str(e.value)
            assert "power of" in str(e.value)  # the reason, not just "no"
            continue
        tr = schedule_trace(name, ex)
        want = the_sum(ex)
        last = tr.state_at(tr.T)
        for i in range(N):
            assert list(last[i][: ex.d]) == want, (name, N, i)
            assert all(v == 0 for v in last[i][ex.d :])  # padding stays zero
        assert all(all(row) for row in tr.final_at(tr.T)), (name, N)
        assert tr.complete


@pytest.mark.parametrize("name", NAMES)
def test_a_cell_is_final_exactly_when_it_holds_every_partial(name):
    """Final is decided from which partials went in; with distinct random-looking partials a
    final cell must hold the sum and a non-final one written by a reduction must not."""
    N = 9 if name in ("bruck", "trivance", "trivance-bw") else 8
    X = [Fraction(3**i + 1, 2**i) for i in range(N)]
    W = [[Fraction((5 * i + 3 * c) % 11 + 1) for c in range(5)] for i in range(N)]
    ex = WorkedExample(X, W)
    tr = schedule_trace(name, ex)
    want = the_sum(ex) + [0] * (tr.n_chunks * tr.chunk_size - ex.d)
    for k in range(1, tr.T + 1):
        state, final = tr.state_at(k), tr.final_at(k)
        for i in range(N):
            for c in range(tr.n_chunks):
                cell = list(tr.cell(state[i], c))
                if final[i][c]:
                    assert cell == want[c * tr.chunk_size : (c + 1) * tr.chunk_size]


def test_the_trace_sends_exactly_the_plans_messages():
    for name in NAMES:
        for N in (3, 5, 8, 9):
            if refused(name, N):
                continue
            plan, tr = schedule_plan(name, N), traced(name, N)
            assert tr.T == plan.T
            for ps, st_ in zip(plan.steps, tr.steps):
                assert [(m.src, m.dst) for m in ps.messages] == [(s.src, s.dst) for s in st_.sends]
                assert ps.phase == st_.phase


@pytest.mark.parametrize("N", N_SWEEP)
def test_ring_and_tree_as_plans_trace_as_the_seeds_traces(N):
    ex = default_example(N)
    for plan, ref in (
        (schedule_plan("ring", N), ring_trace(ex)),
        (schedule_plan("tree", N), tree_trace(ex)),
    ):
        tr = trace_plan(plan, ex)
        assert [s.state for s in tr.steps] == [s.state for s in ref.steps]
        assert [s.final for s in tr.steps] == [s.final for s in ref.steps]
        assert [sorted(s.changed) for s in tr.steps] == [sorted(s.changed) for s in ref.steps]
        assert [[(x.src, x.dst, x.value) for x in s.sends] for s in tr.steps] == [
            [(x.src, x.dst, x.value) for x in s.sends] for s in ref.steps
        ]


def test_nccl_ring_is_the_ring():
    assert schedule_trace("nccl-ring", default_example(5)) == ring_trace(default_example(5))


def test_unknown_names_are_refused_with_the_known_ones():
    with pytest.raises(RinglabError, match="unknown schedule 'butterfly'; known: ring, tree"):
        schedule_plan("butterfly", 4)
    with pytest.raises(RinglabError, match="2..32"):
        schedule_plan("ring", 33)


def test_a_plan_that_would_count_a_partial_twice_is_refused_while_tracing():
    good = schedule_plan("recursive-doubling", 4)
    twice = algorithms.Plan("twice", 4, 1, good.steps + good.steps[:1], "", "", 1)
    with pytest.raises(RinglabError, match="twice"):
        trace_plan(twice, default_example(4))


# -- the algorithms' own structure, as their sources state it ------------------------------------


def test_step_counts_follow_the_sources():
    for N in NS:
        p = 1 << (N.bit_length() - 1)
        lg = p.bit_length() - 1
        extra = 0 if p == N else 2
        L3 = next(L for L in range(6) if 3**L >= N)
        assert traced("recursive-doubling", N).T == lg + extra
        assert traced("rabenseifner", N).T == 2 * lg + extra
        assert traced("nccl-tree", N).T == 2 * (N - 1).bit_length()
        assert traced("bruck-bw", N).T == 2 * L3
        if not refused("swing", N):
            assert traced("swing", N).T == 2 * lg
        if not refused("bruck", N):
            assert traced("bruck", N).T == traced("trivance", N).T == L3
            assert traced("trivance-bw", N).T == 2 * L3


def test_mpich_fold_pairs_and_first_halving_step():
    # MPICH: cores 2i (i < r) send to 2i+1 first; new ranks 0..p'-1 are cores 1, 3, …, then i + r
    plan = schedule_plan("rabenseifner", 6)  # p' = 4, r = 2
    fold, first = plan.steps[0], plan.steps[1]
    assert fold.phase == "fold" and [(m.src, m.dst, m.add) for m in fold.messages] == [
        (0, 1, True),
        (2, 3, True),
    ]
    assert all(m.blocks == (0, 1, 2, 3) for m in fold.messages)
    # mask 1: new ranks 0,1 = cores 1,3; new ranks 2,3 = cores 4,5; the lower keeps the lower half
    assert [(m.src, m.dst, m.blocks) for m in first.messages] == [
        (1, 3, (2, 3)),
        (3, 1, (0, 1)),
        (4, 5, (2, 3)),
        (5, 4, (0, 1)),
    ]
    last = plan.steps[-1]
    assert last.phase == "unfold" and [(m.src, m.dst, m.add) for m in last.messages] == [
        (1, 0, False),
        (3, 2, False),
    ]


def test_swing_peers_are_the_papers():
    assert [swing_rho(s) for s in range(6)] == [1, -1, 3, -5, 11, -21]
    for N in (4, 8, 16, 32):
        for s in range(N.bit_length() - 1):
            for r in range(N):
                q = swing_peer(r, s, N)
                assert swing_peer(q, s, N) == r and q != r  # a perfect matching
    # step 0 of Swing's reduce-scatter on 8 nodes: 0 sends 1 the blocks of 1 and of the nodes
    # 1 reaches later: π(1,1) = 2, π(1,2) = 6, π(2,2) = 5
    m = schedule_plan("swing", 8).steps[0].messages
    assert next(x.blocks for x in m if x.src == 0) == (1, 2, 5, 6)


def test_nccl_trees_are_the_pictures_in_trees_cc():
    t0, _ = nccl_trees(14)
    kids = {r: sorted(t0[r][1]) for r in range(14)}
    assert t0[0] == (-1, [8])
    assert kids[8] == [4, 12] and kids[4] == [2, 6] and kids[12] == [10, 13]
    assert kids[2] == [1, 3] and kids[6] == [5, 7] and kids[10] == [9, 11]
    _, mirror = nccl_trees(12)  # even: mirrored, root 11
    assert mirror[11] == (-1, [3]) and sorted(mirror[3][1]) == [1, 7]
    assert sorted(mirror[7][1]) == [5, 9] and sorted(mirror[1][1]) == [0, 2]
    _, shift = nccl_trees(13)  # odd: shifted by one, root 1
    assert shift[1] == (-1, [9]) and sorted(shift[9][1]) == [0, 5]
    assert sorted(shift[5][1]) == [3, 7] and sorted(shift[0][1]) == [11]


def test_bruck_and_trivance_windows():
    # after step s a Bruck core holds 3^(s+1) partials ending at itself, a Trivance core the
    # 3^(s+1) centred on itself (N = 27, core 13, step 1: 9 partials)
    ex = default_example(27)
    b, t = traced("bruck", 27), traced("trivance", 27)
    P = ex.partials
    win = lambda idx: [sum((P[j % 27][c] for j in idx), Fraction(0)) for c in range(27)]  # noqa: E731
    assert list(b.steps[1].state[13]) == win(range(13 - 8, 14))
    assert list(t.steps[1].state[13]) == win(range(13 - 4, 13 + 5))


# -- model (a): the trace's own cost is the papers' closed form ------------------------------------


def formula(name, N, S, a, B):
    """The closed forms, typed in from the sources (Thakur et al. 2005, MPICH's comments,
    the Swing, Bruck and Trivance papers, NCCL's tree without pipelining)."""
    b = 1 / B
    p = 1 << (N.bit_length() - 1)
    lg = p.bit_length() - 1
    fold = 0 if p == N else 1
    L3 = next(L for L in range(6) if 3**L >= N)
    lg2 = (N - 1).bit_length()
    c = 3 ** (L3 - 1)
    return {
        "ring": 2 * (N - 1) * (a + S * b / N),
        "tree": 2 * lg2 * (a + S * b),
        "recursive-doubling": (lg + 2 * fold) * (a + S * b),
        "rabenseifner": (2 * lg + 2 * fold) * a + (2 * Fraction(p - 1, p) + 2 * fold) * S * b,
        "swing": 2 * lg * a + 2 * Fraction(N - 1, N) * S * b,
        "bruck": L3 * (a + S * b),
        "trivance": L3 * (a + S * b),
        "trivance-bw": 2 * L3 * a + Fraction(N - 1, N) * S * b,
        "bruck-bw": 2 * L3 * a + (c - 1 + 2 * min(c, N - c)) * S * b / N,
        "nccl-tree": 2 * lg2 * (a + S * b / 2),
        # pipelined, 8 chunks a tree: 8 − 1 steps more than unpipelined, each S/16
        "nccl-tree-pipelined": (8 + 2 * lg2 - 1) * (a + S * b / 16),
    }[name]


positive = st.fractions(min_value=Fraction(1, 10**9), max_value=10**9)


@pytest.mark.parametrize("N", N_SWEEP)
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=8, deadline=None)
@given(S=positive, a=st.fractions(min_value=0, max_value=1), B=positive)
def test_trace_derived_alpha_beta_equals_the_closed_form(name, N, S, a, B):
    if refused(name, N):
        with pytest.raises(RinglabError, match=f"N = {N}"):
            closed_form_time(name, N, S, a, B)
        return
    t = alpha_beta_time(traced(name, N), S, a, B)
    assert t == formula(name, N, S, a, B) == closed_form_time(name, N, S, a, B)


def test_the_ring_costs_what_compare_always_said():
    from ringlab.core.schedules import ring_time, tree_time

    for N in (2, 4, 8, 32):
        for S, a, B in ((10**6, Fraction(5, 10**5), 10**9), (1, 0, 1)):
            assert alpha_beta_time(traced("ring", N), S, a, B) == ring_time(N, S, a, B)
            assert alpha_beta_time(traced("tree", N), S, a, B) == tree_time(N, S, a, B)


# -- model (b): walk every message around the ring by hand ----------------------------------------


def walk(N, src, dst, ties="clockwise"):
    """The directed links from src to dst the short way round (on a tie clockwise, or with
    ties split clockwise from an even core and counter-clockwise from an odd one)."""
    cw = (dst - src) % N
    ccw = (src - dst) % N
    links, here = [], src
    if cw < ccw or (cw == ccw and (ties == "clockwise" or src % 2 == 0)):
        for _ in range(cw):
            links.append((here, 1))
            here = (here + 1) % N
    else:
        for _ in range(ccw):
            links.append((here, -1))
            here = (here - 1) % N
    assert here == dst
    return links


@pytest.mark.parametrize("ties", ["clockwise", "split"])
@pytest.mark.parametrize("name", NAMES)
def test_ring_loads_equal_a_hop_count_by_hand(name, ties):
    S = Fraction(10**6)
    for N in (2, 3, 5, 8, 9, 12, 16, 27, 32):
        if refused(name, N):
            continue
        tr = traced(name, N)
        m = ring_model(tr, S, ties=ties)
        total, slots = {}, 0
        for k, step in enumerate(tr.steps):
            count = {}
            for s in step.sends:
                size = S * len(s.value) / (tr.n_chunks * tr.chunk_size)
                for link in walk(N, s.src, s.dst, ties):
                    count[link] = count.get(link, 0) + 1
                    total[link] = total.get(link, 0) + size
            assert m.link_messages[k] == count, (name, N, k)
            assert m.congestion[k] == max(count.values())
            slots += max(count.values())
        assert m.slots == slots and m.link_bytes == total
        assert m.max_link_load == max(total.values())


def test_ring_model_numbers_worth_seeing():
    S = 1
    ring = ring_model(traced("ring", 8), S)
    assert ring.slots == 14 and ring.max_link_load == Fraction(14, 8)  # the lower bound, per link
    assert ring_model(traced("recursive-doubling", 8), S).congestion == (1, 2, 4)
    assert ring_model(traced("swing", 8), S).congestion == (1, 1, 2, 2, 1, 1)  # short-cutting
    assert ring_model(traced("rabenseifner", 8), S).congestion == (1, 2, 4, 4, 2, 1)
    # ties split: an exchange at distance 4 puts its 8 messages 4 hops on 16 directed links,
    # 2 on each, instead of 4 on the 8 clockwise ones
    assert ring_model(traced("recursive-doubling", 8), S, ties="split").congestion == (1, 2, 2)
    split = ring_model(traced("rabenseifner", 8), S, ties="split")
    assert split.congestion == (1, 2, 2, 2, 2, 1)
    # the binomial tree, like the ring, never queues two messages on a link (6 slots, 6 steps)
    assert ring_model(traced("tree", 8), S).congestion == (1,) * 6
    # Trivance uses both directions: per step a third of Bruck's congestion while 2·3^s ≤ N/2
    assert ring_model(traced("bruck", 27), S).congestion == (3, 9, 9)
    assert ring_model(traced("trivance", 27), S).congestion == (1, 3, 9)


# -- crossovers ---------------------------------------------------------------------------------


def test_crossovers_are_where_the_faster_schedule_changes():
    a, B = Fraction(1, 10**6), Fraction(190 * 10**9)
    names = ["ring", "tree", "recursive-doubling", "rabenseifner", "swing", "nccl-tree", "bruck-bw"]
    rows = schedule_rows(names, default_example(8), size=10**6, alpha=a, bandwidth=B)
    xs = schedule_crossovers(rows, a, B)
    by = {r.name: r.trace for r in rows}
    assert any(
        set(x.between) == {"tree", "ring"}
        and x.label == "tree → ring"
        and round(float(x.S)) == 357647
        for x in xs
    )
    for x in xs:
        f, g = (by[n] for n in x.between)
        assert alpha_beta_time(f, x.S, a, B) == alpha_beta_time(g, x.S, a, B)
        lo, hi = x.S * Fraction(99, 100), x.S * Fraction(101, 100)
        d = [alpha_beta_time(f, s, a, B) - alpha_beta_time(g, s, a, B) for s in (lo, hi)]
        assert d[0] * d[1] < 0  # the faster one changes there
    pairs = {frozenset(x.between) for x in xs}
    # every pair whose lines cross at some S > 0 is listed
    for i, f in enumerate(names):
        for g in names[i + 1 :]:
            lf = models.alpha_beta_line(by[f], a, B)
            lg = models.alpha_beta_line(by[g], a, B)
            crosses = (lf.a - lg.a) * (lf.b - lg.b) < 0
            assert crosses == (frozenset((f, g)) in pairs), (f, g)


def test_rows_report_refusals_and_sums():
    rows = schedule_rows(["ring", "bruck", "trivance"], default_example(8))
    assert rows[0].sum_ok and rows[0].steps == 14
    assert rows[1].refused and "N = 8" in rows[1].refused and rows[1].to_json()["steps"] is None
    assert rows[2].to_json()["refused"].startswith("trivance: N = 8")


def test_module_docstring_examples():
    for mod in (algorithms, models):
        res = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
        assert res.failed == 0
