r"""Numbers and quantities a user types: exact numbers, times, sizes and bandwidths.

One grammar for a number written as text, read exactly (:class:`~fractions.Fraction`, never a
float): an optional sign (``-``, ``+`` or the Unicode minus ``−``), then either a ratio of
integers ``a/b`` (the denominator may carry its own sign) or a decimal with an optional
exponent, with space allowed around the whole and around ``/``.

>>> parse_number("1.5"), parse_number("3/2"), parse_number("5e-1")
(Fraction(3, 2), Fraction(3, 2), Fraction(1, 2))
>>> parse_number("-1/2") == parse_number("−0.5") == parse_number("1/-2") == Fraction(-1, 2)
True

A caller words its own errors: :class:`NumberTextError` says only *why* (``reason``) the text is
refused, so that the answer box, a lesson file and the code editor each explain it their way.
Size limits are the caller's too: ``1e999999999`` would build a billion-digit integer, so a
caller that reads untrusted text passes ``max_exponent`` (and ``max_digits``).

>>> parse_number("1e999999999", max_exponent=300)
Traceback (most recent call last):
...
ringlab.core.quantities.NumberTextError: exponent: '1e999999999'

Times, sizes and bandwidths carry a unit (1 KB = 1000 bytes, 1 KiB = 1024 bytes):

>>> parse_seconds("50us"), parse_bytes("4KiB"), parse_bandwidth("190GB/s")
(Fraction(1, 20000), Fraction(4096, 1), Fraction(190000000000, 1))
>>> format_seconds(Fraction(23, 10**4)), format_bytes(10**6), format_bandwidth(1.9e11)
('2.3 ms', '1 MB', '190 GB/s')

The α-β cost model's defaults are the tree all-reduce example's: 1 µs per step, 190 GB/s links,
a 1 MB message. The Schedules tab, ``ringlab compare``, present mode and the state start from
these.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .errors import RinglabError

DEFAULT_ALPHA = "1us"
DEFAULT_BANDWIDTH = "190GB/s"
DEFAULT_SIZE = "1MB"

# -- exact numbers ----------------------------------------------------------------------------

_MINUS = ("-", "\u2212")
#: An unsigned decimal: ``3``, ``3.``, ``.5``, ``2.5e-3``, ``1E+6``.
DECIMAL = r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+\-\u2212]?[0-9]+)?"
_DECIMAL_PARTS = re.compile(r"([0-9]*)(?:\.([0-9]*))?(?:[eE]([+\-\u2212]?)([0-9]+))?")
_NUMBER = re.compile(
    rf"""\s*(?P<sign>[+\-\u2212]?)\s*(?:
        (?P<num>[0-9]+)\s*/\s*(?P<dsign>[+\-\u2212]?)(?P<den>[0-9]+)    # 1/2, −3/-4
      | (?P<dec>{DECIMAL})                                             # 3, 3.5, 1e-6
    )\s*""",
    re.VERBOSE,
)


class NumberTextError(ValueError):
    """Text that is not a number; ``reason`` says why, for the caller's own message.

    ``"form"``: not a number at all; ``"digits"``: a part has more than ``max_digits`` digits;
    ``"zero"``: the denominator is 0; ``"exponent"``: |exponent| is over ``max_exponent``."""

    def __init__(self, reason: str, text: str):
        super().__init__(f"{reason}: {text!r}")
        self.reason, self.text = reason, text


def parse_number(text: str, *, max_digits: int | None = None, max_exponent: int | None = None):
    """The exact value of ``text`` (see the module's grammar), or :class:`NumberTextError`."""
    m = _NUMBER.fullmatch(text)
    if not m:
        raise NumberTextError("form", text)
    negative = m["sign"] in _MINUS
    if m["num"] is None:
        value = decimal_value(m["dec"], max_digits=max_digits, max_exponent=max_exponent)
        return -value if negative else value
    if max_digits is not None and max(len(m["num"]), len(m["den"])) > max_digits:
        raise NumberTextError("digits", text)
    if int(m["den"]) == 0:
        raise NumberTextError("zero", text)
    value = Fraction(int(m["num"]), int(m["den"]))
    return -value if negative != (m["dsign"] in _MINUS) else value


def decimal_value(
    text: str, *, max_digits: int | None = None, max_exponent: int | None = None
) -> Fraction:
    """The exact value of an unsigned :data:`DECIMAL` (``"2.5e-3"`` → 1/400)."""
    m = _DECIMAL_PARTS.fullmatch(text)
    if not m or not (m[1] or m[2]):
        raise NumberTextError("form", text)
    whole, frac, exp_sign, exp_digits = m[1], m[2] or "", m[3], m[4]
    if max_digits is not None and max(len(whole), len(frac)) > max_digits:
        raise NumberTextError("digits", text)
    exponent = 0
    if exp_digits is not None:
        digits = exp_digits.lstrip("0")
        # the length first: int() of a 5000-digit exponent is already slow
        if max_exponent is not None and (
            len(digits) > len(str(max_exponent)) or int(digits or "0") > max_exponent
        ):
            raise NumberTextError("exponent", text)
        exponent = -int(digits or "0") if exp_sign in _MINUS else int(digits or "0")
    return Fraction(int((whole or "0") + frac), 10 ** len(frac)) * Fraction(10) ** exponent


# -- times, sizes, bandwidths ------------------------------------------------------------------

TIME_UNITS = {
    "s": 1,
    "ms": Fraction(1, 10**3),
    "us": Fraction(1, 10**6),
    "µs": Fraction(1, 10**6),
    "μs": Fraction(1, 10**6),
    "ns": Fraction(1, 10**9),
}
#: Byte units by lower-case name; 1 KB = 1000 bytes as in the cost examples, 1 KiB = 1024.
SIZE_UNITS = {
    "b": 1,
    "kb": 10**3,
    "mb": 10**6,
    "gb": 10**9,
    "tb": 10**12,
    "kib": 2**10,
    "mib": 2**20,
    "gib": 2**30,
}
BANDWIDTH_UNITS = {k + "/s": v for k, v in SIZE_UNITS.items()}
QTY_MIN, QTY_MAX = Fraction(1, 10**30), Fraction(10**30)  # α, B, S in s, B/s, B
_QUANTITY = re.compile(rf"\s*([+\-\u2212]?)({DECIMAL})\s*([A-Za-zµμ/]*)\s*")


def _quantity(
    text, units: dict, default_unit, where: str, example: str, zero_ok: bool = False
) -> Fraction:
    if isinstance(text, (int, Fraction)) and not isinstance(text, bool):
        value = Fraction(text)
    elif isinstance(text, float):
        value = Fraction(str(text))
    else:
        m = _QUANTITY.fullmatch(str(text))
        unit = m.group(3) if m else None
        key = unit if unit in units else (unit.lower() if unit else unit)
        if not m or (unit and key not in units):
            raise RinglabError(f"{where}: {str(text)!r} is not understood (expected {example})")
        try:  # 1e999999999 would take minutes to build; anything past 1e400 is out of range
            value = decimal_value(m.group(2), max_exponent=400) * units[key or default_unit]
        except NumberTextError:
            raise RinglabError(
                f"{where}: {str(text).strip()!r} is out of range (expected {example}, "
                f"between 1e-30 and 1e30 in base units)"
            ) from None
        if m.group(1) in _MINUS:
            value = -value
    if value < 0 or (value == 0 and not zero_ok):
        raise RinglabError(
            f"{where}: must be {'zero or more' if zero_ok else 'positive'}, "
            f"got {text!r} (expected {example})"
        )
    # the plot and the α-β times go through floats: 1e999s would overflow them, 1e-400 vanish
    if value and not QTY_MIN <= value <= QTY_MAX:
        raise RinglabError(
            f"{where}: {str(text).strip()!r} is out of range (expected {example}, "
            f"between 1e-30 and 1e30 in base units)"
        )
    return value


def parse_seconds(text, where: str = "alpha") -> Fraction:
    """``50us``, ``1e-6``, ``0.05ms``, ``1µs`` → seconds."""
    return _quantity(
        text, TIME_UNITS, "s", where, "a time like 50us, 1e-6 (seconds) or 0.05ms", zero_ok=True
    )


def parse_bytes(text, where: str = "size") -> Fraction:
    """``1MB``, ``357KB``, ``1e6``, ``4KiB`` → bytes (KB = 1000 B, KiB = 1024 B)."""
    return _quantity(text, SIZE_UNITS, "b", where, "a size like 1MB, 256KB, 4KiB or 1e6 (bytes)")


def parse_bandwidth(text, where: str = "bandwidth") -> Fraction:
    """``190GB/s``, ``1e9`` → bytes per second."""
    return _quantity(
        text, BANDWIDTH_UNITS, "b/s", where, "a bandwidth like 190GB/s, 1GB/s or 1e9 (bytes/s)"
    )


def _fmt(v: float, units) -> str:
    v = float(v)
    for name, scale in units:
        if abs(v) >= scale:
            return f"{v / scale:.4g} {name}"
    name, scale = units[-1]
    return f"{v / scale:.4g} {name}"


def format_bytes(v) -> str:
    return _fmt(v, [("GB", 1e9), ("MB", 1e6), ("KB", 1e3), ("B", 1)])


def format_seconds(v) -> str:
    return _fmt(v, [("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)])


def format_bandwidth(v) -> str:
    return _fmt(v, [("GB/s", 1e9), ("MB/s", 1e6), ("KB/s", 1e3), ("B/s", 1)])


def cost_row_cells(k) -> list[str]:
    """One algorithm's row of the cost explorer's table, as the window shows it (and as
    ``lessons check`` reads it): steps, messages, message size, bytes per link, bytes sent per
    worker, ratio to the 2S(N−1)/N bound, α-β time, algorithm and bus bandwidth."""
    return [
        str(k.steps),
        str(k.messages),
        format_bytes(k.message_bytes),
        format_bytes(k.bytes_per_link),
        format_bytes(k.bytes_sent_per_worker),
        f"{float(k.ratio_to_bound):.3g}",
        format_seconds(k.time),
        format_bandwidth(k.algbw),
        format_bandwidth(k.busbw),
    ]
