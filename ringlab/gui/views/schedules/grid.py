"""One schedule's column in the comparison: title, rule, grid at the current step, sends.

The grid is drawn like the worked ring and tree examples': rows = cores, columns = chunks, a cell written on this step
starred and highlighted, a cell holding the complete sum tinted green; in the store-only phases
(all-gather, broadcast-down) a cell not yet final shows the examples' ".", and a coded cell of
which nothing is known yet shows "·".  All text comes from :mod:`ringlab.core.schedules.text`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ....core.schedules import ring_model, schedule_info
from ....core.schedules.matmul import format_number
from ....core.schedules.text import cell_text, step_caption
from ...matrix_model import notation_tip
from ...settings import set_text_colour
from .._widgets import label
from . import more
from .link_loads import LinkLoads

CHANGED = QColor("#ffd966")
FINAL = QColor("#cfeccf")
STALE_TEXT = QColor("#9a9a9a")
BASE_COLUMNS = ("ring", "tree", "coded")
COLUMNS_PER_ROW = 3  # ring, tree, code on the first row; chosen algorithms below, 3 a row
# (fewer a row on a tab too narrow for three whole grids: each grid keeps its whole width)
# a note of the core's traces meant for programmers (which cost function to call), not shown
_PROGRAMMER_NOTE = "messages carry different numbers of chunks"


def whole_vector(trace) -> bool:
    """The grid's columns are positions of one whole vector (the tree and the schedules
    that never cut it), not chunks."""
    return trace.name == "tree" or (
        trace.name not in ("ring", "coded") and trace.message_chunks == 1
    )


def coded_caption(trace, k: int) -> str:
    """What a coded grid's cells are at step k (DESIGN: a code has no buffers).  Cell (i, k)
    is entry k of core i's running partial decode $R_i s_i^{(t)} + T_i x_i$ with the symbols
    not yet arrived counted as 0 — what eq. (4) would output if decoding stopped now."""
    T = trace.T
    if k <= 0:
        return "start: running partial decode Rᵢ sᵢ + Tᵢ xᵢ before anything arrives"
    if k > T:
        return f"done after {T} steps: each cell is the decode ẑᵢ = Rᵢ sᵢ + Tᵢ xᵢ"
    return f"step {k} of {T}: running partial decode Rᵢ sᵢ + Tᵢ xᵢ, symbols of t = 1..{k}"


class ScheduleColumn(QWidget):
    """Shows one :class:`~ringlab.core.schedules.trace.ScheduleTrace` at step k; ``fitted``
    when its grid's width may have changed (a new step, trace or text size)."""

    fitted = Signal()

    def __init__(self, name: str, parent=None):
        super().__init__(parent)
        self.setObjectName(f"column_{name}")
        self.trace, self.k = None, 0
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.title = label()
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        self.rule = label(colour="#444")
        self.caption = label(name=f"caption_{name}")
        self.table = QTableWidget()
        self.table.setObjectName(f"grid_{name}")
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.NoSelection)
        self.table.setFocusPolicy(Qt.NoFocus)
        # sized to the contents once per step (_fit_table), not by the headers: in
        # ResizeToContents mode every setItem re-measures the whole grid (seconds a step at N = 32)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Fixed)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.Fixed)
        mono = QFont("monospace")
        mono.setStyleHint(QFont.Monospace)
        self.table.setFont(mono)
        # a grid wider than its column scrolls sideways; its height then counts the scroll bar
        # (with six columns in rows of three the last core's row hid behind it)
        self.table.installEventFilter(self)
        # columns share the width equally (stretch), whatever their grids would like
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.setMinimumWidth(160)
        self.sends = QLabel()
        self.sends.setObjectName(f"sends_{name}")
        self.sends.setFont(mono)
        self.sends.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.sends.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.error = label(name=f"why_{name}", colour="#b00020")
        self.error.hide()
        # model (b): the shown step's messages on each directed link of the bidirectional ring
        self.links = LinkLoads(name)
        self.links.hide()
        for w in (
            self.title,
            self.rule,
            self.caption,
            self.table,
            self.links,
            self.sends,
            self.error,
        ):
            lay.addWidget(w)
        lay.addStretch(1)

    # -- data ---------------------------------------------------------------------------
    def set_trace(self, trace, error: str | None = None, calm: bool = False) -> None:
        """Show ``trace``; without one, ``error`` says why — in grey when ``calm`` (the
        example simply has another number of cores than the code: nothing is wrong)."""
        self.trace = trace
        self.error.setVisible(bool(error))
        if calm and error:
            error = (
                "No coded column for this example — a code runs on exactly as many cores "
                "as it has nodes: " + error + "."
            )
        self.error.setText(error or "")
        set_text_colour(self.error, "#555" if calm else "#b00020")
        for w in (self.table, self.sends, self.caption):
            w.setVisible(trace is not None)
        if trace is None:
            self.links.hide()
            self.title.setText("Coded schedule")
            self.rule.setText("")
            return
        self.title.setText(trace.title)
        tip = notation_tip("y", "s", "decode") if trace.name == "coded" else ""
        for w in (self.rule, self.caption):
            w.setToolTip(tip)
        notes = [n for n in trace.notes if not n.startswith(_PROGRAMMER_NOTE)]
        self.rule.setText(trace.rule + "".join(f"\nNote: {n}" for n in notes))
        self.table.setRowCount(trace.N)
        self.table.setColumnCount(trace.n_chunks)
        head = "pos" if whole_vector(trace) else "chunk"
        self.table.setHorizontalHeaderLabels([f"{head}{c}" for c in range(trace.n_chunks)])
        self.table.setVerticalHeaderLabels([f"Core {i}" for i in range(trace.N)])
        self.show_step(self.k)

    def show_step(self, k: int) -> None:
        self.k = k
        tr = self.trace
        if tr is None:
            return
        self.links.show_step(k)
        kk = min(k, tr.T)
        self.caption.setText(coded_caption(tr, k) if tr.name == "coded" else step_caption(tr, k))
        changed = set(tr.steps[kk - 1].changed) if kk > 0 and k <= tr.T else set()
        final = tr.final_at(kk)
        detail = tr.detail_at(kk)
        for i in range(tr.N):
            for c in range(tr.n_chunks):
                text = cell_text(tr, kk, i, c)
                star = (i, c) in changed
                item = QTableWidgetItem(("*" if star else "") + text)
                item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                if star:
                    item.setBackground(QBrush(CHANGED))
                elif final[i][c]:
                    item.setBackground(QBrush(FINAL))
                if text in (".", "·"):
                    item.setForeground(QBrush(STALE_TEXT))
                tip = f"Core {i}, {'position' if whole_vector(tr) else 'chunk'} {c}: " + " ".join(
                    format_number(v) for v in tr.cell(tr.state_at(kk)[i], c)
                )
                if detail is not None:
                    tip += f" = {detail[i][c]}"
                tip += " (complete sum)" if final[i][c] else ""
                item.setToolTip(tip)
                self.table.setItem(i, c, item)
        self._fit_table()
        if 0 < k <= tr.T:
            lines = []
            for s in tr.steps[k - 1].sends:
                vals = " ".join(format_number(v) for v in s.value)
                what = (
                    s.symbol
                    if s.symbol
                    else (f"chunk{s.chunk}" if s.chunk is not None else "whole vector")
                )
                lines.append(f"Core {s.src} → Core {s.dst}: {what} = {vals}")
            self.sends.setText("\n".join(lines) or "(no messages)")
        else:
            self.sends.setText("")

    def set_refused(self, title: str, why: str) -> None:
        """No trace: the schedule is not defined for this example's N; ``why`` says so, in
        grey (nothing is wrong, the authors' form does not reach this N)."""
        self.set_trace(None)
        self.title.setText(title)
        self.error.setText(why)
        set_text_colour(self.error, "#555")
        self.error.show()

    def set_links(self, model) -> None:
        """Model (b) of the shown trace (a RingModel), drawn under the grid; None hides it."""
        self.links.setVisible(model is not None and self.trace is not None)
        if model is not None and self.trace is not None:
            self.links.set_model(model, self.trace.T)
            self.links.show_step(self.k)

    def _fit_table(self) -> None:
        """Every core's row shows: the table is exactly as tall as its rows (and its
        sideways scroll bar, when the grid is wider than the column)."""
        t = self.table
        t.resizeColumnsToContents()
        t.resizeRowsToContents()
        h = t.horizontalHeader().height() + sum(t.rowHeight(i) for i in range(t.rowCount())) + 4
        if self.grid_width() > t.width():
            h += t.horizontalScrollBar().sizeHint().height()
        if t.height() != h:
            t.setFixedHeight(h)
        self.fitted.emit()

    def grid_width(self) -> int:
        """The width the grid needs to show every column whole."""
        t = self.table
        return (
            t.verticalHeader().sizeHint().width()
            + t.horizontalHeader().length()
            + 2 * t.frameWidth()
            + 2
        )

    def needed_width(self) -> int:
        """The least width of the column: its grid whole (and its ring drawing)."""
        m = self.layout().contentsMargins()
        inner = max(self.minimumWidth(), self.links.minimumSizeHint().width())
        if self.trace is not None:
            inner = max(inner, self.grid_width())
        return inner + m.left() + m.right()

    def eventFilter(self, obj, e):
        # refitted at once, not on a later turn of the event loop: what the reader sees first
        # is the grid as it settles (it scrolled sideways for a moment after every click)
        if (
            obj is self.table
            and e.type() == QEvent.Resize
            and e.size().width() != e.oldSize().width()
        ):
            self._fit_table()
        return super().eventFilter(obj, e)

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange and self.trace is not None:
            # Ctrl+= / Ctrl+− (projector) grows the rows; Qt gives the children (the table)
            # the new font before their parent hears of it, so refit now
            self._fit_table()

    def cell(self, i: int, c: int) -> str:
        """The text shown in cell (core i, chunk c) (for tests)."""
        it = self.table.item(i, c)
        return it.text() if it else ""


