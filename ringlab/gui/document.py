"""The Qt side of the code in the one application state: undo, file path, dirty flag.

The code itself lives in :class:`ringlab.state.AppState` (``document.state.code``), with
everything else the window shows.  Data flows one way: an edit becomes an undoable command on
the document, which sets ``state.code``; the state emits ``events.code`` and the document
relays it as ``changed``.  A change made on the state directly (a lesson's action) is recorded
on the undo stack too, as one step: Ctrl+Z brings the previous code back whoever changed it.
:attr:`CodeDocument.analysis` (Theorem 2 report, bounds, shape, traces, comparisons —
:class:`ringlab.core.analysis.Analysis`) belongs to the current code and computes each piece
the first time a view asks for it.  Views never call the core's mathematics themselves and
write back only through the methods here.  What the document did (entries a resize dropped, a
field change) it says on ``message``; the window shows it.
"""
from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..core.analysis import Analysis
from ..core.code import LinearCode, cell_name
from ..core.theorem2 import Theorem2Report
from ..state import AppState


class _ReplaceCode(QUndoCommand):
    """Swap the whole (immutable) code: every edit, resize, field change or preset load."""

    def __init__(self, doc: "CodeDocument", new: LinearCode, text: str, merge_id: int = -1,
                 old: LinearCode | None = None):
        super().__init__(text)
        self._doc, self._new, self._merge = doc, new, merge_id
        self._old = doc.code if old is None else old

    def redo(self):
        self._doc._set(self._new)          # already the state's code when recorded after the fact

    def undo(self):
        self._doc._set(self._old)

    def id(self):
        return self._merge


