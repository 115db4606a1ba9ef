"""GF(p^m), m ≥ 2, on log/antilog tables built here (galois is never imported on this path)."""

from __future__ import annotations

from functools import cache

from .._conway import CONWAY
from .._lazy import np
from ..errors import FieldError
from ._base import FiniteField
from ._polynomials import mulmod, polynomial_text, primitive_element


class ExtensionField(FiniteField):
    """GF(p^m), m ≥ 2, in galois's integer representation: an element is the integer whose
    base-p digits are its polynomial's coefficients, computed modulo ``poly`` — the Conway
    polynomial unless another irreducible monic polynomial is given (its name then carries it:
    ``GF(2^3)[x^3 + x^2 + 1]``)."""

    def __init__(self, p: int, m: int, poly: int | None = None):
        self.p, self.m = p, m
        self.characteristic = p
        self.order = q = p**m
        self.conway = poly is None or poly == CONWAY[(p, m)]
        self.poly = CONWAY[(p, m)] if poly is None else poly
        self.base_name = f"GF({p}^{m})"
        self.name = self.base_name if self.conway else f"{self.base_name}[{self.modulus_text()}]"
        self._exp, self._log = exp, log = self._power_tables()
        # the same tables as Python lists: a scalar product is two list reads, not a NumPy call
        self._exp_list, self._log_list = exp[: 2 * q - 2].tolist(), log.tolist()
        self._sentinel = None
        self._pows = np.array([p**k for k in range(m)], dtype=np.int64)
        self._mul_table = _multiplication_table(exp, log) if q <= 1024 else None

    def _power_tables(self):
        """``(exp, log)``: exp[i] is the generator's i-th power (twice over, so a sum of two
        logarithms needs no reduction), log its inverse on the nonzero elements."""
        p, m, q = self.p, self.m, self.order
        exp = np.empty(2 * q, dtype=np.int64)
        log = np.zeros(q, dtype=np.int64)
        poly_digits = [(self.poly // p**k) % p for k in range(m)]
        if self.conway:
            gen = None
        else:  # x need not be primitive modulo another polynomial: find a generator
            gen = primitive_element(p, m, poly_digits)
        digits = [1] + [0] * (m - 1)
        for i in range(q - 1):
            v = sum(d * p**k for k, d in enumerate(digits))
            exp[i] = v
            log[v] = i
            if gen is None:
                top = digits[-1]
                digits = [0] + digits[:-1]  # multiply by x ...
                if top:  # ... and reduce x^m = -(lower terms of poly)
                    digits = [(d - top * c) % p for d, c in zip(digits, poly_digits)]
            else:
                digits = mulmod(digits, gen, poly_digits, p)
        if len(set(exp[: q - 1].tolist())) != q - 1:
            raise FieldError(
                f"internal: the generator is not primitive modulo {self.modulus_text()} "
                f"in {self.base_name}"
            )
        exp[q - 1 : 2 * q - 2] = exp[: q - 1]
        return exp, log

    def __reduce__(self):
        return (extension_field, (self.p, self.m, None if self.conway else self.poly))

    def entry_hint(self) -> str:
        p = self.p
        if p == 2:
            return " (its bits are a polynomial's coefficients: 2 is x, 3 is x + 1; −x = x, addition is XOR)"
        return (
            f" (its base-{p} digits are a polynomial's coefficients: {p} is x, {p + 1} is "
            f"x + 1; −1 is {p - 1})"
        )

    def arithmetic_note(self, short: bool = False) -> str:
        if short:
            return (
                f"in {self.name} addition is XOR of the bits: 1 + 3 = 2"
                if self.p == 2
                else f"in {self.name} addition is digit by digit mod {self.p}"
            )
        if self.p == 2:
            return (
                f"in {self.name} addition is XOR of the bits (1 + 3 = 2), −x = x, and a "
                f"product is a polynomial product modulo {self.modulus_text()}"
            )
        return (
            f"in {self.name} an element is the integer of its {self.m} base-{self.p} digits "
            f"(polynomial coefficients); addition is digit by digit mod {self.p} "
            f"({self.p - 1} + 1 = {self.add(self.p - 1, 1)}), and a product is a polynomial "
            f"product modulo {self.modulus_text()}"
        )

    @property
    def modulus(self) -> str:
        """The irreducible polynomial the field computes modulo, as text: ``x^3 + x + 1``."""
        return self.modulus_text()

    def modulus_text(self) -> str:
        """The irreducible polynomial (Conway's unless chosen), e.g. ``x^2 + x + 1``."""
        return polynomial_text(self.poly, self.p, self.m)

    # -- elementwise (arrays or scalars) ---------------------------------------------------
    def _vmul(self, a, b):
        if self._mul_table is not None:
            return self._mul_table[a, b]
        r = self._exp[self._log[a] + self._log[b]]
        return np.where((np.asarray(a) == 0) | (np.asarray(b) == 0), 0, r)

    def _vadd(self, a, b):
        if self.p == 2:
            return np.bitwise_xor(a, b)
        a, b = np.asarray(a), np.asarray(b)
        out = np.zeros(np.broadcast(a, b).shape, dtype=np.int64)
        for pw in self._pows:
            out += (((a // pw) % self.p + (b // pw) % self.p) % self.p) * pw
        return out

    def _vneg(self, a):
        if self.p == 2:
            return a
        a = np.asarray(a)
        out = np.zeros_like(a, dtype=np.int64)
        for pw in self._pows:
            out += ((-((a // pw) % self.p)) % self.p) * pw
        return out

    def neg(self, a):
        return int(a) if self.p == 2 else int(self._vneg(a))

    def add(self, a, b):
        return int(a) ^ int(b) if self.p == 2 else int(self._vadd(a, b))

    def sub(self, a, b):
        return int(a) ^ int(b) if self.p == 2 else int(self._vadd(a, self._vneg(b)))

    def mul(self, a, b):
        if not a or not b:
            return 0
        lg = self._log_list
        return self._exp_list[lg[a] + lg[b]]

    def sentinel_tables(self):
        r"""``(log, exp)`` for vectorised products $ab = \exp[\log a + \log b]$ without masking:
        ``log`` (``intp``) maps 0 to a sentinel $Z = 2(q-1)$ beyond every sum of two true
        logarithms, and ``exp`` (``uint16``, q ≤ 2^16) is 0 from index $2q - 2$ on, so a product
        with a zero factor reads a zero."""
        if self._sentinel is None:
            q = self.order
            z = 2 * (q - 1)
            log = self._log.astype(np.intp)
            log[0] = z
            exp = np.zeros(2 * z + 1, dtype=np.uint16)
            exp[: 2 * q - 2] = self._exp[: 2 * q - 2]
            self._sentinel = (log, exp)
        return self._sentinel

    def div(self, a, b):
        r"""$a/b = x^{(\log a - \log b) \bmod (q-1)}$; 0 has no logarithm (``_log[0]`` is a
        placeholder), so b = 0 must be refused before the table is read."""
        if b == 0:
            raise ZeroDivisionError(f"division by zero in {self.name}")
        if a == 0:
            return 0
        return int(self._exp[(self._log[a] - self._log[b]) % (self.order - 1)])

    # -- matrices --------------------------------------------------------------------------
    def matmul(self, a, b):
        if self.p == 2:  # look-ups through the zero sentinel: no masks
            log, exp = self.sentinel_tables()
            prod = exp[log[a][..., :, :, None] + log[b][..., None, :, :]]
            return np.bitwise_xor.reduce(prod, axis=-2).astype(np.int64)
        prod = self._vmul(a[..., :, :, None], b[..., None, :, :])
        acc = prod[..., 0, :]
        for k in range(1, prod.shape[-2]):
            acc = self._vadd(acc, prod[..., k, :])
        return acc

    def madd(self, a, b):
        return self._vadd(a, b)

    def msub(self, a, b):
        return self._vadd(a, self._vneg(b))


def _multiplication_table(exp, log):
    """Every product a·b as one array read (worth its q² entries for q ≤ 1024)."""
    la = log[np.arange(len(log))]
    tab = exp[(la[:, None] + la[None, :])]
    tab[0, :] = 0
    tab[:, 0] = 0
    return tab


@cache
def _extension(p: int, m: int, poly: int | None) -> ExtensionField:
    return ExtensionField(p, m, poly)


def extension_field(p: int, m: int, poly: int | None = None) -> ExtensionField:
    """GF(p^m) modulo ``poly`` (Conway's when None), one instance per field (the arguments are
    trusted: :func:`~ringlab.core.fields.field` checks them)."""
    return _extension(p, m, None if poly == CONWAY[(p, m)] else poly)
