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
import sys
from functools import cache

from flint import fmpq, fmpq_mat

from ._conway import CONWAY
from ._lazy import np  # NumPy on first use (start-up: Q needs none)
from .errors import EntryError, FieldError
from .quantities import DECIMAL, decimal_value

MAX_PRIME = 2**31 - 1
MAX_EXTENSION_ORDER = 2**16

_INT = re.compile(r"[0-9]+")
MAX_LITERAL_DIGITS = 1000
_DEC = re.compile(DECIMAL)


def _split_literal(text: str) -> tuple[bool, str, bool, str | None]:
    """Split ``"-a/-b"`` into its signs and literals; raise :class:`EntryError` if malformed."""
    s = text.strip().replace("\u2212", "-")  # the Unicode minus, as everywhere a number is typed
    if not s:
        raise EntryError("empty entry: expected a number such as 0, -1 or 1/2")
    num, sep, den = s.partition("/")
    num, den = num.strip(), den.strip() if sep else None
    neg_num = num.startswith("-")
    if neg_num:
        num = num[1:].strip()
    neg_den = False
    if den is not None:
        neg_den = den.startswith("-")
        if neg_den:
            den = den[1:].strip()
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


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    r = math.isqrt(n)
    f = 3
    while f <= r:
        if n % f == 0:
            return False
        f += 2
    return True


class Field:
    """Interface every field implements; see the module docstring for the entry rule."""

    name: str
    exact: bool = True
    characteristic: int
    order: int | None

    # -- scalars -------------------------------------------------------------------------
    def parse(self, value) -> object:
        """An element from a string (``"-1"``, ``"1/2"``, ``"0.25"``) or a JSON number."""
        if isinstance(value, bool):
            raise EntryError(f"{value!r} is not a number")
        if isinstance(value, fmpq):
            if self is _Q:
                return value
            value = str(value)
        if type(value).__module__ == "numpy":
            value = value.item()  # a NumPy scalar (NumPy is loaded if one exists)
        if isinstance(value, int):
            # a negative JSON integer is the literal |n| under the field's own minus
            return (
                self.neg(self._from_int_literal(-value))
                if value < 0
                else self._from_int_literal(value)
            )
        if isinstance(value, float):
            if not math.isfinite(value):
                raise EntryError(
                    f"{value!r} is not a finite number: NaN and infinity are not allowed"
                )
            if self is _R:
                return value
            if value.is_integer():
                return self._from_int_literal(int(value))
            return self._from_decimal(repr(value), value)
        if not isinstance(value, str):
            raise EntryError(
                f'{value!r} is not a number: expected an integer or a string such as "1/2"'
            )
        neg_num, num, neg_den, den = _split_literal(value)
        a = self._literal(num, value)
        if neg_num:
            a = self.neg(a)
        if den is None:
            return a
        b = self._literal(den, value)
        if neg_den:
            b = self.neg(b)
        if self.is_zero(b):
            raise EntryError(f"{value!r} divides by zero")
        return self.div(a, b)

    def _literal(self, lit: str, whole: str):
        # a literal longer than this is a paste gone wrong, and "1e999999999" would build a
        # billion-digit rational (the app hangs); int() refuses > 4300 digits with a ValueError
        mant, _, exp = lit.lower().partition("e")
        if len(mant) > MAX_LITERAL_DIGITS or (exp and abs(int(exp)) > MAX_LITERAL_DIGITS):
            raise EntryError(
                f"{whole[:40]!r}{'…' if len(whole) > 40 else ''} is too large: "
                f"expected at most {MAX_LITERAL_DIGITS} digits (and exponents up to "
                f"±{MAX_LITERAL_DIGITS})"
            )
        if _INT.fullmatch(lit):
            return self._from_int_literal(int(lit), whole)
        return self._from_decimal(lit, whole)

    def _from_int_literal(self, n: int, whole=None):
        raise NotImplementedError

    def _from_decimal(self, lit: str, whole):
        raise EntryError(
            f"{whole!r} is a decimal; decimals are allowed only over Q and R, "
            f"over {self.name} write an integer 0..{self.order - 1} or a/b"
        )

    def format(self, e) -> str:
        return str(e)

    def to_json(self, e):
        """The value written into a code file: an int where possible, else a string."""
        return int(e)

    def is_zero(self, e) -> bool:
        return e == 0

    def is_one(self, e) -> bool:
        return e == 1

    # -- matrices ------------------------------------------------------------------------
    def matrix(self, rows):
        raise NotImplementedError

    def rows(self, m) -> list[list]:
        raise NotImplementedError

    def eye(self, n: int):
        return self.matrix(
            [[self.one if r == c else self.zero for c in range(n)] for r in range(n)]
        )

    def zeros(self, r: int, c: int):
        return self.matrix([[self.zero] * c for _ in range(r)])

    def mdiff(self, a, b) -> list[tuple[int, int]]:
        """Positions (row, column) where two same-shaped matrices differ."""
        ra, rb = self.rows(a), self.rows(b)
        return [
            (r, c)
            for r, (xa, xb) in enumerate(zip(ra, rb))
            for c, (u, v) in enumerate(zip(xa, xb))
            if not self.equal(u, v)
        ]

    def equal(self, a, b) -> bool:
        return a == b

    def __repr__(self):
        return f"field({self.name!r})"

    def __reduce__(self):
        return (field, (self.name,))


