"""The splitter between the tabs and the Theorem 2 panel, with one panel width per mode.

The other views (the propagation graph, the schedules) need the width more than the per-node
detail does: beside them the panel narrows to its verdict and check map, and the editor's split
comes back when the editor is shown again.  The user may drag either; each is remembered.
"""

from __future__ import annotations

import struct

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter
from shiboken6 import isValid


class PanelSplit(QSplitter):
    def __init__(self, tabs, panel, parent=None):
        super().__init__(Qt.Horizontal, parent)
        self.setObjectName("MainSplitter")
        self.tabs, self.panel = tabs, panel
        self.addWidget(tabs)
        self.addWidget(panel)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 2)
        self.setChildrenCollapsible(False)
        self._width = {"editor": None, "view": None}
        self.mode = "editor"
        tabs.currentChanged.connect(self._on_tab_changed)

    def _on_tab_changed(self, index: int) -> None:
        mode = "editor" if index == 0 else "view"
        if mode == self.mode:
            return
        sizes = self.sizes()
        total = sum(sizes)
        self._width[self.mode] = sizes[1]
        self.mode = mode
        if total <= 0:
            return
        want = self._width[mode]
        if mode == "view" and want is None:
            want = min(self.panel.compact_width(), sizes[1])
        if want is not None:
            self.setSizes([total - want, want])

    def set_collapsed(self, collapsed: bool) -> None:
        """Give the whole width to the tabs (a lesson is open: the window's verdict line says
        what the panel would), or bring the panel back at the width it had."""
        if collapsed == (not self.panel.isVisible() and getattr(self, "_kept", None) is not None):
            return
        if collapsed:
            self._kept = self.sizes()
            self.panel.hide()
        else:
            self.panel.show()
            kept, self._kept = getattr(self, "_kept", None), None
            if kept and sum(kept) > 0:
                self.setSizes(kept)
        # the window's minimum width follows (the folded panel's minimum had stayed in it: a
        # window started at 22 pt could not be narrowed beside a lesson)
        self.updateGeometry()

    @property
    def collapsed(self) -> bool:
        return getattr(self, "_kept", None) is not None

    def editor_state(self):
        """The splitter state to remember: the editor's split (the app starts on the editor),
        not the narrow one beside a view, nor the panel folded beside a lesson; ``None`` when
        the splitter is gone (nothing true to remember).  The splitter itself is left as it
        is: a closing window is not resized (its views would lay out while going away)."""
        if not isValid(self):
            return None
        sizes = list(self._kept) if self.collapsed else self.sizes()
        total, want = sum(sizes), self._width["editor"]
        if self.mode == "view" and want is not None and total > 0 and len(sizes) == 2:
            sizes = [total - want, want]
        return _with_sizes(self.saveState(), sizes)


def _with_sizes(state, sizes):
    """``QSplitter.saveState()`` bytes with the sizes ``sizes`` instead: the state is a magic
    and a version (qint32 each), the sizes as a QList<int> (a quint32 count, then qint32
    each, big-endian), then the rest, kept as it was."""
    data = bytes(state)
    (count,) = struct.unpack_from(">I", data, 8)
    if count != len(sizes):
        return state
    start, end = 12, 12 + 4 * count
    return type(state)(data[:start] + struct.pack(f">{count}i", *sizes) + data[end:])
