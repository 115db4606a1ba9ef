"""Present mode's keys, as presenters expect them from manim-slides, reveal.js and PowerPoint
(a clicker sends PgUp/PgDn): Space, →, ↓, PgDn next; ←, ↑, PgUp back; Home/End; digits then
Enter jump to a step; B blanks the screen; F toggles full screen; Esc leaves; Z or Ctrl+= zooms
in, Shift+Z or Ctrl+− out, Ctrl+0 resets; H hides the mouse; L the pointer halo; S the speaker
view."""

from __future__ import annotations

from PySide6.QtCore import Qt

NEXT_KEYS = (Qt.Key_Space, Qt.Key_Right, Qt.Key_Down, Qt.Key_PageDown)
BACK_KEYS = (Qt.Key_Left, Qt.Key_Up, Qt.Key_PageUp)
ZOOM_STEP = 1.25


class PresentKeys:
    """The keys of ``view`` (a :class:`PresentView`), with the digits typed so far."""

    def __init__(self, view):
        self.view = view
        self.digits = ""

    def press(self, event) -> bool:
        """Act on the key ``event``; False for a key present mode does not use."""
        key = event.key()
        if Qt.Key_0 <= key <= Qt.Key_9 and not event.modifiers() & Qt.ControlModifier:
            self.digits += chr(key)
            return True
        if key in (Qt.Key_Return, Qt.Key_Enter) and self.digits:
            # the number a presenter types is the step as shown: t for a walkthrough,
            # the slide number (1-based) for a lesson
            n = int(self.digits)
            self.digits = ""
            self.view.show_step(n - 1 if self.view.deck.kind == "lesson" else n)
            return True
        if not (self._move(key) or self._screen(key) or self._zoom(key, event.modifiers())):
            return False
        if not (Qt.Key_0 <= key <= Qt.Key_9):
            self.digits = ""
        return True

    def _move(self, key) -> bool:
        view = self.view
        if key in NEXT_KEYS:
            view.next()
        elif key in BACK_KEYS:
            view.back()
        elif key == Qt.Key_Home:
            view.show_step(0)
        elif key == Qt.Key_End:
            view.show_step(view.last)
        else:
            return False
        return True

    def _screen(self, key) -> bool:
        view, window = self.view, self.view.window()
        if key == Qt.Key_B or key == Qt.Key_Period:
            view.set_blank(not view.blanked)
        elif key == Qt.Key_F:
            if hasattr(window, "toggle_full_screen"):
                window.toggle_full_screen()
            else:
                window.showNormal() if window.isFullScreen() else window.showFullScreen()
        elif key == Qt.Key_Escape:
            window.close()
        elif key == Qt.Key_H:
            view.set_mouse_hidden(view.cursor().shape() != Qt.BlankCursor)
        elif key == Qt.Key_L:
            view.halo.set_on(not view.halo.on)
        elif key == Qt.Key_S:
            view.speaker_toggled.emit()
        else:
            return False
        return True

    def _zoom(self, key, mods) -> bool:
        view, ctrl = self.view, bool(mods & Qt.ControlModifier)
        if (key == Qt.Key_Z and not (mods & Qt.ShiftModifier)) or (
            ctrl and key in (Qt.Key_Equal, Qt.Key_Plus)
        ):
            view.set_zoom(view.zoom * ZOOM_STEP)
        elif key == Qt.Key_Z or (ctrl and key == Qt.Key_Minus):
            view.set_zoom(view.zoom / ZOOM_STEP)
        elif ctrl and key == Qt.Key_0:
            view.set_zoom(1.0)
        else:
            return False
        return True
