r"""A linear network code on the two-way ring: every node sends on both of its links.

The paper's ring is directed (``i → i+1``).  On the two-way ring node $i$ also sends to
$i-1$.  Directions are named as the ring is drawn: **cw** (clockwise) is ``i → i+1``, the
paper's own direction; **ccw** (counter-clockwise) is ``i → i-1``.  Node $i$ therefore hears
two *streams*: the cw stream from $i' = i-1$ and the ccw stream from $i+1$.

The time convention is the paper's, unchanged: transmissions happen at $t = 0..T-1$ and
arrive at $t+1$; what arrives at $t+1$ can be used from $t+1$ on.  For each direction
$d \in \{cw, ccw\}$ node $i$ sends

$$y_{i,d}^{(t)} = m_{i,d}^{(t)} x_i + \lambda_{i,d,cw}^{(t)} s_{i,cw}^{(t)}
                 + \lambda_{i,d,ccw}^{(t)} s_{i,ccw}^{(t)}$$

where $s_{i,cw}^{(t)}$ holds what node $i$ received from $i-1$ at times $1..t$ and
$s_{i,ccw}^{(t)}$ what it received from $i+1$.  Per node and sending direction (a
:class:`Sender`): ``M`` ($T\times K$, row t is $m^{(t)}$), ``Lambda_cw`` and ``Lambda_ccw``
($T\times T$ strictly lower triangular; row t is the send at t, column u the symbol received
on that stream at time u+1), exactly the one-way shapes of :mod:`ringlab.core.code`.

Decoding: node $i$ must hold $\sum_j x_j$ after time T.  A code may give the decoder
(``R_cw``, ``R_ccw``, each $K\times T$, column u the symbol received at u+1 on that stream,
and ``T`` ($K\times K$, or ``None``: solved, as eq. (6) solves it one-way),
$\hat z_i = R_{i,cw} s_{i,cw}^{(T)} + R_{i,ccw} s_{i,ccw}^{(T)} + T_i x_i$), or leave it out,
and then a node succeeds iff the sum is in the span of what it holds
(:mod:`ringlab.core.twoway_check`).

>>> from ringlab import preset
>>> c = from_one_way(preset("paper-k2-t3"))
>>> (c.N, c.K, c.T, c.node(0).ccw.M[0])
(3, 2, 3, (0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass

from .code import LinearCode, RingCode, cell_name, check_lower, check_size, matrix_shape, row_name
from .errors import RinglabError
from .fields import Field
from .fields import field as get_field

DIRECTIONS = ("cw", "ccw")
SENDER_MATRICES = ("M", "Lambda_cw", "Lambda_ccw")
DECODER_MATRICES = ("R_cw", "R_ccw", "T")

# which one-way matrix each two-way matrix is shaped (and its axes named) like
_LIKE = {"M": "M", "Lambda_cw": "Lambda", "Lambda_ccw": "Lambda", "R_cw": "R", "R_ccw": "R"}
_LIKE["T"] = "T"

Matrix = tuple


def direction_words(d: str) -> str:
    """``cw`` → ``clockwise (i → i+1)``: how messages name a direction or a stream."""
    return {"cw": "clockwise (i → i+1)", "ccw": "counter-clockwise (i → i−1)"}[d]


def two_way_shape(which: str, K: int, T: int) -> tuple[int, int]:
    """Rows and columns of a two-way matrix (``M``, ``Lambda_cw``, ``R_ccw``, ``T``, …)."""
    return matrix_shape(_LIKE[which], K, T)


def two_way_cell(which: str, r: int, c: int) -> str:
    """Entry (r, c) named as the one-way grids name it: ``row t = 1, column t = 1``."""
    return cell_name(_LIKE[which], r, c)


@dataclass(frozen=True)
class Sender:
    """What one node sends on one link: ``M``, ``Lambda_cw``, ``Lambda_ccw``."""

    M: Matrix
    Lambda_cw: Matrix
    Lambda_ccw: Matrix

    def get(self, which: str) -> Matrix:
        return getattr(self, which)


@dataclass(frozen=True)
class TwoWayNode:
    """One node: its two senders and (optionally) its decoder."""

    cw: Sender
    ccw: Sender
    R_cw: Matrix | None = None
    R_ccw: Matrix | None = None
    T: Matrix | None = None

    def sender(self, d: str) -> Sender:
        return getattr(self, d)

    @property
    def has_decoder(self) -> bool:
        return self.R_cw is not None


def zeros(F: Field, r: int, c: int) -> Matrix:
    return tuple(tuple(F.zero for _ in range(c)) for _ in range(r))


def silent_sender(F: Field, K: int, T: int) -> Sender:
    """A link that carries nothing (every symbol 0)."""
    return Sender(zeros(F, T, K), zeros(F, T, T), zeros(F, T, T))


@dataclass(frozen=True, eq=False)
class TwoWayCode(RingCode):
    """An immutable two-way code; see the module docstring."""

    N: int
    K: int
    T: int
    field: Field
    nodes: tuple[TwoWayNode, ...]
    name: str = ""
    description: str = ""

    ring = "two-way"

    def __post_init__(self):
        object.__setattr__(self, "field", get_field(self.field))
        self.validate()

    @property
    def has_decoders(self) -> bool:
        return all(nd.has_decoder for nd in self.nodes)

    def validate(self) -> None:
        """Raise :class:`RinglabError` naming node, direction, matrix, row and column."""
        for name in ("N", "K", "T"):
            check_size(name, getattr(self, name))
        if len(self.nodes) != self.N:
            raise RinglabError(f"expected {self.N} nodes (N = {self.N}), got {len(self.nodes)}")
        decoders = {nd.has_decoder for nd in self.nodes}
        if len(decoders) > 1:
            i = [nd.has_decoder for nd in self.nodes].index(False)
            raise RinglabError(
                f"node {i}: no decoder (R_cw, R_ccw) while other nodes have one: give every "
                f"node a decoder, or none (then the check asks whether one exists)"
            )
        for i, nd in enumerate(self.nodes):
            for d in DIRECTIONS:
                for which in SENDER_MATRICES:
                    self._check_matrix(nd.sender(d).get(which), which, f"node {i}, send_{d}")
            if nd.R_cw is None or nd.R_ccw is None:
                if (nd.R_cw, nd.R_ccw, nd.T) != (None, None, None):
                    raise RinglabError(
                        f"node {i}: a decoder needs both R_cw and R_ccw (T may be left out)"
                    )
                continue
            for which in DECODER_MATRICES:
                m = getattr(nd, which)
                if m is not None:
                    self._check_matrix(m, which, f"node {i}")

    def _check_matrix(self, m, which: str, place: str) -> None:
        rows, cols = two_way_shape(which, self.K, self.T)
        shape = {"M": "T×K", "R_cw": "K×T", "R_ccw": "K×T", "T": "K×K"}.get(which, "T×T")
        if len(m) != rows:
            raise RinglabError(f"{place}, {which}: expected {rows} rows ({shape}), got {len(m)}")
        for r, row in enumerate(m):
            if len(row) != cols:
                raise RinglabError(
                    f"{place}, {which}, {row_name(_LIKE[which], r)}: expected {cols} columns "
                    f"({shape}), got {len(row)}"
                )
            if which.startswith("Lambda"):
                check_lower(self.field, row, r, cols, f"{place}, {which}", which, two_way_cell)


def _place(F: Field, m: Matrix, rows: int, cols: int, r0: int, c0: int) -> Matrix:
    """``m`` placed at (r0, c0) in a ``rows × cols`` zero matrix."""
    out = [list(row) for row in zeros(F, rows, cols)]
    for r, row in enumerate(m):
        for c, v in enumerate(row):
            out[r0 + r][c0 + c] = v
    return tuple(tuple(row) for row in out)


def from_one_way(code: LinearCode, decoders: bool = True) -> TwoWayCode:
    """The one-way ``code`` on the two-way ring, the counter-clockwise links silent.

    With ``decoders`` its ``R`` (and ``T``, if given) become ``R_cw`` (``R_ccw`` = 0);
    without, the check asks only whether some decoder exists.
    """
    return from_one_way_pair(code, None, decoders)


def from_one_way_pair(
    cw: LinearCode, ccw: LinearCode | None, decoders: bool = True, name: str = ""
) -> TwoWayCode:
    """Two one-way codes side by side: ``cw`` on the clockwise links for the first ``cw.K``
    entries of the vector, ``ccw`` mirrored onto the counter-clockwise links for the rest.

    Mirroring: node i of the two-way ring plays node ``(−i) mod N`` of ``ccw``, so ``ccw``'s
    edge ``σ(i) → σ(i)+1`` is the link ``i → i−1``.  ``ccw = None`` leaves those links silent
    (a one-way code embedded).  Both codes need the same N, T and field; their T may be solved
    (then the embedded T is solved too).
    """
    F, N, T = cw.field, cw.N, cw.T
    K1 = cw.K
    K2 = 0 if ccw is None else ccw.K
    if ccw is not None and (ccw.N, ccw.T, ccw.field.name) != (N, T, F.name):
        raise RinglabError(
            f"the two one-way codes must share N, T and the field: N = {N}, T = {T} over "
            f"{F.name} clockwise, N = {ccw.N}, T = {ccw.T} over {ccw.field.name} the other way"
        )
    K = K1 + K2
    nodes = []
    for i in range(N):
        a = cw.node(i)
        b = None if ccw is None else ccw.node((-i) % N)
        Tz = zeros(F, T, T)
        send_cw = Sender(_place(F, a.M, T, K, 0, 0), a.Lambda, Tz)
        send_ccw = (
            silent_sender(F, K, T)
            if b is None
            else Sender(_place(F, b.M, T, K, 0, K1), Tz, b.Lambda)
        )
        dec = {}
        if decoders:
            dec["R_cw"] = _place(F, a.R, K, T, 0, 0)
            dec["R_ccw"] = zeros(F, K, T) if b is None else _place(F, b.R, K, T, K1, 0)
            solved = a.T is None or (b is not None and b.T is None)
            if not solved:
                t = _place(F, a.T, K, K, 0, 0)
                dec["T"] = t if b is None else _merge(F, t, _place(F, b.T, K, K, K1, K1))
        nodes.append(TwoWayNode(send_cw, send_ccw, **dec))
    return TwoWayCode(N, K, T, F, tuple(nodes), name or cw.name, cw.description if not name else "")


def _merge(F: Field, a: Matrix, b: Matrix) -> Matrix:
    return tuple(tuple(F.add(u, v) for u, v in zip(ra, rb)) for ra, rb in zip(a, b))


def two_classic_rings(N: int, field="Q") -> TwoWayCode:
    """ "Two classic rings": the classic ring all-reduce on each direction, half the vector
    each (K = 2N, T = 2(N − 1)), as a two-way code."""
    from .presets import classic_ring

    c = classic_ring(N, field)
    return from_one_way_pair(
        c, c, name=f"two classic rings, N = {N} (one each way, half the vector each)"
    )
