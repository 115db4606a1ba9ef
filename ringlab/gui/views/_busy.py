"""The busy line of a view that computes in the background: an indeterminate bar and what is
being computed, shown only while it is."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget


class BusyLine(QWidget):
    """``show_busy(text)`` while a computation runs, ``show_busy(None)`` when it is done."""

    def __init__(self, name: str, parent=None):
        super().__init__(parent)
        self.label = QLabel()
        self.label.setObjectName(name)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # indeterminate: "working"
        self.bar.setMaximumWidth(160)
        self.bar.setTextVisible(False)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.bar)
        row.addWidget(self.label, 1)
        self.hide()

    def show_busy(self, text: str | None) -> None:
        if text is not None:
            self.label.setText(text)
        self.setVisible(text is not None)
