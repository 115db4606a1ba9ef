"""Probes of the Search tab and of the shipped rate table (the smallest T of each N, K)."""

from __future__ import annotations

from ...core.code import K_RANGE, N_RANGE
from ...core.errors import RinglabError
from .data import rate_table
from .limits import SEARCH_K, SEARCH_N, SEARCH_T
from .signature import Bool, Int, OneOf, Text, probe

# the fields as the window names them (the table's keys are the search's GF(q): _table_key)
_FIELDS4 = ("GF(2)", "GF(3)", "GF(2^2)", "GF(2^3)")


def _search_args():
    """N, K, T as the Search form allows, then the field and routing only."""
    return dict(
        N=Int(SEARCH_N),
        K=Int(SEARCH_K),
        T=Int(SEARCH_T),
        field=Text(optional=True),
        routing=Bool(optional=True),
    )


@probe("search_status", **_search_args())
def _search_status(st, N, K, T, field="GF(2)", routing=False):
    return st.search(N, K, T, field, routing).status


@probe("search_proof", **_search_args())
def _search_proof(st, N, K, T, field="GF(2)", routing=False):
    return st.search(N, K, T, field, routing).proof


def _rate_cell(N, K):
    for cell in rate_table()["cells"]:
        if cell["N"] == N and cell["K"] == K:
            return cell
    raise RinglabError(f"the rate table has no row N = {N}, K = {K}")


@probe("rate_table", N=Int(N_RANGE), K=Int(K_RANGE), routing=Bool(optional=True))
def _rate_table(st, N, K, routing=False):
    return _rate_cell(N, K)["routing" if routing else "general"]["min_T"]


def _table_key(field: str) -> str:
    """The rate table's key for a field the app names (``GF(2^2)`` → ``GF(4)``)."""
    from ...core.search.encode import search_field

    return search_field(field)


def _field_entry(N, K, field, routing):
    per = _rate_cell(N, K).get("by_field", {})
    field = _table_key(field)
    if field not in per:
        raise RinglabError(
            f"the rate table has no {field} column (it has {', '.join(per) or 'GF(2) only'})"
        )
    return per[field]["routing" if routing else "general"]


def _per_field_args():
    """A cell of the table's per-field columns: N, K, one of the four fields, routing only."""
    return dict(N=Int(N_RANGE), K=Int(K_RANGE), field=OneOf(_FIELDS4), routing=Bool(optional=True))


@probe("rate_table_field", **_per_field_args())
def _rate_table_field(st, N, K, field, routing=False):
    return _field_entry(N, K, field, routing)["min_T"]


@probe("rate_table_status", **_per_field_args())
def _rate_table_status(st, N, K, field, routing=False):
    return _field_entry(N, K, field, routing)["status"]


@probe("conjecture", N=Int(N_RANGE), K=Int(K_RANGE))
def _conjecture(st, N, K):
    return _rate_cell(N, K)["conjecture"]["verdict"]


@probe("counting_bound", N=Int(N_RANGE), K=Int(K_RANGE))
def _counting_bound(st, N, K):
    return -(-K * (N + 1) // N)


@probe("conjecture_T", N=Int(N_RANGE), K=Int(K_RANGE))
def _conjecture_T(st, N, K):
    """The rate table's conjecture column T* = max(K + N − 2, ⌈2K(N−1)/N⌉): Proposition 1, or
    the classic ring's rate N/(2(N−1)) (docs/rate_table.md; a conjecture for N ≥ 4, K > N)."""
    return max(K + N - 2, -(-2 * K * (N - 1) // N))


def _coding_gain(g, r) -> bool:
    """Both minima exact and the general code's smaller than routing's."""
    return (
        g["status"] == r["status"] == "proven"
        and g["min_T"] is not None
        and r["min_T"] is not None
        and g["min_T"] < r["min_T"]
    )


@probe("coding_gain_cells", N=Int(N_RANGE), field=OneOf(_FIELDS4, optional=True))
def _coding_gain_cells(st, N, field="GF(2)"):
    """The K of row N of the shipped rate table where general codes provably need fewer slots
    than routing only over ``field``: both minima exact (``proven``), general's smaller."""
    row = [c for c in rate_table()["cells"] if c["N"] == N]
    if not row:
        raise RinglabError(f"the rate table has no row N = {N}")
    field = _table_key(field)
    out = []
    for cell in sorted(row, key=lambda c: c["K"]):
        per = cell.get("by_field", {})
        if field not in per:
            raise RinglabError(f"the rate table has no {field} column")
        if _coding_gain(per[field]["general"], per[field]["routing"]):
            out.append(cell["K"])
    return out


def found_by_label(by) -> str:
    """A rate-table entry's ``found_by`` in the words of the Search tab's tooltips."""
    from ...core.search.rates import found_by_words

    return found_by_words(by)


@probe("rate_table_found_by", **_per_field_args())
def _rate_table_found_by(st, N, K, field, routing=False):
    return found_by_label(_field_entry(N, K, field, routing).get("found_by"))
