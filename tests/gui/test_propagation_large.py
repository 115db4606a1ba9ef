"""The Propagation view on the 32-node classic ring — computed off the GUI thread with
a busy line, the window handling events meanwhile, and a readable summary (a heat map of what
each node holds) instead of the full G_T."""

import threading

import pytest
from matplotlib.patches import Rectangle
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from ringlab import preset, random_inputs, simulate
from ringlab.gui.document import CodeDocument
from ringlab.gui.views import propagation as prop_mod
from ringlab.gui.views.propagation import PropagationView
from ringlab.render import heatmap


@pytest.fixture
def gate(monkeypatch):
    """Hold the background computation until the test opens the gate."""
    ev = threading.Event()
    real = heatmap.holdings

    def slow(tr):
        assert ev.wait(20), "the test never opened the gate"
        return real(tr)

    monkeypatch.setattr(heatmap, "holdings", slow)
    yield ev
    ev.set()


def _view(qtbot, code):
    doc = CodeDocument(code)
    v = PropagationView(doc)
    qtbot.addWidget(v)
    v.resize(1280, 720)
    return v


def framed_step(v) -> int:
    """The step the heat map's frame (the one unfilled rectangle) stands on."""
    (frame,) = [
        p
        for ax in v.figure.axes
        for p in ax.patches
        if isinstance(p, Rectangle) and not p.get_fill() and p.get_visible()
    ]
    x = frame.get_x() + frame.get_width() / 2
    assert x == pytest.approx(round(x))
    return round(x)


def figure_text(v) -> str:
    """Every line of text written on the drawing (title, notes, the footer)."""
    return "\n".join(t.get_text() for t in v.figure.texts)


def test_opens_without_blocking_and_shows_the_summary(qtbot, gate):
    code = preset("classic-ring-n32")
    v = _view(qtbot, code)
    v.show()  # starts the computation, returns at once
    qtbot.waitExposed(v)
    assert v.busy and v.busy_label.isVisible()
    assert "N = 32" in v.busy_label.text()
    assert v.cursor().shape() == Qt.WaitCursor
    # the window is live: another widget takes typing while the computation waits
    other = QLineEdit()
    qtbot.addWidget(other)
    other.show()
    qtbot.waitExposed(other)
    qtbot.keyClicks(other, "live")
    qtbot.waitUntil(lambda: other.text() == "live")
    assert v.busy  # …and it really was still computing
    # a step chosen meanwhile is the state's, drawn when the result is in
    v.state.step = 3
    gate.set()
    qtbot.waitUntil(lambda: not v.busy, timeout=10000)
    assert not v.busy_label.isVisible() and v.cursor().shape() != Qt.WaitCursor
    assert v.renderer.__class__.__name__ == "HeatmapRenderer"
    assert v.canvas_stack.currentWidget() is v.canvas
    assert v.renderer.step == 3 and v.slider.value() == 3
    assert framed_step(v) == 3


def test_stepping_moves_the_highlight_and_numbers_match_the_trace(qtbot):
    code = preset("classic-ring-n32")
    v = _view(qtbot, code)
    v.show()
    qtbot.waitUntil(lambda: not v.busy and v.trace is not None, timeout=10000)
    for t in (0, 1, 31, code.T):
        v.state.step = t
        assert v.renderer.step == t and v.slider.value() == t
        assert framed_step(v) == t
        assert v.step_label.text() == f"t = {t} / {code.T}"
    v.set_step(10)
    assert v.state.step == 10 and v.renderer.step == 10
    # a second, independent computation: simulate again, read the supports of the rows
    tr = simulate(code, random_inputs(code, v.state.seed))
    N, K, T = code.shape
    for i, t in [(0, 0), (0, 1), (5, 17), (31, 31), (12, 40), (7, T)]:
        prev = (i - 1) % N
        held = set(range(i * K, (i + 1) * K))
        for u in range(t):
            held |= set(tr.sent[u][prev].support)
        complete = sum(all(j * K + k in held for j in range(N)) for k in range(K))
        assert v.renderer.cell(i, t) == (len(held), complete)
        tip = v.renderer.node_tooltip(i, t)
        assert f"holds {len(held)} of the {N * K}" in tip and f"{complete} of {K}" in tip
    footer = figure_text(v)
    assert "summary" in footer.lower() and "Full graph" in footer


def test_a_stale_result_never_paints(qtbot, gate):
    code = preset("classic-ring-n32")
    v = _view(qtbot, code)
    v.show()
    assert v.busy
    v.state.seed = 7  # new inputs while the first run is pending
    assert v.busy  # (still computing: now for the new inputs)
    gate.set()
    qtbot.waitUntil(lambda: not v.busy, timeout=10000)
    qtbot.wait(50)  # let a late first result arrive, if any
    assert v.trace.inputs == random_inputs(code, 7)


def test_full_graph_on_request_and_small_codes_unchanged(qtbot):
    v = _view(qtbot, preset("classic-ring-n32"))
    v.show()
    qtbot.waitUntil(lambda: not v.busy and v.trace is not None, timeout=10000)
    said = []
    v.message.connect(said.append)
    v.full_graph_box.setChecked(True)
    assert any("slow" in s for s in said)
    qtbot.waitUntil(lambda: not v.busy and v.renderer.trace is not None, timeout=20000)
    assert v.renderer.__class__.__name__ == "WalkthroughRenderer"
    small = _view(qtbot, preset("paper-k2-t3"))
    small.show()
    assert not small.busy and small.trace is not None  # synchronous as before
    assert small.renderer.__class__.__name__ == "WalkthroughRenderer"
    assert prop_mod.SUMMARY_ABOVE_N >= small.document.code.N


def test_ensure_ready_finishes_now(qtbot, gate):
    v = _view(qtbot, preset("classic-ring-n32"))
    v.show()
    assert v.busy
    gate.set()
    v.ensure_ready()
    assert not v.busy and v.renderer.trace is v.trace
