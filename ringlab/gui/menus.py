"""The window's menus: each action calls one public method of the window or its document."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence


def _act(window, menu, text, keys, slot):
    a = QAction(text, window)
    if isinstance(keys, list):
        a.setShortcuts(keys)
    elif keys is not None:
        a.setShortcut(keys)
    a.triggered.connect(lambda _checked=False: slot())
    menu.addAction(a)
    return a


def build_menus(window) -> dict:
    """File, Edit, View; returns the actions others refer to (undo, redo) and the recent menu."""
    bar = window.menuBar()
    m = bar.addMenu("&File")
    _act(window, m, "&New", QKeySequence.New, window.new_file)
    _act(window, m, "&Open…", QKeySequence.Open, window.open_file)
    recent = m.addMenu("Open &Recent")
    m.addSeparator()
    _act(window, m, "&Save", QKeySequence.Save, window.save)
    _act(window, m, "Save &As…", QKeySequence.SaveAs, window.save_as)
    m.addSeparator()
    _act(window, m, "&Export walkthrough…", QKeySequence("Ctrl+E"), window.export_walkthrough)
    m.addSeparator()
    _act(window, m, "&Quit", QKeySequence.Quit, window.close)

    e = bar.addMenu("&Edit")
    stack = window.document.undo_stack
    undo = stack.createUndoAction(window, "&Undo")
    undo.setShortcut(QKeySequence.Undo)
    redo = stack.createRedoAction(window, "&Redo")
    redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    for a in (undo, redo):
        a.setShortcutContext(Qt.ApplicationShortcut)
        e.addAction(a)

    v = bar.addMenu("&View")
    _act(window, v, "&Larger text", [QKeySequence("Ctrl+="), QKeySequence("Ctrl++")],
         lambda: window.change_font_size(+1))
    _act(window, v, "&Smaller text", [QKeySequence("Ctrl+-")], lambda: window.change_font_size(-1))
    _act(window, v, "&Reset text size", [QKeySequence("Ctrl+0")], window.reset_font_size)
    v.addSeparator()
    _act(window, v, "L&essons", QKeySequence("Ctrl+L"), window.toggle_lessons)
    _act(window, v, "&Present", QKeySequence("F5"), window.present)
    return {"undo": undo, "redo": redo, "recent": recent, "view_menu": v, "file_menu": m}
