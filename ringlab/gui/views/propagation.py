"""The Propagation view: watch every symbol of the edited code travel through $G_T$.

Playback as in step-through tools — first, back, step, play/pause, last, a scrubber over
t = 0..T and a speed — with the keyboard (Space plays/pauses, ←/→ step, Home/End jump).  The
drawing is :class:`ringlab.render.propagation.WalkthroughRenderer` on matplotlib's QtAgg
canvas, the same renderer ``ringlab export`` uses, so what is on screen is what is exported.

The view follows the document while it is shown (a :class:`DocumentView`): the trace comes
from the document's analysis (``analysis.trace(inputs)``, :func:`ringlab.simulate` once per code
and inputs), so an edit in the matrix editor shows here when the tab is next seen.  Inputs: random (seeded), typed per node, or the worked matmul partial
sums of seed 004 — always read in the code's current field.

Large codes (issue 20): above ``SUMMARY_ABOVE_N`` nodes the trace and the summary's numbers are
computed off the GUI thread (:mod:`._worker`; a result carries the code and inputs it is for,
and one that is no longer wanted is dropped) while a busy line and the wait cursor say so, and
the drawing is the readable summary :class:`ringlab.render.heatmap.HeatmapRenderer` — what
each node holds, nodes × time — unless "Full graph" asks for $G_T$ itself (slow at that size).
``ensure_ready()`` finishes a pending computation at once (exports, the run panel, tests).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QProgressDialog,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSlider,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.errors import RinglabError
from ...core.inputs import matmul_note
from ...render.captions import decode_arithmetic, failing_reason
from ...state.tabs import PROPAGATION
from ..matrix_model import notation_tip
from ..params import SizeSpin
from ._base import DocumentView
from ._canvas import sized_canvas
from ._playback import Playback
from ._worker import Job, start

SPEEDS = [
    ("0.25 steps/s", 0.25),
    ("0.5 steps/s", 0.5),
    ("1 step/s", 1.0),
    ("2 steps/s", 2.0),
    ("4 steps/s", 4.0),
]
INPUT_MODES = [
    ("Random (seeded)", "random"),
    ("Typed per node", "typed"),
    ("Worked matmul partials (the ring all-reduce example)", "matmul"),
]
# above this many nodes the full G_T is unreadable at 1280×720 (and ~1 s a step): the view
# draws the heat-map summary instead, and computes the trace in the background
SUMMARY_ABOVE_N = 12


class PropagationView(Playback, DocumentView):
    """Step through the current code's propagation; follows ``document.changed`` live."""

    TITLE = PROPAGATION
    step_changed = Signal(int)

    def __init__(self, document, parent=None):
        super().__init__(document, parent)
        from matplotlib.figure import Figure

        from ...render.propagation import WalkthroughRenderer

        self.trace = None
        # the step and the inputs are the application state's (ringlab.state): the widgets
        # below write the user's act there and show what it holds, whoever changed it
        self.state = document.state

        # -- canvas ------------------------------------------------------------------------
        self.figure = Figure(figsize=(12.8, 7.2), dpi=100)
        self.canvas = sized_canvas(self.figure, (640, 360), self.MIN_DRAWING)
        self.renderer = WalkthroughRenderer(self.figure, caption_in_figure=False)
        # on screen the figure is usually smaller than a 1280×720 frame; keep the text at
        # full size (the layout abbreviates instead) so it reads from the back of a room; the
        # window's text size (Ctrl+=) zooms the whole drawing (_follow_text_size)
        self.renderer.min_scale = self.renderer.max_scale = 1.0
        self.renderer.min_title_pt = 13.0  # a narrow drawing drops the code's name instead
        self.renderer.full_table = True  # …and narrows the graph, not the table's text
        # -- large N: the summary on a canvas of its own, shown instead (issue 20) -----------
        from ...render.heatmap import HeatmapRenderer

        self._full = (self.figure, self.canvas, self.renderer)
        sfig = Figure(figsize=(12.8, 7.2), dpi=100)
        scanvas = sized_canvas(sfig, (640, 360), self.MIN_DRAWING)
        srend = HeatmapRenderer(sfig, caption_in_figure=False)
        srend.min_scale = srend.max_scale = 1.0
        self._summary = (sfig, scanvas, srend)
        self.canvas_stack = QStackedWidget()
        self.canvas_stack.addWidget(self.canvas)
        self.canvas_stack.addWidget(scanvas)
        # zoomed past what the window holds, the drawing and its caption scroll (the wheel
        # over the drawing scrolls them too); the playback and inputs rows stay on screen
        self.scroll_body = QWidget()
        self.drawing_scroll = QScrollArea()
        self.drawing_scroll.setObjectName("propagation_drawing")
        self.drawing_scroll.setWidget(self.scroll_body)
        self.drawing_scroll.setWidgetResizable(True)
        self.drawing_scroll.setFrameShape(QScrollArea.NoFrame)
        self.drawing_scroll.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self._full_graph = False
        self._pending = None  # the token of the computation awaited, if any
        self._jobs: dict = {}  # running jobs by generation (kept alive until done)
        self._gen = 0
        self.busy_label = QLabel()
        self.busy_label.setObjectName("propagation_busy")
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)  # indeterminate: "working"
        self.busy_bar.setMaximumWidth(160)
        self.busy_bar.setTextVisible(False)
        self.full_graph_box = QCheckBox("Full graph")
        self.full_graph_box.setToolTip(
            f"Above {SUMMARY_ABOVE_N} nodes the view shows a summary (what each node holds, "
            f"nodes × time). Tick to draw the full G_T instead — slow at that size (seconds to "
            f"open, about a second a step) and hard to read"
        )
        self.full_graph_box.toggled.connect(self.set_full_graph)

        # -- caption and verdict ---------------------------------------------------------
        self.caption_label = QLabel()
        self.caption_label.setWordWrap(True)
        self.caption_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self._follow_text_size()
        self.caption_label.setToolTip(notation_tip("y", "s", "G_T"))
        # at t = T: the decode with its numbers, per node (ẑ = R s + T x made concrete)
        self.decode_label = QLabel()
        self.decode_label.setObjectName("propagation_decode_arithmetic")
        self.decode_label.setWordWrap(True)
        self.decode_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        # in a scroll area a few lines tall: the drawing keeps its room at 1280×720
        # whole, under the caption: the view's scroll area scrolls it with the drawing (a box a
        # few lines tall with its own hidden scroll bar hid nodes 1 and 2)
        self.decode_box = QWidget()
        box = QVBoxLayout(self.decode_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.decode_label)
        self.decode_box.hide()
        self.verdict_label = QLabel()
        self.verdict_label.setWordWrap(True)

        # -- playback controls ---------------------------------------------------------------
        self.playback_buttons = self.build_playback("Last step: the decode (End)")
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setToolTip("Scrub over t = 0..T")
        self.slider.setAccessibleName("Walkthrough step")
        self.slider.setFocusPolicy(Qt.NoFocus)
        self.slider.valueChanged.connect(self._on_slider_changed)
        self.step_label = QLabel()
        self.step_label.setMinimumWidth(90)
        self.speed_box = QComboBox()
        for text, v in SPEEDS:
            self.speed_box.addItem(text, v)
        self.speed_box.setCurrentIndex(1)
        self.speed_box.setToolTip("Playback speed")
        self.speed_box.setAccessibleName("Playback speed")
        self.speed_box.currentIndexChanged.connect(self._on_speed_changed)

        # -- inputs ----------------------------------------------------------------------
        self.inputs_box = QComboBox()
        for text, mode in INPUT_MODES:
            self.inputs_box.addItem(text, mode)
        self.inputs_box.currentIndexChanged.connect(self._on_inputs_mode_changed)
        self.inputs_box.setAccessibleName("Inputs")
        self.seed_box = SizeSpin("seed")
        self.seed_box.setRange(0, 999_999)
        self.seed_box.setPrefix("seed ")
        self.seed_box.setAccessibleName("Seed")
        self.seed_box.valueChanged.connect(self._on_seed_edited)
        self.seed_box.refused.connect(
            lambda msg: (
                self.inputs_status.setText(f"<span style='color:#d6336c'>{msg}</span>"),
                self.inputs_status.setVisible(True),
            )
        )
        self.typed_edit = QLineEdit()
        self.typed_edit.setPlaceholderText("one row per node, ';' between nodes: 1 2; 3 4; 5 6")
        self.typed_edit.setAccessibleName("Typed inputs")
        self.typed_edit.editingFinished.connect(self._on_typed_edited)
        self.inputs_status = QLabel()
        # the matmul note is a sentence: wrap it, or it pushes the view wider than 1280 px
        self.inputs_status.setWordWrap(True)
        self.inputs_status.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip(
            "Save this walkthrough as GIF, MP4, PNG, SVG, PDF or one HTML page"
        )
        self.export_button.clicked.connect(self.export_dialog)

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
        controls.addWidget(self.speed_box)
        controls.addWidget(self.full_graph_box)
        inputs = QHBoxLayout()
        inputs.addWidget(QLabel("Inputs:"))
        inputs.addWidget(self.inputs_box)
        inputs.addWidget(self.seed_box)
        inputs.addWidget(self.typed_edit, 1)
        inputs.addWidget(self.export_button)
        lay = QVBoxLayout(self)
        lay.addLayout(inputs)
        # on a line of its own: beside the typed inputs a refusal was squeezed into a column
        # one word wide (a trial: "elemen", "polynon"), pushing the drawing out of view
        lay.addWidget(self.inputs_status)
        busy = QHBoxLayout()
        busy.addWidget(self.busy_bar)
        busy.addWidget(self.busy_label, 1)
        lay.addLayout(busy)
        self.busy_label.hide()
        self.busy_bar.hide()
        lay.addWidget(self.drawing_scroll, 1)
        body = QVBoxLayout(self.scroll_body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.canvas_stack, 1)
        body.addWidget(self.caption_label)
        body.addWidget(self.decode_box)
        body.addWidget(self.verdict_label)
        lay.addLayout(controls)

        for _, canvas, rend in (self._full, self._summary):
            canvas.before_draw = lambda r=rend: self._relayout_if_resized(r)
            # hover a node of G_T (a cell of the summary): what it holds at that time
            canvas.setMouseTracking(True)
            canvas.mpl_connect("motion_notify_event", self._on_mouse_moved)

        self._on_state_inputs_changed()
        self.state.events.step.connect(self._on_state_step_changed)
        self.state.events.inputs.connect(self._on_state_inputs_changed)
        self.state.events.seed.connect(self._on_state_inputs_changed)
        # issue 12: the code on real MPI processes (ringlab.gui.run_panel, in a QProcess)
        self.run_button = QPushButton("Run on N processes…")
        self.run_button.setToolTip(
            "Run this code with these inputs on N real MPI processes and compare with MPI_Allreduce"
        )
        self.run_button.clicked.connect(self.open_run_panel)
        inputs.insertWidget(inputs.indexOf(self.export_button), self.run_button)

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
    BASE_POINT_SIZE = 11  # the app's default text size: the drawing's zoom 1 there
    # the least room the drawing is laid out in, in pixels at zoom 1 (it grows with the zoom;
    # a smaller window scrolls it): its text never shrinks to fit
    MIN_DRAWING = (600, 300)
    # zoomed in (Ctrl+=), the least room (pixels at zoom 1): the height a 1280×720 window gives
    # the drawing at 11 pt, so the zoomed drawing is that one magnified, every part by the one
    # factor, scrolling down where the window is lower; across, it fits the window (the title
    # drops the code's name and the graph gives the side table its room, rather than shrink)
    ZOOMED_ROOM = (600, 448)

    def drawing_zoom(self) -> float:
        """The factor every part of the drawing is drawn at: the window's text size / 11 pt."""
        return self.font().pointSizeF() / self.BASE_POINT_SIZE

    def _follow_text_size(self) -> None:
        """The caption at 1.25× the view's text and the whole drawing at pt / 11 — title,
        labels, side table, legend and lines by one factor: a larger window font (Ctrl+=)
        grows them with the menus and panels."""
        pt = self.font().pointSizeF()
        f = QFont(self.font())
        f.setPointSizeF(pt * 1.25)
        self.caption_label.setFont(f)
        if hasattr(self, "_summary"):
            for _, canvas, _ in (self._full, self._summary):
                canvas.zoomed_room = self.ZOOMED_ROOM
                canvas.set_zoom(self.drawing_zoom())
            # at once, not on the next layout pass: the drawing is laid out for its new room
            self.canvas_stack.setMinimumSize(self.canvas.minimumSizeHint())

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange and hasattr(self, "caption_label"):
            self._follow_text_size()
            # a hidden canvas keeps the size it last had, too small for a larger zoom: it is
            # laid out when drawn again (the zoom changed its size in inches)
            if (
                self.trace is not None
                and self.renderer.trace is not None
                and self.canvas.isVisible()
            ):
                self._relayout(self.renderer)
                self._show(self.renderer.step)

    # -- public: playback -------------------------------------------------------------------
    @property
    def step(self) -> int:
        return min(self.state.step, self.last_step)

    @property
    def last_step(self) -> int:
        return self.document.code.T

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

    def play_interval_ms(self) -> int:
        return int(1000 / self.speed_box.currentData())

    def current_inputs(self):
        """The inputs drawn: a spec :func:`ringlab.core.inputs.resolve_inputs` accepts
        (typed rows that do not fit the code are drawn as random values, and said so)."""
        spec = self.state.inputs
        if isinstance(spec, list):
            return spec if spec and self.state.walkthrough_inputs()[1] is None else "random"
        return spec

    def export(self, path: str, fmt: str, step: int | None = None, progress=None) -> str:
        """Export what the view shows (same code, same inputs)."""
        from ...render.export import export_walkthrough

        self.ensure_ready()  # current_inputs() must say what is drawn now
        return export_walkthrough(
            self.document.code,
            self.current_inputs(),
            fmt,
            path,
            step=step,
            seed=self.state.seed,
            progress=progress,
            fps=self.speed_box.currentData(),
        )

    # -- document and inputs ------------------------------------------------------------------
    # user's acts → the state
    def _on_inputs_mode_changed(self, *_):
        mode = self.inputs_box.currentData()
        if mode == "typed":
            if not self.typed_edit.text().strip() and self.trace is not None:
                # start from the inputs on screen, so typing edits rather than starts blank
                F = self.document.code.field
                self.typed_edit.setText(
                    "; ".join(" ".join(F.format(v) for v in row) for row in self.trace.inputs)
                )
            self.state.inputs = self._parse_typed()
        else:
            self.state.inputs = mode

    def _on_seed_edited(self, seed: int) -> None:
        self.state.seed = int(seed)

    def _on_typed_edited(self) -> None:
        if self.inputs_box.currentData() == "typed":
            self.state.inputs = self._parse_typed()

    def _parse_typed(self) -> list:
        text = self.typed_edit.text().strip()
        # "−" (U+2212) is the minus a PDF's text copies as
        return [r.split() for r in text.replace(",", " ").replace("−", "-").split(";") if r.strip()]

    # the state → the widgets (a lesson, another window part, or the acts above)
    def _on_state_inputs_changed(self, *_):
        spec, seed = self.state.inputs, self.state.seed
        mode = "typed" if isinstance(spec, (list, tuple)) else spec
        for w in (self.inputs_box, self.seed_box, self.typed_edit):
            w.blockSignals(True)
        try:
            self.inputs_box.setCurrentIndex(max(0, self.inputs_box.findData(mode)))
            if self.seed_box.value() != seed:
                self.seed_box.setValue(seed)
            if mode == "typed" and self._parse_typed() != [[str(v) for v in r] for r in spec]:
                self.typed_edit.setText("; ".join(" ".join(str(v) for v in r) for r in spec))
        finally:
            for w in (self.inputs_box, self.seed_box, self.typed_edit):
                w.blockSignals(False)
        self.seed_box.setVisible(mode == "random")
        self.typed_edit.setVisible(mode == "typed")
        self.invalidate()

    def refresh(self):
        """Take the trace of the current code and inputs from the analysis; redraw the step."""
        code = self.document.code
        spec, seed = self.state.inputs, self.state.seed
        mode = "typed" if isinstance(spec, (list, tuple)) else spec
        status = ""
        # typed inputs that do not fit (bad entry, or N/K changed): the state draws random
        # values instead and says why — never a silent change
        x, refused = self.state.walkthrough_inputs()
        if refused:
            status = f"<span style='color:#d6336c'>typed inputs not used: {refused}</span>"
        if mode == "typed" and not spec:
            status = "type N rows of K entries, ';' between nodes (random until then)"
        if mode == "matmul":
            status = matmul_note(code)
        self.inputs_status.setText(status)
        self.inputs_status.setVisible(bool(status))
        # the drawing's footnote (and an export's) names the values actually drawn
        drawn = (
            "typed"
            if mode == "typed" and self.current_inputs() != "random"
            else ("matmul" if mode == "matmul" else "random")
        )
        note = {"random": f"random, seed {seed}", "matmul": "matmul partials", "typed": "typed"}[
            drawn
        ]
        if mode == "typed" and drawn == "random":
            note += " (the typed inputs were refused)"
        large = code.N > SUMMARY_ABOVE_N
        self._use_summary(large and not self._full_graph)
        self._gen += 1
        if not large:
            self._pending = None
            self._set_busy(False)
            self._apply(self.analysis.trace(x), note)
            return
        # large: the trace (and the summary's numbers) in the background; the window stays
        # live and says what it is doing; the result is used only if still wanted (token)
        token = (self._gen, code, x, note)
        self._pending = token
        self._set_busy(True)
        analysis, summary = self.analysis, self.renderer is self._summary[2]

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

    def _use_summary(self, on: bool) -> None:
        self.figure, self.canvas, self.renderer = self._summary if on else self._full
        self.canvas_stack.setCurrentWidget(self.canvas)

    def _set_busy(self, on: bool, what: str = "") -> None:
        if on:
            N = self.document.code.N
            self.busy_label.setText(what or f"Computing the walkthrough for N = {N}…")
            self.setCursor(Qt.WaitCursor)
        else:
            self.unsetCursor()
        self.busy_label.setVisible(on)
        self.busy_bar.setVisible(on)

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

    def _apply(self, trace, note: str, summary=None) -> None:
        """Draw ``trace`` (for the current code and inputs) at the state's step."""
        code = self.document.code
        self.trace = trace
        heavy = code.N > SUMMARY_ABOVE_N and self.renderer is self._full[2]
        if heavy:  # the full G_T at large N: seconds, say so meanwhile
            self.setCursor(Qt.WaitCursor)
        try:
            from ...render.walkthrough.layout import NoRoom

            try:
                if self.renderer is self._summary[2]:
                    self.renderer.set_trace(trace, note=note, summary=summary)
                else:
                    self.renderer.set_trace(trace, note=note)
            except NoRoom:
                pass  # (drawn once the canvas has room: the renderer needs a relayout)
        finally:
            if heavy:
                self.unsetCursor()
        T = code.T
        self.slider.blockSignals(True)
        self.slider.setRange(0, T)
        self.slider.setValue(self.step)
        self.slider.blockSignals(False)
        self._update_verdict()
        self._show(self.step)

    def _update_verdict(self):
        tr = self.trace
        N = tr.code.N
        bad = [i for i in range(N) if not tr.report.node_ok(i)]
        if not bad:
            self.verdict_label.setText(
                "<span style='color:#2b8a3e'>✓ Theorem 2 holds: every "
                "destination decodes the sum, for every input.</span>"
            )
            return
        why = failing_reason(tr, bad[0]) or ""
        self.verdict_label.setText(
            f"<span style='color:#d6336c'>✗ destination{'s' if len(bad) > 1 else ''} "
            f"{', '.join(map(str, bad))} cannot decode the sum — {why}</span>"
        )

    # -- drawing ----------------------------------------------------------------------------
    def _on_slider_changed(self, t: int):
        self.set_step(t)

    def _show(self, t: int):
        r = self.renderer
        if self._pending is not None or r.trace is None:
            # still computing: the step is the state's; it is drawn when the trace is in
            self.step_label.setText(f"t = {min(t, self.last_step)} / {self.last_step}")
            return
        r.show_step(t)
        if self.slider.value() != r.step:
            self.slider.blockSignals(True)
            self.slider.setValue(r.step)
            self.slider.blockSignals(False)
        r.draw()
        self.canvas.blit(self.figure.bbox)
        self.caption_label.setText(r.caption(width=100_000))  # Qt wraps
        self._show_decode_arithmetic(r.step)
        self.step_label.setText(f"t = {r.step} / {self.last_step}")
        self.back_button.setEnabled(r.step > 0)
        self.first_button.setEnabled(r.step > 0)
        self.step_button.setEnabled(r.step < self.last_step)
        self.last_button.setEnabled(r.step < self.last_step)
        self.step_changed.emit(r.step)

    SHOWN_DECODES = 4  # nodes whose arithmetic is listed; the tooltip has them all

    def _show_decode_arithmetic(self, t: int) -> None:
        tr = self.trace
        if tr is None or t < tr.code.T:
            self.decode_box.hide()
            return
        per_node = [decode_arithmetic(tr, i) for i in range(tr.code.N)]
        if not any(per_node):
            self.decode_box.hide()
            return

        def block(i):
            return f"node {i}: " + "\n        ".join(per_node[i])

        shown = [block(i) for i in range(min(tr.code.N, self.SHOWN_DECODES))]
        if tr.code.N > self.SHOWN_DECODES:
            shown.append(f"… nodes {self.SHOWN_DECODES}..{tr.code.N - 1}: hover here for all")
        # over GF(2^m) "1 + 3 = 2" is right (XOR), over GF(7) "5 + 6 = 4": say how sums work
        note = tr.code.field.arithmetic_note(short=True)
        self.decode_label.setText(
            "The decode with its numbers (R s + T x"
            + (f"; {note}" if note else "")
            + "):\n"
            + "\n".join(shown)
        )
        self.decode_label.setToolTip(
            "\n".join(block(i) for i in range(tr.code.N))
            + "\n\n"
            + notation_tip("decode", "y", "x")
        )
        self.decode_label.show()
        self.decode_box.show()
        # the decode is what this step is for: bring it into view once laid out
        QTimer.singleShot(
            0, self, lambda: self.drawing_scroll.ensureWidgetVisible(self.decode_box, 0, 0)
        )

    def _on_speed_changed(self, *_):
        if self.playing:
            self.timer.start(self.play_interval_ms())

    def _on_mouse_moved(self, event):
        hit = self.renderer.node_at(event.x, event.y)
        text = self.renderer.node_tooltip(*hit) if hit else ""
        if text != self.canvas.toolTip():
            self.canvas.setToolTip(text)

    def _relayout_if_resized(self, renderer=None):
        r = renderer or self.renderer
        if r.trace is not None and r.needs_relayout():
            self._relayout(r)

    @staticmethod
    def _relayout(r) -> None:
        """Lay ``r`` out for its figure's size; a figure with no room for it (a squeezed or
        hidden canvas) keeps what it showed until it has room again."""
        from ...render.walkthrough.layout import NoRoom

        try:
            r.relayout()
        except NoRoom:
            pass

    def export_dialog(self):
        """Ask for a file name and export the walkthrough (File → Export walkthrough…); a
        .html name writes one self-contained page with every step (ringlab.render.html_export)."""
        path, chosen = QFileDialog.getSaveFileName(
            self,
            "Export walkthrough",
            "walkthrough.gif",
            "Animated GIF (*.gif);;MP4 video (*.mp4);;PDF, one page per step (*.pdf);;"
            "PNG of this step (*.png);;SVG of this step (*.svg);;"
            "Web page, every step, opens offline (*.html)",
        )
        if not path:
            return
        formats = ("gif", "mp4", "pdf", "png", "svg", "html")
        fmt = path.rsplit(".", 1)[-1].lower() if "." in path else ""
        fmt = "html" if fmt == "htm" else fmt
        if fmt not in formats:
            # the chosen filter decides; some dialogs return none: then say what is expected
            fmt = chosen.split("*.")[-1].rstrip(")") if chosen else ""
            if fmt not in formats:
                self.message.emit(
                    f"Export not done: {path} does not end in .gif, .mp4, .pdf, .png or .svg, "
                    f"or .html for a web page (the name says which format to write)"
                )
                return
            path += "." + fmt
        dlg = QProgressDialog("Exporting…", "", 0, self.last_step + 1, self)
        dlg.setCancelButton(None)
        dlg.setWindowModality(Qt.WindowModal)
        dlg.setMinimumDuration(300)

        def progress(done, total):
            dlg.setMaximum(total)
            dlg.setValue(done)

        try:
            if fmt == "html":
                from ...render.html_export import export_walkthrough_html

                self.ensure_ready()  # current_inputs() must say what is drawn now
                out = export_walkthrough_html(
                    self.document.code,
                    self.current_inputs(),
                    path,
                    seed=self.state.seed,
                    progress=progress,
                    fps=self.speed_box.currentData(),
                )
            else:
                out = self.export(
                    path, fmt, step=self.step if fmt in ("png", "svg") else None, progress=progress
                )
        except RinglabError as e:
            why = str(e)
            why = why[3:] if why.startswith("-o ") else why  # (the CLI's flag; no flags here)
            self.message.emit(f"Export failed: {why}")
        else:
            self.message.emit(f"Exported {out}")
        finally:
            dlg.close()
