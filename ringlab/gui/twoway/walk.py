"""The two-way window's Walkthrough tab: the time-expanded graph step by step, both
directions drawn (:mod:`ringlab.render.twoway_walk`), a step slider, ←/→ and the caption.

matplotlib is imported when the tab is first shown, never when the window opens.  The
drawing follows the code: after an edit (or an undo) the step shown is drawn anew.
"""

from __future__ import annotations

import importlib.util

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSlider, QVBoxLayout, QWidget

from .model import TwoWayModel


def walkthrough_available() -> bool:
    """Whether the drawing module is there (it is written beside this window)."""
    return importlib.util.find_spec("ringlab.render.twoway_walk") is not None


class WalkthroughTab(QWidget):
    """The slider (``slider``, steps 0..T: the sends of t = 0..T−1, then the decode), the
    step's words (``step_label``), the caption (``caption``) and the canvas (built on the
    first show)."""

    def __init__(self, model: TwoWayModel, parent=None):
        super().__init__(parent)
        self.model = model
        self.setFocusPolicy(Qt.StrongFocus)
        self.canvas = None
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        self.step_label = QLabel(self)
        self.step_label.setAccessibleName("Walkthrough step")
        self.slider = QSlider(Qt.Horizontal, self)
        self.slider.setAccessibleName("Walkthrough step slider")
        self.slider.setRange(0, model.code.T)
        self.slider.setPageStep(1)
        self.slider.valueChanged.connect(self._on_step)
        row.addWidget(QLabel("Step:", self))
        row.addWidget(self.slider, 1)
        row.addWidget(self.step_label)
        row.addWidget(QLabel("(← / → step)", self))
        lay.addLayout(row)
        self.caption = QLabel(self)
        self.caption.setWordWrap(True)
        self.caption.setAccessibleName("Walkthrough caption")
        lay.addWidget(self.caption)
        self.area = QVBoxLayout()
        lay.addLayout(self.area, 1)
        model.changed.connect(self._on_code)
        self._words()

    # -- the canvas, on first sight -------------------------------------------------------
    def showEvent(self, event):  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if self.canvas is None:
            self._build()
        self.setFocus()

    def _build(self) -> None:
        from matplotlib.figure import Figure

        from ..views._canvas import sized_canvas

        self.figure = Figure(figsize=(12.8, 7.2), dpi=100)
        self.canvas = sized_canvas(self.figure, (960, 540), (640, 360))
        self.canvas.before_draw = self._draw
        self.area.addWidget(self.canvas)
        self._words()
        self.canvas.draw_idle()

    def _draw(self) -> None:
        from ...render.twoway_walk import draw_twoway_step

        # the caption is the label above (text a screen reader reads), not twice
        draw_twoway_step(self.figure, self.model.code, self.slider.value(), caption=False)

    # -- following the slider and the code -------------------------------------------------
    def _words(self) -> None:
        t, T = self.slider.value(), self.model.code.T
        self.step_label.setText(f"t = {t} → {t + 1} (sends)" if t < T else f"t = {T} (the decode)")
        if self.canvas is None:  # (the caption's module draws too: read on the first show)
            return
        from ...render.twoway_walk import twoway_caption

        self.caption.setText(twoway_caption(self.model.code, t))

    def _on_step(self, _value: int) -> None:
        self._words()
        if self.canvas is not None:
            self.canvas.draw_idle()

    def _on_code(self) -> None:
        self._on_step(self.slider.value())

    def keyPressEvent(self, event):  # noqa: N802
        step = {Qt.Key_Left: -1, Qt.Key_Right: 1}.get(event.key())
        if step is None:
            super().keyPressEvent(event)
            return
        self.slider.setValue(self.slider.value() + step)
