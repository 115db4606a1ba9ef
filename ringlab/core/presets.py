r"""Ready-made codes: the paper's three constructions, the classic ring, time-sharing.

* ``paper-k1-t2``, ``paper-k2-t3``, ``paper-k3-t4``: Sec. IV-B, N = 3, every $\Lambda_i$ the
  down-shift matrix; the K = 2, T = 3 code needs non-trivial coding (Appendix).
* ``classic-ring-n<N>``: reduce-scatter + all-gather as a code with 0/1 coefficients, K = N,
  T = 2(N−1): at step t node i sends chunk (i − t) mod N (the worked ring example), adding its
  own share during the first N−1 steps and forwarding afterwards.
* ``time-shared-k<K>``: N = 3, any K at $T = \lceil 4K/3\rceil$: ⌊K/3⌋ groups of the K = 3 code
  and a residual K mod 3 group (the K = 1 or K = 2 code), each on its own time slots
  (proof of Theorem 3, sufficiency).

Every preset can be built over any field (its entries are 0, 1 and −1).

>>> [c.T for c in (preset("classic-ring-n4"), preset("time-shared-k5"))]
[6, 7]
"""

from __future__ import annotations

import re

from .code import LinearCode, NodeMatrices
from .errors import RinglabError
from .fields import field as get_field

_DOWN = "down"


def _down_shift(T):
    return [[1 if r == c + 1 else 0 for c in range(T)] for r in range(T)]


def _tuples(rows) -> tuple:
    return tuple(tuple(r) for r in rows)


# The paper's matrices, typed from Sec. IV-B (inputs, not results).
_PAPER = {
    "paper-k1-t2": dict(
        name="K=1, T=2 (paper, Sec. IV-B)",
        description="Reduce-multicast code for one symbol per node on the 3-node ring.",
        M=[[[1], [1]]] * 3,
        R=[[[0, 1]]] * 3,
    ),
    "paper-k2-t3": dict(
        name="K=2, T=3 (paper, Sec. IV-B)",
        description="Rate 2/3 on the 3-node ring. Rows of Mᵢ and Rᵢ with two non-zeros: "
        "non-trivial coding, which the Appendix shows is necessary at K=2, T=3.",
        M=[[[0, 1], [1, 0], [1, 1]], [[1, 1], [0, 1], [1, 0]], [[1, 0], [1, 1], [0, 1]]],
        R=[[[0, 1, -1], [0, 0, 1]], [[0, 1, 0], [0, -1, 1]], [[0, 0, 1], [0, 1, 0]]],
    ),
    "paper-k3-t4": dict(
        name="K=3, T=4 (paper, Sec. IV-B)",
        description="The classic ring all-reduce on 3 nodes as a linear code: rate 3/4, "
        "the bound of Theorem 3.",
        M=[
            [[1, 0, 0], [0, 0, 1], [0, 1, 0], [0, 0, 0]],
            [[0, 1, 0], [1, 0, 0], [0, 0, 1], [0, 0, 0]],
            [[0, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 0]],
        ],
        R=[
            [[0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]],
            [[0, 0, 0, 1], [0, 0, 1, 0], [0, 1, 0, 0]],
            [[0, 1, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]],
        ],
    ),
}


def _with_solved_translation(code: LinearCode) -> LinearCode:
    from .theorem2 import theorem2_report

    rep = theorem2_report(code)
    for i in range(code.N):
        code = code.with_matrix(i, "T", rep.translation[i])
    return code


def paper_code(key: str, field="Q") -> LinearCode:
    spec = _PAPER[key]
    T = len(spec["M"][0])
    code = LinearCode.from_matrices(
        field,
        spec["M"],
        [_down_shift(T)] * 3,
        spec["R"],
        name=spec["name"],
        description=spec["description"],
    )
    return _with_solved_translation(code)


def classic_ring(N: int, field="Q") -> LinearCode:
    """Ring all-reduce (reduce-scatter + all-gather) as a linear code, K = N, T = 2(N−1)."""
    if N < 2:
        raise RinglabError(f"classic ring: N must be at least 2, got {N}")
    K, T = N, 2 * (N - 1)
    F = get_field(field)
    # the entries are 0s and 1s: parsed once, not once per entry (250 000 entries at N = 32)
    o, z = F.parse(1), F.parse(0)
    Lambda = tuple(tuple(o if v else z for v in row) for row in _down_shift(T))
    nodes = []
    for i in range(N):
        M = [[z] * K for _ in range(T)]
        for t in range(N):  # t = 0..N−1: add own share of chunk (i − t) mod N
            if t < T:
                M[t][(i - t) % N] = o
        R = [[z] * T for _ in range(K)]
        R[(i + 1) % N][N - 2] = o  # chunk i+1 completes here, with x_i's share via T_i
        for u in range(N - 1):  # all-gather: chunk (i − u) arrives at time N + u
            R[(i - u) % N][N - 1 + u] = o
        nodes.append(NodeMatrices(_tuples(M), Lambda, _tuples(R)))
    code = LinearCode(
        N,
        K,
        T,
        F,
        tuple(nodes),
        name=f"Classic ring all-reduce, N={N}",
        description=f"Reduce-scatter (steps 1..{N - 1}) then all-gather (steps {N}..{T}); at step t "
        f"node i sends chunk (i − t) mod {N}. Rate N/(2(N−1)) = {N}/{T}.",
    )
    return _with_solved_translation(code)