class RationalField(Field):
    """$\\mathbb{Q}$, exact, on python-flint."""

    name = "Q"
    characteristic = 0
    order = None

    def __init__(self):
        self.zero, self.one = fmpq(0), fmpq(1)

    def _from_int_literal(self, n, whole=None):
        return fmpq(n)

    def _from_decimal(self, lit, whole):
        f = decimal_value(lit)
        return fmpq(f.numerator, f.denominator)

    def arithmetic_note(self, short=False):
        return None

    def neg(self, a):
        return -a

    def add(self, a, b):
        return a + b

    def sub(self, a, b):
        return a - b

    def mul(self, a, b):
        return a * b

    def div(self, a, b):
        return a / b

    def to_json(self, e):
        return int(e.p) if e.q == 1 else str(e)

    def random_element(self, rng, lo=-9, hi=9):
        return fmpq(rng.randint(lo, hi))

    def matrix(self, rows):
        return fmpq_mat(rows)

    def rows(self, m):
        return [[m[r, c] for c in range(m.ncols())] for r in range(m.nrows())]

    def eye(self, n):
        m = fmpq_mat(n, n)
        for r in range(n):
            m[r, r] = 1
        return m

    def zeros(self, r, c):
        return fmpq_mat(r, c)

    def shape(self, m):
        return (m.nrows(), m.ncols())

    def matmul(self, a, b):
        return a * b

    def madd(self, a, b):
        return a + b

    def msub(self, a, b):
        return a - b

    def mequal(self, a, b):
        return a == b

    # batches are lists of fmpq_mat: flint has no batched product, but each call is ~µs
    def stack(self, ms):
        return list(ms)

    def unstack(self, b):
        return list(b)

    def take(self, b, idx):
        return [b[i] for i in idx]

    def bmm(self, a, b):
        return [x * y for x, y in zip(a, b)]

    def badd(self, a, b):
        return [x + y for x, y in zip(a, b)]

    def bsub(self, a, b):
        return [x - y for x, y in zip(a, b)]


class _ArrayField(Field):
    """Shared NumPy plumbing: a matrix is a 2-D array, a batch a 3-D array."""

    dtype = "int64"

    def matrix(self, rows):
        return np.array(rows, dtype=self.dtype).reshape(len(rows), -1 if rows else 0)

    def rows(self, m):
        return m.tolist()

    def shape(self, m):
        return m.shape

    def eye(self, n):
        return np.eye(n, dtype=self.dtype)

    def zeros(self, r, c):
        return np.zeros((r, c), dtype=self.dtype)

    def mequal(self, a, b):
        return bool(np.array_equal(a, b))

    def stack(self, ms):
        return np.stack(ms)

    def unstack(self, b):
        return list(b)

    def take(self, b, idx):
        return b[np.asarray(idx)]

    bmm = property(lambda self: self.matmul)
    badd = property(lambda self: self.madd)
    bsub = property(lambda self: self.msub)


