"""The rate explorer: the shipped table of the smallest T for K symbols on an N-node ring, per
field and class, with how each cell was proven; a row can be recomputed in a worker process
(this session only), and a double-clicked cell offers its N, K, T to the search form."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ....core.errors import RinglabError
from ....core.search.job import SearchJob
from ....core.search.perfield import verdict_text
from ....core.search.rates import cell_short, cell_text, load_table
from ...wrap_row import WrapRow, minimum_follows_width
from .._widgets import button, label
from .columns import ColumnChooser

# columns 5-6 are GF(2) (what a version-1 table holds); then the smallest T for general codes
# over the other fields of the table (routing in the tooltip), and the conjecture column
TABLE_FIELDS = ["GF(3)", "GF(4)", "GF(8)"]  # the table's keys (the search's "GF(q)")
GF2_GENERAL, GF2_ROUTING, FIRST_FIELD = 5, 6, 7  # column numbers


def field_label(name: str) -> str:
    """How the window names a field the search or the rate table calls ``GF(q)``."""
    from ....core.fields import field

    try:
        return field(name).name
    except RinglabError:
        return name


COLUMNS = [
    "N",
    "K",
    "Prop. 1\nK+N−2",
    "counting\n⌈K(N+1)/N⌉",
    "classic ring\n2(N−1)⌈K/N⌉",
    "GF(2)\ngeneral",
    "GF(2)\nrouting only",
    *[f"{field_label(f)}\ngeneral" for f in TABLE_FIELDS],
    "conjecture\nmax(K+N−2, ⌈2K(N−1)/N⌉)",
]
# what each column holds, in full (the header's tooltip)
COLUMN_TIPS = [
    "the number of nodes on the ring",
    "symbols per node",
    "Proposition 1: T ≥ K + N − 2 (every field)",
    "Theorem 3 / counting: T ≥ ⌈K(N+1)/N⌉ (every field)",
    "the classic ring's 2(N−1)⌈K/N⌉ slots",
    "GF(2), general linear coding: the smallest T found",
    "GF(2), routing only (the reduce-multicast shape): the smallest T found",
    *[
        f"{field_label(f)}, general linear coding (routing in the cell's tooltip)"
        for f in TABLE_FIELDS
    ],
    "does the minimum equal max(K+N−2, ⌈2K(N−1)/N⌉) over every field listed? (hover a cell)",
]
ROWS_SHOWN = 8  # whole rows shown when there is room (lessons 13 and 16 read it): in the Search
# tab when it is tall enough, else in the explorer's own window (its "Own window" button)
ROWS_AT_LEAST = 3  # whole rows the table keeps in a short Search tab (it scrolls inside)
STATUS_COLOURS = {
    "proven": "#1b7f3b",
    "found": "#9a6a00",
    "undecided": "#b00020",
    "not computed": "#666666",
}
VERDICT_COLOURS = {"agrees": "#1b7f3b", "contradicts": "#b00020", "undecided": "#9a6a00"}


def _day(made_at) -> str:
    """'2026-11-25' of '2026-11-25 14:12 UTC' (the day the table was computed)."""
    return str(made_at).split()[0] if str(made_at).strip() else "an earlier day"


def _duration(seconds) -> str:
    """A search time as a student reads it: '45 s', '12 minutes', '3.5 hours'."""
    s = float(seconds)
    if s < 120:
        return f"{s:.0f} s"
    if s < 2 * 3600:
        return f"{s / 60:.0f} minutes"
    return f"{s / 3600:.1f} hours"


class RateExplorer(QGroupBox):
    """The rate table and its row recompute.  Emits ``cell_chosen(N, K, field, routing, T)``
    for a double-clicked cell (``routing`` None for a column of no class, ``T`` None when the
    cell has no smallest T)."""

    cell_chosen = Signal(int, int, str, object, object)
    own_window = Signal(bool)  # the reader asks for the explorer in a window of its own (or back)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.cell_job: SearchJob | None = None
        self._stale = False  # the table's width or text changed while it was hidden
        self.cell_row: int | None = None
        self._table_data = None
        self._loaded = False  # the table is read and filled when first shown (or asked for)
        self._timer = QTimer(self)
        self._timer.setInterval(100)
        self._timer.timeout.connect(self._poll_cell)
        # a caption that wraps (a group box's title is cut when the pane is narrow)
        self.caption = label(
            "<b>Rate explorer</b>: the smallest T for K symbols on an N-node ring, per field",
            "search_rates_caption",
        )
        self.table_note = label(name="search_table_note")
        self.table_note.hide()
        self.table = self._build_table()
        self.columns = ColumnChooser(self.table)
        self.columns.changed.connect(self._fit_height)
        self.recompute_button = button(
            "Recompute selected row", "search_recompute", self._on_recompute_clicked
        )
        self.cell_status = label(
            "Double-click a cell to put its N, K, T in the search form.", "search_cell_status"
        )
        self.cell_cancel_button = button(
            "Cancel recompute", "search_recompute_cancel", self._on_cell_cancel_clicked, False
        )
        lay = QVBoxLayout(self)
        lay.addWidget(self.caption)
        lay.addWidget(self._build_top_row())
        lay.addWidget(self.table_note)
        lay.addWidget(self.table, 1)
        lay.addWidget(self._build_row_buttons())
        lay.addWidget(self.cell_status)
        minimum_follows_width(self)
        self._fit_height()

    def _build_top_row(self) -> QWidget:
        """ "Show: <columns>" and the toggle of the long note on what the cells mean."""
        self.note_button = QToolButton()
        self.note_button.setObjectName("search_table_note_toggle")
        self.note_button.setText("What the cells mean")
        self.note_button.setCheckable(True)
        self.note_button.toggled.connect(self._on_note_toggled)
        self.window_button = QToolButton()
        self.window_button.setObjectName("search_rates_own_window")
        self.window_button.setText("Own window")
        self.window_button.setCheckable(True)
        self.window_button.setToolTip(
            "The rate explorer in a window of its own, as tall as you like (close it to put it "
            "back in the Search tab)"
        )
        self.window_button.toggled.connect(self._on_own_window_toggled)
        return WrapRow(self.columns, self.note_button, self.window_button)

    def _on_own_window_toggled(self, out: bool) -> None:
        self.window_button.setText("Back in the Search tab" if out else "Own window")
        self.own_window.emit(out)

    def eight_rows_height(self) -> int:
        """The explorer's height that shows ``ROWS_SHOWN`` whole rows of its table."""
        more = (ROWS_SHOWN - ROWS_AT_LEAST) * self.table.verticalHeader().defaultSectionSize()
        lay, inner = self.layout(), self.contentsRect()
        least = self.minimumSizeHint().height()
        if lay.hasHeightForWidth() and inner.width() > 0:  # its wrapped lines at its width
            least = lay.minimumHeightForWidth(inner.width()) + self.height() - inner.height()
        return least + more

    def _build_row_buttons(self) -> QWidget:
        return WrapRow(self.recompute_button, self.cell_cancel_button)

    def _on_note_toggled(self, shown: bool) -> None:
        self.table_note.setVisible(shown)

    def _build_table(self) -> QTableWidget:
        table = QTableWidget(0, len(COLUMNS))
        table.setObjectName("search_rate_table")
        table.setHorizontalHeaderLabels(COLUMNS)
        for c, tip in enumerate(COLUMN_TIPS):
            table.horizontalHeaderItem(c).setToolTip(tip)
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QTableWidget.NoEditTriggers)
        table.setSelectionBehavior(QTableWidget.SelectRows)
        table.setSelectionMode(QTableWidget.SingleSelection)
        table.setHorizontalScrollMode(QAbstractItemView.ScrollPerPixel)
        # one line a row: a cell says a number and how sure ("8 exact", "≤ 11"); how it was
        # proven is in its tooltip
        table.setWordWrap(False)
        table.verticalHeader().setSectionResizeMode(QHeaderView.Fixed)
        hh = table.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeToContents)
        hh.setStretchLastSection(True)
        table.cellDoubleClicked.connect(self._on_table_double_clicked)
        table.installEventFilter(self)
        return table

    @property
    def table_data(self) -> dict | None:
        """The shipped rate table (``load_table``), read on first use; None if unreadable."""
        if not self._loaded:
            self._load_table()
        return self._table_data

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        # the table's width, or its text size (Ctrl+=), changed: the columns that fit and
        # the rows' height follow at once
        # — measured when the reader can see the table: a hidden one (another tab shown) is
        # refitted when it is shown (each fit shows and hides columns, every one of which
        # re-measures every column: ~0.2 s a text size on a tab nobody was looking at)
        if obj is self.table and event.type() in (QEvent.Resize, QEvent.FontChange):
            self._stale = not self.table.isVisible()
            if not self._stale:
                self._refit()
        elif obj is self.table and event.type() == QEvent.Show and not self._loaded:
            # 64 rows of items, ~50 ms: not while the window loads its tabs after the first
            # paint, but when the reader first opens the Search tab
            self._stale = False
            self._load_table()
        elif obj is self.table and event.type() == QEvent.Show and self._stale:
            self._stale = False
            self._refit()
        return super().eventFilter(obj, event)

    def _refit(self) -> None:
        self.columns.fit()
        self._fit_height()

    def _fit_height(self) -> None:
        """Rows one line tall at the table's text size, and room for the header and
        ``ROWS_AT_LEAST`` whole rows (and a sideways bar, should the reader choose more columns
        than fit); the Search tab or the explorer's own window gives the rest."""
        t = self.table
        row = max(t.sizeHintForRow(0) if t.rowCount() else 0, t.fontMetrics().height() + 6)
        t.verticalHeader().setDefaultSectionSize(row)
        head = t.horizontalHeader()
        lines = max(c.count("\n") + 1 for c in COLUMNS)
        head_h = max(head.sizeHint().height(), lines * head.fontMetrics().lineSpacing() + 8)
        t.setMinimumHeight(
            head_h
            + ROWS_AT_LEAST * row
            + t.horizontalScrollBar().sizeHint().height()
            + 2 * t.frameWidth()
            + 2
        )

    def _load_table(self, path=None) -> None:
        self._loaded = True
        try:
            self._table_data = load_table(path)
        except RinglabError as e:
            self._table_data = None
            self.table.setRowCount(0)
            self.table_note.setText(str(e))
            self.note_button.setChecked(True)  # nothing else to read: say why
            return
        d = self._table_data
        fields = ", ".join(map(field_label, d.get("fields") or [d.get("field", "GF(2)")]))
        self.table_note.setText(
            f"Fields: {fields}. A field's column gives the smallest T at which a code was found "
            f"for that N and K over that field (each code found was checked again). 'exact': no "
            f"code with T−1 steps exists over that field, proven by a SAT solver's exhaustive "
            f"search or by a bound that holds over every field; '≤': whether a smaller T works "
            f"was not settled. A column says nothing about other fields (the paper's theorems "
            f"hold over any field). GF(2^2) and GF(2^3) contain GF(2), so every GF(2) code works "
            f"there too and their search starts from it. The conjecture column asks whether the "
            f"smallest T equals max(K+N−2, ⌈2K(N−1)/N⌉) over every field listed. Hover over a "
            f"cell for how it was found. The table was computed once, on {_day(d['made_at'])}, "
            f"in {_duration(d['total_seconds'])} of search; “Recompute selected row” redoes a "
            f"row in this session."
        )
        # the command that made it, for whoever reruns it (not the student's reading)
        self.table_note.setToolTip(f"Made by: {d['made_by'].strip()}")
        self.table.setRowCount(len(d["cells"]))
        for r, cell in enumerate(d["cells"]):
            self._fill_row(r, cell)
        self._refit()

    def _fill_row(self, r: int, cell: dict) -> None:
        counting = cell.get("counting", cell.get("theorem3"))
        vals = [
            cell["N"],
            cell["K"],
            cell["proposition1"],
            "—" if counting is None else counting,
            cell["classic_ring"],
        ]
        for c, v in enumerate(vals):
            it = QTableWidgetItem(str(v))
            it.setTextAlignment(Qt.AlignCenter)
            self.table.setItem(r, c, it)
        gf2 = field_label(cell.get("field", "GF(2)"))
        for c, key, words in (
            (GF2_GENERAL, "general", "general coding"),
            (GF2_ROUTING, "routing", "routing only"),
        ):
            res = cell[key]
            it = QTableWidgetItem(cell_short(res))
            it.setForeground(QColor(STATUS_COLOURS.get(res["status"], "#000000")))
            it.setTextAlignment(Qt.AlignCenter)
            it.setToolTip(f"{gf2}, {words}: {cell_text(res)}\n{_steps_text(res)}")
            self.table.setItem(r, c, it)
        by_field = cell.get("by_field") or {}
        for c, f in enumerate(TABLE_FIELDS, start=FIRST_FIELD):
            self.table.setItem(r, c, _field_item(f, by_field.get(f)))
        self.table.setItem(r, len(COLUMNS) - 1, _conjecture_item(cell.get("conjecture")))

    def _on_table_double_clicked(self, r: int, c: int) -> None:
        cell = self.table_data["cells"][r]
        field, res = cell.get("field", "GF(2)"), cell["routing" if c == GF2_ROUTING else "general"]
        if FIRST_FIELD <= c < FIRST_FIELD + len(TABLE_FIELDS):
            field = TABLE_FIELDS[c - FIRST_FIELD]
            res = ((cell.get("by_field") or {}).get(field) or {}).get("general") or {}
        routing = True if c == GF2_ROUTING else False if c >= GF2_GENERAL else None
        self.cell_chosen.emit(
            cell["N"], cell["K"], field_label(field), routing, res.get("min_T") or None
        )

    def _on_recompute_clicked(self) -> None:
        if self.cell_job is not None or self.table_data is None:
            return
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            self.cell_status.setText("Select a row first.")
            return
        r = rows[0].row()
        cell = self.table_data["cells"][r]
        self.cell_row = r
        per_T = float(self.table_data.get("per_T_timeout", 30))
        fields = self.table_data.get("fields") or [cell.get("field", "GF(2)")]
        self.cell_job = SearchJob(
            "row",
            {
                "N": cell["N"],
                "K": cell["K"],
                "fields": fields,
                "per_T": per_T,
                "per_cell": self.table_data.get("per_cell"),
            },
        )
        self.cell_job.start()
        self.recompute_button.setEnabled(False)
        self.cell_cancel_button.setEnabled(True)
        self.cell_status.setText(
            f"Recomputing N = {cell['N']}, K = {cell['K']} over "
            f"{', '.join(map(field_label, fields))} …"
        )
        self._timer.start()

    def _on_cell_cancel_clicked(self) -> None:
        job = self.cell_job
        if job is None:
            return
        job.cancel()
        self.cell_job = None
        self.recompute_button.setEnabled(True)
        self.cell_cancel_button.setEnabled(False)
        self.cell_status.setText(
            f"Recompute cancelled after {job.elapsed:.1f} s; the row is unchanged."
        )

    def _poll_cell(self) -> None:
        job = self.cell_job
        if job is None:
            self._timer.stop()
            return
        news = job.poll()
        if news:
            self.cell_status.setText(news[-1] + f" ({job.elapsed:.1f} s)")
        if not job.finished:
            return
        self.cell_job = None
        self._timer.stop()
        self.recompute_button.setEnabled(True)
        self.cell_cancel_button.setEnabled(False)
        if job.error or job.result is None:
            self.cell_status.setText(f"Recompute failed: {job.error or 'no answer'}")
            return
        cell = job.result["cell"]
        self.table_data["cells"][self.cell_row] = cell
        self._fill_row(self.cell_row, cell)
        self.cell_status.setText(
            f"Recomputed N = {cell['N']}, K = {cell['K']} in "
            f"{job.elapsed:.1f} s (this session only; the shipped table is "
            f"unchanged)."
        )

    def cancel(self) -> None:
        """End the recompute's worker, if one runs (the application is quitting)."""
        if self.cell_job is not None:
            self.cell_job.cancel()


