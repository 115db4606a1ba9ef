"""The Qt side of the code in the one application state: undo, the file, the dirty flag.

The code, Theorem 2's verdict for it (checking / ready / failed, computed by the state's job
runner — here :func:`ringlab.gui.jobs.qt_job_runner`, so a large code's check runs in a process
and lands on the GUI thread) and the :class:`~ringlab.state.CodeSource` it belongs to all live
in :class:`ringlab.state.AppState`.  A change of the code is made on the state (an edit in a
grid, a lesson's action, a search's ``load``) and recorded here on the undo stack as one step,
with the document it opened; opening a file or a preset is such a step pushed from here.  Ctrl+Z
brings back the previous code and its file, whoever changed it.  What the state says of a change
(entries a resize dropped, a field change) and a verdict that could not be checked come out on
``message``; the window shows them.
"""

from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..core.analysis import Analysis
from ..core.code import LinearCode
from ..core.theorem2 import Theorem2Report
from ..state import AppState, CodeSource, same_code
from .state_link import verdict_landed

# Ctrl+Z reaches this many steps back: each step keeps a whole code (a 32-node code with
# K = 64, T = 128 is ~1 MB of matrices; unchanged nodes are shared between steps)
UNDO_LIMIT = 200


class _ReplaceCode(QUndoCommand):
    """Swap the whole (immutable) code — every edit, resize, field change, preset load — and,
    for a step that opens another document (a file, a preset, a search result, a lesson's
    code), the :class:`CodeSource` it belongs to: Ctrl+Z brings back the code *and its file*."""

    def __init__(
        self,
        doc: CodeDocument,
        new: LinearCode,
        text: str,
        old: LinearCode | None = None,
        new_source: CodeSource | None = None,
        old_source: CodeSource | None = None,
    ):
        super().__init__(text)
        self._doc, self._new, self._new_source = doc, new, new_source
        self._old = doc.code if old is None else old
        self._old_source = (
            old_source
            if old_source is not None
            else (doc.state.source if new_source is not None else None)
        )

    def redo(self):
        self._doc._apply(self._new, self._new_source)  # a no-op when recorded after the fact

    def undo(self):
        self._doc._apply(self._old, self._old_source)


