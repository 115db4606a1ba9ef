"""The main window: parameters, field changes, files, recent files, closing, extra views."""

import sys
import types

from PySide6.QtCore import Qt

from ringlab import LinearCode, load_code, preset, save_code

# `win` comes from tests/gui/conftest.py


def set_spin(qtbot, win, name, value):
    sp = win.params.spins[name]
    sp.setFocus()
    sp.lineEdit().selectAll()
    qtbot.keyClicks(sp, str(value))
    qtbot.keyClick(sp, Qt.Key_Return)


def test_status_bar_rate_bound_shape(win):
    assert "2/3" in win.rate_label.text()
    assert "Theorem 3" in win.bound_label.text() and "T ≥ 3" in win.bound_label.text()
    assert win.shape_label.text() == "non-trivial coding"  # the Appendix: K=2, T=3 must code
    win.params.load_preset("paper-k3-t4")
    assert win.shape_label.text() == "reduce-multicast shape"
    assert "3/4" in win.rate_label.text()


def test_resize_keeps_what_fits_and_says_what_dropped(qtbot, win):
    set_spin(qtbot, win, "K", 1)
    code = win.document.code
    assert code.K == 1
    assert code.node(1).M == ((1,), (0,), (1,))  # first column of the paper's M_1
    assert win.editor.grid(1, "M").model.columnCount() == 1
    msg = win.statusBar().currentMessage()
    assert "dropped" in msg and "node 0 M (row t = 0, column k = 2) = 1" in msg
    set_spin(qtbot, win, "N", 4)
    assert win.document.code.N == 4 and len(win.editor.rows) == 4
    assert win.panel.canvas.sizeHint().height() > 0
    assert len(win.document.report.checks) == 4 * 3
    set_spin(qtbot, win, "T", 5)
    assert win.editor.grid(3, "Lambda").model.rowCount() == 5
    # every step undoes, back to the paper's code
    for _ in range(3):
        win.undo_action.trigger()
    assert win.document.code == preset("paper-k2-t3")
    assert win.params.spins["K"].value() == 2 and len(win.editor.rows) == 3
    assert win.document.report.feasible


def test_field_change_and_refused_field(qtbot, win):
    box = win.params.field
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "GF(7)")
    qtbot.keyClick(box.lineEdit(), Qt.Key_Return)
    assert win.document.code.field.name == "GF(7)"
    assert win.document.code.node(0).R[0][2] == 6  # -1 in GF(7)
    assert win.document.report.feasible  # the paper's code works over every field
    win.undo_action.trigger()
    assert win.document.code.field.name == "Q" and box.currentText() == "Q"
    # 1/2 has no meaning in GF(2): refused, nothing changes, the entry is named
    win.document.set_entry(0, "M", 0, 0, "1/2")
    before = win.document.code
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "GF(2)")
    qtbot.keyClick(box.lineEdit(), Qt.Key_Return)
    assert win.document.code is before
    assert "node 0 M (row t = 0, column k = 1) = 1/2" in win.params.problem.text()
    assert "GF(2)" in win.statusBar().currentMessage()
    assert box.currentText() == "Q"
    # an unknown field name is refused too
    win.params._on_field_edited("GF(6)")
    assert "not a prime power" in win.params.problem.text()
    assert win.document.code is before


def test_preset_load_is_undoable(qtbot, win):
    combo = win.params.presets
    combo.setCurrentIndex(combo.findText("classic-ring-n4"))
    combo.activated.emit(combo.findText("classic-ring-n4"))
    assert win.document.code.shape == (4, 4, 6)
    assert win.document.report.feasible
    win.undo_action.trigger()
    assert win.document.code == preset("paper-k2-t3")


def test_save_and_reopen(qtbot, win, open_window, tmp_path):
    win.document.set_entry(0, "M", 0, 0, "1/2")
    assert win.isWindowModified()
    path = tmp_path / "mine.ringlab.json"
    assert win.save_as(str(path))
    assert not win.document.dirty and not win.isWindowModified()
    assert "mine.ringlab.json" in win.windowTitle()
    assert load_code(path) == win.document.code
    assert win.recent_files()[0] == str(path.resolve())
    other = open_window(path=str(path), load_views=False, clear_settings=False, show=False)
    assert other.document.code == win.document.code
    assert other.editor.grid(0, "M").model.text(0, 0) == "1/2"
    # opening through the window (as Open Recent does)
    win.document.set_entry(0, "M", 0, 0, "7")
    win.ask_unsaved = lambda action: "discard"
    assert win.open_file(str(path))
    assert win.document.code.node(0).M[0][0] == load_code(path).node(0).M[0][0]
    assert not win.document.dirty


