"""Small widget makers the Schedules and Search tabs share: a named label, a named button, a
table as tall as its rows.  Object names are what tests and lessons find the widgets by."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPushButton, QSlider

from ..settings import set_text_colour


def label(text: str = "", name: str = "", wrap: bool = True, colour: str | None = None) -> QLabel:
    """A label (word-wrapped unless ``wrap`` is False), named ``name`` and in ``colour``."""
    w = QLabel(text)
    if name:
        w.setObjectName(name)
    w.setWordWrap(wrap)
    if colour:
        set_text_colour(w, colour)
    return w


def button(text: str, name: str, slot=None, enabled: bool = True) -> QPushButton:
    """A push button named ``name`` that calls ``slot`` when clicked."""
    b = QPushButton(text)
    b.setObjectName(name)
    b.setEnabled(enabled)
    if slot is not None:
        b.clicked.connect(slot)
    return b


def fit_table_height(table) -> None:
    """``table`` exactly as tall as its header and rows, with room for a sideways scroll bar."""
    table.resizeColumnsToContents()
    table.setFixedHeight(
        table.horizontalHeader().height()
        + sum(table.rowHeight(i) for i in range(table.rowCount()))
        + table.horizontalScrollBar().sizeHint().height()
        + 6
    )


class WheelSafeSlider(QSlider):
    """A slider at least ten characters long, at the current text size.  The mouse wheel
    moves it only once it has the focus (clicked or tabbed to): the app-wide
    :mod:`ringlab.gui.wheel_guard` sees to that, for every slider, combo and spin box."""

    def minimumSizeHint(self):  # noqa: N802 (Qt's name)
        hint = super().minimumSizeHint()
        hint.setWidth(max(hint.width(), self.fontMetrics().averageCharWidth() * 10))
        return hint
