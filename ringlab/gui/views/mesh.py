"""The Mesh tab: source 002's all-to-all broadcast on a k-ary n-mesh, step by step.

Its own parameters (k, n, torus, group size, scheme, the coding's base multicast, the hop
measure): the mesh does not depend on the edited ring code.  All mathematics is in
:mod:`ringlab.core.mesh` (schedules, hop totals, the run on real bytes that checks every
decode, the sweep); drawing is :mod:`ringlab.render.mesh`, the same functions the export uses.
Playback keys as in the Propagation view: Space play/pause, ←/→ step, Home/End.

The mathematics runs off the GUI thread (issue 29: the first opening of the tab froze the window
for seconds — the group-size sweep alone is ~1 s).  What the tab shows is computed by
:func:`compute` for one :class:`MeshKey` — the tab's parameters — in a background job; meanwhile
the tab paints at once with "computing …" in place of its table and plots and a busy cursor.  A
result is applied only if its key is still the tab's parameters (an older one is dropped, never
shown).  Results are kept per key (small meshes) and the sweep per (n, torus, measure, base), so
going back to parameters seen before is instant.  ``ensure_ready()`` finishes a pending
computation at once (exports, tests).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSlider,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
)

from ...core.errors import RinglabError
from ...core.mesh import (
    BASES,
    MAX_NODES,
    MEASURES,
    Mesh,
    best_group,
    group_sizes,
    run,
    schemes,
    sweep,
    sweep_sizes,
    sweep_table,
)
from ...state.tabs import MESH
from ._base import DocumentView
from ._canvas import sized_canvas
from ._playback import Playback

SCHEMES = ("coded", "tree", "all-at-once")
DETAIL_NODES = 64  # payloads named and every decode run on bytes up to this size
DRAW_NODES = 256  # beyond this the mesh is not drawn (totals and sweep only)

RING_NOTE = (
    "<b>Ring codes and this mesh.</b> Over GF(2) a sum all-reduce is an XOR all-reduce, so every "
    "GF(2) code in the editor is an XOR scheme too. The models differ: here every node must end "
    "with <i>every</i> block (all-gather, N blocks each, decoded one by one from "
    "d<sub>i</sub>⊕d<sub>i+1</sub> chains); a ring code ends with the one sum Σx<sub>i</sub> "
    "(reduce). Here packets follow multi-hop dimension-order routes on a 2-D (or n-D) mesh and "
    "cost hops; on the ring every transmission is one link i→i+1 per time step and costs time."
)


# -- the computation (no Qt: runs in a worker thread) ---------------------------------------------
class MeshKey(NamedTuple):
    """Everything a Mesh-tab result depends on: the tab's parameters (not the ring code)."""

    k: int
    n: int
    torus: bool
    group: int | None  # None: the sweep's best
    base: str
    measure: str

    @property
    def mesh(self) -> Mesh:
        return Mesh.kary(self.k, self.n, self.torus)

    @property
    def sweep_key(self) -> tuple:
        return (self.n, self.torus, self.measure, self.base)


@dataclass
class MeshResult:
    """What the tab shows for one :class:`MeshKey`, all numbers worked out (the GUI thread only
    lays them out and draws)."""

    key: MeshKey
    mesh: Mesh
    schedules: dict  # {"all-at-once", "tree", "coded"}: core Schedules
    run: object  # the coded run on real bytes (None above DETAIL_NODES)
    totals: dict  # {scheme: hops in the key's measure}
    rows: list  # (scheme, hops, steps, packets, unicasts)
    step_hops: dict  # {scheme: [hops of each step in the key's measure]}
    sweep_data: dict  # the sweep plot's data, this k included when it tiles


class Dropped(Exception):
    """The computation stopped early: its key was no longer wanted."""


_SWEEPS: dict = {}  # sweep_key → sweep_table(…) (numbers only: a few KB each)
_SWEEPS_LOCK = threading.Lock()


def _sweep_table(key: MeshKey) -> dict:
    with _SWEEPS_LOCK:
        table = _SWEEPS.get(key.sweep_key)
    if table is None:
        ks = [k for k in (4, 8, 16, 32) if k**key.n <= MAX_NODES]
        table = sweep_table(ks, key.n, key.torus, key.measure, base=key.base)
        with _SWEEPS_LOCK:
            _SWEEPS[key.sweep_key] = table
    return table


