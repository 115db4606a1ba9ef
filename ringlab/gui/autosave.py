"""Unsaved work is never lost: autosave after edits, recovery after a crash.

While the document has unsaved changes, a copy is written (debounced, atomically, in the code
file format) to ``<data dir>/autosave/<pid>.ringlab.json`` with a small ``<pid>.json`` beside it
naming the file it belongs to.  Saving, or closing normally, removes both.  At the next start,
copies left by a process that is no longer running are offered back.

The data dir is ``$RINGLAB_DATA_DIR`` if set (tests set it), else platformdirs' user data dir.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from ..core.codefile import load_code, save_code
from ..core.errors import RinglabError
from ..core.files import user_data_dir
from .proc_stat import is_zombie
from .state_link import on_state

DEBOUNCE_MS = int(os.environ.get("RINGLAB_AUTOSAVE_MS", "1500"))


def autosave_dir() -> Path:
    return user_data_dir() / "autosave"


def _pid_alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie does not)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    try:
        return not is_zombie(pid)
    except OSError:
        return True


def _unlink(paths, missing=FileNotFoundError) -> None:
    """Remove each of ``paths``; the errors ``missing`` are not worth a word."""
    for p in paths:
        try:
            p.unlink()
        except missing:
            pass


@dataclass
class Orphan:
    """An autosave left behind by a process that stopped without saving."""

    code_path: Path
    meta_path: Path
    original: str | None  # the file the work belonged to (None: untitled)
    saved_at: float

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        what = f"“{self.original}”" if self.original else "an untitled code"
        return f"Unsaved changes to {what} from {when} were kept when ringlab stopped unexpectedly."

    def load(self):
        return load_code(self.code_path)

    def discard(self):
        _unlink((self.code_path, self.meta_path))


def find_orphans() -> list[Orphan]:
    """Autosaves of processes no longer running, newest first."""
    d = autosave_dir()
    if not d.is_dir():
        return []
    out = []
    for meta in d.glob("*.json"):
        if meta.name.endswith(".ringlab.json"):
            continue
        try:
            pid = int(meta.stem)
        except ValueError:
            continue
        if _pid_alive(pid):
            continue
        code = d / f"{pid}.ringlab.json"
        if not code.exists():
            meta.unlink(missing_ok=True)
            continue
        try:
            info = json.loads(meta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            info = {}
        out.append(
            Orphan(code, meta, info.get("path"), float(info.get("time", code.stat().st_mtime)))
        )
    out.sort(key=lambda o: o.saved_at, reverse=True)
    return out


class Autosaver(QObject):
    """Writes the document's unsaved state ``DEBOUNCE_MS`` after the last edit."""

    message = Signal(str)  # a failed autosave, said once (the window shows it)

    def __init__(self, document, parent=None, debounce_ms: int | None = None):
        super().__init__(parent)
        self.document = document
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS if debounce_ms is None else debounce_ms)
        self.timer.timeout.connect(self.save_now)
        on_state(self, document.state.events.code, self._on_code_changed)
        document.dirty_changed.connect(self._on_dirty_changed)
        d = autosave_dir()
        self.code_path = d / f"{os.getpid()}.ringlab.json"
        self.meta_path = d / f"{os.getpid()}.json"
        self.last_error: str | None = None

    def _on_code_changed(self):
        # (during a push the undo stack's index, hence ``dirty``, is not updated yet: decide
        # when the timer fires)
        self.timer.start()

    def _on_dirty_changed(self, dirty: bool):
        if dirty:
            self.timer.start()
        else:
            self.timer.stop()
            self.remove()

    def save_now(self) -> bool:
        if not self.document.dirty:
            self.remove()
            return False
        try:
            self.code_path.parent.mkdir(parents=True, exist_ok=True)
            save_code(self.document.code, self.code_path)
            tmp = self.meta_path.with_suffix(".tmp")
            tmp.write_text(
                json.dumps({"path": self.document.path, "time": time.time(), "pid": os.getpid()}),
                encoding="utf-8",
            )
            os.replace(tmp, self.meta_path)
            self.last_error = None
            return True
        except (OSError, RinglabError) as e:
            # never interrupt the user for this; say it once in the status bar
            msg = f"autosave to {self.code_path.parent} failed: {getattr(e, 'strerror', None) or e}"
            if msg != self.last_error:
                self.message.emit(msg)
            self.last_error = msg
            return False

    def remove(self):
        _unlink((self.code_path, self.meta_path), OSError)  # (never in the user's way)
