"""The central tabs: the editor first, then the registered views, each created on first need.

A view's module (and what it imports: matplotlib, networkx) loads only when its tab is chosen,
when someone asks for the view, or when :meth:`ViewTabs.build_all_later` works through them
one per event-loop turn after the window's first paint.  A view that fails to import or build
shows its error in its tab instead of taking the editor down.
"""

from __future__ import annotations

import importlib
import traceback

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget


class _ViewSlot(QScrollArea):
    """A tab's page: a scroll area (a view's minimum size never pushes the window beyond a
    1280×720 projector; it scrolls instead) that receives its view when it is built."""

    def __init__(self, title: str, module: str, cls: str):
        super().__init__()
        self.title, self.module, self.cls = title, module, cls
        self.view = None
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.NoFrame)


class ViewTabs(QTabWidget):
    """Tabs whose views are built lazily.  ``view_message(str)`` relays the views' status
    lines; ``view_built(int)`` says a tab's view now exists.  The tab shown is the state's
    ``tab``: choosing a tab writes it, and a change of ``state.tab`` (a lesson) selects it."""

    view_message = Signal(str)
    view_built = Signal(int)

    def __init__(self, document, editor, views, parent=None):
        super().__init__(parent)
        self.document, self.editor = document, editor
        self.setObjectName("ViewTabs")
        # every tab's name whole and in view, never behind scroll arrows or cut to "Searc…":
        # the bar asks for the width of all its tabs (at 22 pt the style's padding shrinks)
        self.tabBar().setUsesScrollButtons(False)
        self.tabBar().setElideMode(Qt.ElideNone)
        self.errors: dict[str, str] = {}
        self.addTab(editor, editor.TITLE)
        for title, module, cls in views:
            self.addTab(_ViewSlot(title, module, cls), title)
        self.currentChanged.connect(self._on_current_changed)
        self._pending: list[int] = []
        self.state = document.state
        self.state.events.tab.connect(self._on_state_tab_changed)
        self._on_state_tab_changed(self.state.tab)

    # -- finding views ------------------------------------------------------------------
    def view(self, index: int, build: bool = True):
        """The widget shown in tab ``index`` (its view is built first if ``build``)."""
        w = self.widget(index)
        if not isinstance(w, _ViewSlot):
            return w
        if w.view is None and build:
            self._build(index)
        return w.view

    def find(self, name: str) -> int:
        """Index of the tab whose title or view module matches ``name`` (case-insensitive)."""
        want = name.lower()
        for i in range(self.count()):
            w = self.widget(i)
            mod = (w.module if isinstance(w, _ViewSlot) else type(w).__module__).rsplit(".", 1)[-1]
            if self.tabText(i).lower().startswith(want) or mod.lower() == want:
                return i
        return -1

    def titles(self) -> list[str]:
        return [self.tabText(i) for i in range(self.count())]

    def build_all(self) -> None:
        for i in range(self.count()):
            self.view(i)

    def build_all_later(self) -> None:
        """Build the views one per event-loop turn, so the window stays responsive."""
        self._pending = [
            i
            for i in range(self.count())
            if isinstance(self.widget(i), _ViewSlot) and self.widget(i).view is None
        ]
        QTimer.singleShot(0, self._build_next)

    def _build_next(self) -> None:
        while self._pending:
            i = self._pending.pop(0)
            w = self.widget(i)
            if isinstance(w, _ViewSlot) and w.view is None:
                self._build(i)
                QTimer.singleShot(0, self._build_next)
                return

    # -- building ------------------------------------------------------------------------
    def title(self, index: int) -> str:
        """The tab's name without the ⚠ of a view that failed to open."""
        return self.tabText(index).rstrip(" ⚠")

    def _on_current_changed(self, index: int) -> None:
        if index >= 0:
            self.state.tab = self.title(index)
        self.view(index)

    def _on_state_tab_changed(self, tab, _old=None) -> None:
        i = self.find(tab)
        if i >= 0 and i != self.currentIndex():
            self.setCurrentIndex(i)

    def _build(self, index: int) -> None:
        slot = self.widget(index)
        try:
            cls = getattr(importlib.import_module(slot.module), slot.cls)
            view = cls(self.document, None)
        except Exception as e:  # a broken view must not take the editor down
            self._show_error(index, slot, e)
            return
        slot.view = view
        message = getattr(view, "message", None)
        if message is not None:
            message.connect(self.view_message)
        slot.setWidget(view)
        self.view_built.emit(index)

    def _show_error(self, index: int, slot: _ViewSlot, exc: Exception) -> None:
        text = (
            f"The view “{slot.title}” ({slot.module}) could not be opened:\n\n"
            + "".join(traceback.format_exception_only(type(exc), exc))
            + "\nThe editor and the other views are unaffected.\n\n"
            + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        )
        from PySide6.QtWidgets import QPlainTextEdit  # (only a view that failed needs one)

        w = QPlainTextEdit(text)
        w.setReadOnly(True)
        slot.view = w
        slot.setWidget(w)
        self.errors[slot.title] = text
        self.setTabText(index, f"{slot.title} ⚠")