class CodeDocument(QObject):
    """The edited code.  Signals: ``changing()`` just before and ``changed()`` after every change
    of the code (including undo/redo), ``path_changed(str)``, ``dirty_changed(bool)``,
    ``message(str)`` saying what an operation did, ``select_requested(int node, str matrix)``
    to focus a matrix in the editor."""

    changing = Signal()
    changed = Signal()
    path_changed = Signal(str)
    dirty_changed = Signal(bool)
    message = Signal(str)
    select_requested = Signal(int, str)
    # a large code's Theorem 2 report, computed in a worker thread, is in (ReportJob)
    report_ready = Signal()

    def __init__(self, code: LinearCode | None = None, path: str | None = None, parent=None,
                 state: AppState | None = None):
        super().__init__(parent)
        if state is None:
            state = AppState(code) if code is not None else AppState.initial()
        elif code is not None:
            state.code = code
        self.state = state
        self._path = path
        self._applying = False
        self._undo_text = "Change the code"
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        from .report_job import ReportJob
        self.report_job = ReportJob(state, self)
        self.report_job.ready.connect(self.report_ready)
        self.report_job.failed.connect(
            lambda err: self.message.emit(f"Theorem 2 could not be checked: {err}"))
        state.events.code.connect(self._on_state_code_changed)
        self.report_job.want()

    def _on_clean_changed(self, clean: bool):
        self.dirty_changed.emit(not clean)

    # -- read ---------------------------------------------------------------------------
    @property
    def code(self) -> LinearCode:
        return self.state.code

    @property
    def _code(self) -> LinearCode:
        return self.state.code

    @property
    def analysis(self) -> Analysis:
        """Everything derived from the current code, computed on first use, once per code."""
        return self.state.analysis

    @property
    def report(self) -> Theorem2Report:
        """Theorem 2 for the current code (``analysis.report``; computed now if it is still
        pending — views ask :attr:`report_pending` first and wait for ``report_ready``)."""
        return self.state.analysis.report

    @property
    def report_pending(self) -> bool:
        """Whether the current code's report is still being computed off the GUI thread."""
        return self.report_job.pending

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
        """Parse and set one entry; raises :class:`RinglabError` (old value kept) if refused.

        Typing into a ``T_i`` that was solved from eq. (6) starts from the solved matrix (what
        the user saw in the grid), not from zeros: only the typed entry changes.
        """
        code = self._code
        if which == "T" and code.node(node).T is None:
            code = code.with_matrix(node, "T", self.report.translation[node])
        new = code.with_entry(node, which, row, col, value)
        self.set_code(new, f"Edit node {node} {which} ({cell_name(which, row, col)})")

    def set_translation_solved(self, node: int, solved: bool) -> None:
        """Switch ``T_i`` between "solved from eq. (6)" and typed by hand (starting from the
        solved values, so the switch alone changes no decoded value)."""
        if solved:
            self.set_code(self._code.with_translation_solved(node), f"Node {node}: T solved from eq. (6)")
        elif self._code.node(node).T is None:
            self.set_code(self._code.with_matrix(node, "T", self.report.translation[node]),
                          f"Node {node}: T typed by hand")

    def resize(self, N: int | None = None, K: int | None = None, T: int | None = None) -> list[str]:
        """Change N, K or T as one undoable step, keeping every entry that still fits.

        Returns the non-zero entries that were dropped (also said on ``message``).
        """
        new, dropped = self._code.resized(N=N, K=K, T=T)
        what = ", ".join(f"{k} = {v}" for k, v in (("N", N), ("K", K), ("T", T)) if v is not None)
        if self._code.name:
            # a resized preset is no longer that preset: titles and exports must not say so
            base = self._code.name.split(" (resized to ")[0]
            new = new.with_meta(name=f"{base} (resized to N = {new.N}, K = {new.K}, T = {new.T})")
        self.set_code(new, f"Resize to {what}")
        if dropped:
            more = f" and {len(dropped) - 4} more" if len(dropped) > 4 else ""
            self.message.emit(f"{what}: dropped {len(dropped)} non-zero entr{'y' if len(dropped) == 1 else 'ies'} "
                              f"that no longer fit: " + "; ".join(dropped[:4]) + more + " (Ctrl+Z brings them back)")
        else:
            self.message.emit(f"{what}: every non-zero entry kept")
        return dropped

    def set_field(self, name: str) -> None:
        """Read every entry in another field as one undoable step.

        Raises :class:`RinglabError` naming each entry that is not an element of the new field;
        the code is then unchanged.
        """
        new = self._code.with_field(name)
        if new.field.name == self._code.field.name:
            return
        old = self._code.field.name
        self.set_code(new, f"Field {old} → {new.field.name}")
        typed = " ".join(str(name).split())
        # GF(4) is written GF(2^2) everywhere in ringlab (one name): say so where it is typed
        alias = (f" ({typed} is written {new.field.name} in ringlab: the same field)"
                 if typed.replace(" ", "") != new.field.name.replace(" ", "") else "")
        self.message.emit(f"field changed to {new.field.name}{alias}: every entry read in the "
                          f"new field (Ctrl+Z goes back to {old})")

    def open_code(self, code: LinearCode, path: str | None, text: str) -> None:
        """Load a file (or a new code) as one undoable step and mark it as saved."""
        self.set_code(code, text)
        self.set_path(path)
        self.mark_clean()

    def select_matrices(self, pairs) -> None:
        """Ask the editor to select these ``(node, matrix)`` pairs (one ``select_requested``
        each, in the same event-loop turn: the editor treats them as one selection)."""
        for node, which in pairs:
            self.select_requested.emit(int(node), str(which))

    def set_matrix(self, node: int, which: str, rows, text: str | None = None) -> None:
        new = self._code.with_matrix(node, which, rows)
        self.set_code(new, text or f"Set node {node} {which}")

    def _set(self, code: LinearCode) -> None:
        if code is self.state.code:
            return
        self.changing.emit()
        self._applying = True
        try:
            self.state.code = code
        finally:
            self._applying = False

    def _on_state_code_changed(self, new: LinearCode, old: LinearCode) -> None:
        if not self._applying:
            # changed on the state itself (a lesson's action): one undoable step all the same
            self.changing.emit()
            self.undo_stack.push(_ReplaceCode(self, new, self._undo_text, old=old))
        # a small code's report at once (readers of changed() see it); a large one's in the
        # worker, announced by report_ready
        self.report_job.want()
        self.changed.emit()

    @contextmanager
    def undo_text(self, text: str):
        """Name the undo step of code changes made on the state inside this block."""
        before, self._undo_text = self._undo_text, text
        try:
            yield
        finally:
            self._undo_text = before

    def set_path(self, path: str | None) -> None:
        self._path = path
        self.path_changed.emit(path or "")

    def mark_clean(self) -> None:
        self.undo_stack.setClean()