class RealField(_ArrayField):
    """$\\mathbb{R}$ as float64; two entries are equal when within ``atol + rtol·|b|``."""

    name = "R"
    exact = False
    characteristic = 0
    order = None
    dtype = "float64"
    atol = 1e-9
    rtol = 1e-9
    zero, one = 0.0, 1.0

    def _from_int_literal(self, n, whole=None):
        try:
            return float(n)
        except OverflowError:
            raise EntryError(self._too_large(n if whole is None else whole)) from None

    @staticmethod
    def _too_large(whole) -> str:
        text = repr(whole) if isinstance(whole, str) else repr(str(whole))
        if len(text) > 42:
            text = text[:40] + "…'"
        return (
            f"{text} is too large for floating point (it would become infinity): over R "
            f"entries are refused beyond ±{sys.float_info.max:.4g}; work over Q for "
            f"larger numbers"
        )

    def _from_decimal(self, lit, whole):
        v = float(lit)
        if not math.isfinite(v):
            if any(ch.isdigit() for ch in lit):
                raise EntryError(self._too_large(whole))  # 1e400: overflow, not "inf"
            raise EntryError(f"{whole!r} is not a finite number: NaN and infinity are not allowed")
        if v == 0 and any(ch in "123456789" for ch in lit.lower().partition("e")[0]):
            raise EntryError(
                f"{whole!r} is too small for floating point (it would become 0); "
                f"over R use magnitudes above 1e-300, or work over Q"
            )
        return v

    def arithmetic_note(self, short=False):
        return None

    def format(self, e):
        e = float(e)
        return str(int(e)) if e.is_integer() and abs(e) < 1e15 else f"{e:.12g}"

    def to_json(self, e):
        e = float(e)
        return int(e) if e.is_integer() and abs(e) < 1e15 else repr(e)

    def neg(self, a):
        return -a

    def add(self, a, b):
        return a + b

    def sub(self, a, b):
        return a - b

    def mul(self, a, b):
        return a * b

    def div(self, a, b):
        return a / b

    def is_zero(self, e):
        return abs(e) <= self.atol

    def is_one(self, e):
        return abs(e - 1.0) <= self.atol

    def equal(self, a, b):
        return abs(a - b) <= self.atol + self.rtol * abs(b)

    def random_element(self, rng, lo=-9, hi=9):
        return float(rng.randint(lo, hi))

    def matmul(self, a, b):
        return a @ b

    def madd(self, a, b):
        return a + b

    def msub(self, a, b):
        return a - b

    def mequal(self, a, b):
        return bool(np.allclose(a, b, rtol=self.rtol, atol=self.atol))

    def mdiff(self, a, b):
        bad = ~np.isclose(a, b, rtol=self.rtol, atol=self.atol)
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(bad))]


class _FiniteField(_ArrayField):
    zero, one = 0, 1

    def _from_int_literal(self, n, whole=None):
        if 0 <= n < self.order:
            return n
        where = f" (in {whole!r})" if whole is not None and str(whole).strip() != str(n) else ""
        raise EntryError(
            f"{n} is not an element of {self.name}{where}: write an integer "
            f"0..{self.order - 1}{self.entry_hint()}; entries are not reduced silently"
        )

    def entry_hint(self) -> str:
        """What an element looks like here, true in this field (appended to a refusal)."""
        raise NotImplementedError

    def arithmetic_note(self, short: bool = False) -> str | None:
        """How sums (and minus) work here, for text that shows a sum with its numbers
        (``short``: one clause, for a line above the sums)."""
        raise NotImplementedError

    def random_element(self, rng, lo=None, hi=None):
        return rng.randrange(self.order)

    def mdiff(self, a, b):
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(a != b))]


class PrimeField(_FiniteField):
    """GF(p), p prime, as integers mod p."""

    def __init__(self, p: int):
        self.p = self.order = self.characteristic = p
        self.name = f"GF({p})"
        # a product of k terms each < p² must fit in int64; T ≤ 128 keeps p ≤ 2^27 safe
        self._obj = p > 2**27

    def entry_hint(self) -> str:
        if self.p == 2:
            return " (−1 = 1 here: addition is XOR)"
        return f" (−1 is {self.p - 1})"

    def arithmetic_note(self, short: bool = False) -> str:
        if self.p == 2:
            return "in GF(2) addition is XOR: 1 + 1 = 0" + ("" if short else ", and −x = x")
        if short:
            return f"in {self.name} sums are taken mod {self.p}"
        return f"in {self.name} every sum and product is taken mod {self.p}, and −1 is {self.p - 1}"

    def neg(self, a):
        return (-a) % self.p

    def add(self, a, b):
        return (a + b) % self.p

    def sub(self, a, b):
        return (a - b) % self.p

    def mul(self, a, b):
        return (a * b) % self.p

    def div(self, a, b):
        if b % self.p == 0:
            # what Q and R raise, naming the field (pow's own error says only "not invertible")
            raise ZeroDivisionError(f"division by zero in {self.name}")
        return (a * pow(b, -1, self.p)) % self.p

    def matrix(self, rows):
        return np.array(rows, dtype=object if self._obj else np.int64).reshape(len(rows), -1)

    def eye(self, n):
        return np.eye(n, dtype=np.int64).astype(object if self._obj else np.int64)

    def zeros(self, r, c):
        return np.zeros((r, c), dtype=object if self._obj else np.int64)

    def rows(self, m):
        return [[int(v) for v in row] for row in m.tolist()]

    def matmul(self, a, b):
        return (a @ b) % self.p

    def madd(self, a, b):
        return (a + b) % self.p

    def msub(self, a, b):
        return (a - b) % self.p


