r"""What a student typed, read by the kind of question it answers (no Qt).

:func:`parse_answer` turns the text of a lesson's answer box into the value the lesson compares
with what the app shows (:func:`ringlab.lessons.registry.same`), or raises
:class:`~ringlab.core.errors.RinglabError` whose message says which format is expected:

=========== ========================================================= ==========================
kind        accepts                                                   value
=========== ========================================================= ==========================
``number``  ``30``, ``-3``, ``−3`` (Unicode minus), ``1/2``, ``0.5``,  an exact ``Fraction``
            ``5e-1``, with space around; with the question's unit
            when it names one (``86 KB`` asked "in KB?")
``list``    numbers as above separated by spaces, commas or           a list of ``Fraction``\ s
            semicolons, optionally in ``[…]`` or ``(…)``:
            ``[2, 8, 6, 4]``, ``2 8 6 4``, ``2,8,6,4``, ``(2; 8; 6; 4)``
``node``    ``2`` (or ``node 2``)                                     an ``int``
``truth``   yes / no / true / false (any case)                        a ``bool``
``text``    any non-empty text                                        the text, stripped
``choice``  one of the question's choices (any case)                  the choice as written
=========== ========================================================= ==========================

Numbers are read by a regular expression before anything converts them, and their size is
capped (digits per part, |exponent| ≤ :data:`MAX_EXPONENT`, text length), so a hostile or
mistyped answer such as ``1e999999999`` is refused at once instead of making ``Fraction``
build a billion-digit integer.

>>> parse_answer("list", "2 8 6 4") == parse_answer("list", "[2, 8, 6, 4]") == [2, 8, 6, 4]
True
>>> parse_answer("number", "5e-1")
Fraction(1, 2)
>>> parse_answer("number", "1e999999999")
Traceback (most recent call last):
...
ringlab.core.errors.RinglabError: '1e999999999': ...
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..core.errors import RinglabError
from ..core.quantities import NumberTextError, parse_number

KINDS = ("number", "list", "node", "truth", "text", "choice")

# The examples a refusal and an empty box show: values that answer no question of the course
# ("expected a number such as 30" answered two of them; tests/lessons/test_answers.py holds it)
NUMBER_EXAMPLES = ("17", "2/5", "0.35")
LIST_EXAMPLE = "13 17 19"

#: What each kind's box expects, as shown in an error.
FORMATS = {
    "number": f"a number such as {', '.join(NUMBER_EXAMPLES[:-1])} or {NUMBER_EXAMPLES[-1]}",
    "list": f"a list of numbers such as {LIST_EXAMPLE} or [{LIST_EXAMPLE.replace(' ', ', ')}]",
    "node": "a node number such as 0, 1 or 2",
    "truth": "yes or no (or true / false)",
    "text": "some text",
    "choice": "one of the choices",
}

#: What an empty answer box shows.
PLACEHOLDERS = {
    "number": f"a number, e.g. {', '.join(NUMBER_EXAMPLES[:-1])} or {NUMBER_EXAMPLES[-1]}",
    "list": f"numbers, e.g. {LIST_EXAMPLE} or [{LIST_EXAMPLE.replace(' ', ', ')}]",
}

MAX_EXPONENT = 300  # |e| in 5e-1 and the like
MAX_DIGITS = 100  # digits in one part of a number (mantissa, numerator, denominator)
MAX_TEXT = 10_000  # characters in one answer
MAX_ITEMS = 1000  # numbers in one list
MAX_NODE_DIGITS = 6

_MINUSES = str.maketrans({"\u2212": "-", "\u2013": "-", "\ufe63": "-", "\uff0d": "-"})
_NODE = re.compile(r"(?:node\s*)?(\d+)", re.ASCII | re.IGNORECASE)
_SEP = re.compile(r"[\s,;]+")
_TRUE, _FALSE = {"yes", "true", "y"}, {"no", "false", "n"}


def parse_answer(kind: str, text, choices=None, unit: str = ""):
    """The value of the answer ``text`` to a question of ``kind`` (see the module's table).

    ``text`` is what was typed; a value that is already parsed (an int, a list of numbers, a
    bool — what a lesson file stores) is accepted too and checked the same way.  ``choices``
    (for ``choice``) lists the answers the question offers; ``unit``: what a number question
    asks in (``"kb"``, ``"ms"``, ``"hop"``: :func:`ringlab.lessons.given_away.asked`), which a
    typed number may then carry (``86 KB``, ``0.086 MB`` — converted —, ``640 hops``)."""
    if kind not in KINDS:
        raise RinglabError(f"unknown answer kind {kind!r} (expected one of {', '.join(KINDS)})")
    if kind == "number":
        if unit and isinstance(text, str):
            return _number_in(text, unit)
        return _number(text)
    if kind == "list":
        return _list(text)
    if kind == "node":
        return _node(text)
    if kind == "truth":
        return _truth(text)
    if kind == "choice":
        return _choice(text, choices)
    return _text(text)


def expected(kind: str, text, why: str = "") -> RinglabError:
    """The error for ``text`` that is not an answer of ``kind``."""
    shown = _shown(text)
    return RinglabError(f"{shown}: expected {FORMATS[kind]}" + (f" ({why})" if why else ""))


def _shown(text) -> str:
    s = text if isinstance(text, str) else repr(text)
    s = s.strip()
    if not s:
        return "nothing typed"
    return repr(s if len(s) <= 40 else s[:37] + "...")


def _clean(text, kind) -> str:
    if not isinstance(text, str):
        raise expected(kind, text)
    if len(text) > MAX_TEXT:
        raise expected(kind, text, f"more than {MAX_TEXT} characters")
    return text.translate(_MINUSES).strip()


# -- numbers ---------------------------------------------------------------------------------


def _number(text, kind="number") -> Fraction:
    if isinstance(text, bool):
        raise expected(kind, text)
    if isinstance(text, (int, Fraction)):
        return Fraction(text)
    if isinstance(text, float):
        if text != text or text in (float("inf"), float("-inf")):
            raise expected(kind, text)
        return Fraction(repr(text))  # its shortest decimal, as registry.to_number
    s = _clean(text, kind)
    return _number_text(s, text, kind)


_WITH_WORD = re.compile(r"(.*?\d)\s*([A-Za-zµ]+(?:/s)?)\.?")


def _number_in(text: str, unit: str) -> Fraction:
    """A number typed with or without the question's ``unit`` (``86``, ``86 KB``, ``86kb``); a
    size or time in another unit of the same kind is converted (``0.086 MB`` for KB)."""
    s = _clean(text, "number")
    m = _WITH_WORD.fullmatch(s)
    if m is None:
        return _number(text)
    value, word = m.group(1).strip(), m.group(2)
    w = word.casefold()
    if w in (unit, unit + "s", unit + "es") or (unit == "µs" and w == "us"):
        return _number_text(value, text, "number")
    from ..core.quantities import parse_bytes, parse_seconds

    for parse, base in ((parse_bytes, "b"), (parse_seconds, "s")):
        try:
            there, here = parse(f"{value}{word}"), parse(f"1{unit}")
        except RinglabError:
            continue
        if base == "b" and w.endswith("b") or base == "s" and w.endswith("s"):
            return there / here
    raise expected("number", text, f"the question asks in {_UNIT_WORDS.get(unit, unit)}")


_UNIT_WORDS = {"b": "B", "kb": "KB", "mb": "MB", "gb": "GB", "us": "µs"}

_WHY = {  # NumberTextError.reason → what the box says
    "digits": f"at most {MAX_DIGITS} digits",
    "zero": "the denominator is 0",
    "exponent": f"exponents go up to ±{MAX_EXPONENT}",
}


def _number_text(s: str, original, kind) -> Fraction:
    try:
        return parse_number(s, max_digits=MAX_DIGITS, max_exponent=MAX_EXPONENT)
    except NumberTextError as e:
        raise expected(kind, original, _WHY.get(e.reason, "")) from None


def _list(text) -> list:
    kind = "list"
    if isinstance(text, (list, tuple)):
        if not text or len(text) > MAX_ITEMS:
            raise expected(kind, text)
        try:
            return [_number(x, kind) for x in text]
        except RinglabError:
            raise expected(kind, text) from None
    s = _clean(text, kind)
    if len(s) >= 2 and (s[0], s[-1]) in (("[", "]"), ("(", ")")):
        s = s[1:-1].strip()
    items = [x for x in _SEP.split(s) if x]
    if not items:
        raise expected(kind, text)
    if len(items) > MAX_ITEMS:
        raise expected(kind, text, f"at most {MAX_ITEMS} numbers")
    out = []
    for k, item in enumerate(items, 1):
        try:
            out.append(_number_text(item, item, kind))
        except RinglabError as e:
            why = str(e).partition("(")[2].rstrip(")")
            raise expected(
                kind, text, f"item {k}, {item!r}, is not a number" + (f": {why}" if why else "")
            ) from None
    return out


# -- the rest ----------------------------------------------------------------------------------


def _node(text) -> int:
    if isinstance(text, bool):
        raise expected("node", text)
    if isinstance(text, int):
        if text < 0:
            raise expected("node", text)
        return text
    s = _clean(text, "node")
    m = _NODE.fullmatch(s)
    if not m or len(m.group(1)) > MAX_NODE_DIGITS:
        raise expected("node", text)
    return int(m.group(1))


def _truth(text) -> bool:
    if isinstance(text, bool):
        return text
    s = _clean(text, "truth").casefold()
    if s in _TRUE:
        return True
    if s in _FALSE:
        return False
    raise expected("truth", text)


def _text(text) -> str:
    if not isinstance(text, str):
        text = str(text)
    s = _clean(text, "text")
    if not s:
        raise expected("text", text)
    return s


def _choice(text, choices) -> str:
    s = _text(text) if isinstance(text, str) else str(text)
    if choices is None:
        return s
    for c in choices:
        if str(c).strip().casefold() == s.casefold():
            return str(c)
    raise RinglabError(f"{_shown(s)}: expected one of the choices ({', '.join(map(str, choices))})")
