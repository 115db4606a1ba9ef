"""Probes of the code in the editor — its entries, Theorem 2's checks, the bounds on T — and of
what the window shows and the student typed."""

from __future__ import annotations

from ...core.code import K_RANGE, N_RANGE, T_RANGE
from ...core.errors import RinglabError
from .limits import INDEX, NODE
from .signature import MATRICES, Int, OneOf, Text, probe
from .values import field_value


@probe("param", name=OneOf(("N", "K", "T", "field", "rate")))
def _param(st, name):
    c = st.code
    return {"N": c.N, "K": c.K, "T": c.T, "field": c.field.name, "rate": c.rate}[name]


@probe("entry", node=Int(NODE), matrix=OneOf(MATRICES), row=Int(INDEX), col=Int(INDEX))
def _entry(st, node, matrix, row, col):
    c = st.code
    c._check_index(node, matrix, row, col)
    m = st.analysis.report.effective_translation(node) if matrix == "T" else c.matrix(node, matrix)
    return field_value(c.field, m[row][col])


@probe("feasible")
def _feasible(st):
    return st.analysis.report.feasible


def _check(st, node, j):
    N = st.code.N
    if not (0 <= node < N and 1 <= j <= N - 1):
        raise RinglabError(f"check (node {node}, j {j}): nodes are 0..{N - 1}, j is 1..{N - 1}")
    return st.analysis.report.check(node, j)


@probe("check_ok", node=Int(NODE), j=Int(INDEX))
def _check_ok(st, node, j):
    return _check(st, node, j).ok


@probe("check_entry", node=Int(NODE), j=Int(INDEX), row=Int(INDEX), col=Int(INDEX))
def _check_entry(st, node, j, row, col):
    m = _check(st, node, j).matrix
    if not (0 <= row < len(m) and 0 <= col < len(m)):
        raise RinglabError(f"check entry ({row}, {col}): the matrix is {len(m)}×{len(m)}")
    return field_value(st.code.field, m[row][col])


@probe("failing_checks")
def _failing(st):
    return len(st.analysis.report.failing)


@probe("reduce_multicast")
def _reduce_multicast(st):
    return st.analysis.shape.ok


def _nk(st, N, K):
    return (st.code.N if N is None else N), (st.code.K if K is None else K)


@probe("min_T", N=Int(N_RANGE, optional=True), K=Int(K_RANGE, optional=True))
def _min_T(st, N=None, K=None):
    from ...core.bounds import bounds

    N, K = _nk(st, N, K)
    return bounds(N, K, 1).min_T


@probe("prop1_min_T", N=Int(N_RANGE, optional=True), K=Int(K_RANGE, optional=True))
def _prop1(st, N=None, K=None):
    from ...core.bounds import proposition1_min_T

    return proposition1_min_T(*_nk(st, N, K))


@probe("theorem3_min_T", K=Int(K_RANGE, optional=True))
def _thm3(st, K=None):
    from ...core.bounds import theorem3_min_T

    return theorem3_min_T(st.code.K if K is None else K)


@probe(
    "graph_count",
    what=OneOf(("nodes", "edges", "transmission", "storage")),
    N=Int(N_RANGE, optional=True),
    T=Int(T_RANGE, optional=True),
)
def _graph_count(st, what, N=None, T=None):
    from ...core.network import time_expanded

    nodes, edges = time_expanded(st.code.N if N is None else N, st.code.T if T is None else T)
    if what == "nodes":
        return len(nodes)
    if what == "edges":
        return len(edges)
    return sum(1 for _, _, d in edges if d["kind"] == what)


# -- the window and the student ---------------------------------------------------------------


@probe("view", what=OneOf(("tab", "step", "schedule_step")))
def _view(st, what):
    return getattr(st, what)


@probe("answer", id=Text())
def _answer(st, id):
    if id not in st.answers:
        raise RinglabError(f"nothing typed yet for {id!r}")
    return st.answers[id]
