"""A drop-down list whose first entry is a placeholder ("Load a preset…", "Machines from the
sources…") and whose other entries are long labels: it may be as narrow as its placeholder.

Qt's combo box is never narrower than its longest entry; at 22 pt beside a lesson that made the
parameter bar 1,432 px wide and the cost explorer's inputs 871 px in a 637 px tab (it scrolled
sideways).  A label longer than the box is cut at its end; the list still opens as wide as its
entries."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QComboBox


class PlaceholderCombo(QComboBox):
    """A :class:`QComboBox` whose minimum width is its placeholder's (entry 0), not its widest
    entry's (never below four lines of text, so a few characters always show)."""

    def minimumSizeHint(self):  # noqa: N802 (Qt's name)
        hint = super().minimumSizeHint()
        if self.count() == 0:
            return hint
        fm = self.fontMetrics()
        widest = max(fm.horizontalAdvance(self.itemText(i)) for i in range(self.count()))
        least = hint.width() - widest + fm.horizontalAdvance(self.itemText(0))
        return QSize(min(hint.width(), max(least, fm.height() * 4)), hint.height())
