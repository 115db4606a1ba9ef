"""The application state as one evented dataclass (see the package docstring)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, ClassVar

from ..core.analysis import Analysis
from ..core.code import LinearCode
from ..core.errors import RinglabError
from ..core.quantities import DEFAULT_ALPHA, DEFAULT_BANDWIDTH, DEFAULT_SIZE
from ._edits import CodeEdits
from ._evented import Signal, evented
from ._records import (
    REPORT_START_DELAY,
    SYNC_REPORT_COST,
    CodeSource,
    Verdict,
    report_cost,
    same_code,
)
from ._searches import SearchActs
from .tabs import EDITOR

if TYPE_CHECKING:  # the schedules import NumPy: not on the way to the first window
    from ..core.schedules.matmul import WorkedExample


def _example_for(N: int) -> WorkedExample:
    from ..core.schedules.matmul import TRACE_N_RANGE, default_example

    lo, hi = TRACE_N_RANGE
    return default_example(N if lo <= N <= hi else 4)


@evented
@dataclass
class AppState(CodeEdits, SearchActs):
    """What the app shows.  Fields (each emits ``events.<name>(new, old)`` when assigned):

    * ``code`` — the edited :class:`~ringlab.core.code.LinearCode` (immutable; replace it);
    * ``tab`` — the view shown: ``Editor``, ``Propagation``, ``Schedules``, ``Search``, ``Mesh``;
    * ``step`` — the walkthrough step t, 0..T (clamped when the code changes);
    * ``inputs`` / ``seed`` — walkthrough inputs: ``"random"`` (seeded), ``"matmul"`` or an
      N×K list of rows (typed);
    * ``schedule_step`` — the Schedules scrubber;
    * ``worked_example`` — the Schedules example the user pinned; None (not pinned): the
      default example for the code's N, which follows the code (:meth:`example`);
    * ``alpha``, ``bandwidth``, ``size``, ``explorer_N`` — the cost explorer (``explorer_N``
      None: the example's N);
    * ``schedules`` — the algorithms shown beside ring, tree and the code (names of
      :func:`ringlab.core.schedules.known_schedules`, e.g. ``("recursive-doubling",)``; empty:
      ring, tree and the code only);
    * ``searches`` — search outcomes keyed by (N, K, T, field, routing); ``searching`` — the
      requests queued or running;
    * ``palette``, ``zoom`` — colours of drawings, text size in points (None: the default);
    * ``answers`` — what the student typed into a lesson's boxes, by question id;
      ``lesson`` — the open lesson's key;
    * ``verdict`` — Theorem 2 for the code on screen as a :class:`Verdict` (checking / ready /
      failed *for that code*); ``selected_check`` — the check (node, j) clicked in the Theorem
      2 panel (cleared when the code changes: its failure line was about the old code);
    * ``source`` — the :class:`CodeSource` the code belongs to (its file, or untitled);
    * ``hidden`` — what the window hides while a lesson's open question would otherwise show
      its answer (the names of a prediction's ``hide:``, e.g. ``"status-bounds"``; see
      :mod:`ringlab.lessons.visibility`): the Lessons panel sets it, the views read it.
    """

    code: LinearCode
    tab: str = EDITOR
    step: int = 0
    inputs: object = "random"
    seed: int = 0
    schedule_step: int = 0
    worked_example: WorkedExample | None = None
    alpha: str = DEFAULT_ALPHA
    bandwidth: str = DEFAULT_BANDWIDTH
    size: str = DEFAULT_SIZE
    explorer_N: int | None = None
    schedules: tuple = ()
    searches: dict = field(default_factory=dict)
    searching: tuple = ()
    palette: str = "default"
    zoom: int | None = None
    answers: dict = field(default_factory=dict)
    lesson: str | None = None
    verdict: Verdict | None = None
    selected_check: tuple | None = None
    source: CodeSource = field(default_factory=CodeSource)
    hidden: frozenset = frozenset()
    # what an act said beyond its change ("dropped 3 entries"): the window's status line
    said: ClassVar[Signal] = Signal(str)

    def __post_init__(self):
        if not isinstance(self.code, LinearCode):
            raise TypeError(f"code: expected a LinearCode, got {type(self.code).__name__}")
        self._analysis = None
        # who runs a search: None runs it here and now (headless); the window sets one that
        # runs it in a worker process and records the outcome when it ends
        self.search_runner = None
        # work in flight: synchronous headless; the window gives one that posts to its thread
        from .jobs import JobRunner

        self.jobs = JobRunner()
        self.events.code.connect(self._on_code_changed)

    @classmethod
    def initial(cls) -> AppState:
        """What a fresh window shows: the K = 2, T = 3 preset on the editor."""
        from ..core.presets import DEFAULT, preset

        return cls(preset(DEFAULT))

    def copy(self) -> AppState:
        """An independent state with the same values (no search runner: searches run here)."""
        return replace(self, searches=dict(self.searches), answers=dict(self.answers))

    def update(self, **values) -> None:
        """Set several fields as one act: every field is set before any event is emitted, so
        no reader sees a half-made change (a preset's α with the old B)."""
        changed = []
        for name, value in values.items():
            if not hasattr(self.events, name):
                raise AttributeError(f"AppState has no field {name!r}")
            old = getattr(self, name)
            with getattr(self.events, name).blocked():
                setattr(self, name, value)
            if getattr(self, name) != old:
                changed.append((name, old))
        # the code first: every other field's readers (a tab shown, a step) then see the new
        # code at once, instead of drawing the old one and again (lesson 7 drew G_T twice)
        changed.sort(key=lambda c: c[0] not in ("code", "source"))
        for name, old in changed:
            getattr(self.events, name).emit(getattr(self, name), old)

    def values(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    # -- the code and what follows it ---------------------------------------------------------
    @property
    def analysis(self) -> Analysis:
        """Everything derived from the current code (computed on first use, once per code)."""
        if self._analysis is None or not same_code(self._analysis.code, self.code):
            self._analysis = Analysis(self.code)
        return self._analysis

    def _on_code_changed(self, code, _old) -> None:
        if self.step > code.T:
            self.step = code.T
        self.selected_check = None
        if self.verdict is not None or not self.jobs.synchronous:
            self.want_report()

    # -- Theorem 2's verdict, in flight or in ----------------------------------------------
    @property
    def report_pending(self) -> bool:
        """True exactly while a job checks the code on screen (never for a job that does not
        exist: a view that waits on this always gets its answer)."""
        v = self.verdict
        return (
            v is not None
            and v.status == "checking"
            and same_code(v.code, self.code)
            and self.jobs.is_running(("theorem2", id(v.code)))
        )

    def want_report(self) -> Verdict:
        """Make sure the verdict for the code on screen is in or being computed, and return it:
        a small code (or headless) is checked now; a large one in a process of the job runner,
        its verdict ``checking`` until the report lands (only if the code is still the same)."""
        code, v = self.code, self.verdict
        if (
            v is not None
            and same_code(v.code, code)
            and (v.status != "checking" or self.jobs.is_running(("theorem2", id(v.code))))
        ):
            return v
        a = self.analysis
        for key in self.jobs.running():
            if isinstance(key, tuple) and key[0] == "theorem2":
                self.jobs.cancel(key)  # a check of an older code: stop it
        if a.has_report() or report_cost(code) < SYNC_REPORT_COST or self.jobs.synchronous:
            try:
                self._set_verdict(Verdict(code, "ready", a.report))
            except RinglabError as e:
                self._set_verdict(Verdict(code, "failed", error=str(e)))
            return self.verdict
        from ..core.theorem2 import theorem2_report

        self._set_verdict(Verdict(code, "checking"))
        self.jobs.submit(
            ("theorem2", id(code)),
            theorem2_report,
            code,
            process=True,
            delay=REPORT_START_DELAY,
            on_done=lambda rep: self._report_arrived(code, rep),
            on_error=lambda err: self._report_failed(code, err),
        )
        return self.verdict

    def _set_verdict(self, verdict: Verdict) -> None:
        """The verdict lands in the state (observers repaint from here)."""
        self.verdict = verdict

    def _report_arrived(self, code, rep) -> None:
        if not same_code(code, self.code):
            return  # for a code long gone
        object.__setattr__(rep, "code", self.code)  # the window's code object, not a copy
        self.analysis.install_report(rep)
        self._set_verdict(Verdict(self.code, "ready", rep))

    def _report_failed(self, code, err: str) -> None:
        if same_code(code, self.code):
            self._set_verdict(Verdict(self.code, "failed", error=err))

    # -- walkthrough ---------------------------------------------------------------------------
    def walkthrough_inputs(self) -> tuple[list, str | None]:
        """The inputs the walkthrough runs on, as an N×K array of field elements, and why typed
        inputs were not used (None when they were, or none were typed): typed rows that do not
        fit the code fall back to random values with the seed, as the view draws them."""
        from ..core.inputs import resolve_inputs

        spec = self.inputs
        if isinstance(spec, str) and spec not in ("random", "matmul"):
            raise RinglabError(f"inputs {spec!r}: expected 'random', 'matmul' or an N×K list")
        if isinstance(spec, (list, tuple)):
            if not spec:
                return resolve_inputs(self.code, "random", self.seed), None
            try:
                return resolve_inputs(self.code, list(spec), self.seed), None
            except RinglabError as e:
                return resolve_inputs(self.code, "random", self.seed), str(e)
        return resolve_inputs(self.code, spec, self.seed), None

    def resolved_inputs(self) -> list:
        """The walkthrough's inputs; raises :class:`RinglabError` when typed ones do not fit."""
        x, refused = self.walkthrough_inputs()
        if refused:
            raise RinglabError(f"typed inputs not used: {refused}")
        return x

    def trace(self):
        """The walkthrough's run (eqs. (3)–(4)) on the inputs it draws."""
        return self.analysis.trace(self.walkthrough_inputs()[0])

    # -- schedules -------------------------------------------------------------------------
    @property
    def example_N(self) -> int:
        return self.example().N

    @example_N.setter
    def example_N(self, N: int) -> None:
        from ..core.schedules.matmul import default_example

        self.set_example(default_example(N))

    def example(self) -> WorkedExample:
        """The Schedules tab's worked example: the pinned one, else the default for the code's
        N (so loading an 8-node code shows an 8-core example)."""
        if self.worked_example is not None:
            return self.worked_example
        return _example_for(self.code.N)

    def set_example(self, ex: WorkedExample) -> None:
        """Pin ``ex`` on the Schedules tab: it no longer follows the code's N."""
        self.worked_example = ex

    def follow_code(self) -> None:
        """Unpin the example: the default example for the code's N again."""
        self.worked_example = None

    def cost_params(self) -> dict:
        return dict(
            alpha=self.alpha, bandwidth=self.bandwidth, size=self.size, explorer_N=self.explorer_N
        )

    def comparison(self):
        """The Schedules tab: ring, tree and the editor's code on the worked example, with
        α-β costs (the code runs as the third schedule only when it has the example's N)."""
        from ..core.schedules import compare

        ex = self.example()
        if self.code.N == ex.N:
            return self.analysis.comparison(ex, **self.cost_params())
        return compare(ex, None, strict=False, **self.cost_params())

    # -- lessons -----------------------------------------------------------------------------
    def set_answer(self, qid: str, value) -> None:
        self.answers = {**self.answers, qid: value}
