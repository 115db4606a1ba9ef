r"""The code editor: per node i, grids for $M_i$, $\Lambda_i$, $R_i$ and $T_i$.

One box of grids per node, in the order the paper writes a node's code (what it sends, how it
combines what it received, how it decodes).  The grids flow: side by side where the pane is wide,
wrapping to further rows where it is narrow, and a matrix wider than the pane shows as bands of
its columns one below the other — the editor scrolls vertically only, at any text size.  Grids follow the document: when N changes rows of
grids are added or dropped; K and T changes reshape the grids in place (their models reset).
``document.select_requested`` highlights matrices: all requests made in one event-loop turn form
one selection (the Theorem 2 panel selects a whole chain that way).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QGroupBox, QScrollArea, QStyle, QVBoxLayout, QWidget

from ..core.code import MATRICES
from ..state.tabs import EDITOR
from .flow_layout import FlowLayout
from .matrix_grid import MatrixGrid
from .state_link import on_state


class NodeRow(QGroupBox):
    """Node i's four grids side by side, wrapping to further rows on a narrow pane."""

    def __init__(self, document, node: int, parent=None):
        super().__init__(parent)
        self.node = node
        self.document = document
        self._room: int | None = None
        lay = FlowLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        self.grids = {w: MatrixGrid(document, node, w, self) for w in MATRICES}
        for w in MATRICES:
            lay.addWidget(self.grids[w])
        self.retitle()

    def chrome(self) -> int:
        """The width this box takes around its grids (frame and margins)."""
        m = self.layout().contentsMargins()
        return self.width() - self.contentsRect().width() + m.left() + m.right()

    def set_room(self, width: int) -> None:
        """The box may be ``width`` pixels wide: each grid may be as wide as what is inside."""
        self._room = width
        self.retitle()
        for g in self.grids.values():
            g.set_room(width - self.chrome())

    def narrowest(self) -> int:
        return max(g.narrowest() for g in self.grids.values()) + self.chrome()

    def retitle(self):
        """ "Node i  (sends to node i+1, receives from node i−1)", or "Node i" alone (the whole
        title in its tool tip) where the box is too narrow for it."""
        N = self.document.code.N
        full = (
            f"Node {self.node}  (sends to node {(self.node + 1) % N}, "
            f"receives from node {(self.node - 1) % N})"
        )
        title = f"Node {self.node}"
        if (
            self._room is None
            or self.fontMetrics().horizontalAdvance(full) + 4 * self.chrome() <= self._room
        ):
            title = full
        self.setTitle(title)
        self.setToolTip(full if title != full else "")


