r"""Where a text states a number *as a result*: the reading behind ``lessons check``'s rule that a
numeric prediction must not be answered by a text the student reads before answering (the rule
itself, and which texts count, are in :mod:`ringlab.lessons.visibility`).

A number stands as a result when it follows a result word or sign — ``=``, ``≥``, ``≤``,
``≈``, ``is``, ``are``, ``exactly`` — possibly as a run (``whole vector = 30 29 22 27``,
``ẑ₀ = [9, 12]``: every number of the run is a result, and the run as a whole is one for a
list answer), or when it is the only number of a table cell or caption.  A digit anywhere else
(``lesson 3``, ``Theorem 3``, ``2(N − 1)``, ``x₀``) is not.  Formulas are read in their Unicode
reading (``$T \ge 7$`` is ``T ≥ 7``), link targets and Markdown marks are dropped first.

**What is counted.**  A result followed by what it counts or measures (``= 3 steps``,
``= 1.5 MB``: a word of :data:`WHATS`) does not answer a question asking for another thing
(``how many messages``, ``in KB?``, see :func:`asked`).

**Givens.**  A result ``L = v`` whose left side ``L`` is given the same value ``v`` by the
question itself (the question says "for $N = 4$" and a text says "N = 4") restates a given,
not the answer: it does not count.  Only ``=`` restates a given: ``T ≥ 7`` is a bound, never a
given, even where ``T = 7``.

>>> [(r.left, [str(v) for v in r.values]) for r in results("Theorem 3: T ≥ 7 ✓")]
[('T', ['7'])]
>>> [str(v) for r in results("Core 0 → Core 2: whole vector = 30 29 22 27") for v in r.values]
['30', '29', '22', '27']
>>> results("lesson 3 and Theorem 3 need 2(N − 1) steps")
[]
>>> [str(v) for r in results("$T = 7$ **exactly**") for v in r.values]
['7']
>>> [str(v) for r in results("1,536", cell=True) for v in r.values]
['1536']
>>> results("6 of 8", cell=True)
[]
>>> [str(v) for r in results("Theorem 3 gives exactly 7.") for v in r.values]
['7']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .text import prose_to_markdown

_NUM = r"[-−]?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:/\d+)?"
# a number that ends there: not 2S, 2(N − 1), 4K/3, 3rd, 2-dimensional
_END = r"(?![\w(/^]|\.\d|-[A-Za-z])"
_NUMBER = re.compile(rf"(?<![\w.,/^])({_NUM}){_END}")
_MARK = r"(?:=|≥|≤|≈|>=|<=|\bis\b|\bare\b|\bexactly\b)"
_RUN = rf"{_NUM}{_END}(?:\s*[,;]?\s*{_NUM}{_END})*"
_RESULT = re.compile(
    rf"(?P<left>[^\s=≥≤≈<>]*)\s*(?P<mark>{_MARK})\s*(?:the\s+)?\[?\s*(?P<run>{_RUN})"
    r"\]?\s*(?P<what>[A-Za-zµ]*)"
)
#: What a number may count or measure; a result counting one of these never answers a question
#: asking for another ("3 steps" does not answer "how many messages?").
WHATS = {
    "step",
    "message",
    "hop",
    "edge",
    "slot",
    "node",
    "core",
    "check",
    "entry",
    "symbol",
    "link",
    "b",
    "kb",
    "mb",
    "gb",
    "s",
    "ms",
    "µs",
    "us",
    "ns",
}
_ASKED = re.compile(r"\bhow many (\w+)|\bin (\w+)", re.IGNORECASE)
_CELL = re.compile(rf"(?<![\w.,/^])({_NUM}){_END}\s*([A-Za-zµ]*)")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MARKS = re.compile(r"\*\*|\*|`|<[^>]+>")


@dataclass(frozen=True)
class Result:
    """Numbers a text states as a result: ``values`` (one, or a run), after ``left mark``,
    followed by the word ``what`` ("steps", "MB"; empty when none)."""

    left: str
    mark: str
    values: tuple
    snippet: str
    what: str = ""


def what_of(word: str) -> str:
    """A counted thing or unit as a key of :data:`WHATS` (``"Steps"`` → ``"step"``), or ``""``."""
    w = word.casefold()
    for key in (w, w[:-1] if w.endswith("s") else w, w[:-2] if w.endswith("es") else w):
        if key in WHATS:
            return key
    return ""


def asked(question: str) -> str:
    """What the question counts or measures ("how many hops", "in KB?"), or ``""``."""
    for m in _ASKED.finditer(plain(question)):
        w = what_of(m.group(1) or m.group(2))
        if w:
            return w
    return ""


def number(token: str) -> Fraction:
    """A number token as written (``1,536``, ``−3``, ``2.3``, ``3/4``)."""
    return Fraction(token.replace(",", "").replace("−", "-"))


def plain(text: str) -> str:
    """Lesson Markdown as the words a student reads: formulas in Unicode, no link targets, no
    emphasis marks or HTML tags."""
    text = prose_to_markdown(text)
    text = _LINK.sub(r"\1", text)
    return _MARKS.sub("", text)


def results(text: str, cell: bool = False) -> list[Result]:
    """The results ``text`` states (``cell``: a table cell or caption, whose only number is
    one)."""
    text = plain(text)
    if cell:
        found = _CELL.findall(text)
        if len(found) == 1:
            (token, word), snippet = found[0], text.strip()[:80]
            return [Result("", "", (number(token),), snippet, what_of(word))]
    out = []
    for m in _RESULT.finditer(text):
        run = _NUMBER.findall(m.group("run"))
        if not run:
            continue
        lo, hi = max(0, m.start() - 30), min(len(text), m.end() + 10)
        snippet = " ".join(text[lo:hi].split())
        left = m.group("left").strip("($,;:")
        values = tuple(map(number, run))
        out.append(Result(left, m.group("mark"), values, snippet, what_of(m.group("what"))))
    return out


def givens(question: str) -> set:
    """``(left, value)`` pairs the question states itself (``for N = 4`` gives ``("N", 4)``)."""
    return {(r.left, v) for r in results(question) if r.left and r.mark == "=" for v in r.values}


def stated(
    answer, same, text: str, given=frozenset(), cell: bool = False, counts: str = ""
) -> str | None:
    """The words of ``text`` that state ``answer`` as a result, or None.

    ``same(a, b)`` compares two values as the answer check does (its tolerance); ``answer`` is a
    number, or a list of numbers matched by a whole run; ``given``: the question's
    :func:`givens`, never counted; ``counts``: what the question counts (:func:`asked`) — a
    result counting something else ("= 3 steps" for "how many messages?") does not count."""
    for r in results(text, cell):
        if counts and r.what and r.what != counts:
            continue
        if isinstance(answer, (list, tuple)):
            hit = len(r.values) == len(answer) and same(list(r.values), list(answer))
            kept = hit and not (r.mark == "=" and all((r.left, v) in given for v in r.values))
        else:
            hit = [v for v in r.values if same(v, answer)]
            kept = any(r.mark != "=" or (r.left, v) not in given for v in hit)
        if kept:
            return r.snippet
    return None
