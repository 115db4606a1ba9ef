"""Extra views the main window shows as tabs beside the code editor.

Each entry is (tab title, module, class).  A view class takes ``(document, parent=None)``,
derives from :class:`._base.DocumentView` (refreshes only while shown) and writes back only
through document methods.  The window creates a tab's view the first time it is needed — the
tab is chosen, or the app is idle after its first paint — so start-up imports none of them.
"""

from ...state.tabs import MESH, PROPAGATION, SCHEDULES, SEARCH

VIEWS = [
    (PROPAGATION, "ringlab.gui.views.propagation", "PropagationView"),
    (SCHEDULES, "ringlab.gui.views.schedules", "SchedulesView"),
    (SEARCH, "ringlab.gui.views.search", "SearchView"),
    (MESH, "ringlab.gui.views.mesh", "MeshView"),
]
