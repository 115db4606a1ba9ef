"""Scrolling the page with the mouse wheel over a combo box changed it: over the cost explorer's
"Machines from the sources…" box it picked a preset and set N to 8 (found by a lecturer).  The
wheel over a combo or spin box the user has not clicked into now scrolls the page and leaves the
value alone; once the user has clicked into it, the wheel works on it as usual."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QSpinBox

from ._acts import click_tab
from .test_explorer_veil import click_page

UP, DOWN = 120, -120  # one notch of a mouse wheel


def wheel(widget, notch: int) -> None:
    """One wheel notch over the middle of ``widget``, as the mouse sends it."""
    pos = QPointF(widget.rect().center())
    ev = QWheelEvent(
        pos,
        QPointF(widget.mapToGlobal(pos.toPoint())),
        QPoint(0, 0),
        QPoint(0, notch),
        Qt.NoButton,
        Qt.NoModifier,
        Qt.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, ev)


def explorer(qtbot, w):
    view = click_tab(qtbot, w, "Schedules")
    click_page(qtbot, w, "Cost explorer")
    combo = next(
        c
        for c in view.findChildren(QComboBox)
        if c.count() and c.itemText(0) == "Machines from the sources…"
    )
    qtbot.waitUntil(combo.isVisible)
    n_box = next(s for s in view.findChildren(QSpinBox) if s.accessibleName() == "Cost explorer N")
    return combo, n_box


def test_the_wheel_over_an_unfocused_combo_scrolls_past_it(open_window, qtbot):
    w = open_window("paper-k2-t3", size=(1280, 720))
    combo, n_box = explorer(qtbot, w)
    n_before = n_box.text()
    assert not combo.hasFocus()
    for notch in (DOWN, DOWN, UP):
        wheel(combo, notch)
    assert combo.currentText() == "Machines from the sources…"
    assert n_box.text() == n_before

    # clicked into (its list closed again with Esc), the wheel picks the next entry
    qtbot.mouseClick(combo, Qt.LeftButton, pos=combo.rect().center())
    qtbot.keyClick(QApplication.focusWidget() or combo, Qt.Key_Escape)
    qtbot.waitUntil(combo.hasFocus)
    wheel(combo, DOWN)
    qtbot.waitUntil(lambda: combo.currentText() != "Machines from the sources…")
    assert combo.currentText() == combo.itemText(1)


def test_the_wheel_over_an_unfocused_spin_box_leaves_n_alone(open_window, qtbot):
    w = open_window("paper-k2-t3", size=(1280, 720))
    n = next(s for s in w.params.findChildren(QSpinBox) if s.accessibleName() == "N")
    assert n.text() == "3"  # the paper's code: N = 3
    w.editor.setFocus()
    qtbot.waitUntil(lambda: not n.hasFocus())
    wheel(n, UP)
    assert n.text() == "3"

    line = n.lineEdit()
    qtbot.mouseClick(line, Qt.LeftButton, pos=line.rect().center())
    qtbot.waitUntil(n.hasFocus)
    wheel(n, UP)
    qtbot.waitUntil(lambda: n.text() == "4")
