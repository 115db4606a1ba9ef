"""Which of the rate table's columns are shown: every one when the table is wide enough, else a
group of them — the widest group that fits, until the reader picks one in "Show".  A table
beside a lesson, or at the back row's text size, then never scrolls sideways and never cuts a
cell: the groups a lesson reads (GF(2)'s two classes, the fields side by side) each fit."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QTableWidget, QWidget

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


def column_widths(table: QTableWidget) -> list[int]:
    """Each column's width when shown: as wide as its header and its widest cell (Qt measures
    only shown columns: the hidden ones are shown for the measure, then hidden again)."""
    hidden = [c for c in range(table.columnCount()) if table.isColumnHidden(c)]
    for c in hidden:
        table.setColumnHidden(c, False)
    head = table.horizontalHeader()
    widths = [
        max(head.sectionSizeHint(c), table.sizeHintForColumn(c)) for c in range(table.columnCount())
    ]
    for c in hidden:
        table.setColumnHidden(c, True)
    return widths


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
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(QLabel("Show"))
        lay.addWidget(self.box, 1)

    def _on_activated(self, index: int) -> None:
        self.chosen_by_reader = True
        self._show(index)

    def fit(self) -> None:
        """The widest group that fits the table's width (the last one when none does)."""
        if self.chosen_by_reader or self.table.width() <= 0:
            return
        room, widths = self.table.width(), column_widths(self.table)
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
        for c in range(self.table.columnCount()):
            self.table.setColumnHidden(c, c in hidden)
        self.changed.emit()
