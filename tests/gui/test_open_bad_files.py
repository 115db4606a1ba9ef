"""File → Open (through the menu, the file dialog replaced) on files a user may pick by
mistake: each gives one message naming the file and what was expected, and the code being
edited — with its unsaved change — stays as it was."""

import json

from PySide6.QtWidgets import QFileDialog

from ringlab import preset, save_code

# `win` comes from tests/gui/conftest.py


def menu_action(win, menu_title, text):
    menu = next(
        a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == menu_title
    )
    return next(a for a in menu.actions() if a.text().replace("&", "").startswith(text))


def paper_dict(tmp_path):
    p = tmp_path / "good.ringlab.json"
    save_code(preset("paper-k2-t3"), p)
    return json.loads(p.read_text())


def bad_files(tmp_path):
    d = paper_dict(tmp_path)
    files = {}
    (tmp_path / "notes.txt").write_text("these are my notes, not JSON")
    files["notes.txt"] = "not valid JSON"
    d["nodes"][1]["R"][0][2] = "x"
    (tmp_path / "entry.ringlab.json").write_text(json.dumps(d))
    files["entry.ringlab.json"] = "node 1, R, row k = 1, column t = 3: 'x' is not a number"
    (tmp_path / "image.png").write_bytes(bytes(range(256)) * 4)
    files["image.png"] = "not a text file (expected UTF-8 JSON)"
    (tmp_path / "list.json").write_text("[1, 2, 3]")
    files["list.json"] = 'expected a JSON object with "format": "ringlab-code"'
    return files


def test_file_open_refuses_bad_files_and_keeps_the_work(qtbot, win, tmp_path, monkeypatch):
    win.document.set_entry(0, "M", 0, 0, "5")  # unsaved work
    before = win.document.code
    open_action = menu_action(win, "File", "Open")
    for name, words in bad_files(tmp_path).items():
        path = str(tmp_path / name)
        monkeypatch.setattr(
            QFileDialog, "getOpenFileName", staticmethod(lambda *a, p=path, **k: (p, ""))
        )
        open_action.trigger()
        assert win.last_error is not None
        assert name in win.last_error and words in win.last_error, win.last_error
        assert "Traceback" not in win.last_error and len(win.last_error.splitlines()) == 1
        assert win.statusBar().currentMessage() == win.last_error
        assert win.document.code is before and win.document.dirty
        win.error_box.close()
        win.last_error = None


def test_file_open_cancelled_dialog_changes_nothing(qtbot, win, monkeypatch):
    before = win.document.code
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: ("", "")))
    menu_action(win, "File", "Open").trigger()
    assert win.document.code is before and win.last_error is None


def test_close_with_unsaved_changes_asks_and_cancel_keeps_the_window(qtbot, win):
    asked = []
    win.document.set_entry(0, "M", 0, 0, "5")
    win.ask_unsaved = lambda action: asked.append(action) or "cancel"
    assert not win.close()
    assert asked == ["close ringlab"] and win.isVisible()
    assert win.document.code.node(0).M[0][0] == win.document.code.field.parse("5")
    win.ask_unsaved = lambda action: "discard"


def test_an_unexpected_error_in_a_slot_is_said_in_the_window(qtbot, win, monkeypatch):
    """A bug that escapes a slot reached only stderr; the app now also says it, once."""
    import sys

    from ringlab.gui.app import install_error_hook

    printed = []
    monkeypatch.setattr(sys, "excepthook", lambda *exc: printed.append(exc[0]))
    install_error_hook(win)
    try:
        raise ValueError("Exceeds the limit (4300 digits)")
    except ValueError:
        sys.excepthook(*sys.exc_info())
    assert printed == [ValueError]  # the traceback still goes to stderr
    assert win.last_error.startswith("ringlab hit an internal error (ValueError: Exceeds")
    assert "autosaved" in win.last_error and win.error_box.isVisible()
    first_box = win.error_box
    try:
        raise KeyError("again")
    except KeyError:
        sys.excepthook(*sys.exc_info())
    assert win.error_box is first_box  # no second box over the first
    assert "KeyError" in win.statusBar().currentMessage()
    first_box.close()


def test_open_recent_of_a_deleted_file_says_so_and_drops_it(qtbot, win, tmp_path):
    path = tmp_path / "gone.ringlab.json"
    save_code(preset("paper-k1-t2"), path)
    assert win.open_file(str(path))
    win.document.set_entry(0, "M", 0, 0, "5")
    asked = []
    win.ask_unsaved = lambda action: asked.append(action) or "discard"
    path.unlink()
    before = win.document.code
    recent = menu_action(win, "File", "Open Recent").menu()
    next(a for a in recent.actions() if a.text() == str(path.resolve())).trigger()
    assert win.last_error == (
        f"{path.resolve()}: no such file any more (moved or deleted); removed from Open Recent"
    )
    assert str(path.resolve()) not in win.recent_files()
    assert win.document.code is before and not asked  # nothing to open: no save question
    win.error_box.close()
