"""Issue 29: the Mesh tab computes off the GUI thread.

Opening lesson 15 from the Lessons list (a click on its row, as a user clicks) shows the Mesh
tab at once in its "computing …" state — painted, with a busy cursor — and the hop table fills
in when the background result arrives.  A result computed for parameters the tab no longer
shows is never applied.

The background computation is held at a gate the test opens (it computes in full, then waits),
so every order of events is forced, never raced: no sleeps, no wall-clock margins.
"""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QScrollArea

from ringlab.core.mesh import Mesh, schemes
from ringlab.gui.status import HIDDEN_TEXT

from ._acts import answer_boxes, answer_question, shown_text

# lesson 15's questions that hide the table or are read before one that does, with the answers a student gives (the Lessons
# panel folds each under the one before, and they hide the Mesh hop table while open)
QUESTIONS_BEFORE_THE_TABLE = [
    ("fig3-step-f", "4"),
    ("fig3-decodes", "yes"),
    ("all-at-once-k4", "640"),
    ("best-group-k4", "4"),
    ("coded-hops-k4", "384"),  # the task between them (its answer box too takes Enter)
    ("tree-vs-coded", "320"),
]


@pytest.fixture
def gate(monkeypatch):
    """Hold each background Mesh computation, once done, until ``gate.open(k)``."""
    from ringlab.gui.views import mesh

    class Gate:
        def __init__(self):
            self.events: dict[int, threading.Event] = {}
            self.lock = threading.Lock()
            self.started: list[int] = []  # the k of every computation begun, in order

        def event(self, k: int) -> threading.Event:
            with self.lock:
                return self.events.setdefault(k, threading.Event())

        def open(self, k: int) -> None:
            self.event(k).set()

    g = Gate()
    real = mesh.compute

    def gated(key, wanted=lambda: True):
        g.started.append(key.k)
        result = real(key)  # in full: a stale result really arrives
        g.event(key.k).wait(timeout=120)  # (only a failed test leaves one closed)
        return result

    monkeypatch.setattr(mesh, "compute", gated)
    yield g
    for e in list(g.events.values()):  # free the worker threads whatever happened
        e.set()


class Paints(QObject):
    """Counts the paint events of the widgets it filters."""

    def __init__(self, *widgets):
        super().__init__()
        self.seen: set[str] = set()
        for w in widgets:
            w.installEventFilter(self)

    def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Paint:
            self.seen.add(obj.objectName())
        return False


def core_totals(k, n=2, torus=False):
    return {name: s.hops for name, s in schemes(Mesh.kary(k, n, torus)).items()}


def row_of(panel, title_start: str):
    lst = panel.list
    for i in range(lst.count()):
        if title_start in lst.item(i).text():
            return lst.item(i)
    raise AssertionError(f"no lesson {title_start!r} in the list")


def test_lesson_15_shows_the_mesh_tab_computing_then_its_table(open_window, qtbot, gate):
    w = open_window("paper-k2-t3", size=(1280, 720))
    w.show_lessons(True)
    panel = w.lessons_panel
    item = row_of(panel, "15. XOR coding on a mesh")
    panel.list.scrollToItem(item)
    rect = panel.list.visualItemRect(item)
    _, view = w.view_by_title("Mesh")  # (built hidden, as after the window's first paint)
    assert not view.isVisible() and view.shown is None
    paints = Paints(view.plot_placeholder, view.totals_label, view.busy_label)
    qtbot.mouseClick(panel.list.viewport(), Qt.LeftButton, pos=rect.center())

    # the click came back at once: the Mesh tab is up and says it is computing
    assert w.tabs.tabText(w.tabs.currentIndex()) == "Mesh"
    assert view.isVisible() and view.busy
    assert "computing" in view.totals_label.text()
    assert view.busy_label.isVisible() and "Computing the 4-ary 2-mesh" in view.busy_label.text()
    assert view.plot_placeholder.isVisible() and not view.canvas.isVisible()
    assert view.cursor().shape() == Qt.WaitCursor
    assert view.totals == {} and not view.export_button.isEnabled()
    # the lesson's open questions hide the hop table (hide: [mesh-table]) until answered:
    # the student answers them in the Lessons panel, with the computation still held
    qtbot.waitUntil(lambda: {"mesh_plots_computing", "mesh_busy"} <= paints.seen)
    for qid, said in QUESTIONS_BEFORE_THE_TABLE:
        qtbot.waitUntil(lambda q=qid: f"Answer: {q}" in answer_boxes(w))
        answer_question(qtbot, w, qid, said)
    qtbot.waitUntil(lambda: HIDDEN_TEXT not in shown_text(view))
    # …and the table's "computing" state reaches the screen while the computation is held
    scroller = view.totals_label.parentWidget()
    while not isinstance(scroller, QScrollArea):
        scroller = scroller.parentWidget()
    scroller.ensureWidgetVisible(view.totals_label)  # the user scrolls the tab down to the table
    qtbot.waitUntil(lambda: "mesh_totals" in paints.seen)
    assert view.busy and "computing" in shown_text(view)

    gate.open(4)
    want = core_totals(4)
    qtbot.waitUntil(lambda: f"{want['coded']:,}" in view.totals_label.text(), timeout=60_000)
    assert view.totals == want and not view.busy
    text = view.totals_label.text()
    assert "computing" not in text
    assert all(f"<td align=right>{h:,}</td>" in text for h in want.values())
    assert view.canvas.isVisible() and not view.plot_placeholder.isVisible()
    assert not view.busy_label.isVisible()
    assert view.cursor().shape() != Qt.WaitCursor
    assert view.export_button.isEnabled()
    assert "XOR decodes checked" in view.note_label.text()


