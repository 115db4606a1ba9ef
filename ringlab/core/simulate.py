r"""Propagation: every symbol of a run, as a combination of the message symbols and as a value.

Message symbol $x_{j,k}$ (node j = 0..N−1, k = 1..K) is column $jK + (k-1)$ of a coefficient
vector.  Eq. (3) read row by row: $y_{i\to}^{(t)} = m_i^{(t)} x_i + \sum_{u<t}
\lambda_i^{(t)}[u]\, y_{i'\to}^{(u)}$ — the symbol node i sends at t only needs what its
predecessor sent before t, because $\Lambda_i$ is strictly lower triangular.  Decoding is eq. (4),
$\hat z_i = R_i s_i^{(T)} + T_i x_i$, with the given $T_i$ or the one solved from eq. (6).

How it stays fast at N = 32, K = 64, T = 128 (8.4 million coefficients) and exact:

* coefficients are computed with that recursion on whole (N, NK) slices, one time step at a
  time, multiplying only by the columns $u$ some $\lambda^{(t)}$ actually uses (a ring's $\Lambda$
  is the down-shift: one column), in a NumPy representation whose arithmetic *is* the field's —
  integers held exactly in float64 over Q when a bound on every partial sum stays below
  $2^{52}$ (else the field's own exact objects), integers mod p over GF(p), the field's tables
  over GF(p^m), float64 over R;
* they are kept as one array and turned into field elements only when a vector is read
  (``trace.sent[t][i]`` builds that one :class:`Row` and keeps it);
* values are propagated on their own, with the field's matrices and one column.

>>> from ringlab import preset
>>> tr = simulate(preset("paper-k1-t2"), inputs=[[1], [2], [3]])
>>> tr.decoded_values, tr.true_sum
([[6], [6], [6]], [6])
>>> tr.sent[0][1], tr.sent[0][1].support
([0, 1, 0], (1,))
"""

from __future__ import annotations

import random as _random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from .code import LinearCode
from .errors import RinglabError
from .theorem2 import Theorem2Report, theorem2_report

_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
# float64 holds every integer below 2^53 exactly, float32 below 2^24 (half the memory, and a
# fresh 67 MB array costs more in page faults than the arithmetic); one bit of margin for the
# bound's own rounding
_EXACT_FLOAT64, _EXACT_FLOAT32 = 2.0**52, 2.0**23


def symbol_name(j: int, k: int) -> str:
    """The paper's name of message symbol k (1-based) of node j: ``x₀,₁``."""
    return f"x{str(j).translate(_SUB)},{str(k).translate(_SUB)}"


def support(F, coeffs) -> tuple[int, ...]:
    """The columns where a coefficient vector is non-zero (a :class:`Row` knows them)."""
    known = getattr(coeffs, "support", None)
    if known is not None:
        return known
    return tuple(col for col, c in enumerate(coeffs) if not F.is_zero(c))


def pretty_combination(F, coeffs, K: int) -> str:
    """A coefficient vector over all $x_{j,k}$ for people: ``x₀,₁ + 2·x₂,₂ − x₁,₁``."""
    parts = []
    for col in support(F, coeffs):
        c = coeffs[col]
        name = symbol_name(col // K, col % K + 1)
        neg = F.characteristic == 0 and c < 0
        mag = -c if neg else c
        term = name if F.is_one(mag) else f"{F.format(mag)}·{name}"
        if not parts:
            parts.append(("−" if neg else "") + term)
        else:
            parts.append(("− " if neg else "+ ") + term)
    return " ".join(parts) if parts else "0"


class Row(list):
    """A coefficient vector: a plain list of field elements that also carries ``support``, its
    non-zero columns (so a 2048-column vector with five terms is read in five steps)."""

    __slots__ = ("support",)


class _Lazy(Sequence):
    """A read-only sequence whose item k is ``make(k)``, built when first read."""

    def __init__(self, n: int, make):
        self._n, self._make = n, make

    def __len__(self):
        return self._n

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(self._n))]
        return self._make(range(self._n)[k])  # range: negative k and IndexError as a list

    def __eq__(self, other):
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self):
        return repr(list(self))


