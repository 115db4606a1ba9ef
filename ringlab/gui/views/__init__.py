"""Extra views the main window shows as tabs beside the code editor.

Each entry is (module, class).  A view class takes ``(document, parent=None)``, has a
``TITLE`` string, subscribes to ``document.changed`` and writes back only through document
methods.  A module that is not there yet is skipped by the main window.
"""

VIEW_MODULES = [
    ("ringlab.gui.views.propagation", "PropagationView"),
    ("ringlab.gui.views.compare", "CompareView"),
    ("ringlab.gui.views.search", "SearchView"),
]
