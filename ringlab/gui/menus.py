"""The window's menus: each action calls one public method of the window, of one of its parts
(``window.files``, ``window.view_options``) or of its document."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

PALETTES = (
    ("default", "&Default"),
    ("colour-blind", "&Colour-blind safe (Okabe–Ito)"),
    ("high-contrast", "&High contrast"),
)

HELP_TEXTS = {
    "Keys": "\n".join(
        (
            "Ctrl+O / Ctrl+S / Ctrl+Shift+S — open / save / save as",
            "Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) — undo / redo (edits, resizes, presets, search results)",
            "Ctrl+E — export the walkthrough (GIF, MP4, PDF, PNG, SVG, a web page)",
            "Ctrl+= / Ctrl+− / Ctrl+0 — larger / smaller / default text: menus, panels, captions "
            "and drawings together",
            "Ctrl+L — lessons;  F5 — present",
            "Propagation: Space play/pause, ← → step, Home / End first step / the decode",
            "N, K, T boxes: type a number, Enter (out of range is refused, nothing changes)",
        )
    ),
    "The code file (*.ringlab.json)": "\n".join(
        (
            'One JSON object: "format": "ringlab-code", "version": 1, "name", "description",',
            '"N", "K", "T", "field" ("Q", "R", "GF(p)", "GF(p^m)") and "nodes": one object per',
            'node, node 0 first, with "M" (T×K), "Lambda" (T×T, strictly lower triangular),',
            '"R" (K×T) and "T" (K×K; may be omitted: it is then solved from eq. (6)).',
            'Entries: JSON integers or strings such as "-1", "1/2", "0.25". Anything else is',
            "refused with one line naming the node, matrix, row and column.",
            "Nodes are 0..N−1 and symbols x_{i,k} have k = 1..K, as in the paper.",
        )
    ),
    "Lessons": "\n".join(
        (
            "The course: lessons/*.md in the source tree (in the package: ringlab/data/lessons);",
            "the notation is explained in Help → Glossary (Shift+F1 over a symbol opens its",
            "entry; the file is lessons/glossary.md).",
            "In the app: View → Lessons (Ctrl+L). In a terminal: ringlab lessons, and",
            "ringlab lessons check (every lesson's numbers checked against the code).",
        )
    ),
}


def _act(window, menu, text, keys, slot):
    a = QAction(window)  # (QAction(text, window) builds QIcon's 151-name ThemeIcon enum)
    a.setText(text)
    if isinstance(keys, list):
        a.setShortcuts(keys)
    elif keys is not None:
        a.setShortcut(keys)
    a.triggered.connect(lambda _checked=False: slot())
    menu.addAction(a)
    return a


def build_menus(window) -> dict:
    """File, Edit, View, Help; returns the actions others refer to (undo, redo, the palettes)
    and the menus (the recent files', File, View).  The window's parts that act are built
    after the menus: the actions reach them when triggered."""
    bar = window.menuBar()
    file_menu, recent = _file_menu(window, bar)
    undo, redo = _edit_menu(window, bar)
    view_menu, palettes = _view_menu(window, bar)
    _help_menu(window, bar)
    return {
        "undo": undo,
        "redo": redo,
        "recent": recent,
        "view_menu": view_menu,
        "file_menu": file_menu,
        "palettes": palettes,
    }


def _file_menu(window, bar):
    m = bar.addMenu("&File")
    _act(window, m, "&New", QKeySequence.New, lambda: window.files.new_file())
    _act(window, m, "&Open…", QKeySequence.Open, lambda: window.files.open_file())
    recent = m.addMenu("Open &Recent")
    m.addSeparator()
    _act(window, m, "&Save", QKeySequence.Save, lambda: window.files.save())
    _act(window, m, "Save &As…", QKeySequence.SaveAs, lambda: window.files.save_as())
    m.addSeparator()
    _act(window, m, "&Properties…", None, lambda: _edit_properties(window))
    m.addSeparator()
    _act(window, m, "&Export walkthrough…", QKeySequence("Ctrl+E"), window.export_walkthrough)
    m.addSeparator()
    _act(window, m, "&Quit", QKeySequence.Quit, window.close)
    return m, recent


def _edit_menu(window, bar):
    e = bar.addMenu("&Edit")
    stack = window.document.undo_stack
    undo = stack.createUndoAction(window, "&Undo")
    undo.setShortcut(QKeySequence.Undo)
    redo = stack.createRedoAction(window, "&Redo")
    redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    for a in (undo, redo):
        a.setShortcutContext(Qt.ApplicationShortcut)
        e.addAction(a)
    # a line edit would keep these keys even with nothing typed (Ctrl+Z in the modulus box)
    from .undo_keys import UndoKeys

    window.undo_keys = UndoKeys(window, undo, redo)
    return undo, redo


def _view_menu(window, bar):
    v = bar.addMenu("&View")

    def text_size(step):
        return lambda: window.view_options.change_font_size(step)

    larger = [QKeySequence("Ctrl+="), QKeySequence("Ctrl++")]
    _act(window, v, "&Larger text", larger, text_size(+1))
    _act(window, v, "&Smaller text", [QKeySequence("Ctrl+-")], text_size(-1))
    _act(
        window,
        v,
        "&Reset text size",
        [QKeySequence("Ctrl+0")],
        lambda: window.view_options.reset_font_size(),
    )
    v.addSeparator()
    _act(window, v, "L&essons", QKeySequence("Ctrl+L"), window.toggle_lessons)
    _act(window, v, "&Present", QKeySequence("F5"), window.present)
    pal = v.addMenu("&Palette")
    group = QActionGroup(window)
    palettes = {}
    for name, text in PALETTES:
        a = _act(window, pal, text, None, lambda name=name: window.set_palette(name))
        a.setCheckable(True)
        group.addAction(a)
        palettes[name] = a
    return v, palettes


def _help_text(title: str) -> str:
    """A Help box's text; Keys… also lists present mode's keys (:func:`present_keys_text`)."""
    text = HELP_TEXTS[title]
    return text + "\n\n" + present_keys_text() if title == "Keys" else text


def present_keys_text() -> str:
    """Present mode's keys, the next/back ones read from present mode's own lists (so a key
    added there is listed here); the rest as its key handling (``present/keys.py``) acts."""
    from PySide6.QtGui import QKeySequence

    from .present.keys import BACK_KEYS, NEXT_KEYS

    arrows = {Qt.Key_Left: "←", Qt.Key_Right: "→", Qt.Key_Up: "↑", Qt.Key_Down: "↓"}

    def names(keys):
        return " ".join(
            arrows.get(k) or QKeySequence(k).toString(QKeySequence.NativeText) for k in keys
        )

    return "\n".join(
        (
            f"Present mode (F5): {names(NEXT_KEYS)} next, {names(BACK_KEYS)} back, "
            "Home / End first / last, digits then Enter go to that step (slide);",
            "B (or .) blank, F full screen, Esc leave;  Z / Shift+Z (Ctrl+= / Ctrl+−) zoom "
            "in / out, Ctrl+0 100 %;  H hide the mouse, L the pointer halo, S the speaker view",
        )
    )


def _help_box(window, title, text):
    """A Help box, opened window-modal; the window keeps running."""
    box = _help_box_class()(window, title, text)
    box.setWindowModality(Qt.WindowModal)
    box.setAttribute(Qt.WA_DeleteOnClose)  # a box is made per click: none kept once closed
    box.open()  # not exec(): the window keeps running
    window.help_box = box
    return box


@cache
def _help_box_class():
    """The Help box's class, made when the first box opens (its Qt classes are not built at
    start-up)."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import (
        QDialog,
        QDialogButtonBox,
        QFrame,
        QLabel,
        QMessageBox,
        QScrollArea,
        QVBoxLayout,
    )

    class _HelpBox(QDialog):
        """A Help text at the window's text size (a dialog is a window of its own: Ctrl+=
        does not reach it), ~66 characters a line, as tall as its text within the screen —
        beyond, the text scrolls and OK stays on screen (Keys at 22 pt in a message box was
        822 px on a 720-line projector, its OK below the edge: an instructor's trial)."""

        def __init__(self, window, title: str, text: str):
            super().__init__(window)
            self.setWindowTitle(title)
            self.setFont(window.font())
            self._text = text
            self.label = QLabel(text)
            self.label.setObjectName("help_text")
            self.label.setTextFormat(Qt.PlainText)
            self.label.setWordWrap(True)
            self.label.setTextInteractionFlags(Qt.TextSelectableByMouse)
            area = QScrollArea()
            area.setObjectName("help_text_scroll")
            area.setFrameShape(QFrame.NoFrame)
            area.setWidgetResizable(True)
            area.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
            area.setWidget(self.label)
            buttons = QDialogButtonBox(QDialogButtonBox.Ok)
            buttons.accepted.connect(self.accept)
            self._ok = buttons.button(QDialogButtonBox.Ok)
            lay = QVBoxLayout(self)
            lay.addWidget(area, 1)
            lay.addWidget(buttons)
            geo = window.screen().availableGeometry() if window.screen() else None
            sw, sh = (geo.width(), geo.height()) if geo else (1024, 720)
            fm = QFontMetrics(self.font())
            text_w = max(min(66 * fm.averageCharWidth(), int(sw * 0.9) - 100), 200)
            m = lay.contentsMargins()
            bar = area.verticalScrollBar().sizeHint().width()
            chrome = buttons.sizeHint().height() + lay.spacing() + m.top() + m.bottom()
            tall = self.label.heightForWidth(text_w) + chrome + 4
            self.resize(text_w + bar + m.left() + m.right(), min(tall, int(sh * 0.85)))

        def text(self) -> str:
            return self._text

        def button(self, which):
            """The OK button (as :meth:`QMessageBox.button` gives it)."""
            ok = (QMessageBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Ok)
            return self._ok if which in ok else None

    return _HelpBox


