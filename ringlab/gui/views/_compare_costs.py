"""The cost explorer panel: α, B, S and N inputs, the seeds' presets, the matplotlib plot of
time against message size, and the per-schedule cost table.  With algorithms chosen beyond ring
and tree (issue 23) the plot adds their model-(a) lines and numbered crossovers, and a second
table gives ring, tree and them in both models, as ``ringlab compare --schedules`` prints them.

matplotlib's Qt canvas is imported lazily (only when the panel is built), so importing the
views package stays cheap.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.quantities import DEFAULT_ALPHA, DEFAULT_BANDWIDTH, DEFAULT_SIZE
from ...core.schedules.costs import EXPLORER_PRESETS, format_bandwidth, format_bytes, format_seconds
from ..params import SizeSpin
from ..settings import set_text_colour

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
    "model (b), bidirectional ring: Σ over steps of the messages on the step's "
    "busiest directed link (one message per link per slot)",
    "model (b): the most bytes one directed link carries over the whole run",
    "every core ends with the sum (checked against Σ P_i added up directly)",
]


class CostPanel(QWidget):
    """Emits ``params_changed()`` when α, B, S or the explorer's N are edited."""

    params_changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
        from matplotlib.figure import Figure

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        grid = QGridLayout()
        self.preset = QComboBox()
        self.preset.setObjectName("compare_preset")
        self.preset.addItem("Presets from the seeds…")
        self.preset.setToolTip(
            "α, B, S and N of the tree example (tree/ring crossover) or the cost example (≈2.3 ms)"
        )
        self.preset.addItems(list(EXPLORER_PRESETS))
        self.alpha = QLineEdit(DEFAULT_ALPHA)
        self.alpha.setObjectName("compare_alpha")
        self.alpha.setToolTip("latency per step: 1us, 50us, 1e-6 (seconds)…")
        self.bandwidth = QLineEdit(DEFAULT_BANDWIDTH)
        self.bandwidth.setObjectName("compare_bandwidth")
        self.bandwidth.setToolTip("link bandwidth: 190GB/s, 1GB/s, 1e9 (bytes/s)…")
        self.size = QLineEdit(DEFAULT_SIZE)
        self.size.setObjectName("compare_size")
        self.size.setToolTip("message size S: 1MB, 256KB, 1e6 (bytes)… (1 KB = 1000 B)")
        self.n_spin = SizeSpin("N")
        self.n_spin.setObjectName("compare_explorer_N")
        self.n_spin.setRange(2, 1024)
        self.n_spin.setValue(4)
        self.n_spin.setToolTip(
            "cores in the explorer (follows the worked example's N until you or a preset set another)"
        )
        # a typed N outside 2..1024 is refused with the range, not quietly put back
        self.n_spin.refused.connect(lambda msg: self.error.setText(msg))
        # two rows (α, B, S / N and the presets): one row was wider than the tab beside the
        # Lessons panel at 1280×720, and the N box was cut to its last digit
        for k, (label, w) in enumerate(
            (("α", self.alpha), ("B", self.bandwidth), ("S", self.size), ("N", self.n_spin))
        ):
            lab = QLabel(label)
            lab.setBuddy(w)
            # named by their visible label; N has a second "N" (the code's) on screen
            w.setAccessibleName("Cost explorer N" if label == "N" else label)
            w.setAccessibleDescription(f"cost explorer: {w.toolTip()}")
            row, col = (0, k) if k < 3 else (1, 0)
            grid.addWidget(lab, row, 2 * col)
            grid.addWidget(w, row, 2 * col + 1)
        self.preset.setAccessibleName("Cost explorer presets")
        grid.addWidget(self.preset, 1, 2, 1, 4)
        for col in (1, 3, 5):
            grid.setColumnStretch(col, 1)
        lay.addLayout(grid)
        self.error = QLabel()
        self.error.setObjectName("compare_cost_error")
        set_text_colour(self.error, "#b00020")
        self.error.setWordWrap(True)
        lay.addWidget(self.error)
        self.figure = Figure(figsize=(6.5, 3.6), dpi=90)
        self.canvas = FigureCanvasQTAgg(self.figure)
        self.canvas.setObjectName("compare_canvas")
        self.canvas.setMinimumHeight(220)
        self.canvas.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        body = QHBoxLayout()  # plot left, numbers right: both stay visible
        body.addWidget(self.canvas, 5)
        # the numbers scroll when the explorer is short (1920×1080 with larger text): word-
        # wrapped notes under a fixed-height table were drawn over it
        right_box = QWidget()
        right = QVBoxLayout(right_box)
        right.setContentsMargins(0, 0, 0, 0)
        right_scroll = QScrollArea()
        right_scroll.setWidgetResizable(True)
        right_scroll.setFrameShape(QFrame.NoFrame)
        right_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        right_scroll.setWidget(right_box)
        body.addWidget(right_scroll, 4)
        lay.addLayout(body, 1)
        self.table_title = QLabel()
        self.table_title.setWordWrap(True)
        right.addWidget(self.table_title)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("compare_costs")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        for col, tip in enumerate(TIPS):
            self.table.horizontalHeaderItem(col).setToolTip(tip)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        right.addWidget(self.table)
        # issue 23: ring, tree and the chosen algorithms in both models (shown when chosen)
        self.models_title = QLabel()
        self.models_title.setObjectName("compare_models_title")
        self.models_title.setWordWrap(True)
        self.models = QTableWidget(0, len(MODEL_COLUMNS))
        self.models.setObjectName("compare_models")
        self.models.setHorizontalHeaderLabels(MODEL_COLUMNS)
        for col, tip in enumerate(MODEL_TIPS):
            self.models.horizontalHeaderItem(col).setToolTip(tip)
        self.models.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.models.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.models.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.models.setWordWrap(False)
        for w in (self.models_title, self.models):
            w.hide()
            right.addWidget(w)
        # issue 12: the same N and S on real MPI processes, beside the model (QProcess logic
        # in _cost_measure; the measured columns appear once there is a measurement)
        from ._cost_measure import MeasureControls

        self._comparison = None
        self.explorer = None  # what the plot shows: c.explorer and the chosen lines
        self._markers: list = []
        self.measure = MeasureControls(
            lambda: (self.n_spin.value(), self.size.text(), self._measurable_code())
        )
        self.measure.updated.connect(self._show_measured)
        self.measured_note = QLabel()
        self.measured_note.setObjectName("compare_measured_note")
        self.measured_note.setWordWrap(True)
        right.addWidget(self.measured_note)
        right.addWidget(self.measure)
        self.note = QLabel()
        self.note.setObjectName("compare_note")
        self.note.setWordWrap(True)
        right.addWidget(self.note)
        self.crossings = QLabel()
        self.crossings.setObjectName("compare_crossovers")
        self.crossings.setWordWrap(True)
        right.addWidget(self.crossings)
        right.addStretch(1)
        self.n_follows_example = True
        for e in (self.alpha, self.bandwidth, self.size):
            e.editingFinished.connect(self._on_edited)
        self.n_spin.valueChanged.connect(self._on_n_edited)
        self.n_spin.valueChanged.connect(self.measure.set_N)
        self.preset.activated.connect(self._on_preset_chosen)

    def _on_edited(self) -> None:
        self._forget_preset_if_changed()
        self.params_changed.emit()

    def _on_n_edited(self, _n) -> None:
        if getattr(self, "_setting", False):
            return  # set by a preset or by the example: no user edit
        self.n_follows_example = False
        self._on_edited()

    def _forget_preset_if_changed(self) -> None:
        """The combo names a preset only while the inputs still are that preset."""
        i = self.preset.currentIndex()
        if i > 0:
            p = EXPLORER_PRESETS[self.preset.itemText(i)]
            now = (self.alpha.text(), self.bandwidth.text(), self.size.text(), self.n_spin.value())
            if now != (p["alpha"], p["bandwidth"], p["size"], p["N"]):
                self.preset.setCurrentIndex(0)

    def show_params(
        self, alpha: str, bandwidth: str, size: str, explorer_N: int | None, example_N: int
    ) -> None:
        """Show the state's α, B, S and N (``explorer_N`` None: it follows the example's N);
        nothing is emitted (the values come from the state, not from the user)."""
        self._setting = True
        try:
            for box, text in ((self.alpha, alpha), (self.bandwidth, bandwidth), (self.size, size)):
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
        p = EXPLORER_PRESETS[self.preset.itemText(index)]
        self.n_follows_example = False  # the preset's N stays until the user changes it
        self._setting = True
        self.alpha.setText(p["alpha"])
        self.bandwidth.setText(p["bandwidth"])
        self.size.setText(p["size"])
        self.n_spin.setValue(p["N"])
        self._setting = False
        self.params_changed.emit()

    def params(self) -> dict:
        return dict(
            alpha=self.alpha.text(),
            bandwidth=self.bandwidth.text(),
            size=self.size.text(),
            explorer_N=self.n_spin.value(),
        )

    def _fit_table(self) -> None:
        """The cost table exactly as tall as its rows (and a scroll bar for narrow windows)."""
        self.table.resizeColumnsToContents()
        self.table.setFixedHeight(
            self.table.horizontalHeader().height()
            + sum(self.table.rowHeight(i) for i in range(self.table.rowCount()))
            + self.table.horizontalScrollBar().sizeHint().height()
            + 6
        )

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:
            # a larger text size (Ctrl+=) grows the rows: refit once the table has the font
            QTimer.singleShot(0, self, self._fit_table)
            QTimer.singleShot(0, self, self._fit_models)

    def show_error(self, msg: str) -> None:
        self.error.setText(msg + " — the plot and table show the last valid values")

    def set_comparison(self, c, example_N: int | None = None, extra: tuple = (), rows=None) -> None:
        """Show the costs of ``c``: a comparison on the explorer's N cores (what ``ringlab
        compare --N`` prints for the same α, B, S), which may differ from the traced example's
        ``example_N``.  ``extra``: the algorithms chosen beyond ring and tree; ``rows``: their
        :class:`~ringlab.core.schedules.ScheduleRow` (with ring's and tree's first) on the
        explorer's N, None when N is above what is traced."""
        from ...render.cost_plot import draw_costs
        from ._more_schedules import extended_explorer

        self.error.setText("")
        model_rows = rows
        self.explorer = extended_explorer(c.explorer, rows) if rows else c.explorer
        draw_costs(self.figure, self.explorer)
        self._markers = []  # the figure was cleared, and the markers with it
        self.canvas.draw_idle()
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
        if "coded" not in c.costs and c.traced:
            title += f" (no coded row: the editor's code does not have {N} nodes)"
        self.table_title.setText(title)
        self.table.setRowCount(len(c.costs))
        self.table.setVerticalHeaderLabels(list(c.costs))
        for r, k in enumerate(c.costs.values()):
            cells = [
                str(k.steps),
                str(k.messages),
                format_bytes(k.message_bytes),
                format_bytes(k.bytes_per_link),
                format_bytes(k.bytes_sent_per_worker),
                f"{float(k.ratio_to_bound):.3g}",
                format_seconds(k.time),
                format_bandwidth(k.algbw),
                format_bandwidth(k.busbw),
            ]
            for col, text in enumerate(cells):
                self.table.setItem(r, col, QTableWidgetItem(text))
        self._comparison = c
        self._show_measured()
        exact = c.costs["ring"].time
        self.note.setText(
            f"Ring, exact α-β 2(N−1)(α + S/(NB)) = {format_seconds(exact)}; the cost example's estimate "
            f"2S/B + 2(N−1)α = {format_seconds(c.seed001_estimate)}. The estimate rounds the "
            f"bandwidth term 2S(N−1)/(NB) up to 2S/B (the (N−1)/N factor → 1 only for large N), "
            f"which adds 2S/(NB) = {format_seconds(c.seed001_estimate - exact)}."
        )
        from ...render.cost_plot import numbered

        exp = self.explorer
        xs = numbered(exp.crossovers) + [(x, None) for x in exp.switches]
        self.crossings.setText(
            f"Crossovers (N = {exp.N}): "
            + "; ".join(
                ("" if n is None else f"[{n}] ") + f"{format_bytes(x.S)}: {x.label}" for x, n in xs
            )
            if xs
            else f"No crossover for N = {exp.N}: one schedule is fastest at every size."
        )
        self._show_models(c, extra, model_rows)

    def _show_models(self, c, extra, rows) -> None:
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
            f"(b) the paper's bidirectional ring, a directed link carries one message per "
            f"slot. Model (a)'s lines are on the plot; crossovers [n] are numbered there."
        )
        self.models.clearSpans()
        self.models.setRowCount(len(rows))
        self.models.setVerticalHeaderLabels([r.name for r in rows])
        for r, row in enumerate(rows):
            if row.refused:
                from PySide6.QtGui import QColor

                from ...core.schedules import schedule_info

                item = QTableWidgetItem(
                    f"not for N = {c.N} (traced for {schedule_info(row.name).which_N})"
                )
                item.setForeground(QColor("#666666"))
                item.setToolTip(row.refused)
                for col in range(len(MODEL_COLUMNS)):
                    self.models.setItem(r, col, QTableWidgetItem(""))
                self.models.setSpan(r, 0, 1, len(MODEL_COLUMNS))
                self.models.setItem(r, 0, item)
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
            for col, text in enumerate(cells):
                self.models.setItem(r, col, QTableWidgetItem(text))
        self._fit_models()

    def _fit_models(self) -> None:
        t = self.models
        t.resizeColumnsToContents()
        t.setFixedHeight(
            t.horizontalHeader().height()
            + sum(t.rowHeight(i) for i in range(t.rowCount()))
            + t.horizontalScrollBar().sizeHint().height()
            + 6
        )

    def _measurable_code(self):
        """The editor's code when the table has its row (it has the explorer's N nodes)."""
        c = self._comparison
        return (
            c.code if c is not None and "coded" in c.costs and c.N == self.n_spin.value() else None
        )

    def _show_measured(self) -> None:
        """The measured rows, their note and the plot's markers, for the shown N and S only."""
        from ._cost_measure import fill_rows, measured_note

        c, m = self._comparison, self.measure.measurement
        if c is None:
            return
        here = m is not None and m.N == c.N and m.size == int(c.size)
        fill_rows(
            self.table, m if here else None, c.code if "coded" in c.costs else None, len(c.costs)
        )
        self._fit_table()
        self.measured_note.setText(
            measured_note(m)
            if here
            else ""
            if m is None
            else f"The last measurement was for N = {m.N}, S = {format_bytes(m.size)}: measure "
            f"again for these."
        )
        self._draw_markers(m if here else None)

    def _draw_markers(self, m) -> None:
        """Measured medians as markers on the model's plot (squares MPICH, crosses codes)."""
        from ...render.cost_plot import COLORS

        for a in self._markers:
            a.remove()
        self._markers = []
        if not self.figure.axes:
            return
        ax = self.figure.axes[0]
        if m is not None:
            for key, which, colour, shape, label in (
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
                        label=label,
                        zorder=7,
                    )
        ax.legend(loc="upper left", fontsize=8, framealpha=0.9)
        self.canvas.draw_idle()

    def set_measured(self, alpha: float, beta: float) -> None:
        """α (s) and β (s/B) measured by ``ringlab run --calibrate`` (the Run panel, issue 12):
        a "use measured" toggle puts α and B = 1/β into the inputs (read-only while on) and
        gives the typed values back when turned off."""
        from PySide6.QtWidgets import QCheckBox

        if not hasattr(self, "measured_box"):
            self.measured_box = QCheckBox()
            self.measured_box.setObjectName("compare_use_measured")
            self.measured_box.toggled.connect(self._use_measured)
            self.layout().insertWidget(1, self.measured_box)
            self._typed = None
        self.measured = (alpha, beta)
        ok = alpha >= 0 and beta > 0
        self.measured_box.setText(
            f"use measured α = {format_seconds(alpha)}, B = 1/β = {format_bandwidth(1 / beta)} "
            f"(ringlab run --calibrate, this machine)"
            if ok
            else f"measured α = {format_seconds(alpha)}, β = {beta * 1e9:.3g} ns/B: not usable (a "
            f"negative fit — the machine was busy or MPI switched protocol); calibrate again"
        )
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
