"""The two-way window: the node boxes' grids (scrolling vertically) beside the check panel,
a Walkthrough tab, File (Open, Save, Save As, Close) and Edit (Undo, Redo).

The title is the file's name (or the code's, untitled) with Qt's ``[*]`` modified marker,
which follows the undo stack's clean state; closing with unsaved edits asks first.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QFrame,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.errors import RinglabError
from ...core.twoway import TwoWayCode
from ..undo_keys import UndoKeys
from ..window_dialogs import ask_to_save, box_is_open, show_error_box
from .check_panel import CheckPanel
from .files import read_two_way
from .grids import NodeBox
from .model import TwoWayModel

FILE_FILTER = "ringlab codes (*.ringlab.json *.json);;All files (*)"
_OPEN: list = []  # windows opened without a parent that keeps them


class TwoWayWindow(QMainWindow):
    """A two-way code in its own window; ``model`` is the :class:`TwoWayModel` it edits."""

    def __init__(self, code: TwoWayCode, path: str | None = None, parent=None):
        super().__init__(parent)
        self.setAttribute(Qt.WA_DeleteOnClose, False)
        self.model = TwoWayModel(code, path, self)
        self.last_error: str | None = None
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._editor(), "Editor")
        self.walk = None
        self._add_walkthrough()
        self.setCentralWidget(self.tabs)
        self._menus()
        self.model.said.connect(self.say)
        self.model.stack.cleanChanged.connect(self._title)
        self.model.path_changed.connect(self._title)
        self._title()
        self.resize(1280, 720)

    # -- building --------------------------------------------------------------------------
    def _editor(self) -> QWidget:
        split = QSplitter(Qt.Horizontal, self)
        scroll = QScrollArea(split)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.NoFrame)
        body = QWidget(scroll)
        lay = QVBoxLayout(body)
        self.boxes: list[NodeBox] = []
        for i in range(self.model.code.N):
            box = NodeBox(self.model, i, body)
            box.message.connect(self.say)
            lay.addWidget(box)
            self.boxes.append(box)
        lay.addStretch(1)
        scroll.setWidget(body)
        self.grids = scroll
        self.panel = CheckPanel(self.model, split)
        split.addWidget(scroll)
        split.addWidget(self.panel)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([900, 380])
        return split

    def _add_walkthrough(self) -> None:
        try:
            from .walk import WalkthroughTab, walkthrough_available
        except ImportError:
            return
        if walkthrough_available():
            self.walk = WalkthroughTab(self.model, self.tabs)
            self.tabs.addTab(self.walk, "Walkthrough")

    def _menus(self) -> None:
        files = self.menuBar().addMenu("&File")
        for text, keys, slot in (
            ("&Open…", QKeySequence.Open, self.open_file),
            ("&Save", QKeySequence.Save, self.save),
            ("Save &As…", QKeySequence.SaveAs, self.save_as),
            ("&Close", QKeySequence.Close, self.close),
        ):
            act = files.addAction(text)
            act.setShortcut(keys)
            act.triggered.connect(lambda _=False, s=slot: s())
        edit = self.menuBar().addMenu("&Edit")
        undo = self.model.stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.Undo)
        redo = self.model.stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit.addAction(undo)
        edit.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        self._undo_keys = UndoKeys(self, undo, redo)

    def _title(self, *_):
        m = self.model
        code = m.code
        if m.path:
            name = Path(m.path).name
        else:
            name = (code.name or f"N = {code.N}, K = {code.K}, T = {code.T}") + " (untitled)"
        self.setWindowTitle(f"{name}[*] — two-way ring — ringlab")
        self.setWindowModified(m.dirty)

    # -- messages --------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.statusBar().showMessage(text, 30000)

    def error(self, text: str) -> None:
        """One line in the status bar and a window-modal box (not blocking)."""
        self.last_error = text
        self.say(text)
        self.error_box = show_error_box(self, text)

    def error_box_open(self) -> bool:
        return box_is_open(getattr(self, "error_box", None))

    def ask_unsaved(self, action: str) -> str:
        """'save', 'discard' or 'cancel' (a question box; tests replace this method)."""
        return ask_to_save(self, "The two-way code", action)

    # -- files -----------------------------------------------------------------------------
    def open_file(self, path: str | None = None) -> bool:
        """Open another two-way file in a window of its own (this one stays)."""
        if path is None:
            from PySide6.QtWidgets import QFileDialog

            start = str(Path(self.model.path).parent) if self.model.path else ""
            path, _ = QFileDialog.getOpenFileName(self, "Open a two-way code", start, FILE_FILTER)
            if not path:
                return False
        try:
            code = read_two_way(path)
        except RinglabError as e:
            self.error(str(e))
            return False
        if code is None:
            self.error(
                f'{path}: not a two-way code (expected "ring": "two-way"); open a one-way '
                f"code with `ringlab FILE` or the main window's File → Open"
            )
            return False
        show_two_way(code, str(path))
        return True

    def save(self) -> bool:
        return self.save_as() if not self.model.path else self._write(self.model.path)

    def save_as(self, path: str | None = None) -> bool:
        if path is None:
            from PySide6.QtWidgets import QFileDialog

            start = self.model.path or "two-way-code.ringlab.json"
            path, _ = QFileDialog.getSaveFileName(self, "Save the code as", start, FILE_FILTER)
            if not path:
                return False
        return self._write(str(path))

    def _write(self, path: str) -> bool:
        try:
            self.model.save(path)
        except OSError as e:
            self.error(f"{path}: cannot be saved ({e.strerror or e}); your changes are still here")
            return False
        return True

    def closeEvent(self, event):  # noqa: N802 (Qt's name)
        if self.model.dirty:
            choice = self.ask_unsaved("close this window")
            if choice == "cancel" or (choice == "save" and not self.save()):
                event.ignore()
                return
        if self in _OPEN:
            _OPEN.remove(self)
        event.accept()
        # gone with its widgets once closed: the menu actions' lambdas hold the window, so
        # dropping the last Python name left a hidden window (and its application-wide key
        # filter) behind — each later change of the text size re-polished all of them
        self.deleteLater()


def show_two_way(code: TwoWayCode, path: str | None = None) -> TwoWayWindow:
    """A new two-way window on ``code`` (from ``path``), shown and kept until closed."""
    win = TwoWayWindow(code, path)
    _OPEN.append(win)
    win.show()
    return win
