"""The one document object the app edits: a :class:`LinearCode`, its analysis, its undo stack.

Data flows one way: an edit becomes an undoable command on the document; the document emits
one ``changed`` signal; analysis (Theorem 2 report, trace) is recomputed lazily from the code
and handed to every view.  Views never compute mathematics and write back only through the
methods here.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..core.code import LinearCode
from ..core.theorem2 import Theorem2Report, theorem2_report


class _ReplaceCode(QUndoCommand):
    """Swap the whole (immutable) code: every edit, resize, field change or preset load."""

    def __init__(self, doc: "CodeDocument", new: LinearCode, text: str, merge_id: int = -1):
        super().__init__(text)
        self._doc, self._old, self._new, self._merge = doc, doc.code, new, merge_id

    def redo(self):
        self._doc._set(self._new)

    def undo(self):
        self._doc._set(self._old)

    def id(self):
        return self._merge


class CodeDocument(QObject):
    """The edited code.  Signals: ``changed()`` after every change of the code (including
    undo/redo), ``path_changed(str)``, ``dirty_changed(bool)``, ``message(str)`` for the status
    bar, ``select_requested(int node, str matrix)`` to focus a matrix in the editor."""

    changed = Signal()
    path_changed = Signal(str)
    dirty_changed = Signal(bool)
    message = Signal(str)
    select_requested = Signal(int, str)

    def __init__(self, code: LinearCode, path: str | None = None, parent=None):
        super().__init__(parent)
        self._code = code
        self._report: Theorem2Report | None = None
        self._path = path
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(lambda clean: self.dirty_changed.emit(not clean))

    # -- read ---------------------------------------------------------------------------
    @property
    def code(self) -> LinearCode:
        return self._code

    @property
    def report(self) -> Theorem2Report:
        """Theorem 2 for the current code, computed once per change."""
        if self._report is None or self._report.code is not self._code:
            self._report = theorem2_report(self._code)
        return self._report

    @property
    def path(self) -> str | None:
        return self._path

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    # -- write (all undoable) -----------------------------------------------------------
    def set_code(self, code: LinearCode, text: str = "Replace code") -> None:
        """Replace the whole code as one undoable step (preset load, search result, paste)."""
        if code == self._code:
            return
        self.undo_stack.push(_ReplaceCode(self, code, text))

    def set_entry(self, node: int, which: str, row: int, col: int, value) -> None:
        """Parse and set one entry; raises :class:`RinglabError` (old value kept) if refused."""
        new = self._code.with_entry(node, which, row, col, value)
        self.set_code(new, f"Edit node {node} {which}[{row},{col}]")

    def set_matrix(self, node: int, which: str, rows, text: str | None = None) -> None:
        new = self._code.with_matrix(node, which, rows)
        self.set_code(new, text or f"Set node {node} {which}")

    def _set(self, code: LinearCode) -> None:
        self._code = code
        self._report = None
        self.changed.emit()

    def set_path(self, path: str | None) -> None:
        self._path = path
        self.path_changed.emit(path or "")

    def mark_clean(self) -> None:
        self.undo_stack.setClean()
