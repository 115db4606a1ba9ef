"""What a reader sees cut, scrolled sideways or covered, read from Qt's own geometry.

``layout_problems(root)`` walks the visible widgets under ``root`` and returns one line per
problem, naming the widget by its class, object name and (start of its) text:

* a one-line label, button, check box or radio button narrower than its text (Qt's size hint
  for the text at the widget's font; a label that elides on purpose says so with the dynamic
  property ``elides`` and a tool tip holding the whole text);
* a scroll area whose horizontal scroll bar is shown with a range (vertical scrolling only);
* two visible siblings whose rectangles overlap by more than a pixel each way.

Used by the layout tests at 1280×720 and 1024×768, at the default text size and at 22 pt.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QCheckBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollBar,
    QSizeGrip,
    QSplitterHandle,
    QToolButton,
    QWidget,
)


def _name(w: QWidget) -> str:
    text = ""
    if isinstance(w, (QLabel, QAbstractButton)):
        text = w.text().replace("\n", " ")[:40]
    obj = w.objectName()
    owner = w.parentWidget()
    while owner is not None and not type(owner).__module__.startswith("ringlab"):
        owner = owner.parentWidget()
    where = type(owner).__name__ if owner is not None else "?"
    return f"{type(w).__name__}{'#' + obj if obj else ''} {text!r} in {where}"


def shown_rect(w: QWidget) -> QRect:
    """The part of ``w`` (in its own coordinates) the reader sees in its window: its rectangle
    cut by every ancestor's (a scroll area's viewport, the tab page, the window itself), so
    that a row scrolled out of an outer scroll area does not count as seen."""
    win = w.window()
    at = w.mapTo(win, QPoint(0, 0))
    shown = QRect(at, w.size())
    up = w.parentWidget()
    while up is not None:
        shown = shown.intersected(QRect(up.mapTo(win, QPoint(0, 0)), up.size()))
        if up is win:
            break
        up = up.parentWidget()
    return shown.translated(-at)


def _visible_in_window(w: QWidget) -> bool:
    """Shown, and at least partly inside every ancestor's rectangle (a widget scrolled out of a
    scroll area's view is not "cut": the reader scrolls to it)."""
    if not w.isVisible() or w.width() <= 0 or w.height() <= 0:
        return False
    return True


def _text_cut(w: QWidget) -> str | None:
    if isinstance(w, QLabel):
        if w.wordWrap() or not w.text() or w.pixmap() is not None and not w.pixmap().isNull():
            return None
        if w.property("elides"):
            return None if w.toolTip() else "elides without a tool tip holding the text"
        text = w.text()
        if "\n" in text or "<br" in text.lower():
            return None  # several lines: the size hint is the widest
        need = w.sizeHint().width()
        if w.width() + 1 < need:
            return f"{w.width()} px wide, its text needs {need} px"
        return None
    if isinstance(w, (QPushButton, QCheckBox, QRadioButton, QToolButton)):
        if not w.text():
            return None
        need = w.sizeHint().width()
        if w.width() + 1 < need:
            return f"{w.width()} px wide, its text needs {need} px"
    return None


def _sideways(w: QWidget) -> str | None:
    if not isinstance(w, QAbstractScrollArea):
        return None
    bar = w.horizontalScrollBar()
    if bar.isVisible() and bar.maximum() > 0:
        return f"scrolls sideways ({bar.maximum()} px hidden)"
    return None


_NEVER_OVERLAP_CHECKED = (QScrollBar, QSizeGrip, QSplitterHandle)


def _overlaps(parent: QWidget) -> list[str]:
    kids = [
        c
        for c in parent.findChildren(QWidget, options=_direct())
        if c.isVisible()
        and not c.isWindow()
        and not isinstance(c, _NEVER_OVERLAP_CHECKED)
        and not c.property("overlay")
        and not c.objectName().startswith("qt_")  # a scroll area's own scroll-bar boxes
        and c.width() > 0
        and c.height() > 0
    ]
    out = []
    for i, a in enumerate(kids):
        ra = a.geometry()
        for b in kids[i + 1 :]:
            r: QRect = ra.intersected(b.geometry())
            if r.width() > 1 and r.height() > 1:
                out.append(f"{_name(a)} overlaps {_name(b)} ({r.width()}×{r.height()} px)")
    return out


def _direct():
    from PySide6.QtCore import Qt

    return Qt.FindChildOption.FindDirectChildrenOnly


def layout_problems(root: QWidget) -> list[str]:
    """Every cut text, sideways scroll bar and overlap among the visible widgets of ``root``.

    Measured as the reader sees it: the layouts asked for (a font or a text changed, a tab was
    shown) are done first, as Qt does them before the next paint."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    QApplication.sendPostedEvents(None, QEvent.LayoutRequest)
    problems = []
    widgets = [root, *root.findChildren(QWidget)]
    for w in widgets:
        if not _visible_in_window(w) or w.isWindow() and w is not root:
            continue
        for check in (_text_cut, _sideways):
            why = check(w)
            if why:
                problems.append(f"{_name(w)}: {why}")
        problems.extend(_overlaps(w))
    return problems
