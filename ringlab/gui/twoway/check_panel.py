"""The exact check beside the grids: the verdict and, per node, ✓ or ✗ with the reason.

It reads :attr:`~.model.TwoWayModel.report` (the exact check of
:mod:`ringlab.core.twoway_check`, run after each edit) and is redrawn on ``changed``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from .model import TwoWayModel

GOOD, BAD = "#1b7a33", "#b3261e"


def verdict_text(report) -> str:
    return "FEASIBLE" if report.feasible else "NOT FEASIBLE"


def node_line(report, i: int) -> str:
    return ("✓ " if report.node_ok(i) else "✗ ") + report.reason(i)


class CheckPanel(QScrollArea):
    """The verdict (``verdict``, a label), how it was decided, and one label per node."""

    def __init__(self, model: TwoWayModel, parent=None):
        super().__init__(parent)
        self.model = model
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.NoFrame)
        body = QWidget(self)
        lay = QVBoxLayout(body)
        title = QLabel("<b>Exact check</b> (Theorem 2's route, both directions)", body)
        title.setWordWrap(True)
        lay.addWidget(title)
        self.verdict = QLabel(body)
        self.verdict.setAccessibleName("Verdict")
        f = self.verdict.font()
        f.setPointSizeF(f.pointSizeF() * 1.6)
        f.setBold(True)
        self.verdict.setFont(f)
        lay.addWidget(self.verdict)
        self.how = QLabel(body)
        self.how.setWordWrap(True)
        self.how.setAccessibleName("How the verdict was decided")
        lay.addWidget(self.how)
        self.nodes: list[QLabel] = []
        for i in range(model.code.N):
            label = QLabel(body)
            label.setWordWrap(True)
            label.setAccessibleName(f"Node {i} verdict")
            label.setTextInteractionFlags(Qt.TextSelectableByMouse)
            lay.addWidget(label)
            self.nodes.append(label)
        lay.addStretch(1)
        self.setWidget(body)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        rep = self.model.report
        self.verdict.setText(verdict_text(rep))
        self.verdict.setStyleSheet(f"color: {GOOD if rep.feasible else BAD}")
        F = rep.code.field.name
        how = (
            f"Checked exactly over {F}, with the code's own decoders (R_cw, R_ccw, T)."
            if rep.mode == "decoder"
            else f"The file gives no decoders: checked exactly over {F} whether one exists "
            f"(the sum in the span of what each node holds)."
        )
        self.how.setText(f"{rep.summary()}\n\n{how}")
        for i, label in enumerate(self.nodes):
            label.setText(node_line(rep, i))
            label.setStyleSheet(f"color: {GOOD if rep.node_ok(i) else BAD}")
