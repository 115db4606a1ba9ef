"""The window's files: New, Open, Open Recent, Save, Save As, the autosave and the question
asked before unsaved work would go.

Files go through the core (``load_code``/``save_code``, atomic).  Unsaved work is protected three
ways: a question before it would be replaced or closed, an autosave after edits
(:mod:`.autosave`), and undo of every step.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QObject

from ..core.code import LinearCode
from ..core.codefile import load_code, save_code
from ..core.errors import RinglabError
from .autosave import Autosaver
from .recent import RecentFiles

FILE_FILTER = "ringlab codes (*.ringlab.json *.json);;All files (*)"


def suggested_file_name(code: LinearCode) -> str:
    """A file name for an untitled code, from its name ("K=2, T=3 (paper…)" → k2-t3-paper…)."""
    stem = re.sub(r"[^a-z0-9]+", "-", (code.name or "").lower()).strip("-")[:48].strip("-")
    return f"{stem or 'code'}.ringlab.json"


class FileActions(QObject):
    """The File menu's work for ``window`` (its dialogs' parent, its status line and error
    box); ``recent_menu`` is the Open Recent menu it keeps."""

    def __init__(self, window, recent_menu, autosave: bool = True):
        super().__init__(window)
        self.window = window
        self.document = window.document
        self.recent = RecentFiles(recent_menu, self)
        self.recent.open_requested.connect(self.open_recent)
        self.autosaver = Autosaver(self.document, window) if autosave else None
        if self.autosaver is not None:
            self.autosaver.message.connect(window.say)

    def maybe_save(self, action: str) -> bool:
        """True when it is safe to go on (saved, discarded by choice, or nothing to save)."""
        if not self.document.dirty:
            return True
        choice = self.window.ask_unsaved(action)  # (tests replace the window's question)
        if choice == "save":
            return self.save()
        return choice == "discard"

    def new_file(self) -> None:
        if not self.maybe_save("start a new code"):
            return
        c = self.document.code
        self.document.open_code(
            LinearCode.zeros(c.N, c.K, c.T, c.field),
            None,
            f"New code N = {c.N}, K = {c.K}, T = {c.T}",
        )
        self.window.say(f"new all-zero code, N = {c.N}, K = {c.K}, T = {c.T} over {c.field.name}")

    def open_file(self, path: str | None = None) -> bool:
        """Open ``path`` (None: ask for it); a two-way code opens in a window of its own
        (:mod:`.twoway`), the code edited here staying as it is, so nothing is asked first."""
        if path is None:
            from PySide6.QtWidgets import QFileDialog  # a dialog's module: not at start

            path, _ = QFileDialog.getOpenFileName(
                self.window, "Open a code", self.recent.last_dir(), FILE_FILTER
            )
            if not path:
                return False
        try:
            if self._open_two_way(str(path)):
                return True
        except RinglabError as e:
            self.window.error(str(e))
            return False
        if not self.maybe_save("open another file"):
            return False
        try:
            code = load_code(path)
        except RinglabError as e:
            self.window.error(str(e))
            return False
        self.document.open_code(code, str(path), f"Open {Path(path).name}")
        self.recent.add(str(path))
        self.window.say(f"opened {path}")
        return True

    def _open_two_way(self, path: str) -> bool:
        """True if ``path`` is a two-way code, now open in its window; raises
        :class:`RinglabError` (one line, the file named) for a bad two-way file."""
        from .twoway.files import read_two_way

        code = read_two_way(path)
        if code is None:
            return False
        from .twoway.window import show_two_way

        show_two_way(code, path)  # (kept until closed)
        self.recent.add(path)
        self.window.say(f"opened {path} (a two-way ring code) in its own window")
        return True

    def open_recent(self, path: str) -> bool:
        """Open a recent file; one that was moved or deleted leaves the list, with a word."""
        if not Path(path).exists():
            self.recent.remove(path)
            self.window.error(
                f"{path}: no such file any more (moved or deleted); removed from Open Recent"
            )
            return False
        return self.open_file(path)

    def save(self) -> bool:
        if not self.document.path:
            return self.save_as()
        return self._write(self.document.path)

    def save_as(self, path: str | None = None) -> bool:
        if path is None:
            start = self.document.path or str(
                Path(self.recent.last_dir()) / suggested_file_name(self.document.code)
            )
            from PySide6.QtWidgets import QFileDialog

            path, _ = QFileDialog.getSaveFileName(
                self.window, "Save the code as", start, FILE_FILTER
            )
            if not path:
                return False
        return self._write(str(path))

    def _write(self, path: str) -> bool:
        try:
            save_code(self.document.code, path)
        except OSError as e:
            self.window.error(
                f"{path}: cannot be saved ({e.strerror or e}); your changes are still here "
                f"and in the autosave"
            )
            return False
        self.document.set_path(path)
        self.document.mark_clean()
        self.recent.add(path)
        self.window.say(f"saved {path}")
        return True

    def may_close(self) -> bool:
        """Closing: the question first; once it may go, the autosave goes too."""
        if not self.maybe_save("close ringlab"):
            return False
        if self.autosaver is not None:
            self.autosaver.timer.stop()
            self.autosaver.remove()
        return True