class CodeDocument(QObject):
    """The edited code's undo stack, file and dirty flag.  Signals: ``changing()`` just before
    and ``changed()`` after every change of the code (including undo/redo),
    ``path_changed(str)`` when the code's document changes (another file, untitled, saved as),
    ``dirty_changed(bool)``, ``message(str)`` saying what an operation did,
    ``select_requested(int node, str matrix)`` to focus a matrix in the editor, and
    ``report_ready()`` when a large code's Theorem 2 verdict, checked in the background, is in.

    The code, its verdict and its source (:class:`ringlab.state.CodeSource`) live in the state.
    "Modified" means: the code differs from what its file holds (as last opened or saved), or,
    untitled, from what it was when it came (a preset, a search result, a lesson's code)."""

    changing = Signal()
    changed = Signal()
    path_changed = Signal(str)
    dirty_changed = Signal(bool)
    message = Signal(str)
    select_requested = Signal(int, str)
    report_ready = Signal()

    def __init__(
        self,
        code: LinearCode | None = None,
        path: str | None = None,
        parent=None,
        state: AppState | None = None,
        origin: str = "",
    ):
        super().__init__(parent)
        if state is None:
            state = AppState(code) if code is not None else AppState.initial()
        elif code is not None:
            state.code = code
        self.state = state
        self._saved: dict[str, LinearCode] = {}  # file -> the code it holds (opened or saved)
        if path:
            self._saved[str(path)] = state.code
        state.source = CodeSource(str(path) if path else None, origin, baseline=state.code)
        self._applying = False
        self._undo_text = "Change the code"
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(UNDO_LIMIT)
        self._last = (state.code, state.source)  # what the undo stack last recorded
        self._dirty = False
        from .jobs import qt_job_runner

        state.jobs = qt_job_runner(self)
        state.events.code.connect(self._on_state_code_changed)
        state.events.source.connect(self._on_state_source_changed)
        state.events.verdict.connect(self._on_verdict_changed)
        state.said.connect(self._on_said)
        state.want_report()

    def _on_said(self, text: str) -> None:
        self.message.emit(text)

    def _on_verdict_changed(self, new, old) -> None:
        if new is not None and new.status == "failed":
            self.message.emit(f"Theorem 2 could not be checked: {new.error}")
        if verdict_landed(new, old):
            self.report_ready.emit()  # the views that said "checking…" repaint

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
        """Whether a job is checking the current code off the GUI thread right now."""
        return self.state.report_pending

    @property
    def path(self) -> str | None:
        return self.state.source.path

    @property
    def source(self) -> CodeSource:
        return self.state.source

    @property
    def dirty(self) -> bool:
        src = self.state.source
        base = self._saved.get(src.path) if src.path else src.baseline
        return not same_code(self.state.code, base)

    # -- write (each an undoable step, recorded when the state emits it) ---------------------
    # The acts themselves are the state's (ringlab.state._edits): a grid writes to the state,
    # and the undo stack below records what the state did — the same for a lesson's acts.
    def set_code(self, code: LinearCode, text: str = "Replace code") -> None:
        """Replace the whole code as one undoable step, in the same document (an edit of it)."""
        if code != self._code:
            self.state.set_code(code, act=text)

    def set_entry(self, node: int, which: str, row: int, col: int, value) -> None:
        self.state.set_entry(node, which, row, col, value)

    def set_translation_solved(self, node: int, solved: bool) -> None:
        self.state.set_translation_solved(node, solved)

    def resize(self, N: int | None = None, K: int | None = None, T: int | None = None) -> list[str]:
        return self.state.resize(N=N, K=K, T=T)

    def set_field(self, name: str) -> None:
        self.state.set_field(name)

    def set_meta(self, name: str, description: str) -> None:
        self.state.set_meta(name, description)

    def set_matrix(self, node: int, which: str, rows, text: str | None = None) -> None:
        self.state.set_matrix(node, which, rows, act=text)

    def load_code(self, code: LinearCode, origin: str, text: str | None = None) -> None:
        """Make ``code`` a new untitled, unmodified document (a preset, a search result, a
        pasted code): Save asks for a name, so the file that was open is never written over;
        Ctrl+Z brings back the previous code and its file."""
        self.open_code(code, None, text or origin, origin=origin)

    def open_code(
        self, code: LinearCode, path: str | None, text: str, origin: str | None = None
    ) -> None:
        """Open ``code`` as another document — the file ``path``, or untitled when None — as
        one undoable step (Ctrl+Z brings back the previous code and its file), unmodified."""
        if path:
            path = str(path)
            self._saved[path] = code
        src = CodeSource(path, origin or "", baseline=code)
        self.undo_stack.push(_ReplaceCode(self, code, text, new_source=src))

    def select_matrices(self, pairs) -> None:
        """Ask the editor to select these ``(node, matrix)`` pairs (one ``select_requested``
        each, in the same event-loop turn: the editor treats them as one selection)."""
        for node, which in pairs:
            self.select_requested.emit(int(node), str(which))

    def _apply(self, code: LinearCode, source: CodeSource | None) -> None:
        st = self.state
        if code is st.code and (source is None or source is st.source):
            return
        if code is not st.code:
            self.changing.emit()
        self._applying = True
        try:
            if source is None:
                st.code = code
            else:
                st.update(code=code, source=source)
        finally:
            self._applying = False
        self._last = (st.code, st.source)
        self._update_dirty()

    def _record(self) -> None:
        """A change made on the state itself (a lesson's action, a search's load): one
        undoable step all the same, with the document it opened if it opened one."""
        st = self.state
        (old_code, old_source), self._last = self._last, (st.code, st.source)
        if self._applying or (old_code is st.code and old_source is st.source):
            return
        opened = old_source is not st.source
        text = self._undo_text if self._undo_text != "Change the code" else st.act
        st.act = type(st).act  # the next change names itself anew
        self.undo_stack.push(
            _ReplaceCode(
                self,
                st.code,
                text,
                old=old_code,
                new_source=st.source if opened else None,
                old_source=old_source if opened else None,
            )
        )
        self._update_dirty()

    def _on_state_code_changed(self, new: LinearCode, old: LinearCode) -> None:
        if not self._applying:
            self._record()  # first: the views below see the step recorded
            self.changing.emit()
        # the state asked for the new code's verdict before this (its handler runs first):
        # a small code's is in now, a large one's arrives as report_ready
        self.changed.emit()

    def _on_state_source_changed(self, new: CodeSource, old: CodeSource) -> None:
        if not self._applying:
            self._record()
        self._update_dirty()
        self.path_changed.emit(new.path or "")

    def _update_dirty(self) -> None:
        d = self.dirty
        if d != self._dirty:
            self._dirty = d
            self.dirty_changed.emit(d)

    @contextmanager
    def undo_text(self, text: str):
        """Name the undo step of code changes made on the state inside this block."""
        before, self._undo_text = self._undo_text, text
        try:
            yield
        finally:
            self._undo_text = before

    def set_path(self, path: str | None) -> None:
        """The code now belongs to ``path`` (saved there, or restored from its autosave) —
        not an undoable step: the file on disk does not change back with Ctrl+Z."""
        src = self.state.source
        self._applying = True
        try:
            self.state.source = CodeSource(
                str(path) if path else None, src.origin, baseline=src.baseline
            )
        finally:
            self._applying = False
        self._last = (self.state.code, self.state.source)
        self._update_dirty()

    def mark_clean(self) -> None:
        """The code as it is now is what its file holds (just saved) or, untitled, how it came."""
        src = self.state.source
        if src.path:
            self._saved[src.path] = self.state.code
            self._update_dirty()
        else:
            self._applying = True
            try:
                self.state.source = CodeSource(None, src.origin, baseline=self.state.code)
            finally:
                self._applying = False
            self._last = (self.state.code, self.state.source)
            self._update_dirty()
