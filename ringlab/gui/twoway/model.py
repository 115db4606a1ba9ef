"""The two-way window's model: the code, its exact report and the undo stack.

Views never change the code themselves: a grid calls :meth:`TwoWayModel.set_entry`, which
builds the new code (:func:`edited`, pure), pushes it as a command on the ``QUndoStack`` and
then tells every view (``changed``).  Undo and redo are the stack's: Ctrl+Z and Ctrl+Shift+Z
step through the edits, and the stack's clean state is the file's (the title's ``*``).

Where a cell is named the grids' words are used: ``node 1, sends cw, M, row t = 0, column
k = 2``, rows and columns as the headers number them.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ...core.errors import RinglabError
from ...core.twoway import TwoWayCode, two_way_cell, two_way_shape
from ...core.twoway_check import TwoWayReport, twoway_report
from .files import write_two_way

#: the parts of a node the window shows: what it sends each way, and its decoder
PARTS = ("cw", "ccw", "dec")
PART_MATRICES = {"cw": ("M", "Lambda_cw", "Lambda_ccw"), "ccw": ("M", "Lambda_cw", "Lambda_ccw")}
PART_MATRICES["dec"] = ("R_cw", "R_ccw", "T")
SHOWN = {"M": "M", "Lambda_cw": "Λ_cw", "Lambda_ccw": "Λ_ccw", "R_cw": "R_cw", "R_ccw": "R_ccw"}
SHOWN["T"] = "T"


def part_words(part: str) -> str:
    return {"cw": "sends cw", "ccw": "sends ccw", "dec": "decoder"}[part]


def place(node: int, part: str, which: str, r: int | None = None, c: int | None = None) -> str:
    """``node 1, sends cw, Λ_ccw, row t = 2, column t = 1`` (the cell, if given)."""
    out = f"node {node}, {part_words(part)}, {SHOWN[which]}"
    return out if r is None else f"{out}, {two_way_cell(which, r, c)}"


def locked(which: str, r: int, c: int) -> bool:
    """The diagonal and upper triangle of a Λ: fixed at 0 (strictly lower triangular)."""
    return which.startswith("Lambda") and c >= r


def matrix_of(code: TwoWayCode, node: int, part: str, which: str, report=None):
    """The rows shown for ``(node, part, which)``; a ``T`` left out is the solved one from
    ``report`` (None if there is none to show)."""
    nd = code.node(node)
    if part != "dec":
        return nd.sender(part).get(which)
    m = getattr(nd, which)
    if m is None and which == "T" and report is not None and report.translation:
        return report.translation[node]
    return m


def edited(code: TwoWayCode, node, part, which, r, c, text, report=None) -> TwoWayCode:
    """``code`` with one entry typed; raises :class:`RinglabError` with one line naming the
    cell, what was typed and what was expected (the old code stays)."""
    where = place(node, part, which, r, c)
    if locked(which, r, c):
        raise RinglabError(
            f"{where}: fixed at 0 (Λ is strictly lower triangular: row t may only use "
            f"symbols received at t = 1..t)"
        )
    F = code.field
    try:
        v = F.parse(text)
    except RinglabError as e:
        raise RinglabError(f"{where}: {text!r} refused — {e}") from None
    rows = [list(row) for row in matrix_of(code, node, part, which, report)]
    rows[r][c] = v
    m = tuple(tuple(row) for row in rows)
    nd = code.node(node)
    if part == "dec":
        nd = replace(nd, **{which: m})
    else:
        nd = replace(nd, **{part: replace(nd.sender(part), **{which: m})})
    nodes = code.nodes[:node] + (nd,) + code.nodes[node + 1 :]
    return replace(code, nodes=nodes)


class _SetCode(QUndoCommand):
    """One edit: the code before and after (both immutable)."""

    def __init__(self, model: TwoWayModel, old: TwoWayCode, new: TwoWayCode, text: str):
        super().__init__(text)
        self.model, self.old, self.new = model, old, new

    def redo(self):
        self.model._show(self.new)

    def undo(self):
        self.model._show(self.old)


class TwoWayModel(QObject):
    """The code being edited, its report (exact, recomputed after each change), the file it
    came from and the undo stack.  ``changed`` after every change of the code; ``said`` a line
    for the status bar; ``path_changed`` when the file is named."""

    changed = Signal()
    said = Signal(str)
    path_changed = Signal()

    def __init__(self, code: TwoWayCode, path: str | None = None, parent=None):
        super().__init__(parent)
        self.code = code
        self.report: TwoWayReport = twoway_report(code)
        self.path = str(path) if path else None
        self.stack = QUndoStack(self)

    # -- reading ---------------------------------------------------------------------------
    @property
    def dirty(self) -> bool:
        return not self.stack.isClean()

    def shape(self, which: str) -> tuple[int, int]:
        return two_way_shape(which, self.code.K, self.code.T)

    def matrix(self, node: int, part: str, which: str):
        return matrix_of(self.code, node, part, which, self.report)

    def solved(self, node: int, which: str) -> bool:
        """True for a ``T`` the code leaves out (shown as the check solves it)."""
        return which == "T" and self.code.node(node).T is None

    # -- writing ---------------------------------------------------------------------------
    def set_entry(self, node: int, part: str, which: str, r: int, c: int, text: str) -> None:
        """Type ``text`` into one cell, as one undoable step; :class:`RinglabError` (one line,
        the cell named) if refused."""
        new = edited(self.code, node, part, which, r, c, text, self.report)
        if new == self.code and not self.solved(node, which):
            return
        was_solved = self.solved(node, which)
        cell = two_way_cell(which, r, c)
        self.stack.push(_SetCode(self, self.code, new, f"Edit node {node} {which} ({cell})"))
        if was_solved:
            self.said.emit(
                f"node {node}'s T is now given by hand (it was solved by the check, starting "
                f"from the solved values); Ctrl+Z goes back"
            )

    def _show(self, code: TwoWayCode) -> None:
        self.code = code
        self.report = twoway_report(code)
        self.changed.emit()

    def save(self, path: str) -> None:
        """Write the file (atomically); OSError is the caller's to say."""
        write_two_way(self.code, path)
        self.stack.setClean()
        if path != self.path:
            self.path = str(path)
            self.path_changed.emit()
        self.said.emit(f"saved {path}")
