r"""The Theorem 2 panel's two drawings of eq. (5): every check's $K\times K$ matrix, node by
node (:class:`ChecksCanvas`), and one square per check (:class:`CheckMap`).

The checks are painted on one canvas (not thousands of widgets), and only the part on screen,
so an edit at N = K = 8, T = 16 redraws in a few milliseconds.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QStaticText, QTransform
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from .matrix_model import SUBSCRIPT
from .state_link import on_state, on_verdict_in


def fill_rect(p: QPainter, rect: QRect, colour: QColor) -> None:
    """``p.fillRect(rect, colour)``, the same pixels (no antialiasing here), without
    ``fillRect``: PySide6 weighs its QGradient.Preset overload at every call and builds that
    169-name enum on the first (a few ms of the first paint)."""
    p.save()
    p.setPen(Qt.NoPen)
    p.setBrush(colour)
    p.drawRect(rect)
    p.restore()


GREEN_BG = QColor("#c9efc9")  # the default palette's (tests compare pixels with these)
GREEN_EDGE = QColor("#1e8c1e")
RED_CELL = QColor("#ff8f8f")
RED_EDGE = QColor("#c00000")
# right / wrong in each palette of ringlab.render.palette (View → Palette): ok fill, ok edge,
# wrong cell, wrong edge, selection — Okabe–Ito blue/vermillion for colour-blind viewers
PANEL_COLOURS = {
    "default": ("#c9efc9", "#1e8c1e", "#ff8f8f", "#c00000", "#e08000"),
    "colour-blind": ("#b9dcf3", "#0072B2", "#f6b98c", "#D55E00", "#CC79A7"),
    "high-contrast": ("#9cff9c", "#006400", "#ff7070", "#c00000", "#0000ff"),
}


class PanelColours(NamedTuple):
    ok_fill: QColor
    ok_edge: QColor
    wrong_cell: QColor
    wrong_edge: QColor
    selection: QColor


def panel_colours() -> PanelColours:
    """(ok fill, ok edge, wrong cell, wrong edge, selection) of the current palette."""
    from ..render.palette import palette_name

    names = PANEL_COLOURS.get(palette_name(), PANEL_COLOURS["default"])
    return PanelColours(*(QColor(c) for c in names))


GREY_BG = QColor("#eeeeee")
GREY_EDGE = QColor("#888888")
BLACK = QColor("#000000")
GREY_TEXT = QColor("#444444")
TITLE_TEXT = QColor("#333333")


def subscript(n: int) -> str:
    return str(n).translate(SUBSCRIPT)


class _Block(NamedTuple):
    """What one block of the canvas shows: its title, its K×K values, the cells that differ
    from I_K, its fill (None: none) and its edge."""

    title: str
    values: list
    wrong: set
    fill: QColor | None
    edge: QColor


class ChecksCanvas(QWidget):
    """One row per node: its N−1 checks of eq. (5), then its T_i from eq. (6)."""

    check_clicked = Signal(int, int)  # node, j

    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        self.selected: tuple[int, int] | None = None
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Fixed)
        self._metrics()
        self.setFixedSize(self.sizeHint())
        on_state(self, document.state.events.code, self._on_code_changed)

    # -- geometry -------------------------------------------------------------------------
    def _metrics(self):
        fm = self.fontMetrics()
        self.cw = fm.horizontalAdvance("-1/2") + 12  # cell width
        self.ch = fm.height() + 6  # cell height
        self.node_h = fm.height() + 4  # "node i ✓" line
        self.head = fm.height() + 2  # block title above the cells
        small_w = fm.horizontalAdvance("j=1 ← node 0") * 0.85 + 6
        self.gap = fm.horizontalAdvance("M") + 4
        self.label_w = 4
        self._block_w_min = int(small_w)
        self.row_gap = fm.height() // 2
        self._statics = {}

    def _static_text(self, txt: str):
        """A laid-out text and its width, cached: an edit redraws hundreds of cells, and most
        entries are the same few strings (0, 1, -1)."""
        hit = self._statics.get(txt)
        if hit is None:
            fm = self.fontMetrics()
            shown = (
                txt
                if fm.horizontalAdvance(txt) <= self.cw - 2
                else fm.elidedText(txt, Qt.ElideRight, self.cw - 2)
            )
            st = QStaticText(shown)
            st.setTextFormat(Qt.PlainText)
            st.prepare(QTransform(), self.font())
            hit = self._statics[txt] = (st, fm.horizontalAdvance(shown))
            if len(self._statics) > 4096:
                self._statics.clear()
        return hit

    def _block_w(self) -> int:
        return max(self.document.code.K * self.cw, self._block_w_min)

    def block_rect(self, i: int, b: int) -> QRect:
        """Block b (0..N−2 the checks j = b+1, N−1 the T_i) of node i, cells only."""
        K = self.document.code.K
        bw, bh = K * self.cw, K * self.ch
        x = self.label_w + b * (self._block_w() + self.gap)
        y = i * (self.node_h + self.head + bh + self.row_gap) + self.node_h + self.head
        return QRect(x, y, bw, bh)

    def sizeHint(self) -> QSize:
        N = self.document.code.N
        last = self.block_rect(N - 1, N - 1)
        return QSize(last.left() + self._block_w() + 8, last.bottom() + self.row_gap)

    def _on_code_changed(self):
        hint = self.sizeHint()
        if hint != self.size():
            self.setFixedSize(hint)
        self.update()

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:
            self._metrics()
            self.setFixedSize(self.sizeHint())
            self.update()

    def hit(self, pos: QPoint):
        """(node, j) under ``pos``; j = N for the T_i block; None elsewhere."""
        N = self.document.code.N
        for i in range(N):
            for b in range(N):
                r = self.block_rect(i, b).adjusted(0, -self.head, 0, 0)
                if r.contains(pos):
                    return i, b + 1
        return None

    # -- painting -------------------------------------------------------------------------
    def paintEvent(self, event):
        if self.document.report_pending:  # a large code: the worker is on it (report_ready)
            self._paint_pending()
            return
        N = self.document.code.N
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, False)
        clip = event.rect()
        colours = panel_colours()
        bold, small = self._title_fonts()
        for i in range(N):
            row_top = self.block_rect(i, 0).top() - self.head - self.node_h
            row_h = self.node_h + self.head + self.document.code.K * self.ch
            if row_top > clip.bottom() or row_top + row_h < clip.top():
                continue
            self._paint_node_title(p, i, row_top, bold, colours)
            for b in range(N):
                rect = self.block_rect(i, b)
                outer = rect.adjusted(-3, -self.head, 3, 3)
                outer.setWidth(max(outer.width(), self._block_w() + 6))
                if not outer.intersects(clip):
                    continue
                block = self._block(i, b, colours)
                self._paint_block_title(p, rect, block.title, small)
                self._paint_cells(p, rect, block, colours.wrong_cell)
                sel = self.selected == (i, b + 1)
                p.setPen(QPen(colours.selection if sel else block.edge, 3 if sel else 2))
                p.setBrush(Qt.NoBrush)
                p.drawRect(rect.adjusted(-1, -1, 0, 0))
        p.end()

    def _paint_pending(self) -> None:
        p = QPainter(self)
        p.setPen(GREY_TEXT)
        p.drawText(
            self.rect().adjusted(8, 8, -8, -8),
            Qt.AlignLeft | Qt.AlignTop,
            "checking eq. (5) for every node…",
        )
        p.end()

    def _title_fonts(self) -> tuple[QFont, QFont]:
        """The node lines' bold font and the block titles' smaller one."""
        bold = QFont(self.font())
        bold.setBold(True)
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.85))
        return bold, small

    def _paint_node_title(self, p, i: int, row_top: int, bold, colours) -> None:
        ok = self.document.report.node_ok(i)
        p.setFont(bold)
        p.setPen(colours.ok_edge if ok else colours.wrong_edge)
        p.drawText(
            QRect(2, row_top, self.width() - 4, self.node_h),
            Qt.AlignLeft | Qt.AlignVCenter,
            f"node {i} {'✓ decodes the sum' if ok else '✗ does not decode the sum'}",
        )

    def _block(self, i: int, b: int, colours) -> _Block:
        """Block b of node i: check j = b + 1 of eq. (5), or (b = N − 1) the T_i of eq. (6)."""
        rep, code = self.document.report, self.document.code
        if b < code.N - 1:
            c = rep.check(i, b + 1)
            fill = colours.ok_fill if c.ok else None
            edge = colours.ok_edge if c.ok else colours.wrong_edge
            return _Block(f"j={b + 1} ← node {c.source}", c.matrix, set(c.wrong), fill, edge)
        t_ok = rep.translation_ok[i]
        values = rep.translation[i] if t_ok is None else [list(r) for r in code.node(i).T]
        title = f"T{subscript(i)} " + {None: "solved", True: "given ✓", False: "given ✗"}[t_ok]
        fill, edge = {
            None: (GREY_BG, GREY_EDGE),
            True: (colours.ok_fill, colours.ok_edge),
            False: (None, colours.wrong_edge),
        }[t_ok]
        return _Block(title, values, set(rep.translation_wrong[i]), fill, edge)

    def _paint_block_title(self, p, rect: QRect, title: str, small) -> None:
        p.setFont(small)
        p.setPen(TITLE_TEXT)
        p.drawText(
            QRect(rect.left() - 2, rect.top() - self.head, self._block_w() + self.gap, self.head),
            Qt.AlignLeft | Qt.AlignVCenter,
            title,
        )

    def _paint_cells(self, p, rect: QRect, block: _Block, wrong_cell: QColor) -> None:
        """The block's fill, its wrong cells in red, and every entry (greyed on no fill)."""
        if block.fill is not None:
            fill_rect(p, rect, block.fill)
        p.setFont(self.font())
        fmt, wrong = self.document.code.field.format, block.wrong
        x0, y0, cw, ch = rect.left(), rect.top(), self.cw, self.ch
        ty = (ch - self.fontMetrics().height()) // 2
        dark = block.fill is not None
        p.setPen(BLACK if dark else GREY_TEXT)
        for r, row in enumerate(block.values):
            for s_, v in enumerate(row):
                if (r, s_) in wrong:
                    fill_rect(p, QRect(x0 + s_ * cw, y0 + r * ch, cw, ch), wrong_cell)
                    if not dark:
                        p.setPen(BLACK)
                st, w = self._static_text(fmt(v))
                p.drawStaticText(x0 + s_ * cw + (cw - w) // 2, y0 + r * ch + ty, st)
                if (r, s_) in wrong and not dark:
                    p.setPen(GREY_TEXT)

    # -- interaction ----------------------------------------------------------------------
    def mousePressEvent(self, event):
        h = self.hit(event.position().toPoint())
        if h is not None:
            self.check_clicked.emit(*h)

    def mouseMoveEvent(self, event):
        h = self.hit(event.position().toPoint())
        if h is None:
            QToolTip.hideText()
            return
        QToolTip.showText(event.globalPosition().toPoint(), self._tip(*h), self)

    def _tip(self, i: int, j: int) -> str:
        if self.document.report_pending:
            return "Theorem 2 is being checked…"
        if j >= self.document.code.N:
            return f"T{subscript(i)} from eq. (6): I_K − R_i (I − Λ_{{i',N}})⁻¹ Λ_{{i',N−1}} M_i"
        c = self.document.report.check(i, j)
        return (
            f"node {i}, j = {j}: what node {i} decodes of x{subscript(c.source)} — "
            + (
                "equals the identity ✓"
                if c.ok
                else f"differs from the identity at {len(c.wrong)} entr"
                + ("y" if len(c.wrong) == 1 else "ies")
            )
            + "\nclick to see the matrices that enter it"
        )


class CheckMap(QWidget):
    """At a glance: one square per check (rows: nodes; columns: j = 1..N−1, then T_i), as the
    command line's ✓/✗ table.  With N = 8 and K = 8 the matrices do not fit on a screen; the map
    shows where the red ones are, and a click brings one into view."""

    check_clicked = Signal(int, int)

    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Fixed)
        on_state(self, document.state.events.code, self._on_code_changed)
        on_verdict_in(self, document.state, self.update)
        self._geometry()

    def _geometry(self):
        fm = self.fontMetrics()
        self.sq = fm.height() + 2
        self.left = fm.horizontalAdvance("node 00") + 6
        self.top = fm.height() + 2
        N = self.document.code.N
        self.setFixedSize(
            self.left + N * self.sq + fm.horizontalAdvance("T") + 4, self.top + N * self.sq + 2
        )

    def _on_code_changed(self):
        self._geometry()
        self.update()

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:
            self._geometry()

    def _colour(self, rep, i: int, j: int, colours) -> QColor:
        """Check (i, j)'s square: grey while it is being checked (or T_i solved)."""
        if rep is None:
            return GREY_EDGE
        if j < self.document.code.N:
            return colours.ok_edge if rep.check(i, j).ok else colours.wrong_edge
        return {None: GREY_EDGE, True: colours.ok_edge, False: colours.wrong_edge}[
            rep.translation_ok[i]
        ]

    def paintEvent(self, event):
        pending, N = self.document.report_pending, self.document.code.N
        rep = None if pending else self.document.report
        colours = panel_colours()
        p = QPainter(self)
        p.setPen(GREY_TEXT)
        for j in range(1, N + 1):
            p.drawText(
                QRect(self.left + (j - 1) * self.sq, 0, self.sq, self.top),
                Qt.AlignCenter,
                str(j) if j < N else "T",
            )
        for i in range(N):
            y = self.top + i * self.sq
            p.setPen(GREY_TEXT)
            p.drawText(
                QRect(0, y, self.left - 4, self.sq), Qt.AlignRight | Qt.AlignVCenter, f"node {i}"
            )
            for j in range(1, N + 1):
                fill_rect(
                    p,
                    QRect(self.left + (j - 1) * self.sq + 1, y + 1, self.sq - 3, self.sq - 3),
                    self._colour(rep, i, j, colours),
                )
        p.end()

    def mousePressEvent(self, event):
        pos = event.position().toPoint()
        N = self.document.code.N
        j = (pos.x() - self.left) // self.sq + 1
        i = (pos.y() - self.top) // self.sq
        if pos.x() >= self.left and pos.y() >= self.top and 0 <= i < N and 1 <= j <= N:
            self.check_clicked.emit(int(i), int(j))