class _Coefficients:
    """Coefficient vectors for every node, ``arr[i, r]`` (N, rows, NK) in the run's exact
    representation — computed by ``make()`` when first needed; ``row(i, r)`` is that vector
    as field elements (built once)."""

    def __init__(self, F, make, elem):
        self.F, self._make, self._elem = F, make, elem
        self._arr = None
        self._rows: dict = {}

    @property
    def arr(self) -> np.ndarray:
        if self._arr is None:
            self._arr, self._make = self._make(), None
        return self._arr

    def nonzero(self, a) -> np.ndarray:
        if getattr(self.F, "exact", True) is False:
            return np.abs(a) > self.F.atol  # R: is_zero's tolerance
        return a != 0

    def row(self, i: int, r: int) -> Row:
        got = self._rows.get((i, r))
        if got is None:
            a = self.arr[i, r]
            nz = np.flatnonzero(self.nonzero(a))
            if self._elem is None:  # stored as the field's own elements
                got = Row(a.tolist())
            else:  # only the non-zero entries need converting
                got = Row([self.F.zero] * a.shape[0])
                for c, v in zip(nz.tolist(), a[nz].tolist()):
                    got[c] = self._elem(v)
            got.support = tuple(nz.tolist())
            self._rows[(i, r)] = got
        return got

    def is_zero_rows(self) -> np.ndarray:
        """(N, rows) booleans: which vectors are all zero."""
        return ~self.nonzero(self.arr).any(axis=-1)


class Held(NamedTuple):
    """What a :class:`Trace` holds in memory now (see :meth:`Trace.held`)."""

    dtype: object  # the sent coefficients' array: object (exact elements), int8, float32, …
    sent_vectors: frozenset  # (i, t) of each y_{i→}^(t) built as field elements so far
    decode_computed: bool  # whether the decode's coefficients were worked out
    decoded_vectors: frozenset  # (i, k) of each entry of ẑ_i built as field elements so far


@dataclass
class Trace:
    """A whole run; index ``[t][i]`` for transmissions, ``[i]`` for nodes."""

    code: LinearCode
    report: Theorem2Report
    inputs: list | None  # N×K elements, or None for a symbolic run
    sent: Sequence  # sent[t][i]: coefficient vector (N·K) of y_{i→}^(t)
    sent_values: list | None  # sent_values[t][i]: value of y_{i→}^(t)
    decoded: Sequence  # decoded[i]: K coefficient vectors of ẑ_i
    decoded_values: list | None  # decoded_values[i]: K values
    true_sum: list | None  # K values of Σ_j x_j
    _coeffs: tuple | None = None  # (sent, decoded) _Coefficients, for whole-array questions

    @property
    def field(self):
        return self.code.field

    def received(self, i: int, t: int) -> list:
        """$s_i^{(t)}$: what node i received at times 1..t (coefficient vectors)."""
        prev = (i - 1) % self.code.N
        return [self.sent[u][prev] for u in range(t)]

    def received_values(self, i: int, t: int) -> list | None:
        if self.sent_values is None:
            return None
        prev = (i - 1) % self.code.N
        return [self.sent_values[u][prev] for u in range(t)]

    def idle(self) -> np.ndarray:
        """(T, N) booleans: whether $y_{i\\to}^{(t)}$ is the zero combination (the edge is idle)."""
        if self._coeffs is not None:
            return self._coeffs[0].is_zero_rows().T
        F, (N, _, T) = self.field, self.code.shape
        return np.array(
            [[not support(F, self.sent[t][i]) for i in range(N)] for t in range(T)], dtype=bool
        ).reshape(T, N)

    def decodes_sum(self, i: int) -> list[bool]:
        """Per k: whether ẑ_i's entry k is $\\sum_j x_{j,k}$ for every input (coefficients)."""
        F, N, K = self.field, self.code.N, self.code.K
        if self._coeffs is not None:
            want = np.tile(np.eye(K, dtype=np.int64), (1, N))  # x_{j,k} ↦ 1 for every j
            got = self._coeffs[1].arr[i]
            if F.exact:
                return (got == want).all(axis=1).tolist()
            return (np.abs(got - want) <= F.atol + F.rtol * want).all(axis=1).tolist()
        out = []
        for k in range(K):
            row = self.decoded[i][k]
            out.append(
                all(F.equal(row[col], F.one if col % K == k else F.zero) for col in range(N * K))
            )
        return out

    def wrong_entries(self, i: int) -> list[int]:
        """k (0-based) where node i's decoded value differs from the true sum (or, in a
        symbolic run, where the decoded combination is not the sum)."""
        if self.decoded_values is None:
            return [k for k, ok in enumerate(self.decodes_sum(i)) if not ok]
        F = self.field
        return [
            k
            for k, (a, b) in enumerate(zip(self.decoded_values[i], self.true_sum))
            if not F.equal(a, b)
        ]

    @property
    def all_correct(self) -> bool:
        return all(not self.wrong_entries(i) for i in range(self.code.N))

    def pretty(self, coeffs) -> str:
        return pretty_combination(self.field, coeffs, self.code.K)

    def held(self) -> Held:
        """What this run holds now: its coefficients are one array (in the narrowest exact
        representation) and become field elements only vector by vector, when read; the
        decode's are worked out only when first needed.  A large code's walkthrough reads a
        step's vectors and no more (a memory report or a status line says how much)."""
        if self._coeffs is None:
            return Held(None, frozenset(), True, frozenset())
        ys, ds = self._coeffs
        return Held(ys.arr.dtype, frozenset(ys._rows), ds._arr is not None, frozenset(ds._rows))


