"""A search run headless (a lesson's slides, an export of every lesson) that this process has
already proven impossible is answered from that proof; anything else is searched again."""

import pytest

import ringlab.core.search as core_search
import ringlab.state._searches as searches
from ringlab.state import SearchRequest, search_here


@pytest.fixture(autouse=True)
def _no_proof_yet(monkeypatch):
    """What this process proved before the test (another test's searches) is not known."""
    monkeypatch.setattr(searches, "_PROVEN", {})


def _no_solver(*_args, **_kwargs):
    raise AssertionError("the solver ran again")


def test_an_impossibility_is_proven_once(monkeypatch):
    # N = 3, K = 2, T = 3 needs coding (the paper, Sec. IV-B): routing only is impossible
    req = SearchRequest(3, 2, 3, "GF(2)", routing=True)
    first = search_here(req)
    assert first.status == "impossible"
    monkeypatch.setattr(core_search, "search", _no_solver)
    again = search_here(SearchRequest(3, 2, 3, "GF(2)", routing=True, timeout=5))
    assert again == first
    with pytest.raises(AssertionError, match="ran again"):  # another field: searched
        search_here(SearchRequest(3, 2, 3, "GF(3)", routing=True))
    with pytest.raises(AssertionError, match="ran again"):  # general codes: searched
        search_here(SearchRequest(3, 2, 3, "GF(2)"))


def test_a_code_found_is_searched_again(monkeypatch):
    req = SearchRequest(3, 2, 3, "GF(2)")
    assert search_here(req).status == "found"  # the paper's rate-2/3 point
    monkeypatch.setattr(core_search, "search", _no_solver)
    with pytest.raises(AssertionError, match="ran again"):
        search_here(req)
