"""Under each schedule's grid: the shown step on a bidirectional ring (model (b); the paper's ring is directed).

Cores sit on a circle; between neighbours i and i+1 there are two directed links, drawn as two
arcs — the outer one carries i → i+1 (clockwise), the inner one i+1 → i.  An arc is grey while
nothing uses it and gets thicker and redder with the messages it carries on the step (a
message to a core d hops away occupies the d links of a shortest path; a directed link carries
one message per slot).  So the step's busiest link is the step's number of slots on a ring,
where a fully connected network would take one: recursive doubling's last step at N = 8 sends
every message 4 hops and piles 4 messages on every clockwise link.

The counts are :func:`ringlab.core.schedules.ring_model`'s (``link_messages`` per step,
``congestion``, ``slots``, ``link_bytes``); this module draws them and says them in words.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QBoxLayout, QSizePolicy, QWidget

from ....core.schedules.costs import format_bytes
from .._widgets import label

IDLE = QColor("#c8c8c8")
ONE = QColor("#0072B2")  # Okabe–Ito blue: one message, as the ring all-reduce sends
MANY = QColor("#D55E00")  # vermillion: four or more messages queue on one link


def link_name(N: int, link) -> str:
    """``(3, +1)`` → ``"3→4"``; ``(0, −1)`` → ``"0→N−1"``."""
    i, way = link
    return f"{i}→{(i + way) % N}"


def load_colour(c: int) -> QColor:
    if c <= 0:
        return IDLE
    f = min(1.0, (c - 1) / 3)
    return QColor.fromRgbF(
        ONE.redF() + f * (MANY.redF() - ONE.redF()),
        ONE.greenF() + f * (MANY.greenF() - ONE.greenF()),
        ONE.blueF() + f * (MANY.blueF() - ONE.blueF()),
    )


class RingDrawing(QWidget):
    """The ring with each directed link's messages on one step (``loads``: {(core, ±1): n})."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.N = 0
        self.loads: dict = {}
        self.setMinimumSize(120, 120)
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Fixed)

    def sizeHint(self):
        from PySide6.QtCore import QSize

        side = max(120, 9 * self.fontMetrics().height())
        return QSize(side, side)

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:  # Ctrl+= (projector): the ring grows too
            self.setFixedSize(self.sizeHint())

    def set_loads(self, N: int, loads: dict) -> None:
        self.N, self.loads = N, dict(loads)
        self.setFixedSize(self.sizeHint())
        self.update()

    def _point(self, cx, cy, r, angle):
        return QPointF(cx + r * math.cos(angle), cy + r * math.sin(angle))

    def _angle(self, i: float) -> float:
        return -math.pi / 2 + 2 * math.pi * i / self.N  # core 0 on top, clockwise

    def paintEvent(self, _e):
        N = self.N
        if N < 2:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        side = min(self.width(), self.height())
        cx, cy = self.width() / 2, self.height() / 2
        fm = self.fontMetrics()
        R = side / 2 - fm.height() * 1.1
        gap = max(4.0, min(9.0, R * 0.09))
        node_r = max(2.5, min(fm.height() * 0.45, math.pi * R / N * 0.42))
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.8))
        for i in range(N):
            for way, radius in ((1, R + gap), (-1, R - gap)):
                a0, a1 = (i, i + 1) if way == 1 else (i + 1, i)
                c = self.loads.get(((i if way == 1 else (i + 1) % N), way), 0)
                self._arc(p, cx, cy, radius, a0, a1, node_r, c, small, way == 1)
        p.setFont(self.font())
        label_every = 1 if N <= 12 else (2 if N <= 16 else 4)
        for i in range(N):
            pt = self._point(cx, cy, R, self._angle(i))
            p.setPen(QPen(QColor("#333333"), 1))
            p.setBrush(QColor("white"))
            p.drawEllipse(pt, node_r, node_r)
            if i % label_every == 0 and node_r * 2 >= fm.height() * 0.7:
                p.drawText(
                    QRectF(pt.x() - node_r * 2, pt.y() - node_r * 2, node_r * 4, node_r * 4),
                    Qt.AlignCenter,
                    str(i),
                )
            elif i % label_every == 0:
                out = self._point(cx, cy, R + gap + fm.height() * 0.7, self._angle(i))
                p.drawText(QRectF(out.x() - 15, out.y() - 10, 30, 20), Qt.AlignCenter, str(i))
        p.end()

    def _arc(self, p, cx, cy, radius, a0, a1, node_r, c, small, outer):
        """An arc from core a0 to core a1 (neighbours) at ``radius``, arrow at a1."""
        trim = (node_r + 2) / max(radius, 1)  # stop short of the node circles
        t0, t1 = self._angle(a0), self._angle(a1)
        t0, t1 = t0 + math.copysign(trim, t1 - t0), t1 - math.copysign(trim, t1 - t0)
        pts = [self._point(cx, cy, radius, t0 + (t1 - t0) * k / 12) for k in range(13)]
        path = QPainterPath(pts[0])
        for q in pts[1:]:
            path.lineTo(q)
        colour = load_colour(c)
        width = 1.0 if c <= 0 else 1.4 + 1.1 * min(c, 8)
        p.setPen(QPen(colour, width, Qt.SolidLine, Qt.FlatCap))
        p.setBrush(Qt.NoBrush)
        p.drawPath(path)
        if c > 0:  # the arrowhead says which way
            end, before = pts[-1], pts[-3]
            dx, dy = end.x() - before.x(), end.y() - before.y()
            n = math.hypot(dx, dy) or 1
            ux, uy = dx / n, dy / n
            L = 3.5 + width
            head = QPolygonF(
                [
                    end + QPointF(ux * 2, uy * 2),
                    end - QPointF(ux * L, uy * L) + QPointF(-uy * L * 0.6, ux * L * 0.6),
                    end - QPointF(ux * L, uy * L) - QPointF(-uy * L * 0.6, ux * L * 0.6),
                ]
            )
            p.setPen(Qt.NoPen)
            p.setBrush(colour)
            p.drawPolygon(head)
        if c >= 2:  # the number where messages queue
            mid = (t0 + t1) / 2
            r_text = radius + (10 if outer else -10)
            q = self._point(cx, cy, r_text, mid)
            p.setFont(small)
            p.setPen(QPen(colour.darker(130), 1))
            p.drawText(QRectF(q.x() - 10, q.y() - 8, 20, 16), Qt.AlignCenter, str(c))