class ScheduleGrids(QWidget):
    """The columns of the tab: ring, tree and the code on the first row, each chosen algorithm
    below (three a row), all at one step; under each grid its model (b) on the ring.  On a tab
    too narrow for three whole grids side by side, two a row, or one: a grid never scrolls
    sideways (its least width is one whole grid)."""

    def __init__(self, chosen: tuple, parent=None):
        super().__init__(parent)
        self.columns = {}
        self._links: dict = {}  # column → (trace, S, its RingModel)
        self._cols = QGridLayout(self)
        self._cols.setContentsMargins(0, 0, 0, 0)
        self._per_row = COLUMNS_PER_ROW
        self.place(chosen)

    @property
    def per_row(self) -> int:
        """How many columns each row holds now."""
        return self._per_row

    def _need(self) -> int:
        return max((c.needed_width() for c in self.columns.values()), default=0)

    def _fits(self, width: int) -> int:
        need, gap = self._need(), max(0, self._cols.horizontalSpacing())
        return max(1, min(COLUMNS_PER_ROW, (width + gap) // max(1, need + gap)))

    def minimumSizeHint(self):  # noqa: N802 (Qt's name)
        return QSize(self._need(), super().minimumSizeHint().height())

    # regrouped at once (on a resize, a shown tab, a new step or text size), not on a timer:
    # the first frame the reader sees has every grid whole
    def resizeEvent(self, e):  # noqa: N802
        super().resizeEvent(e)
        self._rearrange()

    def _on_fitted(self) -> None:
        self.updateGeometry()
        self._rearrange()

    def _rearrange(self) -> None:
        n = self._fits(self.width())
        if n != self._per_row:
            self._per_row = n
            self.place(tuple(self.columns)[len(BASE_COLUMNS) :])
            self._cols.activate()  # the columns take their new widths now

    def shows(self, chosen: tuple) -> bool:
        """Whether the columns are ring, tree, the code and ``chosen``, in that order."""
        return tuple(self.columns) == BASE_COLUMNS + chosen

    def place(self, chosen: tuple) -> None:
        """ring, tree, the code on the first row; the chosen algorithms below, in table order."""
        want = BASE_COLUMNS + chosen
        for name in [n for n in self.columns if n not in want]:
            col = self.columns.pop(name)
            self._links.pop(name, None)
            self._cols.removeWidget(col)
            col.deleteLater()
        for name in want:
            if name not in self.columns:
                self.columns[name] = ScheduleColumn(name)
                self.columns[name].fitted.connect(self._on_fitted)
            else:
                self._cols.removeWidget(self.columns[name])
        n = self._per_row
        for k in range(COLUMNS_PER_ROW):
            self._cols.setColumnStretch(k, 1 if k < n else 0)
        for k, name in enumerate(want):
            self._cols.addWidget(self.columns[name], k // n, k % n, Qt.AlignTop)
        self.updateGeometry()

    def show_chosen(self, chosen: tuple, ex) -> None:
        """Each chosen algorithm traced on the example, or why its form does not reach ex.N."""
        for name in chosen:
            col = self.columns[name]
            trace, why = more.traced(name, ex)
            if trace is None:
                col.set_refused(
                    f"{schedule_info(name).title}: not for N = {ex.N}",
                    why[0].upper() + why[1:] + ".",
                )
            elif trace is not col.trace:
                col.set_trace(trace)

    def show_links(self, S) -> None:
        """Model (b) of every column's trace for a vector of S bytes."""
        for name, col in self.columns.items():
            col.set_links(self._link_model(name, col.trace, S))

    def _link_model(self, name, trace, S):
        """Model (b) of a column's trace for a vector of S bytes, counted once per trace."""
        if trace is None:
            return None
        held = self._links.get(name)
        if held is None or held[0] is not trace or held[1] != S:
            held = self._links[name] = (trace, S, ring_model(trace, S))
        return held[2]

    def steps(self, chosen: tuple) -> list[int]:
        """The number of steps of each chosen algorithm's trace (those traced)."""
        return [
            col.trace.T for n, col in self.columns.items() if n in chosen and col.trace is not None
        ]

    def show_step(self, k: int) -> None:
        for col in self.columns.values():
            col.show_step(k)
