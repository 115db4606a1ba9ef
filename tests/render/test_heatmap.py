"""The large-N summary (issue 20): holdings counted two ways, the renderer's step frame, export."""

import io

import numpy as np
import pytest

from ringlab import classic_ring, preset, random_inputs, simulate
from ringlab.render.heatmap import HeatmapRenderer, holdings


def _by_rows(tr):
    """Independently: from the coefficient rows' supports, node by node, time by time."""
    N, K, T = tr.code.shape
    terms = np.zeros((N, T + 1), int)
    complete = np.zeros((N, T + 1), int)
    for i in range(N):
        held = set(range(i * K, (i + 1) * K))
        for t in range(T + 1):
            if t:
                held |= set(tr.sent[t - 1][(i - 1) % N].support)
            terms[i, t] = len(held)
            complete[i, t] = sum(all(j * K + k in held for j in range(N)) for k in range(K))
    return terms, complete


@pytest.mark.parametrize("code", [classic_ring(5), preset("paper-k2-t3"), preset("paper-k1-t2")])
def test_holdings_match_the_rows(code):
    tr = simulate(code, random_inputs(code, 3))
    h = holdings(tr)
    terms, complete = _by_rows(tr)
    assert (h.terms == terms).all() and (h.complete == complete).all()
    N, K, T = code.shape
    assert (h.terms[:, 0] == K).all()
    assert (np.diff(h.terms, axis=1) >= 0).all()


def test_classic_ring_completes_every_sum():
    code = classic_ring(8)
    h = holdings(simulate(code, random_inputs(code, 1)))
    N, K, T = code.shape
    assert (h.terms[:, T] == N * K).all() and (h.complete[:, T] == K).all()


def test_renderer_steps_tooltips_and_export():
    code = preset("classic-ring-n32")
    tr = simulate(code, random_inputs(code, 0))
    r = HeatmapRenderer()
    r.set_trace(tr, note="random, seed 0")
    assert r.steps == code.T + 1
    first = r.rgb()
    r.show_step(5)
    # the frame (the one patch on the heat map) is the column of t = 5: from 4.5 to 5.5
    assert r.step == 5 and [p.get_x() for p in r.axes.patches] == [pytest.approx(4.5)]
    assert (r.rgb() != first).any()
    r.show_step(10_000)
    assert r.step == code.T
    # the cell under a point of the axes is the one the tooltip describes
    x, y = r.axes.transData.transform((7, 12))
    assert r.node_at(x, y) == (12, 7)
    assert r.node_tooltip(12, 7).startswith("node 12 at t = 7")
    out = io.BytesIO()
    r.savefig(out, format="png")
    assert out.getvalue()[:4] == b"\x89PNG"
