"""The Propagation view: watch every symbol of the edited code travel through $G_T$.

Playback as in step-through tools — first, back, step, play/pause, last, a scrubber over
t = 0..T and a speed — with the keyboard (Space plays/pauses, ←/→ step, Home/End jump).  The
view is composed of an :class:`InputsBox` (random, typed or matmul inputs), a
:class:`WalkthroughDrawing` (the drawing, caption, decode and verdict, the same renderers
``ringlab export`` uses) and a :class:`PlaybackBar`.

The view follows the document while it is shown (a :class:`DocumentView`): the trace comes
from the document's analysis (``analysis.trace(inputs)``, :func:`ringlab.simulate` once per code
and inputs), so an edit in the matrix editor shows here when the tab is next seen.

Above ``SUMMARY_ABOVE_N`` nodes the trace and the summary's numbers are computed off the GUI
thread (:mod:`._worker`; a result carries the code and inputs it is for, and one that is no
longer wanted is dropped) while a busy line and the wait cursor say so, and the drawing is the
readable summary :class:`ringlab.render.heatmap.HeatmapRenderer` — what each node holds,
nodes × time — unless "Full graph" asks for $G_T$ itself (slow at that size).
``ensure_ready()`` finishes a pending computation at once (exports, the run panel, tests).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QPushButton, QVBoxLayout

from ...state.tabs import PROPAGATION
from ._base import DocumentView
from ._busy import BusyLine
from ._playback import PlaybackBar
from ._walkthrough_drawing import WalkthroughDrawing
from ._walkthrough_export import ask_and_export, export_shown
from ._walkthrough_inputs import InputsBox
from ._worker import Job, start

SPEEDS = [
    ("0.25 steps/s", 0.25),
    ("0.5 steps/s", 0.5),
    ("1 step/s", 1.0),
    ("2 steps/s", 2.0),
    ("4 steps/s", 4.0),
]
# above this many nodes the full G_T is unreadable at 1280×720 (and ~1 s a step): the view
# draws the heat-map summary instead, and computes the trace in the background
SUMMARY_ABOVE_N = 12


class PropagationView(DocumentView):
    """Step through the current code's propagation; follows ``document.changed`` live."""

    TITLE = PROPAGATION
    step_changed = Signal(int)
    BASE_POINT_SIZE = 11  # the app's default text size: the drawing's zoom 1 there

    def __init__(self, document, parent=None):
        super().__init__(document, parent)
        self.trace = None
        # the step and the inputs are the application state's (ringlab.state): the parts
        # below write the user's act there and show what it holds, whoever changed it
        self.state = document.state
        self._full_graph = False
        self._pending = None  # the token of the computation awaited, if any
        self._jobs: dict = {}  # running jobs by generation (kept alive until done)
        self._gen = 0
        self.inputs = InputsBox(self.state, self._inputs_on_screen)
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip(
            "Save this walkthrough as GIF, MP4, PNG, SVG, PDF or one HTML page"
        )
        self.export_button.clicked.connect(self.export_dialog)
        self.inputs.row.add(self.export_button)
        self.busy_line = BusyLine("propagation_busy")
        self.drawing = WalkthroughDrawing()
        self.drawing.set_caption_font(self.font())
        self.playback = PlaybackBar(self, "Last step: the decode (End)", SPEEDS)
        self.playback.slider.setToolTip("Scrub over t = 0..T")
        self.playback.slider.setAccessibleName("Walkthrough step")
        self.full_graph_box = QCheckBox("Full graph")
        self.full_graph_box.setToolTip(
            f"Above {SUMMARY_ABOVE_N} nodes the view shows a summary (what each node holds, "
            f"nodes × time). Tick to draw the full G_T instead — slow at that size (seconds to "
            f"open, about a second a step) and hard to read"
        )
        self.full_graph_box.toggled.connect(self.set_full_graph)
        self.playback.add(self.full_graph_box)
        lay = QVBoxLayout(self)
        lay.addWidget(self.inputs)
        lay.addWidget(self.busy_line)
        lay.addWidget(self.drawing, 1)
        lay.addWidget(self.playback)
        self._name_parts()
        self.state.events.step.connect(self._on_state_step_changed)
        self.state.events.inputs.connect(self._on_state_inputs_changed)
        self.state.events.seed.connect(self._on_state_inputs_changed)
        # the code on real MPI processes (ringlab.gui.run_panel, in a QProcess); made last, it
        # comes last in the tab order
        self.run_button = QPushButton("Run on N processes…")
        self.run_button.setToolTip(
            "Run this code with these inputs on N real MPI processes and compare with MPI_Allreduce"
        )
        self.run_button.clicked.connect(self.open_run_panel)
        row = self.inputs.row
        row.insert(row.index_of(self.export_button), self.run_button)

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        """The least height: the drawing scrolls on its own, the step buttons stay on screen
        (at 22 pt they lay below a 720-line projector: an instructor's trial)."""
        return self.layout().totalMinimumHeightForWidth(width)

    def _name_parts(self) -> None:
        """The parts' widgets by the names lessons and tests reach them through."""
        self.inputs_box = self.inputs.mode_box
        self.seed_box, self.typed_edit = self.inputs.seed_box, self.inputs.typed_edit
        self.inputs_status = self.inputs.status
        self.busy_label = self.busy_line.label
        d = self.drawing
        self.drawing_scroll, self.canvas_stack = d, d.canvas_stack
        self.caption_label, self.verdict_label = d.caption_label, d.verdict_label
        self.decode_label, self.decode_box = d.decode_label, d.decode_box
        p = self.playback
        self.slider, self.step_label, self.speed_box = p.slider, p.step_label, p.speed_box
        self.first_button, self.back_button = p.first_button, p.back_button
        self.play_button, self.step_button = p.play_button, p.step_button
        self.last_button = p.last_button

    # the drawing shown: G_T or, at large N, the summary
    @property
    def figure(self):
        return self.drawing.figure

    @property
    def canvas(self):
        return self.drawing.canvas

    @property
    def renderer(self):
        return self.drawing.renderer

    def open_run_panel(self):
        """The run dialog; its replay uses the inputs on screen and follows the step shown."""
        from ..run_panel import open_run_dialog

        def inputs():
            self.ensure_ready()
            return self.trace.inputs if self.trace is not None else None

        return open_run_dialog(
            self, lambda: self.document.code, inputs, step_signal=self.step_changed
        )

    # -- one zoom for everything (Ctrl+= / Ctrl+− / Ctrl+0) ----------------------------------
    def drawing_zoom(self) -> float:
        """The factor every part of the drawing is drawn at: the window's text size / 11 pt."""
        return self.font().pointSizeF() / self.BASE_POINT_SIZE

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange and hasattr(self, "drawing"):
            # the caption at 1.25× the view's text and the whole drawing at pt / 11: a larger
            # window font (Ctrl+=) grows them with the menus and panels
            self.drawing.set_caption_font(self.font())
            self.drawing.set_zoom(self.drawing_zoom())
            # a hidden canvas keeps the size it last had, too small for a larger zoom: it is
            # laid out when drawn again (the zoom changed its size in inches)
            if (
                self.trace is not None
                and self.renderer.trace is not None
                and self.canvas.isVisible()
            ):
                self.drawing.relayout_soon(lambda: self._show(self.renderer.step))

    # -- public: playback -------------------------------------------------------------------
    @property
    def step(self) -> int:
        return min(self.state.step, self.last_step)

    @property
    def last_step(self) -> int:
        return self.document.code.T

    @property
    def playing(self) -> bool:
        return self.playback.playing

    def set_step(self, t: int) -> None:
        """Show step ``t`` (clamped to 0..T): the state's ``step``, which every reader sees."""
        t = max(0, min(int(t), self.last_step))
        if self.state.step != t:
            self.state.step = t  # → _on_state_step_changed → _show
        else:
            self.ensure_fresh()
            if self._pending is None:
                self._show(t)

    def _on_state_step_changed(self, t, _old=None) -> None:
        if self.stale:
            if self.isVisible():
                self.ensure_fresh()  # draws the state's step
        else:
            self._show(min(t, self.last_step))

    # -- inputs and export ------------------------------------------------------------------
    def current_inputs(self):
        """The inputs drawn: a spec :func:`ringlab.core.inputs.resolve_inputs` accepts
        (typed rows that do not fit the code are drawn as random values, and said so)."""
        return self.inputs.drawn()

    def _inputs_on_screen(self) -> str | None:
        if self.trace is None:
            return None
        F = self.document.code.field
        return "; ".join(" ".join(F.format(v) for v in row) for row in self.trace.inputs)

    def _on_state_inputs_changed(self, *_):
        self.invalidate()

    def export(self, path: str, fmt: str, step: int | None = None, progress=None) -> str:
        """Export what the view shows (same code, same inputs)."""
        return export_shown(self, path, fmt, step, progress)

    def export_dialog(self):
        """Ask for a file name and export the walkthrough (File → Export walkthrough…)."""
        ask_and_export(self)

    # -- the trace: at once, or in the background at large N --------------------------------
    def refresh(self):
        """Take the trace of the current code and inputs from the analysis; redraw the step."""
        code = self.document.code
        x, note = self.inputs.read(code)
        large = code.N > SUMMARY_ABOVE_N
        self.drawing.use_summary(large and not self._full_graph)
        self._gen += 1
        if not large:
            self._pending = None
            self._set_busy(False)
            self._apply(self.analysis.trace(x), note)
            return
        # the window stays live and says what it is doing; the result is used only if still
        # wanted (token)
        token = (self._gen, code, x, note)
        self._pending = token
        self._set_busy(True)
        analysis, summary = self.analysis, self.drawing.summary_shown

        def work():
            from ...render.heatmap import holdings

            tr = analysis.trace(x)
            return tr, (holdings(tr) if summary else None)

        job = Job(token, work)
        job.signals.done.connect(self._on_job_done)
        self._jobs[self._gen] = job
        start(job)

    @property
    def busy(self) -> bool:
        """Whether a background computation is awaited (the busy line is shown)."""
        return self._pending is not None

    def ensure_ready(self) -> None:
        """Up to date now: refresh if stale, and finish an awaited computation in this thread
        (its background result, when it comes, is dropped)."""
        self.ensure_fresh()
        token = self._pending
        if token is not None:
            self._pending = None
            self._set_busy(False)
            self._apply(self.analysis.trace(token[2]), token[3])

    def set_full_graph(self, on: bool) -> None:
        """Draw the full $G_T$ (``True``) or, above ``SUMMARY_ABOVE_N`` nodes, the summary."""
        on = bool(on)
        if self.full_graph_box.isChecked() != on:
            self.full_graph_box.setChecked(on)  # → here again
            return
        if on == self._full_graph:
            return
        self._full_graph = on
        if self.document.code.N > SUMMARY_ABOVE_N:
            if on:
                self.message.emit(
                    f"Drawing the full graph G_T for N = {self.document.code.N}: "
                    f"slow at this size (seconds to open, about a second a step)"
                )
            self.invalidate()

    def _set_busy(self, on: bool) -> None:
        if on:
            self.setCursor(Qt.WaitCursor)
        else:
            self.unsetCursor()
        N = self.document.code.N
        self.busy_line.show_busy(f"Computing the walkthrough for N = {N}…" if on else None)

    def _on_job_done(self, token, result, error) -> None:
        from shiboken6 import isValid

        if not isValid(self):
            return
        self._jobs.pop(token[0], None)
        if token is not self._pending or token[1] is not self.document.code:
            return  # stale: a newer code or inputs since
        self._pending = None
        self._set_busy(False)
        if error is not None:
            self.message.emit(f"Propagation: could not compute the walkthrough: {error}")
            return
        trace, summary = result
        self._apply(trace, token[3], summary)

    # -- drawing ----------------------------------------------------------------------------
    def _apply(self, trace, note: str, summary=None) -> None:
        """Draw ``trace`` (for the current code and inputs) at the state's step."""
        code = self.document.code
        self.trace = trace
        heavy = code.N > SUMMARY_ABOVE_N and not self.drawing.summary_shown
        if heavy:  # the full G_T at large N: seconds, say so meanwhile
            self.setCursor(Qt.WaitCursor)
        try:
            self.drawing.set_trace(trace, note, summary)
        finally:
            if heavy:
                self.unsetCursor()
        self.playback.set_range(code.T, self.step)
        self.drawing.show_verdict(trace)
        self._show(self.step)

    def _show(self, t: int):
        if self._pending is not None or self.renderer.trace is None:
            # still computing: the step is the state's; it is drawn when the trace is in
            self.step_label.setText(f"t = {min(t, self.last_step)} / {self.last_step}")
            return
        step = self.drawing.show_step(t, self.trace)
        self.playback.show_step(step, self.last_step, f"t = {step} / {self.last_step}")
        self.step_changed.emit(step)

    def hideable(self) -> dict:
        """What a lesson's question may hide here (hide:): the verdict line and the caption;
        the drawing, whose edge labels, side table (sᵢ, ẑᵢ) and hover text give each value —
        veiled whole (its G_T or summary canvas), which also keeps the hover tips away."""
        d = self.drawing
        return {
            "walkthrough-caption": (d.caption_label, d.verdict_label, d.decode_label),
            "drawing-labels": (d.canvas_stack,),
        }
