"""What a prediction's verdict says, in the lessons layer so the window and the tests read the
same words (no Qt).

The student's answer is echoed *as typed* ("you said 1.5", never the 3/2 it was read as); the
truth is "the answer", not "what the app shows" (the app may show nothing of it: a bound, a
count, a table cell); once answered a prediction is locked (:meth:`ringlab.lessons.progress
.Progress.record_predict`), so a second Check repeats the first verdict instead of judging
again.

>>> from ringlab.lessons.model import Call, Predict
>>> p = Predict("q", 1, "T?", "number", Call("probe", "param", {"name": "T"}, 1), 6)
>>> verdict(p, False, 6, "3/2")
'✗ Not quite: you said 3/2; the answer is 6.'
>>> words(Fraction(3, 2), "number"), words(Fraction(-1, 40), "number")
('1.5', '-0.025')
>>> verdict(p, True, 6, "6.0")
'✓ Right: you said 6.0; the answer is 6.'
>>> locked(p, {"answer": "3/2", "correct": False, "typed": "1.5"}, 6)
'✗ Not quite (answered before, locked): you said 1.5; the answer is 6.'
"""

from __future__ import annotations

from fractions import Fraction

from . import registry


def words(value, kind: str) -> str:
    """A value as the student reads it: yes/no for a yes-or-no question, node 2 for a node,
    a list as ``2 8 6 4``."""
    if kind == "truth" and isinstance(value, bool):
        return "yes" if value else "no"
    if kind == "node" and isinstance(value, int) and not isinstance(value, bool):
        return f"node {value}"
    if isinstance(value, (list, tuple)):
        return " ".join(words(v, kind) for v in value)
    if isinstance(value, Fraction) and value.denominator != 1:
        d = value.denominator
        while d % 2 == 0:
            d //= 2
        while d % 5 == 0:
            d //= 5
        if d == 1:  # a finite decimal: 3/2 is read 1.5, as a student writes it
            return _decimal(value)
    return registry.show(value)


def _decimal(v: Fraction) -> str:
    digits = 0
    while (v * 10**digits).denominator != 1:
        digits += 1
    sign, n = ("-" if v < 0 else ""), abs(int(v * 10**digits))
    whole, frac = divmod(n, 10**digits)
    return f"{sign}{whole}.{frac:0{digits}d}"


def said(record: dict, kind: str) -> str:
    """The student's answer of a progress record, as typed when it was kept."""
    typed = record.get("typed")
    if isinstance(typed, str) and typed:
        return typed
    value = record.get("answer")
    return value if isinstance(value, str) else words(value, kind)


def verdict(p, right: bool, truth, typed) -> str:
    """The verdict of prediction ``p`` just checked: ``typed`` is the answer as entered (text,
    or a chosen value), ``truth`` what the lesson's probe reads."""
    you = typed if isinstance(typed, str) else words(typed, p.ask)
    mark = "✓ Right" if right else "✗ Not quite"
    explain = f" {p.explain}" if p.explain else ""
    return f"{mark}: you said {you}; the answer is {words(truth, p.ask)}.{explain}"


def locked(p, record: dict, truth=None) -> str:
    """The verdict of a prediction answered before (restored, or checked again): its first
    answer stands; ``truth`` when the window can read it (else only the answer is echoed)."""
    right = bool(record.get("correct"))
    mark = "✓ Right" if right else "✗ Not quite"
    tail = "" if truth is None else f"; the answer is {words(truth, p.ask)}"
    explain = f" {p.explain}" if p.explain and truth is not None else ""
    return f"{mark} (answered before, locked): you said {said(record, p.ask)}{tail}.{explain}"
