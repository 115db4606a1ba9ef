"""The Mesh tab through its widgets: keys as in the Propagation view, hop totals equal to the
core's, Fig. 3 stepped through, exports written.  The tab computes off the GUI thread (issue 29):
after a change of its parameters a test waits until the tab shows the result, as a user does."""

import pytest
from PySide6.QtCore import Qt

from ringlab import preset
from ringlab.core.mesh import Mesh, schemes


@pytest.fixture
def view(qtbot):
    from ringlab.gui.document import CodeDocument
    from ringlab.gui.views.mesh import MeshView

    doc = CodeDocument(preset("paper-k2-t3"))
    v = MeshView(doc)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    v.show()
    qtbot.waitExposed(v)
    ready(v, qtbot)
    return v


def ready(view, qtbot):
    """Wait until the tab shows the result for its parameters (not "computing …")."""
    qtbot.waitUntil(lambda: not view.busy, timeout=60_000)
    assert view.shown is not None and view.shown.key == view.key


def test_totals_equal_the_core_and_a_manhattan_sum(view):
    assert view.TITLE == "Mesh"
    direct = {name: s.hops for name, s in schemes(Mesh.kary(4)).items()}
    assert view.totals == direct
    # all-at-once on a 4×4 mesh: Σ over ordered pairs of |Δx| + |Δy|
    assert view.totals["all-at-once"] == sum(
        abs(a - c) + abs(b - d)
        for a in range(4)
        for b in range(4)
        for c in range(4)
        for d in range(4)
    )
    assert view.schedules["coded"].options["group"] == 4  # the sweep's best at k = 4
    assert "384" in view.totals_label.text()


def test_playback_keys(view, qtbot):
    last = len(view.schedule.steps) - 1
    qtbot.keyClick(view, Qt.Key_End)
    assert view.step == last
    qtbot.keyClick(view, Qt.Key_Home)
    assert view.step == 0
    qtbot.keyClick(view, Qt.Key_Right)
    qtbot.keyClick(view, Qt.Key_Right)
    assert view.step == 2
    qtbot.keyClick(view, Qt.Key_Left)
    assert view.step == 1
    qtbot.keyClick(view, Qt.Key_Space)
    assert view.playing
    qtbot.keyClick(view, Qt.Key_Space)
    assert not view.playing


def test_fig3_in_the_tab(view, qtbot):
    view.k_box.setValue(2)
    view.group_box.setCurrentIndex(view.group_box.findData(2))
    ready(view, qtbot)
    assert view.totals == {"all-at-once": 16, "tree": 12, "coded": 12}
    qtbot.keyClick(view, Qt.Key_Home)
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key_Right)
    st = view.schedule.steps[view.step]
    assert st.name == "D" and "inter-group multicast" in view.caption_label.text()
    assert {(int(s) + 1, int(d) + 1) for s, d in zip(st.src, st.dst)} == {(1, 3), (3, 1)}
    assert view.result.complete and len(view.result.decodes) == 4
    assert "4 XOR decodes checked" in view.note_label.text()


def test_options_follow_the_core(view, qtbot):
    view.torus_box.setChecked(True)
    view.base_box.setCurrentText("tree")
    view.measure_box.setCurrentText("unicast")
    ready(view, qtbot)
    direct = schemes(Mesh.kary(4, 2, True), base="tree", measure="unicast")
    assert view.totals == {name: s.total("unicast") for name, s in direct.items()}


def test_the_ring_code_does_not_change_the_mesh(view):
    before = dict(view.totals)
    view.document.set_code(preset("classic-ring-n4"))
    view.ensure_fresh()
    assert view.totals == before
    assert "XOR all-reduce" in view.note_label.text()


def test_exports(view, tmp_path):
    view.k_box.setValue(2)
    gif = view.export(str(tmp_path / "steps.gif"))
    png = view.export(str(tmp_path / "step.png"))
    sweep = view.export(str(tmp_path / "sweep.png"), "sweep")
    for p in (gif, png, sweep):
        assert (tmp_path / p.rsplit("/", 1)[-1]).stat().st_size > 1000
    from PIL import Image

    assert Image.open(gif).n_frames == len(view.schedule.steps)


def test_three_dimensions_cap_k(view, qtbot):
    view.k_box.setValue(32)
    view.n_box.setValue(3)
    assert view.k_box.value() == 10 and view.mesh.N == 1000
    ready(view, qtbot)
    assert view.totals["all-at-once"] == schemes(Mesh.kary(10, 3))["all-at-once"].hops
