"""A row of widgets that wraps to further rows when its pane is narrow (:class:`WrapRow`, a
:class:`FlowLayout`), and a pane whose minimum height follows what its layout needs at its width
(:func:`minimum_follows_width`): a splitter above it then leaves that room instead of laying the
rows over what follows (Qt's minimum sizes do not follow a layout's height for width)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QSizePolicy, QWidget

from .flow_layout import FlowLayout


class WrapRow(QWidget):
    """``WrapRow(a, b, c)``: a, b and c left to right at their size hints, wrapping."""

    def __init__(self, *widgets: QWidget, parent=None):
        super().__init__(parent)
        self.flow = FlowLayout(self)
        self.flow.setContentsMargins(0, 0, 0, 0)
        for w in widgets:
            self.flow.addWidget(w)
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Minimum)


class _MinimumFollowsWidth(QObject):
    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in (QEvent.Resize, QEvent.LayoutRequest):
            lay = obj.layout()
            if lay is not None and lay.hasHeightForWidth():
                inner = obj.contentsRect()  # a group box's frame is outside its layout
                frame = obj.height() - inner.height()
                need = lay.minimumHeightForWidth(max(inner.width(), 1)) + frame
                if need > 0 and need != obj.minimumHeight():
                    obj.setMinimumHeight(need)
        return False


def minimum_follows_width(widget: QWidget) -> QWidget:
    """``widget``'s minimum height kept at what its layout needs at its width (wrapped labels,
    wrapping rows): a splitter or scroll area holding it then never squeezes its parts over one
    another."""
    watcher = _MinimumFollowsWidth(widget)
    widget.installEventFilter(watcher)
    return widget