def parse_inputs(code: LinearCode, inputs, where: str = "inputs") -> list:
    """Check and parse an N×K array of message symbols (rows = nodes)."""
    F, N, K = code.field, code.N, code.K
    if not isinstance(inputs, (list, tuple)) or len(inputs) != N:
        raise RinglabError(f"{where}: expected a list of {N} rows (one per node) of {K} entries")
    out = []
    for i, row in enumerate(inputs):
        if not isinstance(row, (list, tuple)) or len(row) != K:
            raise RinglabError(f"{where}, node {i}: expected {K} entries (x_{i},1..x_{i},{K})")
        r = []
        for k, v in enumerate(row):
            try:
                r.append(F.parse(v))
            except RinglabError as e:
                raise RinglabError(f"{where}, node {i}, entry {k + 1}: {e}") from None
        out.append(r)
    return out


def random_inputs(code: LinearCode, seed: int | None = None) -> list:
    """Reproducible random message symbols: integers −9..9 over Q and R, any element over GF."""
    rng = _random.Random(seed)
    return [[code.field.random_element(rng) for _ in range(code.K)] for _ in range(code.N)]


# -- the exact NumPy representation -------------------------------------------------------------
class _NotExactInFloat(Exception):
    """A Q entry is not an integer, or a bound exceeds what float64 holds exactly."""


@dataclass
class _Arith:
    """A field's arithmetic on NumPy arrays: ``zeros``, ``matmul``, ``add``, and ``elem`` turning
    a stored scalar back into a field element (``None``: it already is one)."""

    dtype: object
    matmul: object
    add: object
    elem: object
    zero: object = 0

    def zeros(self, shape):
        return np.full(shape, self.zero, dtype=self.dtype)


def _arith(F) -> _Arith:
    if F.name == "Q":
        from flint import fmpq  # the Q field's elements

        return _Arith(np.float64, np.matmul, np.add, lambda v: fmpq(int(v)))
    if F.name == "R":
        return _Arith(np.float64, np.matmul, np.add, None)
    return _Arith(F.zeros(0, 0).dtype, F.matmul, F.madd, None)  # GF(p), GF(p^m)


def _object_arith(F) -> _Arith:
    """Q with fractions or huge integers: the field's own exact elements in object arrays."""
    return _Arith(object, np.matmul, np.add, None, F.zero)


