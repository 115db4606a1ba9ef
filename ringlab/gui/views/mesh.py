"""The Mesh tab: the all-to-all broadcast with hierarchical XOR coding (Shalaby, Fujiwara, Koibuchi) on a
k-ary n-mesh, step by step.

Its own parameters (:class:`MeshParams`: k, n, torus, group size, scheme, the coding's base
multicast, the hop measure): the mesh does not depend on the edited ring code.  All mathematics
is in :mod:`ringlab.core.mesh`; drawing is :mod:`ringlab.render.mesh` (:class:`MeshPlots`), the
same functions the export uses.  Playback (:class:`PlaybackBar`) as in the Propagation view:
Space play/pause, ←/→ step, Home/End.

The mathematics runs off the GUI thread (the group-size sweep alone is ~1 s): :func:`compute`
works out what the tab shows for one :class:`MeshKey` — the tab's parameters — in a background
job; meanwhile the tab paints at once with "computing …" in place of its table and plots and a
busy cursor.  A result is applied only if its key is still the tab's parameters (an older one is
dropped, never shown).  Results are kept per key (small meshes), so going back to parameters
seen before is instant.  ``ensure_ready()`` finishes a pending computation at once (exports,
tests).
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFileDialog, QLabel, QPushButton, QVBoxLayout

from ...core.errors import RinglabError
from ...core.mesh import Mesh
from ...state.tabs import MESH
from ._base import DocumentView
from ._busy import BusyLine
from ._mesh_compute import DRAW_NODES, Dropped, MeshKey, MeshResult, compute
from ._mesh_params import MeshParams
from ._mesh_plots import MeshPlots
from ._mesh_text import computing_lines, note_html, step_caption, totals_html
from ._playback import PlaybackBar
from ._reflow import SideBySide

__all__ = ["DRAW_NODES", "Dropped", "MeshKey", "MeshResult", "MeshView", "compute"]


class MeshView(DocumentView):
    """Step through an all-to-all broadcast on a mesh; hop totals and the group-size sweep."""

    TITLE = MESH
    step_changed = Signal(int)
    # every result that comes back from the background: (its key, whether it was applied —
    # False when the tab's parameters changed meanwhile, or it stopped early as unwanted)
    result_arrived = Signal(object, bool)
    KEEP_RESULTS = 8  # results kept per key (meshes of at most DRAW_NODES nodes)

    def __init__(self, document, parent=None):
        super().__init__(document, parent)
        self.schedules = {}
        self.result = None
        self.shown: MeshResult | None = None  # what the tab shows (None: nothing yet)
        self._pending: MeshKey | None = None  # the key being computed for the tab
        self._wanted = [None]  # read by the worker: the key still wanted
        self._jobs: dict = {}  # running jobs by key (kept alive until done)
        self._results: OrderedDict = OrderedDict()
        self.step = 0
        self.params = MeshParams()
        self.params.changed.connect(self._on_params_changed)
        self.params.scheme_changed.connect(self._on_scheme_changed)
        self.params.refused.connect(self.message.emit)
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip("Steps as GIF, this step as PNG/SVG, or the sweep as PNG")
        self.export_button.clicked.connect(self._on_export_clicked)
        self.params.row.add(self.export_button)
        self.busy_line = BusyLine("mesh_busy")
        self.busy_line.label.setWordWrap(True)  # (never widens the tab)
        self.plots = MeshPlots()
        self.playback = PlaybackBar(self, widest_step="step A (00/00)")
        self.caption_label = QLabel()
        self.caption_label.setWordWrap(True)
        self.caption_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.totals_label = QLabel()
        self.totals_label.setObjectName("mesh_totals")
        self.totals_label.setAccessibleName("Mesh hop totals")
        self.totals_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.totals_label.setWordWrap(True)  # (its last line wraps on a narrow tab)
        self.note_label = QLabel()
        self.note_label.setWordWrap(True)
        # the note beside the hop table, or under it on a narrow tab
        bottom = SideBySide(self.totals_label, self.note_label, stretch=(0, 1))
        lay = QVBoxLayout(self)
        lay.addWidget(self.params)
        lay.addWidget(self.busy_line)
        lay.addWidget(self.plots, 1)
        lay.addWidget(self.caption_label)
        lay.addWidget(self.playback)
        lay.addWidget(bottom)
        self._name_parts()
        self._set_busy(None)
        # a computation still running when the tab goes away stops at its next check
        wanted = self._wanted
        self.destroyed.connect(lambda *_: wanted.__setitem__(0, None))

    def _name_parts(self) -> None:
        """The parts' widgets by the names lessons and tests reach them through."""
        p = self.params
        self.k_box, self.n_box, self.torus_box = p.k_box, p.n_box, p.torus_box
        self.group_box, self.scheme_box = p.group_box, p.scheme_box
        self.base_box, self.measure_box = p.base_box, p.measure_box
        self.busy_label = self.busy_line.label
        self.figure, self.canvas = self.plots.figure, self.plots.canvas
        self.sweep_figure, self.sweep_canvas = self.plots.sweep_figure, self.plots.sweep_canvas
        self.plot_placeholder, self.plot_stack = self.plots.placeholder, self.plots
        b = self.playback
        self.slider, self.step_label = b.slider, b.step_label
        self.first_button, self.back_button = b.first_button, b.back_button
        self.play_button, self.step_button = b.play_button, b.step_button
        self.last_button = b.last_button

    # -- parameters ---------------------------------------------------------------------------
    @property
    def key(self) -> MeshKey:
        """The tab's parameters: what its result must be computed for."""
        return self.params.key

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
        return self.schedules.get(self.params.scheme)

    @property
    def totals(self) -> dict:
        """{scheme: hops} in the current measure (what the tab shows; empty while computing)."""
        return dict(self.shown.totals) if self.shown is not None else {}

    @property
    def busy(self) -> bool:
        """Whether the tab waits for a background result ("computing …" is shown)."""
        return self._pending is not None

    def _on_params_changed(self) -> None:
        self.invalidate()

    def _on_scheme_changed(self) -> None:
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
        busy, placeholder = None, None
        if on:
            busy, placeholder, totals = computing_lines(key)
            self.totals_label.setText(totals)
            self.caption_label.setText("")
            self.step_label.setText("")
            self.schedules, self.result, self.shown = {}, None, None
            self.playback.pause()
            self.setCursor(Qt.WaitCursor)
        else:
            self.unsetCursor()
        self.plots.show_computing(placeholder)
        self.busy_line.show_busy(busy)
        self.playback.set_controls_enabled(not on)
        self.export_button.setEnabled(not on)

    def _apply(self, r: MeshResult) -> None:
        """Lay out ``r`` (its key is the tab's parameters): totals, note, sweep, the step."""
        self._pending = None
        self._wanted[0] = None
        self.shown = r
        self.schedules, self.result = r.schedules, r.run
        self.playback.pause()  # (new schedules: playback starts over)
        self._set_busy(None)
        self.totals_label.setText(totals_html(r))
        self._update_note()
        self.plots.draw_sweep(r)
        self.set_step(min(self.step, len(self.schedule.steps) - 1), force=True)

    def _update_note(self):
        self.note_label.setText(note_html(self.document.code, self.result))

    # -- playback -------------------------------------------------------------------------------
    @property
    def last_step(self) -> int:
        return len(self.schedule.steps) - 1 if self.schedule else 0

    @property
    def playing(self) -> bool:
        return self.playback.playing

    def set_step(self, i: int, force: bool = False) -> None:
        if self.schedule is None:
            return
        i = max(0, min(int(i), self.last_step))
        if i == self.step and not force and self.slider.value() == i:
            return
        self.step = i
        self.playback.set_range(self.last_step, i)
        self._draw()
        self.step_changed.emit(i)

    def _draw(self):
        s = self.schedule
        st = s.steps[self.step]
        self.playback.show_step(
            self.step, self.last_step, f"step {st.name} ({self.step + 1}/{len(s.steps)})"
        )
        hops = self.shown.step_hops[self.params.scheme][self.step]
        self.caption_label.setText(step_caption(s, self.step, hops, self.shown.key.measure))
        self.plots.draw_step(s, self.step)

    # -- export -----------------------------------------------------------------------------------
    def export(self, path: str, what: str = "steps") -> str:
        """``what="steps"``: GIF of every step, or PNG/SVG of this step; ``"sweep"``: the plot."""
        self.ensure_ready()
        return self.plots.export(path, what, self.schedule, self.step)

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

    def computing(self) -> list[MeshKey]:
        """The parameters background jobs are computing now: the tab's own while "computing …"
        shows, and any it no longer shows that are still finishing (what a quit or a status
        line can say is still in flight)."""
        return list(self._jobs)

    def hideable(self) -> dict:
        """What a lesson's question may hide here (hide:): the hop table."""
        return {"mesh-table": (self.totals_label,)}
