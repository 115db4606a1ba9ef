"""The state's value objects (no Qt): a search asked for and its outcome, Theorem 2's verdict
for one code, and where the code on screen came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..core.code import LinearCode


@dataclass(frozen=True)
class SearchRequest:
    """One search the user (or a lesson) asked for: ring, field and class of codes."""

    N: int
    K: int
    T: int
    field: str = "GF(2)"
    routing: bool = False
    symmetric: bool = False
    timeout: float = 60
    load: bool = False  # put a found code in the editor (a lesson's ``load: true``)

    @property
    def key(self) -> tuple:
        return (self.N, self.K, self.T, self.field, bool(self.routing))

    def search_args(self) -> dict:
        """What the search is asked (keywords of :func:`ringlab.core.search.search`, without
        its time limit)."""
        return dict(
            N=self.N,
            K=self.K,
            T=self.T,
            field=self.field,
            routing=self.routing,
            symmetric=self.symmetric,
        )

    def describe(self) -> str:
        return f"N = {self.N}, K = {self.K}, T = {self.T} over {self.field}" + (
            ", routing only" if self.routing else ""
        )


@dataclass(frozen=True)
class SearchOutcome:
    """One answer of a search: ``found`` / ``impossible`` / ``undecided``."""

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


# N²·T·K² below this: eq. (5) takes milliseconds even for a dense code; checked at once
SYNC_REPORT_COST = 2_000_000
# an edit of a large code waits this long before its check process starts (typing coalesces)
REPORT_START_DELAY = 0.15


def report_cost(code) -> int:
    """A size measure of eq. (5)'s work: N² node pairs, each a T-step chain of K×K blocks."""
    N, K, T = code.shape
    return N * N * T * K * K


def same_code(a, b) -> bool:
    """Whether ``a`` and ``b`` are the same code (an equal copy counts: a lesson reloading the
    preset on screen replaces the object without an event, and must not orphan its verdict)."""
    return a is b or (a is not None and b is not None and a == b)


@dataclass(frozen=True, eq=False)
class Verdict:
    """Theorem 2 for one code: ``status`` is ``checking`` (a job runs for exactly this code),
    ``ready`` (``report`` holds it) or ``failed`` (``error`` says why).  Compared by identity,
    so every new verdict is an event."""

    code: LinearCode
    status: str
    report: object = None
    error: str | None = None


@dataclass(frozen=True, eq=False)
class CodeSource:
    """Where the code on screen came from: ``path``, the file it belongs to (None: untitled —
    Save asks for a name), and ``origin``, said in the title of an untitled code ("preset",
    "search result", "lesson 3").  Compared by identity: two untitled codes are two
    documents."""

    path: str | None = None
    origin: str = ""
    # an untitled document's code as it came (it is "modified" once it differs from this)
    baseline: LinearCode | None = field(default=None, repr=False)

    def title(self, code: LinearCode) -> str:
        """The window's title for ``code`` from here: the file's name, or the code's name
        and where it came from ("Classic ring all-reduce, N=8 (preset, untitled)")."""
        if self.path:
            return Path(self.path).name
        name = code.name or f"N = {code.N}, K = {code.K}, T = {code.T} over {code.field.name}"
        return f"{name} ({self.origin + ', ' if self.origin else ''}untitled)"
