"""Issue 29: the work in flight, the verdicts and the file a code belongs to live in the one
state.  A view says "checking…" only while a job for exactly that code runs; a preset, a
search result or a lesson's code is a new untitled document (Ctrl+S asks for a name, the file
that was open is never written over, Ctrl+Z brings back the code and its file); the failure
line of a clicked check follows the selected check."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QLabel

from ringlab import load_code, preset, save_code
from ringlab.lessons import course

from . import _acts as acts

LESSONS = course()
WAITING = ("being checked", "checking…", "checking...", "checking eq")  # status words, not prose


def visible_texts(win) -> list[str]:
    """Every text a user reads in the window now: labels, buttons, the status bar, the title."""
    out = [win.windowTitle(), win.statusBar().currentMessage()]
    for w in win.findChildren(QLabel) + win.findChildren(QAbstractButton):
        if w.isVisible():
            out.append(w.text())
    return out


def click_lesson(qtbot, win, index):
    acts.click_lesson(qtbot, win, index)
    assert win.lessons_panel.lesson.key == LESSONS[index].key


@pytest.mark.slow
@pytest.mark.window(size=(1280, 720), lessons=True, load_views=True)
def test_every_lesson_and_tab_no_view_waits_for_a_job_that_does_not_exist(qtbot, win):
    # the trial: after lessons 1-6, 14, 15, 17 the Schedules column said "being checked in the
    # background" for 16 minutes with no check running
    state = win.state
    for index in range(len(LESSONS)):
        click_lesson(qtbot, win, index)
        for tab in ("Editor", "Propagation", "Schedules", "Search", "Mesh"):
            acts.click_tab(qtbot, win, tab)
            # the only Theorem 2 job there may be is for the code on screen; wait for it
            qtbot.waitUntil(lambda: not state.jobs.running(), timeout=120_000)
            assert state.verdict is not None and state.verdict.status != "checking"
            assert state.verdict.code == state.code
            assert not win.document.report_pending
            stuck = [t for t in visible_texts(win) if any(w in t.lower() for w in WAITING)]
            assert not stuck, f"lesson {index + 1}, {tab} tab: {stuck}"


def test_an_equal_copy_of_the_code_keeps_its_verdict(win):
    # the cause: a lesson put an equal copy of the preset on screen; no event, a fresh
    # analysis without a report, and "pending" with nothing computing it
    doc, state = win.document, win.state
    before = state.verdict
    state.code = preset("paper-k2-t3")  # equal, not the same object
    assert state.code is not before.code
    assert not doc.report_pending and state.want_report().status == "ready"
    assert "FEASIBLE" in win.panel.verdict.text()


@pytest.fixture
def opened(win, tmp_path):
    """The window with ``mine.ringlab.json`` (the paper's code, N = 3) opened from disk."""
    path = tmp_path / "mine.ringlab.json"
    save_code(preset("paper-k2-t3").with_meta(name="mine"), path)
    assert win.open_file(str(path))
    assert win.document.path == str(path) and not win.document.dirty
    return win, path


def press_save(qtbot, win, monkeypatch, answer=""):
    """Ctrl+S as the user presses it; the Save dialog (if one opens) answers ``answer``."""
    asked = []

    def dialog(*args, **kw):
        asked.append(args[2] if len(args) > 2 else kw.get("dir", ""))
        return answer, ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
    win.editor.setFocus()
    qtbot.keyClick(win.editor, Qt.Key_S, Qt.ControlModifier)
    return asked


def undo(qtbot, win):
    win.editor.setFocus()
    qtbot.keyClick(win.editor, Qt.Key_Z, Qt.ControlModifier)


def test_a_preset_is_untitled_save_asks_and_undo_brings_the_file_back(qtbot, opened, monkeypatch):
    win, path = opened
    on_disk = path.read_text()
    acts.pick_preset(win, "classic-ring-n4")
    assert win.document.code.N == 4
    assert win.document.path is None and not win.document.dirty  # nothing of theirs to save
    assert win.windowTitle().startswith(f"{preset('classic-ring-n4').name} (preset, untitled)")
    asked = press_save(qtbot, win, monkeypatch, answer="")  # they cancel the dialog
    assert asked, "Ctrl+S on an untitled code must ask for a name"
    assert path.read_text() == on_disk  # mine.ringlab.json untouched
    undo(qtbot, win)
    assert win.document.code == load_code(path) and win.document.path == str(path)
    assert "mine.ringlab.json" in win.windowTitle() and not win.document.dirty


def test_a_search_result_replaced_into_the_editor_is_untitled(qtbot, opened, monkeypatch):
    win, path = opened
    on_disk = path.read_text()
    win.load_views()
    _, view = win.view_by_title("Search")
    win.show_view("Search")
    view.n_spin.setValue(3), view.k_spin.setValue(1), view.t_spin.setValue(2)
    with qtbot.waitSignal(view.finished, timeout=120_000):
        qtbot.mouseClick(view.search_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: view.replace_button.isEnabled() and view.replace_button.isVisible())
    qtbot.mouseClick(view.replace_button, Qt.LeftButton)
    doc = win.document
    assert (doc.code.N, doc.code.K, doc.code.T) == (3, 1, 2)
    assert doc.path is None and not doc.dirty
    assert "(search result, untitled)" in win.windowTitle()
    written = tmp = path.parent / "found.ringlab.json"
    asked = press_save(qtbot, win, monkeypatch, answer=str(tmp))
    assert asked and path.read_text() == on_disk
    assert load_code(written) == doc.code and doc.path == str(written)
    undo(qtbot, win)  # back to mine.ringlab.json, as it was
    assert doc.path == str(path) and doc.code == load_code(path)


def test_a_lesson_code_is_untitled_and_ctrl_s_asks(qtbot, opened, monkeypatch, tmp_path):
    monkeypatch.setenv("RINGLAB_DATA_DIR", str(tmp_path / "data"))
    win, path = opened
    on_disk = path.read_text()
    win.show_lessons()
    index = next(i for i, les in enumerate(LESSONS) if les.new_state().code != win.document.code)
    click_lesson(qtbot, win, index)
    assert win.document.path is None and not win.document.dirty
    assert f"(lesson {index + 1}, untitled)" in win.windowTitle()
    assert press_save(qtbot, win, monkeypatch, answer="")
    assert path.read_text() == on_disk
    undo(qtbot, win)
    assert win.document.path == str(path)


def test_resize_and_field_change_never_keep_a_description_that_no_longer_holds(win):
    doc = win.document
    assert doc.code.description  # the paper's code says what it is
    win.params.spins["N"].setValue(4)  # as the user turns the N box
    assert doc.code.N == 4
    assert "resized to N = 4" in doc.code.name
    assert "K=2, T=3 (paper" in doc.code.description and "not this one" in doc.code.description
    doc.set_field("GF(3)")
    assert "read over GF(3)" in doc.code.name and "resized" in doc.code.name


def test_properties_edit_the_name_and_description_undoably(qtbot, win, monkeypatch):
    from ringlab.gui import properties

    seen = {}

    def fill(dialog):
        seen["name"] = dialog.name.text()
        dialog.name.setText("my ring code")
        dialog.description.setPlainText("Rate 1/2 by routing.")
        return True

    monkeypatch.setattr(properties, "run_dialog", fill)
    action = next(
        a
        for a in win.menuBar().actions()[0].menu().actions()
        if a.text().replace("&", "").startswith("Properties")
    )
    action.trigger()
    assert seen["name"] == preset("paper-k2-t3").name
    doc = win.document
    assert (doc.code.name, doc.code.description) == ("my ring code", "Rate 1/2 by routing.")
    assert doc.dirty
    undo(qtbot, win)
    assert doc.code.name == preset("paper-k2-t3").name and not doc.dirty


# -- the failure line follows the selected check ------------------------------------------------
def _break_and_click(qtbot, win):
    """Break node 0's R, click its first red check: the failure line and orange matrices."""
    doc, panel = win.document, win.panel
    R = doc.code.node(0).R
    r, c = next((r, c) for r, row in enumerate(R) for c, v in enumerate(row) if v != 0)
    doc.set_entry(0, "R", r, c, 0)  # R_0 loses a symbol it decodes with
    rep = doc.report
    bad = next(c for c in rep.checks if not c.ok)
    canvas = panel.canvas
    rect = canvas.block_rect(bad.node, bad.j - 1)
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=rect.center())
    assert "fails" in panel.chain.text()
    assert win.editor.highlighted
    return bad


