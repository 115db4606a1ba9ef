"""Numbers as a lesson writes them (exact, bounded) and the units a probe answers in."""

from __future__ import annotations

import math
import re
from fractions import Fraction

from ...core.errors import RinglabError
from .limits import EXPONENT_LIMIT, NUMBER_TEXT_LIMIT, brief

TIME_UNITS = {
    "s": Fraction(1),
    "ms": Fraction(1, 10**3),
    "us": Fraction(1, 10**6),
    "µs": Fraction(1, 10**6),
    "ns": Fraction(1, 10**9),
}
SIZE_UNITS = {"B": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9}

_NUMBER = re.compile(
    r"""\s*(?P<sign>[+\-−]?)\s*(?:
        (?P<num>[0-9]+)\s*/\s*(?P<dsign>[+\-−]?)(?P<den>[0-9]+)                # 1/2, −3/-4
      | (?P<dec>(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(?:[eE](?P<exp>[+\-−]?[0-9]+))?   # 3, -3.5, 1e-6
    )\s*""",
    re.VERBOSE,
)


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
    if len(v) > NUMBER_TEXT_LIMIT:
        raise ValueError(
            f"{brief(v, 20)} is too long for a number "
            f"({len(v)} characters; at most {NUMBER_TEXT_LIMIT})"
        )
    m = _NUMBER.fullmatch(v)
    if not m:
        raise ValueError(f"{brief(v, 40)} is not a number (expected e.g. 3, -1/2, 0.25, 1e-6)")
    neg = m["sign"] in ("-", "−")
    if m["num"] is not None:
        den = int(m["den"])
        if den == 0:
            raise ZeroDivisionError(f"{brief(v, 40)} divides by zero")
        x = Fraction(int(m["num"]), den)
        return -x if neg != (m["dsign"] in ("-", "−")) else x
    exp = int(m["exp"].replace("−", "-")) if m["exp"] else 0
    if abs(exp) > EXPONENT_LIMIT:
        raise ValueError(f"{brief(v, 40)} is out of range (|exponent| ≤ {EXPONENT_LIMIT})")
    x = Fraction(m["dec"]) * Fraction(10) ** exp
    return -x if neg else x


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