def compute(key: MeshKey, wanted: Callable[[], bool] = lambda: True) -> MeshResult:
    """The tab's numbers for ``key``: the three schedules, their totals, the coded run on bytes
    and the sweep.  Raises :class:`Dropped` between its parts once ``wanted()`` is False."""

    def check():
        if not wanted():
            raise Dropped(key)

    check()
    m = key.mesh
    options = {"base": key.base}
    table = _sweep_table(key)
    check()
    data = dict(table)
    points = table[m.k]["sweep"] if m.k in table else None
    if m.k not in data and sweep_sizes(m):
        points = sweep(m, key.measure, **options)
        check()
    group = key.group
    if group is None:
        group = best_group(m, points, measure=key.measure, **options)
    detail = m.N <= DETAIL_NODES
    scheds = schemes(m, group, detail=detail, measure=key.measure, **options)
    check()
    if m.k not in data and sweep_sizes(m):
        data[m.k] = {
            "nodes": m.N,
            "sweep": points,
            "all-at-once": scheds["all-at-once"].hops,
            "tree": scheds["tree"].hops,
        }
    step_hops = {name: [st.hops(m, key.measure) for st in s.steps] for name, s in scheds.items()}
    totals = {name: sum(h) for name, h in step_hops.items()}
    rows = [(name, totals[name], s.rounds, s.packets, s.unicasts) for name, s in scheds.items()]
    check()
    result = run(scheds["coded"]) if detail else None
    if m.N <= DRAW_NODES:
        try:  # networkx imported and the graph built here, not in paint
            m.graph  # noqa: B018 (a failure shows where the mesh is drawn)
        except Exception:  # noqa: BLE001
            pass
    return MeshResult(key, m, scheds, result, totals, rows, step_hops, data)


