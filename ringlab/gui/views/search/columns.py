"""Which of the rate table's columns are shown: every one when the table is wide enough, else a
group of them — the widest group that fits, until the reader picks one in "Show".  A table
beside a lesson, or at the back row's text size, then never scrolls sideways and never cuts a
cell: the groups a lesson reads (GF(2)'s two classes, the fields side by side) each fit."""

from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QHeaderView, QLabel, QTableWidget, QWidget

# column numbers of the rate table (see rates.COLUMNS); N and K (0, 1) are in every group
_N_K = (0, 1)
GROUPS: list[tuple[str, tuple[int, ...] | None]] = [
    ("every column", None),
    ("GF(2) and bounds", (*_N_K, 2, 3, 4, 5, 6)),
    ("fields, conjecture", (*_N_K, 5, 7, 8, 9, 10)),
    ("GF(2) classes", (*_N_K, 5, 6)),
    ("fields: general", (*_N_K, 5, 7, 8, 9)),
    ("bounds, classic ring", (*_N_K, 2, 3, 4)),
    ("conjecture", (*_N_K, 10)),
]


@contextmanager
def sized_once(table: QTableWidget):
    """Show and hide columns inside this block with the header's sections sized to their
    contents once, after it, and not at each column shown or hidden: a header that sizes its
    sections to their contents measures every section again at each one (with the Search tab
    shown, three quarters of a Ctrl+= went there, ~0.17 s of its ~0.24 s)."""
    head = table.horizontalHeader()
    mode = head.sectionResizeMode(0) if table.columnCount() else None
    if mode != QHeaderView.ResizeToContents:
        yield
        return
    head.setSectionResizeMode(QHeaderView.Interactive)
    try:
        yield
    finally:
        head.setSectionResizeMode(mode)  # sizes every section to its contents, once


def column_widths(table: QTableWidget) -> list[int]:
    """Each column's width when shown: as wide as its header and its widest cell (Qt measures
    only shown columns: the hidden ones are shown for the measure, then hidden again)."""
    hidden = [c for c in range(table.columnCount()) if table.isColumnHidden(c)]
    head = table.horizontalHeader()
    with sized_once(table):
        for c in hidden:
            table.setColumnHidden(c, False)
        widths = [
            max(head.sectionSizeHint(c), table.sizeHintForColumn(c))
            for c in range(table.columnCount())
        ]
        for c in hidden:
            table.setColumnHidden(c, True)
    return widths


def _texts(table: QTableWidget) -> tuple:
    """Every header and cell text of the table, row by row (None for an empty cell)."""
    cols, rows = table.columnCount(), table.rowCount()
    head = [table.horizontalHeaderItem(c) for c in range(cols)]
    cells = [table.item(r, c) for r in range(rows) for c in range(cols)]
    return tuple(None if it is None else it.text() for it in head + cells)


def group_width(table: QTableWidget, widths: list[int], columns) -> int:
    """Pixels ``columns`` (None: all) need side by side, with the table's frame and a vertical
    scroll bar."""
    cols = range(len(widths)) if columns is None else columns
    need = sum(widths[c] for c in cols)
    return need + 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width() + 2


class ColumnChooser(QWidget):
    """ "Show: <group>" above the table.  ``fit()`` picks the widest group that fits while the
    reader has not chosen; ``changed()`` when the columns shown change."""

    changed = Signal()

    def __init__(self, table: QTableWidget, parent=None):
        super().__init__(parent)
        self.table = table
        self.chosen_by_reader = False
        self.box = QComboBox()
        self.box.setObjectName("search_rate_columns")
        self.box.setAccessibleName("Columns shown")
        self.box.addItems([name for name, _ in GROUPS])
        self.box.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        self.box.setToolTip(
            "Which columns the table shows; when it is narrow (a lesson open, large text) "
            "it shows the widest group that fits"
        )
        self.box.activated.connect(self._on_activated)
        # the columns' widths, measured once for each text size and table content: one
        # Ctrl+= sends the table a font change and then resizes, and each asks for a fit
        self._widths: tuple[tuple, list[int]] | None = None
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(QLabel("Show"))
        lay.addWidget(self.box, 1)

    def _on_activated(self, index: int) -> None:
        self.chosen_by_reader = True
        self._show(index)

    def column_widths(self) -> list[int]:
        """:func:`column_widths` of the table, measured again when its text size, style or
        any text in it changed (reading the texts costs ~1 ms, a measure ~20 ms)."""
        t = self.table
        key = (t.font().key(), t.horizontalHeader().font().key(), id(t.style()), _texts(t))
        if self._widths is None or self._widths[0] != key:
            self._widths = (key, column_widths(t))
        return self._widths[1]

    def fit(self) -> None:
        """The widest group that fits the table's width (the last one when none does)."""
        if self.chosen_by_reader or self.table.width() <= 0:
            return
        room, widths = self.table.width(), self.column_widths()
        index = next(
            (k for k, (_, c) in enumerate(GROUPS) if group_width(self.table, widths, c) <= room),
            len(GROUPS) - 1,
        )
        if index != self.box.currentIndex() or self._hidden_now() != self._hidden_for(index):
            self.box.setCurrentIndex(index)
            self._show(index)

    def _hidden_for(self, index: int) -> set[int]:
        cols = GROUPS[index][1]
        return set() if cols is None else set(range(self.table.columnCount())) - set(cols)

    def _hidden_now(self) -> set[int]:
        return {c for c in range(self.table.columnCount()) if self.table.isColumnHidden(c)}

    def _show(self, index: int) -> None:
        hidden = self._hidden_for(index)
        with sized_once(self.table):
            for c in range(self.table.columnCount()):
                self.table.setColumnHidden(c, c in hidden)
        self.changed.emit()
