import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("NUMBA_CACHE_DIR", os.path.join(tempfile.gettempdir(), "ringlab-numba-cache"))
# GUI tests must not touch the user's real settings, autosaves or recent files
_home = tempfile.mkdtemp(prefix="ringlab-test-home-")
os.environ.setdefault("RINGLAB_DATA_DIR", os.path.join(_home, "data"))
os.environ.setdefault("XDG_CONFIG_HOME", os.path.join(_home, "config"))
os.environ.setdefault("XDG_DATA_HOME", os.path.join(_home, "share"))



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