class MeshView(Playback, DocumentView):
    """Step through an all-to-all broadcast on a mesh; hop totals and the group-size sweep."""

    TITLE = MESH
    step_changed = Signal(int)
    # every result that comes back from the background: (its key, whether it was applied —
    # False when the tab's parameters changed meanwhile, or it stopped early as unwanted)
    result_arrived = Signal(object, bool)
    KEEP_RESULTS = 8  # results kept per key (meshes of at most DRAW_NODES nodes)

    def __init__(self, document, parent=None):
        super().__init__(document, parent)
        from matplotlib.figure import Figure

        self.schedules = {}
        self.result = None
        self.shown: MeshResult | None = None  # what the tab shows (None: nothing yet)
        self._pending: MeshKey | None = None  # the key being computed for the tab
        self._wanted = [None]  # read by the worker: the key still wanted
        self._jobs: dict = {}  # running jobs by key (kept alive until done)
        self._results: OrderedDict = OrderedDict()
        self._sweep_drawn = None  # (sweep_key, k) of the sweep drawn
        self.step = 0

        # -- parameters ----------------------------------------------------------------------
        self.k_box = QSpinBox()
        self.k_box.setRange(2, 32)
        self.k_box.setValue(4)
        self.k_box.setPrefix("k = ")
        self.k_box.setAccessibleName("Mesh k")
        self.n_box = QSpinBox()
        self.n_box.setRange(1, 3)
        self.n_box.setValue(2)
        self.n_box.setPrefix("n = ")
        self.n_box.setAccessibleName("Mesh n")
        self.torus_box = QCheckBox("torus")
        self.group_box = QComboBox()
        self.group_box.setToolTip("Nodes per group of the coding (sizes that tile the mesh)")
        self.group_box.setAccessibleName("Mesh group size")
        self.scheme_box = QComboBox()
        self.scheme_box.addItems(SCHEMES)
        self.scheme_box.setAccessibleName("Mesh scheme")
        self.base_box = QComboBox()
        self.base_box.addItems(BASES)
        self.base_box.setToolTip("Multicast used inside the coding's steps B, D and E")
        self.base_box.setAccessibleName("Mesh base multicast")
        self.measure_box = QComboBox()
        self.measure_box.addItems(MEASURES)
        self.measure_box.setToolTip(
            "packet: hops × blocks carried (link traffic); unicast: "
            "each message's route once (the source's Fig. 2 wording)"
        )
        self.measure_box.setAccessibleName("Mesh hop measure")
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
        for w in (
            self.k_box,
            self.n_box,
            self.torus_box,
            QLabel("group"),
            self.group_box,
            QLabel("scheme"),
            self.scheme_box,
            QLabel("base"),
            self.base_box,
            QLabel("hops per"),
            self.measure_box,
        ):
            params.addWidget(w)
        params.addStretch(1)
        params.addWidget(self.export_button)

        # -- busy line: what is being computed, while it is --------------------------------------
        self.busy_label = QLabel()
        self.busy_label.setObjectName("mesh_busy")
        self.busy_label.setWordWrap(True)  # (never widens the tab)
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)  # indeterminate: "working"
        self.busy_bar.setMaximumWidth(160)
        self.busy_bar.setTextVisible(False)
        busy = QHBoxLayout()
        busy.addWidget(self.busy_bar)
        busy.addWidget(self.busy_label, 1)

        # -- canvases (or, while computing, a line saying so in their place) --------------------
        self.figure = Figure(figsize=(9.6, 7.2), dpi=100)
        self.canvas = sized_canvas(self.figure, (560, 420))
        self.sweep_figure = Figure(figsize=(8, 5), dpi=100)
        self.sweep_canvas = sized_canvas(self.sweep_figure, (480, 300))
        split = QSplitter(Qt.Horizontal)
        split.addWidget(self.canvas)
        split.addWidget(self.sweep_canvas)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        self.plot_placeholder = QLabel()
        self.plot_placeholder.setObjectName("mesh_plots_computing")
        self.plot_placeholder.setAlignment(Qt.AlignCenter)
        self.plot_placeholder.setWordWrap(True)
        self.plot_stack = QStackedWidget()
        self.plot_stack.addWidget(split)
        self.plot_stack.addWidget(self.plot_placeholder)

        # -- playback ----------------------------------------------------------------------------
        self.playback_buttons = self.build_playback()
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setFocusPolicy(Qt.NoFocus)
        self.slider.valueChanged.connect(self.set_step)
        self.step_label = QLabel()
        self.step_label.setMinimumWidth(110)
        controls = QHBoxLayout()
        for w in (
            self.first_button,
            self.back_button,
            self.play_button,
            self.step_button,
            self.last_button,
        ):
            controls.addWidget(w)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.step_label)

        # -- text --------------------------------------------------------------------------------
        self.caption_label = QLabel()
        self.caption_label.setWordWrap(True)
        self.caption_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.totals_label = QLabel()
        self.totals_label.setObjectName("mesh_totals")
        self.totals_label.setAccessibleName("Mesh hop totals")
        self.totals_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.note_label = QLabel()
        self.note_label.setWordWrap(True)
        bottom = QHBoxLayout()
        bottom.addWidget(self.totals_label, 0)
        bottom.addWidget(self.note_label, 1)

        lay = QVBoxLayout(self)
        lay.addLayout(params)
        lay.addLayout(busy)
        lay.addWidget(self.plot_stack, 1)
        lay.addWidget(self.caption_label)
        lay.addLayout(controls)
        lay.addLayout(bottom)

        self._fill_groups()
        self._set_busy(None)
        # a computation still running when the tab goes away stops at its next check
        wanted = self._wanted
        self.destroyed.connect(lambda *_: wanted.__setitem__(0, None))

    # -- parameters ---------------------------------------------------------------------------
    @property
    def key(self) -> MeshKey:
        """The tab's parameters: what its result must be computed for."""
        return MeshKey(
            self.k_box.value(),
            self.n_box.value(),
            self.torus_box.isChecked(),
            self.group_box.currentData(),
            self.base_box.currentText(),
            self.measure_box.currentText(),
        )

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
        """{scheme: hops} in the current measure (what the tab shows; empty while computing)."""
        return dict(self.shown.totals) if self.shown is not None else {}

    @property
    def busy(self) -> bool:
        """Whether the tab waits for a background result ("computing …" is shown)."""
        return self._pending is not None

    def _fill_groups(self):
        k, n = self.k_box.value(), self.n_box.value()
        if k**n > MAX_NODES:
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
        self.k_box.setMaximum(max(k for k in range(2, 33) if k**n <= MAX_NODES))
        k = self.k_box.value()
        if k**n > MAX_NODES:
            self.message.emit(
                f"Mesh: k = {k}, n = {n} is {k**n} nodes; at most {MAX_NODES} (k ≤ 32 for n = 2)"
            )
            return
        self._fill_groups()
        self.invalidate()

    def _on_group_changed(self, *_):
        self.invalidate()

    def _on_scheme_changed(self, *_):
        self.set_step(0, force=True)

    # -- DocumentView ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the result for the tab's parameters: at once if it is known, else "computing …"
        while a background job works it out.  The ring code only changes the note."""
        self._update_note()
        key = self.key
        if self.shown is not None and self.shown.key == key and self._pending is None:
            return
        if key == self._pending:
            return  # already on its way
        known = self._results.get(key)
        if known is not None:
            self._results.move_to_end(key)
            self._apply(known)
            return
        self._pending = key
        self._wanted[0] = key
        self._set_busy(key)
        if key not in self._jobs:  # (else its job, still running, will do)
            self._compute_in_background(key)

    def ensure_ready(self) -> None:
        """Up to date now: refresh if stale, and compute an awaited result in this thread (its
        background job's result, when it comes, is only kept)."""
        self.ensure_fresh()
        key = self._pending
        if key is not None:
            self._apply(self._keep(compute(key)))

    def _compute_in_background(self, key: MeshKey) -> None:
        """Run :func:`compute` for ``key`` off the GUI thread; :meth:`_on_computed` gets the
        outcome on the GUI thread.  The one place the tab uses a worker (swap it here)."""
        from . import _worker

        wanted = self._wanted
        job = _worker.Job(key, lambda: compute(key, lambda: wanted[0] == key))
        job.signals.done.connect(self._on_computed)
        self._jobs[key] = job
        _worker.start(job)

    def _on_computed(self, key, result, error) -> None:
        from shiboken6 import isValid

        if not isValid(self):
            return
        self._jobs.pop(key, None)
        if result is not None:
            self._keep(result)
        current = key == self._pending and key == self.key
        if current and isinstance(error, Dropped):
            # dropped as unwanted, then wanted again before it ended: start it afresh
            self._compute_in_background(key)
        elif current and error is not None:
            self._pending = None
            self._set_busy(None)
            self.totals_label.setText(f"<b>Mesh: could not compute {key.mesh.name}</b><br>{error}")
            self.message.emit(f"Mesh: could not compute {key.mesh.name}: {error}")
        elif current:
            self._apply(result)
        self.result_arrived.emit(key, current and result is not None)

    def _keep(self, result: MeshResult) -> MeshResult:
        if result.mesh.N <= DRAW_NODES:
            self._results[result.key] = result
            self._results.move_to_end(result.key)
            while len(self._results) > self.KEEP_RESULTS:
                self._results.popitem(last=False)
        return result

    def _set_busy(self, key: MeshKey | None) -> None:
        """``key``: say that the tab's result for it is being computed; None: the tab shows a
        result (or nothing yet)."""
        on = key is not None
        if on:
            m = key.mesh
            what = (
                f"Computing the {m.name} ({m.N} nodes): schedules, {key.measure} hops, "
                f"group-size sweep …"
            )
            self.busy_label.setText(what)
            self.plot_placeholder.setText(f"computing the {m.name} …")
            self.totals_label.setText(
                f"<b>{m.name}, {m.N} nodes — {key.measure} hops</b><br><i>computing …</i>"
            )
            self.caption_label.setText("")
            self.step_label.setText("")
            self.schedules, self.result, self.shown = {}, None, None
            self.pause()
            self.setCursor(Qt.WaitCursor)
        else:
            self.unsetCursor()
        self.plot_stack.setCurrentIndex(1 if on else 0)
        self.busy_label.setVisible(on)
        self.busy_bar.setVisible(on)
        for w in [*self.playback_buttons, self.slider, self.export_button]:
            w.setEnabled(not on)

    def _apply(self, r: MeshResult) -> None:
        """Lay out ``r`` (its key is the tab's parameters): totals, note, sweep, the step."""
        self._pending = None
        self._wanted[0] = None
        self.shown = r
        self.schedules, self.result = r.schedules, r.run
        self.pause()  # (new schedules: playback starts over)
        self._set_busy(None)
        self._update_totals()
        self._update_note()
        self._update_sweep()
        self.set_step(min(self.step, len(self.schedule.steps) - 1), force=True)

    def _update_sweep(self):
        r = self.shown
        drawn = (r.key.sweep_key, r.mesh.k)  # (the data: a function of these two)
        if drawn != self._sweep_drawn:
            from ...render.mesh import draw_sweep

            draw_sweep(self.sweep_figure, r.sweep_data, highlight=r.mesh.k, measure=r.key.measure)
            self.sweep_canvas.draw_idle()
            self._sweep_drawn = drawn

    def _update_totals(self):
        r = self.shown
        rows = "".join(
            f"<tr><td>{name}</td><td align=right>{hops:,}</td>"
            f"<td align=right>{steps}</td><td align=right>{packets:,}</td>"
            f"<td align=right>{unicasts:,}</td></tr>"
            for name, hops, steps, packets, unicasts in r.rows
        )
        c = r.schedules["coded"]
        gp = c.grouping
        self.totals_label.setText(
            f"<b>{r.mesh.name}, {r.mesh.N} nodes — {r.key.measure} hops</b>"
            f"<table cellspacing=6><tr><th align=left>scheme</th><th>hops</th><th>steps</th>"
            f"<th>packets</th><th>unicasts</th></tr>{rows}</table>"
            f"coded: group {gp.M} ({'×'.join(map(str, gp.extents))}, {gp.G} "
            f"group{'s' * (gp.G != 1)}), base "
            f"{c.options['base']}, intermediate nodes dark"
        )

    def _update_note(self):
        code = self.document.code
        field = getattr(code.field, "name", str(code.field))
        here = (
            "it is over GF(2), so it is an XOR scheme already"
            if field == "GF(2)"
            else f"it is over {field}; over GF(2) its sums would be XORs"
        )
        check = ""
        if self.result is not None:
            n = len(self.result.decodes)
            ok = self.result.complete
            check = (
                f"<br><span style='color:{'#2b8a3e' if ok else '#d6336c'}'>"
                f"{'✓' if ok else '✗'} coded run on real bytes: {n} XOR decodes checked "
                f"against the original blocks, every node {'holds' if ok else 'lacks'} "
                f"every block.</span>"
            )
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
        for b, on in (
            (self.first_button, self.step > 0),
            (self.back_button, self.step > 0),
            (self.step_button, self.step < self.last_step),
            (self.last_button, self.step < self.last_step),
        ):
            b.setEnabled(on)
        m = s.mesh
        hops = self.shown.step_hops[self.scheme_box.currentText()][self.step]
        self.caption_label.setText(
            f"<b>{s.name}, step {st.name}</b>: {st.title} — {st.packets:,} packets, "
            f"{hops:,} {self.shown.key.measure} hops"
        )
        if m.N > DRAW_NODES:
            self.figure.clear()
            self.figure.text(
                0.5,
                0.5,
                f"{m.N} nodes: too many to draw; totals and sweep only",
                ha="center",
                va="center",
            )
        else:
            from ...render.mesh import draw_step

            draw_step(self.figure, s, self.step, caption=False)
        self.canvas.draw_idle()

    # -- export -----------------------------------------------------------------------------------
    def export(self, path: str, what: str = "steps") -> str:
        """``what="steps"``: GIF of every step, or PNG/SVG of this step; ``"sweep"``: the plot."""
        from ...render.mesh import export_steps

        self.ensure_ready()
        if what == "sweep":
            self.sweep_figure.savefig(path)
            return path
        s = self.schedule
        if s.mesh.N > DRAW_NODES:
            raise RinglabError(f"{s.mesh.N} nodes: too many to draw (at most {DRAW_NODES})")
        return export_steps(s, path, step=None if path.lower().endswith(".gif") else self.step)

    def _on_export_clicked(self):
        path, chosen = QFileDialog.getSaveFileName(
            self,
            "Export mesh steps",
            "mesh.gif",
            "Animated GIF of every step (*.gif);;PNG of this step (*.png);;SVG of this step "
            "(*.svg);;Sweep plot as PNG (*.sweep.png)",
        )
        if not path:
            return
        what = "sweep" if "Sweep" in (chosen or "") or path.endswith(".sweep.png") else "steps"
        try:
            out = self.export(path, what)
        except RinglabError as e:
            self.message.emit(f"Export failed: {e}")
        else:
            self.message.emit(f"Exported {out}")
