"""The Schedules tab: ring, tree, the editor's code and the algorithms libraries run, traced
step by step on the worked matmul (:mod:`.view`, :mod:`.grid`, :mod:`.inputs`,
:mod:`.link_loads`), and the α-β cost explorer beside them (:mod:`.costs`, measured on real MPI
processes by :mod:`.measure`); :mod:`.more` picks the core's calls for the chosen algorithms."""

from .view import SchedulesView

__all__ = ["SchedulesView"]
