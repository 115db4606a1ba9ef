"""A check's comparison of the app's value with the expected one, and how a lesson prints it."""

from __future__ import annotations

from fractions import Fraction

from .values import to_number

OPS = ("equals", "approx", "at_least", "at_most", "one_of")


def same(a, b, tol=None) -> bool:
    """Whether the app's value ``a`` and the expected ``b`` agree: numbers exactly (or within
    the relative ``tol``), truth values as such, text ignoring case and surrounding space,
    lists item by item."""
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return (
            isinstance(a, (list, tuple))
            and isinstance(b, (list, tuple))
            and len(a) == len(b)
            and all(same(x, y, tol) for x, y in zip(a, b))
        )
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if a is None or b is None:
        return a is b
    try:
        x, y = to_number(a), to_number(b)
    except (ValueError, ZeroDivisionError, TypeError):
        return str(a).strip().casefold() == str(b).strip().casefold()
    if tol is None:
        return x == y
    return abs(x - y) <= to_number(tol) * max(abs(x), abs(y))


def compare(op: str, value, expected, tol=None) -> bool:
    """Whether ``value`` passes the comparison ``op`` (one of :data:`OPS`) with ``expected``."""
    if op == "equals":
        return same(value, expected)
    if op == "approx":
        return same(value, expected, tol)
    if op == "one_of":
        return any(same(value, e) for e in expected)
    try:
        x, y = to_number(value), to_number(expected)
    except (ValueError, ZeroDivisionError, TypeError):
        return False
    return x >= y if op == "at_least" else x <= y


def show(value) -> str:
    """A value the way a lesson prints it: 30, 1/2, 357647.06, true, [1, 2]."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        f = float(value)
        return f"{f:.6g}" if abs(f) >= 1e-3 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)
