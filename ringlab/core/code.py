r"""A linear network code for sum All-Reduce on an N-node ring (eqs. (3)–(4) of the paper).

Node $i$ transmits $y_{i\to}^{(t)} = m_i^{(t)} x_i + \lambda_i^{(t)} s_i^{(t)}$ and decodes
$\hat z_i = R_i s_i^{(T)} + T_i x_i$.  Per node: ``M`` ($T\times K$, row t is $m_i^{(t)}$),
``Lambda`` ($T\times T$ strictly lower triangular, column u is the symbol received at time u+1),
``R`` ($K\times T$) and ``T`` ($K\times K$, or ``None`` to solve it from eq. (6)).

:class:`LinearCode` is an immutable value: every edit returns a new code, so an undo stack can
keep old ones and views can compare.

>>> from ringlab import preset
>>> c = preset("paper-k2-t3")
>>> (c.N, c.K, c.T, c.field.name)
(3, 2, 3, 'Q')
>>> c.with_entry(0, "M", 0, 0, "1/2").node(0).M[0][0]
1/2
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from functools import cached_property

from .errors import EntryError, RinglabError
from .fields import Field
from .fields import field as get_field

N_RANGE = (2, 32)
K_RANGE = (1, 64)
T_RANGE = (1, 128)
MATRICES = ("M", "Lambda", "R", "T")

Matrix = tuple  # tuple of row tuples of field elements


def check_size(name: str, value, where: str = "") -> int:
    lo, hi = {"N": N_RANGE, "K": K_RANGE, "T": T_RANGE}[name]
    prefix = f"{where}: " if where else ""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RinglabError(f"{prefix}{name} must be an integer in {lo}..{hi}, got {value!r}")
    if not lo <= value <= hi:
        raise RinglabError(f"{prefix}{name} = {value} is out of the supported range {lo}..{hi}")
    return value


def matrix_shape(which: str, K: int, T: int) -> tuple[int, int]:
    return {"M": (T, K), "Lambda": (T, T), "R": (K, T), "T": (K, K)}[which]


# What each axis of a matrix counts, as the paper and the editor's headers number it: "t" a
# transmission time t = 0..T−1 (rows of M and Λ), "recv" the symbol received at t = 1..T
# (columns of Λ and R), "k" a message symbol or an entry of the sum, k = 1..K.
AXES = {"M": ("t", "k"), "Lambda": ("t", "recv"), "R": ("k", "recv"), "T": ("k", "k")}


def _axis_name(axis: str, index: int) -> str:
    return f"t = {index}" if axis == "t" else f"{'t' if axis == 'recv' else 'k'} = {index + 1}"


def row_name(which: str, r: int) -> str:
    """Row r (0-based) as the grid's header says it: ``row t = 2`` (M, Λ), ``row k = 3`` (R, T)."""
    return "row " + _axis_name(AXES[which][0], r)


def column_name(which: str, c: int) -> str:
    """Column c (0-based) as the grid's header says it: ``column k = 8`` (M, T) or
    ``column t = 3`` (Λ, R: the symbol received at t = 3)."""
    return "column " + _axis_name(AXES[which][1], c)


def cell_name(which: str, r: int, c: int) -> str:
    """Entry (r, c) (0-based) named as the grid's headers name it, as every message does.

    >>> cell_name("M", 2, 7), cell_name("R", 0, 2)
    ('row t = 2, column k = 8', 'row k = 1, column t = 3')
    """
    return f"{row_name(which, r)}, {column_name(which, c)}"


def locked(which: str, r: int, c: int) -> bool:
    """True where an entry is fixed at 0: the diagonal and upper triangle of Λ."""
    return which == "Lambda" and c >= r


@dataclass(frozen=True)
class NodeMatrices:
    """One node's coefficient matrices; ``T`` is ``None`` when solved from eq. (6)."""

    M: Matrix
    Lambda: Matrix
    R: Matrix
    T: Matrix | None = None

    def get(self, which: str):
        return getattr(self, which)

    def map(self, build) -> NodeMatrices:
        """This node with each matrix it has replaced by ``build(which, matrix)`` (a ``T``
        solved from eq. (6) stays ``None``)."""
        return NodeMatrices(
            **{w: None if (m := self.get(w)) is None else build(w, m) for w in MATRICES}
        )


