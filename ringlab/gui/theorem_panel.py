r"""The Theorem 2 panel: every condition of eq. (5), live.

For node $i$ and $j = 1..N-1$ it draws the $K\times K$ matrix
$R_i (I - \Lambda_{i',N})^{-1} \Lambda_{i',j-1} M_{i\leftarrow j}$ — green when it is $I_K$,
with the cells that differ from $I_K$ in red — then the $T_i$ of eq. (6), then one verdict.
Clicking a check names the matrices that enter it (:meth:`Check.chain`) and selects them in the
editor.  Nothing is computed here: the numbers are ``document.report``'s.

The checks are painted on one canvas (not thousands of widgets), and only the part on screen,
so an edit at N = K = 8, T = 16 redraws in a few milliseconds.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QStaticText, QTransform
from PySide6.QtWidgets import (
    QLabel,
    QProgressBar,
    QScrollArea,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from ..core.code import cell_name
from .matrix_model import SUBSCRIPT, notation_tip
from .settings import set_text_colour
from .state_link import on_state, on_verdict_in

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


def panel_colours() -> tuple:
    """(ok fill, ok edge, wrong cell, wrong edge, selection) of the current palette."""
    from ..render.palette import palette_name

    return tuple(QColor(c) for c in PANEL_COLOURS.get(palette_name(), PANEL_COLOURS["default"]))


GREY_BG = QColor("#eeeeee")
GREY_EDGE = QColor("#888888")
SELECT_EDGE = QColor("#e08000")
BLACK = QColor("#000000")
GREY_TEXT = QColor("#444444")


def _sub(n: int) -> str:
    return str(n).translate(SUBSCRIPT)


CHAIN_HINT = "Click a check to see which matrices enter it."


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
        doc = self.document
        if doc.report_pending:  # a large code: the worker is on it (report_ready)
            p = QPainter(self)
            p.setPen(GREY_TEXT)
            p.drawText(
                self.rect().adjusted(8, 8, -8, -8),
                Qt.AlignLeft | Qt.AlignTop,
                "checking eq. (5) for every node…",
            )
            p.end()
            return
        rep, code = doc.report, doc.code
        F, N, K = code.field, code.N, code.K
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, False)
        clip = event.rect()
        fm = self.fontMetrics()
        bold = QFont(self.font())
        bold.setBold(True)
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.85))
        fmt = F.format
        ty = (self.ch - fm.height()) // 2
        GREEN_BG, GREEN_EDGE, RED_CELL, RED_EDGE, SELECT_EDGE = panel_colours()  # noqa: N806
        for i in range(N):
            row_top = self.block_rect(i, 0).top() - self.head - self.node_h
            row_h = self.node_h + self.head + K * self.ch
            if row_top > clip.bottom() or row_top + row_h < clip.top():
                continue
            ok_i = rep.node_ok(i)
            p.setFont(bold)
            p.setPen(GREEN_EDGE if ok_i else RED_EDGE)
            p.drawText(
                QRect(2, row_top, self.width() - 4, self.node_h),
                Qt.AlignLeft | Qt.AlignVCenter,
                f"node {i} {'✓ decodes the sum' if ok_i else '✗ does not decode the sum'}",
            )
            for b in range(N):
                rect = self.block_rect(i, b)
                outer = rect.adjusted(-3, -self.head, 3, 3)
                outer.setWidth(max(outer.width(), self._block_w() + 6))
                if not outer.intersects(clip):
                    continue
                if b < N - 1:
                    c = rep.check(i, b + 1)
                    title = f"j={b + 1} ← node {c.source}"
                    values, wrong, ok = c.matrix, set(c.wrong), c.ok
                    bg, edge = (GREEN_BG, GREEN_EDGE) if ok else (None, RED_EDGE)
                else:
                    t_ok = rep.translation_ok[i]
                    values = (
                        rep.translation[i] if t_ok is None else [list(r) for r in code.node(i).T]
                    )
                    wrong = set(rep.translation_wrong[i])
                    title = (
                        f"T{_sub(i)} " + {None: "solved", True: "given ✓", False: "given ✗"}[t_ok]
                    )
                    bg, edge = {
                        None: (GREY_BG, GREY_EDGE),
                        True: (GREEN_BG, GREEN_EDGE),
                        False: (None, RED_EDGE),
                    }[t_ok]
                p.setFont(small)
                p.setPen(QColor("#333333"))
                p.drawText(
                    QRect(
                        rect.left() - 2,
                        rect.top() - self.head,
                        self._block_w() + self.gap,
                        self.head,
                    ),
                    Qt.AlignLeft | Qt.AlignVCenter,
                    title,
                )
                if bg is not None:
                    p.fillRect(rect, bg)
                p.setFont(self.font())
                x0, y0, cw, ch = rect.left(), rect.top(), self.cw, self.ch
                dark = bg is not None
                p.setPen(BLACK if dark else GREY_TEXT)
                for r, row in enumerate(values):
                    for s_, v in enumerate(row):
                        if (r, s_) in wrong:
                            p.fillRect(x0 + s_ * cw, y0 + r * ch, cw, ch, RED_CELL)
                            if not dark:
                                p.setPen(BLACK)
                        st, w = self._static_text(fmt(v))
                        p.drawStaticText(x0 + s_ * cw + (cw - w) // 2, y0 + r * ch + ty, st)
                        if (r, s_) in wrong and not dark:
                            p.setPen(GREY_TEXT)
                sel = self.selected == (i, b + 1)
                p.setPen(QPen(SELECT_EDGE if sel else edge, 3 if sel else 2))
                p.setBrush(Qt.NoBrush)
                p.drawRect(rect.adjusted(-1, -1, 0, 0))
        p.end()

    # -- interaction ----------------------------------------------------------------------
    def mousePressEvent(self, event):
        h = self.hit(event.position().toPoint())
        if h is not None:
            self.check_clicked.emit(*h)

    def mouseMoveEvent(self, event):
        pos = event.position().toPoint()
        h = self.hit(pos)
        if h is None:
            QToolTip.hideText()
            return
        i, j = h
        N = self.document.code.N
        if self.document.report_pending:
            QToolTip.showText(event.globalPosition().toPoint(), "Theorem 2 is being checked…", self)
            return
        if j < N:
            c = self.document.report.check(i, j)
            tip = (
                f"node {i}, j = {j}: what node {i} decodes of x{_sub(c.source)} — "
                + (
                    "equals I_K ✓"
                    if c.ok
                    else f"differs from I_K at {len(c.wrong)} entr"
                    + ("y" if len(c.wrong) == 1 else "ies")
                )
                + "\nclick to see the matrices that enter it"
            )
        else:
            tip = f"T{_sub(i)} from eq. (6): I_K − R_i (I − Λ_{{i',N}})⁻¹ Λ_{{i',N−1}} M_i"
        QToolTip.showText(event.globalPosition().toPoint(), tip, self)


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

    def paintEvent(self, event):
        pending, N = self.document.report_pending, self.document.code.N
        rep = None if pending else self.document.report
        _bg, GREEN_EDGE, _cell, RED_EDGE, _sel = panel_colours()  # noqa: N806
        p = QPainter(self)
        fm = self.fontMetrics()
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
                if rep is None:
                    color = GREY_EDGE  # not known yet: being checked
                elif j < N:
                    color = GREEN_EDGE if rep.check(i, j).ok else RED_EDGE
                else:
                    color = {None: GREY_EDGE, True: GREEN_EDGE, False: RED_EDGE}[
                        rep.translation_ok[i]
                    ]
                p.fillRect(
                    self.left + (j - 1) * self.sq + 1, y + 1, self.sq - 3, self.sq - 3, color
                )
        p.end()
        del fm

    def mousePressEvent(self, event):
        pos = event.position().toPoint()
        N = self.document.code.N
        j = (pos.x() - self.left) // self.sq + 1
        i = (pos.y() - self.top) // self.sq
        if pos.x() >= self.left and pos.y() >= self.top and 0 <= i < N and 1 <= j <= N:
            self.check_clicked.emit(int(i), int(j))


class Theorem2Panel(QWidget):
    """Verdict, the checks canvas (scrolls when N, K are large), and the clicked check's chain."""

    TITLE = "Theorem 2"

    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        # everything scrolls as one when it is taller than the panel (large text on a 720-line
        # screen clipped the verdict under the map); the canvas keeps its own scroll area
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.body_scroll = QScrollArea()
        self.body_scroll.setObjectName("theorem2_body")
        self.body_scroll.setWidgetResizable(True)
        self.body_scroll.setFrameShape(QScrollArea.NoFrame)
        self.body_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        body = QWidget()
        lay = self._body = QVBoxLayout(body)
        lay.setContentsMargins(6, 6, 6, 6)
        title = QLabel(
            "<b>Theorem 2</b> — eq. (5): R<sub>i</sub> (I − Λ<sub>i′,N</sub>)<sup>−1</sup> "
            "Λ<sub>i′,j−1</sub> M<sub>i←j</sub> = I<sub>K</sub>"
        )
        title.setTextFormat(Qt.RichText)
        title.setWordWrap(True)
        title.setToolTip(
            "eq. (5) for j = 1..N−1: what node i decodes of node i←j's symbols must "
            "be I_K (Λ_{i′,j} = Λ_{i′,j−1} Λ_{i←j}, i←j = (i − j) mod N)\n"
            + notation_tip("decode", "G_T")
        )
        lay.addWidget(title)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextFormat(Qt.RichText)
        self.verdict.setObjectName("theorem2_verdict")
        lay.addWidget(self.verdict)
        # while a large code's report is computed off the GUI thread: "working"
        self.busy = QProgressBar()
        self.busy.setObjectName("theorem2_busy")
        self.busy.setRange(0, 0)
        self.busy.setTextVisible(False)
        self.busy.setMaximumHeight(8)
        self.busy.setAccessibleName("Theorem 2 being checked")
        self.busy.hide()
        lay.addWidget(self.busy)
        self.map = CheckMap(document)
        self.map.setToolTip(
            "each square is one condition of eq. (5) (columns j = 1..N−1) or the "
            "T_i of eq. (6); click to bring it into view"
        )
        # the map scrolls too: at N = 32 it is ~650 px tall and used to push the window past
        # a 720-line screen
        self.map_scroll = QScrollArea()
        self.map_scroll.setWidget(self.map)
        self.map_scroll.setWidgetResizable(False)
        self.map_scroll.setFrameShape(QScrollArea.NoFrame)
        self.map_scroll.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Maximum)
        lay.addWidget(self.map_scroll)
        self.canvas = ChecksCanvas(document)
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.canvas)
        self.scroll.setWidgetResizable(False)
        self.scroll.setFrameShape(QScrollArea.NoFrame)
        lay.addWidget(self.scroll, 1)
        # beside the other tabs the panel is narrow: rather than a clipped column of matrices,
        # say where they are (the map above still shows every check and takes clicks)
        self.compact_note = QLabel(
            "Each square is one check. The matrices of eq. (5) show "
            "when this panel is wider: drag the divider, or open the "
            "Editor tab."
        )
        self.compact_note.setObjectName("theorem_compact_note")
        self.compact_note.setWordWrap(True)
        set_text_colour(self.compact_note, "#555")
        self.compact_note.hide()
        lay.addWidget(self.compact_note)
        lay.addStretch(0)
        self.chain = QLabel(CHAIN_HINT)
        self.chain.setWordWrap(True)
        self.chain.setTextFormat(Qt.RichText)
        self.chain.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.chain)
        self.body_scroll.setWidget(body)
        outer.addWidget(self.body_scroll)
        self.canvas.check_clicked.connect(self._on_check_clicked)
        self.map.check_clicked.connect(self.focus_check)
        on_state(self, document.state.events.code, self._on_code_changed)
        on_verdict_in(self, document.state, self._on_report_ready)
        on_state(self, document.state.events.selected_check, self._on_selected_check_changed)
        self._on_code_changed()

    def _on_report_ready(self) -> None:
        self._on_code_changed()
        self._on_selected_check_changed(self.document.state.selected_check)
        self.canvas.update()

    def _fit_map(self) -> None:
        """The map's scroll area: as tall as the map, but never more than ~8 rows when the
        map is larger (the per-node canvas below needs the room too)."""
        sb = self.map_scroll.horizontalScrollBar().sizeHint().height()
        h = self.map.height()
        cap = self.map.top + 8 * self.map.sq + sb
        self.map_scroll.setMaximumHeight(
            h + (sb if self.map.width() > self.map_scroll.width() else 0) + 2
        )
        self.map_scroll.setMinimumHeight(min(h + 2, cap))

    @property
    def compact(self) -> bool:
        """Whether the per-node matrices are hidden (the panel is too narrow for two checks)."""
        return self.compact_note.isVisibleTo(self)

    def _update_compact(self) -> None:
        m = self._body.contentsMargins()
        c = self.canvas
        need = min(c.width(), c.label_w + 2 * (c._block_w() + c.gap)) + m.left() + m.right()
        narrow = self.width() < need + self.scroll.verticalScrollBar().sizeHint().width()
        self.scroll.setVisible(not narrow)
        self.compact_note.setVisible(narrow)
        self._body.setStretch(self._body.indexOf(self.scroll), 0 if narrow else 1)
        self._body.setStretch(self._body.count() - 1, 1 if narrow else 0)
        self._fit_map()

    def resizeEvent(self, e):
        super().resizeEvent(e)
        self._update_compact()

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:
            # once the map and the canvas have their new size (their own FontChange)
            QTimer.singleShot(0, self, self._update_compact)

    def compact_width(self) -> int:
        """Width that still shows the verdict and the check map (what the window gives the
        panel beside views other than the editor); a map wider than ~22 characters of text
        scrolls rather than taking the view's room."""
        m = self._body.contentsMargins()
        fm = self.fontMetrics()
        sb = self.map_scroll.verticalScrollBar().sizeHint().width()
        return max(
            min(self.map.width() + sb, 22 * fm.averageCharWidth() + 60) + m.left() + m.right() + 8,
            16 * fm.averageCharWidth(),
        )

    def refresh_colours(self) -> None:
        """Repaint with the current palette (View → Palette)."""
        self._on_code_changed()
        for w in self.findChildren(QWidget):
            w.update()

    def _on_code_changed(self):
        code = self.document.code
        self.busy.setVisible(self.document.report_pending)
        if self.document.report_pending:
            N, K, T = code.shape
            self.verdict.setText(
                f"<b>Checking…</b> Theorem 2 for N = {N}, K = {K}, T = {T} "
                f"runs in the background (a large code); keep editing — the "
                f"verdict appears here, for the code on screen."
            )
            return
        rep = self.document.report
        n, nfail = len(rep.checks), len(rep.failing)
        badt = [i for i, t in enumerate(rep.translation_ok) if t is False]
        if rep.feasible:
            text = (
                f"<span style='color:{panel_colours()[1].name()}; font-size:large'><b>✓ FEASIBLE</b></span> — all {n} "
                f"conditions of eq. (5) hold: every node decodes the sum"
            )
        else:
            why = [f"{nfail} of {n} conditions of eq. (5) fail"] if nfail else []
            if badt:
                why.append("a given T_i differs from eq. (6) at node " + ", ".join(map(str, badt)))
            text = (
                f"<span style='color:{panel_colours()[3].name()}; font-size:large'><b>✗ INFEASIBLE</b></span> — "
                + "; ".join(why)
                + " (click a red check)"
            )
        self.verdict.setText(text)
        self._update_compact()

    def focus_check(self, i: int, j: int):
        """Scroll check (i, j) into view and select it, as a click on it does."""
        rect = self.canvas.block_rect(i, j - 1)
        self.scroll.ensureVisible(
            rect.center().x(),
            rect.center().y(),
            rect.width() // 2 + 10,
            rect.height() // 2 + self.canvas.head + 10,
        )
        self._on_check_clicked(i, j)

    def _on_check_clicked(self, i: int, j: int):
        # the selection is state: a new code clears it (its line was about the old code)
        st = self.document.state
        if st.selected_check == (i, j):
            self._on_selected_check_changed((i, j))  # a second click says it again
        else:
            st.selected_check = (i, j)

    def _on_selected_check_changed(self, sel, _old=None) -> None:
        code = self.document.code
        if sel is not None and (sel[0] >= code.N or sel[1] > code.N):
            sel = None
        self.canvas.selected = sel
        self.canvas.update()
        if sel is None:
            self.chain.setText(CHAIN_HINT)
            return
        i, j = sel
        if self.document.report_pending:
            self.chain.setText(
                "Theorem 2 is still being checked for this code: the check's "
                "matrices show when the verdict is in."
            )
            return
        N = code.N
        if j >= N:
            chain = (
                [
                    f"I_K − R{_sub(i)}",
                    f"(I − {'·'.join('Λ' + _sub((i - k) % N) for k in range(1, N + 1))})⁻¹",
                ]
                + [f"Λ{_sub((i - k) % N)}" for k in range(1, N)]
                + [f"M{_sub(i)}"]
            )
            pairs = [(i, "R"), (i, "T"), (i, "M")] + [((i - k) % N, "Lambda") for k in range(1, N)]
            head = f"T{_sub(i)} from eq. (6)"
        else:
            c = self.document.report.check(i, j)
            chain = [s.replace("_", "") for s in c.chain(N)]
            chain = [_subscript_names(s) for s in chain]
            pairs = [(i, "R")] + [((i - k) % N, "Lambda") for k in range(1, j)] + [(c.source, "M")]
            # the K×K product's rows are decoded entries k, its columns the source's symbols k
            state = (
                "holds"
                if c.ok
                else f"fails at {'; '.join(cell_name('T', r, s) for r, s in c.wrong)}"
            )
            head = f"node {i}, j = {j} (source node {c.source}) {state}"
        self.chain.setText(
            f"<b>{head}</b>: "
            + " · ".join(chain)
            + "<br><span style='color:#555'>selected in the editor (orange)</span>"
        )
        self.document.select_matrices(pairs)


def _subscript_names(s: str) -> str:
    """'R0' → 'R₀', 'Λ12' → 'Λ₁₂' (the chain strings come as Λ_i from the core)."""
    out, digits = [], ""
    for ch in s:
        if ch.isdigit():
            digits += ch
            continue
        if digits:
            out.append(digits.translate(SUBSCRIPT))
            digits = ""
        out.append(ch)
    if digits:
        out.append(digits.translate(SUBSCRIPT))
    return "".join(out)
