"""Offering back autosaves left by a process that stopped without saving: one banner at a time
above the window's centre, Restore or Discard."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton

from ..core.errors import RinglabError


class RecoveryBanner(QFrame):
    """One autosave offered back: ``restore_clicked`` / ``discard_clicked``."""

    restore_clicked = Signal()
    discard_clicked = Signal()

    def __init__(self, orphan, parent=None):
        super().__init__(parent)
        self.orphan = orphan
        self.setObjectName("RecoveryBanner")
        self.setFrameShape(QFrame.Box)
        self.setAutoFillBackground(True)
        pal = self.palette()
        pal.setColor(QPalette.Window, QColor("#fff4c2"))
        self.setPalette(pal)
        lay = QHBoxLayout(self)
        self.label = QLabel(orphan.describe() + " Restore them?")
        self.label.setWordWrap(True)
        lay.addWidget(self.label, 1)
        self.restore_button = QPushButton("Restore")
        self.discard_button = QPushButton("Discard")
        lay.addWidget(self.restore_button)
        lay.addWidget(self.discard_button)
        self.restore_button.clicked.connect(self.restore_clicked)
        self.discard_button.clicked.connect(self.discard_clicked)

    def restore(self):
        self.restore_clicked.emit()

    def discard(self):
        self.discard_clicked.emit()


class Recovery(QObject):
    """Shows the orphans one after another in ``layout`` (at index 0) and restores into
    ``document`` as one undoable step.  ``message``/``error`` are for the window to show."""

    message = Signal(str)
    error = Signal(str)

    def __init__(self, document, layout, orphans, autosaver=None, parent=None):
        super().__init__(parent)
        self.document, self.layout, self.autosaver = document, layout, autosaver
        self._orphans = list(orphans)
        self.banner: RecoveryBanner | None = None
        self._next()

    def _next(self) -> None:
        if self.banner is not None:
            self.layout.removeWidget(self.banner)
            self.banner.deleteLater()
            self.banner = None
        if self._orphans:
            b = self.banner = RecoveryBanner(self._orphans.pop(0))
            b.restore_clicked.connect(self._on_restore_clicked)
            b.discard_clicked.connect(self._on_discard_clicked)
            self.layout.insertWidget(0, b)

    def _on_restore_clicked(self) -> None:
        self.restore(self.banner.orphan)
        self._next()

    def _on_discard_clicked(self) -> None:
        self.banner.orphan.discard()
        self.message.emit("discarded the autosaved changes")
        self._next()

    def restore(self, orphan) -> bool:
        try:
            code = orphan.load()
        except RinglabError as e:
            self.error.emit(f"the autosave could not be read: {e}")
            return False
        self.document.set_code(code, "Restore autosaved changes")
        self.document.set_path(orphan.original)
        orphan.discard()  # our own autosave now holds the restored work
        if self.autosaver is not None:
            self.autosaver.save_now()
        self.message.emit("restored the autosaved changes (not yet saved to a file)")
        return True
