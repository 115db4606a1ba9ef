"""Unsaved work survives a crash: the real app in a subprocess is edited, autosaves, is killed
with SIGKILL, and the next start offers the work back."""

import os
import queue
import signal
import subprocess
import sys
import threading
import time

from PySide6.QtCore import Qt

from ringlab import preset
from ringlab.gui.autosave import find_orphans

# The app as `ringlab` starts it, then a user typing 7 into M_0[0,0] (through the cell editor).
DRIVER = r"""
import sys
from PySide6.QtCore import QTimer, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit
from ringlab.gui.app import make_app, create_window
app = make_app()
w = create_window(load_views=False)
w.show()

def edit():
    grid = w.editor.grid(0, "M")
    grid.table.setFocus()
    grid.table.setCurrentIndex(grid.model.index(0, 0))
    QTest.keyClick(grid.table, "7")
    ed = [e for e in grid.table.viewport().findChildren(QLineEdit) if e.isVisible()][0]
    QTest.keyClick(ed, Qt.Key_Return)
    print("EDITED", w.document.code.field.format(w.document.code.node(0).M[0][0]), flush=True)
    poll()

def poll():
    if w.autosaver.meta_path.exists():
        print("AUTOSAVED", w.autosaver.code_path, flush=True)
    else:
        QTimer.singleShot(20, poll)

QTimer.singleShot(0, edit)
sys.exit(app.exec())
"""


class _Lines:
    """The subprocess's stdout lines, read by a thread (a pipe read must not block the test)."""

    def __init__(self, proc):
        self.proc, self.q = proc, queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.q.put(line)
        self.q.put(None)

    def wait_for(self, want, timeout=30.0):
        end, seen = time.monotonic() + timeout, []
        while time.monotonic() < end:
            try:
                line = self.q.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            seen.append(line)
            if line.startswith(want):
                return line
        err = self.proc.stderr.read() if self.proc.poll() is not None else ""
        raise AssertionError(f"no {want!r} from the app; got {seen!r}; stderr: {err}")


def test_autosave_recovered_after_kill(qtbot, open_window, tmp_path, monkeypatch):
    monkeypatch.setenv("RINGLAB_DATA_DIR", str(tmp_path / "data"))
    env = dict(os.environ, RINGLAB_AUTOSAVE_MS="100", QT_QPA_PLATFORM="offscreen")
    proc = subprocess.Popen(
        [sys.executable, "-c", DRIVER],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        lines = _Lines(proc)
        assert lines.wait_for("EDITED").split()[1] == "7"
        lines.wait_for("AUTOSAVED")
        # while that app still runs, its autosave is not somebody's lost work
        assert find_orphans() == []
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL

    w = open_window(None, load_views=False, check_recovery=True, autosave=True)
    assert w.recovery is not None and w.recovery.isVisible()
    assert "stopped unexpectedly" in w.recovery.label.text()
    assert w.document.code == preset("paper-k2-t3")  # nothing restored until asked
    qtbot.mouseClick(w.recovery.restore_button, Qt.LeftButton)
    assert w.document.code.node(0).M[0][0] == 7
    assert w.document.dirty  # restored, not yet saved to a file
    assert w.recovery is None
    assert find_orphans() == []
    assert w.autosaver.code_path.exists()  # our own autosave holds it now
    w.close()
    assert not w.autosaver.code_path.exists()  # a normal close leaves nothing


def test_clean_close_leaves_no_autosave_and_discard(qtbot, open_window, tmp_path, monkeypatch):
    monkeypatch.setenv("RINGLAB_DATA_DIR", str(tmp_path / "data"))
    w = open_window(None, load_views=False, check_recovery=True, autosave=True, show=False)
    w.document.set_entry(0, "M", 0, 0, "3")
    assert w.autosaver.timer.isActive()  # debounced, not written per key
    assert w.autosaver.save_now() and w.autosaver.code_path.exists()
    # saving the work removes the autosave (nothing is unsaved any more)
    w.save_as(str(tmp_path / "x.ringlab.json"))
    assert not w.autosaver.code_path.exists()
    w.document.set_entry(0, "M", 0, 0, "4")
    w.autosaver.save_now()
    # pretend this process died: a copy under a dead pid is offered; Discard removes it
    dead = tmp_path / "data" / "autosave"
    (dead / "999999.ringlab.json").write_bytes(w.autosaver.code_path.read_bytes())
    (dead / "999999.json").write_text('{"path": null, "time": 0}')
    w.ask_unsaved = lambda action: "discard"
    w.close()
    w2 = open_window(None, load_views=False, check_recovery=True, autosave=True, show=False)
    assert w2.recovery is not None
    qtbot.mouseClick(w2.recovery.discard_button, Qt.LeftButton)
    assert w2.recovery is None and find_orphans() == []
    assert w2.document.code == preset("paper-k2-t3")
