"""The size a window was asked to be, as opposed to the size its content pushed it to.

Larger text (or the Lessons panel beside the unfolded Theorem 2 panel) raises a window's
minimum size, and Qt grows the window to it; once that need is gone (smaller text, a lesson
folding the panel) the window should be what the reader (or the start) made it, not what the
content once forced.  A resize is the content's when it leaves a side exactly at the layouts'
minimum and larger than asked; any other — the reader dragging a corner, a remembered
geometry, a program's ``resize`` — is asked for.  So a window the reader widened on purpose
stays wide.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize


def _side(new: int, least: int, asked: int | None) -> int:
    if asked is not None and new == least and new > asked:
        return asked  # grown to the layouts' minimum: still the size asked for
    return new


class AskedSize(QObject):
    """Follows ``window``'s resizes; :meth:`size` is the size last asked for (``None`` before
    any)."""

    def __init__(self, window):
        super().__init__(window)
        self._window = window
        self._w: int | None = None
        self._h: int | None = None
        window.installEventFilter(self)

    def note(self, size: QSize) -> None:
        """``size`` was asked for (a program's resize, the start's fit or remembered size)."""
        self._w, self._h = size.width(), size.height()

    def size(self) -> QSize | None:
        return None if self._w is None else QSize(self._w, self._h)

    def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
        if obj is self._window and event.type() == QEvent.Resize:
            new, least = event.size(), self._window.minimumSize()
            self._w = _side(new.width(), least.width(), self._w)
            self._h = _side(new.height(), least.height(), self._h)
        return False