def _about(window):
    from .. import __version__

    return _help_box(
        window,
        "About ringlab",
        f"ringlab {__version__}\n\nA desktop lab for linear "
        "network coding of Sum All-Reduce on rings (Tu, Chen, Yang): ring, tree and "
        "coded schedules on a worked matmul, Theorem 2 checked live, SAT search and "
        "the α-β cost model.",
    )


def _help_menu(window, bar):
    """Help: the keys, the file format, where the lessons are, the glossary, the sources, about."""
    hm = bar.addMenu("&Help")
    for text, title, keys in (
        ("&Keys…", "Keys", QKeySequence.HelpContents),
        ("The code &file format…", "The code file (*.ringlab.json)", None),
        ("Where the &lessons are…", "Lessons", None),
    ):
        _act(window, hm, text, keys, lambda t=title: _help_box(window, t, _help_text(t)))
    _act(window, hm, "&Glossary…", QKeySequence("Ctrl+Shift+G"), lambda: _open_glossary(window))
    _act(
        window,
        hm,
        "Glossary at this &term",
        QKeySequence("Shift+F1"),
        lambda: _open_glossary(window, here=True),
    )
    _act(window, hm, "&Sources…", None, lambda: _open_sources(window))
    _act(window, hm, "&About ringlab…", None, lambda: _about(window))


# the dialogs' modules load when first asked for, not while the first window is built
def _edit_properties(window) -> None:
    from .properties import edit_properties

    edit_properties(window)


def _open_glossary(window, here: bool = False) -> None:
    from .glossary import open_glossary

    open_glossary(window, here=here)


def _open_sources(window) -> None:
    from .sources import open_sources

    open_sources(window)
