"""matplotlib's Qt canvas as the views use it: a modest size hint (a figure's own size would
make a scroll area or a height-for-width layout overflow), stretching to the room it gets, no
keyboard focus (the view's playback keys must reach the view), and an optional ``before_draw``
hook (the walkthrough rebuilds its layout for a new size before a full draw).  matplotlib is
imported only when a view that draws is built, never by ``ringlab.gui``."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QSizePolicy


def sized_canvas(figure, hint: tuple[int, int], minimum: tuple[int, int] | None = None):
    from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
    w, h = hint
    mw, mh = minimum or (w // 2, h // 2)

    class Canvas(FigureCanvasQTAgg):
        before_draw = None

        def sizeHint(self):
            return QSize(w, h)

        def minimumSizeHint(self):
            return QSize(mw, mh)

        def draw(self):
            if self.before_draw is not None:
                self.before_draw()
            super().draw()

    c = Canvas(figure)
    c.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
    c.setFocusPolicy(Qt.NoFocus)
    return c
