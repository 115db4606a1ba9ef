"""Ring, tree and coded schedules side by side on the worked matmul, with an α-β cost explorer.

The three traces share one step scrubber; the coded column runs the document's code and
follows it while the tab is shown (a :class:`DocumentView`).  The example, the step and the
explorer's α, B, S and N are the application state's (:mod:`ringlab.state`): the widgets write
what the user does there and show what it holds — the example follows the code's N until the
user pins another one (edits X, W or N, or presses the reset button).  All mathematics is two calls of
:func:`ringlab.core.schedules.compare` (through ``analysis.comparison``, cached per code and
parameters): one for the traced example, one for the cost explorer's own N — the cost table,
the note and the plot are for the explorer's N, exactly what ``ringlab compare --N n`` prints
for the same α, B and S.  This module only lays them out.

Beside ring, tree and the code the user may tick the algorithms libraries run (recursive
doubling, Rabenseifner, Swing, Bruck, Trivance, NCCL's double binary tree; the state's
``schedules``): each gets a column on the same example and scrubber (or, for an N its authors'
form does not reach, the reason in grey), its model-(a) line and crossovers in the cost
explorer, and under every grid the shown step on the paper's bidirectional ring (model (b):
messages per directed link, :mod:`._link_loads`).  Their traces and both models come from
:mod:`ringlab.core.schedules` through :mod:`._more_schedules`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QBoxLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.errors import RinglabError
from ...core.schedules import compare, default_example
from ...core.schedules.matmul import TRACE_N_RANGE
from ...core.words import article
from ...state.tabs import SCHEDULES
from ..settings import set_text_colour
from . import _more_schedules as more
from ._base import DocumentView
from ._compare_costs import CostPanel
from ._compare_grid import ScheduleColumn
from ._compare_inputs import ExampleEditor, SchedulePicker

COLUMNS_PER_ROW = 3  # ring, tree, code on the first row; chosen algorithms below, 3 a row


class CompareView(DocumentView):
    TITLE = SCHEDULES

    def __init__(self, document, parent=None):
        super().__init__(document, parent)
        self.comparison = None
        self.cost_comparison = None  # the explorer's N (may differ from the example's)
        self._big: dict = {}  # N > 32: compare(N=…) on ring and tree alone
        self.state = document.state
        self._from_state = False  # widgets being filled from the state: no write back
        self.inputs = ExampleEditor(self.state.example())

        top = QHBoxLayout()
        # a short title: the group box is at least as wide as it, and the whole sentence made
        # the tab scroll sideways beside the Lessons panel at 1280×720
        box = QGroupBox("Worked example: all-reduce the partials X_i·W_i to X @ W")
        box.setToolTip(
            "Core i starts with its partial X_i·W_i; all-reduce must leave X @ W on every core"
        )
        bl = QHBoxLayout(box)
        bl.addWidget(self.inputs, 0)
        side = QVBoxLayout()
        self.target = QLabel()
        self.target.setObjectName("compare_target")
        self.target.setWordWrap(True)
        self.code_label = QLabel()
        self.code_label.setWordWrap(True)
        self.match_button = QPushButton()
        self.match_button.setObjectName("compare_match")
        self.match_button.clicked.connect(self._on_match_clicked)
        self.picker = SchedulePicker()
        self.picker.setObjectName("compare_more")
        self.picker.set_chosen(more.normalise(self.state.schedules))
        # the target and the Run button share a line: the picker below took the height the
        # grids' last row needs at 1280×720
        self._target_row = QBoxLayout(QBoxLayout.LeftToRight)
        self._target_row.addWidget(self.target, 1)
        side.addLayout(self._target_row)
        for w in (self.code_label, self.match_button, self.picker):
            side.addWidget(w)
        side.addStretch(1)
        bl.addLayout(side, 1)
        top.addWidget(box)

        # -- shared scrubber ------------------------------------------------------------------
        scrub = QHBoxLayout()
        self.prev_button = QPushButton("◀")
        self.prev_button.setAccessibleName("Previous step")
        self.prev_button.setObjectName("compare_prev")
        self.next_button = QPushButton("▶")
        self.next_button.setAccessibleName("Next step")
        self.next_button.setObjectName("compare_next")
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setObjectName("compare_step")
        self.slider.setAccessibleName("Schedules step")
        self.slider.setMinimum(0)
        self.slider.setPageStep(1)
        self.slider.setTickPosition(QSlider.TicksBelow)
        self.step_label = QLabel()
        self.step_label.setObjectName("compare_step_label")
        scrub.addWidget(QLabel("Step"))
        scrub.addWidget(self.prev_button)
        scrub.addWidget(self.slider, 1)
        scrub.addWidget(self.next_button)
        scrub.addWidget(self.step_label)
        self.prev_button.clicked.connect(lambda: self.slider.setValue(self.slider.value() - 1))
        self.next_button.clicked.connect(lambda: self.slider.setValue(self.slider.value() + 1))
        self.slider.valueChanged.connect(self._on_slider_moved)

        # -- three columns, and one per chosen algorithm ------------------------------------
        self.columns = {name: ScheduleColumn(name) for name in ("ring", "tree", "coded")}
        self._links: dict = {}  # column → (trace, S, its RingModel)
        self.extra_rows = None  # both models of ring, tree and the chosen, explorer's N
        cols = self._cols = QGridLayout()
        for k in range(COLUMNS_PER_ROW):
            cols.setColumnStretch(k, 1)
        self._place_columns()
        legend = QLabel(
            "Grids as in the tree and ring all-reduce examples: rows = cores, columns = chunks; *starred "
            "yellow = written on this step, green = holds the complete sum, "
            "'.' = not yet final (store-only phases), '·' = nothing decoded yet. "
            "Coded cells are each core's running partial decode R_i s_i + T_i x_i "
            "with the symbols not yet arrived counted as 0. Ring links: the step "
            "on the paper's bidirectional ring — outer arcs i → i+1, inner arcs "
            "i+1 → i, thicker and redder = more messages queued on that link."
        )
        legend.setWordWrap(True)
        set_text_colour(legend, "#444")

        traces = QWidget()
        tl = QVBoxLayout(traces)
        tl.addLayout(top)
        tl.addLayout(scrub)
        tl.addLayout(cols)
        tl.addWidget(legend)
        tl.addStretch(1)

        self.costs = CostPanel()
        self._show_cost_params()
        # two pages, not a vertical split of two scroll areas inside the tab's own: at 1280×720
        # the split left the traces no room for a single grid row (three nested scroll bars),
        # and at 1920×1080 it cut core 3.  Each page has the whole height; the tab's one scroll
        # area takes over only below what a page needs.
        self.pages = QTabWidget()
        self.pages.setObjectName("compare_pages")
        self.pages.setDocumentMode(True)
        self.pages.addTab(traces, "Traces, step by step")
        self.pages.addTab(self.costs, "Cost explorer: α-β time against message size")
        self.pages.setTabToolTip(0, "ring, tree and the editor's code on the worked matmul")
        self.pages.setTabToolTip(1, "α, B, S and N; the same numbers as `ringlab compare`")
        self.pages.currentChanged.connect(self._fit_pages)
        self._fit_pages(self.pages.currentIndex())
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.pages)

        self.inputs.example_changed.connect(self._on_example_edited)
        self.picker.chosen.connect(self._on_picked)
        self.costs.params_changed.connect(self._on_costs_edited)
        ev = self.state.events
        ev.worked_example.connect(self._on_state_example_changed)
        ev.schedule_step.connect(self._on_state_step_changed)
        for name in ("alpha", "bandwidth", "size", "explorer_N"):
            getattr(ev, name).connect(self._on_state_costs_changed)
        ev.schedules.connect(self._on_state_schedules_changed)
        # issue 12: the code on real MPI processes; its Calibrate feeds the cost explorer
        self.run_button = QPushButton("Run on N processes…")
        self.run_button.setToolTip(
            "Run the editor's code on N real MPI processes, time it "
            "against MPI_Allreduce, and measure α, β for the explorer"
        )
        self.run_button.clicked.connect(self.open_run_panel)
        self._target_row.addWidget(self.run_button, 0, Qt.AlignTop)

    def resizeEvent(self, e):
        super().resizeEvent(e)
        # beside the Lessons panel (~600 px) the Run button goes under the target again: side
        # by side they made the tab wider than its window
        want = QBoxLayout.LeftToRight if e.size().width() >= 900 else QBoxLayout.TopToBottom
        if self._target_row.direction() != want:
            self._target_row.setDirection(want)

    def _fit_pages(self, current: int) -> None:
        """The tab is as tall as the page shown: a hidden page's size is ignored (the stacked
        pages otherwise all took the tallest one's height, and with a row of chosen algorithms
        on the traces page the cost plot was stretched far below the window)."""
        from PySide6.QtWidgets import QSizePolicy

        for i in range(self.pages.count()):
            w = self.pages.widget(i)
            p = QSizePolicy.Preferred if i == current else QSizePolicy.Ignored
            w.setSizePolicy(p, p)
            w.updateGeometry()

    def open_run_panel(self):
        from ..run_panel import open_run_dialog

        return open_run_dialog(self, lambda: self.document.code, calibrated=self.costs.set_measured)

    # -- recompute (core calls) ---------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.state.schedule_step

    def refresh(self) -> None:
        ex = self.state.example()
        if tuple(self.columns) != ("ring", "tree", "coded") + self.chosen:
            # the state changed several fields as one act (a lesson's setup) and another
            # field's event arrived before ``schedules``': the columns follow the state here
            self.picker.set_chosen(self.chosen)
            self._place_columns()
        self._show_example(ex)
        self._show_cost_params()
        params = self.state.cost_params()
        nE = params.pop("explorer_N") or ex.N
        waiting = self.document.report_pending and self.document.code.N in (ex.N, nE)
        if waiting:
            # a large code still being checked: ring and tree now, the code's column when its
            # Theorem 2 report arrives (report_ready refreshes); the window never waits
            c = compare(ex, None, strict=False, **params)
            # the explorer's own N all the same (it showed the example's N while waiting)
            costs = c if nE == ex.N else compare(N=nE, strict=False, **params)
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
        fmt = lambda v: " ".join(str(x) if x.denominator != 1 else str(x.numerator) for x in v)  # noqa: E731
        self.target.setText(f"Target X @ W = [ {fmt(ex.target)} ]")
        code = self.document.code
        self.code_label.setText(
            f"Coded column: the editor's code “{code.name or 'untitled'}” "
            f"(N = {code.N}, K = {code.K}, T = {code.T} over {code.field.name}), "
            "live."
        )
        mismatch = c.coded is None and code.N != ex.N
        self.match_button.setVisible(mismatch and TRACE_N_RANGE[0] <= code.N <= TRACE_N_RANGE[1])
        if mismatch:
            self.match_button.setText(f"Use {article(code.N)} {code.N}-core example for this code")
        self.columns["ring"].set_trace(c.ring)
        self.columns["tree"].set_trace(c.tree)
        if waiting:
            self.columns["coded"].set_trace(
                None,
                "Theorem 2 for this code is being checked in "
                "the background; its column appears when the "
                "verdict is in.",
            )
            set_text_colour(self.columns["coded"].error, "#555")
        else:
            self.columns["coded"].set_trace(c.coded, c.coded_error, calm=mismatch)
        self._show_extras(ex)
        for name, col in self.columns.items():
            col.set_links(self._link_model(name, col.trace, c.size))
        top = self.max_steps
        self.slider.blockSignals(True)
        self.slider.setMaximum(top)
        self.slider.setValue(min(self.step, top))
        self.slider.blockSignals(False)
        self._show_step(self.slider.value())
        chosen = self.chosen
        self.extra_rows = (
            more.rows_for(chosen, costs.N, costs.size, costs.alpha, costs.bandwidth)
            if chosen
            else None
        )
        self.costs.set_comparison(costs, example_N=ex.N, extra=chosen, rows=self.extra_rows)

    # -- the chosen algorithms -----------------------------------------------------------------
    @property
    def chosen(self) -> tuple:
        """The algorithms shown beside ring, tree and the code (the state's, checked)."""
        return more.normalise(self.state.schedules)

    @property
    def max_steps(self) -> int:
        """The scrubber's end: the longest of every shown schedule."""
        c = self.comparison
        steps = [c.max_steps] if c is not None else [0]
        steps += [
            col.trace.T
            for n, col in self.columns.items()
            if n in self.chosen and col.trace is not None
        ]
        return max(steps)

    def _place_columns(self) -> None:
        """ring, tree, the code on the first row; the chosen algorithms below, in table order."""
        want = ("ring", "tree", "coded") + self.chosen
        for name in [n for n in self.columns if n not in want]:
            col = self.columns.pop(name)
            self._links.pop(name, None)
            self._cols.removeWidget(col)
            col.deleteLater()
        for name in want:
            if name not in self.columns:
                self.columns[name] = ScheduleColumn(name)
            else:
                self._cols.removeWidget(self.columns[name])
        for k, name in enumerate(want):
            self._cols.addWidget(
                self.columns[name], k // COLUMNS_PER_ROW, k % COLUMNS_PER_ROW, Qt.AlignTop
            )

    def _show_extras(self, ex) -> None:
        for name in self.chosen:
            col = self.columns[name]
            trace, why = more.traced(name, ex)
            if trace is None:
                from ...core.schedules import schedule_info

                col.set_refused(
                    f"{schedule_info(name).title}: not for N = {ex.N}",
                    why[0].upper() + why[1:] + ".",
                )
            elif trace is not col.trace:
                col.set_trace(trace)

    def _link_model(self, name, trace, S):
        """Model (b) of a column's trace for a vector of S bytes, counted once per trace."""
        if trace is None:
            return None
        held = self._links.get(name)
        if held is None or held[0] is not trace or held[1] != S:
            from ...core.schedules import ring_model

            held = self._links[name] = (trace, S, ring_model(trace, S))
        return held[2]

    def _costs_for(self, n: int, params: dict):
        """What ``ringlab compare --N n`` computes for these α, B, S: the default example on
        n cores (with the editor's code in the coded row when it has n nodes), or for n above
        32 the closed forms of ring and tree (nothing traced)."""
        if n <= TRACE_N_RANGE[1]:
            return self.analysis.comparison(default_example(n), **params)
        key = (n, tuple(sorted(params.items())))
        if key not in self._big:
            if len(self._big) >= 8:
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
        self.invalidate()  # (also when only a refused text changed)                 # (also when only a refused text changed)

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
        self._place_columns()
        self.invalidate_soon()

    def _on_state_step_changed(self, k, _old=None) -> None:
        if self.stale:
            if self.isVisible():
                self.ensure_fresh()
            return
        if self.slider.value() != k:
            self.slider.blockSignals(True)
            self.slider.setValue(min(k, self.slider.maximum()))
            self.slider.blockSignals(False)
        self._show_step(self.slider.value())

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
        c = self.comparison
        self.step_label.setText(f"{k} of {self.max_steps}" if c else "")
        for col in self.columns.values():
            col.show_step(k)
