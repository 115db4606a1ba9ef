"""Where ringlab keeps a user's files, and how it writes them without ever leaving half a file.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> write_text_atomic(d / "new" / "a.json", "{}", make_dirs=True).read_text()
'{}'
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def user_data_dir() -> Path:
    """``$RINGLAB_DATA_DIR`` if set (tests, portable installs), else the platform's per-user
    data folder (autosaves, lesson progress)."""
    env = os.environ.get("RINGLAB_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_data_dir("ringlab", "ringlab"))


def write_text_atomic(path, text: str, make_dirs: bool = False) -> Path:
    """Write ``text`` to ``path`` through a temporary file and a rename: a crash or a full disk
    leaves the old file whole, never a half-written one.  A missing folder is an error unless
    ``make_dirs`` (ringlab's own data folder is made; a user's typo in a path is not)."""
    path = Path(path)
    if make_dirs:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path
