r"""Field arithmetic on blocks of data: what one rank computes between two messages.

A rank's data is a vector of $K\cdot L$ field elements; symbol $x_{i,k}$ ($k = 1..K$) is the
block of $L$ consecutive elements ``X[k-1]``.  Every operation a code needs is a linear
combination of blocks with coefficients from the code,

$$ y = \sum_k c_k\, b_k , $$

applied elementwise along the block.  How each field stores an element, adds and scales:

========== ======================= ============================= ================================
field      element on the wire     $c\cdot b$, $a + b$           sum that ``MPI.Allreduce`` uses
========== ======================= ============================= ================================
Q, R       float64 (8 bytes)       BLAS ``c @ B``                ``MPI.SUM`` (float64)
GF(p)      int64 (8 bytes)         int64 product, then ``% p``   ``MPI.SUM`` on int64, then ``% p``
GF(2)      one byte = 8 elements   XOR of the blocks with c = 1  ``MPI.BXOR`` (on uint64 words)
GF(2^m)    uint8 (m ≤ 8) / uint16  the core's tables; add = XOR  ``MPI.BXOR``
GF(p^m)    int64                   the core's tables and digits  a user-defined op (the core's add)
========== ======================= ============================= ================================

Q and R run in float64: the data of a Q run are integers in [−100, 100] and the paper's
coefficients (0, ±1) and dyadic ones (1/2) are exact in float64, so those runs are exact; any
other rational coefficient (1/3) is rounded, which is why results are compared with
``|got − expected| ≤ 1e-9 + 1e-9·|expected|`` (the core's R tolerance) over Q and R, and
exactly over every finite field.

Nothing here imports MPI: the same functions run on the ranks and in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.errors import RinglabError
from ..core.fields import ExtensionField, Field, PrimeField

RTOL = ATOL = 1e-9


@dataclass(frozen=True)
class Arith:
    """How one field computes on blocks (see the module table)."""

    field: Field
    kind: str  # "float", "prime", "gf2", "bin-ext", "odd-ext"
    dtype: np.dtype
    itemsize: int  # bytes per stored element (GF(2): one byte holds 8 elements)

    # -- coefficients ---------------------------------------------------------------------
    def coeffs(self, rows) -> np.ndarray:
        """A code's matrix (rows of field elements) as an array this arithmetic multiplies by."""
        if self.kind == "float":
            return np.array([[float(v) for v in r] for r in rows], dtype=np.float64).reshape(
                len(rows), -1
            )
        return np.array([[int(v) for v in r] for r in rows], dtype=np.int64).reshape(len(rows), -1)

    # -- data -----------------------------------------------------------------------------
    def random_data(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """n stored elements of test data."""
        F = self.field
        if self.kind == "float":
            if F.name == "Q":  # integers: every sum and every dyadic combination is exact
                return rng.integers(-100, 101, size=n).astype(np.float64)
            return rng.standard_normal(n)
        if self.kind == "gf2":
            return rng.integers(0, 256, size=n, dtype=np.uint8)
        return rng.integers(0, F.order, size=n).astype(self.dtype)

    def from_elements(self, values) -> np.ndarray:
        """Field elements (a node's x_i as the core parses it) as stored elements, one each."""
        if self.kind == "float":
            from fractions import Fraction

            return np.array(
                [
                    float(Fraction(int(v.p), int(v.q))) if hasattr(v, "q") else float(v)
                    for v in values
                ],
                dtype=np.float64,
            )
        return np.array([int(v) for v in values], dtype=self.dtype)  # GF(2): 0/1 in a byte

    def zeros(self, shape) -> np.ndarray:
        return np.zeros(shape, dtype=self.dtype)

    # -- y = Σ c_j b_j -------------------------------------------------------------------------
    def combine(self, coeffs, blocks, out: np.ndarray) -> np.ndarray:
        """out = Σ_j coeffs[j]·blocks[j] (coefficients non-zero): reads only the blocks it needs.

        Codes are sparse (the classic ring sends one chunk plus one received symbol), so this
        touches 2 blocks where a dense product would read K + t of them.
        """
        if not coeffs:
            out[...] = 0
            return out
        k = self.kind
        if k == "gf2":
            acc = _words(out)
            np.copyto(acc, _words(blocks[0]))
            for b in blocks[1:]:  # every non-zero coefficient is 1
                np.bitwise_xor(acc, _words(b), out=acc)
        elif k == "float":
            for j, (c, b) in enumerate(zip(coeffs, blocks)):
                if j == 0:
                    np.copyto(out, b) if c == 1 else np.multiply(b, c, out=out)
                elif c == 1:
                    np.add(out, b, out=out)
                elif c == -1:
                    np.subtract(out, b, out=out)
                else:
                    out += c * b
        elif k == "prime":
            p = self.field.p
            for j, (c, b) in enumerate(zip(coeffs, blocks)):
                term = b if c == 1 else (b * c) % p  # < p², fits int64 for p < 2^31
                if j == 0:
                    np.copyto(out, term)
                else:
                    np.add(out, term, out=out)
                    np.remainder(out, p, out=out)
        elif k == "bin-ext":
            for j, (c, b) in enumerate(zip(coeffs, blocks)):
                term = b if c == 1 else _mul_row(self.field, int(c), self.dtype)[b]  # c·b by table
                np.copyto(out, term) if j == 0 else np.bitwise_xor(out, term, out=out)  # + is XOR
        else:
            F: ExtensionField = self.field
            acc = np.zeros(out.shape, dtype=np.int64)
            for c, b in zip(coeffs, blocks):
                acc = F._vadd(acc, F._vmul(int(c), b))
            out[...] = acc
        return out

    # -- the reference sum ------------------------------------------------------------------
    def fix_sum(self, s: np.ndarray) -> np.ndarray:
        """Turn the raw output of the MPI reduction into the field's sum (GF(p): mod p)."""
        return s % self.field.p if self.kind == "prime" else s

    def mismatches(self, got: np.ndarray, expected: np.ndarray) -> np.ndarray:
        """Flat indices where ``got`` differs from ``expected`` (with the tolerance for Q, R)."""
        if self.kind == "float":
            return np.flatnonzero(~np.isclose(got, expected, rtol=RTOL, atol=ATOL))
        return np.flatnonzero(got != expected)

    def max_error(self, got, expected) -> float | None:
        if self.kind != "float" or got.size == 0:
            return None
        return float(np.max(np.abs(got - expected)))

    def show(self, v) -> object:
        """An element as JSON (a byte of GF(2) elements as 0x.. so the bits read naturally)."""
        if self.kind == "float":
            v = float(v)
            return int(v) if v.is_integer() and abs(v) < 2**53 else v
        if self.kind == "gf2":
            return f"0x{int(v):02x}"
        return int(v)


def _words(B: np.ndarray) -> np.ndarray:
    """A uint8 array viewed as uint64 words when the length allows: 8× fewer XORs."""
    if B.shape[-1] % 8 == 0 and B.flags.c_contiguous:
        return B.view(np.uint64)
    return B


_ROWS: dict = {}


def _mul_row(F: ExtensionField, c: int, dtype) -> np.ndarray:
    """The table row b ↦ c·b in GF(2^m), from the core's multiplication (log/antilog) tables."""
    key = (F.name, c)
    row = _ROWS.get(key)
    if row is None:
        row = _ROWS[key] = np.asarray(F._vmul(c, np.arange(F.order)), dtype=dtype)
    return row


def arith_for(F: Field) -> Arith:
    """The arithmetic a field runs with on the ranks."""
    if not F.exact or F.name == "Q":
        return Arith(F, "float", np.dtype(np.float64), 8)
    if isinstance(F, PrimeField):
        if F.p == 2:
            return Arith(F, "gf2", np.dtype(np.uint8), 1)
        return Arith(F, "prime", np.dtype(np.int64), 8)
    if isinstance(F, ExtensionField):
        if F.p == 2:
            dt = np.dtype(np.uint8 if F.order <= 256 else np.uint16)
            return Arith(F, "bin-ext", dt, dt.itemsize)
        return Arith(F, "odd-ext", np.dtype(np.int64), 8)
    raise RinglabError(f"field {F.name}: no arithmetic on blocks for it")
