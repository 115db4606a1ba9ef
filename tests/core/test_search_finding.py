"""A routing code at N = 3, K = 5, T = 7, which the paper's introduction says cannot exist.

The paper (Sec. I and IV-B) says non-trivial coding is necessary for K = 3k+2, T = 4k+3, and the
Appendix proves it for k = 0 only.  `ringlab search --routing-only` found the code shipped in
ringlab/data/; here it is checked by the independent sympy computation of eq. (5), over Q, and by the
classifier of Sec. III-B's bullets.
"""

from importlib.resources import files

import pytest
import sympy

from ringlab import check, load_code, reduce_multicast_shape, simulate
from tests.core import _reference as ref

CODE = files("ringlab.data") / "routing-n3-k5-t7.ringlab.json"


def test_found_routing_code_is_feasible_by_the_reference_formula():
    code = load_code(CODE)
    assert (code.N, code.K, code.T, code.field.name) == (3, 5, 7, "Q")
    mats, trans = ref.eq5_matrices(code)
    assert all(m == sympy.eye(5) for m in mats.values())
    assert check(code).feasible


def test_found_code_has_the_reduce_multicast_shape_literally():
    code = load_code(CODE)
    assert reduce_multicast_shape(code).ok
    # the bullets by hand: every coefficient 0/1 and every row selects at most one symbol
    for nd in code.nodes:
        for m in (nd.M, nd.Lambda, nd.R, nd.T):
            assert all(v in (0, 1) for row in m for v in row)
            assert all(sum(1 for v in row if v) <= 1 for row in m)


@pytest.mark.parametrize("F", ["GF(2)", "GF(3)", "GF(2^8)", "R"])
def test_found_code_works_over_other_fields(F):
    code = load_code(CODE).with_field(F)
    tr = simulate(code, [[1, 0, 1, 1, 0], [0, 1, 1, 0, 1], [1, 1, 0, 0, 1]])
    assert check(code).feasible and tr.all_correct
