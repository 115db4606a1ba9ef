"""A step drawing whose rebuild did not happen, or stopped half-way, never draws an artist that
left its figure (issue 29: matplotlib printed "'NoneType' object has no attribute 'dpi'" from
``_draw_dynamic``, which drew the artists ``fig.clear()`` had removed)."""

import pytest

from ringlab import preset, random_inputs, simulate
from ringlab.render.propagation import WalkthroughRenderer
from ringlab.render.walkthrough import table as table_module
from ringlab.render.walkthrough.layout import NoRoom

X = [[1, 2], [3, 4], [5, 6]]


def in_figure(r) -> bool:
    return all(a.figure is r.figure for a in r._dynamic())


@pytest.fixture
def renderer():
    r = WalkthroughRenderer()
    r.set_trace(simulate(preset("paper-k2-t3"), X))
    r.draw()
    return r


def test_no_room_keeps_the_drawing_it_had(renderer):
    r = renderer
    r.figure.set_size_inches(3, 1)  # far too small for the margins of its text
    assert r.needs_relayout()
    with pytest.raises(NoRoom):
        r.relayout()
    assert r.built and in_figure(r)
    for t in range(r.steps):
        r.show_step(t)
        r.draw()
    assert r.step == r.steps - 1 and in_figure(r)
    r.figure.set_size_inches(12.8, 7.2)
    r.relayout()
    assert not r.needs_relayout() and in_figure(r)


def test_a_new_trace_with_no_room_shows_nothing_of_the_old_one(renderer):
    r = renderer
    r.figure.set_size_inches(3, 1)
    with pytest.raises(NoRoom):
        code = preset("classic-ring-n4")
        r.set_trace(simulate(code, random_inputs(code, 0)))
    assert not r.built and r.needs_relayout() and not r.figure.axes
    r.show_step(2)
    r.draw()  # nothing dynamic, no error
    r.figure.set_size_inches(12.8, 7.2)
    r.relayout()
    assert r.built and r.step == 2 and in_figure(r) and r.trace.code.N == 4


def test_a_build_that_stops_half_way_is_built_again_on_the_next_draw(renderer, monkeypatch):
    r = renderer
    real = table_module.SideTable.__init__

    def fails(self, *a, **kw):
        raise RuntimeError("a build that stops half-way")

    monkeypatch.setattr(table_module.SideTable, "__init__", fails)
    r.figure.set_size_inches(10, 6)
    with pytest.raises(RuntimeError):
        r.relayout()  # the figure was cleared, its G_T half made
    assert not r.built and r.needs_relayout()
    r.show_step(1)
    r.figure.canvas.draw()  # a draw event: no removed artist drawn
    monkeypatch.setattr(table_module.SideTable, "__init__", real)
    r.relayout()
    r.draw()
    assert r.built and r.step == 1 and in_figure(r) and r.edge_labels()
