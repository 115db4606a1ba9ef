"""A table of numbers that folds instead of scrolling sideways (issue 32).

The cost explorer's nine columns need about 1300 px at 22 pt, and beside the Lessons panel the
table has 550.  :class:`FoldingTable` shows its columns whole when they fit its width; when not,
it cuts them into bands of as many columns as fit, one under the other, each band headed by its
own row of column names (the rows' labels repeated beside every band).  It folds at once, on
every resize, text size (Ctrl+=) or new rows, so the first frame the reader sees is folded
already; its least width is one column beside the row labels.

Widths come from the font's metrics, so everything follows the text size.  Tests (and anyone)
read what is shown by row and column name: :meth:`row_label`, :meth:`row_values`.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSizePolicy,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
)


@dataclass
class Row:
    """One row: its label, a cell per column, the tool tip of its label and cells, its tint.

    A row with a ``note`` (and no cells) shows the note across its band instead, in grey."""

    label: str
    cells: list
    tip: str = ""
    tint: QColor | None = None
    note: str = ""


class FoldingTable(QTableWidget):
    """A read-only table of ``columns`` (header tips ``tips``) that folds into bands of
    columns when narrower than its columns; exactly as tall as its rows.  ``ask_whole``: its
    size hint is as wide as its columns unfolded."""

    def __init__(self, name: str, columns: list, tips: list, parent=None, ask_whole=False):
        super().__init__(0, len(columns), parent)
        self.setObjectName(name)
        self._ask_whole = ask_whole
        self.columns = list(columns)
        self._tips = list(tips)
        self._rows: list[Row] = []
        self._per_band = len(columns)
        self.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollPerPixel)
        for head in (self.horizontalHeader(), self.verticalHeader()):
            head.setSectionResizeMode(QHeaderView.Fixed)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self._refold()

    # -- reading (what is shown) --------------------------------------------------------
    @property
    def folded(self) -> bool:
        """Whether the columns are shown in more than one band."""
        return self._per_band < len(self.columns)

    def row_count(self) -> int:
        """The number of rows of numbers (not of bands)."""
        return len(self._rows)

    def row_label(self, r: int) -> str:
        """The label shown beside row ``r``."""
        item = self.verticalHeaderItem(self._where(r, 0)[0])
        return item.text() if item else ""

    def row_values(self, r: int) -> dict[str, str]:
        """Row ``r`` as shown, column name → text."""
        out = {}
        for c, name in enumerate(self.columns):
            item = self.item(*self._where(r, c))
            out[name] = item.text() if item else ""
        return out

    def _where(self, r: int, c: int) -> tuple[int, int]:
        """The table cell showing row r, column c."""
        n = self._per_band
        if not self.folded:
            return r, c
        return (c // n) * (len(self._rows) + 1) + 1 + r, c % n

    # -- writing ------------------------------------------------------------------------
    def set_rows(self, rows: list[Row], start: int = 0) -> None:
        """Show ``rows`` in place of the rows from ``start`` on."""
        self._rows[start:] = list(rows)
        self._refold()

    # -- folding ------------------------------------------------------------------------
    def resizeEvent(self, e):  # noqa: N802 (Qt's name)
        super().resizeEvent(e)
        if e.size().width() != e.oldSize().width() and self._fitting() != self._per_band:
            self._refold()

    def changeEvent(self, e):  # noqa: N802
        super().changeEvent(e)
        if e.type() == QEvent.FontChange:
            self._refold()

    def sizeHint(self):  # noqa: N802 (Qt's name)
        """With ``ask_whole``, the width of its columns side by side (a layout that can place
        it under rather than beside a drawing then does, and it need not fold)."""
        hint = super().sizeHint()
        if self._ask_whole:
            whole = self._label_width() + sum(self._band_widths(len(self.columns)))
            hint = QSize(whole + self._frame(), self.height())
        return hint

    def minimumSizeHint(self):  # noqa: N802
        """One column beside the row labels: narrower, a number would be cut."""
        widths = self._widths(folded=True)
        return QSize(self._label_width() + max(widths) + self._frame(), self.height())

    def _frame(self) -> int:
        return 2 * self.frameWidth()

    def _text_width(self, text: str, margin: int, bold: bool = False) -> int:
        font = QFont(self.font())
        font.setBold(bold)  # a header's text is measured bold, as Qt measures its sections
        lines = str(text).split("\n")
        return max(QFontMetrics(font).horizontalAdvance(line) for line in lines) + margin

    def _widths(self, folded: bool) -> list[int]:
        """Each column's width: its cells (a cell's margins and the grid line) and its name —
        in the header (its margins), or in bold in a band's head row (a cell's margins)."""
        style = self.style()
        cell = 2 * (style.pixelMetric(QStyle.PM_FocusFrameHMargin, None, self) + 1) + 4
        head = 2 * style.pixelMetric(QStyle.PM_HeaderMargin, None, self) + 2
        return [
            max(
                [self._text_width(name, cell if folded else head, bold=folded)]
                + [self._text_width(r.cells[c], cell) for r in self._rows if c < len(r.cells)]
            )
            for c, name in enumerate(self.columns)
        ]

    def _label_width(self) -> int:
        """The row labels' width (a header's margins either side)."""
        head = 2 * self.style().pixelMetric(QStyle.PM_HeaderMargin, None, self) + 1
        return max([self._text_width(r.label, head, bold=True) for r in self._rows], default=0)

    def _band_widths(self, n: int) -> list[int]:
        """The widths of the table's n columns when each band holds n of the columns (the
        last one wider should a note across the band have a longer word: it wraps between)."""
        widths = self._widths(folded=n < len(self.columns))
        out = [max(widths[k::n]) for k in range(n)]
        cell = 2 * (self.style().pixelMetric(QStyle.PM_FocusFrameHMargin, None, self) + 1) + 4
        words = [w for r in self._rows for w in r.note.split()]
        note = max([self._text_width(w, cell) for w in words], default=0)
        out[-1] += max(0, note - sum(out))
        return out

    def _fitting(self) -> int:
        """The columns a band holds: all when they fit the table's width, else as many as
        fit, shared evenly among the fewest bands (5 + 4 rather than 8 + 1)."""
        room = self.width() - self._frame() - self._label_width()
        total = len(self.columns)
        n = next((n for n in range(total, 1, -1) if sum(self._band_widths(n)) <= room), 1)
        bands = -(-total // n)
        return -(-total // bands)

    def _refold(self) -> None:
        n = self._per_band = self._fitting()
        self.clearSpans()
        self.clearContents()
        self.verticalHeader().setFixedWidth(max(1, self._label_width()))
        self.setColumnCount(n)
        if self.folded:
            self.horizontalHeader().hide()
            self.setRowCount(-(-len(self.columns) // n) * (len(self._rows) + 1))
            for b in range(0, len(self.columns), n):
                self._band_head(
                    b // n * (len(self._rows) + 1), range(b, min(b + n, len(self.columns)))
                )
        else:
            self.horizontalHeader().show()
            self.setRowCount(len(self._rows))
            self.setHorizontalHeaderLabels(self.columns)
            for c, tip in enumerate(self._tips):
                self.horizontalHeaderItem(c).setToolTip(tip)
        for r, row in enumerate(self._rows):
            for c in range(len(self.columns)):
                self._put(r, c, row)
        for k, width in enumerate(self._band_widths(n)):
            self.setColumnWidth(k, width)
        self.resizeRowsToContents()
        self._fit_height()
        # the scroll bars' ranges now, not on Qt's timer after a column's width changed
        self.updateGeometries()

    def _band_head(self, at: int, cols) -> None:
        """Row ``at`` names the columns ``cols`` of the band under it, as a header would."""
        self.setVerticalHeaderItem(at, QTableWidgetItem(""))
        font = QFont(self.font())
        font.setBold(True)
        shade = QBrush(self.palette().button())
        for k, c in enumerate(cols):
            item = QTableWidgetItem(self.columns[c])
            item.setFont(font)
            item.setBackground(shade)
            item.setTextAlignment(Qt.AlignCenter)
            item.setToolTip(self._tips[c])
            self.setItem(at, k, item)

    def _put(self, r: int, c: int, row: Row) -> None:
        at, k = self._where(r, c)
        if c == 0 or self.folded and c % self._per_band == 0:
            head = QTableWidgetItem(row.label)
            head.setToolTip(row.tip)
            self.setVerticalHeaderItem(at, head)
            if row.note:  # across the band: its first band says it, the others are blank
                span = min(self._per_band, len(self.columns) - c)
                if span > 1:
                    self.setSpan(at, 0, 1, span)
                item = QTableWidgetItem(row.note if c == 0 else "")
                item.setForeground(QColor("#666666"))
                item.setToolTip(row.tip)
                self.setItem(at, 0, item)
        if row.note:
            return
        item = QTableWidgetItem(row.cells[c] if c < len(row.cells) else "")
        if row.tip:
            item.setToolTip(row.tip)
        if row.tint is not None:
            item.setBackground(row.tint)
        self.setItem(at, k, item)

    def _fit_height(self) -> None:
        """Exactly as tall as the header and rows (and a sideways bar, should one show)."""
        head = self.horizontalHeader()
        h = (head.sizeHint().height() if not head.isHidden() else 0) + self._frame()
        h += sum(self.rowHeight(i) for i in range(self.rowCount()))
        need = self._label_width() + sum(self._band_widths(self._per_band)) + self._frame()
        if need > self.width():
            h += self.horizontalScrollBar().sizeHint().height()
        if self.height() != h:
            self.setFixedHeight(h)
