"""L in present mode: a large translucent halo at the mouse, drawn into the figure (not over
the widget) so an exported frame carries it too."""

from __future__ import annotations

RADIUS_PX = 60


class PointerHalo:
    """The halo on ``canvas`` (``None``: a slide without a figure, no halo)."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.on = False
        self.artist = None  # the Ellipse in the figure, once the mouse moved with the halo on

    def set_on(self, on: bool) -> None:
        self.on = on
        if not on and self.artist is not None and self.canvas is not None:
            self.artist.remove()
            self.artist = None
            self.canvas.draw_idle()

    def move_to(self, x: float, y: float) -> None:
        """Put the halo at widget pixel (x, y) of the canvas (figure coordinates)."""
        if not self.on or self.canvas is None:
            return
        from matplotlib.patches import Ellipse

        fig = self.canvas.figure
        w, h = self.canvas.width(), self.canvas.height()
        fx, fy = x / max(w, 1), 1 - y / max(h, 1)
        rx = RADIUS_PX / max(w, 1)
        ry = RADIUS_PX / max(h, 1)
        if self.artist is None:
            self.artist = Ellipse(
                (fx, fy),
                2 * rx,
                2 * ry,
                transform=fig.transFigure,
                facecolor="#ffd400",
                alpha=0.35,
                edgecolor="#e69f00",
                linewidth=3,
                zorder=100,
            )
            fig.add_artist(self.artist)
        else:
            self.artist.set_center((fx, fy))
            self.artist.set_width(2 * rx)
            self.artist.set_height(2 * ry)
        self.canvas.draw_idle()
