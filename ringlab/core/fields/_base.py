"""The interface every field implements (:class:`Field`) and the NumPy plumbing the array-backed
fields share; the fields themselves live in :mod:`.rational`, :mod:`.prime` and
:mod:`.extension`."""

from __future__ import annotations

import math

from flint import fmpq

from .._lazy import np  # NumPy on first use (start-up: Q needs none)
from ..errors import EntryError
from ._literals import check_literal_size, is_integer_literal, split_literal


class Field:
    """Interface every field implements; see the package docstring for the entry rule."""

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
            return self._from_fmpq(value)
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
            return self._from_float(value)
        if not isinstance(value, str):
            raise EntryError(
                f'{value!r} is not a number: expected an integer or a string such as "1/2"'
            )
        return self._from_text(value)

    def _from_text(self, value: str):
        neg_num, num, neg_den, den = split_literal(value)
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
        check_literal_size(lit, whole)
        if is_integer_literal(lit):
            return self._from_int_literal(int(lit), whole)
        return self._from_decimal(lit, whole)

    def _from_fmpq(self, value):
        return self.parse(str(value))

    def _from_float(self, value: float):
        if value.is_integer():
            return self._from_int_literal(int(value))
        return self._from_decimal(repr(value), value)

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


class ArrayField(Field):
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


class FiniteField(ArrayField):
    """GF(q): elements are the integers 0..q−1, never reduced silently when typed."""

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
