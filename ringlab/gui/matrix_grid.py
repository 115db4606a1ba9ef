"""A spreadsheet-like grid for one matrix: title, table, and the reason a cell was refused.

Keys: arrows move; typing starts an edit; Enter commits and moves down, Tab right; Delete or
Backspace sets the selected cells to 0; Ctrl+C copies the selection (or the whole matrix) as
tab-separated text *and* as a LaTeX ``bmatrix``; Ctrl+V pastes either format.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMimeData, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QGuiApplication, QKeySequence, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QToolTip,
    QVBoxLayout,
)

from ..core.code import cell_name, locked
from ..core.errors import RinglabError
from .matrix_bands import ColumnBands
from .matrix_model import MatrixModel, matrix_title
from .matrix_table import MatrixTable
from .matrix_text import parse_matrix_text, to_latex, to_tsv

LATEX_MIME = "text/x-latex"
_FONT_CHANGE = QEvent.Type.FontChange
_KEY_PRESS = QEvent.Type.KeyPress
_EDITING = QAbstractItemView.State.EditingState


def set_text_color(label, color: str) -> None:
    """Colour a label's text through its palette (style sheets would block font inheritance)."""
    pal = label.palette()
    pal.setColor(QPalette.WindowText, QColor(color))
    label.setPalette(pal)


