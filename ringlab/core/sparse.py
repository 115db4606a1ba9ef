r"""The non-zero entries of a code's matrices, row by row, remembered across edits.

Codes people build are sparse: the classic ring at N = 32, K = 64, T = 128 has about 3 000
non-zero entries among a million.  :func:`nonzeros` lists, for every row of a matrix, its
``(column, value)`` pairs with value ≠ 0 (exactly: a tiny float over R is still an entry, as
it is for the dense products).  An edit returns a new code whose untouched matrices are the very
same tuples, so the result is kept per matrix *object* (the object is held, so its id stays
unique) and an edit costs one matrix's scan instead of 3N of them.

>>> from ringlab import preset
>>> nonzeros(preset("paper-k1-t2").node(0).Lambda)
((), ((0, 1),))
"""

from __future__ import annotations

import threading
from collections import OrderedDict

_KEEP = 4096  # matrices remembered: 3 per node, 32 nodes, a few dozen codes
_CACHE: OrderedDict = OrderedDict()
_LOCK = threading.Lock()  # the app checks codes off the GUI thread too


def _scan(rows) -> tuple:
    # any() runs at C speed and most rows of a sparse code are all zero
    return tuple(tuple((c, v) for c, v in enumerate(row) if v) if any(row) else () for row in rows)


def nonzeros(rows, remember: bool = True) -> tuple:
    """Per row, the ``(column, value)`` pairs of the non-zero entries of ``rows``.

    ``rows`` is a matrix as a code stores it (a tuple of row tuples of field elements); with
    ``remember`` the answer is kept for this object.
    """
    if not remember:
        return _scan(rows)
    key = id(rows)
    with _LOCK:
        hit = _CACHE.get(key)
        if hit is not None and hit[0] is rows:
            _CACHE.move_to_end(key)
            return hit[1]
    nz = _scan(rows)
    with _LOCK:
        _CACHE[key] = (rows, nz)
        if len(_CACHE) > _KEEP:
            _CACHE.popitem(last=False)
    return nz


def code_nonzeros(code) -> tuple[list, list, list]:
    """``(M, Λ, R)``: per node, :func:`nonzeros` of that matrix."""
    return (
        [nonzeros(nd.M) for nd in code.nodes],
        [nonzeros(nd.Lambda) for nd in code.nodes],
        [nonzeros(nd.R) for nd in code.nodes],
    )


# -- eq. (5) by forward propagation over sparse coefficient vectors ---------------------------


def _axpy(acc: dict, a, x: dict, add, mul, one) -> None:
    """``acc += a·x`` on dicts column → value (a ≠ 0)."""
    get = acc.get
    if a == one:  # 0/1 codes: no product at all
        for c, v in x.items():
            w = get(c)
            acc[c] = v if w is None else add(w, v)
    else:
        for c, v in x.items():
            p = mul(a, v)
            w = get(c)
            acc[c] = p if w is None else add(w, p)


def _dropped_zeros(d: dict) -> dict:
    # a sum can cancel (1 + 1 in GF(2)); a zero kept would only cost time, never change a value
    return d if all(d.values()) else {c: v for c, v in d.items() if v}