def _stack(F, mats, shape, A: _Arith):
    """Matrices given as rows of field elements → one (len(mats), *shape) array; only the
    non-zero entries are visited (a ring's Λ is mostly zeros)."""
    out = A.zeros((len(mats), *shape))
    to_float = F.name == "Q" and A.dtype != object
    for n, m in enumerate(mats):
        for r, row in enumerate(m):
            cols = [c for c, v in enumerate(row) if v]
            if not cols:
                continue
            vals = [row[c] for c in cols]
            if to_float:
                if any(v.q != 1 for v in vals):
                    raise _NotExactInFloat
                vals = [float(int(v.p)) for v in vals]
            out[n, r, cols] = vals
    return out


def _float_bound(M, L, R, Ts) -> float:
    """An upper bound on |every partial sum| of the recursion and the decode, when M, Λ, R, T
    hold integers: b[i, t] = max|m_i^(t)| + Σ_u |λ_i^(t)[u]|·b[i', u]."""
    N, T, _ = M.shape
    b = np.zeros((N, T))
    mM = np.abs(M).max(axis=2, initial=0.0)
    aL = np.abs(L)
    for t in range(T):
        b[:, t] = mM[:, t] + (aL[:, t, :t] * np.roll(b[:, :t], 1, axis=0)).sum(axis=1)
    bd = (np.abs(R) @ np.roll(b, 1, axis=0)[..., None])[..., 0] + np.abs(Ts).max(initial=0.0)
    return float(max(b.max(initial=0.0), bd.max(initial=0.0)))


def _arrays(code: LinearCode, report: Theorem2Report):
    """M, Λ, R and the decoding T_i of every node as arrays, with their :class:`_Arith`."""
    F = code.field
    _, K, T = code.shape
    mats = (
        [nd.M for nd in code.nodes],
        [nd.Lambda for nd in code.nodes],
        [nd.R for nd in code.nodes],
        [report.effective_translation(i) for i in range(code.N)],
    )
    shapes = ((T, K), (T, T), (K, T), (K, K))
    A = _arith(F)
    try:
        arrs = [_stack(F, m, s, A) for m, s in zip(mats, shapes)]
        if F.name == "Q":
            bound = _float_bound(*arrs)
            if bound >= _EXACT_FLOAT64:
                raise _NotExactInFloat
            if bound < _EXACT_FLOAT32:
                A.dtype = np.float32
                arrs = [a.astype(np.float32) for a in arrs]
    except _NotExactInFloat:
        A = _object_arith(F)
        arrs = [_stack(F, m, s, A) for m, s in zip(mats, shapes)]
    return A, arrs


# -- the recursion ---------------------------------------------------------------------------
def _sent_coefficients(A: _Arith, M, L, K: int):
    """Y[i, t] = coefficients of $y_{i\\to}^{(t)}$ = m_i^(t) (at x_i's columns) + λ_i^(t) · Y[i', :t]."""
    N, T, _ = M.shape
    Y = A.zeros((N, T, N * K))
    blocks = Y.reshape(N, T, N, K)  # a view: blocks[i, t, j] is x_j's part
    Lr = np.roll(L, -1, axis=0)  # Lr[i] = Λ_{i+1}: it reads what i sent
    used = (L != 0).any(axis=0)  # used[t, u]: some λ^(t)[u] is non-zero
    ar = np.arange(N)
    for t in range(T):
        u = np.flatnonzero(used[t, :t])
        if u.size == t and t:  # dense row: slices, no copies
            P = A.matmul(Lr[:, t : t + 1, :t], Y[:, :t])
        elif u.size:
            P = A.matmul(Lr[:, t : t + 1, u], Y[:, u])
        else:
            P = None
        if P is not None:
            Y[:, t] = np.roll(P[:, 0], 1, axis=0)  # node i+1 gets what it computed from i
        blocks[ar, t, ar] = A.add(blocks[ar, t, ar], M[:, t])
    return Y


