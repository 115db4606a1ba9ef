"""The two-way code's grids: one table per matrix, one box per node.

Each node's box (:class:`NodeBox`) holds three rows of grids: what it sends clockwise (``M``,
``Λ_cw``, ``Λ_ccw``), what it sends counter-clockwise (the same three) and, when the code
has one, its decoder (``R_cw``, ``R_ccw``, ``T``).  The tables are the one-way editor's
(:class:`~ringlab.gui.matrix_table.MatrixTable`: Enter commits and moves down, sized to show
every cell) and their headers number rows and columns as its headers do (``t=0``, ``k=1``).
A grid writes only through :meth:`~.model.TwoWayModel.set_entry`; a refused entry keeps its
old value, turns the cell red and says why (tool tip and ``message``).
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from ...core.errors import RinglabError
from ..flow_layout import FlowLayout
from ..matrix_model import ERROR_BG, LOCKED_BG, LOCKED_FG, SOLVED_FG
from ..matrix_table import MatrixTable
from .model import PART_MATRICES, SHOWN, TwoWayModel, locked

_DISPLAY, _EDIT = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole
_READ_ONLY = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_EDITABLE = _READ_ONLY | Qt.ItemFlag.ItemIsEditable

# what each matrix's rows and columns count: "t" a send time t = 0..T−1, "recv" the symbol
# received at t = 1..T, "k" a message symbol or an entry of the sum, k = 1..K
AXES = {"M": ("t", "k"), "R": ("k", "recv"), "T": ("k", "k"), "Lambda": ("t", "recv")}


def axes(which: str) -> tuple[str, str]:
    return AXES[which.split("_")[0]]


def header(axis: str, section: int) -> str:
    return {"t": f"t={section}", "recv": f"t={section + 1}", "k": f"k={section + 1}"}[axis]


class TwoWayMatrixModel(QAbstractTableModel):
    """Matrix ``which`` of ``part`` (``cw``, ``ccw`` or ``dec``) of node ``node``."""

    message = Signal(str)

    def __init__(self, model: TwoWayModel, node: int, part: str, which: str, parent=None):
        super().__init__(parent)
        self.model, self.node, self.part, self.which = model, node, part, which
        self.errors: dict[tuple[int, int], str] = {}
        self._shown = model.matrix(node, part, which)
        model.changed.connect(self._on_changed)

    def _on_changed(self):
        new = self.model.matrix(self.node, self.part, self.which)
        if new == self._shown and not self.errors:
            return
        self._shown = new
        self.errors.clear()
        rows, cols = self.model.shape(self.which)
        self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, cols - 1))

    @property
    def solved(self) -> bool:
        return self.part == "dec" and self.model.solved(self.node, self.which)

    def rowCount(self, parent=QModelIndex()):  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else self.model.shape(self.which)[0]

    def columnCount(self, parent=QModelIndex()):  # noqa: N802
        return 0 if parent.isValid() else self.model.shape(self.which)[1]

    def text(self, r: int, c: int) -> str:
        if self._shown is None:
            return "…"
        return self.model.code.field.format(self._shown[r][c])

    def flags(self, index):
        return _READ_ONLY if locked(self.which, index.row(), index.column()) else _EDITABLE

    def data(self, index, role=_DISPLAY):
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        if role in (_DISPLAY, _EDIT):
            return self.text(r, c)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        fixed = locked(self.which, r, c)
        if role == Qt.ItemDataRole.BackgroundRole:
            if (r, c) in self.errors:
                return QBrush(ERROR_BG)
            return QBrush(LOCKED_BG) if fixed else None
        if role == Qt.ItemDataRole.ForegroundRole:
            if fixed:
                return QBrush(LOCKED_FG)
            return QBrush(SOLVED_FG) if self.solved else None
        if role == Qt.ItemDataRole.FontRole and self.solved:
            f = QFont()
            f.setItalic(True)
            return f
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(r, c, fixed)
        return None

    def _tip(self, r: int, c: int, fixed: bool):
        if (r, c) in self.errors:
            return self.errors[(r, c)]
        if fixed:
            return (
                f"fixed at 0: Λ is strictly lower triangular (row t = {r} may only use "
                f"symbols received at t = 1..{r})"
            )
        if self.solved:
            return "solved by the check (the file leaves T out); type a value to give T by hand"
        return None

    def setData(self, index, value, role=_EDIT):  # noqa: N802
        if role != _EDIT or not index.isValid():
            return False
        r, c = index.row(), index.column()
        text = str(value).strip().replace("−", "-")  # the paper's minus sign, typed or pasted
        try:
            self.model.set_entry(self.node, self.part, self.which, r, c, text)
        except RinglabError as e:
            self.errors[(r, c)] = str(e)
            self.dataChanged.emit(index, index)
            self.message.emit(str(e))
            return False
        if (r, c) in self.errors:
            del self.errors[(r, c)]
            self.dataChanged.emit(index, index)
        return True

    def headerData(self, section, orientation, role=_DISPLAY):  # noqa: N802
        if role != _DISPLAY:
            return None
        rows, cols = axes(self.which)
        return header(rows if orientation == Qt.Orientation.Vertical else cols, section)


def _stream_words(which: str, node: int, N: int) -> str:
    """What a Λ or R reads: ``cw stream, from node 2``."""
    if which.endswith("_cw"):
        return f"reads the cw stream, from node {(node - 1) % N}"
    if which.endswith("_ccw"):
        return f"reads the ccw stream, from node {(node + 1) % N}"
    return f"node {node}'s own symbols x"


class NodeBox(QGroupBox):
    """Node ``node``: its senders' grids and its decoder's; ``message`` says a refused entry."""

    message = Signal(str)

    def __init__(self, model: TwoWayModel, node: int, parent=None):
        N = model.code.N
        super().__init__(
            f"Node {node} (sends cw to {(node + 1) % N} and ccw to {(node - 1) % N})", parent
        )
        self.setAccessibleName(f"Node {node}")
        self.model, self.node = model, node
        self.tables: dict[tuple[str, str], MatrixTable] = {}
        lay = QVBoxLayout(self)
        parts = ("cw", "ccw", "dec") if model.code.has_decoders else ("cw", "ccw")
        for part in parts:
            lay.addWidget(self._part_heading(part, N))
            row = QWidget(self)
            flow = FlowLayout(row)
            flow.setContentsMargins(0, 0, 0, 0)
            for which in PART_MATRICES[part]:
                flow.addWidget(self._grid(part, which, N))
            lay.addWidget(row)

    def _part_heading(self, part: str, N: int) -> QLabel:
        i = self.node
        words = {
            "cw": f"Sends clockwise, to node {(i + 1) % N}",
            "ccw": f"Sends counter-clockwise, to node {(i - 1) % N}",
            "dec": "Decoder: ẑ = R_cw s_cw + R_ccw s_ccw + T x",
        }[part]
        label = QLabel(f"<b>{words}</b>", self)
        return label

    def _grid(self, part: str, which: str, N: int) -> QWidget:
        box = QWidget(self)
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 0, 6, 0)
        lay.setSpacing(2)
        title = QLabel(f"{SHOWN[which]}  <small>({_stream_words(which, self.node, N)})</small>")
        lay.addWidget(title)
        m = TwoWayMatrixModel(self.model, self.node, part, which, box)
        m.message.connect(self.message)
        table = MatrixTable(m, box)
        table.setAccessibleName(f"Node {self.node} {part} {which}")
        lay.addWidget(table)
        lay.addStretch(1)
        self.tables[(part, which)] = table
        return box

    def table(self, part: str, which: str) -> MatrixTable:
        return self.tables[(part, which)]