@pytest.fixture
def view(qtbot):
    from ringlab import preset
    from ringlab.gui.document import CodeDocument
    from ringlab.gui.views.mesh import MeshView

    v = MeshView(CodeDocument(preset("paper-k2-t3")))
    qtbot.addWidget(v)
    v.resize(1200, 800)
    return v


def test_a_result_for_parameters_no_longer_shown_is_never_applied(view, qtbot, gate):
    shown = []  # every result that came back: (its k, applied, what the tab showed)

    def on_arrived(key, applied):
        # whatever arrives, the tab shows only the result for its own parameters
        assert view.shown is None or view.shown.key == view.key
        shown.append((key.k, applied, dict(view.totals)))

    view.result_arrived.connect(on_arrived)

    def arrived(k, applied):
        return qtbot.waitSignal(
            view.result_arrived,
            timeout=60_000,
            check_params_cb=lambda key, a: key.k == k and a == applied,
        )

    def press_up():
        view.k_box.setFocus()
        qtbot.keyClick(view.k_box, Qt.Key_Up)

    view.show()
    qtbot.waitExposed(view)
    assert view.busy and view.key.k == 4  # k = 4 on its way (held)
    press_up()  # the user: k = 5 while k = 4 computes
    assert view.key.k == 5 and view.busy and "5-ary" in view.busy_label.text()

    # the k = 4 result arrives first: dropped, the tab still computes k = 5
    with arrived(4, False):
        gate.open(4)
    assert view.busy and view.totals == {} and "computing" in view.totals_label.text()
    with arrived(5, True):
        gate.open(5)
    assert view.totals == core_totals(5) and not view.busy

    # k = 6 asked, then k = 7; k = 7 comes first and stays when k = 6 arrives after it
    press_up()
    press_up()
    assert view.key.k == 7 and view.busy
    with arrived(7, True):
        gate.open(7)
    assert view.totals == core_totals(7)
    with arrived(6, False):
        gate.open(6)
    assert view.totals == core_totals(7) and view.shown.key.k == 7
    assert f"{core_totals(7)['coded']:,}" in view.totals_label.text()

    assert [(k, a) for k, a, _ in shown] == [(4, False), (5, True), (7, True), (6, False)]
    assert all(t == core_totals(k) for k, a, t in shown if a)


def test_back_to_parameters_still_computing_waits_for_that_job(view, qtbot, gate):
    view.show()
    qtbot.waitExposed(view)
    assert view.busy and view.key.k == 4
    view.k_box.setValue(5)
    view.k_box.setValue(4)  # back while k = 4 still computes: no second job for it
    assert view.busy and view.key.k == 4
    qtbot.waitUntil(lambda: sorted(gate.started) == [4, 5])  # k = 4's first job, and k = 5's
    with qtbot.waitSignal(
        view.result_arrived, timeout=60_000, check_params_cb=lambda key, a: key.k == 4 and a
    ):
        gate.open(4)
    assert view.totals == core_totals(4)
    with qtbot.waitSignal(
        view.result_arrived, timeout=60_000, check_params_cb=lambda key, a: key.k == 5 and not a
    ):
        gate.open(5)
    assert view.totals == core_totals(4)
    assert sorted(gate.started) == [4, 5]  # no second job for k = 4 ever ran
    # a result seen before comes back at once, with no job and no "computing"
    view.k_box.setValue(5)
    assert not view.busy and view.totals == core_totals(5) and not view.computing()


def test_an_unwanted_computation_stops_early():
    from ringlab.gui.views.mesh import Dropped, MeshKey, compute

    key = MeshKey(4, 2, False, None, "all-at-once", "packet")
    with pytest.raises(Dropped):
        compute(key, wanted=lambda: False)
    r = compute(key)
    assert r.totals == core_totals(4) and r.key == key
