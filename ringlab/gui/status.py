"""The status bar's permanent part: rate, the binding bound, the reduce-multicast shape — read
from the document's analysis after every change."""
from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QLabel


class CodeStatus(QObject):
    def __init__(self, document, status_bar, parent=None):
        super().__init__(parent)
        self.document = document
        self.rate_label, self.bound_label, self.shape_label = QLabel(), QLabel(), QLabel()
        for lab in (self.rate_label, self.bound_label, self.shape_label):
            lab.setTextFormat(Qt.RichText)
            lab.setContentsMargins(14, 0, 14, 0)
            status_bar.addPermanentWidget(lab)
        document.changed.connect(self._on_code_changed)
        self._on_code_changed()

    def _on_code_changed(self) -> None:
        code, a = self.document.code, self.document.analysis
        b = a.bounds
        self.rate_label.setText(f"rate K/T = {code.K}/{code.T} = {float(code.rate):.3f}")
        ok = "✓" if b.satisfied else "<span style='color:#c00000'>✗ T too small</span>"
        self.bound_label.setText(f"{b.binding}: T ≥ {b.min_T} {ok}")
        self.bound_label.setToolTip(b.summary())
        shape = a.shape
        self.shape_label.setText("reduce-multicast shape" if shape.ok else "non-trivial coding")
        self.shape_label.setToolTip(shape.summary())