def _field_item(f: str, pair: dict | None) -> QTableWidgetItem:
    """The cell of field ``f``'s column: general codes shown, routing in the tooltip."""
    if pair is None:  # a version-1 table, or a field this table leaves out
        it = QTableWidgetItem("not in this table")
        it.setForeground(QColor(STATUS_COLOURS["not computed"]))
    else:
        g, rt = pair["general"], pair["routing"]
        it = QTableWidgetItem(cell_short(g))
        it.setForeground(QColor(STATUS_COLOURS.get(g["status"], "#000000")))
        name = field_label(f)
        it.setToolTip(
            f"{name}, general coding: {cell_text(g)}\n{_steps_text(g)}\n\n"
            f"{name}, routing only: {cell_text(rt)}\n{_steps_text(rt)}"
        )
    it.setTextAlignment(Qt.AlignCenter)
    return it


def _conjecture_item(conj: dict | None) -> QTableWidgetItem:
    """The conjecture column's cell: does the minimum equal max(K+N−2, ⌈2K(N−1)/N⌉)?  One
    line ("5: agrees"); which field says what is in its tooltip."""
    if conj is None:
        return QTableWidgetItem("—")
    named = {field_label(f): v for f, v in (conj.get("per_field") or {}).items()}
    text = (
        verdict_text({**conj, "per_field": named})
        if named
        else conj.get("text") or f"{conj['T']}: {conj['verdict']}"
    )
    it = QTableWidgetItem(f"{conj['T']}: {conj['verdict']}")
    it.setForeground(QColor(VERDICT_COLOURS.get(conj["verdict"], "#000000")))
    it.setToolTip(
        text + (f"; counterexample shipped as {conj['code_file']}" if conj.get("code_file") else "")
    )
    return it


def _steps_text(res: dict) -> str:
    """Every step of one class's walk, for a tooltip."""
    steps = "; ".join(
        f"T={s['T']}"
        + (f" ({s['class']})" if s.get("class") else "")
        + f": {s['status']}"
        + (f" by {s['proof']}" if s.get("proof") else "")
        + f" ({s['seconds']:.2f} s)"
        for s in res.get("steps", [])
    )
    sat = res.get("sat_below")
    if sat:
        steps += (
            f"; also by SAT without Proposition 1: T={sat['T']} {sat['status']} "
            f"({sat['seconds']:.2f} s)"
        )
    return steps or (res.get("found_by") or "no step run")
