r"""The fields a code can live in: $\mathbb{Q}$, $\mathbb{R}$, GF(p) and GF(p^m).

One small interface (:class:`Field`) for parsing entries, formatting them, and the few matrix
operations Theorem 2 and propagation need.  Each field keeps matrices in the representation that
is fastest for it (counted in the README):

* ``Q``: python-flint ``fmpq_mat`` (exact; a 16×16 product costs about 10 µs);
* ``R``: NumPy float64, equality within ``atol = rtol = 1e-9``;
* ``GF(p)``: NumPy int64 with a reduction mod p after each product;
* ``GF(p^m)``: NumPy integer arrays in galois's integer representation, products through a
  full multiplication table (q ≤ 1024) or log/antilog tables, on the Conway polynomial that
  galois uses by default — built here, so galois (≈1.6 s to import and look up) is never on
  the path to a check or a window.

Rooms: :mod:`._base` (the interface, the NumPy plumbing), :mod:`.rational` (Q and R),
:mod:`.prime`, :mod:`.extension` with :mod:`._polynomials` (GF(p^m)'s arithmetic and moduli),
:mod:`._literals` (an entry split into signs and literals); :func:`field` names them.

A *batch* is a stack of same-shaped matrices (one per ring node), so a check is a few dozen
batched products instead of hundreds of small ones.

Entry rule: a literal must be an element of the field.  Over GF(q) that is an integer
0..q−1 (``5`` in GF(2) is refused, not reduced); unary minus and ``a/b`` are the field's own
operations (``-1`` in GF(7) is 6, ``1/2`` in GF(7) is 4); decimals only over Q and R; NaN and
infinity nowhere.

>>> F = field("GF(7)")
>>> F.parse("-1"), F.parse("1/2")
(6, 4)
>>> field("Q").format(field("Q").parse("0.25"))
'1/4'
"""

from __future__ import annotations

import math
import re

from ..errors import FieldError
from ._base import Field
from ._polynomials import conway_modulus, irreducible_moduli, parse_modulus
from .extension import ExtensionField, extension_field
from .prime import PrimeField, is_prime, prime_field
from .rational import RationalField, RealField, rationals, reals

__all__ = [
    "ExtensionField",
    "Field",
    "PrimeField",
    "RationalField",
    "RealField",
    "conway_modulus",
    "field",
    "irreducible_moduli",
    "parse_modulus",
]

MAX_PRIME = 2**31 - 1
MAX_EXTENSION_ORDER = 2**16

_NAME = re.compile(r"GF\(\s*([0-9]+)\s*(?:\^\s*([0-9]+)\s*)?\)")
_HELP = (
    "expected Q, R, GF(p) with p prime < 2^31, or GF(p^m) with p^m ≤ 2^16 "
    "(for example GF(2), GF(7), GF(2^8))"
)


def _prime_power(q: int) -> tuple[int, int] | None:
    for p in range(2, math.isqrt(q) + 1):
        if q % p == 0:
            m = 0
            while q % p == 0:
                q //= p
                m += 1
            return (p, m) if q == 1 else None
    return (q, 1) if q >= 2 else None


def field(name, modulus=None) -> Field:
    """The field called ``name``: ``"Q"``, ``"R"``, ``"GF(p)"`` or ``"GF(p^m)"``.

    ``"GF(8)"`` is accepted for GF(2^3).  Fields are cached: asking twice is free.  GF(p^m)
    computes modulo the Conway polynomial unless ``modulus`` (text, ``"x^3 + x^2 + 1"``) names
    another irreducible polynomial, or the name carries it: ``"GF(2^3)[x^3 + x^2 + 1]"``.

    >>> field("GF(2^8)").order
    256
    >>> field("GF(2^3)", modulus="x^3+x^2+1").name
    'GF(2^3)[x^3 + x^2 + 1]'
    """
    if isinstance(name, Field):
        if modulus is None:
            return name
        name = getattr(name, "base_name", name.name)
    if not isinstance(name, str):
        raise FieldError(f"field must be a string, got {name!r}: {_HELP}")
    s = name.strip()
    if s.endswith("]") and "[" in s:
        s, _, inner = s[:-1].partition("[")
        if modulus is not None and modulus.strip() != inner.strip():
            raise FieldError(
                f"field {name!r} names modulus {inner!r}, but modulus {modulus!r} was given"
            )
        modulus = inner
        s = s.strip()
    if s in ("Q", "QQ"):
        F = rationals()
    elif s in ("R", "RR"):
        F = reals()
    else:
        F = None
    if F is not None:
        if modulus is not None:
            raise FieldError(f"a modulus ({modulus!r}) belongs to GF(p^m) only, not {s}")
        return F
    mt = _NAME.fullmatch(s.replace(" ", ""))
    if not mt:
        raise FieldError(f"unknown field {name!r}: {_HELP}")
    base = int(mt.group(1))
    exp = int(mt.group(2)) if mt.group(2) else 1
    if exp < 1:
        raise FieldError(f"unknown field {name!r}: the exponent m must be at least 1")
    if exp == 1:
        pm = _prime_power(base) if base <= MAX_EXTENSION_ORDER or is_prime(base) else None
        if base > MAX_PRIME:
            raise FieldError(f"field {name!r} is too large: {_HELP}")
        if pm is None:
            raise FieldError(f"{name!r} is not a field: {base} is not a prime power; {_HELP}")
        p, m = pm
    else:
        if not is_prime(base):
            raise FieldError(f"{name!r} is not a field: {base} is not prime; {_HELP}")
        p, m = base, exp
    if m > 1 and p**m > MAX_EXTENSION_ORDER:
        raise FieldError(f"field {name!r} is too large: {_HELP}")
    if modulus is None:
        return prime_field(p) if m == 1 else extension_field(p, m)
    if m == 1:
        raise FieldError(f"a modulus ({modulus!r}) belongs to GF(p^m) with m ≥ 2, not GF({p})")
    return extension_field(p, m, parse_modulus(modulus, p, m))
