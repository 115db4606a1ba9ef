r"""The worked example of the ring and tree traces: the partial sums of a row-parallel matmul.

$Y = X W$ with $X$ of shape $1\times N$ and $W$ of shape $N\times d$.  Split along the
contraction dimension, core $i$ holds the scalar $X_i$ and row $W_i$ and computes the partial
$P_i = X_i\,W_i$ (length d); the All-Reduce target is $\sum_i P_i = X W$.  Everything is exact
(:class:`fractions.Fraction`), so the traces can be compared with the worked examples number by number.

>>> ex = default_example(4)
>>> [int(v) for v in ex.target]
[30, 29, 22, 27]
>>> [int(v) for v in ex.partials[3]]
[12, 6, 3, 15]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..errors import RinglabError

# The worked examples' "X = [ 3 2 1 3 ]", W row by row (inputs, not results).
EXAMPLE_X = (3, 2, 1, 3)
EXAMPLE_W = ((5, 4, 3, 2), (1, 4, 3, 2), (1, 3, 4, 2), (4, 2, 1, 5))
D_MAX = 64
# Traces keep every core's exact buffer after every step (2(N−1) grids of N×N at d = N), so
# they stop where codes do; steps and costs alone go much further (formulas.SCHEDULE_N_RANGE).
TRACE_N_RANGE = (2, 32)

_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)(/[+-]?\d+)?")


def parse_number(text, where: str) -> Fraction:
    """An exact number: ``3``, ``-2``, ``0.25``, ``1/3``; anything else is refused."""
    if isinstance(text, bool):
        raise RinglabError(f"{where}: expected a number, got {text!r}")
    if isinstance(text, (int, Fraction)):
        return Fraction(text)
    s = str(text).strip().replace("−", "-")  # U+2212, the minus a PDF's text copies as
    if not _NUMBER.fullmatch(s):
        raise RinglabError(
            f"{where}: {s!r} is not a number (expected an integer, a decimal "
            f"like 0.5 or a fraction like 1/3)"
        )
    try:
        return Fraction(s)
    except ZeroDivisionError:
        raise RinglabError(f"{where}: {s!r} divides by zero") from None


def format_number(v) -> str:
    """``15``, ``-3/4`` — how values are printed everywhere (grids, CLI)."""
    if isinstance(v, Fraction):
        return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v)


def json_number(v):
    """Exact JSON: integers as numbers, other fractions as ``"p/q"`` strings."""
    if isinstance(v, Fraction):
        return v.numerator if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    return v


def _split_entries(line: str) -> list[str]:
    return [e for e in re.split(r"[\s,;]+", line.strip().strip("[]").strip()) if e]


def parse_vector(text, where: str = "X") -> tuple[Fraction, ...]:
    """A row of numbers separated by spaces or commas (``"3 2 1 3"``, ``"[3, 2, 1, 3]"``)."""
    entries = _split_entries(text) if isinstance(text, str) else list(text)
    if not entries:
        raise RinglabError(f"{where}: empty (expected numbers separated by spaces or commas)")
    # entry k is core k's (0-based, as cores are); "entry 1" alone read as the first number
    return tuple(
        parse_number(e, f"{where}, entry {k} (core {k}'s, the {_nth(k + 1)} number)")
        for k, e in enumerate(entries)
    )


def _nth(n: int) -> str:
    """1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def parse_matrix(text, where: str = "W") -> tuple[tuple[Fraction, ...], ...]:
    """Rows on separate lines (or a list of rows), entries separated by spaces or commas."""
    if isinstance(text, str):
        lines = [
            ln for ln in text.replace("],", "]\n").splitlines() if ln.strip().strip("[]").strip()
        ]
        rows = [_split_entries(ln) for ln in lines]
    else:
        rows = [list(r) for r in text]
    if not rows:
        raise RinglabError(
            f"{where}: empty (expected one row per core, entries separated by spaces)"
        )
    out = []
    for r, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise RinglabError(
                f"{where}, row {r}: {len(row)} entries, but row 0 has "
                f"{len(rows[0])} (every row of W needs the same length d)"
            )
        out.append(
            tuple(parse_number(e, f"{where}, row {r}, column {c}") for c, e in enumerate(row))
        )
    return tuple(out)


@dataclass(frozen=True)
class WorkedExample:
    """X (1×N) and W (N×d); core i holds the partial ``X[i]·W[i]``."""

    X: tuple
    W: tuple

    def __post_init__(self):
        N = len(self.X)
        lo, hi = TRACE_N_RANGE
        if not lo <= N <= hi:
            raise RinglabError(f"X: {N} entries, but the number of cores N must be in {lo}..{hi}")
        if len(self.W) != N:
            raise RinglabError(
                f"W: {len(self.W)} rows, but X has {N} entries (W needs one row per core, N = {N})"
            )
        d = len(self.W[0]) if self.W else 0
        if not 1 <= d <= D_MAX:
            raise RinglabError(f"W: rows of length {d}; expected 1..{D_MAX} columns")
        for r, row in enumerate(self.W):
            if len(row) != d:
                raise RinglabError(f"W, row {r}: {len(row)} entries, expected {d} like row 0")
        object.__setattr__(self, "X", tuple(Fraction(v) for v in self.X))
        object.__setattr__(self, "W", tuple(tuple(Fraction(v) for v in row) for row in self.W))

    @classmethod
    def parse(cls, X, W) -> WorkedExample:
        """From text (or lists) with errors that name the entry."""
        return cls(parse_vector(X, "X"), parse_matrix(W, "W"))

    @property
    def N(self) -> int:
        return len(self.X)

    @property
    def d(self) -> int:
        return len(self.W[0])

    @property
    def partials(self) -> tuple[tuple[Fraction, ...], ...]:
        """$P_i = X_i W_i$: what core i holds before the All-Reduce."""
        return tuple(tuple(x * w for w in row) for x, row in zip(self.X, self.W))

    @property
    def target(self) -> tuple[Fraction, ...]:
        """$XW = \\sum_i P_i$, computed as the matmul (column by column), not from the partials."""
        return tuple(
            sum((self.X[i] * self.W[i][c] for i in range(self.N)), Fraction(0))
            for c in range(self.d)
        )


def default_example(N: int = 4) -> WorkedExample:
    """The worked examples' X and W for N = 4; for other N a small square example (d = N) with
    distinct small entries, so every ring chunk is one number as in the worked examples."""
    if N == 4:
        return WorkedExample(EXAMPLE_X, EXAMPLE_W)
    lo, hi = TRACE_N_RANGE
    if not isinstance(N, int) or not lo <= N <= hi:
        raise RinglabError(f"N = {N!r}: the number of cores must be an integer in {lo}..{hi}")
    X = tuple((2 * i + 2) % 5 + 1 for i in range(N))
    W = tuple(tuple((3 * i + 2 * c) % 7 + 1 for c in range(N)) for i in range(N))
    return WorkedExample(X, W)
