"""Check boxes, radio buttons and icons as large as the text beside them (issue 32).

The window's text size (Ctrl+=, up to 22 pt for the back row) is a font set on the window; Qt's
styles size indicators and icons in fixed pixels, so at 22 pt a check box's square stayed the
size it had at 11 pt.  :class:`ScaledStyle` wraps the application's style and scales those
metrics by the asking widget's line height against the application's text at start-up: at the
default size nothing changes, at twice the text the indicators are twice as large.  Spin
boxes and combo boxes (whose arrow buttons the styles size in fixed pixels too) are drawn and
measured as at the reference text, magnified to their size; a tab's padding shrinks instead,
so that the main tabs stay side by side at 22 pt.

Nothing has to be told of a zoom: a metric is read for a widget with that widget's font, and a
font change makes Qt's buttons forget their size hints; a tool bar (which keeps its icon size)
is sent back to the style's size when its font changes.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QHeaderView,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QTableView,
    QToolBar,
)

# (a set, and the tab padding read once: Qt asks pixelMetric thousands of times a Ctrl+=, and a
# lookup such as ``QStyle.PM_TabBarTabHSpace`` on PySide6's enums costs microseconds each time)
SCALED = frozenset(
    (
        QStyle.PM_IndicatorWidth,
        QStyle.PM_IndicatorHeight,
        QStyle.PM_ExclusiveIndicatorWidth,
        QStyle.PM_ExclusiveIndicatorHeight,
        QStyle.PM_SmallIconSize,
        QStyle.PM_ButtonIconSize,
        QStyle.PM_ToolBarIconSize,
        QStyle.PM_TabBarScrollButtonWidth,  # the arrows of a tab bar too narrow for its tabs
    )
)
_TAB_HSPACE = QStyle.PM_TabBarTabHSpace
# controls drawn as at the reference text, magnified: a spin box's and a combo box's arrow
# buttons (the styles draw them in fixed pixels: 14 px wide, an 8 px arrow) and their frame
MAGNIFIED = {QStyle.CC_SpinBox: QStyle.CT_SpinBox, QStyle.CC_ComboBox: QStyle.CT_ComboBox}


class ScaledStyle(QProxyStyle):
    """The application's style with indicators and icons scaled by the text's line height
    (``reference``: the line height at which the style's own sizes are kept)."""

    def __init__(self, base: str, reference: int):
        super().__init__(base)
        self.reference = max(1, reference)
        self._inside = False  # the base style at work on a magnified control: no scaling
        self.plain = base  # the base style's name (:func:`give_plain_style`)

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
        if self._inside:
            return value
        if metric in SCALED:
            return round(value * self.scale(option, widget))
        if metric == _TAB_HSPACE:
            # a tab's padding does not grow with its text: at 22 pt the main tabs fit a
            # 1024 px window's tab bar side by side (no scroll arrows, no tab cut)
            return round(value / self.scale(option, widget))
        return value

    # -- spin boxes and combo boxes: drawn as at the reference size, magnified ---------------
    def _shrunk(self, option, widget):
        """(option at the reference size with its rect at the origin, x and y factors), or
        None when the text is not larger than the reference."""
        s = self.scale(option, widget)
        if s <= 1.0 or option is None:
            return None
        r = option.rect
        w, h = max(1, round(r.width() / s)), max(1, round(r.height() / s))
        small = type(option)(option)
        small.rect = QRect(0, 0, w, h)
        return small, r.width() / w, r.height() / h

    def subControlRect(self, control, option, sub, widget=None):  # noqa: N802 (Qt's name)
        shrunk = None if self._inside or control not in MAGNIFIED else self._shrunk(option, widget)
        if shrunk is None:
            return super().subControlRect(control, option, sub, widget)
        small, sx, sy = shrunk
        self._inside = True
        try:
            r = super().subControlRect(control, small, sub, widget)
        finally:
            self._inside = False
        o = option.rect.topLeft()
        left, top = round(r.x() * sx), round(r.y() * sy)
        right, bottom = round((r.x() + r.width()) * sx), round((r.y() + r.height()) * sy)
        return QRect(o.x() + left, o.y() + top, right - left, bottom - top)

    def drawComplexControl(self, control, option, painter, widget=None):  # noqa: N802
        shrunk = None if self._inside or control not in MAGNIFIED else self._shrunk(option, widget)
        if shrunk is None:
            return super().drawComplexControl(control, option, painter, widget)
        small, sx, sy = shrunk
        painter.save()
        painter.translate(option.rect.topLeft())
        painter.scale(sx, sy)
        self._inside = True
        try:
            super().drawComplexControl(control, small, painter, widget)
        finally:
            self._inside = False
            painter.restore()
        return None

    def sizeFromContents(self, kind, option, size, widget=None):  # noqa: N802 (Qt's name)
        out = super().sizeFromContents(kind, option, size, widget)
        if self._inside or kind not in MAGNIFIED.values():
            return out
        s = self.scale(option, widget)
        if s <= 1.0:
            return out
        # what the style adds around the contents (buttons, frame) grows by the scale
        self._inside = True
        try:
            bare = super().sizeFromContents(kind, option, QSize(0, 0), widget)
        finally:
            self._inside = False
        return QSize(
            out.width() + round(bare.width() * (s - 1)),
            out.height() + round(max(0, bare.height() - size.height()) * (s - 1)),
        )

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


def give_plain_style(view: QAbstractScrollArea) -> None:
    """A scroll area's scroll bars (a table view's headers too, and theirs) answered by the
    base style itself.

    They ask nothing a :class:`ScaledStyle` changes, but asked it ~20,000 questions a Ctrl+= at
    eight nodes (every grid's headers and hidden scroll bars; each question a call into
    Python): the same pixels, in C++.  Each view has its own style object, a child of the view
    (PySide ties a style given to ``setStyle`` to that widget's life: one shared object was
    gone with the first window closed, and set from ``polish()`` it crashed Qt)."""
    name = getattr(QApplication.style(), "plain", None)
    if name is None:
        return
    plain = QStyleFactory.create(name)
    plain.setParent(view)
    areas = [view]
    if isinstance(view, QTableView):
        areas += [view.horizontalHeader(), view.verticalHeader()]  # scroll areas themselves
        for h in areas[1:]:
            h.setStyle(plain)
    for a in areas:
        a.horizontalScrollBar().setStyle(plain)
        a.verticalScrollBar().setStyle(plain)


def install(app: QApplication) -> ScaledStyle:
    """Wrap ``app``'s style in a :class:`ScaledStyle` (once; the app's text as reference)."""
    style = app.style()
    if isinstance(style, ScaledStyle):
        return style
    scaled = ScaledStyle(style.name(), QFontMetrics(app.font()).height())
    app.setStyle(scaled)
    for w in app.allWidgets():
        if isinstance(w, QAbstractScrollArea) and not isinstance(w, QHeaderView):
            give_plain_style(w)
    return scaled