def decoding_rows(code, budget: int | None = None):
    r"""Per node i, per source node s: the block of $D_i = R_i\,S_i$ over $x_s$, or ``None``.

    $S_i$ ($T\times NK$) holds what node i receives, as combinations of every $x_{j,k}$
    (column $jK + k$): row t is $y_{i'}^{(t)} = m_{i'}^{(t)} x_{i'} + \lambda_{i'}^{(t)}
    s_{i'}^{(t)}$ (eq. (3)), computed for t = 0, 1, … in turn; $\Lambda$ strictly lower
    triangular makes row t depend on rows < t only, so one pass is exact and the loop
    $(I - \Lambda_{i',N})^{-1}$ is never formed.  Unrolling it,
    $S_i = (I-\Lambda_{i',N})^{-1}\sum_{j=1}^{N}\Lambda_{i',j-1}M_{i\leftarrow j}\,[x_{i\leftarrow j}]$,
    so the block of $D_i$ over source $s = i\leftarrow j$ is eq. (5)'s $E_{i,j}$ (and over
    $s = i$ the eq. (6) term).

    Work is one multiply-add per non-zero coefficient carried; when it passes ``budget`` the
    code is too dense for this and ``None`` is returned (the dense route wins) — at once when
    :func:`work_floor` already passes it.
    Each block is a dict ``{(row, column): value}`` of its non-zero entries.
    """
    F = code.field
    N, K, T = code.shape
    Mnz, Lnz, Rnz = code_nonzeros(code)
    if budget is not None and work_floor(code, budget) > budget:
        return None
    add, mul, one = F.add, F.mul, F.one
    sent = [[None] * T for _ in range(N)]  # sent[i][t]: y_i→^(t) as {column: value}
    work = 0
    for t in range(T):
        for i in range(N):
            prev, base = sent[i - 1], i * K  # i − 1 = −1 is node N − 1: the ring
            y = {base + k: m for k, m in Mnz[i][t]}
            for u, lam in Lnz[i][t]:
                x = prev[u]
                if x:
                    work += len(x)
                    _axpy(y, lam, x, add, mul, one)
            sent[i][t] = _dropped_zeros(y)
            if budget is not None and work > budget:  # per node: a dense code's time step
                return None  # alone can cost N·t·NK steps
    out = []
    for i in range(N):
        prev = sent[i - 1]
        blocks = [{} for _ in range(N)]
        for k in range(K):
            acc: dict = {}
            for t, r in Rnz[i][k]:
                x = prev[t]
                if x:
                    work += len(x)
                    _axpy(acc, r, x, add, mul, one)
            for c, v in acc.items():
                if v:
                    blocks[c // K][(k, c % K)] = v
        out.append(blocks)
    return out


def work_floor(code, stop: int | None = None) -> int:
    r"""A lower bound on the work of :func:`decoding_rows`, counted from the non-zero lists alone
    (it stops counting once past ``stop``).

    For u < N, what node i sends at u involves sources i, i − 1, …, i − u only, so its
    coefficients on $x_i$ are exactly $m_i^{(u)}$ (nothing can cancel them): each non-zero
    $\lambda_{i+1}^{(t)}[u]$ with u < N carries at least the non-zeros of $m_i^{(u)}$.
    A dense code passes its budget here in milliseconds instead of seconds of propagation.
    """
    N = code.N
    Mnz, Lnz, _ = code_nonzeros(code)
    floor = 0
    for i in range(N):
        m = Mnz[i - 1]
        for row in Lnz[i]:
            for u, _v in row:
                if u < N:
                    floor += len(m[u])
        if stop is not None and floor > stop:
            break
    return floor


def block_rows(F, block: dict, K: int) -> list:
    """A sparse K×K block as rows of field elements."""
    rows = [[F.zero] * K for _ in range(K)]
    for (r, c), v in block.items():
        rows[r][c] = v
    return rows


def block_is_identity(F, block: dict, K: int) -> bool:
    """Whether the block equals $I_K$ (within the field's tolerance over R)."""
    if F.exact:
        return len(block) == K and all(block.get((k, k)) == F.one for k in range(K))
    return all(F.equal(block.get((k, k), F.zero), F.one) for k in range(K)) and all(
        F.equal(v, F.zero) for (r, c), v in block.items() if r != c
    )


def block_diff(F, block: dict, rows) -> list[tuple[int, int]]:
    """Positions (row-major) where the block differs from ``rows`` (a K×K matrix)."""
    return [
        (r, c)
        for r, row in enumerate(rows)
        for c, v in enumerate(row)
        if not F.equal(block.get((r, c), F.zero), v)
    ]
