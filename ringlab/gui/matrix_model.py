r"""One coefficient matrix of one node as a Qt table model.

Rows and columns are labelled as the paper labels them: $M_i$ and $\Lambda_i$ have one row per
transmission time t = 0..T−1; the columns of $\Lambda_i$ and $R_i$ are the symbols
"received at t = 1..T"; $M_i$'s and $T_i$'s columns are the message symbols k = 1..K, and
$R_i$'s and $T_i$'s rows the decoded sum's entries k = 1..K.

The model never does arithmetic: it shows ``document.code`` (and, for a ``T_i`` solved from
eq. (6), ``document.report.translation``) and writes through ``state.set_entry``.

A model outlives its node for a moment when N shrinks (a lesson, a preset, the N box): the
code already has fewer nodes while its grid still exists — a repaint or a tooltip before the
editor drops the grid asked the new code for node i and raised IndexError.  A model whose node
is gone (:attr:`MatrixModel.gone`) answers nothing and, told of the change, empties itself.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from ..core.code import cell_name, locked, matrix_shape
from ..core.errors import RinglabError
from .state_link import on_state, on_verdict_in

LOCKED_BG = QColor("#e4e4e4")
LOCKED_FG = QColor("#9a9a9a")
SOLVED_FG = QColor("#7a7a7a")
ERROR_BG = QColor("#ffc9c9")
WRONG_BG = QColor("#ffb0b0")

TITLES = {"M": "M", "Lambda": "Λ", "R": "R", "T": "T"}
SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")

# Qt asks data() and headerData() for every role of every cell and header at each paint: the
# roles, flags and orientations are read once here (a lookup such as ``Qt.ToolTipRole`` on
# PySide6's flat namespace costs ~15 µs, a thousand of them were a tenth of the first paint)
_DISPLAY = Qt.ItemDataRole.DisplayRole
_EDIT = Qt.ItemDataRole.EditRole
_ALIGN = Qt.ItemDataRole.TextAlignmentRole
_BACKGROUND = Qt.ItemDataRole.BackgroundRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole
_FONT = Qt.ItemDataRole.FontRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
_CENTRE = int(Qt.AlignmentFlag.AlignCenter)
_VERTICAL = Qt.Orientation.Vertical
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_READ_ONLY = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_EDITABLE = _READ_ONLY | Qt.ItemFlag.ItemIsEditable
_SOLID = Qt.BrushStyle.SolidPattern
_BRUSHES: dict[int, QBrush] = {}


def solid(colour: QColor) -> QBrush:
    """A solid brush of ``colour``, made once: ``QBrush(colour)`` has PySide6 weigh its
    QGradient and QImage overloads and build their enums (QGradient.Preset has 169 names), a
    few ms of the first paint; an empty brush given its colour is the same brush."""
    brush = _BRUSHES.get(colour.rgba())
    if brush is None:
        brush = _BRUSHES[colour.rgba()] = QBrush()
        brush.setColor(colour)
        brush.setStyle(_SOLID)
    return brush


def matrix_title(which: str, node: int) -> str:
    return TITLES[which] + str(node).translate(SUBSCRIPT)


class MatrixModel(QAbstractTableModel):
    message = Signal(str)  # a line for the status bar (the window shows it)

    """``(node, which)`` of the document's code; ``which`` in M, Lambda, R, T."""

    def __init__(self, document, node: int, which: str, parent=None):
        super().__init__(parent)
        self.document, self.node, self.which = document, node, which
        self.errors: dict[tuple[int, int], str] = {}  # rejected entries, shown beside the cell
        self._shape = self._current_shape()
        self._shown = self._current_values()
        self._texts_of = self._texts_field = self._texts = None  # (text(): the cells' texts)
        self._was_solved = self.solved
        self._was_wrong = tuple(self._translation_wrong())
        on_state(self, document.state.events.code, self._on_code_changed)
        if which == "T":  # solved entries and red cells come with the report
            on_verdict_in(self, document.state, self._on_code_changed)

    # -- what is shown --------------------------------------------------------------------
    @property
    def gone(self) -> bool:
        """Whether the code no longer has this model's node (N shrank; the grid is dropped)."""
        return self.node >= self.document.code.N

    def _current_shape(self):
        c = self.document.code
        return (0, 0) if self.gone else matrix_shape(self.which, c.K, c.T)

    @property
    def solved(self) -> bool:
        """True for a ``T_i`` solved from eq. (6) (shown greyed, read from the report)."""
        return self.which == "T" and not self.gone and self.document.code.node(self.node).T is None

    def _current_values(self):
        if self.gone:
            return ()
        m = self.document.code.node(self.node).get(self.which)
        if m is None:  # T solved from eq. (6)
            if self.document.report_pending:  # a large code: shown as "…" until then
                r, c = self._current_shape()
                return tuple((None,) * c for _ in range(r))
            return tuple(tuple(r) for r in self.document.report.translation[self.node])
        return m

    def _on_code_changed(self):
        shape = self._current_shape()  # (0, 0) once the node is gone
        if shape != self._shape:
            self.beginResetModel()
            self._shape = shape
            self._shown = self._current_values()
            self._was_solved = self.solved
            self._was_wrong = tuple(self._translation_wrong())
            self.errors.clear()
            self.endResetModel()
            return
        if self.gone:
            return
        m = self.document.code.node(self.node).get(self.which)
        # the code is immutable: an untouched matrix is the very same tuple (a given T_i is
        # redrawn anyway: its red "differs from eq. (6)" cells depend on the other matrices)
        if m is not None and m is self._shown and self.which != "T":
            return
        new, solved = self._current_values(), self.solved
        wrong = tuple(self._translation_wrong())
        unchanged = new == self._shown and solved == self._was_solved and wrong == self._was_wrong
        self._shown, self._was_solved, self._was_wrong = new, solved, wrong
        if unchanged:
            return
        self.errors.clear()
        r, c = self._shape
        if r and c:
            self.dataChanged.emit(self.index(0, 0), self.index(r - 1, c - 1))

    # -- Qt model interface ---------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else self._shape[0]

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else self._shape[1]

    def flags(self, index):
        if self.gone:
            return _NO_FLAGS
        return _READ_ONLY if locked(self.which, index.row(), index.column()) else _EDITABLE

    def text(self, r: int, c: int) -> str:
        # formatted once per matrix and field: Qt asks at every paint, and a text size change
        # measures every cell (an entry of Q formatted anew each time was ~5 % of a Ctrl+=)
        field = self.document.code.field
        if self._texts_of is not self._shown or self._texts_field is not field:
            self._texts = [
                ["…" if v is None else field.format(v) for v in row] for row in self._shown
            ]
            self._texts_of, self._texts_field = self._shown, field
        return self._texts[r][c]

    def data(self, index, role=_DISPLAY):
        if not index.isValid() or self.gone:
            return None
        r, c = index.row(), index.column()
        if role in (_DISPLAY, _EDIT):
            return self.text(r, c)
        if role == _ALIGN:
            return _CENTRE
        is_locked = locked(self.which, r, c)
        if role == _BACKGROUND:
            if (r, c) in self.errors:
                return solid(ERROR_BG)
            if is_locked:
                return solid(LOCKED_BG)
            if self.which == "T" and (r, c) in self._translation_wrong():
                return solid(WRONG_BG)
            return None
        if role == _FOREGROUND:
            if is_locked:
                return solid(LOCKED_FG)
            if self.solved:
                return solid(SOLVED_FG)
            return None
        if role == _FONT and self.solved:
            f = QFont()
            f.setItalic(True)
            return f
        if role == _TOOLTIP:
            if (r, c) in self.errors:
                return self.errors[(r, c)]
            if is_locked:
                return (
                    f"fixed at 0: Λ is strictly lower triangular (row t = {r} may only use "
                    f"symbols received at t = 1..{r})"
                )
            if self.solved:
                return "solved from eq. (6); type a value to give T by hand"
            if self.solved and self.document.report_pending:
                return "solved from eq. (6) once Theorem 2 is checked (in the background)"
            if self.which == "T" and (r, c) in self._translation_wrong():
                sol = self.document.report.translation[self.node][r][c]
                return f"differs from eq. (6), which gives {self.document.code.field.format(sol)}"
            return None
        return None

    def _translation_wrong(self):
        if self.which != "T" or self.gone or self.solved or self.document.report_pending:
            return ()
        return self.document.report.translation_wrong[self.node]

    def setData(self, index, value, role=_EDIT):
        if role != _EDIT or not index.isValid() or self.gone:
            return False
        r, c = index.row(), index.column()
        # "−" (U+2212), the minus of the paper's PDF, typed or pasted into one cell, is -
        text = str(value).strip().replace("−", "-")
        if text == self.text(r, c) and not self.solved:
            self.errors.pop((r, c), None)
            self.dataChanged.emit(index, index)
            return True
        was_solved = self.solved
        try:
            # straight to the state: grid → state → core → state → views, one direction
            self.document.state.set_entry(self.node, self.which, r, c, text)
        except RinglabError as e:
            self.reject(
                r,
                c,
                f"{matrix_title(self.which, self.node)} {cell_name(self.which, r, c)}: "
                f"{text!r} refused — " + _strip_place(str(e)),
            )
            return False
        if was_solved and not self.solved:
            # typing into the greyed, solved T_i makes it a given T_i: say so, it is checked now
            name = matrix_title(self.which, self.node)
            self.message.emit(
                f"{name} is now given by hand (it was solved from eq. (6)) "
                f"and is checked against eq. (6); tick “solved” to go back"
            )
        return True

    def reject(self, r: int, c: int, message: str) -> None:
        """Keep the old value, remember why, and say it (cell tooltip, grid label, status bar)."""
        self.errors[(r, c)] = message
        idx = self.index(r, c)
        self.dataChanged.emit(idx, idx)
        self.message.emit(message)

    def headerData(self, section, orientation, role=_DISPLAY):
        if role == _TOOLTIP:
            return self._header_tip(section, orientation)
        if role != _DISPLAY:
            return None
        axis = self._axis(orientation)
        return {"t": f"t={section}", "recv": f"t={section + 1}", "k": f"k={section + 1}"}[axis]

    def _axis(self, orientation) -> str:
        if orientation == _VERTICAL:
            return "t" if self.which in ("M", "Lambda") else "k"
        return "recv" if self.which in ("Lambda", "R") else "k"

    def _header_tip(self, section, orientation):
        axis = self._axis(orientation)
        if axis == "t":
            return f"row t = {section}: what node {self.node} sends at time {section}"
        if axis == "recv":
            return f"column: the symbol received at t = {section + 1}"
        if orientation == _VERTICAL:
            return f"row k = {section + 1}: entry {section + 1} of the decoded sum"
        return f"column k = {section + 1}: message symbol x_{{{self.node},{section + 1}}}"

    def axis_caption(self) -> str:
        """Short words under the grid title, e.g. 'columns: received at t = 1..3'."""
        rows, cols = self._shape
        t = f"t\u00a0=\u00a00..{rows - 1}"  # (no-break spaces: wrapped, "t = 0..13" stays whole)
        if self.which == "M":
            return f"rows: sent at {t}\ncolumns: x{str(self.node).translate(SUBSCRIPT)},k"
        if self.which == "Lambda":
            return f"rows: sent at {t}\ncolumns: received at t"
        if self.which == "R":
            return "rows: entry k of the sum\ncolumns: received at t"
        return "rows: entry k of the sum\ncolumns: x" + str(self.node).translate(SUBSCRIPT) + ",k"

    def rows_text(self, r0=0, c0=0, r1=None, c1=None) -> list[list[str]]:
        r1 = self._shape[0] if r1 is None else r1
        c1 = self._shape[1] if c1 is None else c1
        return [[self.text(r, c) for c in range(c0, c1)] for r in range(r0, r1)]


