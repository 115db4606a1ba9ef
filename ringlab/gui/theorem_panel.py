r"""The Theorem 2 panel: every condition of eq. (5), live.

For node $i$ and $j = 1..N-1$ it draws the $K\times K$ matrix
$R_i (I - \Lambda_{i',N})^{-1} \Lambda_{i',j-1} M_{i\leftarrow j}$ — green when it is $I_K$,
with the cells that differ from $I_K$ in red — then the $T_i$ of eq. (6), then one verdict.
Clicking a check names the matrices that enter it (:meth:`Check.chain`) and selects them in the
editor.  Nothing is computed here: the numbers are ``document.report``'s; the drawings are
:mod:`.theorem_checks`'.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QLabel, QProgressBar, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from ..core.code import cell_name
from ..state.tabs import EDITOR
from .matrix_model import SUBSCRIPT, notation_tip
from .settings import set_text_colour
from .state_link import on_state, on_verdict_in
from .theorem_checks import CheckMap, ChecksCanvas, panel_colours, subscript

CHAIN_HINT = "Click a check to see which matrices enter it."


def verdict_text(document) -> str:
    """The verdict line: checking, feasible, or what fails."""
    code = document.code
    if document.report_pending:
        N, K, T = code.shape
        return (
            f"<b>Checking…</b> Theorem 2 for N = {N}, K = {K}, T = {T} "
            f"runs in the background (a large code); keep editing — the "
            f"verdict appears here, for the code on screen."
        )
    rep = document.report
    n, nfail = len(rep.checks), len(rep.failing)
    if rep.feasible:
        return (
            f"<span style='color:{panel_colours().ok_edge.name()}; font-size:large'>"
            f"<b>✓ FEASIBLE</b></span> — all {n} "
            f"conditions of eq. (5) hold: every node decodes the sum"
        )
    badt = [i for i, t in enumerate(rep.translation_ok) if t is False]
    why = [f"{nfail} of {n} conditions of eq. (5) fail"] if nfail else []
    if badt:
        why.append("a given T_i differs from eq. (6) at node " + ", ".join(map(str, badt)))
    return (
        f"<span style='color:{panel_colours().wrong_edge.name()}; font-size:large'>"
        f"<b>✗ INFEASIBLE</b></span> — " + "; ".join(why) + " (click a red check)"
    )


def check_chain(document, i: int, j: int) -> tuple[str, list[str], list[tuple[int, str]]]:
    """Check (i, j) — j = N for node i's T_i — as (heading, the product's factors, the
    ``(node, matrix)`` pairs that enter it)."""
    N = document.code.N
    if j >= N:
        chain = (
            [
                f"I_K − R{subscript(i)}",
                f"(I − {'·'.join('Λ' + subscript((i - k) % N) for k in range(1, N + 1))})⁻¹",
            ]
            + [f"Λ{subscript((i - k) % N)}" for k in range(1, N)]
            + [f"M{subscript(i)}"]
        )
        pairs = [(i, "R"), (i, "T"), (i, "M")] + [((i - k) % N, "Lambda") for k in range(1, N)]
        return f"T{subscript(i)} from eq. (6)", chain, pairs
    c = document.report.check(i, j)
    chain = [_subscript_names(s.replace("_", "")) for s in c.chain(N)]
    pairs = [(i, "R")] + [((i - k) % N, "Lambda") for k in range(1, j)] + [(c.source, "M")]
    # the K×K product's rows are decoded entries k, its columns the source's symbols k
    state = "holds" if c.ok else f"fails at {'; '.join(cell_name('T', r, s) for r, s in c.wrong)}"
    return f"node {i}, j = {j} (source node {c.source}) {state}", chain, pairs


def framed_name(node: int, which: str) -> str:
    """A framed matrix as the chain names it: ``(1, "Lambda")`` → ``Λ₁``."""
    return ("Λ" if which == "Lambda" else which) + subscript(node)


def _rich_label(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.RichText)
    return label


def _title() -> QLabel:
    title = _rich_label(
        "<b>Theorem 2</b> — eq. (5): R<sub>i</sub> (I − Λ<sub>i′,N</sub>)<sup>−1</sup> "
        "Λ<sub>i′,j−1</sub> M<sub>i←j</sub> = I<sub>K</sub>"
    )
    title.setToolTip(
        "eq. (5) for j = 1..N−1: what node i decodes of node i←j's symbols must "
        "be I_K (Λ_{i′,j} = Λ_{i′,j−1} Λ_{i←j}, i←j = (i − j) mod N)\n"
        + notation_tip("decode", "G_T")
    )
    return title


def _busy_bar() -> QProgressBar:
    """ "Working", while a large code's report is computed off the GUI thread."""
    busy = QProgressBar()
    busy.setObjectName("theorem2_busy")
    busy.setRange(0, 0)
    busy.setTextVisible(False)
    busy.setMaximumHeight(8)
    busy.setAccessibleName("Theorem 2 being checked")
    busy.hide()
    return busy


def compact_note_text(tab: str, editor_widens: bool = True) -> str:
    """What the narrow panel says, for the tab shown: beside a view, opening the Editor tab
    widens the panel — unless the panel was narrow there too at this text size
    (``editor_widens`` False: at 13 pt the editor's grids took the room, and a reader sent
    there found the squares alone); on the Editor tab only the divider does."""
    how = (
        "drag the divider, or open the Editor tab"
        if tab != EDITOR and editor_widens
        else "drag the divider on its left"
    )
    return (
        f"Each square is one check. The matrices of eq. (5) show when this panel is wider: {how}."
    )


