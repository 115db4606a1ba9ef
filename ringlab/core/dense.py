r"""Eq. (5) for dense codes: eq. (3) run forward once on every source symbol, vectorised.

What every node receives, as combinations of all $NK$ source symbols $x_{s,k}$, is one
$T\times NK$ matrix per node, $S_i$; row t of $S_{i+1}$ is $y_{i\to}^{(t)} = m_i^{(t)} x_i
+ \lambda_i^{(t)} s_i^{(t)}$ (eq. (3)).  $\Lambda_i$ is strictly lower triangular, so once row
u of every $S_i$ is known it is final, and its contribution $\Lambda_i[t, u]\,S_i[u]$ to every
later row $t > u$ of $S_{i+1}$ can be added at once (an outer product, all rows at a time).
Node i's decode is then $D_i = R_i S_i$ ($K\times NK$): its block over source s is eq. (5)'s
$E_{i,j}$ for $s = i\leftarrow j$, and over $s = i$ the eq. (6) term.  No $T\times T$ chain,
no $(I - \Lambda_{i',N})^{-1}$ (the loop is the forward pass), no product recomputed per check:
the $S_i$ serve all $N(N-1)$ checks.  Work: $N^2KT(T-1)/2 + N^2K^2T$ multiply-adds
(:func:`forward_flops`; at N = 32, K = 64, T = 128 a quarter of the batched products of
:func:`ringlab.core.theorem2.decoding_blocks`), each a few NumPy element operations:

* GF(2^m): an element is a ``uint16``; a product is one look-up $\exp[\log a + \log b]$ in
  tables where $\log 0$ is a sentinel whose sums land on zeros (no masking), a sum is XOR;
* GF(p), p ≤ 2^27: ``int64``; rows of $S$ are reduced mod p once, when they become final (a
  row then holds at most T products < p² before its reduction, far from $2^{63}$); $R_i S_i$
  is a float64 BLAS product when $T(p-1)^2 < 2^{53}$ (exact), else an int64 one.

Other fields (Q, R, GF(p^m) with p odd, GF(p) with p > 2^27) return ``None`` from
:func:`decoding_matrix` and keep the batched products.  Finite-field results are unique
elements, so the order of the arithmetic cannot change them: the report is the same as the
other routes' entry for entry (``tests/core/test_dense_route.py``).

>>> from ringlab import preset
>>> D = decoding_matrix(preset("paper-k2-t3", "GF(2^8)"))
>>> D.shape, D[0][:, 4:6].tolist()          # node 0 over source 2 (j = 1): I_K
((3, 2, 6), [[1, 0], [0, 1]])
"""

from __future__ import annotations

from ._lazy import np
from .fields import ExtensionField, PrimeField

# elements of the outer products formed per NumPy call: large enough that the call overhead
# (~µs) is noise, small enough that the temporaries stay in the core's 2 MiB L2 cache
_CHUNK = 1 << 17


def supported(F) -> bool:
    """Whether :func:`decoding_matrix` has a vectorised kernel for field ``F``."""
    if isinstance(F, ExtensionField):
        return F.p == 2
    return isinstance(F, PrimeField) and not F._obj


def forward_flops(N: int, K: int, T: int) -> int:
    """Multiply-adds of :func:`decoding_matrix` (propagation, then $R_i S_i$)."""
    return N * N * K * T * (T - 1) // 2 + N * N * K * K * T


