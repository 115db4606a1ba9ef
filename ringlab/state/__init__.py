r"""The one application state (no Qt): everything the window shows and a lesson reads.

:class:`AppState` is an evented dataclass (psygnal's pattern, as napari's models; the small
implementation is :mod:`._evented`): assigning a field emits ``state.events.<field>(new,
old)``; ``state.events`` as a whole emits for any field.
Every widget reads its value from here and writes the user's act back here; every lesson
action changes it and every lesson check reads it — in the window and in the headless
replay of ``ringlab lessons check`` alike, so the two cannot drift.

>>> st = AppState.initial()
>>> seen = []
>>> _ = st.events.schedule_step.connect(lambda new, old: seen.append((old, new)))
>>> st.schedule_step = 2
>>> seen
[(0, 2)]
>>> st.example_N == st.code.N          # the worked example follows the code's N
True
"""

from ._app_state import AppState
from ._records import CodeSource, SearchOutcome, SearchRequest, Verdict, report_cost, same_code
from ._searches import search_here
from .jobs import JobRunner
from .tabs import TABS

__all__ = [
    "TABS",
    "AppState",
    "CodeSource",
    "JobRunner",
    "SearchOutcome",
    "SearchRequest",
    "Verdict",
    "report_cost",
    "same_code",
    "search_here",
]
