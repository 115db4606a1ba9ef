"""matplotlib's Qt canvas as the views use it: a modest size hint (a figure's own size would
make a scroll area or a height-for-width layout overflow), stretching to the room it gets, no
keyboard focus (the view's playback keys must reach the view), and an optional ``before_draw``
hook (the walkthrough rebuilds its layout for a new size before a full draw).

The drawing is laid out in at least its room (``minimum`` pixels at zoom 1, times the zoom):
on a narrower tab (beside a lesson, at 22 pt) it is shown smaller, every part by one factor,
down to ``FIT_FLOOR`` of its room at zoom 1 — the tab scrolls vertically only, never
sideways.  matplotlib is
imported only when a view that draws is built, never by ``ringlab.gui``."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QSizePolicy

FIT_FLOOR = 0.5  # the narrowest a drawing is shown: this much of its room's width at zoom 1


def sized_canvas(figure, hint: tuple[int, int], minimum: tuple[int, int] | None = None):
    from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg

    w, h = hint
    mw, mh = minimum or (w // 2, h // 2)

    class Canvas(FigureCanvasQTAgg):
        before_draw = None
        zoom = 1.0

        def sizeHint(self):
            return QSize(round(w * self.zoom), round(h * self.zoom))

        zoomed_room = None

        def room(self) -> tuple[float, float]:
            """The least size the drawing is laid out in, in pixels at this zoom: zoomed in,
            ``zoomed_room`` (points' worth of pixels at zoom 1) magnified."""
            lw, lh = (mw, mh) if self.zoom <= 1 or not self.zoomed_room else self.zoomed_room
            return lw * self.zoom, lh * self.zoom

        def least_width(self) -> int:
            lw = (self.zoomed_room or (mw, mh))[0] if self.zoom > 1 else mw
            return round(lw * FIT_FLOOR)

        def fit(self, width: int) -> float:
            """How much smaller than its zoom the drawing is shown at ``width`` px (≤ 1)."""
            return min(1.0, max(width, self.least_width()) / self.room()[0])

        def minimumSizeHint(self):
            return QSize(self.least_width(), round(self.room()[1]))

        def resizeEvent(self, event):  # noqa: N802 (Qt's name)
            self._set_dpi(event.size().width())
            super().resizeEvent(event)

        def _set_dpi(self, width: int) -> None:
            fig = self.figure
            fig._original_dpi = 100.0 * self.zoom * self.fit(width)
            fig._set_dpi(fig._original_dpi * self.device_pixel_ratio, forward=False)

        def wheelEvent(self, event):  # noqa: N802 (Qt's name)
            # nothing on the drawing uses the wheel: let a scroll area around it scroll
            event.ignore()

        def set_zoom(self, zoom: float) -> None:
            """Draw everything ``zoom`` times larger — every text, line and marker by the one
            factor — by raising the figure's dots per inch: the layout, worked out in points,
            sees the same figure as at zoom 1 (no part shrinks to fit while another grows)."""
            from PySide6.QtGui import QResizeEvent

            self.zoom = float(zoom)
            self.updateGeometry()
            self.resizeEvent(QResizeEvent(self.size(), self.size()))

        def draw(self):
            from shiboken6 import isValid

            if not isValid(self):  # a draw_idle queued before the view was closed
                return
            if self.before_draw is not None:
                self.before_draw()
            try:
                super().draw()
            except RuntimeError:
                if isValid(self):
                    raise  # (deleted while drawing: nothing to show)

    c = Canvas(figure)
    c.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
    c.setFocusPolicy(Qt.NoFocus)
    return c
