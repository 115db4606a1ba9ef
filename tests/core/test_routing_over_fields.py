"""A routing code (0/1 entries, additions only, the reduce-multicast shape) that is feasible over
GF(2) and not over GF(3) or Q: adding is not the same in every field (issue 33's audit of
lesson 16).  Built and checked through the public API only.

N = 2, K = 1, T = 5 on the directed ring 0 → 1 → 0.  By hand, with y_i(t) what node i sends
at time t (received by the other node at time t + 1):

    y_1(0) = x1                    node 1 starts a sum with its input
    y_0(1) = x0 + y_1(0)           = x0 + x1          (node 1 decodes this one)
    y_1(2) = x1 + y_0(1)           = x0 + 2·x1        the sum went round; x1 added again
    y_0(3) = y_1(2)                = x0 + 2·x1        forwarded
    y_1(4) = x1 + y_0(3)           = x0 + 3·x1        x1 added a third time; node 0 decodes this

So node 0's decode holds x1 with coefficient 3: E_{0,1} = 3, which is 1 in GF(2) (and GF(2^2),
which contains it), 0 in GF(3), 3 in Q, 3 in GF(5).
"""

import pytest

from ringlab import LinearCode, check, reduce_multicast_shape, simulate

T = 5


def zeros(r, c):
    return [[0] * c for _ in range(r)]


def routing_code(field: str) -> LinearCode:
    M = [zeros(T, 1), zeros(T, 1)]
    Lam = [zeros(T, T), zeros(T, T)]
    R = [zeros(1, T), zeros(1, T)]
    M[1][0][0] = 1  # t = 0: node 1 sends x1
    M[0][1][0] = Lam[0][1][0] = 1  # t = 1: node 0 adds x0 to what it received at time 1
    M[1][2][0] = Lam[1][2][1] = 1  # t = 2: node 1 adds x1 to what it received at time 2
    Lam[0][3][2] = 1  # t = 3: node 0 forwards what it received at time 3
    M[1][4][0] = Lam[1][4][3] = 1  # t = 4: node 1 adds x1 to what it received at time 4
    R[0][0][4] = 1  # node 0 decodes the symbol received at time 5: x0 + 3·x1
    R[1][0][1] = 1  # node 1 decodes the symbol received at time 2: x0 + x1
    return LinearCode.from_matrices(field, M, Lam, R)


# field → node 0's E_{0,1} = 3 reduced there (by hand), and whether Theorem 2 holds
CASES = {"GF(2)": ("1", True), "GF(2^2)": ("1", True), "GF(3)": ("0", False), "Q": ("3", False)}


@pytest.mark.parametrize("field", CASES)
def test_the_same_routing_code_is_feasible_over_gf2_only(field):
    code = routing_code(field)
    assert reduce_multicast_shape(code).ok  # the paper's routing shape, in every field
    rep = check(code)
    e01, feasible = CASES[field]
    assert rep.feasible is feasible
    by_node = {c.node: c for c in rep.checks}
    assert [[str(v) for v in row] for row in by_node[0].matrix] == [[e01]]
    assert [[str(v) for v in row] for row in by_node[1].matrix] == [["1"]]  # x0 + x1: fine


def test_simulated_inputs_show_the_triple_count():
    # x0 = x1 = 1, so the sum is 2 (0 in GF(2)): node 0 decodes x0 + 3·x1 = 4 (T_0 = 0 by
    # eq. (6): x0 already has coefficient 1), which is 1 in GF(3); node 1 decodes x0 + x1.
    assert simulate(routing_code("Q"), inputs=[[1], [1]]).decoded_values == [[4], [2]]
    assert simulate(routing_code("GF(3)"), inputs=[[1], [1]]).decoded_values == [[1], [2]]
    assert simulate(routing_code("GF(2)"), inputs=[[1], [1]]).decoded_values == [[0], [0]]
