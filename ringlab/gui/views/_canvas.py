"""matplotlib's Qt canvas as the views use it: a modest size hint (a figure's own size would
make a scroll area or a height-for-width layout overflow), stretching to the room it gets, no
keyboard focus (the view's playback keys must reach the view), and an optional ``before_draw``
hook (the walkthrough rebuilds its layout for a new size before a full draw).

The drawing is laid out in at least its room (``minimum`` pixels at zoom 1, times the zoom):
on a narrower tab (beside a lesson, at 22 pt) it is shown smaller, every part by one factor,
down to ``FIT_FLOOR`` of its room at zoom 1 — the tab scrolls vertically only, never
sideways.  A drawing that can stack its side column under itself (``stack``, the
walkthrough's side table) does so when its pane is narrower than it needs side by side: it is
then laid out in a narrower, taller room and the tab scrolls down to it.  matplotlib is
imported only when a view that draws is built, never by ``ringlab.gui``."""

from __future__ import annotations

from contextlib import nullcontext

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QSizePolicy

FIT_FLOOR = 0.5  # the narrowest a drawing is shown: this much of its room's width at zoom 1


class _Room:
    """The room a canvas of :func:`sized_canvas` lays its drawing out in (``least``, pixels
    at zoom 1, magnified by ``zoom``) and how much smaller it shows it in a narrower pane."""

    least = (0, 0)
    zoom = 1.0
    zoomed_room = None
    # (side-by-side width, stacked room): below the first (pixels at zoom 1) the drawing
    # stacks, laid out in the room the second gives (a callable: pixels at zoom 1)
    stack = None
    stacked = False
    on_stacked = None  # called when the drawing stacks or unstacks (its room changes)

    def _least_room(self) -> tuple[float, float]:
        if self.stacked:
            return self.stack[1]()
        return self.least if self.zoom <= 1 or not self.zoomed_room else self.zoomed_room

    def room(self) -> tuple[float, float]:
        """The least size the drawing is laid out in, in pixels at this zoom: zoomed in,
        ``zoomed_room`` (points' worth of pixels at zoom 1) magnified; stacked, the
        stacked room."""
        lw, lh = self._least_room()
        return lw * self.zoom, lh * self.zoom

    def least_width(self) -> int:
        if self.stacked:
            return round(self.stack[1]()[0] * FIT_FLOOR)
        lw = (self.zoomed_room or self.least)[0] if self.zoom > 1 else self.least[0]
        return round(lw * FIT_FLOOR)

    def _choose_stacked(self, width: int) -> None:
        stacked = self.stack is not None and width < self.stack[0] * self.zoom
        if stacked != self.stacked:
            self.stacked = stacked
            self.updateGeometry()
            if self.on_stacked is not None:
                self.on_stacked()

    def fit(self, width: int) -> float:
        """How much smaller than its zoom the drawing is shown at ``width`` px (≤ 1)."""
        return min(1.0, max(width, self.least_width()) / self.room()[0])


class _Seen:
    """A canvas's draws are for the eye: one asked for while the canvas is hidden is made on
    its first paint once shown — once, and at the size it is shown at, not for each change
    made while it was hidden (a tab not shown, a window not shown yet)."""

    drawn_when_shown = False  # a draw asked for while hidden

    def draw_idle(self):
        if not self.isVisible():
            self.drawn_when_shown = True
            return
        super().draw_idle()

    def showEvent(self, event):  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if self.drawn_when_shown:
            self.drawn_when_shown = False
            super().draw_idle()  # (the paint that follows the show draws it)


def sized_canvas(figure, hint: tuple[int, int], minimum: tuple[int, int] | None = None):
    from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg

    w, h = hint
    mw, mh = minimum or (w // 2, h // 2)

    class Canvas(_Seen, FigureCanvasQTAgg, _Room):
        before_draw = None
        # what the next draw is made in (matplotlib settings): set with a draw asked for,
        # dropped by a resize (whose own redraw is made in the defaults) and by the draw
        draw_context = None
        zoom = 1.0
        least = (mw, mh)

        def sizeHint(self):
            return QSize(round(w * self.zoom), round(h * self.zoom))

        def minimumSizeHint(self):
            # stacked, as tall as the room shown at this width (no band of empty graph)
            fit = self.fit(self.width()) if self.stacked else 1.0
            return QSize(self.least_width(), round(self.room()[1] * fit))

        def resizeEvent(self, event):  # noqa: N802 (Qt's name)
            from PySide6.QtGui import QResizeEvent

            self._choose_stacked(event.size().width())
            if self.stacked and event.size().height() < self.minimumSizeHint().height() - 1:
                # given less than its stacked room (a zoom or width change while hidden):
                # ask for it again, rather than leave the drawing with no room for the table
                self.on_stacked()
            # (asking may have resized it meanwhile: the figure takes the size it has now)
            self._set_dpi(self.width())
            self.draw_context = None
            super().resizeEvent(QResizeEvent(self.size(), event.oldSize()))

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
            context, self.draw_context = self.draw_context, None
            try:
                with context() if context is not None else nullcontext():
                    super().draw()
            except RuntimeError:
                if isValid(self):
                    raise  # (deleted while drawing: nothing to show)

    c = Canvas(figure)
    c.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
    c.setFocusPolicy(Qt.NoFocus)
    return c
