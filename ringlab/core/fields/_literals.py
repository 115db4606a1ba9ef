"""An entry as typed: ``-a/-b`` split into signs and decimal literals, before any field reads it.

The signs and ``/`` are the field's own operations (``-1`` in GF(7) is 6), so they are split
off here and applied by :meth:`Field.parse`; each literal is a :data:`~ringlab.core.quantities.
DECIMAL`, as everywhere a number is typed.
"""

from __future__ import annotations

import re

from ..errors import EntryError
from ..quantities import DECIMAL

_INT = re.compile(r"[0-9]+")
_DEC = re.compile(DECIMAL)
# a literal longer than this is a paste gone wrong, and "1e999999999" would build a
# billion-digit rational (the app hangs); int() refuses > 4300 digits with a ValueError
MAX_LITERAL_DIGITS = 1000


def split_literal(text: str) -> tuple[bool, str, bool, str | None]:
    """Split ``"-a/-b"`` into its signs and literals; raise :class:`EntryError` if malformed."""
    s = text.strip().replace("\u2212", "-")  # the Unicode minus, as everywhere a number is typed
    if not s:
        raise EntryError("empty entry: expected a number such as 0, -1 or 1/2")
    num, sep, den = s.partition("/")
    num, den = num.strip(), den.strip() if sep else None
    neg_num, num = _unsigned(num)
    neg_den = False
    if den is not None:
        neg_den, den = _unsigned(den)
    for part in (num, den):
        if part is not None and not _DEC.fullmatch(part):
            low = s.lower()
            if any(w in low for w in ("nan", "inf")):
                raise EntryError(
                    f"{text!r} is not a finite number: NaN and infinity are not allowed"
                )
            raise EntryError(
                f"{text!r} is not a number: expected an integer, a/b or a decimal such as 0.25"
            )
    return neg_num, num, neg_den, den


def _unsigned(part: str) -> tuple[bool, str]:
    if part.startswith("-"):
        return True, part[1:].strip()
    return False, part


def is_integer_literal(lit: str) -> bool:
    return _INT.fullmatch(lit) is not None


def check_literal_size(lit: str, whole: str) -> None:
    """Refuse a literal (of the entry ``whole``) with too many digits or too large an
    exponent, before anything builds its value."""
    mant, _, exp = lit.lower().partition("e")
    if len(mant) > MAX_LITERAL_DIGITS or (exp and abs(int(exp)) > MAX_LITERAL_DIGITS):
        raise EntryError(
            f"{whole[:40]!r}{'…' if len(whole) > 40 else ''} is too large: "
            f"expected at most {MAX_LITERAL_DIGITS} digits (and exponents up to "
            f"±{MAX_LITERAL_DIGITS})"
        )
