"""The table of one matrix, or of a band of its columns when the pane is too narrow for all.

A table is sized to show every cell it shows (the editor scrolls, never the table).  Cells are
as wide as the matrix's entries need, up to a typical entry's width at the current text size
(``-999/999``); a longer entry is elided, and its tool tip holds the whole value.  A wide matrix
shows as several bands of columns stacked one above the other, each a :class:`MatrixTable` on the
same model and the same selection (see ``MatrixGrid.set_room``).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QTableView,
    QToolTip,
)

#: the widest entry a cell shows whole at any text size; a longer one is elided (tool tip: all)
TYPICAL_WIDEST = "-999/999"
#: the narrowest a cell gets, whatever its entries
TYPICAL_NARROWEST = "-1/2"
#: matrices with more cells than this are sized for typical entries without reading them all
_MEASURED_CELLS = 1024
# (read once: a lookup on PySide6's flat ``Qt`` namespace costs ~15 µs, and tables refit often)
_AS_NEEDED = Qt.ScrollBarPolicy.ScrollBarAsNeeded
_ALWAYS_OFF = Qt.ScrollBarPolicy.ScrollBarAlwaysOff


class CellDelegate(QStyledItemDelegate):
    """Enter commits the edit and moves down, as in a spreadsheet; an elided entry's tool tip
    is its whole value (then the model's own tip, if it has one)."""

    enter_pressed = Signal()

    def eventFilter(self, editor, event):
        if event.type() == QEvent.KeyPress and event.key() in (Qt.Key_Return, Qt.Key_Enter):
            self.commitData.emit(editor)
            self.closeEditor.emit(editor, QStyledItemDelegate.NoHint)
            self.enter_pressed.emit()
            return True
        return super().eventFilter(editor, event)

    def helpEvent(self, event, view, option, index):
        if event is None or view is None or event.type() != QEvent.ToolTip or not index.isValid():
            return super().helpEvent(event, view, option, index)
        tip = index.data(Qt.ToolTipRole) or ""
        text = index.data(Qt.DisplayRole) or ""
        if self.elided(view, option, index):
            tip = f"{text}\n{tip}" if tip else text
        if tip:
            QToolTip.showText(event.globalPos(), tip, view, option.rect)
        else:
            QToolTip.hideText()
        return True

    def elided(self, view, option, index) -> bool:
        """Whether the cell at ``index`` shows less than its whole text."""
        # (imported on the first tool tip: the class's import builds its enums, ~3 ms of the
        # start-up)
        from PySide6.QtWidgets import QStyleOptionViewItem

        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        style = view.style()
        room = style.subElementRect(QStyle.SE_ItemViewItemText, opt, view).width()
        room -= 2 * (style.pixelMetric(QStyle.PM_FocusFrameHMargin, None, view) + 1)
        return opt.fontMetrics.horizontalAdvance(opt.text) > room


class MatrixTable(QTableView):
    """The table itself (or one band of its columns); sized to show every cell it shows."""

    def __init__(self, model, parent=None, selection=None):
        super().__init__(parent)
        self.setModel(model)
        if selection is not None:  # a band: one selection and one current cell for all bands
            own = self.selectionModel()
            self.setSelectionModel(selection)
            own.deleteLater()
        self._shown = None  # (c0, c1): the columns this band shows; None: all
        self._cell_w = None  # cell_width(), until the font or an entry changes
        self._limit = None  # the widest it may be, for a matrix too large for bands
        self._fitted_font = None  # the font key of the last fit
        delegate = CellDelegate(self)
        delegate.enter_pressed.connect(self.move_down)
        self.setItemDelegate(delegate)
        self.setEditTriggers(
            QAbstractItemView.AnyKeyPressed
            | QAbstractItemView.DoubleClicked
            | QAbstractItemView.EditKeyPressed
        )
        self.setTabKeyNavigation(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Fixed)
        for h in (self.horizontalHeader(), self.verticalHeader()):
            h.setSectionResizeMode(QHeaderView.Fixed)
            h.setHighlightSections(False)
        model.modelReset.connect(self.fit)
        model.dataChanged.connect(self._on_data_changed)
        if getattr(QApplication.style(), "plain", None) is not None:  # a zoomed window's grid
            from .scaled_style import give_plain_style

            give_plain_style(self)
        self.fit()

    def move_down(self):
        idx = self.currentIndex()
        if idx.isValid() and idx.row() + 1 < self.model().rowCount():
            self.setCurrentIndex(self.model().index(idx.row() + 1, idx.column()))

    # -- sizes from the font and the entries -----------------------------------------------
    def cell_width(self) -> int:
        """One column's width: the widest entry (up to a typical one) or header label."""
        font = self.font().key()  # (a new text size reaches a grid before its table refits)
        if self._cell_w is None or self._cell_w[0] != font:
            self._cell_w = (font, self._measure_cells())
        return self._cell_w[1]

    def _measure_cells(self) -> int:
        fm, m = self.fontMetrics(), self.model()
        rows, cols = m.rowCount(), m.columnCount()
        widest = fm.horizontalAdvance(TYPICAL_NARROWEST)
        if 0 < rows * cols <= _MEASURED_CELLS:
            cap = fm.horizontalAdvance(TYPICAL_WIDEST)
            texts = {m.text(r, c) for r in range(rows) for c in range(cols)}
            widest = max(widest, min(cap, max(fm.horizontalAdvance(t) for t in texts)))
        # the last column's label is the widest ("t=14", "k=8")
        head = fm.horizontalAdvance(m.headerData(cols - 1, Qt.Horizontal)) if cols else 0
        return max(widest + 14, head + 10)

    def row_header_width(self) -> int:
        fm = self.fontMetrics()
        if self.model().rowCount() > 10:
            return fm.horizontalAdvance("t=00") + 10
        return fm.horizontalAdvance("t=0") + 12

    def width_for(self, columns: int) -> int:
        """The table's width showing ``columns`` columns."""
        return self.row_header_width() + columns * self.cell_width() + 2 * self.frameWidth()

    def columns_fitting(self, width: int) -> int:
        """How many columns fit in ``width`` pixels (at least one)."""
        spare = width - self.row_header_width() - 2 * self.frameWidth()
        return max(1, spare // max(1, self.cell_width()))

    def show_columns(self, c0: int, c1: int, width: int | None = None) -> None:
        """Show columns ``c0 ≤ c < c1`` only (a band of a wide matrix); ``width``: the widest
        the table may be — a matrix too large to cut into bands scrolls inside it instead."""
        self._shown = (c0, c1)
        self._limit = width
        self._fit()  # (the cells keep their measured width: only an entry or the font changes it)

    @property
    def shown_columns(self) -> tuple[int, int]:
        cols = self.model().columnCount()
        c0, c1 = self._shown or (0, cols)
        return min(c0, cols), min(c1, cols)

    def fit(self):
        """Cell size from the font and the entries (measured anew), so Ctrl+= enlarges the
        grids for a projector."""
        self._cell_w = None
        self._fit()

    def _fit(self):
        self._fitted_font = self.font().key()
        fm = self.fontMetrics()
        w, h = self.cell_width(), fm.height() + 10
        hh, vh = self.horizontalHeader(), self.verticalHeader()
        # (each setter re-lays the header out even at the same value: only what changed is set)
        for header, size in ((hh, w), (vh, h)):
            if header.defaultSectionSize() != size:
                header.setDefaultSectionSize(size)
            if header.minimumSectionSize() != 8:
                header.setMinimumSectionSize(8)
        hh.setFixedHeight(h)
        vh.setFixedWidth(self.row_header_width())
        c0, c1 = self.shown_columns
        for c in range(self.model().columnCount()):
            hide = not c0 <= c < c1
            if self.isColumnHidden(c) != hide:
                self.setColumnHidden(c, hide)
            if not hide and hh.sectionSize(c) != w:
                hh.resizeSection(c, w)
        rows = self.model().rowCount()
        width, height = self.width_for(c1 - c0), h + rows * h + 2 * self.frameWidth()
        if self._limit is not None and width > self._limit:
            if self.horizontalScrollBarPolicy() != _AS_NEEDED:
                self.setHorizontalScrollBarPolicy(_AS_NEEDED)
            height += self.style().pixelMetric(QStyle.PM_ScrollBarExtent, None, self)
            width = self._limit
        else:
            if self.horizontalScrollBarPolicy() != _ALWAYS_OFF:
                self.setHorizontalScrollBarPolicy(_ALWAYS_OFF)
            self.horizontalScrollBar().setValue(0)
        self.setFixedSize(width, height)

    def _on_data_changed(self, *args):
        self._cell_w = None
        if self.cell_width() != self.horizontalHeader().defaultSectionSize():
            self._fit()  # (just measured)
            self.updateGeometry()

    def changeEvent(self, e):
        super().changeEvent(e)
        # a banded grid re-cuts its bands on its first table's font change, which fits every
        # band at the new font: fitting again here doubled the work of a Ctrl+= at 8 nodes
        if e.type() == QEvent.FontChange and self._fitted_font != self.font().key():
            self.fit()


def bands(columns: int, per_band: int) -> list[tuple[int, int]]:
    """Columns ``0..columns`` cut into bands of at most ``per_band``, as even as can be.

    >>> bands(14, 6)
    [(0, 5), (5, 10), (10, 14)]
    >>> bands(14, 4)
    [(0, 4), (4, 8), (8, 11), (11, 14)]
    >>> bands(3, 8)
    [(0, 3)]
    """
    if columns <= 0:
        return [(0, 0)]
    n = math.ceil(columns / max(1, per_band))
    size, extra = divmod(columns, n)
    cuts = [k * size + min(k, extra) for k in range(n + 1)]
    return list(zip(cuts, cuts[1:], strict=False))
