r"""What the app holds, without Qt: :class:`LabState`, the world a lesson's checks read.

A lesson moves the app (load a preset, type an entry, step the walkthrough, run a search) and
asks questions about what it then shows.  Headless, the "app" is this object; in the desktop
app the Lessons panel mirrors the window into a ``LabState`` (:meth:`LabState.from_window`
is the lead's to write: every field below has one widget it comes from) and applies the same
actions to the window.  So the registry's actions and probes are written against this class
only.

Fields, and where the window keeps them:

* ``code`` — the document's :class:`~ringlab.core.code.LinearCode` (the editor's grids);
* ``tab`` — the current tab: ``Editor``, ``Propagation``, ``Schedules``, ``Search``;
* ``step`` — the Propagation walkthrough step t (0..T: transmissions shown so far);
* ``schedule_step`` — the Schedules scrubber (0..steps of the longest schedule);
* ``inputs`` / ``seed`` — Propagation inputs: ``"random"`` (seeded), ``"matmul"`` (the seeds'
  partials $X_i W_i$) or an N×K list;
* ``alpha``, ``bandwidth``, ``size``, ``explorer_N`` — the Schedules tab's α-β cost explorer
  (``explorer_N`` None: the example's N); ``example_N`` — the worked example's number of cores;
* ``searches`` — answers of the Search tab, keyed by (N, K, T, field, routing);
* ``answers`` — what the student typed into the lesson's own answer boxes, by question id.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..core.analysis import Analysis
from ..core.code import LinearCode
from ..core.errors import RinglabError

TABS = ("Editor", "Propagation", "Schedules", "Search", "Mesh")


@dataclass(frozen=True)
class SearchOutcome:
    """One answer of the Search tab: ``found`` / ``impossible`` / ``undecided``."""

    N: int
    K: int
    T: int
    field: str
    routing: bool
    status: str
    proof: str = ""
    code: LinearCode | None = None

    @property
    def key(self) -> tuple:
        return (self.N, self.K, self.T, self.field, self.routing)


@dataclass
class LabState:
    code: LinearCode
    tab: str = "Editor"
    step: int = 0
    schedule_step: int = 0
    inputs: object = "random"
    seed: int = 0
    alpha: str = "1us"
    bandwidth: str = "190GB/s"
    size: str = "1MB"
    example_N: int = 4
    explorer_N: int | None = None
    searches: dict = field(default_factory=dict)
    answers: dict = field(default_factory=dict)
    _analysis: Analysis | None = field(default=None, repr=False, compare=False)

    @classmethod
    def initial(cls) -> "LabState":
        """What a fresh window shows: the K = 2, T = 3 preset on the editor."""
        from ..core.presets import DEFAULT, preset
        return cls(preset(DEFAULT))

    def copy(self) -> "LabState":
        """An independent state (codes are immutable values; the dicts are copied)."""
        return replace(self, searches=dict(self.searches), answers=dict(self.answers))

    # -- derived, cached per code -----------------------------------------------------------
    @property
    def analysis(self) -> Analysis:
        if self._analysis is None or self._analysis.code is not self.code:
            self._analysis = Analysis(self.code)
        return self._analysis

    def set_code(self, code: LinearCode) -> None:
        """Replace the code; the walkthrough step is clamped to the new T (as the view does)."""
        self.code = code
        self.step = min(self.step, code.T)

    def resolved_inputs(self) -> list:
        """The Propagation tab's inputs as an N×K array of field elements."""
        from ..render.inputs import resolve_inputs     # pure: no matplotlib, no Qt
        spec = self.inputs
        if isinstance(spec, str) and spec not in ("random", "matmul"):
            raise RinglabError(f"inputs {spec!r}: expected 'random', 'matmul' or an N×K list")
        return resolve_inputs(self.code, spec, self.seed)

    def trace(self):
        """The walkthrough's run (eqs. (3)–(4)) on the current inputs."""
        return self.analysis.trace(self.resolved_inputs())

    def example(self):
        from ..core.schedules import default_example
        return default_example(self.example_N)

    def comparison(self):
        """The Schedules tab: ring, tree and the editor's code on the worked example, with
        α-β costs.  The editor's code only runs as the third schedule when it fits the example
        (N cores); otherwise the classic ring for N stands in, as the tab does."""
        from ..core.schedules import compare
        ex = self.example()
        if self.code.N == ex.N:
            return self.analysis.comparison(ex, alpha=self.alpha, bandwidth=self.bandwidth,
                                            size=self.size, explorer_N=self.explorer_N)
        return compare(ex, None, alpha=self.alpha, bandwidth=self.bandwidth, size=self.size,
                       strict=False, explorer_N=self.explorer_N)

    def search(self, N, K, T, field="GF(2)", routing=False) -> SearchOutcome:
        key = (N, K, T, field, bool(routing))
        if key not in self.searches:
            what = f"N = {N}, K = {K}, T = {T} over {field}" + (", routing only" if routing else "")
            raise RinglabError(f"no search for {what} has been run yet (run_search first)")
        return self.searches[key]
