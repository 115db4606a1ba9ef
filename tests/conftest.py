import os
import sys
import tempfile

import pytest

# This machine's environment sets PYTHONDONTWRITEBYTECODE=1; users' machines write bytecode
# caches.  Without them every run (and every xdist worker) re-did pytest's assertion rewriting
# of every test module (~9.5 s of CPU per worker: collecting the fast loop took 17 s of user
# CPU, 6 s with the cache) and every subprocess a test starts recompiled ringlab.  Write them
# again, for this session and the workers and subprocesses it starts (as
# benchmarks/bench_startup.py does for its children).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("NUMBA_CACHE_DIR", os.path.join(tempfile.gettempdir(), "ringlab-numba-cache"))
# GUI tests must not touch the user's real settings, autosaves or recent files
_home = tempfile.mkdtemp(prefix="ringlab-test-home-")
# an xdist worker inherits the controller's environment: it gets a home of its own, or two
# workers would share (and clear) one settings file
_set = os.environ.__setitem__ if os.environ.get("PYTEST_XDIST_WORKER") else os.environ.setdefault
_set("RINGLAB_DATA_DIR", os.path.join(_home, "data"))
_set("XDG_CONFIG_HOME", os.path.join(_home, "config"))
_set("XDG_DATA_HOME", os.path.join(_home, "share"))

# Waiting is behaviour, not a timing claim (issue 21): on a loaded CI machine a widget may take
# seconds to get there.  Every qtbot wait gets at least WAIT_FLOOR_MS before it fails; a test
# that passes waits no longer than before.  Speed claims live in benchmarks/.
WAIT_FLOOR_MS = 60_000


def _floor_waits():
    try:
        from pytestqt.qtbot import QtBot
    except ImportError:
        return
    for name in (
        "waitUntil",
        "waitSignal",
        "waitSignals",
        "waitCallback",
        "waitExposed",
        "waitActive",
    ):
        orig = getattr(QtBot, name, None)
        if orig is None or getattr(orig, "_floored", False):
            continue

        def floored(self, *args, _orig=orig, **kw):
            t = kw.get("timeout")
            if t is None or (isinstance(t, (int, float)) and 0 <= t < WAIT_FLOOR_MS):
                kw["timeout"] = WAIT_FLOOR_MS
            return _orig(self, *args, **kw)

        floored._floored = True
        floored.__doc__ = orig.__doc__
        setattr(QtBot, name, floored)


_floor_waits()


@pytest.fixture(scope="session")
def qapp():
    """The application as the user's starts (``make_app``: 11 pt text), not pytest-qt's bare
    one (9 pt offscreen): there every window's 11 pt was a zoom past the app's text, which
    wrapped the style in Python's :class:`ScaledStyle` for every test (its pixel metrics were
    a seventh of a lesson journey's time) and laid windows out at a size no user starts at."""
    from ringlab.gui.app import make_app

    return make_app()


def pytest_sessionfinish(session, exitstatus):
    # tests never run QApplication.exec(), so aboutToQuit never fires: release the clipboard
    # the way the app does on quit, or PySide6 frees a copied QMimeData twice at exit (rc 139)
    try:
        from PySide6.QtGui import QGuiApplication
    except ImportError:
        return
    if QGuiApplication.instance() is not None:
        from ringlab.gui.app import release_clipboard

        release_clipboard()