def forward_calls(N: int, K: int, T: int) -> int:
    """About how many vectorised steps :func:`decoding_matrix` takes on a dense code (each
    costs some µs of NumPy calls besides its elements)."""
    NK = N * K
    calls = 0
    for u in range(T - 1):
        group = _CHUNK // ((T - u - 1) * NK)
        calls += -(-N // group) if group else N * -(-(T - u - 1) // max(1, _CHUNK // NK))
    if N * K * T * NK <= _CHUNK:
        return calls + 1
    group = _CHUNK // (K * NK)
    return calls + (N * -(-T // group) if group > 1 else N * T * -(-K // max(1, _CHUNK // NK)))


def decoding_matrix(code):
    r"""``D`` of shape ``(N, K, N·K)``, field-native (``int64``): ``D[i][:, s·K:(s+1)·K]`` is
    the block of node i's decode $R_i S_i$ over $x_s$; ``None`` if the field has no kernel."""
    F = code.field
    if not supported(F):
        return None
    if isinstance(F, ExtensionField):
        return _char2(code, F)
    return _prime(code, F)


def _row_chunks(n_rows: int, width: int):
    """Row ranges ``(a, b)`` of at most ``_CHUNK`` elements each (at least one row)."""
    step = max(1, _CHUNK // max(1, width))
    return [(a, min(n_rows, a + step)) for a in range(0, n_rows, step)]


def _received(code, dtype):
    """``(Y, Λ, R)``: ``Y[i, t]`` starts as $m_i^{(t)}$ placed on the columns of $x_i$ (what
    node i sends at t before adding what it received); Λ and R the native batches."""
    N, K, T = code.shape
    nat = code.native
    Y = np.zeros((N, T, N * K), dtype=dtype)
    for i in range(N):
        Y[i, :, i * K : (i + 1) * K] = nat["M"][i]
    return Y, nat["Lambda"], nat["R"]


# Each NumPy call costs a few µs besides its elements: small codes update a group of nodes (all
# of them up to N = K = 16, T = 32) in one call per time step and decode a node's time steps in
# one call; large ones go node by node (skipping zero rows of Λ and zero columns) in chunks.


def _char2(code, F):
    log, exp = F.sentinel_tables()
    N, K, _ = code.shape
    Y, L, R = _received(code, np.uint16)
    product = _LogProducts(exp, _CHUNK + N * K)
    _char2_propagate(Y, log[L], L != 0, log, product)  # log[L]: zeros become the sentinel
    return _char2_decode(Y, R, log, product)


class _LogProducts:
    """Outer products in log form, ``exp[lcol[..., None] + lrow[..., None, :]]``, through index
    and product buffers reused from call to call (the result is a view of the product buffer
    when it fits)."""

    def __init__(self, exp, size: int):
        self.exp, self.take = exp, np.take
        self.ibuf = np.empty(size, dtype=np.intp)
        self.pbuf = np.empty(size, dtype=np.uint16)

    def __call__(self, lcol, lrow):
        shape = np.broadcast_shapes(lcol.shape + (1,), lrow.shape[:-1] + (1, lrow.shape[-1]))
        n = int(np.prod(shape))
        if n > len(self.ibuf):
            return self.take(self.exp, lcol[..., None] + lrow[..., None, :])
        idx = self.ibuf[:n].reshape(shape)
        np.add(lcol[..., None], lrow[..., None, :], out=idx)
        out = self.pbuf[:n].reshape(shape)
        self.take(self.exp, idx, out=out, mode="clip")
        return out


def _char2_propagate(Y, logL, nonzero, log, product):
    r"""Eq. (3) forward over GF(2^m): once row u of every $S_i$ is final, add
    $\Lambda_{i+1}[t, u]\,y_i^{(u)}$ to every later row t of node i + 1's."""
    xor = np.bitwise_xor
    N, T, NK = Y.shape
    prev = (np.arange(N) - 1) % N  # node i receives from node i − 1
    for u in range(T - 1):
        group = _CHUNK // ((T - u - 1) * NK)
        if not group:
            for i in range(N):
                _char2_send(Y, i, u, logL, nonzero, log, product)
            continue
        for a in range(0, N, group):  # a group of nodes at once
            b = min(N, a + group)
            lsrc = log[Y[prev[a:b], u]]  # what nodes a..b−1 receive at u + 1
            blk = Y[a:b, u + 1 :]
            xor(blk, product(logL[a:b, u + 1 :, u], lsrc), out=blk)


def _char2_send(Y, i, u, logL, nonzero, log, product):
    r"""Node i sends $y_i^{(u)}$ and node i + 1 adds it into its later rows: only the rows
    where Λ is nonzero, only the span (or the set) of the nonzero columns."""
    nxt = (i + 1) % Y.shape[0]
    rows = np.flatnonzero(nonzero[nxt, u + 1 :, u])
    if not len(rows):
        return
    src = Y[i, u]
    cols = np.flatnonzero(src)
    if not len(cols):
        return
    rows += u + 1
    c0, c1 = cols[0], cols[-1] + 1
    if c1 - c0 < 2 * len(cols):  # mostly non-zero: the whole span, zeros too
        cols = None
        lsrc = log[src[c0:c1]]
    else:
        lsrc = log[src[cols]]
    lcol = logL[nxt, rows, u]
    for a, b in _row_chunks(len(rows), len(lsrc)):
        prod = product(lcol[a:b], lsrc)
        r = rows[a:b]
        if cols is None and b - a == r[-1] - r[0] + 1:  # a block: XOR in place
            blk = Y[nxt, r[0] : r[-1] + 1, c0:c1]
            np.bitwise_xor(blk, prod, out=blk)
        elif cols is None:
            Y[nxt, r, c0:c1] ^= prod
        else:
            Y[nxt, r[:, None], cols[None, :]] ^= prod


def _char2_decode(Y, R, log, product):
    r"""$D_i = R_i S_i$ over GF(2^m), as ``int64``."""
    xor = np.bitwise_xor
    N, K, T = R.shape
    NK = Y.shape[2]
    prev = (np.arange(N) - 1) % N
    logR = log[R]  # (N, K, T)
    if N * K * T * NK <= _CHUNK:  # D_i = R_i S_i for every node at once
        prod = product(logR.transpose(0, 2, 1), log[Y[prev]])  # (N, T, K, NK)
        return xor.reduce(prod, axis=1).astype(np.int64)
    D = np.zeros((N, K, NK), dtype=np.uint16)
    group = _CHUNK // (K * NK)  # time steps per call
    for i in range(N):
        S = Y[prev[i]]  # what node i received: y_{i'}^(t), t = 0..T−1
        acc = D[i]
        ts = np.flatnonzero((R[i] != 0).any(axis=0))
        if group > 1:
            for a in range(0, len(ts), group):
                tt = ts[a : a + group]
                acc ^= xor.reduce(product(logR[i][:, tt].T, log[S[tt]]), axis=0)
            continue
        for t in ts:
            lS = log[S[t]]
            for a, b in _row_chunks(K, NK):
                xor(acc[a:b], product(logR[i, a:b, t], lS), out=acc[a:b])
    return D.astype(np.int64)


def _prime(code, F):
    p = F.p
    N, _, T = code.shape
    Y, L, R = _received(code, np.int64)
    NK = Y.shape[2]
    prev = (np.arange(N) - 1) % N
    for u in range(T - 1):
        Y[:, u] %= p  # row u is final: every row < u is in it
        group = _CHUNK // ((T - u - 1) * NK)
        if group:  # a group of nodes at once
            for a in range(0, N, group):
                b = min(N, a + group)
                Y[a:b, u + 1 :] += L[a:b, u + 1 :, u, None] * Y[prev[a:b], u][:, None, :]
            continue
        for i in range(N):
            nxt = (i + 1) % N
            lam = L[nxt, u + 1 :, u]
            if not lam.any():
                continue
            src = Y[i, u]
            for a, b in _row_chunks(T - u - 1, NK):
                Y[nxt, u + 1 + a : u + 1 + b] += lam[a:b, None] * src[None, :]
    Y[:, T - 1] %= p
    exact = T * (p - 1) ** 2 < 2**53  # every partial sum exact in float64 (BLAS)
    dt = np.float64 if exact else np.int64  # else int64: < T·p² < 2^63
    if N * T * NK <= _CHUNK:
        return np.matmul(R.astype(dt), Y[prev].astype(dt)).astype(np.int64) % p
    D = np.empty((N, R.shape[1], NK), dtype=np.int64)
    for i in range(N):
        D[i] = np.matmul(R[i].astype(dt), Y[(i - 1) % N].astype(dt))
    return D % p
