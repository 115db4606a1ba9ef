"""Search panel: find a code by SAT (or learn that none exists), and the rate explorer table.

The search runs in a worker process (:class:`ringlab.core.search.job.SearchJob`): a native SAT
call cannot be interrupted from Python, so ending the process is the only prompt cancel, and
the GUI thread only polls a queue (every 100 ms) — it never waits.  A found code goes to the
editor only when the user says so — "Replace the editor's code" (``document.set_code``, one
undoable step), "Open beside" (a new window on it, the editor untouched) or "Keep current";
"impossible" is shown with exactly what was proven (field, class, and whether by SAT or by
Proposition 1).

Searches are requests on the one application state (:class:`ringlab.state.SearchRequest`):
the Search button and a lesson's ``run_search`` alike call ``state.run_search``; this view is
the state's search runner (one worker at a time, the others queued), and every outcome — with
its field and class — is recorded in ``state.searches``, where the lessons read it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.codefile import loads_code
from ...core.errors import RinglabError
from ...core.search import make_spec
from ...core.search.job import SearchJob
from ...core.search.perfield import verdict_text
from ...core.search.rates import cell_short, cell_text, load_table
from ...state import SearchOutcome, SearchRequest
from ...state.tabs import SEARCH
from ..settings import set_text_colour
from ._base import DocumentView

# named as the field parser, the parameter bar and code files name them (GF(4) is GF(2^2))
FIELDS = ["GF(2)", "GF(3)", "GF(2^2)", "GF(5)", "GF(7)", "GF(2^3)"]
CLASSES = [("general linear codes", False), ("routing only (reduce-multicast shape)", True)]
# columns 5-6 are GF(2) (what a version-1 table holds); then the smallest T for general codes
# over the other fields of the table (routing in the tooltip), and the conjecture column
TABLE_FIELDS = ["GF(3)", "GF(4)", "GF(8)"]  # the table's keys (the search's "GF(q)")


def field_label(name: str) -> str:
    """How the window names a field the search or the rate table calls ``GF(q)``."""
    from ...core.fields import field

    try:
        return field(name).name
    except RinglabError:
        return name


COLUMNS = [
    "N",
    "K",
    "Prop. 1\nT ≥ K+N−2",
    "Thm 3 / counting\n⌈K(N+1)/N⌉",
    "classic ring\n2(N−1)⌈K/N⌉",
    "GF(2): general coding",
    "GF(2): routing only",
    *[f"{field_label(f)}\ngeneral" for f in TABLE_FIELDS],
    "conjecture\nmax(K+N−2, ⌈2K(N−1)/N⌉)",
]
STATUS_COLOURS = {
    "proven": "#1b7f3b",
    "found": "#9a6a00",
    "undecided": "#b00020",
    "not computed": "#666666",
}
VERDICT_COLOURS = {"agrees": "#1b7f3b", "contradicts": "#b00020", "undecided": "#9a6a00"}


class SearchView(DocumentView):
    TITLE = SEARCH
    finished = Signal(str)  # "found" | "impossible" | "undecided" | "cancelled" | "error"

    def __init__(self, document, parent=None):
        super().__init__(document, parent)
        self.encoding = "fast"  # the benchmark's peer ("plain") is reachable for tests
        self.job: SearchJob | None = None
        self.request: SearchRequest | None = None  # the request the job runs
        self.state = document.state
        if self.state.search_runner is None:  # (the window sets one that builds us)
            self.state.search_runner = self.start_request
        self.cell_job: SearchJob | None = None
        self.cell_row: int | None = None
        self.table_data = None
        self._timer = QTimer(self)
        self._timer.setInterval(100)
        self._timer.timeout.connect(self._on_timer_tick)

        # -- search form ----------------------------------------------------------------
        form_box = QGroupBox("Find a code by SAT — or prove there is none")
        form = QFormLayout(form_box)
        self.n_spin, self.k_spin, self.t_spin = QSpinBox(), QSpinBox(), QSpinBox()
        for w, name, (lo, hi) in (
            (self.n_spin, "N", (2, 12)),
            (self.k_spin, "K", (1, 16)),
            (self.t_spin, "T", (1, 40)),
        ):
            w.setRange(lo, hi)
            w.setObjectName(f"search_{name}")
            w.setAccessibleName(f"Search {name}")
        self.field_box = QComboBox()
        self.field_box.addItems(FIELDS)
        self.field_box.setObjectName("search_field")
        self.field_box.setAccessibleName("Field")
        self.class_box = QComboBox()
        self.class_box.addItems([c for c, _ in CLASSES])
        self.class_box.setObjectName("search_class")
        self.class_box.setAccessibleName("Class")
        self.symmetric = QCheckBox(
            "only rotationally symmetric codes (node i = node 0 with message indices shifted by i)"
        )
        self.symmetric.setObjectName("search_symmetric")
        self.limit = QSpinBox()
        self.limit.setRange(1, 3600)
        self.limit.setValue(60)
        self.limit.setSuffix(" s")
        self.limit.setObjectName("search_limit")
        self.limit.setAccessibleName("Time limit")
        self.from_editor = QPushButton("N, K, T of the editor's code")
        self.from_editor.setObjectName("search_from_editor")
        self.from_editor.clicked.connect(self._on_from_editor_clicked)
        nkt = QHBoxLayout()
        for lab, w in (("N", self.n_spin), ("K", self.k_spin), ("T", self.t_spin)):
            nkt.addWidget(QLabel(lab))
            nkt.addWidget(w)
        nkt.addWidget(self.from_editor)
        nkt.addStretch(1)
        form.addRow("Ring", nkt)
        form.addRow("Field", self.field_box)
        form.addRow("Class", self.class_box)
        form.addRow("", self.symmetric)
        form.addRow("Time limit", self.limit)
        buttons = QHBoxLayout()
        self.search_button = QPushButton("Search")
        self.search_button.setObjectName("search_start")
        self.search_button.clicked.connect(self._on_search_clicked)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("search_cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self._on_cancel_clicked)
        self.progress = QProgressBar()
        self.progress.setObjectName("search_progress")
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setTextVisible(True)
        self.progress.setFormat("idle")
        buttons.addWidget(self.search_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        form.addRow(buttons)
        self.result = QLabel(
            "Choose N, K, T, a field and a class, then Search. Answers are exact: "
            "a code (checked by Theorem 2 and a simulation), a proof that none "
            "exists in that class, or 'undecided' when the time runs out."
        )
        self.result.setObjectName("search_result")
        self.result.setAccessibleName("Search result")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextSelectableByMouse)
        form.addRow(self.result)
        # a found code is offered, never put in the editor unasked (the user may be editing)
        self.found_code = None
        self.beside_windows: list = []  # windows opened beside (kept alive here)
        self.found_bar = QWidget()
        self.found_bar.setObjectName("search_found_bar")
        fb = QHBoxLayout(self.found_bar)
        fb.setContentsMargins(0, 0, 0, 0)
        self.replace_button = QPushButton("Replace the editor's code")
        self.replace_button.setObjectName("search_replace")
        self.replace_button.setToolTip("one undoable step: Ctrl+Z brings back the current code")
        self.beside_button = QPushButton("Open beside (new window)")
        self.beside_button.setObjectName("search_beside")
        self.keep_button = QPushButton("Keep current")
        self.keep_button.setObjectName("search_keep")
        for b, slot in (
            (self.replace_button, self.use_found_code),
            (self.beside_button, self.open_found_beside),
            (self.keep_button, self.keep_current),
        ):
            b.clicked.connect(slot)
            fb.addWidget(b)
        fb.addStretch(1)
        self.found_bar.hide()
        form.addRow(self.found_bar)

        # -- rate explorer ---------------------------------------------------------------
        table_box = QGroupBox(
            "Rate explorer: the smallest T for K symbols on an N-node ring, per field"
        )
        tl = QVBoxLayout(table_box)
        self.table_note = QLabel()
        self.table_note.setWordWrap(True)
        self.table_note.setObjectName("search_table_note")
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("search_rate_table")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectRows)
        self.table.setSelectionMode(QTableWidget.SingleSelection)
        self.table.setWordWrap(True)  # a cell says how it was proven: let it wrap
        hh = self.table.horizontalHeader()
        # every T column short ("8 exact", "≤ 11"; how it was proven in the tooltip); the
        # conjecture's sentence takes the rest of the width and wraps
        for c in range(len(COLUMNS) - 1):
            hh.setSectionResizeMode(c, QHeaderView.ResizeToContents)
        hh.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.Stretch)
        # wrapped rows are sized for the column widths of the moment: redo it (once per burst)
        # when the stretching columns change, or rows stay three lines tall at full width
        self._rows_fit = QTimer(self, singleShot=True, interval=0)
        self._rows_fit.timeout.connect(self.table.resizeRowsToContents)
        hh.sectionResized.connect(lambda *_: self._rows_fit.start())
        self.table.cellDoubleClicked.connect(self._on_table_double_clicked)
        row_buttons = QHBoxLayout()
        self.recompute_button = QPushButton("Recompute selected row")
        self.recompute_button.setObjectName("search_recompute")
        self.recompute_button.clicked.connect(self._on_recompute_clicked)
        self.cell_status = QLabel("Double-click a cell to put its N, K, T in the search form.")
        self.cell_status.setObjectName("search_cell_status")
        self.cell_status.setWordWrap(True)
        self.cell_cancel_button = QPushButton("Cancel recompute")
        self.cell_cancel_button.setObjectName("search_recompute_cancel")
        self.cell_cancel_button.setEnabled(False)
        self.cell_cancel_button.clicked.connect(self._on_cell_cancel_clicked)
        row_buttons.addWidget(self.recompute_button)
        row_buttons.addWidget(self.cell_cancel_button)
        row_buttons.addWidget(self.cell_status, 1)
        tl.addWidget(self.table_note)
        tl.addWidget(self.table, 1)
        tl.addLayout(row_buttons)

        split = QSplitter(Qt.Vertical)
        split.addWidget(form_box)
        split.addWidget(table_box)
        split.setStretchFactor(1, 1)
        lay = QVBoxLayout(self)
        lay.addWidget(split)

        self._load_table()
        self._on_from_editor_clicked()
        app = QCoreApplication.instance()
        if app is not None:  # the main window never closes this widget itself
            app.aboutToQuit.connect(self._on_app_quitting)

    # -- form ------------------------------------------------------------------------------
    def refresh(self) -> None:
        # the form keeps what the user typed; only the button's hint follows the editor
        c = self.document.code
        self.from_editor.setText(f"N, K, T of the editor's code ({c.N}, {c.K}, {c.T})")

    def _on_from_editor_clicked(self) -> None:
        c = self.document.code
        self.n_spin.setValue(c.N)
        self.k_spin.setValue(c.K)
        self.t_spin.setValue(c.T)
        if c.field.name in FIELDS:
            self.field_box.setCurrentText(c.field.name)
        self.refresh()

    def spec_kwargs(self) -> dict:
        return {
            "N": self.n_spin.value(),
            "K": self.k_spin.value(),
            "T": self.t_spin.value(),
            "field": self.field_box.currentText(),
            "routing": CLASSES[self.class_box.currentIndex()][1],
            "symmetric": self.symmetric.isChecked(),
        }

    def _on_search_clicked(self) -> None:
        if self.job is not None:
            return
        kw = self.spec_kwargs()
        try:
            make_spec(**kw)
        except RinglabError as e:
            self._show(f"Cannot search: {e}", "#b00020")
            return
        self.state.run_search(SearchRequest(timeout=self.limit.value(), **kw))

    @property
    def queue(self) -> list[SearchRequest]:
        """The searches asked for and waiting: the state's, less the one running."""
        return [r for r in self.state.searching if r is not self.request]

    def start_request(self, req: SearchRequest) -> None:
        """Run ``req`` in the worker now, or after the one running (the state's runner: the
        state holds it in ``searching`` until its outcome is recorded)."""
        if self.job is not None:
            self._show(
                f"Searching: {self._spec.describe()} … ({len(self.queue)} more "
                f"queued: {req.describe()})",
                "#333333",
            )
            return
        kw = dict(
            N=req.N, K=req.K, T=req.T, field=req.field, routing=req.routing, symmetric=req.symmetric
        )
        try:
            self._spec = make_spec(**kw)
        except RinglabError as e:
            self._show(f"Cannot search: {e}", "#b00020")
            self._drop(req)
            self._next()
            return
        self._take_found()  # an offer not taken lapses with a new search
        # the form shows what runs (a lesson's search too)
        for w, v in ((self.n_spin, req.N), (self.k_spin, req.K), (self.t_spin, req.T)):
            w.setValue(v)
        self.field_box.setCurrentText(field_label(req.field))
        self.class_box.setCurrentIndex(1 if req.routing else 0)
        self.symmetric.setChecked(req.symmetric)
        self.request = req
        self._limit = req.timeout
        self.job = SearchJob("search", {**kw, "timeout": self._limit, "encoding": self.encoding})
        self.job.start()
        self.search_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self._show(f"Searching: {self._spec.describe()} …", "#333333")
        self._timer.start()

    def _drop(self, req) -> None:
        """A request that ends without an outcome (cancelled, refused, failed)."""
        self.state.searching = tuple(r for r in self.state.searching if r is not req)

    def _next(self) -> None:
        if self.job is None and self.queue:
            self.start_request(self.queue[0])

    def _record(self, status: str, proof: str = "", code=None) -> None:
        req, self.request = self.request, None
        if req is not None:
            self.state.record_search(
                SearchOutcome(
                    req.N, req.K, req.T, req.field, bool(req.routing), status, proof, code
                ),
                req,
            )

    def _on_cancel_clicked(self) -> None:
        if self.job is None:
            return
        self.job.cancel()
        secs = self.job.elapsed
        self.job = None
        self._drop(self.request)
        self.request = None
        self._idle()
        self._show(
            f"Cancelled after {secs:.1f} s — nothing was decided about {self._spec.describe()}.",
            "#9a6a00",
        )
        self.finished.emit("cancelled")
        self._next()

    def _on_timer_tick(self) -> None:
        if self.job is not None:
            self._poll_search()
        if self.cell_job is not None:
            self._poll_cell()
        if self.job is None and self.cell_job is None:
            self._timer.stop()

    def _poll_search(self) -> None:
        job = self.job
        job.poll()
        frac = min(job.elapsed / max(self._limit, 1e-9), 1.0)
        self.progress.setValue(int(frac * 1000))
        self.progress.setFormat(f"{job.elapsed:.1f} s of at most {self._limit} s")
        if not job.finished:
            if job.elapsed > self._limit + 10:  # the worker ignored its own limit
                job.cancel()
                self.job = None
                self._idle()
                self._show(f"Undecided: {self._spec.describe()} — time limit reached.", "#b00020")
                self._record("undecided", "time limit")
                self.finished.emit("undecided")
                self._next()
            return
        self.job = None
        self._idle()
        if job.error:
            self._show(f"Search failed: {job.error}", "#b00020")
            self._drop(self.request)
            self.request = None
            self.finished.emit("error")
            self._next()
            return
        res = job.result
        req = self.request
        code = loads_code(res["code"], "search result") if res.get("code") else None
        if res["status"] == "found":
            self._found_summary = res["summary"]
            if req is not None and req.load:
                self._show(
                    f"Found — {res['summary']}. The lesson put it in the editor "
                    f"(Ctrl+Z brings back the previous code).",
                    "#1b7f3b",
                )
            else:
                self.found_code = code
                self._show(
                    f"Found — {res['summary']}. Put it in the editor, open it beside in "
                    f"a new window, or keep the current code?",
                    "#1b7f3b",
                )
                self.found_bar.show()
        elif res["status"] == "impossible":
            self._show("Impossible — " + res["summary"].split(": ", 1)[1] + ".", "#1b3f7f")
        else:
            self._show(
                f"Undecided — {res['summary'].split(': ', 1)[1]}. Try a longer time limit.",
                "#b00020",
            )
        self._record(res["status"], res.get("proof") or "", code)
        self.finished.emit(res["status"])
        self._next()

    # -- what to do with a found code ---------------------------------------------------
    def use_found_code(self) -> None:
        """Replace the editor's code by the found one (one undoable step)."""
        ask = getattr(self.window(), "maybe_save", None)
        if ask is not None and not ask("replace the editor's code"):
            return  # the user's unsaved work stays in the editor
        code = self._take_found()
        if code is None:
            return
        what = f"N = {code.N}, K = {code.K}, T = {code.T} over {code.field.name}"
        self.document.load_code(code, "search result", f"Search result: {what}")
        self._show(
            f"Found — {self._found_summary}. It is now in the editor "
            f"(Ctrl+Z brings back the previous code).",
            "#1b7f3b",
        )

    def open_found_beside(self):
        """A new window on the found code; this window's editor is left as it is."""
        code = self._take_found()
        if code is None:
            return None
        from ..app import create_window

        win = create_window(code=code, check_recovery=False, autosave=False, use_settings=False)
        win.setAttribute(Qt.WA_DeleteOnClose)
        win.destroyed.connect(
            lambda *_: self.beside_windows.remove(win) if win in self.beside_windows else None
        )
        self.beside_windows.append(win)
        win.show()
        self._show(
            f"Found — {self._found_summary}. Opened beside in a new window; the editor "
            f"keeps its code.",
            "#1b7f3b",
        )
        return win

    def keep_current(self) -> None:
        if self._take_found() is not None:
            self._show(
                f"Found — {self._found_summary}. Not used: the editor keeps its code "
                f"(search again to get it back).",
                "#1b7f3b",
            )

    def _take_found(self):
        code, self.found_code = self.found_code, None
        self.found_bar.hide()
        return code

    def _idle(self) -> None:
        self.search_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setValue(0)
        self.progress.setFormat("idle")

    def _show(self, text: str, colour: str) -> None:
        self.result.setText(text)
        set_text_colour(self.result, colour)

    # -- rate explorer -----------------------------------------------------------------------
    def _load_table(self, path=None) -> None:
        try:
            self.table_data = load_table(path)
        except RinglabError as e:
            self.table_data = None
            self.table.setRowCount(0)
            self.table_note.setText(str(e))
            return
        d = self.table_data
        fields = ", ".join(map(field_label, d.get("fields") or [d.get("field", "GF(2)")]))
        self.table_note.setText(
            f"Fields: {fields}. Each cell holds over its column's field only (the paper allows "
            f"any field; no other field is covered): the smallest T at which a code was found "
            f"(re-verified); 'exact' when T−1 was proven impossible over that field (by SAT, or "
            f"by a bound proven for every field), '≤' when a smaller T stayed undecided; GF(2^2) "
            f"and GF(2^3) start from the GF(2) code (GF(2) is a subfield). The conjecture column: "
            f"does the minimum equal max(K+N−2, ⌈2K(N−1)/N⌉) over every field listed? Hover for "
            f"every step. Made by "
            f"`{d['made_by'].strip()}` on {d['made_at']} in {d['total_seconds']} s "
            f"({d['per_T_timeout']:g} s per T)."
        )
        self.table.setRowCount(len(d["cells"]))
        for r, cell in enumerate(d["cells"]):
            self._fill_row(r, cell)
        self.table.resizeRowsToContents()

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
        for c, key, words in ((5, "general", "general coding"), (6, "routing", "routing only")):
            res = cell[key]
            it = QTableWidgetItem(cell_short(res))
            it.setForeground(QColor(STATUS_COLOURS.get(res["status"], "#000000")))
            it.setTextAlignment(Qt.AlignCenter)
            it.setToolTip(f"{gf2}, {words}: {cell_text(res)}\n{_steps_text(res)}")
            self.table.setItem(r, c, it)
        by_field = cell.get("by_field") or {}
        for c, f in enumerate(TABLE_FIELDS, start=7):
            pair = by_field.get(f)
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
            self.table.setItem(r, c, it)
        conj = cell.get("conjecture")
        c = len(COLUMNS) - 1
        if conj is None:
            it = QTableWidgetItem("—")
        else:
            named = {field_label(f): v for f, v in (conj.get("per_field") or {}).items()}
            text = (
                verdict_text({**conj, "per_field": named})
                if named
                else conj.get("text") or f"{conj['T']}: {conj['verdict']}"
            )
            it = QTableWidgetItem(text)
            it.setForeground(QColor(VERDICT_COLOURS.get(conj["verdict"], "#000000")))
            per = "; ".join(f"{field_label(f)}: {v}" for f, v in conj.get("per_field", {}).items())
            it.setToolTip(
                f"T* = {conj['T']}; {per}"
                + (
                    f"; counterexample shipped as {conj['code_file']}"
                    if conj.get("code_file")
                    else ""
                )
            )
        self.table.setItem(r, c, it)

    def _on_table_double_clicked(self, r: int, c: int) -> None:
        cell = self.table_data["cells"][r]
        self.n_spin.setValue(cell["N"])
        self.k_spin.setValue(cell["K"])
        field, res = cell.get("field", "GF(2)"), cell["routing" if c == 6 else "general"]
        if 7 <= c < 7 + len(TABLE_FIELDS):
            field = TABLE_FIELDS[c - 7]
            res = ((cell.get("by_field") or {}).get(field) or {}).get("general") or {}
        if self.field_box.findText(field_label(field)) < 0:
            self.field_box.addItem(field_label(field))
        self.field_box.setCurrentText(field_label(field))
        if c == 6:
            self.class_box.setCurrentIndex(1)
        elif c >= 5:
            self.class_box.setCurrentIndex(0)
        if res.get("min_T"):
            self.t_spin.setValue(res["min_T"])

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
        news = job.poll()
        if news:
            self.cell_status.setText(news[-1] + f" ({job.elapsed:.1f} s)")
        if not job.finished:
            return
        self.cell_job = None
        self.recompute_button.setEnabled(True)
        self.cell_cancel_button.setEnabled(False)
        if job.error or job.result is None:
            self.cell_status.setText(f"Recompute failed: {job.error or 'no answer'}")
            return
        cell = job.result["cell"]
        self.table_data["cells"][self.cell_row] = cell
        self._fill_row(self.cell_row, cell)
        self.table.resizeRowToContents(self.cell_row)
        self.cell_status.setText(
            f"Recomputed N = {cell['N']}, K = {cell['K']} in "
            f"{job.elapsed:.1f} s (this session only; the shipped table is "
            f"unchanged)."
        )

    def _on_app_quitting(self) -> None:
        for job in (self.job, self.cell_job):
            if job is not None:
                job.cancel()

    def closeEvent(self, event) -> None:
        self._on_app_quitting()
        super().closeEvent(event)


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