def _zeros(F: Field, r: int, c: int) -> Matrix:
    return tuple(tuple(F.zero for _ in range(c)) for _ in range(r))


def _fitted(F: Field, old: Matrix, which: str, K: int, T: int, node: str, dropped: list):
    """``old`` cut or padded with zeros to ``which``'s shape at K, T; each non-zero entry cut
    off is listed, in words, in ``dropped``."""
    rows, cols = matrix_shape(which, K, T)
    for r, row in enumerate(old):
        for c, v in enumerate(row):
            if (r >= rows or c >= cols) and not F.is_zero(v):
                dropped.append(f"{node} {which} ({cell_name(which, r, c)}) = {F.format(v)}")
    return tuple(
        tuple(old[r][c] if r < len(old) and c < len(old[r]) else F.zero for c in range(cols))
        for r in range(rows)
    )


def _reparsed(F: Field, F2: Field, m: Matrix, which: str, node: str, problems: list):
    """``m``'s entries written in F's notation and read in F2 (0 where one does not fit, listed
    in ``problems``)."""
    out = []
    for r, row in enumerate(m):
        new_row = []
        for c, v in enumerate(row):
            try:
                new_row.append(F2.parse(F.format(v)))
            except EntryError as e:
                problems.append(f"{node} {which} ({cell_name(which, r, c)}) = {F.format(v)}: {e}")
                new_row.append(F2.zero)
        out.append(tuple(new_row))
    return tuple(out)


def check_lower(F: Field, row, r: int, cols: int, place: str, which: str, cell=None) -> None:
    """Raise unless ``row`` (row r of the Λ ``which``) is zero from column r on; the message
    names the entry as ``place, cell(which, r, c)`` (``cell`` is :func:`cell_name` unless
    given)."""
    for c in range(r, cols):
        if not F.is_zero(row[c]):
            raise RinglabError(
                f"{place}, {(cell or cell_name)(which, r, c)}: expected 0 "
                f"(Λ is strictly lower triangular: row t may only use symbols "
                f"received at times 1..t), got {F.format(row[c])}"
            )


class RingCode:
    """What a code on either ring (this module's and :class:`ringlab.core.twoway.TwoWayCode`)
    answers alike: its nodes, shape and rate, equality and hash."""

    def node(self, i: int):
        return self.nodes[i]

    @property
    def shape(self) -> tuple[int, int, int]:
        return (self.N, self.K, self.T)

    @property
    def rate(self):
        from fractions import Fraction

        return Fraction(self.K, self.T)

    def __eq__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return (
            self.shape == other.shape
            and self.field.name == other.field.name
            and (self.name, self.description) == (other.name, other.description)
            and self.nodes == other.nodes
        )

    def __hash__(self):
        return hash((self.shape, self.field.name, self.nodes))


