"""The Mesh tab's drawings: the mesh at one step beside the group-size sweep, or, while the
result is computed, a line saying so in their place — and their export.  Drawing is
:mod:`ringlab.render.mesh`, the same functions ``ringlab mesh`` exports with."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSplitter, QStackedWidget

from ...core.errors import RinglabError
from ._canvas import sized_canvas
from ._mesh_compute import DRAW_NODES, MeshResult


class MeshPlots(QStackedWidget):
    """The step drawing and the sweep plot side by side (or "computing …")."""

    def __init__(self, parent=None):
        super().__init__(parent)
        from matplotlib.figure import Figure

        self.figure = Figure(figsize=(9.6, 7.2), dpi=100)
        self.canvas = sized_canvas(self.figure, (560, 420))
        self.sweep_figure = Figure(figsize=(8, 5), dpi=100)
        self.sweep_canvas = sized_canvas(self.sweep_figure, (480, 300))
        self._sweep_drawn = None  # (sweep_key, k) of the sweep drawn
        split = QSplitter(Qt.Horizontal)
        split.addWidget(self.canvas)
        split.addWidget(self.sweep_canvas)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        self.placeholder = QLabel()
        self.placeholder.setObjectName("mesh_plots_computing")
        self.placeholder.setAlignment(Qt.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.addWidget(split)
        self.addWidget(self.placeholder)

    def show_computing(self, text: str | None) -> None:
        """``text`` in place of the plots while computing; None: the plots."""
        if text is not None:
            self.placeholder.setText(text)
        self.setCurrentIndex(0 if text is None else 1)

    def draw_sweep(self, r: MeshResult) -> None:
        """The sweep plot of ``r``, ``r``'s k highlighted (drawn again only when it differs)."""
        drawn = (r.key.sweep_key, r.mesh.k)  # (the data: a function of these two)
        if drawn != self._sweep_drawn:
            from ...render.mesh import draw_sweep

            draw_sweep(self.sweep_figure, r.sweep_data, highlight=r.mesh.k, measure=r.key.measure)
            self.sweep_canvas.draw_idle()
            self._sweep_drawn = drawn

    def draw_step(self, schedule, step: int) -> None:
        m = schedule.mesh
        if m.N > DRAW_NODES:
            self.figure.clear()
            self.figure.text(
                0.5,
                0.5,
                f"{m.N} nodes: too many to draw; totals and sweep only",
                ha="center",
                va="center",
            )
        else:
            from ...render.mesh import draw_step

            draw_step(self.figure, schedule, step, caption=False)
        self.canvas.draw_idle()

    def export(self, path: str, what: str, schedule, step: int) -> str:
        """``what="steps"``: GIF of every step of ``schedule``, or PNG/SVG of ``step``;
        ``"sweep"``: the sweep plot."""
        from ...render.mesh import export_steps

        if what == "sweep":
            self.sweep_figure.savefig(path)
            return path
        if schedule.mesh.N > DRAW_NODES:
            raise RinglabError(f"{schedule.mesh.N} nodes: too many to draw (at most {DRAW_NODES})")
        return export_steps(schedule, path, step=None if path.lower().endswith(".gif") else step)