def _line_gone(win):
    assert "fails" not in win.panel.chain.text() and "holds" not in win.panel.chain.text()
    assert win.state.selected_check is None and win.panel.canvas.selected is None
    assert not win.editor.highlighted


def test_the_failure_line_goes_with_undo(qtbot, win):
    _break_and_click(qtbot, win)
    undo(qtbot, win)
    _line_gone(win)


def test_the_failure_line_goes_with_another_code(qtbot, win, tmp_path):
    _break_and_click(qtbot, win)
    path = tmp_path / "other.ringlab.json"
    save_code(preset("classic-ring-n4"), path)
    win.open_file(str(path))
    _line_gone(win)
    _break_and_click(qtbot, win)
    acts.pick_preset(win, "paper-k2-t3")
    _line_gone(win)


def test_the_failure_line_goes_with_a_field_change(qtbot, win):
    _break_and_click(qtbot, win)
    win.document.set_field("GF(5)")
    _line_gone(win)


def test_while_a_large_code_is_checked_the_explorer_keeps_its_own_N(open_window, qtbot):
    # lesson 5 after lesson 4: the N box said 16, the plot and table were N = 4's, drawn by the
    # "still being checked" path, which dropped the explorer's N
    from tests.gui.test_never_freeze import dense_code

    w = open_window("paper-k2-t3")
    w.show_view("Schedules")
    _, view = w.view_by_title("Schedules")
    w.state.explorer_N = 16
    w.document.open_code(dense_code(4, 32, 128, "GF(2^8)", seed=2), None, "Open")
    assert w.document.report_pending
    view.ensure_fresh()
    assert view.costs.n_spin.value() == 16
    assert "N = 16 cores" in view.costs.table_title.text()
    qtbot.waitUntil(lambda: not w.document.report_pending, timeout=120_000)
    qtbot.waitUntil(lambda: "being checked" not in view.columns["coded"].error.text())
    assert "N = 16 cores" in view.costs.table_title.text()