def time_share(codes, name: str = "", description: str = "") -> LinearCode:
    """Codes on the same ring run one after another: symbols and time slots concatenated.

    All matrices become block-diagonal, so each part only sees its own symbols and slots.
    """
    codes = list(codes)
    if not codes:
        raise RinglabError("time_share: need at least one code")
    N, F = codes[0].N, codes[0].field
    if any(c.N != N or c.field.name != F.name for c in codes):
        raise RinglabError("time_share: all codes need the same N and field")
    from .theorem2 import theorem2_report

    Ktot, Ttot = sum(c.K for c in codes), sum(c.T for c in codes)
    nodes = []
    for i in range(N):
        mats = {
            w: [[F.zero] * cols for _ in range(rows)]
            for w, (rows, cols) in (
                ("M", (Ttot, Ktot)),
                ("Lambda", (Ttot, Ttot)),
                ("R", (Ktot, Ttot)),
                ("T", (Ktot, Ktot)),
            )
        }
        k0 = t0 = 0
        for c in codes:
            nd = c.node(i)
            tr = theorem2_report(c).effective_translation(i) if nd.T is None else nd.T
            for which, m, (ro, co) in (
                ("M", nd.M, (t0, k0)),
                ("Lambda", nd.Lambda, (t0, t0)),
                ("R", nd.R, (k0, t0)),
                ("T", tr, (k0, k0)),
            ):
                for r, row in enumerate(m):
                    for cc, v in enumerate(row):
                        mats[which][ro + r][co + cc] = v
            k0, t0 = k0 + c.K, t0 + c.T
        nodes.append(NodeMatrices(**{w: tuple(tuple(r) for r in m) for w, m in mats.items()}))
    return LinearCode(N, Ktot, Ttot, F, tuple(nodes), name, description)


def time_shared_n3(K: int, field="Q") -> LinearCode:
    """N = 3, T = ⌈4K/3⌉: ⌊K/3⌋ copies of the K = 3 code and a K mod 3 residual."""
    if K < 1:
        raise RinglabError(f"time-shared code: K must be at least 1, got {K}")
    parts = [paper_code("paper-k3-t4", field)] * (K // 3)
    if K % 3:
        parts.append(paper_code({1: "paper-k1-t2", 2: "paper-k2-t3"}[K % 3], field))
    T = sum(p.T for p in parts)
    return time_share(
        parts,
        name=f"Time-shared, N=3, K={K}, T={T}",
        description=f"{K // 3} group(s) of 3 symbols on 4 slots each"
        + (f" and a residual group of {K % 3} on {parts[-1].T} slots" if K % 3 else "")
        + " (Theorem 3, sufficiency).",
    )


PRESET_PATTERNS = [
    "paper-k1-t2",
    "paper-k2-t3",
    "paper-k3-t4",
    "classic-ring-n<N>",
    "time-shared-k<K>",
]
SHIPPED = (
    ["paper-k1-t2", "paper-k2-t3", "paper-k3-t4"]
    + [f"classic-ring-n{n}" for n in range(2, 9)]
    + [f"time-shared-k{k}" for k in range(4, 7)]
)
DEFAULT = "paper-k2-t3"


def preset(name: str, field="Q") -> LinearCode:
    """A preset code by name (see :data:`PRESET_PATTERNS`), over ``field``.

    >>> preset("classic-ring-n5").shape
    (5, 5, 8)
    """
    F = get_field(field)
    if name in _PAPER:
        return paper_code(name, F)
    m = re.fullmatch(r"classic-ring-n([0-9]+)", name)
    if m:
        return classic_ring(int(m.group(1)), F)
    m = re.fullmatch(r"time-shared-k([0-9]+)", name)
    if m:
        return time_shared_n3(int(m.group(1)), F)
    raise RinglabError(f"unknown preset {name!r}: expected one of {', '.join(PRESET_PATTERNS)}")


PREFIX = "preset:"


def open_code(spec, field=None) -> LinearCode:
    """A code from ``preset:NAME`` (over ``field``, default Q) or a ``*.ringlab.json`` file —
    what every command and the app accept as FILE.  A bad name or file raises
    :class:`RinglabError` with one line (a bad name lists the presets)."""
    text = str(spec)
    if text.startswith(PREFIX):
        return preset(text[len(PREFIX) :].strip(), field or "Q")
    from .codefile import load_code

    return load_code(spec)


def is_preset_spec(spec) -> bool:
    """True for ``preset:NAME`` (not a file)."""
    return spec is not None and str(spec).startswith(PREFIX)


def preset_names() -> list[str]:
    """The presets shipped under ``ringlab/data/`` (others follow the patterns)."""
    return list(SHIPPED)
