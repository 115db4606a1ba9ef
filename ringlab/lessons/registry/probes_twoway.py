"""Probes of the shipped two-way rate table (issue 35): the ring where each node sends one
symbol each way per time unit.  The window has no two-way view yet; these read the table
``ringlab search --ring two-way`` filled (``twoway_rate_table.json`` in ``ringlab.data``), cell
by cell, for N = 3..6 and K = 1..8."""

from __future__ import annotations

import json

from ...core.errors import RinglabError
from .data import data_file
from .signature import Bool, Int, OneOf, probe

TWOWAY_N = (3, 6)  # the table's rows
TWOWAY_K = (1, 8)
_CUTS = ("cut set", "source cut")


def twoway_table() -> dict:
    """The shipped two-way rate table, read afresh."""
    return json.loads(data_file("twoway_rate_table.json").read_text(encoding="utf-8"))


def _cell(N: int, K: int) -> dict:
    for cell in twoway_table()["cells"]:
        if cell["N"] == N and cell["K"] == K:
            return cell
    raise RinglabError(f"the two-way rate table has no cell N = {N}, K = {K}")


def _args():
    return dict(N=Int(TWOWAY_N), K=Int(TWOWAY_K))


@probe("twoway_bound", **_args(), cut=OneOf(_CUTS, optional=True))
def _twoway_bound(st, N, K, cut=None):
    """The proven lower bound on T: the cut set around one node (⌈K/2⌉), the source cut, or
    (no ``cut``) the larger of the two."""
    cell = _cell(N, K)
    if cut is None:
        return cell["lower_bound"]
    return cell["cut_set_T" if cut == "cut set" else "source_cut_T"]


@probe("twoway_min_T", **_args(), routing=Bool(optional=True))
def _twoway_min_T(st, N, K, routing=False):
    """The smallest T the search found, general codes or routing only."""
    return _cell(N, K)["routing" if routing else "general"]["min_T"]


@probe("twoway_pair_T", **_args())
def _twoway_pair_T(st, N, K):
    """Two classic rings, one each way, half the vector each: 2(N−1)⌈⌈K/2⌉/N⌉."""
    return _cell(N, K)["classic_pair_T"]
