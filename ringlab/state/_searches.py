"""The searches the state runs and remembers (no Qt): mixed into :class:`AppState`."""

from __future__ import annotations

from ..core.errors import RinglabError
from ._records import SearchOutcome, SearchRequest

# impossibility proofs found in this process, by what was asked: a lesson's slides made again
# (present mode twice, an export of every lesson) ran lesson 13's ~5 s proof each time
_PROVEN: dict[tuple, SearchOutcome] = {}


def search_here(request: SearchRequest) -> SearchOutcome:
    """Run ``request`` in this thread and now (a SAT proof can take seconds: the window runs
    the large ones in its worker process); a search this process has already proven
    impossible is answered from that proof (the answer does not depend on the time limit)."""
    key = (request.N, request.K, request.T, request.field, bool(request.routing))
    key += (bool(request.symmetric),)
    if key in _PROVEN:
        return _PROVEN[key]
    from ..core.search import search

    r = search(**request.search_args(), timeout=request.timeout)
    outcome = SearchOutcome(
        request.N,
        request.K,
        request.T,
        request.field,
        bool(request.routing),
        r.status,
        r.proof,
        r.code,
    )
    if outcome.status == "impossible":
        _PROVEN[key] = outcome
    return outcome


class SearchActs:
    """Run a search (here, or in the window's worker), record its outcome, read it back."""

    searches: dict
    searching: tuple
    search_runner: object

    def run_search(self, request: SearchRequest) -> None:
        """Run a search: here and now headless, in the window's worker when it set a runner
        (the outcome then arrives later through :meth:`record_search`)."""
        if self.search_runner is not None:
            self.searching = self.searching + (request,)
            self.search_runner(request)
            return
        self.record_search(search_here(request), request)

    def record_search(self, outcome: SearchOutcome, request: SearchRequest | None = None) -> None:
        """A search ended: remember its outcome (and load a found code if asked to)."""
        self.searches = {**self.searches, outcome.key: outcome}
        if request is not None:
            rest = list(self.searching)
            if request in rest:
                rest.remove(request)
                self.searching = tuple(rest)
            if request.load and outcome.code is not None:
                self.set_code(outcome.code, origin="search result")

    def search(self, N, K, T, field="GF(2)", routing=False) -> SearchOutcome:
        key = (N, K, T, field, bool(routing))
        if key not in self.searches:
            # the class named either way: a student who ran the routing-only search read
            # "no search for N = 3, K = 2, T = 3 over GF(2)" as if it had not been run at all
            what = f"N = {N}, K = {K}, T = {T} over {field}" + (
                ", routing only" if routing else " with general linear codes"
            )
            pending = any(r.key == key for r in self.searching)
            raise RinglabError(
                f"the search for {what} is still running"
                if pending
                else f"no search for {what} has been run yet"
            )
        return self.searches[key]
