r"""Polynomials over GF(p) for GF(p^m): products modulo the field's polynomial, a primitive
element, irreducibility, and the modulus as text (``x^3 + x^2 + 1``) both ways.

A polynomial is a list of coefficients, lowest degree first; as one integer (galois's integer
representation) it is $\sum_k c_k p^k$.
"""

from __future__ import annotations

import re

from .._conway import CONWAY
from ..errors import FieldError


def mulmod(a: list[int], b: list[int], f_low: list[int], p: int) -> list[int]:
    """a·b modulo the monic polynomial whose lower coefficients are ``f_low`` (degree m)."""
    m = len(f_low)
    prod = [0] * (2 * m - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    prod[i + j] = (prod[i + j] + x * y) % p
    for k in range(2 * m - 2, m - 1, -1):  # x^k = x^(k-m) · (−f_low)
        top = prod[k]
        if top:
            prod[k] = 0
            for j, c in enumerate(f_low):
                prod[k - m + j] = (prod[k - m + j] - top * c) % p
    return prod[:m]


def _powmod(a, e, f_low, p):
    r = [1] + [0] * (len(f_low) - 1)
    while e:
        if e & 1:
            r = mulmod(r, a, f_low, p)
        a = mulmod(a, a, f_low, p)
        e >>= 1
    return r


def primitive_element(p: int, m: int, f_low: list[int]) -> list[int]:
    """The first element (in integer order, from x) whose powers run through every nonzero
    element modulo an irreducible polynomial."""
    q = p**m
    n, primes, d = q - 1, [], 2
    while d * d <= n:
        if n % d == 0:
            primes.append(d)
            while n % d == 0:
                n //= d
        d += 1
    if n > 1:
        primes.append(n)
    one = [1] + [0] * (m - 1)
    for v in range(p, q):
        g = [(v // p**k) % p for k in range(m)]
        if all(_powmod(g, (q - 1) // r, f_low, p) != one for r in primes):
            return g
    raise FieldError("internal: no primitive element (the modulus is not irreducible)")


def _polymod_is_zero(f: list[int], g: list[int], p: int) -> bool:
    """Whether the monic-or-not ``g`` (lowest first, nonzero leading) divides ``f``."""
    r = list(f)
    dg, inv = len(g) - 1, pow(g[-1], -1, p)
    for k in range(len(r) - 1, dg - 1, -1):
        c = r[k] * inv % p
        if c:
            for j in range(dg + 1):
                r[k - dg + j] = (r[k - dg + j] - c * g[j]) % p
    return not any(r[:dg])


def _is_irreducible(coeffs: list[int], p: int) -> bool:
    """Trial division by every monic polynomial of degree 1..m/2 (at most p^(m/2) ≤ 256 of
    each degree for p^m ≤ 2^16)."""
    m = len(coeffs) - 1
    for d in range(1, m // 2 + 1):
        for v in range(p**d):
            g = [(v // p**k) % p for k in range(d)] + [1]
            if _polymod_is_zero(coeffs, g, p):
                return False
    return True


_SUP = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_TERM = re.compile(r"([0-9]*)\*?(?:(x)(?:\^([0-9]+))?)?")


def parse_modulus(text, p: int, m: int) -> int:
    r"""The polynomial ``text`` (``"x^3 + x^2 + 1"``, ``"x^3+x^2+1"``, ``"x³+x²+1"``) as
    galois's integer $\sum_k c_k p^k$; raises :class:`FieldError` (one line) unless it is a
    monic irreducible polynomial of degree m over GF(p)."""
    want = f"a monic irreducible polynomial of degree {m} over GF({p}) such as {polynomial_text(CONWAY[(p, m)], p, m)!r}"
    if not isinstance(text, str):
        raise FieldError(f"modulus must be text, got {text!r}: expected {want}")
    s = re.sub(
        r"(x)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)",
        lambda mt: "x^" + mt.group(2).translate(_SUP),
        text.strip().replace("X", "x").replace("·", "*"),
    )
    s = s.replace(" ", "")
    if not s or "-" in s:
        raise FieldError(
            f"modulus {text!r} is not a polynomial: expected {want} (coefficients "
            f"0..{p - 1}, no minus signs)"
        )
    coeffs: dict[int, int] = {}
    for term in s.split("+"):
        mt = _TERM.fullmatch(term)
        if not term or not mt or (not mt.group(1) and not mt.group(2)):
            raise FieldError(f"modulus {text!r} is not a polynomial (at {term!r}): expected {want}")
        c = int(mt.group(1)) if mt.group(1) else 1
        k = (int(mt.group(3)) if mt.group(3) else 1) if mt.group(2) else 0
        if c >= p:
            raise FieldError(
                f"modulus {text!r}: coefficient {c} is not an element of GF({p}); expected {want}"
            )
        if k in coeffs:
            raise FieldError(f"modulus {text!r}: x^{k} appears twice; expected {want}")
        coeffs[k] = c
    deg = max((k for k, c in coeffs.items() if c), default=0)
    if deg != m:
        raise FieldError(
            f"modulus {text!r} has degree {deg}, but GF({p}^{m}) needs degree {m}: expected {want}"
        )
    if coeffs[m] != 1:
        raise FieldError(
            f"modulus {text!r} is not monic (leading coefficient {coeffs[m]}): expected {want}"
        )
    lst = [coeffs.get(k, 0) for k in range(m + 1)]
    if not _is_irreducible(lst, p):
        raise FieldError(
            f"modulus {text!r} is reducible over GF({p}), so GF({p})[x] modulo it "
            f"is not a field: expected {want}"
        )
    return sum(c * p**k for k, c in enumerate(lst))


def polynomial_text(poly: int, p: int, m: int) -> str:
    """The polynomial of degree ≤ m whose integer is ``poly``, as text: ``x^2 + x + 1``."""
    terms = []
    for k in range(m, -1, -1):
        d = (poly // p**k) % p
        if d:
            mono = "x" if k == 1 else f"x^{k}"
            terms.append(str(d) if k == 0 else (mono if d == 1 else f"{d}{mono}"))
    return " + ".join(terms)


def conway_modulus(p: int, m: int) -> str:
    """Conway's polynomial for GF(p^m) as text, e.g. ``x^3 + x + 1``: the default modulus."""
    return polynomial_text(CONWAY[(p, m)], p, m)


def irreducible_moduli(p: int, m: int) -> list[str]:
    """Every monic irreducible polynomial of degree m over GF(p), as text, Conway's first."""
    conway = CONWAY[(p, m)]
    out = [polynomial_text(conway, p, m)]
    for low in range(p**m):
        poly = low + p**m
        if poly != conway and _is_irreducible([(poly // p**k) % p for k in range(m + 1)], p):
            out.append(polynomial_text(poly, p, m))
    return out
