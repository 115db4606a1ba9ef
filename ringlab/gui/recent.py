"""Open Recent: the last files opened or saved, newest first, kept in the user's settings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from .settings import settings

MAX_RECENT = 8


class RecentFiles(QObject):
    """The list and its menu; choosing an entry emits ``open_requested(path)``."""

    open_requested = Signal(str)

    def __init__(self, menu, parent=None):
        super().__init__(parent)
        self.menu = menu
        self.rebuild()

    def files(self) -> list[str]:
        v = settings().value("recent_files", [])
        if isinstance(v, str):
            v = [v]
        return [str(p) for p in (v or [])]

    def add(self, path: str) -> None:
        path = str(Path(path).resolve())
        files = [p for p in self.files() if p != path]
        files.insert(0, path)
        settings().setValue("recent_files", files[:MAX_RECENT])
        self.rebuild()

    def remove(self, path: str) -> None:
        settings().setValue("recent_files", [p for p in self.files() if p != path])
        self.rebuild()

    def last_dir(self) -> str:
        files = self.files()
        return str(Path(files[0]).parent) if files else str(Path.home())

    def rebuild(self) -> None:
        self.menu.clear()
        files = self.files()
        for p in files:
            a = self.menu.addAction(p)
            a.triggered.connect(lambda _c=False, p=p: self.open_requested.emit(p))
        self.menu.setEnabled(bool(files))
