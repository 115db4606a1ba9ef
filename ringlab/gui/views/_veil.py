"""What a tab hides while a lesson's open question would otherwise show its answer.

A prediction may name parts of the window (``hide:`` in a lesson; the names are
:data:`ringlab.lessons.screen_texts.HIDE`): while it is the open question the Lessons panel
puts those names in the state's ``hidden``, and each tab veils its widgets of that name — a
plain "(hidden until you answer)" laid over them, so whatever the tab writes into them
meanwhile stays under the veil and shows again the moment the question is answered.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QWidget

from ..settings import set_text_colour
from ..status import HIDDEN_TEXT


class Veil(QLabel):
    """A label over the whole of ``target`` (its child), following its size."""

    def __init__(self, target: QWidget):
        super().__init__(HIDDEN_TEXT, target)
        self.setObjectName("hidden_until_answered")
        self.setAccessibleName(HIDDEN_TEXT)
        self.setAutoFillBackground(True)  # the window's background: the text under is gone
        self.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        self.setWordWrap(True)
        set_text_colour(self, "#666666")
        target.installEventFilter(self)
        self.hide()

    def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
        if obj is self.parentWidget() and event.type() in (QEvent.Resize, QEvent.Show):
            self.setGeometry(obj.rect())
            self.raise_()
        return False


def veil(target: QWidget, on: bool) -> None:
    """Lay the veil over ``target`` (``on``), or lift it."""
    v = target.findChild(Veil, options=Qt.FindDirectChildrenOnly)
    if v is None:
        if not on:
            return
        v = Veil(target)
    if on:
        v.setGeometry(target.rect())
        v.raise_()
    v.setVisible(on)
    # a screen reader reads the veil, not the answer under it
    target.setAccessibleDescription(HIDDEN_TEXT if on else "")


def apply_veils(parts: dict, hidden) -> None:
    """Veil each widget of ``parts`` (hide name → widgets) whose name is in ``hidden``."""
    for name, widgets in parts.items():
        for w in widgets:
            veil(w, name in hidden)