class CodeEditor(QScrollArea):
    TITLE = EDITOR
    message = Signal(str)  # what an edit, copy or paste did (the window shows it)

    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        self.setWidgetResizable(True)
        self._inner = QWidget()
        self._lay = QVBoxLayout(self._inner)
        self._lay.setContentsMargins(4, 4, 4, 4)
        self._lay.addStretch(1)
        self.setWidget(self._inner)
        self.rows: list[NodeRow] = []
        self._highlighted: set[tuple[int, str]] = set()
        self._batch_open = False
        self._placing = False  # giving every grid its room: one layout pass at the end
        self._font_laid_out = QFont(self.font())  # (a new one: its change is on its way)
        self._narrowest: int | None = None  # minimumSizeHint's width, until a grid changes
        on_state(self, document.state.events.code, self._on_code_changed)
        document.select_requested.connect(self._on_select_requested)
        on_state(self, document.state.events.selected_check, self._on_selected_check_changed)
        self._on_code_changed()

    # -- the room the grids have: the pane's width, whether or not the vertical bar shows --
    def _room(self) -> int:
        bar = self.style().pixelMetric(QStyle.PM_ScrollBarExtent, None, self)
        m = self._lay.contentsMargins()
        return self.width() - 2 * self.frameWidth() - bar - m.left() - m.right()

    def _give_room(self) -> None:
        self._placing = True  # (each grid's new bands would lay every grid out again)
        try:
            room = self._room()
            for row in self.rows:
                row.set_room(room)
        finally:
            self._placing = False
        self._settle()

    def _on_rebanded(self) -> None:
        """A grid was cut into bands anew: lay out now, unless every grid is getting its room
        (the end of that lays out once, not once per grid)."""
        self._narrowest = None
        # a new text size reaches the grids before the pane (Qt tells the children first):
        # the pane's own font change then gives every grid its room and lays out once, not
        # once per grid (16 layouts of the whole pane per Ctrl+= on a four-node code)
        if not self._placing and self.font() == self._font_laid_out:
            self._settle()

    def _settle(self) -> None:
        """Lay the grids, the node boxes and the page out now, not over the next turns of the
        event loop (one turn per level): what the pane shows fits it once this returns."""
        self._narrowest = None
        for row in self.rows:
            for g in row.grids.values():
                g.layout().activate()
            row.layout().activate()
        self._lay.activate()
        QApplication.sendEvent(self, QEvent(QEvent.LayoutRequest))

    def resizeEvent(self, e):
        super().resizeEvent(e)
        self._give_room()

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() in (QEvent.FontChange, QEvent.StyleChange):
            self._narrowest = None
        if e.type() == QEvent.FontChange:
            self._font_laid_out = QFont(self.font())
            self._give_room()
            for row in self.rows:
                row.retitle()

    def minimumSizeHint(self) -> QSize:
        """As narrow as the widest grid can get (bands of two columns) and its caption."""
        hint = super().minimumSizeHint()
        if not self.rows:
            return hint
        if self._narrowest is None:
            # Qt asks many times per layout pass (the splitter, the tabs, the window): measured
            # once, until a grid, the code or the font changes
            bar = self.style().pixelMetric(QStyle.PM_ScrollBarExtent, None, self)
            m = self._lay.contentsMargins()
            need = max(r.narrowest() for r in self.rows) + bar + m.left() + m.right()
            self._narrowest = need + 2 * self.frameWidth()
        return QSize(max(hint.width(), self._narrowest), hint.height())

    def _forget_narrowest(self, *args) -> None:
        self._narrowest = None

    def grid(self, node: int, which: str) -> MatrixGrid:
        return self.rows[node].grids[which]

    def _on_code_changed(self):
        self._narrowest = None
        N = self.document.code.N
        while len(self.rows) > N:
            row = self.rows.pop()
            self._lay.removeWidget(row)
            for g in row.grids.values():
                # (the model lives until deleteLater: it must not hear this code's change)
                self.document.state.events.code.disconnect(g.model._on_code_changed)
            row.deleteLater()
            self._highlighted = {(n, w) for n, w in self._highlighted if n < N}
        while len(self.rows) < N:
            row = NodeRow(self.document, len(self.rows), self._inner)
            for g in row.grids.values():
                g.message.connect(self.message)
                g.rebanded.connect(self._on_rebanded)
                # (after the grid's own handlers: its caption and cells are the new ones)
                g.model.modelReset.connect(self._forget_narrowest)
                g.model.dataChanged.connect(self._forget_narrowest)
            self._lay.insertWidget(len(self.rows), row)
            self.rows.append(row)
            self._placing = True
            try:
                row.set_room(self._room())
            finally:
                self._placing = False
        if not self.testAttribute(Qt.WA_PendingResizeEvent):
            # (a pane not shown yet is sent its size when it shows, which lays it out then)
            self._settle()
        if getattr(self, "_last_N", N) != N:
            for row in self.rows:
                row.retitle()
        self._last_N = N

    def focus_first_cell(self) -> None:
        """Put the keyboard in node 0's M, row 0, column 0 (where typing starts)."""
        if self.rows:
            t = self.grid(0, "M").table
            t.setFocus()
            t.setCurrentIndex(self.grid(0, "M").model.index(0, 0))

    # -- selection from other views -------------------------------------------------------
    def _on_select_requested(self, node: int, which: str):
        if not self._batch_open:
            self.clear_highlight()
            self._batch_open = True
            QTimer.singleShot(0, self._close_batch)
        if 0 <= node < len(self.rows) and which in MATRICES:
            g = self.grid(node, which)
            g.set_highlighted(True)
            if not self._highlighted:
                self.ensureWidgetVisible(g, 20, 20)
            self._highlighted.add((node, which))

    def _on_selected_check_changed(self, sel, _old=None):
        if sel is None:  # the check's matrices were about the code before
            self.clear_highlight()

    def _close_batch(self):
        self._batch_open = False

    def clear_highlight(self):
        for n, w in self._highlighted:
            if n < len(self.rows):
                self.grid(n, w).set_highlighted(False)
        self._highlighted.clear()

    @property
    def highlighted(self) -> set:
        return set(self._highlighted)
