"""The search panel, driven through its widgets: found → editor, impossible said exactly,
responsive while the solver works, cancel ends the worker, rate table shown and recomputable."""

import pytest
from PySide6.QtCore import Qt

from ringlab import check, preset, reduce_multicast_shape
from ringlab.gui.document import CodeDocument
from ringlab.gui.views.search import SearchView


@pytest.fixture
def view(qtbot):
    doc = CodeDocument(preset("paper-k3-t4"))
    v = SearchView(doc)
    qtbot.addWidget(v)
    v.show()
    qtbot.waitExposed(v)
    yield v
    for job in (v.job, v.cell_job):
        if job is not None:
            job.cancel()


def type_spin(qtbot, spin, value):
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key_Tab)
    assert spin.value() == value


def test_found_code_opens_in_editor_as_one_undo_step(qtbot, view):
    doc = view.document
    type_spin(qtbot, view.n_spin, 3)
    type_spin(qtbot, view.k_spin, 2)
    type_spin(qtbot, view.t_spin, 3)
    with qtbot.waitSignal(view.finished, timeout=60000) as blocker:
        qtbot.mouseClick(view.search_button, Qt.LeftButton)
    assert blocker.args == ["found"]
    assert doc.code == preset("paper-k3-t4")  # offered, never forced into the editor
    qtbot.mouseClick(view.replace_button, Qt.LeftButton)
    code = doc.code
    assert (code.N, code.K, code.T, code.field.name) == (3, 2, 3, "GF(2)")
    assert check(code).feasible  # re-verified here, not trusted
    assert not reduce_multicast_shape(code).ok  # Appendix: K=2, T=3 needs coding
    assert doc.undo_stack.undoText().startswith("Search result")
    assert "Found" in view.result.text() and "editor" in view.result.text()
    doc.undo_stack.undo()
    assert doc.code == preset("paper-k3-t4")


def test_impossible_says_field_and_class(qtbot, view):
    doc = view.document
    before = doc.code
    for spin, v in ((view.n_spin, 3), (view.k_spin, 2), (view.t_spin, 3)):
        type_spin(qtbot, spin, v)
    view.class_box.setCurrentIndex(1)  # routing only
    with qtbot.waitSignal(view.finished, timeout=60000) as blocker:
        qtbot.mouseClick(view.search_button, Qt.LeftButton)
    assert blocker.args == ["impossible"]
    text = view.result.text()
    assert "Impossible" in text and "routing only" in text and "GF(2)" in text and "SAT" in text
    assert doc.code is before  # nothing changed in the editor


def test_proposition1_impossible_is_named(qtbot, view):
    for spin, v in ((view.n_spin, 3), (view.k_spin, 4), (view.t_spin, 4)):
        type_spin(qtbot, spin, v)
    with qtbot.waitSignal(view.finished, timeout=60000):
        qtbot.mouseClick(view.search_button, Qt.LeftButton)
    assert "Proposition 1" in view.result.text()


def test_responsive_while_searching_and_cancel_ends_worker(qtbot, view):
    view.encoding = "plain"  # the slow peer: a minute of solving
    for spin, v in ((view.n_spin, 3), (view.k_spin, 4), (view.t_spin, 5)):
        type_spin(qtbot, spin, v)
    qtbot.mouseClick(view.search_button, Qt.LeftButton)
    job = view.job
    assert job is not None and not view.search_button.isEnabled()
    # the event loop keeps running: the progress bar advances and typing still works
    qtbot.waitUntil(lambda: view.progress.value() > 0, timeout=10000)
    type_spin(qtbot, view.limit, 120)
    assert view.job is job and not job.finished
    with qtbot.waitSignal(view.finished, timeout=5000) as blocker:
        qtbot.mouseClick(view.cancel_button, Qt.LeftButton)
    assert blocker.args == ["cancelled"]
    assert not job.alive and job.result is None
    assert "Cancelled" in view.result.text() and view.search_button.isEnabled()


def test_rate_table_loaded_and_row_recomputed(qtbot, view):
    t = view.table
    assert t.rowCount() >= 18
    # N = 3, K = 2: coding reaches T = 3, routing needs 4 (the Appendix)
    row = next(
        r for r in range(t.rowCount()) if t.item(r, 0).text() == "3" and t.item(r, 1).text() == "2"
    )
    assert t.item(row, 5).text().startswith("3 exact")
    assert t.item(row, 6).text().startswith("4 exact")
    assert "T=3: impossible by SAT" in t.item(row, 6).toolTip()
    t.selectRow(row)
    qtbot.mouseClick(view.recompute_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: view.cell_job is None, timeout=60000)
    assert "Recomputed" in view.cell_status.text()
    assert t.item(row, 5).text().startswith("3 exact") and t.item(row, 6).text().startswith(
        "4 exact"
    )


def test_double_click_fills_the_form(qtbot, view):
    t = view.table
    row = next(
        r for r in range(t.rowCount()) if t.item(r, 0).text() == "4" and t.item(r, 1).text() == "3"
    )
    view.rates._on_table_double_clicked(row, 6)
    assert (view.n_spin.value(), view.k_spin.value(), view.t_spin.value()) == (4, 3, 6)
    assert view.class_box.currentIndex() == 1


def test_missing_table_is_said(qtbot, view, tmp_path):
    view.rates._load_table(tmp_path / "nope.json")
    assert view.table.rowCount() == 0 and "not found" in view.table_note.text()


def test_the_table_is_filled_when_the_search_tab_is_first_clicked(open_window, qtbot):
    # the window loads its tabs after its first paint; the explorer's 64 rows are read and
    # filled when the reader first opens the Search tab — and are all there then
    from PySide6.QtWidgets import QTableWidget

    from ringlab.core.search.rates import load_table

    from ._acts import click_tab

    w = open_window()
    click_tab(qtbot, w, "Search")
    t = w.findChild(QTableWidget, "search_rate_table")
    assert t.isVisible() and t.rowCount() == len(load_table()["cells"])
    row = next(
        r for r in range(t.rowCount()) if t.item(r, 0).text() == "3" and t.item(r, 1).text() == "2"
    )
    assert t.item(row, 5).text().startswith("3 exact")  # the Appendix: coding reaches T = 3
    assert t.item(row, 6).text().startswith("4 exact")  # routing needs 4
