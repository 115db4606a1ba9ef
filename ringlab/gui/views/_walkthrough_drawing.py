"""What the Propagation tab draws, in a scroll area: $G_T$ at one step (or, for a large code,
the heat-map summary on a canvas of its own), the caption, the decode with its numbers at
t = T, and the Theorem 2 verdict.

The drawings are :class:`ringlab.render.propagation.WalkthroughRenderer` and
:class:`ringlab.render.heatmap.HeatmapRenderer` on matplotlib's QtAgg canvas — the renderers
``ringlab export`` uses, so what is on screen is what is exported.  Zoomed past what the window
holds, the drawing and its caption scroll (the wheel over the drawing scrolls them too).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QScrollArea, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from ...render.captions import decode_arithmetic, failing_reason
from ..matrix_model import notation_tip
from ._canvas import sized_canvas


class WalkthroughDrawing(QScrollArea):
    """The drawing of one trace at one step, its caption, decode and verdict."""

    # the least room the drawing is laid out in, in pixels at zoom 1 (it grows with the zoom;
    # a smaller window scrolls it): its text never shrinks to fit
    MIN_DRAWING = (600, 300)
    # zoomed in (Ctrl+=), the least room (pixels at zoom 1): the height a 1280×720 window gives
    # the drawing at 11 pt, so the zoomed drawing is that one magnified, every part by the one
    # factor, scrolling down where the window is lower; across, it fits the window (the title
    # drops the code's name and the graph gives the side table its room, rather than shrink)
    ZOOMED_ROOM = (600, 448)
    # below this width (pixels at zoom 1) the side table goes under the graph, full width and
    # at its full text size, in a room this wide and as tall as the table needs (the
    # renderer's layout.stacked_height): the tab then scrolls down to it, never sideways
    SIDE_BY_SIDE = 640
    STACKED_WIDTH = 470
    SHOWN_DECODES = 4  # nodes whose arithmetic is listed; the tooltip has them all

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("propagation_drawing")
        self._build_canvases()
        self.caption_label = QLabel()
        self.caption_label.setWordWrap(True)
        self.caption_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.caption_label.setToolTip(notation_tip("y", "s", "G_T"))
        # at t = T: the decode with its numbers, per node (ẑ = R s + T x made concrete); under
        # the caption, so the scroll area scrolls it with the drawing
        self.decode_label = QLabel()
        self.decode_label.setObjectName("propagation_decode_arithmetic")
        self.decode_label.setWordWrap(True)
        self.decode_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.decode_box = QWidget()
        box = QVBoxLayout(self.decode_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.decode_label)
        self.decode_box.hide()
        self._decode_lines = 1  # the decode's heading and node 0's lines (at t = T)
        self.verdict_label = QLabel()
        self.verdict_label.setWordWrap(True)
        body = QWidget()
        self.setWidget(body)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.NoFrame)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.canvas_stack, 1)
        lay.addWidget(self.caption_label)
        lay.addWidget(self.decode_box)
        lay.addWidget(self.verdict_label)

    def _build_canvases(self) -> None:
        """$G_T$ and, for large codes, the summary: each on a canvas of its own, one shown."""
        from matplotlib.figure import Figure

        from ...render.heatmap import HeatmapRenderer
        from ...render.propagation import WalkthroughRenderer

        figure = Figure(figsize=(12.8, 7.2), dpi=100)
        canvas = sized_canvas(figure, (640, 360), self.MIN_DRAWING)
        renderer = WalkthroughRenderer(figure, caption_in_figure=False)
        # on screen the figure is usually smaller than a 1280×720 frame; keep the text at
        # full size (the layout abbreviates instead) so it reads from the back of a room; the
        # window's text size (Ctrl+=) zooms the whole drawing (set_text_size)
        renderer.min_scale = renderer.max_scale = 1.0
        renderer.min_title_pt = 13.0  # a narrow drawing drops the code's name instead
        renderer.full_table = True  # …and narrows the graph, not the table's text
        self.full = (figure, canvas, renderer)
        self._stack_for = (3, "")  # (N, inputs note) of the trace drawn
        canvas.stack = (self.SIDE_BY_SIDE, self._stacked_room)
        canvas.on_stacked = self._on_stacked
        sfig = Figure(figsize=(12.8, 7.2), dpi=100)
        scanvas = sized_canvas(sfig, (640, 360), self.MIN_DRAWING)
        srend = HeatmapRenderer(sfig, caption_in_figure=False)
        srend.min_scale = srend.max_scale = 1.0
        self.summary = (sfig, scanvas, srend)
        self.figure, self.canvas, self.renderer = self.full
        self.canvas_stack = QStackedWidget()
        for _, c, rend in (self.full, self.summary):
            self.canvas_stack.addWidget(c)
            c.before_draw = lambda r=rend: self._relayout_if_resized(r)
            # hover a node of G_T (a cell of the summary): what it holds at that time
            c.setMouseTracking(True)
            c.mpl_connect("motion_notify_event", self._on_mouse_moved)

    def _stacked_room(self) -> tuple[float, float]:
        """The stacked drawing's least room, pixels at zoom 1 (dpi 100): its height in points
        for this trace's N and note, at the drawing's text scale 1."""
        from ...render.walkthrough.layout import stacked_height

        N, note = self._stack_for
        return self.STACKED_WIDTH, stacked_height(self.full[0], N, 1.0, note) * 100 / 72

    def _on_stacked(self) -> None:
        """The full drawing stacked or unstacked: its room (the tab's height) changed."""
        self.full[2].stacked = self.full[1].stacked
        if self.canvas is self.full[1]:
            self.canvas_stack.setMinimumSize(self.canvas.minimumSizeHint())

    @property
    def summary_shown(self) -> bool:
        return self.renderer is self.summary[2]

    def use_summary(self, on: bool) -> None:
        self.figure, self.canvas, self.renderer = self.summary if on else self.full
        self.canvas_stack.setCurrentWidget(self.canvas)

    def set_caption_font(self, font: QFont) -> None:
        """The caption at 1.25× the view's text."""
        f = QFont(font)
        f.setPointSizeF(font.pointSizeF() * 1.25)
        self.caption_label.setFont(f)

    def set_zoom(self, zoom: float) -> None:
        """Every part of both drawings ``zoom`` times larger — title, labels, side table,
        legend and lines by one factor."""
        for _, canvas, _ in (self.full, self.summary):
            canvas.zoomed_room = self.ZOOMED_ROOM
            canvas.set_zoom(zoom)
        # at once, not on the next layout pass: the drawing is laid out for its new room
        self.canvas_stack.setMinimumSize(self.canvas.minimumSizeHint())

    def set_trace(self, trace, note: str, summary=None) -> None:
        """Give the shown renderer ``trace``; drawn once the canvas has room for it."""
        from ...render.walkthrough.layout import NoRoom

        if not self.summary_shown:
            self._stack_for = (trace.code.N, note)
            self.canvas_stack.setMinimumSize(self.canvas.minimumSizeHint())
        try:
            if self.summary_shown:
                self.renderer.set_trace(trace, note=note, summary=summary)
            else:
                self.renderer.set_trace(trace, note=note)
        except NoRoom:
            pass  # (drawn once the canvas has room: the renderer needs a relayout)

    def show_step(self, t: int, trace) -> int:
        """Draw step ``t`` (clamped by the renderer) of ``trace``; returns the step drawn."""
        r = self.renderer
        r.show_step(t)
        if r.background_kept():
            r.draw()  # only what the step changes, over the kept background
            self.canvas.blit(self.figure.bbox)
        else:
            # a whole drawing (a new trace, size or view just shown): on the canvas's next
            # paint, at the size it is laid out at by then — drawn once, not first at the
            # size a layout still pending is about to change; in the renderer's settings,
            # as r.draw() draws it
            self.canvas.draw_context = r.draw_settings
            self.canvas.draw_idle()
        self.caption_label.setText(r.caption(width=100_000))  # Qt wraps
        self._show_decode_arithmetic(trace, r.step)
        return r.step

    def relayout(self) -> None:
        """Lay the shown drawing out again (its size in inches changed)."""
        self._relayout(self.renderer)

    _relayout_due = False

    def relayout_soon(self, then) -> None:
        """Lay the shown drawing out once, after the window's other widgets have taken a new
        text size and its layouts have given the canvas its new size, then call ``then()``.
        Laid out at once and again at that size, each Ctrl+= rebuilt the drawing twice (~0.1 s
        each), and the labels' places depended on the sizes passed on the way."""
        if not self._relayout_due:
            self._relayout_due = True
            QTimer.singleShot(0, self, lambda: self._relayout_now(then))

    def _relayout_now(self, then) -> None:
        from PySide6.QtCore import QEvent
        from PySide6.QtWidgets import QApplication

        self._relayout_due = False
        if self.renderer.trace is None or not self.canvas.isVisible():
            return  # (hidden meanwhile: laid out when drawn again)
        QApplication.sendPostedEvents(None, QEvent.LayoutRequest)
        if self.renderer.needs_relayout():  # (a draw at the new size may have laid it out)
            self._relayout(self.renderer)
        then()

    def show_verdict(self, tr) -> None:
        N = tr.code.N
        bad = [i for i in range(N) if not tr.report.node_ok(i)]
        if not bad:
            self.verdict_label.setText(
                "<span style='color:#2b8a3e'>✓ Theorem 2 holds: every "
                "destination decodes the sum, for every input.</span>"
            )
            return
        why = failing_reason(tr, bad[0]) or ""
        self.verdict_label.setText(
            f"<span style='color:#d6336c'>✗ destination{'s' if len(bad) > 1 else ''} "
            f"{', '.join(map(str, bad))} cannot decode the sum — {why}</span>"
        )

    def _show_decode_arithmetic(self, tr, t: int) -> None:
        if tr is None or t < tr.code.T:
            self.decode_box.hide()
            return
        per_node = [decode_arithmetic(tr, i) for i in range(tr.code.N)]
        if not any(per_node):
            self.decode_box.hide()
            return

        def block(i):
            return f"node {i}: " + "\n        ".join(per_node[i])

        shown = [block(i) for i in range(min(tr.code.N, self.SHOWN_DECODES))]
        if tr.code.N > self.SHOWN_DECODES:
            shown.append(f"… nodes {self.SHOWN_DECODES}..{tr.code.N - 1}: hover here for all")
        # over GF(2^m) "1 + 3 = 2" is right (XOR), over GF(7) "5 + 6 = 4": say how sums work
        note = tr.code.field.arithmetic_note(short=True)
        self.decode_label.setText(
            "The decode with its numbers (R s + T x"
            + (f"; {note}" if note else "")
            + "):\n"
            + "\n".join(shown)
        )
        self.decode_label.setToolTip(
            "\n".join(block(i) for i in range(tr.code.N))
            + "\n\n"
            + notation_tip("decode", "y", "x")
        )
        self.decode_label.show()
        self.decode_box.show()
        # the decode is what this step is for: bring it into view once laid out
        self._decode_lines = 1 + len(per_node[0])  # the heading and node 0's lines
        QTimer.singleShot(0, self, lambda: self._bring_decode_into_view())

    def _bring_decode_into_view(self) -> None:
        """Scroll just enough to show the decode's heading and node 0's lines under the
        drawing: scrolled to the whole decode, the drawing's title and first nodes left the
        view at 1280×720, and a reader compares a node's decode with its diamond there."""
        box = self.decode_box
        if not box.isVisible():
            return
        self.widget().layout().activate()  # the decode's place and height as shown
        need = min(box.height(), self._decode_lines * box.fontMetrics().lineSpacing() + 4)
        top = box.mapTo(self.widget(), QPoint(0, 0)).y()
        self.ensureVisible(0, top + need // 2, 0, (need + 1) // 2)

    def _on_mouse_moved(self, event):
        hit = self.renderer.node_at(event.x, event.y)
        text = self.renderer.node_tooltip(*hit) if hit else ""
        if text != self.canvas.toolTip():
            self.canvas.setToolTip(text)

    def _relayout_if_resized(self, renderer) -> None:
        if renderer.trace is not None and renderer.needs_relayout():
            self._relayout(renderer)

    @staticmethod
    def _relayout(r) -> None:
        """Lay ``r`` out for its figure's size; a figure with no room for it (a squeezed or
        hidden canvas) keeps what it showed until it has room again."""
        from ...render.walkthrough.layout import NoRoom

        try:
            r.relayout()
        except NoRoom:
            pass
