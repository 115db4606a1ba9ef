"""The base of every tab beside the editor: a view that follows the document only while shown.

An edit in the editor changes the code many times a minute; a hidden tab that redrew on each
one would make typing slow for nothing.  A :class:`DocumentView` marks itself stale when the code changes while it is hidden
and refreshes once when it is shown again (or when someone needs its state: ``ensure_fresh``).

Subclasses implement :meth:`refresh` (read ``self.analysis``, lay out what it says) and say
things for the status bar through the ``message`` signal, which the window shows.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QWidget

from ..state_link import on_state, on_verdict_in


class DocumentView(QWidget):
    """A tab that shows the document's code; ``refresh()`` runs only when it can be seen."""

    TITLE = ""
    message = Signal(str)  # a line for the status bar (the window shows it)

    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        self._stale = True
        # several state fields set by one act (a preset sets α, B, S and N) refresh once
        self._soon = QTimer(self, singleShot=True, interval=0)
        self._soon.timeout.connect(self._on_soon)
        # the state's events, not a relay: edit → state → views, one direction
        on_state(self, document.state.events.code, self._on_code_changed)
        # a large code's Theorem 2 report arrives later, from its check process
        on_verdict_in(self, document.state, self._on_code_changed)
        # a lesson's open question hides some of what a tab shows (hide:): see _veil
        on_state(self, document.state.events.hidden, lambda *_: self.veil_hidden())

    @property
    def analysis(self):
        """The document's :class:`ringlab.core.analysis.Analysis` of the current code."""
        return self.document.analysis

    @property
    def stale(self) -> bool:
        return self._stale

    def refresh(self) -> None:
        """Recompute what the view shows from ``self.analysis`` (override)."""
        raise NotImplementedError

    def ensure_fresh(self) -> None:
        """Bring a hidden view up to date now (an export, a lesson check, a test)."""
        if self._stale:
            self._stale = False
            self.refresh()
            self.veil_hidden()  # parts the refresh made (a new column) veiled too

    def invalidate(self) -> None:
        """Something the view shows changed (code or its own inputs): refresh now if seen."""
        self._stale = True
        if self.isVisible():
            self.ensure_fresh()

    def invalidate_soon(self) -> None:
        """Like :meth:`invalidate`, once, when the event loop turns (coalesces a burst)."""
        self._stale = True
        self._soon.start()

    def _on_soon(self) -> None:
        if self._stale and self.isVisible():
            self.ensure_fresh()

    def _on_code_changed(self) -> None:
        self.invalidate()

    def showEvent(self, event):
        super().showEvent(event)
        self.ensure_fresh()

    def hideable(self) -> dict:
        """The parts a lesson's question may hide: hide name → widgets (override)."""
        return {}

    def veil_hidden(self) -> None:
        """Veil the parts named in the state's ``hidden``; lift the others' veils."""
        from ._veil import apply_veils

        apply_veils(self.hideable(), self.document.state.hidden)
