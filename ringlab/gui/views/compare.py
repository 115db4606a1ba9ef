"""Ring, tree and coded schedules side by side on the worked matmul, with an α-β cost explorer.

The three traces share one step scrubber; the coded column runs the document's code and
follows it while the tab is shown (a :class:`DocumentView`).  All mathematics is one call,
``analysis.comparison(example, α, B, S)`` (:func:`ringlab.core.schedules.compare`, cached per
code and parameters); this module only lays it out.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QGroupBox, QHBoxLayout, QLabel, QPushButton, QScrollArea,
                               QSlider, QSplitter, QVBoxLayout, QWidget)

from ...core.errors import RinglabError
from ...core.schedules import default_example
from ._base import DocumentView
from ._compare_costs import CostPanel
from ._compare_grid import ScheduleColumn
from ._compare_inputs import ExampleEditor


class CompareView(DocumentView):
    TITLE = "Schedules"

    def __init__(self, document, parent=None):
        super().__init__(document, parent)
        self.comparison = None
        # the seeds' example unless the editor's code needs another N
        self.inputs = ExampleEditor(default_example(4))
        self.step = 0

        top = QHBoxLayout()
        box = QGroupBox("Worked example: core i holds X_i·W_i; all-reduce must leave X @ W on every core")
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
        for w in (self.target, self.code_label, self.match_button):
            side.addWidget(w)
        side.addStretch(1)
        bl.addLayout(side, 1)
        top.addWidget(box)

        # -- shared scrubber ------------------------------------------------------------------
        scrub = QHBoxLayout()
        self.prev_button = QPushButton("◀")
        self.prev_button.setObjectName("compare_prev")
        self.next_button = QPushButton("▶")
        self.next_button.setObjectName("compare_next")
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setObjectName("compare_step")
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
        self.slider.valueChanged.connect(self._on_step_changed)

        # -- three columns ----------------------------------------------------------------------
        self.columns = {name: ScheduleColumn(name) for name in ("ring", "tree", "coded")}
        cols = QHBoxLayout()
        for col in self.columns.values():
            cols.addWidget(col, 1)
        legend = QLabel("Grids as in seeds 003/004: rows = cores, columns = chunks; *starred "
                        "yellow = written on this step, green = holds the complete sum, "
                        "'.' = not yet final (store-only phases), '·' = nothing decoded yet. "
                        "Coded cells are each core's running partial decode R_i s_i + T_i x_i "
                        "with the symbols not yet arrived counted as 0.")
        legend.setWordWrap(True)
        legend.setStyleSheet("color: #444;")

        traces = QWidget()
        tl = QVBoxLayout(traces)
        tl.addLayout(top)
        tl.addLayout(scrub)
        tl.addLayout(cols)
        tl.addWidget(legend)
        tl.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(traces)
        scroll.setMinimumHeight(380)          # the traces are the lesson: never squeezed away

        self.costs = CostPanel()
        self.costs.follow_example_N(4)
        cost_box = QGroupBox("Cost explorer: α-β time against message size")
        QVBoxLayout(cost_box).addWidget(self.costs)
        split = QSplitter(Qt.Vertical)
        split.addWidget(scroll)
        split.addWidget(cost_box)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([640, 420])
        self.splitter = split
        lay = QVBoxLayout(self)
        lay.addWidget(split)

        self.inputs.example_changed.connect(self._on_example_changed)
        self.costs.params_changed.connect(self._on_costs_changed)

    # -- recompute (one core call) ---------------------------------------------------------
    def refresh(self) -> None:
        ex = self.inputs.example
        self.costs.follow_example_N(ex.N)
        try:
            c = self.analysis.comparison(ex, **self.costs.params())
        except RinglabError as e:
            self.costs.show_error(str(e))
            if self.comparison is None:       # first time: fall back to the defaults
                c = self.analysis.comparison(ex)
            else:
                return
        self.comparison = c
        fmt = lambda v: " ".join(str(x) if x.denominator != 1 else str(x.numerator) for x in v)  # noqa: E731
        self.target.setText(f"Target X @ W = [ {fmt(ex.target)} ]")
        code = self.document.code
        self.code_label.setText(f"Coded column: the editor's code “{code.name or 'untitled'}” "
                                f"(N = {code.N}, K = {code.K}, T = {code.T} over {code.field.name}), "
                                "live.")
        self.match_button.setVisible(c.coded is None)
        if c.coded is None:
            self.match_button.setText(f"Use a {code.N}-core example for this code")
        self.columns["ring"].set_trace(c.ring)
        self.columns["tree"].set_trace(c.tree)
        self.columns["coded"].set_trace(c.coded, c.coded_error)
        self.slider.setMaximum(c.max_steps)
        self.slider.setValue(min(self.slider.value(), c.max_steps))
        self._on_step_changed(self.slider.value())
        self.costs.set_comparison(c)

    # -- handlers ---------------------------------------------------------------------------
    def _on_example_changed(self, _ex) -> None:
        self.invalidate()

    def _on_costs_changed(self) -> None:
        self.invalidate()

    def _on_match_clicked(self) -> None:
        self.inputs.load(default_example(self.document.code.N))

    def _on_step_changed(self, k: int) -> None:
        self.step = k
        c = self.comparison
        self.step_label.setText(f"{k} of {c.max_steps}" if c else "")
        for col in self.columns.values():
            col.show_step(k)
