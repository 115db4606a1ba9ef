"""Check boxes, radio buttons and icons as large as the text beside them (issue 32).

The window's text size (Ctrl+=, up to 22 pt for the back row) is a font set on the window; Qt's
styles size indicators and icons in fixed pixels, so at 22 pt a check box's square stayed the
size it had at 11 pt.  :class:`ScaledStyle` wraps the application's style and scales those
metrics by the asking widget's line height against the application's text at start-up: at the
default size nothing changes, at twice the text the indicators are twice as large.

Nothing has to be told of a zoom: a metric is read for a widget with that widget's font, and a
font change makes Qt's buttons forget their size hints; a tool bar (which keeps its icon size)
is sent back to the style's size when its font changes.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QToolBar

SCALED = (
    QStyle.PM_IndicatorWidth,
    QStyle.PM_IndicatorHeight,
    QStyle.PM_ExclusiveIndicatorWidth,
    QStyle.PM_ExclusiveIndicatorHeight,
    QStyle.PM_SmallIconSize,
    QStyle.PM_ButtonIconSize,
    QStyle.PM_ToolBarIconSize,
    QStyle.PM_TabBarScrollButtonWidth,  # the arrows of a tab bar too narrow for its tabs
)


class ScaledStyle(QProxyStyle):
    """The application's style with indicators and icons scaled by the text's line height
    (``reference``: the line height at which the style's own sizes are kept)."""

    def __init__(self, base: str, reference: int):
        super().__init__(base)
        self.reference = max(1, reference)

    def scale(self, option=None, widget=None) -> float:
        """The asking widget's (else the option's) line height over the reference; never
        below 1 (a smaller text keeps the style's sizes)."""
        if widget is not None:
            height = widget.fontMetrics().height()
        elif option is not None:
            height = option.fontMetrics.height()
        else:
            height = QFontMetrics(QApplication.font()).height()
        return max(1.0, height / self.reference)

    def pixelMetric(self, metric, option=None, widget=None):  # noqa: N802 (Qt's name)
        value = super().pixelMetric(metric, option, widget)
        if metric in SCALED:
            return round(value * self.scale(option, widget))
        return value

    def polish(self, arg):
        out = super().polish(arg)
        if isinstance(arg, QToolBar):
            arg.installEventFilter(self)
        return out

    def unpolish(self, arg):
        if isinstance(arg, QToolBar):
            arg.removeEventFilter(self)
        return super().unpolish(arg)

    def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
        if event.type() == QEvent.FontChange and isinstance(obj, QToolBar):
            obj.setIconSize(QSize())  # (an invalid size: the style's, at the new font)
        return False


def install(app: QApplication) -> ScaledStyle:
    """Wrap ``app``'s style in a :class:`ScaledStyle` (once; the app's text as reference)."""
    style = app.style()
    if isinstance(style, ScaledStyle):
        return style
    scaled = ScaledStyle(style.name(), QFontMetrics(app.font()).height())
    app.setStyle(scaled)
    return scaled