class LinkLoads(QWidget):
    """The ring drawing and, beside it, the step in words (model (b))."""

    def __init__(self, name: str, parent=None):
        super().__init__(parent)
        self.setObjectName(f"links_{name}")
        self.model = None
        self.T = 0
        self.k = 0
        # side by side where the column is wide; the words under the ring where it is narrow
        # (three columns beside the Lessons panel at 1280×720 are ~190 px each)
        lay = self._lay = QBoxLayout(QBoxLayout.LeftToRight, self)
        lay.setContentsMargins(0, 2, 0, 2)
        self.ring = RingDrawing()
        self.ring.setObjectName(f"links_ring_{name}")
        self.caption = label(name=f"links_caption_{name}", colour="#333")
        self.caption.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        lay.addWidget(self.ring, 0, Qt.AlignTop)
        lay.addWidget(self.caption, 1)

    def minimumSizeHint(self):  # noqa: N802 (Qt's name)
        """As narrow as the words under the ring: side by side is only where there is room."""
        hint = super().minimumSizeHint()
        ring, words = self.ring.minimumSizeHint(), self.caption.minimumSizeHint()
        hint.setWidth(max(ring.width(), self.ring.minimumWidth(), words.width()))
        return hint

    def resizeEvent(self, e):
        super().resizeEvent(e)
        narrow = (
            e.size().width() < self.ring.width() + 14 * self.fontMetrics().averageCharWidth() + 20
        )
        want = QBoxLayout.TopToBottom if narrow else QBoxLayout.LeftToRight
        if self._lay.direction() != want:
            self._lay.setDirection(want)

    @property
    def loads(self) -> dict:
        """What the drawing shows now: {(core, ±1): messages} of the shown step."""
        return dict(self.ring.loads)

    def set_model(self, model, T: int) -> None:
        """``model``: a :class:`~ringlab.core.schedules.RingModel` of a T-step trace."""
        self.model, self.T = model, T
        self.show_step(self.k)

    def show_step(self, k: int) -> None:
        self.k = k
        m = self.model
        if m is None:
            return
        N, T = m.N, self.T
        loads = m.link_messages[k - 1] if 1 <= k <= T else {}
        self.ring.set_loads(N, loads)
        whole = (
            f"Whole run on the ring: {m.slots} slot{'s' * (m.slots != 1)}, where a fully "
            f"connected network takes {T} step{'s' * (T != 1)}; the busiest directed "
            f"link carries {format_bytes(m.max_link_load)} of S = {format_bytes(m.size)}."
        )
        if 1 <= k <= T:
            c = m.congestion[k - 1]
            busiest = sorted(l for l, v in loads.items() if v == c)
            names = ", ".join(link_name(N, l) for l in busiest[:4]) + (
                f" and {len(busiest) - 4} more" if len(busiest) > 4 else ""
            )
            hops = sum(loads.values())
            so_far = sum(m.congestion[:k])
            text = (
                f"<b>Ring links, step {k}</b> (bidirectional ring): {hops} link-hop"
                f"{'s' * (hops != 1)}; busiest directed link{'s' * (len(busiest) != 1)} "
                f"{names}: <b>{c} message{'s' * (c != 1)}</b> → {c} slot{'s' * (c != 1)} "
                f"(1 step fully connected). Slots so far {so_far} of {m.slots}."
            )
            self.ring.setToolTip(
                "Directed links used on this step (messages):\n"
                + "\n".join(f"{link_name(N, l)}: {v}" for l, v in sorted(loads.items()))
            )
        else:
            text = (
                "<b>Ring links</b> (bidirectional ring): "
                + ("nothing sent yet. " if k <= 0 else "done. ")
                + whole
            )
            self.ring.setToolTip(
                "Outer arcs: core i → i+1 (clockwise); inner arcs: i+1 → i. "
                "Grey: unused; thicker and redder: more messages on the link."
            )
        self.caption.setText(text)
        self.caption.setToolTip(
            whole + " Model (b): a message to a core d hops away uses the "
            "d links of a shortest path (clockwise on a tie); a "
            "directed link carries one message per slot."
        )
