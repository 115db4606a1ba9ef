"""The window's tabs, by the titles the user reads: the one list every layer names them from.

``state.tab`` holds one of these; a lesson's ``show_tab`` takes one; each view's ``TITLE`` is one.
"""

EDITOR = "Editor"
PROPAGATION = "Propagation"
SCHEDULES = "Schedules"
SEARCH = "Search"
MESH = "Mesh"

TABS = (EDITOR, PROPAGATION, SCHEDULES, SEARCH, MESH)