# -- one direction: grid → state → core → state → views -----------------------------------------
LAYERS = (
    ("ringlab.gui.matrix_", "grid"),
    ("ringlab.gui.document", "document"),
    ("ringlab.state.jobs", "job"),
    ("ringlab.gui.jobs", "job"),
    ("ringlab.state", "state"),
    ("ringlab.core", "core"),
    ("ringlab.gui", "views"),
    ("ringlab.render", "views"),
)
# the calls that carry a change (acts, writes, handlers, the check); reads (properties, views
# asking the state for the analysis they draw) are not part of the flow
CARRIERS = (
    "set",
    "_set",
    "_on_",
    "_record",
    "_apply",
    "want_report",
    "_report_",
    "theorem2_report",
    "update",
    "_finish",
)


def layer_of(module: str):
    return next((name for prefix, name in LAYERS if module.startswith(prefix)), None)


def change_flow(action):
    """The layers a change passes through while ``action`` runs, in order, consecutive repeats
    merged: every call into a ringlab function whose name carries a change (see CARRIERS)."""
    import sys

    seen = []

    def prof(frame, event, _arg):
        if event != "call":
            return
        layer = layer_of(frame.f_globals.get("__name__", ""))
        name = frame.f_code.co_name
        if layer and name.startswith(CARRIERS) and (not seen or seen[-1][0] != layer):
            seen.append((layer, f"{frame.f_globals['__name__']}.{name}"))

    sys.setprofile(prof)
    try:
        action()
    finally:
        sys.setprofile(None)
    return seen


def test_typing_a_coefficient_flows_one_way(qtbot, win):
    """Typing into a grid until the Theorem 2 panel repaints: grid → state → core → state →
    document (the undo record) and views, never back into a layer it left."""
    from tests.gui.test_never_freeze import type_into

    panel = win.panel
    flow = change_flow(lambda: type_into(qtbot, win.editor.grid(0, "R"), 0, 1, "0"))
    assert "INFEASIBLE" in panel.verdict.text()  # the panel followed the edit
    # after the act, the grid repainting itself is one of the views
    layers = [layer for layer, _ in flow[:1]] + [
        "views" if layer == "grid" else layer for layer, _ in flow[1:]
    ]
    layers = [a for i, a in enumerate(layers) if i == 0 or a != layers[i - 1]]
    said = "\n".join(map(str, flow))
    assert layers[:4] == ["grid", "state", "core", "state"], said
    rest = layers[4:]  # the observers: the undo record, then the views
    assert rest == ["document", "views"], said


@pytest.mark.window(size=(1280, 720), lessons=True, load_views=True)
def test_the_open_lesson_is_the_states(qtbot, win):
    panel = win.lessons_panel
    click_lesson(qtbot, win, 2)
    assert win.state.lesson == LESSONS[2].key
    win.state.lesson = LESSONS[4].key  # another writer (a presenter) opens lesson 5
    assert panel.lesson.key == LESSONS[4].key and panel.list.currentRow() == 4
    assert LESSONS[4].title in panel.page.findChild(QLabel).text()
    win.state.lesson = None
    assert panel.lesson is None and not panel.blocks
