"""Where ringlab keeps a user's files, and how it writes them without ever leaving half a file.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> write_text_atomic(d / "new" / "a.json", "{}", make_dirs=True).read_text()
'{}'
"""

from __future__ import annotations

import os
import stat
import time
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl as _fcntl
except ImportError:  # Windows: file_lock falls back to an O_EXCL lock file
    _fcntl = None


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
    ``make_dirs`` (ringlab's own data folder is made; a user's typo in a path is not).

    The file gets the permissions any other program would give it: a new file the user's umask
    (0644 under umask 022; ``mkstemp``'s 0600 made shared codes unreadable to a colleague), an
    overwritten file its old mode.
    """
    path = Path(path)
    if make_dirs:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        old_mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        old_mode = None
    fd, tmp = _create_temp(path)
    try:
        if old_mode is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, old_mode)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if old_mode is not None and not hasattr(os, "fchmod"):
            os.chmod(tmp, old_mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def _create_temp(path: Path) -> tuple[int, str]:
    """A new, empty temporary file beside ``path``, created with mode 0666 so that the kernel
    applies the umask (and a folder's default ACL) as it does for any new file."""
    import secrets  # (and hashlib: on the first save, not at the app's start)

    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        tmp = str(path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"{path.parent}: cannot create a temporary file for {path.name}")


class LockTimeout(TimeoutError):
    """Another process held a :func:`file_lock` longer than the caller would wait."""


@contextmanager
def file_lock(path, timeout: float = 10.0, stale_after: float = 60.0, poll: float = 0.01):
    """Hold the lock file ``path`` (say ``progress.json.lock``) while the block runs, so two
    ringlab processes read-modify-write the file it guards one after the other.

    POSIX: ``fcntl.flock`` on ``path`` (the kernel drops it if the holder dies; the file stays).
    Elsewhere: ``path`` created with ``O_CREAT | O_EXCL`` and removed afterwards; a lock file
    older than ``stale_after`` seconds is taken to be left by a crashed process and broken.
    Raises :class:`LockTimeout` after ``timeout`` seconds of waiting.
    """
    path = Path(path)
    deadline = time.monotonic() + timeout
    if _fcntl is not None:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            while True:
                try:
                    _fcntl.flock(fd, _fcntl.LOCK_EX | _fcntl.LOCK_NB)
                    break
                except (BlockingIOError, PermissionError):
                    if time.monotonic() >= deadline:
                        raise LockTimeout(f"{path} is held by another process") from None
                    time.sleep(poll)
            try:
                yield path
            finally:
                _fcntl.flock(fd, _fcntl.LOCK_UN)
        finally:
            os.close(fd)
        return
    while True:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            break
        except FileExistsError:
            try:
                age = time.time() - path.stat().st_mtime
            except FileNotFoundError:
                continue  # released meanwhile: try again at once
            if age > stale_after:
                try:
                    os.unlink(path)  # left by a process that died holding it
                except FileNotFoundError:
                    pass
                continue
            if time.monotonic() >= deadline:
                raise LockTimeout(f"{path} is held by another process") from None
            time.sleep(poll)
    try:
        os.write(fd, f"{os.getpid()}\n".encode())
        os.close(fd)
        yield path
    finally:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
