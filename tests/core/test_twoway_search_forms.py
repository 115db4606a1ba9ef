"""The two-way search's normal forms lose no code: wherever the plain formula (M, Λ, R all
free, no normal form) has a model, the normalised one has one too, over GF(2) and GF(3).
(Normal forms only remove models, so losing a code is the one way they can be wrong; the
small cells that pass both bounds all have codes — the first impossible one the solver finds,
N = 3, K = 5, T = 3, is beyond the plain formula in seconds.)"""

import pytest

from ringlab.core.search.solve import run
from ringlab.core.search.twoway import TwoWayEncoding, bound_refusal, make_twoway_spec

CELLS = [(2, 3, 2), (3, 3, 2), (3, 4, 3), (4, 2, 2), (4, 4, 3), (5, 3, 3), (6, 2, 3)]


@pytest.mark.parametrize("field", ["GF(2)", "GF(3)"])
@pytest.mark.parametrize("cell", CELLS)
def test_normal_forms_keep_every_code(field, cell):
    spec = make_twoway_spec(*cell, field)
    assert bound_refusal(spec) is None
    assert run(TwoWayEncoding(spec, normal_forms=False).f)[0] is True
    assert run(TwoWayEncoding(spec).f)[0] is True