def _strip_place(msg: str) -> str:
    """Drop the core's "node i, M, row r, column c: " prefix (the grid already says where)."""
    head, sep, rest = msg.partition(": ")
    if sep and head.startswith("node ") and "row" in head:
        return rest
    return msg


# -- the paper's notation, explained where it appears (tooltips) -------------------------------
GLOSSARY = "lessons/glossary.md"
NOTATION = {
    "x": (
        "x_{i,k}: message symbol k (k = 1..K) of node i; x_i = [x_{i,1} … x_{i,K}] ∈ F^K",
        "x-ik",
    ),
    "s": (
        "s_i^(t): what node i has received at times 1..t (from its predecessor i′ = i − 1), "
        "a column of t symbols; s_i^(T) is all of it",
        "s",
    ),
    "y": (
        "y_i→^(t) = m_i^(t) x_i + λ_i^(t) s_i^(t): the symbol node i sends at time t to "
        "node i + 1, arriving at t + 1",
        "y",
    ),
    "G_T": (
        "G_T: the time-expanded graph (Definition 1): nodes i^(t) for t = 0..T, storage "
        "edges i^(t) → i^(t+1), transmission edges i^(t) → (i+1)^(t+1)",
        "G-T",
    ),
    "decode": (
        "ẑ_i = R_i s_i^(T) + T_i x_i (eq. (4)): node i's decode; feasible when it is "
        "Σ_j x_j at every node for every input",
        "R-T",
    ),
}


def notation_tip(*keys: str) -> str:
    """Tooltip text for the notation ``keys`` (of :data:`NOTATION`), each with its glossary
    anchor in the lessons (``lessons/glossary.md#x-ik``)."""
    return "\n".join(
        f"{NOTATION[k][0]}\n    (Shift+F1: Help → Glossary at this term; "
        f"glossary: {GLOSSARY}#{NOTATION[k][1]})"
        for k in keys
    )
