"""View → Palette and the text size (Ctrl+= / Ctrl+− / Ctrl+0) of a window: both are the
state's (``palette``, ``zoom``); this follows them, and remembers a user's choice in the
settings."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from shiboken6 import isValid

from ..render.palette import NAMES, palette_name, use_palette
from .settings import apply_point_size, clamp_point_size, default_point_size, settings
from .state_link import on_state


class ViewOptions(QObject):
    """The palette and the text size of ``window``; ``palette_actions`` are View → Palette's
    checkable actions by palette name."""

    def __init__(self, window, palette_actions: dict, use_settings: bool = True):
        super().__init__(window)
        self.window = window
        self.state = window.state
        self.palette_actions = palette_actions
        self.use_settings = use_settings
        self._remember = {"palette": True, "zoom": True}  # False: a start-up restore
        on_state(self, self.state.events.palette, self._on_palette_changed)
        on_state(self, self.state.events.zoom, self._on_zoom_changed)

    def _choose(self, name: str, value, remember: bool, apply) -> None:
        """The state's ``name`` (palette, zoom) set to ``value``; the value it already has is
        applied again (``apply``), as a choice is."""
        self._remember[name] = remember
        try:
            if getattr(self.state, name) == value:
                apply(value)
            else:
                setattr(self.state, name, value)
        finally:
            self._remember[name] = True

    # -- palette ----------------------------------------------------------------------------
    def set_palette(self, name: str, remember: bool = True) -> None:
        """View → Palette: the colours of every drawing, on screen and in exports."""
        self._choose("palette", name, remember, self._on_palette_changed)

    def check_current_palette(self) -> None:
        self.palette_actions[palette_name()].setChecked(True)

    def _on_palette_changed(self, name: str, _old=None) -> None:
        remember = self._remember["palette"]
        use_palette(name)
        self.palette_actions[name].setChecked(True)
        if self.use_settings and remember:
            settings().setValue("palette", name)
        tabs = self.window.tabs
        for i in range(1, tabs.count()):
            view = tabs.view(i, build=False)
            if hasattr(view, "invalidate"):
                view.invalidate()
        self.window.panel.refresh_colours()
        if remember:  # a choice, not the start-up restore
            self.window.say(f"palette: {name} (drawings and exports)")

    # -- text size (projectors) -------------------------------------------------------------
    def font_size(self) -> int:
        return self.window.font().pointSize()

    def change_font_size(self, step: int) -> None:
        self.set_font_size(self.font_size() + step)

    def reset_font_size(self) -> None:
        self.set_font_size(default_point_size(self.window.width()))

    def set_font_size(self, size: int, remember: bool = True) -> None:
        """Ctrl+= / Ctrl+− / Ctrl+0: the text size is the state's ``zoom``."""
        self._choose("zoom", clamp_point_size(size), remember, self._on_zoom_changed)

    def apply_zoom_quietly(self, size: int) -> None:
        """A start-up text size: applied and held by the state, neither said nor remembered;
        a window (and every menu) already at that size, as the app's text usually is, is left
        as it is (applying it would find the menus among all the window's objects)."""
        if size != self.font_size():
            apply_point_size(self.window, size)
        with self.state.events.zoom.blocked():
            self.state.zoom = size

    def _on_zoom_changed(self, size, _old=None) -> None:
        if size is None:
            return
        smaller = size < self.font_size()
        apply_point_size(self.window, size)
        if smaller:
            # larger text grew the window's minimum and Qt grew the window with it; it never
            # shrank back at smaller text (a 1024-wide window stayed past the screen's edge).
            # Larger text only grows it when its layouts run: forcing them then cost a layout
            # pass a key
            self._back_to_asked(flush=True)
        if self.use_settings and self._remember["zoom"]:
            settings().setValue("font_size", size)
        self.window.say(f"Text {size} pt · Ctrl+0 resets")

    def give_back_size(self, later: bool = True) -> None:
        """The window at the size the reader asked for, as far as its minimum lets it, once
        something that needed more room is gone (the Theorem 2 panel folded for a lesson: at
        22 pt the Lessons panel beside the unfolded panel had grown the window past a
        1280-wide screen).  Done on the next turn of the event loop, after what folded it has
        finished and its layouts have run: flushing them here, in the middle of opening the
        lesson, laid the window out before the Lessons panel was given its room (it took
        half the window instead of 36 %).  ``later=False``: now (the caller already waited
        for the layouts)."""
        # (next turn: the layouts the fold posted are run first, or the window cannot shrink
        # below the minimum they have not yet lowered)
        if later:
            QTimer.singleShot(0, self, lambda: self._back_to_asked(flush=True))
        else:
            self._back_to_asked(flush=True)

    def _back_to_asked(self, flush: bool = False) -> None:
        """The window at its asked size (:mod:`.asked_size`), as far as its minimum lets it;
        ``flush``: its layouts take the new text size first."""
        w = self.window
        if not isValid(w) or w.isMaximized() or w.isFullScreen():
            return
        asked = w.asked_size.size()
        if asked is None:
            return
        if flush:
            from PySide6.QtCore import QEvent
            from PySide6.QtWidgets import QApplication

            QApplication.sendPostedEvents(None, QEvent.LayoutRequest)
        if w.size() != asked:
            w.resize(asked)

    # -- settings ---------------------------------------------------------------------------
    def restore(self, s) -> None:
        """The palette and text size remembered in the settings ``s`` (neither said)."""
        name = s.value("palette", "default")
        self.set_palette(name if name in NAMES else "default", remember=False)
        size = s.value("font_size", None)
        if size is not None:
            try:
                self.apply_zoom_quietly(clamp_point_size(size))
            except (TypeError, ValueError):
                pass
