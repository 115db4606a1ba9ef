"""The Mesh tab's drawings: the mesh at one step beside the group-size sweep, or, while the
result is computed, a line saying so in their place — and their export.  Drawing is
:mod:`ringlab.render.mesh`, the same functions ``ringlab mesh`` exports with."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QStackedWidget

from ...core.errors import RinglabError
from ._canvas import sized_canvas
from ._mesh_compute import DRAW_NODES, MeshResult
from ._reflow import SideBySide


class MeshPlots(QStackedWidget):
    """The step drawing and the sweep plot side by side — the sweep under the drawing on a
    narrow tab — (or "computing …").  Their text follows the window's (Ctrl+=)."""

    BASE_POINT_SIZE = 11  # the app's default text size: the drawings' zoom 1 there

    def __init__(self, parent=None):
        super().__init__(parent)
        from matplotlib.figure import Figure

        self.figure = Figure(figsize=(9.6, 7.2), dpi=100)
        # the least room each is laid out in (its title and labels whole); a narrower tab
        # shows it smaller (sized_canvas)
        self.canvas = sized_canvas(self.figure, (560, 420), (520, 390))
        self.sweep_figure = Figure(figsize=(8, 5), dpi=100)
        self.sweep_canvas = sized_canvas(self.sweep_figure, (480, 300), (440, 280))
        self._sweep_drawn = None  # (sweep_key, k) of the sweep drawn
        split = SideBySide(self.canvas, self.sweep_canvas, stretch=(3, 2))
        self.placeholder = QLabel()
        self.placeholder.setObjectName("mesh_plots_computing")
        self.placeholder.setAlignment(Qt.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.addWidget(split)
        self.addWidget(self.placeholder)

    def changeEvent(self, e):  # noqa: N802 (Qt's name)
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:
            zoom = self.font().pointSizeF() / self.BASE_POINT_SIZE
            for canvas in (self.canvas, self.sweep_canvas):
                if canvas.zoom != zoom:
                    canvas.set_zoom(zoom)
                    canvas.draw_idle()

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
