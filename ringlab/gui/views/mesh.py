"""The Mesh tab: source 002's all-to-all broadcast on a k-ary n-mesh, step by step.

Its own parameters (k, n, torus, group size, scheme, the coding's base multicast, the hop
measure): the mesh does not depend on the edited ring code.  All mathematics is in
:mod:`ringlab.core.mesh` (schedules, hop totals, the run on real bytes that checks every
decode, the sweep); drawing is :mod:`ringlab.render.mesh`, the same functions the export uses.
Playback keys as in the Propagation view: Space play/pause, ←/→ step, Home/End.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFileDialog, QHBoxLayout, QLabel, QPushButton,
                               QSlider, QSpinBox, QSplitter, QVBoxLayout)

from ...core.errors import RinglabError
from ...core.mesh import (BASES, MAX_NODES, MEASURES, Mesh, group_sizes, run, schemes, sweep,
                          sweep_sizes, sweep_table)
from ._base import DocumentView
from ._canvas import sized_canvas
from ._playback import Playback

SCHEMES = ("coded", "tree", "all-at-once")
DETAIL_NODES = 64          # payloads named and every decode run on bytes up to this size
DRAW_NODES = 256           # beyond this the mesh is not drawn (totals and sweep only)

RING_NOTE = (
    "<b>Ring codes and this mesh.</b> Over GF(2) a sum all-reduce is an XOR all-reduce, so every "
    "GF(2) code in the editor is an XOR scheme too. The models differ: here every node must end "
    "with <i>every</i> block (all-gather, N blocks each, decoded one by one from "
    "d<sub>i</sub>⊕d<sub>i+1</sub> chains); a ring code ends with the one sum Σx<sub>i</sub> "
    "(reduce). Here packets follow multi-hop dimension-order routes on a 2-D (or n-D) mesh and "
    "cost hops; on the ring every transmission is one link i→i+1 per time step and costs time.")


class MeshView(Playback, DocumentView):
    """Step through an all-to-all broadcast on a mesh; hop totals and the group-size sweep."""

    TITLE = "Mesh"
    step_changed = Signal(int)

    def __init__(self, document, parent=None):
        super().__init__(document, parent)
        from matplotlib.figure import Figure
        self.schedules = {}
        self.result = None
        self._sweep_key = None
        self.step = 0

        # -- parameters ----------------------------------------------------------------------
        self.k_box = QSpinBox()
        self.k_box.setRange(2, 32)
        self.k_box.setValue(4)
        self.k_box.setPrefix("k = ")
        self.n_box = QSpinBox()
        self.n_box.setRange(1, 3)
        self.n_box.setValue(2)
        self.n_box.setPrefix("n = ")
        self.torus_box = QCheckBox("torus")
        self.group_box = QComboBox()
        self.group_box.setToolTip("Nodes per group of the coding (sizes that tile the mesh)")
        self.scheme_box = QComboBox()
        self.scheme_box.addItems(SCHEMES)
        self.base_box = QComboBox()
        self.base_box.addItems(BASES)
        self.base_box.setToolTip("Multicast used inside the coding's steps B, D and E")
        self.measure_box = QComboBox()
        self.measure_box.addItems(MEASURES)
        self.measure_box.setToolTip("packet: hops × blocks carried (link traffic); unicast: "
                                    "each message's route once (the source's Fig. 2 wording)")
        for w in (self.k_box, self.n_box):
            w.valueChanged.connect(self._on_mesh_changed)
        self.torus_box.toggled.connect(self._on_mesh_changed)
        self.base_box.currentIndexChanged.connect(self._on_mesh_changed)
        self.measure_box.currentIndexChanged.connect(self._on_mesh_changed)
        self.group_box.currentIndexChanged.connect(self._on_group_changed)
        self.scheme_box.currentIndexChanged.connect(self._on_scheme_changed)
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip("Steps as GIF, this step as PNG/SVG, or the sweep as PNG")
        self.export_button.clicked.connect(self._on_export_clicked)
        params = QHBoxLayout()
        for w in (self.k_box, self.n_box, self.torus_box, QLabel("group"), self.group_box,
                  QLabel("scheme"), self.scheme_box, QLabel("base"), self.base_box,
                  QLabel("hops per"), self.measure_box):
            params.addWidget(w)
        params.addStretch(1)
        params.addWidget(self.export_button)

        # -- canvases --------------------------------------------------------------------------
        self.figure = Figure(figsize=(9.6, 7.2), dpi=100)
        self.canvas = sized_canvas(self.figure, (560, 420))
        self.sweep_figure = Figure(figsize=(8, 5), dpi=100)
        self.sweep_canvas = sized_canvas(self.sweep_figure, (480, 300))
        split = QSplitter(Qt.Horizontal)
        split.addWidget(self.canvas)
        split.addWidget(self.sweep_canvas)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)

        # -- playback ----------------------------------------------------------------------------
        self.playback_buttons = self.build_playback()
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setFocusPolicy(Qt.NoFocus)
        self.slider.valueChanged.connect(self.set_step)
        self.step_label = QLabel()
        self.step_label.setMinimumWidth(110)
        controls = QHBoxLayout()
        for w in (self.first_button, self.back_button, self.play_button, self.step_button,
                  self.last_button):
            controls.addWidget(w)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.step_label)

        # -- text --------------------------------------------------------------------------------
        self.caption_label = QLabel()
        self.caption_label.setWordWrap(True)
        self.caption_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.totals_label = QLabel()
        self.totals_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.note_label = QLabel()
        self.note_label.setWordWrap(True)
        bottom = QHBoxLayout()
        bottom.addWidget(self.totals_label, 0)
        bottom.addWidget(self.note_label, 1)

        lay = QVBoxLayout(self)
        lay.addLayout(params)
        lay.addWidget(split, 1)
        lay.addWidget(self.caption_label)
        lay.addLayout(controls)
        lay.addLayout(bottom)

        self._fill_groups()

    # -- parameters ---------------------------------------------------------------------------
    @property
    def mesh(self) -> Mesh:
        return Mesh.kary(self.k_box.value(), self.n_box.value(), self.torus_box.isChecked())

    @property
    def options(self) -> dict:
        return {"base": self.base_box.currentText()}

    @property
    def measure(self) -> str:
        return self.measure_box.currentText()

    @property
    def group(self):
        """The chosen group size, or None for the sweep's best."""
        return self.group_box.currentData()

    @property
    def schedule(self):
        return self.schedules.get(self.scheme_box.currentText())

    @property
    def totals(self) -> dict:
        """{scheme: hops} in the current measure (what the tab shows)."""
        return {name: s.total(self.measure) for name, s in self.schedules.items()}

    def _fill_groups(self):
        k, n = self.k_box.value(), self.n_box.value()
        if k ** n > MAX_NODES:
            return
        m = Mesh.kary(k, n)
        old = self.group_box.currentData()
        self.group_box.blockSignals(True)
        self.group_box.clear()
        self.group_box.addItem("best (sweep)", None)
        for M in group_sizes(m):
            self.group_box.addItem(str(M), M)
        i = self.group_box.findData(old)
        self.group_box.setCurrentIndex(max(i, 0))
        self.group_box.blockSignals(False)

    def _on_mesh_changed(self, *_):
        n = self.n_box.value()
        # the largest k with k^n ≤ MAX_NODES (32 for n ≤ 2, 10 for n = 3)
        self.k_box.setMaximum(max(k for k in range(2, 33) if k ** n <= MAX_NODES))
        k = self.k_box.value()
        if k ** n > MAX_NODES:
            self.message.emit(f"Mesh: k = {k}, n = {n} is {k ** n} nodes; at most {MAX_NODES} "
                              f"(k ≤ 32 for n = 2)")
            return
        self._fill_groups()
        self.invalidate()

    def _on_group_changed(self, *_):
        self.invalidate()

    def _on_scheme_changed(self, *_):
        self.set_step(0, force=True)

    # -- DocumentView ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Rebuild the three schedules (and the sweep if its inputs changed), then redraw."""
        m = self.mesh
        detail = m.N <= DETAIL_NODES
        self.schedules = schemes(m, self.group, detail=detail, measure=self.measure,
                                 **self.options)
        self.result = run(self.schedules["coded"]) if detail else None
        self._update_sweep()
        self._update_totals()
        self._update_note()
        self.pause()
        self.set_step(min(self.step, len(self.schedule.steps) - 1), force=True)

    def _update_sweep(self):
        m = self.mesh
        key = (m.n, m.torus, self.measure, tuple(sorted(self.options.items())))
        if key != self._sweep_key:
            ks = [k for k in (4, 8, 16, 32) if k ** m.n <= MAX_NODES]
            self.sweep_data = sweep_table(ks, m.n, m.torus, self.measure, **self.options)
            self._sweep_key = key
            self._sweep_drawn_k = None
        if self._sweep_drawn_k != m.k or m.k not in self.sweep_data:
            from ...render.mesh import draw_sweep
            data = dict(self.sweep_data)
            if m.k not in data and sweep_sizes(m):
                s = self.schedules
                data[m.k] = {"nodes": m.N, "sweep": sweep(m, self.measure, **self.options),
                             "all-at-once": s["all-at-once"].hops, "tree": s["tree"].hops}
            draw_sweep(self.sweep_figure, data, highlight=m.k, measure=self.measure)
            self.sweep_canvas.draw_idle()
            self._sweep_drawn_k = m.k

    def _update_totals(self):
        rows = "".join(
            f"<tr><td>{name}</td><td align=right>{s.total(self.measure):,}</td>"
            f"<td align=right>{s.rounds}</td><td align=right>{s.packets:,}</td>"
            f"<td align=right>{s.unicasts:,}</td></tr>" for name, s in self.schedules.items())
        c = self.schedules["coded"]
        gp = c.grouping
        self.totals_label.setText(
            f"<b>{self.mesh.name}, {self.mesh.N} nodes — {self.measure} hops</b>"
            f"<table cellspacing=6><tr><th align=left>scheme</th><th>hops</th><th>steps</th>"
            f"<th>packets</th><th>unicasts</th></tr>{rows}</table>"
            f"coded: group {gp.M} ({'×'.join(map(str, gp.extents))}, {gp.G} "
            f"group{'s' * (gp.G != 1)}), base "
            f"{c.options['base']}, intermediate nodes dark")

    def _update_note(self):
        code = self.document.code
        field = getattr(code.field, "name", str(code.field))
        here = ("it is over GF(2), so it is an XOR scheme already" if field == "GF(2)" else
                f"it is over {field}; over GF(2) its sums would be XORs")
        check = ""
        if self.result is not None:
            n = len(self.result.decodes)
            ok = self.result.complete
            check = (f"<br><span style='color:{'#2b8a3e' if ok else '#d6336c'}'>"
                     f"{'✓' if ok else '✗'} coded run on real bytes: {n} XOR decodes checked "
                     f"against the original blocks, every node {'holds' if ok else 'lacks'} "
                     f"every block.</span>")
        self.note_label.setText(f"{RING_NOTE} The code in the editor: {here}.{check}")

    # -- playback -------------------------------------------------------------------------------
    @property
    def last_step(self) -> int:
        return len(self.schedule.steps) - 1 if self.schedule else 0

    def set_step(self, i: int, force: bool = False) -> None:
        if self.schedule is None:
            return
        i = max(0, min(int(i), self.last_step))
        if i == self.step and not force and self.slider.value() == i:
            return
        self.step = i
        self.slider.blockSignals(True)
        self.slider.setRange(0, self.last_step)
        self.slider.setValue(i)
        self.slider.blockSignals(False)
        self._draw()
        self.step_changed.emit(i)

    def _draw(self):
        s = self.schedule
        st = s.steps[self.step]
        self.step_label.setText(f"step {st.name} ({self.step + 1}/{len(s.steps)})")
        for b, on in ((self.first_button, self.step > 0), (self.back_button, self.step > 0),
                      (self.step_button, self.step < self.last_step),
                      (self.last_button, self.step < self.last_step)):
            b.setEnabled(on)
        m = s.mesh
        self.caption_label.setText(
            f"<b>{s.name}, step {st.name}</b>: {st.title} — {st.packets:,} packets, "
            f"{st.hops(m, self.measure):,} {self.measure} hops")
        if m.N > DRAW_NODES:
            self.figure.clear()
            self.figure.text(0.5, 0.5, f"{m.N} nodes: too many to draw; totals and sweep only",
                             ha="center", va="center")
        else:
            from ...render.mesh import draw_step
            draw_step(self.figure, s, self.step, caption=False)
        self.canvas.draw_idle()

    # -- export -----------------------------------------------------------------------------------
    def export(self, path: str, what: str = "steps") -> str:
        """``what="steps"``: GIF of every step, or PNG/SVG of this step; ``"sweep"``: the plot."""
        from ...render.mesh import export_steps
        if what == "sweep":
            self.ensure_fresh()
            self.sweep_figure.savefig(path)
            return path
        s = self.schedule
        if s.mesh.N > DRAW_NODES:
            raise RinglabError(f"{s.mesh.N} nodes: too many to draw (at most {DRAW_NODES})")
        return export_steps(s, path, step=None if path.lower().endswith(".gif") else self.step)

    def _on_export_clicked(self):
        path, chosen = QFileDialog.getSaveFileName(
            self, "Export mesh steps", "mesh.gif",
            "Animated GIF of every step (*.gif);;PNG of this step (*.png);;SVG of this step "
            "(*.svg);;Sweep plot as PNG (*.sweep.png)")
        if not path:
            return
        what = "sweep" if "Sweep" in (chosen or "") or path.endswith(".sweep.png") else "steps"
        try:
            out = self.export(path, what)
        except RinglabError as e:
            self.message.emit(f"Export failed: {e}")
        else:
            self.message.emit(f"Exported {out}")
