"""The bounds on whatever a lesson passes to an action or a probe, and the short error lines.

Whatever a lesson file (or a student's answer box) passes is bounded before anything runs:
sizes the app's own widgets allow, nothing that can take a noticeable time.  Checked when the
file is parsed (a malformed lesson, exit 2) and again on every call.
"""

from __future__ import annotations

import math
import numbers
import re

from ...core.code import K_RANGE, N_RANGE, T_RANGE

INT_LIMIT = 10**6  # any integer argument without a range of its own: |v| ≤ this
TEXT_LIMIT = 200  # a name, id, field, unit… (top-level text argument), in characters
NESTED_TEXT_LIMIT = 2000  # any other text: in a list/mapping, a typed answer, a value
ITEMS_LIMIT = 10_000  # values in one list/mapping argument (an inline code, inputs, rows)
DEPTH_LIMIT = 8  # nesting of lists/mappings in one argument (a code needs 5)
NESTED_INT_LIMIT = 10**30  # an integer inside a list or mapping (matrix entries, inputs)
NUMBER_TEXT_LIMIT = 100  # "1/2", "-3.5e-4": characters of a number written as text
EXPONENT_LIMIT = 300  # |exponent| of such a number (10**300 is instant; 10**999999999 hangs)
DIGITS_LIMIT = 100  # a run of digits in any text argument
SEARCH_N, SEARCH_K, SEARCH_T = (2, 12), (1, 16), (1, 40)  # the Search form's spin boxes
EXAMPLE_N = (2, 32)  # the worked example's cores (ringlab.core.schedules.TRACE_N_RANGE)
EXPLORER_N = (2, 1024)  # the cost explorer's cores
MESH_K, MESH_N = (2, 32), (1, 10)  # 32² = 1024 = the mesh's MAX_NODES
SEED = (0, 2**32 - 1)
MAX_PRIME, MAX_EXTENSION = 2**31 - 1, 16  # GF(p) / GF(2^m) the app offers
MESSAGE_LIMIT = 300  # characters of any error message (never a whole value)

NODE = (0, N_RANGE[1] - 1)  # a node of the largest ring the app holds
INDEX = (0, max(T_RANGE[1], K_RANGE[1]))  # a row, column, step, chunk, t, k or j


def brief(v, limit: int = 60) -> str:
    """``repr(v)``, cut to ``limit`` characters: an error never echoes a whole value."""
    if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 3 * limit:
        return f"<an integer of about {int(v.bit_length() * 0.30103) + 1} digits>"
    if isinstance(v, (list, tuple, dict)) and len(v) > limit:
        return f"<a {type(v).__name__} of {len(v)} items>"
    if isinstance(v, str) and len(v) > limit:
        r = repr(v[:limit])  # escapes (\x1f, \U0001342f) make a repr longer than its text
        return (r[: limit + 1] if len(r) > limit + 2 else r[:-1]) + "…" + r[-1]
    try:
        r = repr(v)
    except (ValueError, RecursionError):
        return f"<a {type(v).__name__}>"
    return r if len(r) <= limit else r[: limit - 1] + "…"


def short(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """One line of at most ``limit`` characters."""
    message = " ".join(str(message).split("\n"))
    return message if len(message) <= limit else message[: limit - 1] + "…"


def check_value(v, where: str, depth: int = 0, count: list | None = None) -> str | None:
    """Why ``v`` breaks the limits on any value — nesting, number of items, texts, numbers —
    (None if it does not); ``count`` carries the values seen so far across the nesting."""
    count = [0] if count is None else count
    count[0] += 1
    if count[0] > ITEMS_LIMIT:
        return f"{where} has more than {ITEMS_LIMIT} values"
    if depth > DEPTH_LIMIT:
        return f"{where} is nested more than {DEPTH_LIMIT} levels deep"
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        if abs(v) > NESTED_INT_LIMIT:
            return f"{where}: the number {brief(v)} is too large (at most 10^30)"
        return None
    if isinstance(v, float):
        return None if math.isfinite(v) else f"{where}: {v!r} is not a finite number"
    if isinstance(v, numbers.Number):  # a value the app computed (a Fraction): no text
        try:
            return None if math.isfinite(v) else f"{where}: {brief(v)} is not a finite number"
        except (TypeError, ValueError, OverflowError):
            return None
    if isinstance(v, str):
        if len(v) > NESTED_TEXT_LIMIT:
            return f"{where}: a text of {len(v)} characters (at most {NESTED_TEXT_LIMIT})"
        return _check_text(v, where)
    if isinstance(v, (list, tuple)):
        for k, x in enumerate(v):
            why = check_value(x, f"{where}[{k}]", depth + 1, count)
            if why:
                return why
        return None
    if isinstance(v, dict):
        for key, x in v.items():
            if not isinstance(key, str) or len(key) > TEXT_LIMIT:
                return f"{where}: keys must be short texts, got {brief(key)}"
            why = check_value(x, f"{where}.{key}", depth + 1, count)
            if why is None and key == "field":
                why = check_field_name(x)
            if why:
                return why
        return None
    return f"{where}: {brief(v)} is not a number, text, list or mapping"


_EXPONENT = re.compile(r"(?<=[0-9.])[eE][+\-−]?0*([0-9]+)")  # 1e999999999, 2.E-5000
_DIGITS = re.compile(rf"\d{{{DIGITS_LIMIT + 1},}}")


def _check_text(s: str, where: str) -> str | None:
    """A text that a number parser might take literally: no huge exponent, no endless digits."""
    if _DIGITS.search(s):
        return f"{where}: a number of more than {DIGITS_LIMIT} digits"
    for m in _EXPONENT.finditer(s):
        if len(m.group(1)) > 4 or int(m.group(1)) > EXPONENT_LIMIT:
            return f"{where}: exponent {m.group(0)[:12]!r} is out of range (|exponent| ≤ {EXPONENT_LIMIT})"
    return None


_FIELD = re.compile(r"(?:QQ?|RR?|GF\(([0-9]+)(?:\^([0-9]+))?\))")


def check_field_name(v) -> str | None:
    """Why ``v`` is not a field the app could offer (Q, R, GF(p) with p < 2^31, GF(p^m) with
    m ≤ 16); checked before the field is built, so a 40-digit "prime" is refused at once."""
    if not isinstance(v, str):
        return f"field must be text such as Q, GF(2) or GF(2^8), got {brief(v)}"
    m = _FIELD.fullmatch(v.replace(" ", ""))
    if not m:
        return f"field {brief(v)}: expected Q, R, GF(p) or GF(p^m)"
    p, e = m.group(1), m.group(2) or "1"
    if p and (len(p) > 10 or len(e) > 3 or int(p) > MAX_PRIME or int(e) > MAX_EXTENSION):
        return f"field {brief(v)} is too large (p < 2^31, m ≤ {MAX_EXTENSION})"
    return None
