"""The Search tab: find a code by SAT or prove there is none (:mod:`.form`), and the rate
explorer of the shipped table of smallest T (:mod:`.rates`), composed by :mod:`.view`."""

from .view import SearchView

__all__ = ["SearchView"]
