"""Ring, tree and coded schedules side by side on the worked matmul, with an α-β cost explorer.

The three traces share one step scrubber; the coded column runs the document's code and
follows it while the tab is shown (a :class:`DocumentView`).  The example, the step and the
explorer's α, B, S and N are the application state's (:mod:`ringlab.state`): the widgets write
what the user does there and show what it holds — the example follows the code's N until the
user pins another one (edits X, W or N, or presses the reset button).  All mathematics is two
calls of :func:`ringlab.core.schedules.compare` (through ``analysis.comparison``, cached per
code and parameters): one for the traced example, one for the cost explorer's own N — the cost
table, the note and the plot are for the explorer's N, exactly what ``ringlab compare --N n``
prints for the same α, B and S.  This module only lays them out.

Beside ring, tree and the code the user may tick the algorithms libraries run (recursive
doubling, Rabenseifner, Swing, Bruck, Trivance, NCCL's double binary tree; the state's
``schedules``): each gets a column on the same example and scrubber (or, for an N its authors'
form does not reach, the reason in grey), its model-(a) line and crossovers in the cost
explorer, and under every grid the shown step on a bidirectional ring, not the paper's directed one (model (b):
messages per directed link, :mod:`.link_loads`).  Their traces and both models come from
:mod:`ringlab.core.schedules` through :mod:`.more`.  Ticking "Compare on the two-way ring" in
the cost explorer adds the coded two-way codes known for its N beside Swing, Trivance and two
classic rings (:mod:`.twoway_table`; rows from ``twoway_comparison``, as ``ringlab compare
--ring two-way`` prints them).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ....core.errors import RinglabError
from ....core.schedules import (
    Comparison,
    compare,
    default_example,
    explorer,
    parse_bandwidth,
    parse_bytes,
    parse_seconds,
    ring_time_large_n,
    ring_trace,
    schedule_costs,
    schedule_counts,
    tree_trace,
)
from ....core.schedules.matmul import TRACE_N_RANGE
from ....state.tabs import SCHEDULES
from ...settings import set_text_colour
from .._base import DocumentView
from .._reflow import FlowRow, TabPage
from .._widgets import WheelSafeSlider, label
from . import more
from .costs import CostPanel
from .grid import ScheduleGrids
from .inputs import ExampleBox

LEGEND = (
    "Grids as in the tree and ring all-reduce examples: rows = cores, columns = chunks; *starred "
    "yellow = written on this step, green = holds the complete sum, "
    "'.' = not yet final (store-only phases), '·' = nothing decoded yet. "
    "Coded cells are each core's running partial decode Rᵢ sᵢ + Tᵢ xᵢ "
    "with the symbols not yet arrived counted as 0. Ring links: the step "
    "on a bidirectional ring (the paper's is directed) — outer arcs i → i+1, inner arcs "
    "i+1 → i, thicker and redder = more messages queued on that link."
)
# the pages' tab names; the short ones when the long ones would not fit the tab's width (22 pt
# beside a lesson: the tab bar scrolled and cut "Cost explorer: …" at both ends)
PAGE_NAMES = (
    ("Traces, step by step", "Cost explorer: α-β time against message size"),
    ("Traces", "Cost explorer"),
)
BIG_KEPT = 8  # closed-form comparisons kept for explorer N above what is traced


def ring_and_tree(ex, *, alpha, bandwidth, size, N=None) -> Comparison:
    """:func:`compare`'s ring and tree on ``ex`` (None: the default example on ``N`` cores,
    the closed forms above 32) and no code: the tab while the editor's code is being checked.
    ``compare(ex, None)`` traced the classic ring in the code's place — 0.7 s on the GUI
    thread at N = 16, 5 s at N = 32, while the window was to take keys at once — and showed
    its costs as the editor's code's row (the plot's line, the measurable code)."""
    if ex is None:
        if N > TRACE_N_RANGE[1]:
            return compare(N=N, strict=False, alpha=alpha, bandwidth=bandwidth, size=size)
        ex = default_example(N)
    a, B, S = parse_seconds(alpha), parse_bandwidth(bandwidth), parse_bytes(size)
    ring, tree = ring_trace(ex), tree_trace(ex)
    costs = {"ring": schedule_costs(ring, S, a, B), "tree": schedule_costs(tree, S, a, B)}
    exp = explorer(ex.N, a, B, size=S)
    large_n = ring_time_large_n(ex.N, S, a, B)
    return Comparison(
        ex, None, ring, tree, None, None, a, B, S, costs, large_n, exp, schedule_counts(ex.N)
    )


class StepBar(QWidget):
    """The step scrubber every column shares; ``moved(k)`` when the user moves it.  The wheel
    moves it only once it has the focus (a wheel over it scrolls the page); on a narrow tab
    the step counter goes under the slider rather than be cut."""

    moved = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        row = FlowRow(self)
        self.prev_button = QPushButton("◀")
        self.prev_button.setAccessibleName("Previous step")
        self.prev_button.setObjectName("compare_prev")
        self.next_button = QPushButton("▶")
        self.next_button.setAccessibleName("Next step")
        self.next_button.setObjectName("compare_next")
        self.slider = WheelSafeSlider(Qt.Horizontal)
        self.slider.setObjectName("compare_step")
        self.slider.setAccessibleName("Schedules step")
        self.slider.setMinimum(0)
        self.slider.setPageStep(1)
        self.slider.setTickPosition(QSlider.TicksBelow)
        self.step_label = QLabel()
        self.step_label.setObjectName("compare_step_label")
        sp = QSizePolicy(QSizePolicy.Preferred, QSizePolicy.Preferred)
        sp.setHeightForWidth(True)
        self.setSizePolicy(sp)
        row.add(QLabel("Step"))
        row.add(self.prev_button)
        row.add(self.slider, 1)
        row.add(self.next_button)
        row.add(self.step_label)
        self.prev_button.clicked.connect(lambda: self.slider.setValue(self.slider.value() - 1))
        self.next_button.clicked.connect(lambda: self.slider.setValue(self.slider.value() + 1))
        self.slider.valueChanged.connect(self.moved)

    def set_quietly(self, k: int, top: int | None = None) -> int:
        """Put the slider at step k (and its end at ``top``) without emitting; the step shown."""
        s = self.slider
        s.blockSignals(True)
        if top is not None:
            s.setMaximum(top)
        s.setValue(min(k, s.maximum()))
        s.blockSignals(False)
        return s.value()


class SchedulesView(DocumentView):
    TITLE = SCHEDULES

    def __init__(self, document, parent=None):
        super().__init__(document, parent)
        self.comparison = None
        self.cost_comparison = None  # the explorer's N (may differ from the example's)
        self._big: dict = {}  # N > 32: compare(N=…) on ring and tree alone
        self.state = document.state
        self._from_state = False  # widgets being filled from the state: no write back
        box = self.example_box = ExampleBox(self.state.example(), self.chosen)
        self.inputs, self.target, self.picker = box.inputs, box.target, box.picker
        self.match_button = box.match_button
        self.scrubber = StepBar()
        self.slider, self.step_label = self.scrubber.slider, self.scrubber.step_label
        self.prev_button, self.next_button = self.scrubber.prev_button, self.scrubber.next_button
        self.grids = ScheduleGrids(self.chosen)
        self.columns = self.grids.columns
        self.extra_rows = None  # both models of ring, tree and the chosen, explorer's N
        self.costs = CostPanel()
        self._show_cost_params()
        self.pages = self._build_pages()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.pages)
        self._connect()
        # the code on real MPI processes; its Calibrate feeds the cost explorer
        self.run_button = QPushButton("Run on N processes…")
        self.run_button.setToolTip(
            "Run the editor's code on N real MPI processes, time it "
            "against MPI_Allreduce, and measure α, β for the explorer"
        )
        self.run_button.clicked.connect(self.open_run_panel)
        box.add_beside_target(self.run_button, Qt.AlignTop)

    def _build_pages(self) -> QTabWidget:
        """Two pages, not a vertical split of two scroll areas inside the tab's own: at
        1280×720 the split left the traces no room for a single grid row, and at 1920×1080 it
        cut core 3.  Each page has the whole height; the tab's one scroll area takes over only
        below what a page needs."""
        traces = TabPage()
        tl = QVBoxLayout(traces)
        tl.addWidget(self.example_box)
        tl.addWidget(self.scrubber)
        tl.addWidget(self.grids)
        tl.addWidget(label(LEGEND, colour="#444"))
        tl.addStretch(1)
        pages = QTabWidget()
        pages.setObjectName("compare_pages")
        pages.setDocumentMode(True)
        pages.addTab(traces, PAGE_NAMES[0][0])
        pages.addTab(self.costs, PAGE_NAMES[0][1])
        pages.setTabToolTip(0, "ring, tree and the editor's code on the worked matmul")
        pages.setTabToolTip(1, "α, B, S and N; the same numbers as `ringlab compare`")
        pages.currentChanged.connect(self._fit_pages)
        return pages

    def _connect(self) -> None:
        self._fit_pages(self.pages.currentIndex())
        self.match_button.clicked.connect(self._on_match_clicked)
        self.scrubber.moved.connect(self._on_slider_moved)
        self.inputs.example_changed.connect(self._on_example_edited)
        self.picker.chosen.connect(self._on_picked)
        self.costs.params_changed.connect(self._on_costs_edited)
        self.costs.twoway.toggled.connect(lambda _on: self.invalidate())
        ev = self.state.events
        ev.worked_example.connect(self._on_state_example_changed)
        ev.schedule_step.connect(self._on_state_step_changed)
        for name in ("alpha", "bandwidth", "size", "explorer_N"):
            getattr(ev, name).connect(self._on_state_costs_changed)
        ev.schedules.connect(self._on_state_schedules_changed)

    def resizeEvent(self, e):
        super().resizeEvent(e)
        # beside the Lessons panel (~600 px) the Run button goes under the target again: side
        # by side they made the tab wider than its window
        self.example_box.set_wide(e.size().width() >= 900)
        self._name_pages()

    def changeEvent(self, e):  # noqa: N802 (Qt's name)
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:
            self._name_pages()

    def _name_pages(self) -> None:
        """The long page names when the tab bar holds them whole, else the short ones."""
        fm = self.pages.tabBar().fontMetrics()
        need = sum(fm.horizontalAdvance(t) + 2 * fm.height() for t in PAGE_NAMES[0])
        names = PAGE_NAMES[0] if need <= self.pages.width() else PAGE_NAMES[1]
        for i, name in enumerate(names):
            if self.pages.tabText(i) != name:
                self.pages.setTabText(i, name)

    def _fit_pages(self, current: int) -> None:
        """The tab is as tall as the page shown: a hidden page's size is ignored (the stacked
        pages otherwise all took the tallest one's height, and with a row of chosen algorithms
        on the traces page the cost plot was stretched far below the window)."""
        for i in range(self.pages.count()):
            w = self.pages.widget(i)
            p = QSizePolicy.Preferred if i == current else QSizePolicy.Ignored
            w.setSizePolicy(p, p)
            w.updateGeometry()

    def open_run_panel(self):
        from ...run_panel import open_run_dialog

        return open_run_dialog(self, lambda: self.document.code, calibrated=self.costs.set_measured)

    # -- recompute (core calls) ---------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.state.schedule_step

    def refresh(self) -> None:
        ex = self.state.example()
        if not self.grids.shows(self.chosen):
            # the state changed several fields as one act (a lesson's setup) and another
            # field's event arrived before ``schedules``': the columns follow the state here
            self.picker.set_chosen(self.chosen)
            self.grids.place(self.chosen)
        self._show_example(ex)
        self._show_cost_params()
        params = self.state.cost_params()
        nE = params.pop("explorer_N") or ex.N
        waiting = self.document.report_pending and self.document.code.N in (ex.N, nE)
        if waiting:
            # a large code still being checked: ring and tree now, the code's column when its
            # Theorem 2 report arrives (report_ready refreshes); the window never waits
            c = ring_and_tree(ex, **params)
            # the explorer's own N all the same (it showed the example's N while waiting)
            costs = c if nE == ex.N else ring_and_tree(None, N=nE, **params)
            self.comparison, self.cost_comparison = c, costs
            self._show_comparison(ex, c, costs, waiting=True)
            return
        try:
            c = self.analysis.comparison(ex, **params)
            costs = c if nE == ex.N else self._costs_for(nE, params)
        except RinglabError as e:
            self.costs.show_error(str(e))
            if self.comparison is not None:
                return
            # first time: the default α, B, S (the boxes say what was refused)
            c = self.analysis.comparison(ex)
            costs = c if nE == ex.N else self._costs_for(nE, {})
        self.comparison, self.cost_comparison = c, costs
        self._show_comparison(ex, c, costs)

    def _show_comparison(self, ex, c, costs, waiting: bool = False) -> None:
        mismatch = c.coded is None and self.document.code.N != ex.N
        self.example_box.show_example(ex, self.document.code, mismatch)
        self.columns["ring"].set_trace(c.ring)
        self.columns["tree"].set_trace(c.tree)
        coded = self.columns["coded"]
        if waiting:
            coded.set_trace(
                None,
                "Theorem 2 for this code is being checked in "
                "the background; its column appears when the "
                "verdict is in.",
            )
            set_text_colour(coded.error, "#555")
        else:
            coded.set_trace(c.coded, c.coded_error, calm=mismatch)
        self.grids.show_chosen(self.chosen, ex)
        self.grids.show_links(c.size)
        self._show_step(self.scrubber.set_quietly(self.step, self.max_steps))
        chosen = self.chosen
        self.extra_rows = (
            more.rows_for(chosen, costs.N, costs.size, costs.alpha, costs.bandwidth)
            if chosen
            else None
        )
        self.costs.set_comparison(costs, example_N=ex.N, extra=chosen, rows=self.extra_rows)
        self._show_twoway(costs)

    def _show_twoway(self, costs) -> None:
        """The two-way ring's rows for the explorer's N, when their box is ticked."""
        tw = self.costs.twoway
        args = (costs.N, costs.size, costs.alpha, costs.bandwidth)
        rows = more.twoway_rows_for(*args) if tw.on else None
        tw.show_rows(rows, costs.N, costs.size, more.TWO_WAY_N_MAX)

    @property
    def chosen(self) -> tuple:
        """The algorithms shown beside ring, tree and the code (the state's, checked)."""
        return more.normalise(self.state.schedules)

    @property
    def max_steps(self) -> int:
        """The scrubber's end: the longest of every shown schedule."""
        c = self.comparison
        return max([c.max_steps if c is not None else 0, *self.grids.steps(self.chosen)])

    def _costs_for(self, n: int, params: dict):
        """What ``ringlab compare --N n`` computes for these α, B, S: the default example on
        n cores (with the editor's code in the coded row when it has n nodes), or for n above
        32 the closed forms of ring and tree (nothing traced)."""
        if n <= TRACE_N_RANGE[1]:
            return self.analysis.comparison(default_example(n), **params)
        key = (n, tuple(sorted(params.items())))
        if key not in self._big:
            if len(self._big) >= BIG_KEPT:
                self._big.pop(next(iter(self._big)))
            self._big[key] = compare(N=n, strict=False, **params)
        return self._big[key]

    # -- the user's acts → the state ----------------------------------------------------------
    def _on_example_edited(self, ex) -> None:
        if not self._from_state:
            self.state.set_example(ex)  # the user's own example: pinned
            self.invalidate()

    def _on_costs_edited(self) -> None:
        if self._from_state:
            return
        p = self.costs.params()
        self.state.update(
            alpha=p["alpha"],
            bandwidth=p["bandwidth"],
            size=p["size"],
            explorer_N=None if self.costs.n_follows_example else p["explorer_N"],
        )
        self.invalidate()  # (also when only a refused text changed)

    def _on_match_clicked(self) -> None:
        self.state.follow_code()
        self.invalidate()

    def _on_slider_moved(self, k: int) -> None:
        self.state.schedule_step = k

    def _on_picked(self, names) -> None:
        self.state.schedules = more.normalise(names)

    # -- the state → the widgets ------------------------------------------------------------
    def _on_state_example_changed(self, *_) -> None:
        self._show_example(self.state.example())
        self.invalidate_soon()

    def _on_state_costs_changed(self, *_) -> None:
        self._show_cost_params()
        self.invalidate_soon()

    def _on_state_schedules_changed(self, *_) -> None:
        self.picker.set_chosen(self.chosen)
        self.grids.place(self.chosen)
        self.invalidate_soon()

    def _on_state_step_changed(self, k, _old=None) -> None:
        if self.stale:
            if self.isVisible():
                self.ensure_fresh()
            return
        self._show_step(self.scrubber.set_quietly(k))

    def _show_example(self, ex) -> None:
        self.picker.set_N(ex.N)
        if ex != self.inputs.example:
            self._from_state = True
            try:
                self.inputs.load(ex)
            finally:
                self._from_state = False

    def _show_cost_params(self) -> None:
        st = self.state
        self._from_state = True
        try:
            self.costs.show_params(st.alpha, st.bandwidth, st.size, st.explorer_N, st.example_N)
        finally:
            self._from_state = False

    def _show_step(self, k: int) -> None:
        self.step_label.setText(f"{k} of {self.max_steps}" if self.comparison else "")
        self.grids.show_step(k)

    def hideable(self) -> dict:
        """What a lesson's question may hide here (hide:): the explorer's figures (its tables,
        notes and the plot, whose crossover labels print the sizes a lesson asks for), the
        grids' message lines."""
        t = self.costs.tables
        figures = (t.table_title, t.table, t.models_title, t.models, t.note, t.crossings)
        figures += (self.costs.canvas,)
        sends = [col.sends for col in self.grids.columns.values()]
        return {"explorer-figures": (*figures, t.measured_note), "schedule-totals": sends}
