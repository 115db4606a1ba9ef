"""The Schedules view, driven through its widgets."""

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
    v.resize(1400, 1100)
    v.show()
    return v


def grid(v, name):
    col = v.columns[name]
    return [
        [col.cell(i, c) for c in range(col.table.columnCount())]
        for i in range(col.table.rowCount())
    ]


def test_shared_scrubber_walks_the_seed_grids(view, qtbot):
    assert view.TITLE == "Schedules"
    assert view.slider.maximum() == 6
    assert grid(view, "ring") == [
        ["15", "12", "9", "6"],
        ["2", "8", "6", "4"],
        ["1", "3", "4", "2"],
        ["12", "6", "3", "15"],
    ]
    qtbot.mouseClick(view.next_button, Qt.LeftButton)
    # seed 004, grid after step 1 with its starred cells
    assert grid(view, "ring") == [
        ["15", "12", "9", "*21"],
        ["*17", "8", "6", "4"],
        ["1", "*11", "4", "2"],
        ["12", "6", "*7", "15"],
    ]
    # seed 003, level 1
    assert grid(view, "tree")[0] == ["*17", "*20", "*15", "*10"]
    assert grid(view, "tree")[2] == ["*13", "*9", "*7", "*17"]
    ring_sends = view.columns["ring"].sends.text().splitlines()
    coded_sends = view.columns["coded"].sends.text().splitlines()
    assert [l.rsplit("= ", 1)[1] for l in ring_sends] == ["15", "8", "4", "15"]
    assert [l.rsplit("= ", 1)[1] for l in coded_sends] == ["15", "8", "4", "15"]
    view.slider.setFocus()
    for _ in range(3):
        qtbot.keyClick(view.slider, Qt.Key_Right)
    assert view.slider.value() == 4
    # seed 004 all-gather step 1: "Core 0 [ 30 29 . . ]"
    assert grid(view, "ring")[0] == ["*30", "29", ".", "."]
    assert grid(view, "coded")[0] == ["*30", "29", "·", "·"]
    assert view.columns["tree"].caption.text() == "step 4 of 4 (broadcast-down)"
    qtbot.mouseClick(view.next_button, Qt.LeftButton)
    assert view.columns["tree"].caption.text() == "done after 4 steps"
    assert view.step_label.text() == "5 of 6"


def test_bad_X_shows_one_line_and_keeps_the_last_example(view, qtbot):
    view.inputs.x_edit.clear()
    qtbot.keyClicks(view.inputs.x_edit, "3 2 1 a")
    assert "X, entry 3 (core 3's, the 4th number): 'a' is not a number" in view.inputs.error.text()
    assert view.inputs.error.isVisible()
    from ringlab.gui.settings import text_colour

    assert text_colour(view.inputs.error) == "#b00020"
    # the box holding the bad value is tinted, W's is not
    assert view.inputs.x_edit.palette().base().color().name() == "#fde4e8"
    assert view.inputs.w_edit.palette().base().color().name() != "#fde4e8"
    assert view.comparison.example.X == (3, 2, 1, 3)
    qtbot.keyClick(view.inputs.x_edit, Qt.Key_Backspace)
    qtbot.keyClicks(view.inputs.x_edit, "1")
    assert view.inputs.error.text() == "" and not view.inputs.error.isVisible()
    assert view.inputs.x_edit.palette().base().color().name() != "#fde4e8"
    # 3·[5 4 3 2] + 2·[1 4 3 2] + 1·[1 3 4 2] + 1·[4 2 1 5], by hand
    assert [int(v) for v in view.comparison.example.target] == [22, 25, 20, 17]
    # W with a missing entry
    view.inputs.w_edit.setPlainText("5 4 3 2\n1 4 3\n1 3 4 2\n4 2 1 5")
    assert "W, row 1: 3 entries, but row 0 has 4" in view.inputs.error.text()


def test_coded_column_follows_the_document(view, qtbot):
    doc = view.document
    # the example follows the code's N: loading a 3-node code shows a 3-core example
    with qtbot.waitSignal(doc.changed):
        doc.set_code(preset("paper-k2-t3"), "load")
    assert view.inputs.n_spin.value() == 3 and view.costs.n_spin.value() == 3
    c = view.comparison
    assert c.coded is not None and c.coded.T == 3 and c.coded.complete
    assert "K=2, T=3" in view.columns["coded"].title.text()
    # the user pins the seeds' 4-core example: the 3-node code no longer runs on it
    qtbot.mouseClick(view.inputs.reset, Qt.LeftButton)
    assert view.inputs.n_spin.value() == 4 and view.comparison.coded is None
    err = view.columns["coded"].error
    assert err.isVisibleTo(view) and "code is for N = 3 cores" in err.text()
    assert view.match_button.isVisibleTo(view)
    qtbot.mouseClick(view.match_button, Qt.LeftButton)  # follow the code again
    assert view.inputs.n_spin.value() == 3 and view.comparison.coded is not None
    # undo goes back to the classic ring: the example follows it to 4 cores
    with qtbot.waitSignal(doc.changed):
        doc.undo_stack.undo()
    assert view.inputs.n_spin.value() == 4 and view.costs.n_spin.value() == 4
    assert view.comparison.coded is not None and view.comparison.coded.complete


def test_cost_presets_show_the_seeds_figures(view, qtbot):
    combo = view.costs.preset
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key_Down)  # the first preset: seed 003
    assert view.costs.n_spin.value() == 8
    assert "357.6 KB: tree → ring" in view.costs.crossings.text()
    qtbot.keyClick(combo, Qt.Key_Down)  # the second: seed 001
    note = view.costs.note.text()
    assert "= 1.8 ms" in note and "= 2.3 ms" in note
    table = view.costs.table
    assert [table.row_label(r) for r in range(2)] == ["ring", "tree"]
    assert table.row_values(0)["time"] == "1.8 ms"  # ring's α-β time
    assert table.row_values(1)["÷bound"] == "1.33"  # tree: 2 MB / 1.5 MB
    edit = view.costs.size_box
    edit.clear()
    qtbot.keyClicks(edit, "2MB")
    qtbot.keyClick(edit, Qt.Key_Return)
    assert combo.currentIndex() == 0  # no longer the preset
    assert table.row_values(0)["time"] == "3.3 ms"  # 6·(50 µs + 500 µs)


def test_bad_alpha_keeps_the_plot(view, qtbot):
    edit = view.costs.alpha
    edit.clear()
    qtbot.keyClicks(edit, "fast")
    qtbot.keyClick(edit, Qt.Key_Return)
    assert "'fast' is not understood" in view.costs.error.text()
    assert view.comparison.alpha * 10**6 == 1  # still the last valid α, 1 µs
    edit.clear()
    qtbot.keyClicks(edit, "2us")
    qtbot.keyClick(edit, Qt.Key_Return)
    assert view.costs.error.text() == ""
    assert view.comparison.alpha * 10**6 == 2
