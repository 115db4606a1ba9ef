"""Numbers as a lesson writes them (exact, bounded) and the units a probe answers in."""

from __future__ import annotations

import math
from fractions import Fraction

from ...core import quantities
from ...core.errors import RinglabError
from .limits import EXPONENT_LIMIT, NUMBER_TEXT_LIMIT, brief

# the units a probe answers in (1 KB = 1000 B), named as a lesson writes them
TIME_UNITS = {u: Fraction(quantities.TIME_UNITS[u]) for u in ("s", "ms", "us", "µs", "ns")}
SIZE_UNITS = {u: quantities.SIZE_UNITS[u.lower()] for u in ("B", "KB", "MB", "GB")}


def to_number(v) -> Fraction:
    """An exact number from an int, a float (by its shortest decimal), ``"1/2"`` or ``"-3.5"``.

    Text must be a plain number — sign (``-``, ``+`` or ``−``), digits, ``a/b``, a decimal point,
    an exponent — of at most NUMBER_TEXT_LIMIT characters and |exponent| ≤ EXPONENT_LIMIT:
    ``"1e999999999"`` would build a billion-digit rational, so it is a ValueError at once, as are
    infinity and NaN."""
    if isinstance(v, bool):
        raise TypeError("a truth value is not a number")
    if isinstance(v, (int, Fraction)):
        return Fraction(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"{v!r} is not a finite number")
        return Fraction(repr(v))
    if isinstance(v, str):
        return _text_to_number(v)
    raise TypeError(f"{brief(v)} is not a number")


def _text_to_number(v: str) -> Fraction:
    """The grammar of :func:`ringlab.core.quantities.parse_number`, within the limits, in the
    words a lesson author reads."""
    if len(v) > NUMBER_TEXT_LIMIT:
        raise ValueError(
            f"{brief(v, 20)} is too long for a number "
            f"({len(v)} characters; at most {NUMBER_TEXT_LIMIT})"
        )
    try:
        return quantities.parse_number(v, max_exponent=EXPONENT_LIMIT)
    except quantities.NumberTextError as e:
        if e.reason == "zero":
            raise ZeroDivisionError(f"{brief(v, 40)} divides by zero") from None
        if e.reason == "exponent":
            raise ValueError(
                f"{brief(v, 40)} is out of range (|exponent| ≤ {EXPONENT_LIMIT})"
            ) from None
        raise ValueError(
            f"{brief(v, 40)} is not a number (expected e.g. 3, -1/2, 0.25, 1e-6)"
        ) from None


def is_number_text(v) -> bool:
    """Whether ``v`` is text that :func:`to_number` reads."""
    try:
        to_number(v)
        return isinstance(v, str)
    except (ValueError, ZeroDivisionError, TypeError):
        return False


def _in_unit(value, unit, units, what):
    if unit not in units:
        raise RinglabError(f"unit {unit!r}: expected a {what} unit, one of {', '.join(units)}")
    return Fraction(value) / units[unit]


def convert(value, unit, default):
    """``value`` (seconds or bytes) in ``unit`` (``default`` when none is given); a unit that
    is not a time is read as a size, and refused with the list of sizes."""
    unit = unit or default
    if unit in TIME_UNITS:
        return _in_unit(value, unit, TIME_UNITS, "time")
    return _in_unit(value, unit, SIZE_UNITS, "size")


def field_value(F, e):
    """A field element as a plain value: an exact number when it is one, else its text."""
    s = F.format(e)
    try:
        return to_number(s)
    except (ValueError, ZeroDivisionError, TypeError):
        return s