class MatrixGrid(QFrame):
    """Title (``M₀`` …), axis caption, the table, and a line saying why an entry was refused."""

    message = Signal(str)  # a line for the status bar (the window shows it)
    rebanded = Signal()  # its tables were cut into bands anew (the editor lays out at once)

    def __init__(self, document, node: int, which: str, parent=None):
        super().__init__(parent)
        self.document, self.node, self.which = document, node, which
        self.model = MatrixModel(document, node, which, self)
        self.model.message.connect(self.message)
        self.setObjectName("MatrixGrid")
        self._highlight = False
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.setSpacing(2)
        head = QHBoxLayout()
        self.title = QLabel(f"<b>{matrix_title(which, node)}</b>")
        self.title.setTextFormat(Qt.RichText)
        head.addWidget(self.title)
        head.addStretch(1)
        lay.addLayout(head)
        self.solved_box = None
        if which == "T":
            self.solved_box = QCheckBox("solved (eq. 6)")
            self.solved_box.setToolTip(
                "T_i = I_K − R_i (I − Λ_{i',N})⁻¹ Λ_{i',N−1} M_i; "
                "untick to type T_i by hand (it is then checked against eq. (6))"
            )
            self.solved_box.setChecked(self.model.solved)
            self.solved_box.toggled.connect(self._on_solved_toggled)
            lay.addWidget(self.solved_box)
        self.caption = QLabel(self.model.axis_caption())
        self.caption.setObjectName("caption")
        self.caption.setWordWrap(True)  # a narrow pane: its words go to a further line
        set_text_color(self.caption, "#555555")
        lay.addWidget(self.caption)
        self.table = MatrixTable(self.model, self)
        # what a screen reader says and the tests find it by: "Node 0 R", as the title reads
        self.table.setAccessibleName(f"Node {node} {which}")
        # a wide matrix on a narrow pane: further tables below, each a band of its columns
        self._stack = ColumnBands(self.table, self._new_band, self)
        self._stack.rebanded.connect(self._on_rebanded)
        self.table.installEventFilter(self)
        lay.addWidget(self._stack)
        self.error = QLabel()
        self.error.setWordWrap(True)
        set_text_color(self.error, "#b00000")
        self.error.setVisible(False)
        lay.addWidget(self.error)
        lay.addStretch(1)
        self.model.dataChanged.connect(self._on_model_changed)
        self.model.modelReset.connect(self._on_model_changed)
        self._add_actions(self.table)
        self._apply_style()

    # -- state from the document ----------------------------------------------------------
    def _on_model_changed(self, *args):
        if self.solved_box is not None and self.solved_box.isChecked() != self.model.solved:
            self.solved_box.blockSignals(True)
            self.solved_box.setChecked(self.model.solved)
            self.solved_box.blockSignals(False)
        self.caption.setText(self.model.axis_caption())
        msgs = list(self.model.errors.values())
        if msgs != getattr(self, "_shown_errors", None):
            new = [k for k in self.model.errors if k not in getattr(self, "_error_cells", ())]
            self._error_cells = set(self.model.errors)
            if new:
                # after the cell editor has closed: its focus change would hide the tip at once
                r, c = new[-1]
                msg = self.model.errors[new[-1]]
                QTimer.singleShot(0, lambda: self._point_at(r, c, msg))
            self._shown_errors = msgs
            self.error.setText("\n".join(msgs[-2:]))
            self.error.setVisible(bool(msgs))
            self._fit_error()

    def _point_at(self, r: int, c: int, msg: str) -> None:
        """Say why right beside the refused cell (the line under the grid stays as a record)."""
        table = self.band_of(c)
        rect = table.visualRect(self.model.index(r, c))
        if rect.isValid() and table.isVisible():
            pos = table.viewport().mapToGlobal(rect.bottomLeft())
            QToolTip.showText(pos, msg, table.viewport(), rect, 6000)

    # -- bands of columns -----------------------------------------------------------------
    def set_room(self, width: int | None) -> None:
        """The widest this grid may be (the editor's pane): a wider matrix shows as bands of
        columns one below the other, so the editor never scrolls sideways."""
        m = self.layout().contentsMargins()
        chrome = m.left() + m.right() + 2 * self.frameWidth()
        self._stack.set_room(None if width is None else width - chrome)

    @property
    def bands(self) -> list[MatrixTable]:
        """The tables showing this matrix: one, or a band of its columns each."""
        return self._stack.tables

    def band_of(self, column: int) -> MatrixTable:
        return self._stack.band_of(column)

    def _new_band(self, band: MatrixTable, c0: int, c1: int) -> None:
        band.installEventFilter(self)
        self._add_actions(band)

    def _on_rebanded(self) -> None:
        for band in self.bands[1:]:
            c0, c1 = band.shown_columns
            band.setAccessibleName(f"Node {self.node} {self.which}, columns {c0 + 1}–{c1}")
        self._fit_error()
        self.updateGeometry()
        self.rebanded.emit()

    def narrowest(self) -> int:
        """The narrowest this grid can be without cutting anything (tables of 2 columns)."""
        m = self.layout().contentsMargins()
        inner = max(
            self.table.width_for(min(2, max(1, self.model.columnCount()))),
            self.title.sizeHint().width(),
            self.caption.minimumSizeHint().width(),
            self.solved_box.sizeHint().width() if self.solved_box is not None else 0,
        )
        return inner + m.left() + m.right() + 2 * self.frameWidth()

    def _fit_error(self) -> None:
        widest = max(b.width() for b in self.bands)
        self.error.setMaximumWidth(max(widest, self.fontMetrics().averageCharWidth() * 24))

    def _on_solved_toggled(self, solved: bool):
        self.document.set_translation_solved(self.node, solved)

    def set_highlighted(self, on: bool):
        if on != self._highlight:
            self._highlight = on
            self._apply_style()

    def _apply_style(self):
        self.update()

    def paintEvent(self, event):
        super().paintEvent(event)
        if self._highlight:
            # drawn, not styled: a style sheet would stop the window's font (Ctrl+=) reaching
            # the grid
            p = QPainter(self)
            p.setRenderHint(QPainter.Antialiasing)
            p.setPen(QPen(QColor("#e08000"), 3))
            p.drawRoundedRect(self.rect().adjusted(2, 2, -2, -2), 4, 4)
            p.end()

    # -- keyboard and clipboard -----------------------------------------------------------
    def _add_actions(self, table):
        for text, keys, slot in (
            ("Copy (tab-separated and LaTeX)", QKeySequence.Copy, self.copy),
            ("Copy as LaTeX bmatrix", None, self.copy_latex),
            ("Paste matrix (tab-separated or LaTeX)", QKeySequence.Paste, self.paste),
            ("Set selected entries to 0", None, self.clear_selection),
        ):
            a = QAction(table)  # (QAction(text, table) builds QIcon's ThemeIcon enum)
            a.setText(text)
            if keys is not None:
                a.setShortcut(keys)
                a.setShortcutContext(Qt.WidgetShortcut)
            a.triggered.connect(slot)
            table.addAction(a)
        table.setContextMenuPolicy(Qt.ActionsContextMenu)

    def eventFilter(self, obj, event):
        # (every event of the tables passes here: its type is read once, compared with
        # constants read once — a lookup on PySide6's enums costs microseconds each time)
        kind = event.type()
        if kind == _FONT_CHANGE and obj is self.table:
            self._stack.reband()  # Ctrl+=: wider cells, perhaps more bands
        if kind == _KEY_PRESS and obj in self.bands and obj.state() != _EDITING:
            if event.key() in (Qt.Key_Delete, Qt.Key_Backspace):
                self.clear_selection()
                return True
            if event.key() in (Qt.Key_Return, Qt.Key_Enter):
                obj.move_down()
                return True
            if self._stack.across(obj, event.key()):
                return True
            cur = obj.currentIndex()
            if (
                event.text().strip()
                and not event.modifiers() & (Qt.ControlModifier | Qt.AltModifier)
                and cur.isValid()
                and locked(self.which, cur.row(), cur.column())
            ):
                # typing on a grey cell did nothing at all: say why it cannot change
                self._say(
                    f"{matrix_title(self.which, self.node)} {cell_name(self.which, cur.row(), cur.column())} stays 0: "
                    f"Λ is strictly lower triangular (row t may only use symbols received "
                    f"at times 1..t)"
                )
                return True
        return super().eventFilter(obj, event)

    def _selection_rect(self):
        """(r0, c0, r1, c1) of the selected block, or the whole matrix for one cell or none."""
        idx = self.table.selectionModel().selectedIndexes()
        if len(idx) <= 1:
            return 0, 0, self.model.rowCount(), self.model.columnCount()
        rows = [i.row() for i in idx]
        cols = [i.column() for i in idx]
        return min(rows), min(cols), max(rows) + 1, max(cols) + 1

    def copy(self):
        rows = self.model.rows_text(*self._selection_rect())
        mime = QMimeData()
        mime.setText(to_tsv(rows))
        mime.setData(LATEX_MIME, to_latex(rows).encode("utf-8"))
        QGuiApplication.clipboard().setMimeData(mime)
        self.message.emit(
            f"copied {matrix_title(self.which, self.node)} "
            f"({len(rows)}×{len(rows[0]) if rows else 0}) as tab-separated text and LaTeX"
        )

    def copy_latex(self):
        rows = self.model.rows_text(*self._selection_rect())
        QGuiApplication.clipboard().setText(to_latex(rows))

    def paste(self):
        self.paste_text(QGuiApplication.clipboard().text())

    def paste_text(self, text: str) -> bool:
        """Paste a whole matrix (or a block at the current cell) as one undoable step."""
        name = matrix_title(self.which, self.node)
        R, C = self.model.rowCount(), self.model.columnCount()
        try:
            rows = parse_matrix_text(text)
        except RinglabError as e:
            return self._say(f"paste into {name}: {e}")
        h, w = len(rows), len(rows[0])
        if (h, w) == (R, C):
            r0, c0 = 0, 0
        else:
            cur = self.table.currentIndex()
            r0, c0 = (cur.row(), cur.column()) if cur.isValid() else (0, 0)
            if r0 + h > R or c0 + w > C:
                return self._say(
                    f"paste into {name}: the pasted matrix is {h}×{w} but {name} is {R}×{C}"
                    + (
                        f" (from {cell_name(self.which, r0, c0)} only {R - r0}×{C - c0} fit)"
                        if (r0, c0) != (0, 0)
                        else ""
                    )
                )
        full = self.model.rows_text()
        for r in range(h):
            for c in range(w):
                v = rows[r][c] or "0"
                if locked(self.which, r0 + r, c0 + c):
                    if v.strip() not in ("0", "-0"):
                        return self._say(
                            f"paste into {name}: {cell_name(self.which, r0 + r, c0 + c)} must be 0 "
                            f"(Λ is strictly lower triangular), the pasted text has {v}"
                        )
                    continue
                full[r0 + r][c0 + c] = v
        try:
            self.document.set_matrix(self.node, self.which, full, f"Paste into {name}")
        except RinglabError as e:
            return self._say(f"paste into {name}: {e}")
        self.model.errors.clear()
        self._on_model_changed()
        self.message.emit(f"pasted a {h}×{w} matrix into {name}")
        return True

    def clear_selection(self):
        cells = [(i.row(), i.column()) for i in self.table.selectionModel().selectedIndexes()]
        if not cells and self.table.currentIndex().isValid():
            cells = [(self.table.currentIndex().row(), self.table.currentIndex().column())]
        cells = [(r, c) for r, c in cells if not locked(self.which, r, c)]
        if not cells:
            return
        full = self.model.rows_text()
        for r, c in cells:
            full[r][c] = "0"
        try:
            self.document.set_matrix(
                self.node,
                self.which,
                full,
                f"Clear {len(cells)} entr{'y' if len(cells) == 1 else 'ies'} of "
                f"{matrix_title(self.which, self.node)}",
            )
        except RinglabError as e:
            self._say(str(e))

    def _say(self, msg: str) -> bool:
        self._shown_errors = [msg]
        self.error.setText(msg)
        self.error.setVisible(True)
        self._fit_error()
        self.message.emit(msg)
        return False
