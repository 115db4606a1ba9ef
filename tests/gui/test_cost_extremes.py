"""The Schedules view's α, B and S boxes with values a float cannot hold (typed by a user
exploring extremes): one message under the boxes, the last valid plot kept — before, the
plot's float conversion raised OverflowError out of the Qt slot."""

import pytest
from PySide6.QtCore import Qt

from ringlab import preset
from ringlab.gui.document import CodeDocument
from ringlab.gui.views.schedules import SchedulesView


@pytest.fixture
def view(qtbot):
    doc = CodeDocument(preset("classic-ring-n4"))
    v = SchedulesView(doc)
    qtbot.addWidget(v)
    v.resize(1280, 720)
    v.show()
    return v


@pytest.mark.parametrize(
    "box, text",
    [("alpha", "1e999s"), ("bandwidth", "1e400"), ("size", "1e30TB"), ("size", "1e-400")],
)
def test_out_of_range_quantity_is_refused(view, qtbot, box, text):
    edit = getattr(view.costs, {"size": "size_box"}.get(box, box))
    before = view.comparison
    edit.clear()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key_Return)
    msg = view.costs.error.text()
    assert msg.startswith(f"{box}: '{text}' is out of range") and "between 1e-30 and 1e30" in msg
    assert view.comparison is before  # the last valid values stay


def test_cores_and_explorer_N_say_their_range(view, qtbot):
    for spin, label, words in (
        (
            view.inputs.n_spin,
            view.inputs.error,
            "Cores N: '1' refused — expected a whole number 2..32",
        ),
        (view.costs.n_spin, view.costs.error, "N: '1' refused — expected a whole number 2..1024"),
    ):
        before = spin.value()
        spin.setFocus()
        spin.lineEdit().selectAll()
        qtbot.keyClicks(spin, "1")
        qtbot.keyClick(spin, Qt.Key_Return)
        qtbot.waitUntil(lambda: label.text().startswith(words))
        assert spin.value() == before


def test_X_takes_the_papers_minus_sign(view, qtbot):
    edit = view.inputs.x_edit
    edit.setText("−3 2 1 3")  # (QTest cannot type U+2212)
    assert view.inputs.error.text() == ""
    assert [int(v) for v in view.inputs.example.X] == [-3, 2, 1, 3]


def test_larger_text_keeps_every_core_row_and_cost_row_visible(view, qtbot):
    """Ctrl+= for a projector grows the rows; the grids were fixed at the old height and hid
    the last core."""

    def need(t, extra):
        return (
            t.horizontalHeader().height() + sum(t.rowHeight(i) for i in range(t.rowCount())) + extra
        )

    ring, costs = view.columns["ring"].table, view.costs.table
    f = view.font()
    f.setPointSize(f.pointSize() + 4)
    view.setFont(f)
    qtbot.waitUntil(lambda: ring.height() == need(ring, 4))

    def last_row_whole(t):  # the cost table's last row (of its last band, when folded)
        last = t.rowCount() - 1
        return t.rowViewportPosition(last) + t.rowHeight(last) <= t.viewport().height()

    qtbot.waitUntil(lambda: last_row_whole(costs))
    assert ring.rowCount() == 4 and ring.rowHeight(3) > 0
