"""L in present mode: a large translucent halo under the mouse, on every kind of slide.

It is painted by a transparent widget over the slide (a figure redraw per mouse move would lag
a whole frame behind the hand), and it follows the mouse over any child of the slide: the
figure's canvas takes the mouse events, so the slide itself never saw them and the halo never
appeared (issue 32).  An exported frame of a walkthrough carries it too: :meth:`in_figure` puts
the same halo into the figure for the length of the export.
"""

from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

RADIUS_PX = 60
FILL = "#ffd400"
EDGE = "#e69f00"
ALPHA = 0.35


class PointerHalo(QWidget):
    """The halo over ``view`` (a :class:`PresentView`); ``on`` toggled by L."""

    def __init__(self, view):
        super().__init__(view)
        self.setObjectName("present_halo")
        self.setAttribute(Qt.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WA_NoSystemBackground)
        self.setAttribute(Qt.WA_TranslucentBackground)
        self.on = False
        self.pos_px: QPointF | None = None  # where the mouse is, in the view's pixels
        self._view = view
        self._follower = _Follower(self)
        self.hide()

    def follow(self, widget: QWidget) -> None:
        """Mouse moves over ``widget`` and its children move the halo."""
        for w in (widget, *widget.findChildren(QWidget)):
            w.setMouseTracking(True)
            w.installEventFilter(self._follower)

    def set_on(self, on: bool) -> None:
        self.on = on
        if on:
            self.setGeometry(self._view.rect())
            self.show()
            self.raise_()
        else:
            self.hide()

    def move_to(self, x: float, y: float) -> None:
        """Put the halo at pixel (x, y) of the slide."""
        old = self.pos_px
        self.pos_px = QPointF(x, y)
        if not self.on:
            return
        if self.geometry() != self._view.rect():
            self.setGeometry(self._view.rect())
        self.raise_()
        r = RADIUS_PX + 4
        for p in (old, self.pos_px):
            if p is not None:
                self.update(int(p.x() - r), int(p.y() - r), 2 * r, 2 * r)

    def paintEvent(self, event):
        if not self.on or self.pos_px is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        fill = QColor(FILL)
        fill.setAlphaF(ALPHA)
        p.setBrush(QBrush(fill))
        p.setPen(QPen(QColor(EDGE), 3))
        p.drawEllipse(self.pos_px, RADIUS_PX, RADIUS_PX)
        p.end()

    @contextmanager
    def in_figure(self, canvas):
        """The halo drawn into ``canvas``'s figure while the block runs (an export)."""
        if not self.on or self.pos_px is None or canvas is None:
            yield
            return
        from matplotlib.patches import Ellipse

        fig = canvas.figure
        at = canvas.mapFrom(self._view, self.pos_px.toPoint())
        w, h = max(canvas.width(), 1), max(canvas.height(), 1)
        artist = Ellipse(
            (at.x() / w, 1 - at.y() / h),
            2 * RADIUS_PX / w,
            2 * RADIUS_PX / h,
            transform=fig.transFigure,
            facecolor=FILL,
            alpha=ALPHA,
            edgecolor=EDGE,
            linewidth=3,
            zorder=100,
        )
        fig.add_artist(artist)
        try:
            yield
        finally:
            artist.remove()


class _Follower(QObject):
    """Mouse moves anywhere on the slide → the halo (the event goes on to its widget)."""

    def __init__(self, halo: PointerHalo):
        super().__init__(halo)
        self.halo = halo

    def eventFilter(self, obj, event):
        if event.type() == QEvent.MouseMove and self.halo.on:
            p = obj.mapTo(self.halo.parentWidget(), event.position().toPoint())
            self.halo.move_to(p.x(), p.y())
        return False
