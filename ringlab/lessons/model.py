r"""A parsed lesson: setup actions, then prose, ``predict`` questions, ``task``\ s and ``notes``.

Everything that runs is a :class:`Call` of a whitelisted registry entry (never code); every
piece remembers its file line, so a failure during replay is reported as ``FILE:LINE``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ..core.errors import RinglabError
from . import registry
from .answers import parse_answer

ASK_KINDS = ("number", "list", "choice", "node", "truth")
INPUT_KINDS = ("number", "list", "choice", "text")


@dataclass(frozen=True)
class Call:
    """``name(**args)`` of a registry action or probe, written on file line ``line``."""

    kind: str  # "action" | "probe"
    name: str
    args: dict
    line: int

    @property
    def entry(self) -> registry.Entry:
        return (registry.ACTIONS if self.kind == "action" else registry.PROBES)[self.name]

    def run(self, state):
        return self.entry.func(state, **self.args)

    def __str__(self) -> str:
        if not self.args:
            return self.name
        return (
            self.name
            + "("
            + ", ".join(f"{k}={registry.show(v)}" for k, v in self.args.items())
            + ")"
        )


@dataclass(frozen=True)
class AnswerRef:
    """ "What the student typed into question ``id``'s box" as the expected side of a check."""

    id: str


@dataclass(frozen=True)
class Check:
    """A probe's value compared with ``expected`` by ``op`` (see :data:`registry.OPS`)."""

    probe: Call
    op: str
    expected: object
    tol: object = None
    line: int = 0

    def expected_value(self, state):
        if isinstance(self.expected, AnswerRef):
            return state.answers.get(self.expected.id)
        return self.expected

    def evaluate(self, state) -> tuple[bool, object]:
        """``(ok, value)``: value is what the app shows (raises RinglabError if it cannot)."""
        value = self.probe.run(state)
        expected = self.expected_value(state)
        if isinstance(self.expected, AnswerRef):
            if expected is None:
                return False, value
            try:
                expected = typed_like(value, expected)
            except RinglabError:  # typed text that is not even of the right form
                return False, value
        return registry.compare(self.op, value, expected, self.tol), value

    def describe(self) -> str:
        exp = (
            "the typed answer"
            if isinstance(self.expected, AnswerRef)
            else registry.show(self.expected)
        )
        tol = f" (within {registry.show(self.tol)} relative)" if self.tol is not None else ""
        return f"{self.probe} {self.op.replace('_', ' ')} {exp}{tol}"


def typed_like(truth, typed):
    """A typed answer still in text, read as the kind of value the app shows (a list for a
    list, a number for a number) — never by ``Fraction`` on raw text, which a huge exponent
    would stall.  Raises RinglabError (saying the expected format) when it cannot be read."""
    if not isinstance(typed, str):
        return typed
    if isinstance(truth, (list, tuple)):
        return parse_answer("list", typed)
    if isinstance(truth, bool):
        return parse_answer("truth", typed)
    if isinstance(truth, (int, float, Fraction)):
        return parse_answer("number", typed)
    return typed


@dataclass
class Prose:
    text: str  # Markdown, as written (formulas in $…$)
    line: int


@dataclass
class Notes:
    text: str  # presenter notes (Markdown)
    line: int


@dataclass
class Predict:
    """Asked before the app shows the answer; ``show`` reads the answer once ``reveal`` ran."""

    id: str
    line: int
    text: str
    ask: str
    show: Call
    answer: object  # the author's answer: must be what the app shows
    reveal: list = field(default_factory=list)
    choices: list | None = None
    wrong: list = field(default_factory=list)
    tol: object = None
    explain: str = ""
    hide: tuple = ()  # what the window hides until answered (names: visibility.HIDE)

    def truth(self, state):
        """What the app shows for this question (run the ``reveal`` actions first)."""
        return self.show.run(state)

    @property
    def unit(self) -> str:
        """What the question asks in ("in KB?", "how many hops"), which a typed number may
        carry (``86 KB``); ``""`` when it names nothing."""
        from .given_away import asked

        return asked(self.text)

    def parse(self, text):
        """The student's text read as this question's kind (``ask``); RinglabError, saying the
        expected format, when it is not one (see :mod:`ringlab.lessons.answers`)."""
        return parse_answer(self.ask, text, self.choices, self.unit)

    def is_correct(self, state, answer) -> bool:
        """Whether ``answer`` — typed text, read by :meth:`parse`, or a value already parsed —
        is what the app shows.  Text that does not parse raises RinglabError (the format)."""
        value = self.parse(answer) if isinstance(answer, str) else answer
        return registry.same(self.truth(state), value, self.tol)


@dataclass
class Task:
    """A goal checked live; ``solution`` fills the answer (actions), ``wrong`` must fail.

    With ``input`` set the answer is typed into the lesson's own box: ``solution`` and each
    ``wrong`` are then one ``type_answer`` action, and ``goal`` compares the typed value."""

    id: str
    line: int
    text: str
    goal: list
    solution: list
    wrong: list  # list of lists of actions
    hints: list = field(default_factory=list)
    input: str | None = None
    choices: list | None = None
    explain: str = ""

    def met(self, state) -> bool:
        return all(c.evaluate(state)[0] for c in self.goal)

    def parse(self, text):
        """The text typed into this task's box read as its ``input`` kind (RinglabError with
        the expected format if it is not one); only for typed-answer tasks."""
        if self.input is None:
            raise RinglabError(f"task {self.id} has no answer box (its goal is checked on the app)")
        from .given_away import asked

        return parse_answer(self.input, text, self.choices, asked(self.text))


@dataclass
class Lesson:
    path: Path
    title: str
    minutes: int
    order: int
    summary: str
    setup: list  # actions
    blocks: list  # Prose | Predict | Task | Notes, in file order
    line_of_setup: int = 1

    @property
    def key(self) -> str:
        """The lesson's name in progress files: its file name without ``.md``."""
        return self.path.stem

    @property
    def predicts(self) -> list:
        return [b for b in self.blocks if isinstance(b, Predict)]

    @property
    def tasks(self) -> list:
        return [b for b in self.blocks if isinstance(b, Task)]

    @property
    def questions(self) -> list:
        return [b for b in self.blocks if isinstance(b, (Predict, Task))]

    def new_state(self):
        """A fresh app state with the lesson's setup applied."""
        from .state import LabState

        st = LabState.initial()
        for call in self.setup:
            call.run(st)
        return st
