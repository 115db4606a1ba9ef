"""Layouts that reflow instead of clipping (issue 32), for the views beside the editor.

* :class:`FlowRow` — widgets left to right at their size hints, wrapping to a further row when
  the width runs out; a widget added with a stretch takes what its row leaves (a slider, a line
  edit).  Its height follows its width, so the tab's scroll area scrolls vertically only.
* :class:`SideBySide` — two parts side by side when there is room for both at their size
  hints, the second under the first when not (the Mesh drawing and its sweep, the hop table
  and its note).
* :func:`group` — a label and its box as one piece, so a row never wraps between them.
* :class:`TabPage` — a page of a tab widget whose height counts only while it is shown.

Every size comes from the widgets' own size hints, which follow the text size (Ctrl+=).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QLayout, QSizePolicy, QWidget


class FlowRow(QLayout):
    """Items in rows, each at its size hint (stretched items share what their row leaves),
    vertically centred in their row."""

    def __init__(self, parent=None, spacing: int = 6):
        super().__init__(parent)
        self._items: list = []
        self._stretch: dict = {}
        self._gap = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def add(self, widget: QWidget, stretch: int = 0) -> None:
        """Add ``widget``; a ``stretch`` > 0 grows it into the room its row leaves."""
        self.addWidget(widget)
        self._stretch[id(self._items[-1])] = stretch

    def insert(self, index: int, widget: QWidget) -> None:
        """Put ``widget`` before the item at ``index`` (the tab order is the caller's)."""
        self.addChildWidget(widget)
        from PySide6.QtWidgets import QWidgetItem

        self._items.insert(index, QWidgetItem(widget))
        self.invalidate()

    def index_of(self, widget: QWidget) -> int:
        return next(i for i, it in enumerate(self._items) if it.widget() is widget)

    # -- QLayout -----------------------------------------------------------------------
    def addItem(self, item):  # noqa: N802 (Qt's name)
        self._items.append(item)

    def count(self):
        return len(self._items)

    def itemAt(self, index):  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index):  # noqa: N802
        if not 0 <= index < len(self._items):
            return None
        item = self._items.pop(index)
        self._stretch.pop(id(item), None)
        return item

    def expandingDirections(self):  # noqa: N802
        return Qt.Orientation.Horizontal

    def hasHeightForWidth(self):  # noqa: N802
        return True

    def heightForWidth(self, width):  # noqa: N802
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect):  # noqa: N802
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self):  # noqa: N802
        items = self._visible()
        width = sum(i.sizeHint().width() for i in items) + self._gap * max(0, len(items) - 1)
        m = self.contentsMargins()
        return QSize(width + m.left() + m.right(), self.heightForWidth(width))

    def minimumSize(self):  # noqa: N802
        """The widest single item: narrower than that, an item would be cut."""
        size = QSize(0, 0)
        for item in self._visible():
            size = size.expandedTo(self._least(item))
        m = self.contentsMargins()
        return QSize(size.width() + m.left() + m.right(), self.heightForWidth(size.width()))

    # -- placing -----------------------------------------------------------------------
    def _visible(self) -> list:
        return [i for i in self._items if not (i.widget() and i.widget().isHidden())]

    def _least(self, item) -> QSize:
        if self._stretch.get(id(item)):
            return item.minimumSize()
        return item.sizeHint().expandedTo(item.minimumSize())

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in ``rect`` (only measure unless ``move``); the height used."""
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        rows, row, x = [], [], 0
        for item in self._visible():
            w = self._least(item).width() if self._stretch.get(id(item)) else None
            w = item.sizeHint().width() if w is None else max(w, item.sizeHint().width())
            w = min(w, area.width()) if self._stretch.get(id(item)) else w
            if row and x + w > area.width():
                rows.append(row)
                row, x = [], 0
            row.append([item, w])
            x += w + self._gap
        if row:
            rows.append(row)
        y = area.y()
        for i, row in enumerate(rows):
            h = max(it.sizeHint().height() for it, _ in row)
            self._stretch_row(row, area.width())
            if move:
                px = area.x()
                for item, w in row:
                    ih = min(h, max(item.sizeHint().height(), item.minimumSize().height()))
                    item.setGeometry(QRect(QPoint(px, y + (h - ih) // 2), QSize(w, ih)))
                    px += w + self._gap
            y += h + (self._gap if i < len(rows) - 1 else 0)
        return y - rect.y() + m.bottom()

    def _stretch_row(self, row: list, width: int) -> None:
        left = width - sum(w for _, w in row) - self._gap * (len(row) - 1)
        weights = [self._stretch.get(id(it), 0) for it, _ in row]
        total = sum(weights)
        if left <= 0 or not total:
            return
        for cell, weight in zip(row, weights, strict=True):
            cell[1] += left * weight // total


def flow_widget(*widgets, stretch: dict | None = None, spacing: int = 6) -> QWidget:
    """A widget whose children flow (:class:`FlowRow`); ``stretch``: {widget: factor}."""
    box = QWidget()
    sp = QSizePolicy(QSizePolicy.Preferred, QSizePolicy.Preferred)
    sp.setHeightForWidth(True)
    box.setSizePolicy(sp)
    row = FlowRow(box, spacing)
    for w in widgets:
        row.add(w, (stretch or {}).get(w, 0))
    box.flow = row
    return box


def group(*parts, spacing: int = 4) -> QWidget:
    """``parts`` (widgets or label texts) side by side as one unbreakable piece."""
    box = QWidget()
    lay = QHBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(spacing)
    for p in parts:
        lay.addWidget(QLabel(p) if isinstance(p, str) else p)
    box.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Fixed)
    return box


class SideBySide(QWidget):
    """``first`` and ``second`` side by side when the width holds both at their size hints
    (``need(width)`` may say otherwise), else ``second`` under ``first``.  Its least width is
    the stacked one, so it never makes a tab wider than its window."""

    def __init__(self, first: QWidget, second: QWidget, stretch=(1, 1), spacing: int = 6):
        super().__init__()
        self.first, self.second = first, second
        self._box = QBoxLayout(QBoxLayout.LeftToRight, self)
        self._box.setContentsMargins(0, 0, 0, 0)
        self._box.setSpacing(spacing)
        self._box.addWidget(first, stretch[0])
        self._box.addWidget(second, stretch[1])

    @property
    def side_by_side(self) -> bool:
        return self._box.direction() == QBoxLayout.LeftToRight

    def wide_enough(self) -> int:
        """The width from which the parts go side by side."""
        return self.first.sizeHint().width() + self.second.sizeHint().width() + self._box.spacing()

    def minimumSizeHint(self):  # noqa: N802 (Qt's name)
        a, b = self.first.minimumSizeHint(), self.second.minimumSizeHint()
        if self.side_by_side:
            return QSize(max(a.width(), b.width()), max(a.height(), b.height()))
        return QSize(max(a.width(), b.width()), a.height() + b.height() + self._box.spacing())

    def resizeEvent(self, e):  # noqa: N802
        super().resizeEvent(e)
        self._choose(e.size().width())

    def changeEvent(self, e):  # noqa: N802
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:
            self._choose(self.width())

    def _choose(self, width: int) -> None:
        want = QBoxLayout.LeftToRight if width >= self.wide_enough() else QBoxLayout.TopToBottom
        if self._box.direction() != want:
            self._box.setDirection(want)
            self.updateGeometry()
            # the parts take their places now, not when the posted layout request is handled:
            # what is read (and drawn) first is already side by side or stacked
            self._box.activate()


class TabPage(QWidget):
    """A page of a :class:`QTabWidget` whose height counts only while it is the page shown.

    A tab widget is as tall as its tallest page: the hidden page's size policy set to
    ``Ignored`` takes it out of the size hint, but not out of ``heightForWidth``, which Qt's
    stacked layout asks of every page — the traces page's folded grids then stretched the cost
    plot to 772 px at 1280×680, its x-axis below the window (a stranger's trial).
    """

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        if self.sizePolicy().verticalPolicy() == QSizePolicy.Policy.Ignored:
            return -1  # hidden: the shown page's height decides
        return super().heightForWidth(width)
