"""The cost explorer's plot beside (or above) its numbers, the numbers scrolling only up and
down: the layout half of :mod:`.costs`."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QFrame, QScrollArea

from .._reflow import SideBySide


class _UpAndDown(QScrollArea):
    """A scroll area as wide as its widget needs (it scrolls only up and down).  Under the plot
    (a narrow tab) it is as tall as its widget: the tab's page scrolls, not a second scroll
    area inside it (at 22 pt beside a lesson that one was a slot two rows high)."""

    def _stacked(self) -> bool:
        p = self.parentWidget()
        return isinstance(p, SideBySide) and not p.side_by_side

    def sizeHint(self):  # noqa: N802 (Qt's name)
        """As wide as its widget asks now (Qt's keeps the first width it read)."""
        hint = super().sizeHint()
        w = self.widget()
        if w is not None:
            hint.setWidth(w.sizeHint().width() + self.verticalScrollBar().sizeHint().width())
        return hint

    def minimumSizeHint(self):  # noqa: N802 (Qt's name)
        hint = super().minimumSizeHint()
        w = self.widget()
        if w is not None:
            hint.setWidth(w.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width())
            if self._stacked():
                width = max(self.viewport().width(), w.minimumSizeHint().width())
                tall = w.heightForWidth(width) if w.hasHeightForWidth() else -1
                hint.setHeight(max(tall, w.minimumSizeHint().height()))
        return hint

    def resizeEvent(self, e):  # noqa: N802
        super().resizeEvent(e)
        if e.size().width() != e.oldSize().width() and self._stacked():
            self.updateGeometry()  # its height follows its width (the notes wrap)

    def eventFilter(self, obj, e):  # noqa: N802
        if obj is self.widget() and e.type() == QEvent.LayoutRequest:
            # a table shown or refolded: as tall (stacked) or as wide as the numbers now
            self.updateGeometry()
        return super().eventFilter(obj, e)


class PlotAndNumbers(SideBySide):
    """The plot and the numbers, side by side or stacked, chosen again when the numbers ask
    for another width (the table of both models shown: under the plot, it need not fold)."""

    def event(self, e):
        if e.type() == QEvent.LayoutRequest:
            self._choose(self.width())
        return super().event(e)


def scrolling(widget) -> QScrollArea:
    """``widget`` in a scroll area without a frame that scrolls only up and down: the numbers
    scroll when the explorer is short (word-wrapped notes under a fixed-height table were
    drawn over it at 1920×1080 with larger text)."""
    area = _UpAndDown()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    area.setWidget(widget)
    return area
