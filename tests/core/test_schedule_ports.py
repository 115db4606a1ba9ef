"""Issue 33, fair comparisons: every schedule declares its ports, model (a) charges a step on
the schedule's own ports or on one port, NCCL's tree comes pipelined too, and "bruck" says it is
not MPI's Bruck.  Expected times are worked out here by hand from the α-β formula."""

from fractions import Fraction

import pytest

from ringlab import RinglabError
from ringlab.core.schedules import (
    alpha_beta_line,
    alpha_beta_time,
    default_example,
    known_schedules,
    schedule_info,
    schedule_plan,
    schedule_trace,
)

a, S, B = Fraction(3, 10**6), Fraction(9 * 10**6), Fraction(10**9)
b = S / B  # the whole vector's transfer time


def t(name, N, ports=None):
    return alpha_beta_time(schedule_trace(name, default_example(N)), S, a, B, ports=ports)


def counted_ports(plan) -> int:
    """The most messages one core sends, or receives, in one step: recounted from the plan."""
    most = 0
    for st in plan.steps:
        for i in range(plan.N):
            most = max(most, sum(m.src == i for m in st.messages))
            most = max(most, sum(m.dst == i for m in st.messages))
    return most


@pytest.mark.parametrize("name", [n for n in known_schedules() if n != "nccl-ring"])
def test_declared_ports_are_what_the_plans_use(name):
    used = set()
    for N in range(2, 33):
        try:
            used.add(counted_ports(schedule_plan(name, N)))
        except RinglabError:
            continue  # an N its authors' form does not reach
    assert max(used) == schedule_info(name).ports


def test_forms_say_ports_and_pipelining():
    assert schedule_info("ring").form == "1 port"
    assert schedule_info("tree").form == "1 port, unpipelined"
    assert schedule_info("bruck-bw").form == "2 ports"
    assert schedule_info("nccl-tree").form == "2 ports, unpipelined"
    assert schedule_info("nccl-tree-pipelined").form == "4 ports, pipelined"


def test_bruck_says_it_is_a_radix_3_allreduce_not_mpis_bruck():
    title = schedule_info("bruck").title
    assert "radix-3" in title.lower() and "not MPI's Bruck" in title
    assert "not MPI's Bruck" in schedule_plan("bruck", 9).title


def test_one_port_schedules_cost_the_same_either_way():
    for name, N in (("ring", 8), ("tree", 8), ("recursive-doubling", 6), ("rabenseifner", 8)):
        assert t(name, N, ports=1) == t(name, N)
    assert t("ring", 8, ports=1) == 14 * (a + b / 8)


def test_two_port_schedules_on_one_port_by_hand():
    # Trivance-bw, N = 9: steps at distance 1 (3 blocks of 9 to each side), 3, 3, 1; two
    # messages a core a step.  Own ports: 4α + (3 + 1 + 1 + 3)/9·S/B.  One port: both messages
    # one after another, 8α + 2·8/9·S/B — the ring's bandwidth term 2(N−1)/N·S/B.
    assert t("trivance-bw", 9) == 4 * a + Fraction(8, 9) * b
    assert t("trivance-bw", 9, ports=1) == 8 * a + Fraction(16, 9) * b
    # Bruck's peers (radix 3), N = 9: 2 steps, each two whole running sums out and two in
    assert t("bruck", 9) == 2 * (a + b)
    assert t("bruck", 9, ports=1) == 4 * a + 4 * b
    # bruck-bw, N = 8: 4 steps of two messages; a core sends 7/8 S in the reduce-scatter and
    # 7/8 S in the all-gather, so one port costs 8α + 14/8·S/B (the ring's bytes, fewer α)
    assert t("bruck-bw", 8, ports=1) == 8 * a + Fraction(14, 8) * b


def test_nccl_trees_on_four_cores_by_hand():
    # NCCL's trees at N = 4 (ncclGetBtree, then mirrored r ↦ 3 − r):
    #   tree 0: 0 ← 2 ← {1, 3}      tree 1: 3 ← 1 ← {2, 0}      each carries S/2
    # unpipelined: step 1 leaves up (core 2 receives two halves, so does core 1), step 2 inner
    # up, step 3 root down, step 4 inner down to two children (core 2 sends two, core 1 too)
    own = 4 * (a + b / 2)
    one = (2 * a + b) + (a + b / 2) + (a + b / 2) + (2 * a + b)
    assert t("nccl-tree", 4) == own and t("nccl-tree", 4, ports=1) == one
    # pipelined, 8 chunks of S/16 a tree: chunk c leaves a leaf at step c, the inner node at
    # c + 1, the root sends it down at c + 2, the inner node at c + 3 — 8 + 4 − 1 = 11 steps.
    # Core 2's messages a step (sends; receives), k = 0..10:
    #   sends  [k≤7] (up, tree 1) + [1≤k≤8] (up, tree 0) + 2·[3≤k≤10] (down, tree 0)
    #   recvs  2·[k≤7] (from 1, 3) + [2≤k≤9] (from 0) + [3≤k≤10] (from 1, tree 1)
    # busiest of the two: 2, 2, 3, 4, 4, 4, 4, 4, 3, 2, 2 (core 1 mirrors it; 0 and 3 ≤ 2)
    busiest = [2, 2, 3, 4, 4, 4, 4, 4, 3, 2, 2]
    assert t("nccl-tree-pipelined", 4) == 11 * (a + b / 16)
    assert t("nccl-tree-pipelined", 4, ports=1) == sum(busiest) * (a + b / 16)


def test_pipelining_brings_the_trees_bandwidth_term_near_s_over_b():
    # own ports, N = 8 (H = 3): (8 + 6 − 1)/16 = 13/16 of S/B, against 6/2 = 3 unpipelined
    line = alpha_beta_line(schedule_trace("nccl-tree-pipelined", default_example(8)), a, B)
    assert line.b * S == Fraction(13, 16) * b and line.a == 13 * a
    unpiped = alpha_beta_line(schedule_trace("nccl-tree", default_example(8)), a, B)
    assert unpiped.b * S == 3 * b


def test_a_port_count_other_than_own_or_one_is_refused():
    with pytest.raises(RinglabError, match="ports = 2"):
        t("ring", 4, ports=2)