def test_open_bad_file_says_why_and_keeps_work(qtbot, win, tmp_path):
    bad = tmp_path / "bad.ringlab.json"
    bad.write_text('{"format": "ringlab-code", "version": 1, "N": 3}')
    win.document.set_entry(0, "M", 0, 0, "5")
    before = win.document.code
    win.ask_unsaved = lambda action: "discard"
    assert not win.open_file(str(bad))
    assert "missing key" in win.last_error and "bad.ringlab.json" in win.last_error
    assert win.document.code is before
    win.error_box.close()


def test_save_failure_keeps_work(qtbot, win, tmp_path):
    win.document.set_entry(0, "M", 0, 0, "5")
    assert not win.save_as(str(tmp_path / "no-such-folder" / "x.ringlab.json"))
    assert "cannot be saved" in win.last_error
    assert win.document.dirty
    win.error_box.close()


def test_close_prompt(qtbot, win, tmp_path):
    win.document.set_entry(0, "M", 0, 0, "5")
    asked = []
    win.ask_unsaved = lambda action: asked.append(action) or "cancel"
    assert not win.close()
    assert asked and win.isVisible()
    path = tmp_path / "saved.ringlab.json"
    win.document.set_path(str(path))
    win.ask_unsaved = lambda action: "save"
    assert win.close()
    assert load_code(path).node(0).M[0][0] == 5


def test_new_file(qtbot, win):
    win.new_file()
    assert win.document.code == LinearCode.zeros(3, 2, 3, "Q")
    assert win.document.path is None
    assert not win.document.report.feasible


def test_extra_view_tabs(qtbot, open_window, monkeypatch, tmp_path):
    """Registered views become tabs; a missing module or a view that breaks shows its
    error in its tab and the editor keeps working."""
    good = types.ModuleType("ringlab_test_views_good")

    from PySide6.QtWidgets import QLabel

    class GoodView(QLabel):
        TITLE = "Good"

        def __init__(self, document, parent=None):
            super().__init__(f"N = {document.code.N}", parent)

    good.GoodView = GoodView
    broken = types.ModuleType("ringlab_test_views_broken")

    class BrokenView(QLabel):
        TITLE = "Broken"

        def __init__(self, document, parent=None):
            raise RuntimeError("boom in the constructor")

    broken.BrokenView = BrokenView
    (tmp_path / "ringlab_test_views_needs.py").write_text("import no_such_dependency_xyz\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "ringlab_test_views_good", good)
    monkeypatch.setitem(sys.modules, "ringlab_test_views_broken", broken)
    import ringlab.gui.main_window as main_window

    monkeypatch.setattr(
        main_window,
        "VIEWS",
        [
            ("Good", "ringlab_test_views_good", "GoodView"),
            ("Missing", "ringlab.gui.views.not_written_yet", "Nothing"),
            ("Broken", "ringlab_test_views_broken", "BrokenView"),
            ("Needs", "ringlab_test_views_needs", "X"),
        ],
    )
    w = open_window("paper-k1-t2", show=False)
    names = w.view_names()
    assert names[0] == "Editor" and "Good" in names
    assert "Broken ⚠" in names
    assert "boom in the constructor" in w.view_errors["Broken"]
    # a missing module is an error tab that names it, never a silent skip
    assert "Missing ⚠" in names and "not_written_yet" in w.view_errors["Missing"]
    assert "Needs ⚠" in names and "no_such_dependency_xyz" in w.view_errors["Needs"]
    assert w.show_view("good") and w.view_widget(w.tabs.currentIndex()).text() == "N = 3"


def test_startup_path_imports_neither_galois_nor_matplotlib(tmp_path):
    """The window up to its first paint (a code over Q) imports none of galois (~1.5 s),
    matplotlib, networkx or NumPy (a third of the start-up)."""
    import os
    import subprocess

    code = (
        "import sys\n"
        "from ringlab.gui.app import make_app, create_window\n"
        "app = make_app(); w = create_window(load_views=False); w.show(); app.processEvents()\n"
        "print(sorted(m for m in ('galois', 'matplotlib', 'numba', 'networkx', 'numpy') "
        "if m in sys.modules))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RINGLAB_DATA_DIR=str(tmp_path))
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_open_recent_menu(qtbot, win, tmp_path):
    a, b = tmp_path / "a.ringlab.json", tmp_path / "b.ringlab.json"
    save_code(preset("paper-k1-t2"), a)
    save_code(preset("paper-k3-t4"), b)
    assert win.open_file(str(a)) and win.open_file(str(b))
    actions = win.recent_menu.actions()
    assert [x.text() for x in actions[:2]] == [str(b.resolve()), str(a.resolve())]
    actions[1].trigger()
    assert win.document.code == preset("paper-k1-t2") and win.document.path == str(a.resolve())
    # opening is one undoable step too (nothing is lost by opening the wrong file)
    win.undo_action.trigger()
    assert win.document.code == preset("paper-k3-t4")
