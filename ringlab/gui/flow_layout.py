"""A layout that places its widgets left to right and wraps to a further row when the width
runs out (Qt's flow-layout example): the editor's per-node matrices reflow on a narrow pane
instead of scrolling sideways.  Its height follows its width (``heightForWidth``), so a scroll
area holding it scrolls vertically only."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QStyle


class FlowLayout(QLayout):
    """Items in rows, each item at its size hint, top-aligned within its row."""

    def __init__(self, parent=None, h_spacing: int = -1, v_spacing: int = -1):
        super().__init__(parent)
        self._items = []
        self._h, self._v = h_spacing, v_spacing
        self._heights: dict[int, int] = {}  # heightForWidth's answers, until invalidate()

    # -- QLayout ---------------------------------------------------------------------------
    def addItem(self, item):
        self._items.append(item)

    def count(self):
        return len(self._items)

    def itemAt(self, index):
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index):
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self):
        return Qt.Orientation(0)

    def hasHeightForWidth(self):
        return True

    def heightForWidth(self, width):
        # Qt asks several times per layout pass for the same width (the scroll area, the
        # node box, the splitter): placed once per width until an item changes (Qt then
        # invalidates this layout, as QBoxLayout forgets its own cache then)
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = self._place(QRect(0, 0, width, 0), move=False)
        return height

    def invalidate(self):
        self._heights.clear()
        super().invalidate()

    def setGeometry(self, rect):
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self):
        return self.minimumSize()

    def minimumSize(self):
        """The widest single item's minimum: narrower than that, an item would be cut."""
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize())
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    # -- placing ---------------------------------------------------------------------------
    def _visible(self):
        return [i for i in self._items if not (i.widget() and i.widget().isHidden())]

    def _spacing(self, which) -> int:
        own = self._h if which == "h" else self._v
        if own >= 0:
            return own
        parent = self.parent()
        if parent is None:
            return 6
        if parent.isWidgetType():
            pm = (
                QStyle.PM_LayoutHorizontalSpacing
                if which == "h"
                else QStyle.PM_LayoutVerticalSpacing
            )
            got = parent.style().pixelMetric(pm, None, parent)
            return got if got >= 0 else 6
        return parent.spacing()

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in ``rect`` (only measure unless ``move``); the height used."""
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        x, y, row_h = area.x(), area.y(), 0
        row = []
        hs, vs = self._spacing("h"), self._spacing("v")

        def flush():
            if move:
                for item, px, size in row:
                    item.setGeometry(QRect(QPoint(px, y), size))

        for item in self._visible():
            # as wide as it would like, but no wider than the row (a wrapping label gives way)
            hint = item.sizeHint()
            hint.setWidth(min(hint.width(), max(area.width(), item.minimumSize().width())))
            if item.hasHeightForWidth():
                hint.setHeight(item.heightForWidth(hint.width()))
            if row and x + hint.width() > area.right() + 1:
                flush()
                row = []
                x, y, row_h = area.x(), y + row_h + vs, 0
            row.append((item, x, hint))
            x += hint.width() + hs
            row_h = max(row_h, hint.height())
        flush()
        return y + row_h - rect.y() + m.bottom()
