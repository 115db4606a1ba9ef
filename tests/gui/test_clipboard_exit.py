"""Quitting after a copy must not crash (PySide6 frees a Python-made QMimeData twice)."""

import subprocess
import sys

SCRIPT = r"""
import sys
from PySide6.QtCore import QTimer
from ringlab import preset
from ringlab.gui.app import create_window, make_app
app = make_app()
w = create_window(code=preset("paper-k2-t3"), load_views=False, check_recovery=False, autosave=False)
w.show()
w.editor.grid(0, "R").copy()
QTimer.singleShot(100, app.quit)
rc = app.exec()
print("clipboard:", repr(app.clipboard().text()))
sys.exit(rc)
"""


def test_quit_after_copy_exits_cleanly_and_keeps_the_text():
    r = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, (r.returncode, r.stderr[-500:])
    assert "0\\t1\\t-1" in r.stdout