class ExtensionField(_FiniteField):
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
        exp = np.empty(2 * q, dtype=np.int64)
        log = np.zeros(q, dtype=np.int64)
        poly_digits = [(self.poly // p**k) % p for k in range(m)]
        if self.conway:
            gen = None
        else:  # x need not be primitive modulo another polynomial: find a generator
            gen = _primitive_element(p, m, poly_digits)
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
                digits = _mulmod(digits, gen, poly_digits, p)
        if len(set(exp[: q - 1].tolist())) != q - 1:
            raise FieldError(
                f"internal: the generator is not primitive modulo {self.modulus_text()} "
                f"in {self.base_name}"
            )
        exp[q - 1 : 2 * q - 2] = exp[: q - 1]
        self._exp, self._log = exp, log
        # the same tables as Python lists: a scalar product is two list reads, not a NumPy call
        self._exp_list, self._log_list = exp[: 2 * q - 2].tolist(), log.tolist()
        self._sentinel = None
        self._pows = np.array([p**k for k in range(m)], dtype=np.int64)
        if q <= 1024:
            a = np.arange(q)
            la = log[a]
            tab = exp[(la[:, None] + la[None, :])]
            tab[0, :] = 0
            tab[:, 0] = 0
            self._mul_table = tab
        else:
            self._mul_table = None

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

    def __reduce__(self):
        return (field, (self.name,))

    def modulus_text(self) -> str:
        """The irreducible polynomial (Conway's unless chosen), e.g. ``x^2 + x + 1``."""
        p, terms = self.p, []
        for k in range(self.m, -1, -1):
            d = (self.poly // p**k) % p
            if d:
                mono = "x" if k == 1 else f"x^{k}"
                terms.append(str(d) if k == 0 else (mono if d == 1 else f"{d}{mono}"))
        return " + ".join(terms)

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


# -- polynomials over GF(p): coefficient lists, lowest degree first ---------------------------
def _mulmod(a: list[int], b: list[int], f_low: list[int], p: int) -> list[int]:
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
            r = _mulmod(r, a, f_low, p)
        a = _mulmod(a, a, f_low, p)
        e >>= 1
    return r


def _primitive_element(p: int, m: int, f_low: list[int]) -> list[int]:
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
    want = f"a monic irreducible polynomial of degree {m} over GF({p}) such as {_text_of(CONWAY[(p, m)], p, m)!r}"
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


def _text_of(poly: int, p: int, m: int) -> str:
    terms = []
    for k in range(m, -1, -1):
        d = (poly // p**k) % p
        if d:
            mono = "x" if k == 1 else f"x^{k}"
            terms.append(str(d) if k == 0 else (mono if d == 1 else f"{d}{mono}"))
    return " + ".join(terms)


def conway_modulus(p: int, m: int) -> str:
    """Conway's polynomial for GF(p^m) as text, e.g. ``x^3 + x + 1``: the default modulus."""
    return _text_of(CONWAY[(p, m)], p, m)


def irreducible_moduli(p: int, m: int) -> list[str]:
    """Every monic irreducible polynomial of degree m over GF(p), as text, Conway's first."""
    conway = CONWAY[(p, m)]
    out = [_text_of(conway, p, m)]
    for low in range(p**m):
        poly = low + p**m
        if poly != conway and _is_irreducible([(poly // p**k) % p for k in range(m + 1)], p):
            out.append(_text_of(poly, p, m))
    return out


@cache
def _make(p: int, m: int, poly: int | None = None) -> Field:
    if m == 1:
        return PrimeField(p)
    return ExtensionField(p, m, poly)


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
        F = _Q
    elif s in ("R", "RR"):
        F = _R
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
        pm = _prime_power(base) if base <= MAX_EXTENSION_ORDER or _is_prime(base) else None
        if base > MAX_PRIME:
            raise FieldError(f"field {name!r} is too large: {_HELP}")
        if pm is None:
            raise FieldError(f"{name!r} is not a field: {base} is not a prime power; {_HELP}")
        p, m = pm
    else:
        if not _is_prime(base):
            raise FieldError(f"{name!r} is not a field: {base} is not prime; {_HELP}")
        p, m = base, exp
    if m > 1 and p**m > MAX_EXTENSION_ORDER:
        raise FieldError(f"field {name!r} is too large: {_HELP}")
    if modulus is None:
        return _make(p, m)
    if m == 1:
        raise FieldError(f"a modulus ({modulus!r}) belongs to GF(p^m) with m ≥ 2, not GF({p})")
    poly = parse_modulus(modulus, p, m)
    return _make(p, m) if poly == CONWAY[(p, m)] else _make(p, m, poly)


_Q = RationalField()
_R = RealField()