def _decoded_coefficients(A: _Arith, R, Ts, Y, K: int):
    """D[i] = R_i s_i^(T) + T_i x_i, where $s_i^{(T)}$ is everything node i' sent (``Y`` may
    be stored narrower than the arithmetic: the rows used are widened back)."""
    N = Y.shape[0]
    D = A.zeros((N, K, N * K))
    used = (R != 0).any(axis=1)  # used[i, u]: R_i reads the symbol of time u+1
    for i in range(N):
        u = np.flatnonzero(used[i])
        if u.size:
            D[i] = A.matmul(R[i][:, u], Y[i - 1][u].astype(R.dtype))
    ar = np.arange(N)
    blocks = D.reshape(N, K, N, K)
    blocks[ar, :, ar] = A.add(blocks[ar, :, ar], Ts)
    return D


def _compact(F, A: _Arith, arr):
    """Stored integers in the narrowest dtype that holds them (8× less memory for 0/1 codes)."""
    if arr.dtype == object or F.name == "R" or arr.size == 0:
        return arr
    hi = int(np.abs(arr).max())
    return arr.astype(np.min_scalar_type(-hi) if F.name == "Q" else np.min_scalar_type(hi))


def _values(code: LinearCode, report: Theorem2Report, x_rows):
    """(sent_values, decoded_values): eq. (7) iterated around the ring on one column of values.

    Row t of $s_i$ only depends on rows < t of $s_{i'}$, so each sweep adds N correct rows and
    $\\lceil T/N\\rceil + 1$ sweeps are exact; with one column each product is T² operations."""
    F = code.field
    N, _, T = code.shape
    nat = code.native
    xs = F.stack([F.matrix([[v] for v in row]) for row in x_rows])  # N of K×1
    Mx, Lam = F.unstack(F.bmm(nat["M"], xs)), F.unstack(nat["Lambda"])
    S = [F.zeros(T, 1) for _ in range(N)]
    for _ in range(-(-T // N) + 1):
        for i in range(N):
            S[i] = F.madd(Mx[i - 1], F.matmul(Lam[i - 1], S[i - 1]))
    S = F.stack(S)
    Y = F.unstack(F.badd(F.stack(Mx), F.bmm(nat["Lambda"], S)))
    tn = F.unstack(report.translation_native)
    Ts = F.stack(
        [
            tn[i] if code.node(i).T is None else F.matrix([list(r) for r in code.node(i).T])
            for i in range(N)
        ]
    )
    D = F.unstack(F.badd(F.bmm(nat["R"], S), F.bmm(Ts, xs)))
    yv = [[r[0] for r in F.rows(y)] for y in Y]
    return [[yv[i][t] for i in range(N)] for t in range(T)], [[r[0] for r in F.rows(d)] for d in D]


def simulate(code: LinearCode, inputs=None, report: Theorem2Report | None = None) -> Trace:
    """Propagate ``code``; ``inputs`` is an N×K array (parsed with the field) or ``None``."""
    F = code.field
    N, K, T = code.shape
    report = report or theorem2_report(code)
    A, (M, L, R, Ts) = _arrays(code, report)
    Y = _compact(F, A, _sent_coefficients(A, M, L, K))
    ys = _Coefficients(F, lambda: Y, A.elem)
    # the decode's coefficients are read only by a symbolic run's verdicts and by `ringlab
    # simulate`: the walkthrough never needs them, so they are computed on first use
    ds = _Coefficients(F, lambda: _compact(F, A, _decoded_coefficients(A, R, Ts, Y, K)), A.elem)
    sent = _Lazy(T, lambda t: _Lazy(N, lambda i: ys.row(i, t)))
    decoded = _Lazy(N, lambda i: [ds.row(i, k) for k in range(K)])
    sent_values = decoded_values = true_sum = None
    if inputs is not None:
        x_rows = parse_inputs(code, inputs)
        sent_values, decoded_values = _values(code, report, x_rows)
        ones = F.matrix([[F.one] * N])
        true_sum = F.rows(F.matmul(ones, F.matrix(x_rows)))[0]
        inputs = x_rows
    return Trace(
        code, report, inputs, sent, sent_values, decoded, decoded_values, true_sum, (ys, ds)
    )
