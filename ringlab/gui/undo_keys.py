"""Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) reach the code's undo stack whatever widget has the keyboard.

A line edit — the modulus and field boxes, the text of the N, K, T spin boxes, a cell being
edited — claims every Undo/Redo key for its own text history (it accepts Qt's
ShortcutOverride), so with the focus in one the Edit menu's actions never fired: Ctrl+Z in the
modulus box did nothing.  One application event filter per window decides instead: a box
keeps the key while it holds typed text not yet committed (its own undo steps back through
the typing, its redo forward again); otherwise the override is refused and the window's
Undo/Redo action takes the key.

"Committed" is the line edit's own modified flag, which Qt keeps relative to its undo
history: Enter marks the text as committed (here), a value set by the program clears the
history; undoing the typing back to that point makes the box unmodified again.  A spin box
that commits on focus-out as well counts as committed when its text shows its value.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

_ENTER = (Qt.Key_Return, Qt.Key_Enter)


def _line_edit(w: QWidget) -> QLineEdit | None:
    """The line edit typing goes to when ``w`` has the focus (its own, a spin box's or an
    editable combo box's), or None."""
    if isinstance(w, QLineEdit):
        return w
    if isinstance(w, QAbstractSpinBox):
        return w.lineEdit()
    if isinstance(w, QComboBox) and w.isEditable():
        return w.lineEdit()
    return None


def _shows_its_value(box: QWidget, edit: QLineEdit) -> bool:
    """Whether a spin box that commits on Enter or focus-out (no keyboard tracking: the N, K,
    T boxes) shows its committed value; one that tracks every keystroke commits nothing
    undoable, and its text undo counts like a line edit's."""
    if box.keyboardTracking() or not hasattr(box, "textFromValue"):
        return False
    if box.specialValueText() and box.value() == box.minimum():
        shown = box.specialValueText()
    else:
        shown = box.prefix() + box.textFromValue(box.value()) + box.suffix()
    return edit.text().strip() == shown.strip()


def keeps_own_undo(w: QWidget | None, redo: bool = False) -> bool:
    """Whether the Undo (``redo``: Redo) key belongs to the text history of widget ``w``
    rather than to the code's undo stack."""
    if isinstance(w, (QTextEdit, QPlainTextEdit)):
        if w.isReadOnly():
            return False
        doc = w.document()
        return doc.isRedoAvailable() if redo else doc.isUndoAvailable()
    edit = _line_edit(w)
    if edit is None or edit.isReadOnly():
        return False
    if redo:
        return edit.isRedoAvailable()
    if not (edit.isModified() and edit.isUndoAvailable()):
        return False
    return not (isinstance(w, QAbstractSpinBox) and _shows_its_value(w, edit))


class UndoKeys(QObject):
    """Routes the Undo/Redo keys pressed anywhere in ``window`` (see the module docstring);
    the keys are those of ``undo`` and ``redo``, the window's Edit-menu actions."""

    def __init__(self, window: QWidget, undo, redo):
        super().__init__(window)
        self._window = window
        self._undo, self._redo = undo, redo
        # the application filter from the window's first paint on: no key reaches a window
        # before it is on screen, and an application filter installed before would also see
        # Qt's own objects (the animation timer the window's layout starts, whose first sight
        # makes PySide build every class of QtCore, QtGui and QtWidgets: a twentieth of the
        # start-up)
        self._on_app = False
        window.installEventFilter(self)

    def _watch_the_application(self) -> None:
        self._on_app = True
        self._window.removeEventFilter(self)
        QApplication.instance().installEventFilter(self)

    def _is_ours(self, obj) -> bool:
        # a floating dock is a window of its own: follow parents, not window()
        w = obj if isinstance(obj, QWidget) else None
        while w is not None:
            if w is self._window:
                return True
            w = w.parentWidget()
        return False

    def _which(self, event) -> str | None:
        seq = QKeySequence(event.keyCombination())
        if seq in self._undo.shortcuts():
            return "undo"
        if seq in self._redo.shortcuts():
            return "redo"
        return None

    def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
        if not self._on_app:
            if isinstance(event, QPaintEvent):
                self._watch_the_application()
            return False
        # only keys matter: isinstance, not event.type() (a Python enum made for each of the
        # application's events, a twenty-fifth of a lesson journey)
        if not isinstance(event, QKeyEvent):
            return False
        kind = event.type()
        if kind == QEvent.KeyPress and event.key() in _ENTER and self._is_ours(obj):
            edit = _line_edit(obj)
            if edit is not None:
                edit.setModified(False)  # Enter commits what was typed
        elif kind == QEvent.ShortcutOverride and self._is_ours(obj):
            which = self._which(event)
            # (the key goes to the focus widget of obj's window, then up through obj; Qt's
            # window(), not obj.window: the Lessons panel keeps its MainWindow under that name,
            # and the TypeError raised here, in an application event filter, crashed PySide)
            if which is not None and not keeps_own_undo(
                QWidget.window(obj).focusWidget(), redo=which == "redo"
            ):
                # nobody on the way to the window may claim the key: the action takes it
                event.ignore()
                return True
        return False
