"""The world a lesson's actions change and its checks read: the one application state.

``LabState`` is :class:`ringlab.state.AppState` — the same class the window's widgets read and
write — so ``ringlab lessons check`` replays a lesson on exactly what the student's window
holds, with no widgets.
"""

from ..state import TABS, AppState, SearchOutcome, SearchRequest

LabState = AppState

__all__ = ["TABS", "AppState", "LabState", "SearchOutcome", "SearchRequest"]
