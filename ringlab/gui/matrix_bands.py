"""The tables of one matrix: one table, or — on a pane too narrow for all its columns — bands
of its columns one below the other, each a :class:`MatrixTable` on the same model and the same
selection, so the editor scrolls vertically only.  The keyboard goes on from one band to the
next (Right/Tab at a band's last column, Left/Backtab at its first)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from .matrix_table import MatrixTable, bands

#: more bands than this, or a matrix with more columns (a large code nobody types by hand) cost
#: more widgets than they are worth: such a matrix scrolls sideways inside its table instead
MOST_BANDS = 8
MOST_BANDED_COLUMNS = 32


class ColumnBands(QWidget):
    rebanded = Signal()  # the tables were cut into bands anew

    def __init__(self, table: MatrixTable, on_new: Callable[[MatrixTable, int, int], None], parent):
        super().__init__(parent)
        self.model = table.model()
        self.tables = [table]
        self._on_new = on_new
        self._room: int | None = None  # the widest a table may be (None: no limit)
        self._lay = QVBoxLayout(self)
        self._lay.setContentsMargins(0, 0, 0, 0)
        self._lay.setSpacing(4)
        self._lay.addWidget(table)
        table.selectionModel().currentChanged.connect(self._follow_current)
        self.model.modelReset.connect(self.reband)
        self.model.dataChanged.connect(self._reband_if_wider)

    def set_room(self, width: int | None) -> None:
        if width != self._room:
            self._room = width
            self.reband()

    def band_of(self, column: int) -> MatrixTable:
        """The table showing ``column``."""
        for t in self.tables:
            c0, c1 = t.shown_columns
            if c0 <= column < c1:
                return t
        return self.tables[0]

    def _wanted(self) -> list[tuple[int, int]]:
        cols = self.model.columnCount()
        room = self._room
        want = bands(cols, cols if room is None else self.tables[0].columns_fitting(room))
        if len(want) > MOST_BANDS or cols > MOST_BANDED_COLUMNS:  # it scrolls sideways instead
            want = [(0, cols)]
        return want

    def reband(self, *args) -> None:
        want = self._wanted()
        while len(self.tables) > len(want):
            band = self.tables.pop()
            self._lay.removeWidget(band)
            band.hide()
            band.deleteLater()
        while len(self.tables) < len(want):
            band = MatrixTable(self.model, self, selection=self.tables[0].selectionModel())
            c0, c1 = want[len(self.tables)]
            self._on_new(band, c0, c1)
            self._lay.addWidget(band)
            band.show()  # now, not when the event loop next turns (a layout's own show)
            self.tables.append(band)
        for band, (c0, c1) in zip(self.tables, want, strict=True):
            band.show_columns(c0, c1, self._room)
        self.updateGeometry()
        self.rebanded.emit()

    def _reband_if_wider(self, *args) -> None:
        """An entry changed the cells' width (each band re-fits itself): cut the bands anew."""
        if self._room is not None and self._wanted() != [b.shown_columns for b in self.tables]:
            self.reband()

    def _follow_current(self, cur, _prev=None) -> None:
        """The keyboard follows the current cell into the band that shows it."""
        if len(self.tables) > 1 and cur.isValid() and any(b.hasFocus() for b in self.tables):
            band = self.band_of(cur.column())
            if not band.hasFocus():
                band.setFocus()

    def across(self, band: MatrixTable, key) -> bool:
        """Right/Tab at a band's last column goes on to the next band, Left/Backtab back."""
        cur = band.currentIndex()
        if len(self.tables) == 1 or not cur.isValid():
            return False
        c0, c1 = band.shown_columns
        r, c = cur.row(), cur.column()
        cols = self.model.columnCount()
        if key in (Qt.Key_Right, Qt.Key_Tab) and c == c1 - 1 and c1 < cols:
            target = (r, c1)
        elif key in (Qt.Key_Left, Qt.Key_Backtab) and c == c0 and c0 > 0:
            target = (r, c0 - 1)
        elif key == Qt.Key_Tab and c == cols - 1:
            target = (r + 1, 0) if r + 1 < self.model.rowCount() else None
        else:
            return False
        if target is not None:
            self.band_of(target[1]).setFocus()
            band.setCurrentIndex(self.model.index(*target))
        return True