@dataclass(frozen=True, eq=False)
class LinearCode(RingCode):
    """An immutable linear network code; see the module docstring."""

    N: int
    K: int
    T: int
    field: Field
    nodes: tuple[NodeMatrices, ...]
    name: str = ""
    description: str = ""
    _validated: bool = dc_field(default=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "field", get_field(self.field))
        if not self._validated:
            self.validate()

    # -- construction -------------------------------------------------------------------
    @classmethod
    def zeros(cls, N: int, K: int, T: int, field="Q", name: str = "", description: str = ""):
        """The all-zero code (every entry 0, every ``T_i`` solved)."""
        F = get_field(field)
        for n, v in (("N", N), ("K", K), ("T", T)):
            check_size(n, v)
        nodes = tuple(
            NodeMatrices(_zeros(F, T, K), _zeros(F, T, T), _zeros(F, K, T), None) for _ in range(N)
        )
        return cls(N, K, T, F, nodes, name, description, _validated=True)

    @classmethod
    def from_matrices(cls, field, Ms, Lambdas, Rs, Ts=None, name="", description=""):
        """A code from per-node lists of rows; entries are parsed with the field's rule.

        >>> c = LinearCode.from_matrices("Q", [[[1],[1]]]*3, [[[0,0],[1,0]]]*3, [[[0,1]]]*3)
        >>> c.N, c.K, c.T
        (3, 1, 2)
        """
        F = get_field(field)
        N = len(Ms)
        if not (len(Lambdas) == len(Rs) == N) or (Ts is not None and len(Ts) != N):
            raise RinglabError("from_matrices: M, Lambda, R (and T) need one matrix per node")
        nodes = []
        for i in range(N):
            mats = {}
            for which, src in (("M", Ms), ("Lambda", Lambdas), ("R", Rs), ("T", Ts)):
                if src is None or src[i] is None:
                    mats[which] = None
                    continue
                mats[which] = tuple(
                    tuple(_parse_at(F, v, i, which, r, c) for c, v in enumerate(row))
                    for r, row in enumerate(src[i])
                )
            nodes.append(NodeMatrices(**mats))
        K = len(nodes[0].M[0]) if nodes and nodes[0].M else 0
        T = len(nodes[0].M) if nodes else 0
        return cls(N, K, T, F, tuple(nodes), name, description)

    def validate(self) -> None:
        """Raise :class:`RinglabError` naming node, matrix, row, column if anything is off."""
        check_size("N", self.N)
        check_size("K", self.K)
        check_size("T", self.T)
        if len(self.nodes) != self.N:
            raise RinglabError(f"expected {self.N} nodes (N = {self.N}), got {len(self.nodes)}")
        for i, nd in enumerate(self.nodes):
            for which in MATRICES:
                self._validate_matrix(i, which, nd.get(which))

    def _validate_matrix(self, i: int, which: str, m) -> None:
        """Raise unless ``m`` fits as node i's ``which`` (its shape; Λ strictly lower)."""
        if m is None:
            if which != "T":
                raise RinglabError(f"node {i}, {which}: missing")
            return
        rows, cols = matrix_shape(which, self.K, self.T)
        if len(m) != rows:
            raise RinglabError(
                f"node {i}, {which}: expected {rows} rows ({_shape_words(which)}), got {len(m)}"
            )
        for r, row in enumerate(m):
            if len(row) != cols:
                raise RinglabError(
                    f"node {i}, {which}, {row_name(which, r)}: expected {cols} columns "
                    f"({_shape_words(which)}), got {len(row)}"
                )
            if which == "Lambda":
                check_lower(self.field, row, r, cols, f"node {i}, Lambda", which)

    # -- access -------------------------------------------------------------------------
    def matrix(self, i: int, which: str) -> Matrix | None:
        return self.nodes[i].get(which)

    def __getstate__(self):
        # the field-native batches are a cache (flint matrices do not pickle): a code sent to
        # a check process travels as its entries and builds them there
        state = dict(self.__dict__)
        state.pop("native", None)
        state.pop("_hash", None)  # str hashes differ between processes
        return state

    def __hash__(self):
        """Shape, field and where each entry is non-zero, computed once per code: consistent
        with ``==`` (equal entries are both zero or both not) without hashing every entry
        (an exact rational hashes as a ``Fraction``, ~5 µs: 1.3 s for a 32-node code)."""
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(
                (
                    self.shape,
                    self.field.name,
                    tuple(
                        None if m is None else tuple(tuple(map(bool, row)) for row in m)
                        for nd in self.nodes
                        for m in (nd.M, nd.Lambda, nd.R, nd.T)
                    ),
                )
            )
            object.__setattr__(self, "_hash", h)
        return h

    @cached_property
    def native(self) -> dict:
        """Stacked field-native batches of M, Λ, R (one entry per node), built once."""
        F = self.field
        return {
            w: F.stack([F.matrix([list(r) for r in nd.get(w)]) for nd in self.nodes])
            for w in ("M", "Lambda", "R")
        }

    # -- edits (each returns a new code) ------------------------------------------------
    def with_entry(self, i: int, which: str, r: int, c: int, value) -> LinearCode:
        """This code with one entry replaced; ``value`` is parsed (or an element already).

        Typing into ``T`` of a node whose ``T`` was solved starts it from the all-zero matrix:
        callers that want "start from the solved one" pass it via :meth:`with_matrix`.
        """
        self._check_index(i, which, r, c)
        if locked(which, r, c):
            raise EntryError(
                f"node {i}, Lambda, {cell_name(which, r, c)} is fixed at 0 "
                f"(Λ is strictly lower triangular)"
            )
        v = _parse_at(self.field, value, i, which, r, c)
        m = self.matrix(i, which)
        if m is None:
            m = _zeros(self.field, self.K, self.K)
        rows = [list(row) for row in m]
        rows[r][c] = v
        return self._replace_matrix(i, which, tuple(tuple(x) for x in rows))

    def with_matrix(self, i: int, which: str, rows) -> LinearCode:
        """This code with one whole matrix replaced (``rows`` parsed); ``None`` clears ``T``."""
        if which == "T" and rows is None:
            return self._replace_matrix(i, "T", None)
        self._check_index(i, which, 0, 0)
        m = tuple(
            tuple(_parse_at(self.field, v, i, which, r, c) for c, v in enumerate(row))
            for r, row in enumerate(rows)
        )
        return self._replace_matrix(i, which, m, validate=True)

    def with_translation_solved(self, i: int) -> LinearCode:
        return self._replace_matrix(i, "T", None)

    def with_meta(self, name: str | None = None, description: str | None = None) -> LinearCode:
        return replace(
            self,
            name=self.name if name is None else name,
            description=self.description if description is None else description,
            _validated=True,
        )

    def resized(self, N: int | None = None, K: int | None = None, T: int | None = None):
        """``(code, dropped)``: the code at a new N, K or T keeping every entry that still fits.

        ``dropped`` lists, in words, every non-zero entry that no longer fits.
        """
        N2 = check_size("N", self.N if N is None else N)
        K2 = check_size("K", self.K if K is None else K)
        T2 = check_size("T", self.T if T is None else T)
        F = self.field
        dropped: list[str] = []
        nodes = []
        for i in range(N2):
            if i >= self.N:
                nodes.append(
                    NodeMatrices(_zeros(F, T2, K2), _zeros(F, T2, T2), _zeros(F, K2, T2), None)
                )
                continue
            nodes.append(
                self.nodes[i].map(
                    lambda which, old, i=i: _fitted(F, old, which, K2, T2, f"node {i}", dropped)
                )
            )
        for i in range(N2, self.N):
            if any(
                not F.is_zero(v)
                for w in MATRICES
                if self.nodes[i].get(w) is not None
                for row in self.nodes[i].get(w)
                for v in row
            ):
                dropped.append(f"node {i} (all its matrices)")
        code = LinearCode(N2, K2, T2, F, tuple(nodes), self.name, self.description, _validated=True)
        return code, dropped

    def with_field(self, name) -> LinearCode:
        """The same literals read in another field; raises listing every entry that does not fit.

        Each entry is written in the old field's notation and parsed in the new one, so ``-1``
        over Q becomes 6 over GF(7), and ``1/2`` over Q cannot go to GF(2) (2 = 0 there).
        """
        F2 = get_field(name)
        F = self.field
        problems: list[str] = []
        nodes = []
        for i, nd in enumerate(self.nodes):
            nodes.append(
                nd.map(lambda which, m, i=i: _reparsed(F, F2, m, which, f"node {i}", problems))
            )
        if problems:
            more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
            raise EntryError(
                f"cannot change the field to {F2.name}: " + "; ".join(problems[:3]) + more
            )
        return LinearCode(self.N, self.K, self.T, F2, tuple(nodes), self.name, self.description)

    def _replace_matrix(self, i, which, m, validate=False) -> LinearCode:
        # the rest of this code is valid already (codes are immutable): only ``m`` is checked,
        # which raises what a whole validate() would (the first problem is in ``m``)
        if validate:
            self._validate_matrix(i, which, m)
        nodes = list(self.nodes)
        nodes[i] = replace(nodes[i], **{which: m})
        return LinearCode(
            self.N,
            self.K,
            self.T,
            self.field,
            tuple(nodes),
            self.name,
            self.description,
            _validated=True,
        )

    def _check_index(self, i, which, r, c):
        if which not in MATRICES:
            raise RinglabError(f"unknown matrix {which!r}: expected one of {', '.join(MATRICES)}")
        if not 0 <= i < self.N:
            raise RinglabError(f"node {i} does not exist: nodes are 0..{self.N - 1}")
        rows, cols = matrix_shape(which, self.K, self.T)
        if not (0 <= r < rows and 0 <= c < cols):
            raise RinglabError(f"node {i}, {which}: ({r}, {c}) is outside the {rows}×{cols} matrix")


def _shape_words(which: str) -> str:
    return {"M": "M is T×K", "Lambda": "Λ is T×T", "R": "R is K×T", "T": "T is K×K"}[which]


def _parse_at(F: Field, value, i, which, r, c):
    try:
        return F.parse(value)
    except EntryError as e:
        raise EntryError(f"node {i}, {which}, {cell_name(which, r, c)}: {e}") from None
