r"""Everything the app shows about one code, computed lazily and cached: :class:`Analysis`.

A code is an immutable value, so what is derived from it — the Theorem 2 report, the bounds,
the reduce-multicast shape, a propagation trace for given inputs, the schedules comparison for
a worked example — never goes stale while the code is the same object.  The app's document
keeps one :class:`Analysis` per code; views ask it instead of calling the core themselves, so
two views showing the same thing compute it once, and a view that is hidden computes nothing.

>>> from ringlab import preset
>>> a = Analysis(preset("paper-k2-t3"))
>>> a.report.feasible, a.bounds.min_T, a.shape.ok
(True, 3, False)
>>> a.trace([[1, 2], [3, 4], [5, 6]]).decoded_values[0]
[9, 12]
>>> a.trace([[1, 2], [3, 4], [5, 6]]) is a.trace([[1, 2], [3, 4], [5, 6]])
True
"""

from __future__ import annotations

import threading

from .bounds import Bounds, bounds
from .code import LinearCode
from .quantities import DEFAULT_ALPHA, DEFAULT_BANDWIDTH, DEFAULT_SIZE
from .shape import ShapeReport, reduce_multicast_shape
from .theorem2 import Theorem2Report, theorem2_report

# traces and comparisons kept per code: a view's current one and a few it may come back to
_KEEP = 8


def _key(value):
    """A hashable stand-in for nested lists of field elements, strings or numbers."""
    if isinstance(value, (list, tuple)):
        return tuple(_key(v) for v in value)
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return (type(value).__name__, value)


class Analysis:
    """What ringlab derives from ``code``, each piece computed on first use.

    ``report`` (Theorem 2, eqs. (5)–(6)), ``bounds`` (Prop. 1, Theorem 3), ``shape`` (the
    reduce-multicast classifier), ``trace(inputs)`` (the propagation, eqs. (3)–(4)) and
    ``comparison(example, …)`` (ring, tree and this code on a worked matmul, with α-β costs).
    """

    def __init__(self, code: LinearCode):
        if not isinstance(code, LinearCode):
            raise TypeError(f"code: expected a LinearCode, got {type(code).__name__}")
        self.code = code
        self._traces: dict = {}
        self._comparisons: dict = {}
        # the window's thread and a lesson's goal check in a worker read the same analysis:
        # each piece is computed once, under this lock, never twice or half-seen
        self._lock = threading.RLock()

    # (not functools.cached_property: on Python < 3.12 it holds one lock for every instance,
    # so a long report computed in a worker thread would block every other code's report)
    @property
    def report(self) -> Theorem2Report:
        rep = self.__dict__.get("_report")
        if rep is None:
            with self._lock:
                rep = self.__dict__.get("_report")
                if rep is None:
                    rep = self._report = theorem2_report(self.code)
        return rep

    def has_report(self) -> bool:
        """Whether :attr:`report` is computed (reading it costs nothing)."""
        return self.__dict__.get("_report") is not None

    def install_report(self, report: Theorem2Report) -> None:
        """Keep a report computed elsewhere (the app's worker thread) for this code."""
        if report.code is not self.code and report.code != self.code:
            raise ValueError("install_report: the report is for another code")
        with self._lock:
            self._report = report

    @property
    def bounds(self) -> Bounds:
        b = self.__dict__.get("_bounds")
        if b is None:
            with self._lock:
                c = self.code
                b = self._bounds = bounds(c.N, c.K, c.T)
        return b

    @property
    def shape(self) -> ShapeReport:
        sh = self.__dict__.get("_shape")
        if sh is None:
            with self._lock:
                sh = self._shape = reduce_multicast_shape(self.code, self.report)
        return sh

    def trace(self, inputs=None):
        """:func:`ringlab.simulate` of the code on ``inputs`` (an N×K array, or ``None`` for
        the symbolic run only); the same inputs give the same object back."""
        from .simulate import simulate

        key = _key(inputs)
        with self._lock:
            if key not in self._traces:
                self._remember(self._traces, key, simulate(self.code, inputs, report=self.report))
            return self._traces[key]

    def comparison(
        self,
        example=None,
        *,
        alpha=DEFAULT_ALPHA,
        bandwidth=DEFAULT_BANDWIDTH,
        size=DEFAULT_SIZE,
        explorer_N: int | None = None,
        N: int | None = None,
    ):
        """:func:`ringlab.core.schedules.compare` of ring, tree and this code on ``example``
        (never strict: a code that does not fit the example is reported, not raised); with
        ``N`` and no example, the untraced schedules of N cores (steps and costs only)."""
        from .schedules import compare

        key = (example, _key(alpha), _key(bandwidth), _key(size), explorer_N, N)
        with self._lock:
            if key not in self._comparisons:
                extra = {} if N is None else {"N": N}
                c = compare(
                    example,
                    self.code,
                    alpha=alpha,
                    bandwidth=bandwidth,
                    size=size,
                    strict=False,
                    report=self.report,
                    explorer_N=explorer_N,
                    **extra,
                )
                self._remember(self._comparisons, key, c)
            return self._comparisons[key]

    @staticmethod
    def _remember(cache: dict, key, value) -> None:
        if len(cache) >= _KEEP:
            cache.pop(next(iter(cache)))
        cache[key] = value