def _compact_note() -> QLabel:
    """Said instead of a clipped column of matrices when the panel is narrow (the map still
    shows every check and takes clicks)."""
    note = QLabel(compact_note_text(EDITOR))
    note.setObjectName("theorem_compact_note")
    note.setWordWrap(True)
    set_text_colour(note, "#555")
    note.hide()
    return note


def _scroll_of(widget: QWidget) -> QScrollArea:
    scroll = QScrollArea()
    scroll.setWidget(widget)
    scroll.setWidgetResizable(False)
    scroll.setFrameShape(QScrollArea.NoFrame)
    return scroll


class Theorem2Panel(QWidget):
    """Verdict, the checks canvas (scrolls when N, K are large), and the clicked check's chain."""

    TITLE = "Theorem 2"

    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        body = QWidget()
        lay = self._body = QVBoxLayout(body)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(_title())
        self.verdict = _rich_label()
        self.verdict.setObjectName("theorem2_verdict")
        lay.addWidget(self.verdict)
        self.busy = _busy_bar()
        lay.addWidget(self.busy)
        lay.addWidget(self._build_map())
        lay.addWidget(self._build_canvas(), 1)
        self.compact_note = _compact_note()
        lay.addWidget(self.compact_note)
        lay.addStretch(0)
        self.chain = _rich_label(CHAIN_HINT)
        self.chain.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.chain)
        self._build_body_scroll(body)
        on_state(self, document.state.events.code, self._on_code_changed)
        on_verdict_in(self, document.state, self._on_report_ready)
        on_state(self, document.state.events.selected_check, self._on_selected_check_changed)
        on_state(self, document.state.events.tab, self._on_tab_changed)
        self._on_tab_changed(document.state.tab)
        self._on_code_changed()

    _editor_widens = True  # the Editor tab leaves the panel wide (until seen otherwise)

    def _on_tab_changed(self, tab, _old=None) -> None:
        self.compact_note.setText(compact_note_text(tab, self._editor_widens))

    def _build_map(self) -> QScrollArea:
        """The check map, in its own scroll area (at N = 32 it is ~650 px tall)."""
        self.map = CheckMap(self.document)
        self.map.setToolTip(
            "each square is one condition of eq. (5) (columns j = 1..N−1) or the "
            "T_i of eq. (6); click to bring it into view"
        )
        self.map.check_clicked.connect(self.focus_check)
        self.map_scroll = _scroll_of(self.map)
        self.map_scroll.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Maximum)
        return self.map_scroll

    def _build_canvas(self) -> QScrollArea:
        self.canvas = ChecksCanvas(self.document)
        self.canvas.check_clicked.connect(self._on_check_clicked)
        self.scroll = _scroll_of(self.canvas)
        return self.scroll

    def _build_body_scroll(self, body: QWidget) -> None:
        """Everything scrolls as one when it is taller than the panel (large text on a
        720-line screen); the canvas keeps its own scroll area."""
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.body_scroll = QScrollArea()
        self.body_scroll.setObjectName("theorem2_body")
        self.body_scroll.setWidgetResizable(True)
        self.body_scroll.setFrameShape(QScrollArea.NoFrame)
        self.body_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.body_scroll.setWidget(body)
        outer.addWidget(self.body_scroll)

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
        tab = self.document.state.tab
        if tab == EDITOR and self.isVisible():
            self._editor_widens = not narrow
        self.compact_note.setText(compact_note_text(tab, self._editor_widens))
        self._body.setStretch(self._body.indexOf(self.scroll), 0 if narrow else 1)
        self._body.setStretch(self._body.count() - 1, 1 if narrow else 0)
        self._fit_map()

    def resizeEvent(self, e):
        super().resizeEvent(e)
        self._update_compact()

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:
            self._editor_widens = True  # the editor's grids have another width now
            # once the map and the canvas have their new size (their own FontChange)
            QTimer.singleShot(0, self, lambda: self._update_compact())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Never narrower than the verdict's large "✗ INFEASIBLE" (and ~14 characters of the
        text around it), at the text size of the moment: a splitter or a lesson's unfolding
        leaves the panel readable."""
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.2)  # the verdict's font-size: large
        big.setBold(True)
        word = QFontMetrics(big).horizontalAdvance("✗ INFEASIBLE")
        m = self._body.contentsMargins()
        sb = self.body_scroll.verticalScrollBar().sizeHint().width()
        w = max(word, 14 * self.fontMetrics().averageCharWidth()) + m.left() + m.right() + sb + 8
        return QSize(w, super().minimumSizeHint().height())

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
        self.busy.setVisible(self.document.report_pending)
        self.verdict.setText(verdict_text(self.document))
        if not self.document.report_pending:
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
        if self.document.report_pending:
            self.chain.setText(
                "Theorem 2 is still being checked for this code: the check's "
                "matrices show when the verdict is in."
            )
            return
        head, chain, pairs = check_chain(self.document, *sel)
        # the frames are the path's matrices only (every Λ enters through the loop term, and
        # framing them all would frame most of a large ring): say which, or a reader looks
        # for Λ₀·Λ₂·Λ₁ in orange (a stranger's trial)
        framed = ", ".join(framed_name(node, which) for node, which in pairs)
        self.chain.setText(
            f"<b>{head}</b>: "
            + " · ".join(chain)
            + f"<br><span style='color:#555'>framed in orange in the editor: {framed}</span>"
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
