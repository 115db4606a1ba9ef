"""The cost explorer panel: α, B, S and N inputs, the worked examples' presets, the matplotlib plot of
time against message size, and the per-schedule cost table.  With algorithms chosen beyond ring
and tree the plot adds their model-(a) lines and numbered crossovers, and a second table gives
ring, tree and them in both models, as ``ringlab compare --schedules`` prints them.

:class:`CostPanel` is :class:`ExplorerInputs` above :class:`CostPlot` and :class:`CostTables`
side by side; the measured rows and markers come from :mod:`.measure`.

matplotlib's Qt canvas is imported lazily (only when the panel is built), so importing the
views package stays cheap.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ....core.quantities import DEFAULT_ALPHA, DEFAULT_BANDWIDTH, DEFAULT_SIZE, cost_row_cells
from ....core.schedules.costs import EXPLORER_PRESETS as PRESETS
from ....core.schedules.costs import format_bandwidth, format_bytes, format_seconds
from ...flow_layout import FlowLayout
from ...params import SizeSpin
from ...placeholder_combo import PlaceholderCombo
from .._reflow import TabPage
from .._widgets import label
from .folding import FoldingTable, Row
from .measure import MeasureControls, fill_rows, measured_note, use_measured_row
from .plot_and_numbers import PlotAndNumbers, scrolling
from .twoway_table import TwoWayTable

COLUMNS = ["steps", "msgs", "msg", "link", "sent", "÷bound", "time", "algbw", "busbw"]
TIPS = [
    "steps (transmission rounds)",
    "messages sent in all",
    "bytes per message",
    "bytes on the busiest link",
    "bytes sent by the busiest worker",
    "sent per worker ÷ 2S(N−1)/N (the lower bound of reduce-scatter + all-gather "
    "algorithms; for coding, proven for K ≤ N and N = 3)",
    "α-β time",
    "nccl-tests algbw = S / time",
    "nccl-tests busbw = algbw · 2(N−1)/N",
]
MODEL_COLUMNS = ["steps", "msgs", "sent/core", "(a) time", "ring slots", "busiest link", "sum"]
MODEL_TIPS = [
    "steps of the schedule (rounds)",
    "messages sent in all",
    "the most bytes one core sends",
    "model (a), fully connected: Σ over steps of α + (largest message of the step)/B",
    "model (b), a bidirectional ring: Σ over steps of the messages on the step's "
    "busiest directed link (one message per link per slot)",
    "model (b): the most bytes one directed link carries over the whole run",
    "every core ends with the sum (checked against Σ P_i added up directly)",
]


class ExplorerInputs(QWidget):
    """α, B, S and N of the explorer and the worked examples' presets, a line for what was refused, and
    (after a calibration) the "use measured" toggle.  Emits ``params_changed()`` when the user
    edits one."""

    params_changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(self._build_grid())
        self.error = label(name="compare_cost_error", colour="#b00020")
        lay.addWidget(self.error)
        # a typed N outside 2..1024 is refused with the range, not quietly put back
        self.n_spin.refused.connect(lambda msg: self.error.setText(msg))
        self.n_follows_example = True
        self.measured_box = None  # the "use measured" toggle, made by the first calibration
        self._setting = False
        self._typed = None
        for e in (self.alpha, self.bandwidth, self.size_box):
            e.editingFinished.connect(self._on_edited)
        self.n_spin.valueChanged.connect(self._on_n_edited)
        self.preset.activated.connect(self._on_preset_chosen)

    def _build_grid(self) -> QGridLayout:
        self.preset = PlaceholderCombo()  # narrower than its machines' names (22 pt, a lesson)
        self.preset.setObjectName("compare_preset")
        self.preset.addItem("Machines from the sources…")
        self.preset.setToolTip(
            "α, B, S and N of the tree post (tree/ring crossover) or the course page (≈2.3 ms); "
            "Help → Sources names them"
        )
        self.preset.addItems(list(PRESETS))
        self.alpha = _quantity_box(
            DEFAULT_ALPHA, "compare_alpha", "latency per step: 1us, 50us, 1e-6 (seconds)…"
        )
        self.bandwidth = _quantity_box(
            DEFAULT_BANDWIDTH, "compare_bandwidth", "link bandwidth: 190GB/s, 1GB/s, 1e9 (bytes/s)…"
        )
        self.size_box = _quantity_box(
            DEFAULT_SIZE, "compare_size", "message size S: 1MB, 256KB, 1e6 (bytes)… (1 KB = 1000 B)"
        )
        self.n_spin = SizeSpin("N")
        self.n_spin.setObjectName("compare_explorer_N")
        self.n_spin.setRange(2, 1024)
        self.n_spin.setValue(4)
        self.n_spin.setToolTip(
            "cores in the explorer (follows the worked example's N until you or a preset set another)"
        )
        # two rows (α, B, S / N and the presets): one row was wider than the tab beside the
        # Lessons panel at 1280×720, and the N box was cut to its last digit; the second row
        # wraps the presets under N when even that is too wide (22 pt beside a lesson)
        grid = QGridLayout()
        second = QWidget()
        flow = FlowLayout(second, h_spacing=12)
        flow.setContentsMargins(0, 0, 0, 0)
        for k, (text, w) in enumerate(
            (("α", self.alpha), ("B", self.bandwidth), ("S", self.size_box), ("N", self.n_spin))
        ):
            lab = QLabel(text)
            lab.setBuddy(w)
            # named by their visible label; N has a second "N" (the code's) on screen
            w.setAccessibleName("Cost explorer N" if text == "N" else text)
            w.setAccessibleDescription(f"cost explorer: {w.toolTip()}")
            if k < 3:
                grid.addWidget(lab, 0, 2 * k)
                grid.addWidget(w, 0, 2 * k + 1)
            else:
                group = QWidget()
                row = QHBoxLayout(group)
                row.setContentsMargins(0, 0, 0, 0)
                row.addWidget(lab)
                row.addWidget(w)
                flow.addWidget(group)
        self.preset.setAccessibleName("Cost explorer presets")
        flow.addWidget(self.preset)
        grid.addWidget(second, 1, 0, 1, 6)
        for col in (1, 3, 5):
            grid.setColumnStretch(col, 1)
        return grid

    def _on_edited(self) -> None:
        self._forget_preset_if_changed()
        self.params_changed.emit()

    def _on_n_edited(self, _n) -> None:
        if self._setting:
            return  # set by a preset or by the example: no user edit
        self.n_follows_example = False
        self._on_edited()

    def _forget_preset_if_changed(self) -> None:
        """The combo names a preset only while the inputs still are that preset."""
        i = self.preset.currentIndex()
        if i > 0:
            p = PRESETS[self.preset.itemText(i)]
            now = (
                self.alpha.text(),
                self.bandwidth.text(),
                self.size_box.text(),
                self.n_spin.value(),
            )
            if now != (p["alpha"], p["bandwidth"], p["size"], p["N"]):
                self.preset.setCurrentIndex(0)

    def show_params(
        self, alpha: str, bandwidth: str, size: str, explorer_N: int | None, example_N: int
    ) -> None:
        """Show the state's α, B, S and N (``explorer_N`` None: it follows the example's N);
        nothing is emitted (the values come from the state, not from the user)."""
        self._setting = True
        try:
            for box, text in (
                (self.alpha, alpha),
                (self.bandwidth, bandwidth),
                (self.size_box, size),
            ):
                if box.text() != text:
                    box.setText(text)
            self.n_follows_example = explorer_N is None
            n = example_N if explorer_N is None else explorer_N
            if self.n_spin.value() != n:
                self.n_spin.setValue(n)
        finally:
            self._setting = False
        self._forget_preset_if_changed()

    def _on_preset_chosen(self, index: int) -> None:
        if index <= 0:
            return
        p = PRESETS[self.preset.itemText(index)]
        self.n_follows_example = False  # the preset's N stays until the user changes it
        self._setting = True
        self.alpha.setText(p["alpha"])
        self.bandwidth.setText(p["bandwidth"])
        self.size_box.setText(p["size"])
        self.n_spin.setValue(p["N"])
        self._setting = False
        self.params_changed.emit()

    def params(self) -> dict:
        return dict(
            alpha=self.alpha.text(),
            bandwidth=self.bandwidth.text(),
            size=self.size_box.text(),
            explorer_N=self.n_spin.value(),
        )

    def show_error(self, msg: str) -> None:
        self.error.setText(msg + " — the plot and table show the last valid values")

    def set_measured(self, alpha: float, beta: float) -> None:
        """α (s) and β (s/B) measured by ``ringlab run --calibrate`` (the Run panel): a "use
        measured" toggle puts α and B = 1/β into the inputs (read-only while on) and gives the
        typed values back when turned off."""
        if self.measured_box is None:
            row, self.measured_box, self.measured_values = use_measured_row()
            self.measured_box.toggled.connect(self._use_measured)
            self.layout().insertWidget(1, row)
        self.measured = (alpha, beta)
        ok = alpha >= 0 and beta > 0
        self.measured_box.setText("use measured" if ok else "measured: not usable")
        self.measured_values.setText(
            f"α = {format_seconds(alpha)}, B = 1/β = {format_bandwidth(1 / beta)} "
            f"(ringlab run --calibrate, this machine)"
            if ok
            else f"α = {format_seconds(alpha)}, β = {beta * 1e9:.3g} ns/B (a negative fit — the "
            f"machine was busy or MPI switched protocol); calibrate again"
        )
        self.measured_box.setAccessibleDescription(self.measured_values.text())
        if self.measured_box.isChecked():
            self._use_measured(ok) if ok else self.measured_box.setChecked(False)
        self.measured_box.setEnabled(ok)

    def _use_measured(self, on: bool) -> None:
        if on:
            if self._typed is None:
                self._typed = (self.alpha.text(), self.bandwidth.text())
            a, b = self.measured
            self.alpha.setText(f"{a * 1e6:.4g}us")
            self.bandwidth.setText(f"{1 / b / 1e9:.4g}GB/s")
        elif self._typed is not None:
            self.alpha.setText(self._typed[0])
            self.bandwidth.setText(self._typed[1])
            self._typed = None
        self.alpha.setReadOnly(on)
        self.bandwidth.setReadOnly(on)
        self._on_edited()


def _quantity_box(text: str, name: str, tip: str) -> QLineEdit:
    box = QLineEdit(text)
    box.setObjectName(name)
    box.setToolTip(tip)
    return box


class CostPlot:
    """The α-β time against message size (matplotlib's Qt canvas, imported only when built),
    with measured medians as markers.

    The plot is built when it can be seen: on the Schedules tab it sits behind the traces
    page, and every edit of the code rebuilt it there unseen (~65 ms, two thirds of it
    matplotlib's tight layout).  A plot asked for while hidden is built at the first paint
    after it is shown (the canvas's ``before_draw``), with the markers last asked for."""

    def __init__(self):
        from matplotlib.figure import Figure

        from .._canvas import sized_canvas

        self.figure = Figure(figsize=(6.5, 3.6), dpi=90)
        # its text follows the window's (Ctrl+=, CostPanel), shown smaller on a narrow tab
        self.canvas = sized_canvas(self.figure, (585, 324), (440, 240))
        self.canvas.setObjectName("compare_canvas")
        self.canvas.before_draw = self._before_draw
        self._markers: list = []
        self._laid_out_at = None
        self._explorer = None  # what the plot is to show
        self._built_for = None  # what the figure shows now
        self._measured = None  # the measurement whose medians are marked (None: none)

    def draw(self, explorer) -> None:
        self._explorer = explorer
        if self.canvas.isVisible():
            self._build()
        self.canvas.draw_idle()  # (hidden: drawn, and built, once shown)

    def _build(self) -> None:
        from ....render.cost_plot import draw_costs

        draw_costs(self.figure, self._explorer)
        self._built_for = self._explorer
        self._laid_out_at = tuple(self.figure.get_size_inches())
        self._markers = []  # the figure was cleared, and the markers with it
        self._mark(self._measured)

    def _before_draw(self) -> None:
        if self._explorer is not None and self._built_for is not self._explorer:
            self._build()
        self._relayout_if_resized()

    def _relayout_if_resized(self) -> None:
        """The margins again when the figure's size changed since they were worked out (the
        pane narrower or the text larger): its axis labels were cut at 22 pt otherwise."""
        size = tuple(self.figure.get_size_inches())
        if self.figure.axes and size != self._laid_out_at:
            self._laid_out_at = size
            self.figure.tight_layout()

    def draw_markers(self, m) -> None:
        """Measured medians as markers on the model's plot (squares MPICH, crosses codes)."""
        self._measured = m
        if self._built_for is not None and self._built_for is self._explorer:
            self._mark(m)
            self.canvas.draw_idle()

    def _mark(self, m) -> None:
        from ....render.cost_plot import COLORS

        for a in self._markers:
            a.remove()
        self._markers = []
        if not self.figure.axes:
            return
        ax = self.figure.axes[0]
        if m is not None:
            for key, which, colour, shape, text in (
                ("ring", "allreduce", COLORS["ring"], "s", "MPICH ring (measured)"),
                ("tree", "allreduce", COLORS["tree"], "s", "MPICH tree (measured)"),
                ("ring", "coded", COLORS["ring"], "X", "ring as a code (measured)"),
                ("coded", "coded", COLORS["coded"], "X", "editor's code (measured)"),
            ):
                t = m.time(key, which)
                if t is not None and t > 0:
                    S = next(j.bytes for j in m.jobs if j.key == key)
                    self._markers += ax.plot(
                        [S],
                        [t],
                        shape,
                        ms=8,
                        color=colour,
                        mec="black",
                        mew=0.8,
                        label=text,
                        zorder=7,
                    )
        ax.legend(loc="upper left", fontsize=8, framealpha=0.9)


class CostTables(QWidget):
    """Beside the plot: the cost table on the explorer's N (and its measured rows), both models
    of the chosen algorithms, the measuring controls, the ring's note and the crossovers."""

    def __init__(self, measure, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.table_title = label()
        # folds into bands of columns rather than scroll sideways (22 pt beside a lesson)
        self.table = FoldingTable("compare_costs", COLUMNS, TIPS)
        # ring, tree and the chosen algorithms in both models (shown when chosen)
        self.models_title = label(name="compare_models_title")
        # folds as the cost table does (its seven columns scrolled sideways at 22 pt)
        # (shown, it asks for its whole width: the numbers go under the plot rather than fold)
        self.models = FoldingTable("compare_models", MODEL_COLUMNS, MODEL_TIPS, ask_whole=True)
        self.measured_note = label(name="compare_measured_note")
        self.note = label(name="compare_note")
        self.crossings = label(name="compare_crossovers")
        # the two-way ring's comparison, when its box is ticked (ringlab compare --ring two-way)
        self.twoway = TwoWayTable()
        for w in (self.table_title, self.table, self.models_title, self.models, self.twoway):
            lay.addWidget(w)
        for w in (self.models_title, self.models):
            w.hide()
        for w in (self.measured_note, measure, self.note, self.crossings):
            lay.addWidget(w)
        lay.addStretch(1)

    def show_costs(self, c, example_N: int | None) -> None:
        """The cost table of comparison ``c`` and its title."""
        N = c.N
        how = "traced" if c.traced else "counted from the closed forms (no grids above 32 cores)"
        rows = "ring, tree" + (" and the editor's code" if "coded" in c.costs else "")
        title = (
            f"Costs on N = {N} cores ({rows}, {how}), S = {format_bytes(c.size)}; lower "
            f"bound 2S(N−1)/N = {format_bytes(next(iter(c.costs.values())).lower_bound)} "
            f"sent per worker"
        )
        if example_N is not None and example_N != N:
            title += f". The explorer's N = {N}; the grids above trace the {example_N}-core example"
        if "coded" not in c.costs and c.traced and c.code is None:
            title += " (the editor's code's row once its Theorem 2 check is in)"
        elif "coded" not in c.costs and c.traced:
            title += f" (no coded row: the editor's code does not have {N} nodes)"
        self.table_title.setText(title)
        rows = []
        for name, k in c.costs.items():
            rows.append(Row(name, cost_row_cells(k)))
        self.table.set_rows(rows)

    def show_notes(self, c, exp) -> None:
        """The ring's exact time beside the cost example's estimate; the plot's crossovers."""
        from ....render.cost_plot import numbered

        exact = c.costs["ring"].time
        self.note.setText(
            f"Ring, exact α-β 2(N−1)(α + S/(NB)) = {format_seconds(exact)}; the cost example's estimate "
            f"2S/B + 2(N−1)α = {format_seconds(c.ring_large_n_estimate)}. The estimate rounds the "
            f"bandwidth term 2S(N−1)/(NB) up to 2S/B (the (N−1)/N factor → 1 only for large N), "
            f"which adds 2S/(NB) = {format_seconds(c.ring_large_n_estimate - exact)}."
        )
        xs = numbered(exp.crossovers) + [(x, None) for x in exp.switches]
        self.crossings.setText(
            f"Crossovers (N = {exp.N}): "
            + "; ".join(
                ("" if n is None else f"[{n}] ") + f"{format_bytes(x.S)}: {x.label}" for x, n in xs
            )
            if xs
            else f"No crossover for N = {exp.N}: one schedule is fastest at every size."
        )

    def show_models(self, c, extra, rows) -> None:
        """Ring, tree and the chosen algorithms in both models (the CLI's table), or why not."""
        show = bool(extra)
        self.models_title.setVisible(show)
        self.models.setVisible(show and rows is not None)
        if not show:
            return
        if rows is None:
            self.models_title.setText(
                f"The chosen algorithms ({', '.join(extra)}) are traced on up to 32 cores; "
                f"the explorer's N = {c.N} plots ring and tree from their closed forms only."
            )
            return
        self.models_title.setText(
            f"Both models on N = {c.N} cores, S = {format_bytes(c.size)} (ringlab compare "
            f"--schedules): (a) fully connected, a step costs α + its largest message/B; "
            f"(b) a bidirectional ring (both directions of each link; the paper's ring is "
            f"directed, i → i+1), a directed link carries one message per "
            f"slot. Model (a)'s lines are on the plot; crossovers [n] are numbered there."
        )
        shown = []
        for row in rows:
            if row.refused:
                shown.append(self._refused(row, c.N))
                continue
            cells = [
                str(row.steps),
                str(row.messages),
                format_bytes(row.bytes_per_node),
                format_seconds(row.alpha_beta_s),
                str(row.ring_steps),
                format_bytes(row.max_link_load),
                "ok" if row.sum_ok else "WRONG",
            ]
            shown.append(Row(row.name, cells))
        self.models.set_rows(shown)

    @staticmethod
    def _refused(row, N: int) -> Row:
        """A row saying in grey, across its band, that its algorithm's form does not reach N
        (why in the tooltip)."""
        from ....core.schedules import schedule_info

        which = schedule_info(row.name).which_N
        return Row(row.name, [], tip=row.refused, note=f"not for N = {N} (traced for {which})")

    def show_measured(self, c, m, here: bool) -> None:
        """The measured rows under ``c``'s and their note (``here``: m is for c's N and S)."""
        fill_rows(
            self.table, m if here else None, c.code if "coded" in c.costs else None, len(c.costs)
        )
        self.measured_note.setText(
            measured_note(m)
            if here
            else ""
            if m is None
            else f"The last measurement was for N = {m.N}, S = {format_bytes(m.size)}: measure "
            f"again for these."
        )


class CostPanel(TabPage):
    """The explorer's inputs above its plot and tables.  Emits ``params_changed()`` when α, B,
    S or the explorer's N are edited."""

    params_changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.inputs = ExplorerInputs()
        i = self.inputs
        self.alpha, self.bandwidth, self.size_box = i.alpha, i.bandwidth, i.size_box
        self.n_spin, self.preset, self.error = i.n_spin, i.preset, i.error
        self.plot = CostPlot()
        self.figure, self.canvas = self.plot.figure, self.plot.canvas
        self._comparison = None
        self.explorer = None  # what the plot shows: c.explorer and the chosen lines
        # the same N and S on real MPI processes, beside the model (the measured columns
        # appear once there is a measurement)
        self.measure = MeasureControls(
            lambda: (self.n_spin.value(), self.size_box.text(), self._measurable_code())
        )
        self.tables = t = CostTables(self.measure)
        self.table, self.table_title, self.models = t.table, t.table_title, t.models
        self.twoway = t.twoway
        self.note, self.crossings, self.measured_note = t.note, t.crossings, t.measured_note
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.inputs)
        # plot left, numbers right: both stay visible; the numbers under the plot when narrow
        lay.addWidget(PlotAndNumbers(self.canvas, scrolling(t), stretch=(5, 4)), 1)
        self.inputs.params_changed.connect(self.params_changed)
        self.n_spin.valueChanged.connect(self.measure.set_N)
        self.measure.updated.connect(self._show_measured)

    def changeEvent(self, e):  # noqa: N802 (Qt's name)
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:  # the plot's text follows the window's (Ctrl+=)
            self.canvas.set_zoom(self.font().pointSizeF() / 11)
            self.canvas.draw_idle()

    # the inputs' state, as the view reads and writes it
    @property
    def n_follows_example(self) -> bool:
        return self.inputs.n_follows_example

    @property
    def measured_box(self):
        return self.inputs.measured_box

    def params(self) -> dict:
        return self.inputs.params()

    def show_params(self, *args) -> None:
        self.inputs.show_params(*args)

    def show_error(self, msg: str) -> None:
        self.inputs.show_error(msg)

    def set_measured(self, alpha: float, beta: float) -> None:
        self.inputs.set_measured(alpha, beta)

    def set_comparison(self, c, example_N: int | None = None, extra: tuple = (), rows=None) -> None:
        """Show the costs of ``c``: a comparison on the explorer's N cores (what ``ringlab
        compare --N`` prints for the same α, B, S), which may differ from the traced example's
        ``example_N``.  ``extra``: the algorithms chosen beyond ring and tree; ``rows``: their
        :class:`~ringlab.core.schedules.ScheduleRow` (with ring's and tree's first) on the
        explorer's N, None when N is above what is traced."""
        from .more import extended_explorer

        self.error.setText("")
        self.explorer = extended_explorer(c.explorer, rows) if rows else c.explorer
        self.plot.draw(self.explorer)
        self.tables.show_costs(c, example_N)
        self._comparison = c
        self._show_measured()
        self.tables.show_notes(c, self.explorer)
        self.tables.show_models(c, extra, rows)

    def _measurable_code(self):
        """The editor's code when the table has its row (it has the explorer's N nodes)."""
        c = self._comparison
        return (
            c.code if c is not None and "coded" in c.costs and c.N == self.n_spin.value() else None
        )

    def _show_measured(self) -> None:
        """The measured rows, their note and the plot's markers, for the shown N and S only."""
        c, m = self._comparison, self.measure.measurement
        if c is None:
            return
        here = m is not None and m.N == c.N and m.size == int(c.size)
        self.tables.show_measured(c, m, here)
        self.plot.draw_markers(m if here else None)
