r"""The code editor: per node i, grids for $M_i$, $\Lambda_i$, $R_i$ and $T_i$.

One row of grids per node, in the order the paper writes a node's code (what it sends, how it
combines what it received, how it decodes).  Grids follow the document: when N changes rows of
grids are added or dropped; K and T changes reshape the grids in place (their models reset).
``document.select_requested`` highlights matrices: all requests made in one event-loop turn form
one selection (the Theorem 2 panel selects a whole chain that way).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QScrollArea, QVBoxLayout, QWidget

from ..core.code import MATRICES
from ..state.tabs import EDITOR
from .matrix_grid import MatrixGrid
from .state_link import on_state


class NodeRow(QGroupBox):
    """Node i's four grids side by side."""

    def __init__(self, document, node: int, parent=None):
        super().__init__(
            f"Node {node}  (sends to node {(node + 1) % document.code.N}, "
            f"receives from node {(node - 1) % document.code.N})",
            parent,
        )
        self.node = node
        self.document = document
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        self.grids = {w: MatrixGrid(document, node, w, self) for w in MATRICES}
        for w in MATRICES:
            lay.addWidget(self.grids[w], 0, Qt.AlignTop)
        lay.addStretch(1)

    def retitle(self):
        N = self.document.code.N
        self.setTitle(
            f"Node {self.node}  (sends to node {(self.node + 1) % N}, "
            f"receives from node {(self.node - 1) % N})"
        )


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
        on_state(self, document.state.events.code, self._on_code_changed)
        document.select_requested.connect(self._on_select_requested)
        on_state(self, document.state.events.selected_check, self._on_selected_check_changed)
        self._on_code_changed()

    def grid(self, node: int, which: str) -> MatrixGrid:
        return self.rows[node].grids[which]

    def _on_code_changed(self):
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
            self._lay.insertWidget(len(self.rows), row)
            self.rows.append(row)
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
