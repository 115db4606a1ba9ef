"""Ctrl+= with the scaled style (issue 31): tables' headers and scroll bars are answered by the
base style directly (the same pixels, without ~20,000 calls into Python a key press at eight
nodes), and windows opened after others were closed still zoom (one shared style object was
gone with the first window, and set from the style's polish() it crashed Qt)."""

import os
import subprocess
import sys

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QHeaderView


def _zoom(qtbot, w, presses):
    for _ in range(presses):
        before = w.view_options.font_size()
        qtbot.keyClick(w, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: w.view_options.font_size() > before)


SEVERAL_WINDOWS = r"""
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from ringlab import preset
from ringlab.gui.app import create_window
app = QApplication([])
for views in (False, True, False, True):
    w = create_window(code=preset("classic-ring-n8"), check_recovery=False, autosave=False,
                      use_settings=False, load_views=views)
    w.resize(1024, 768); w.show(); QTest.qWaitForWindowExposed(w)
    QTest.keyClick(w, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    app.processEvents()
    w.close(); w.deleteLater()
    QApplication.sendPostedEvents(None, 0); app.processEvents()
print("four windows")
"""


def test_windows_made_and_deleted_in_one_process_keep_their_styles(tmp_path):
    # (the styles' owners: one style shared by every window's tables died with the first
    # window deleted, and the second window's construction crashed Qt — the test workers make
    # hundreds of windows in one process)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RINGLAB_DATA_DIR=str(tmp_path))
    env["XDG_CONFIG_HOME"] = str(tmp_path)
    p = subprocess.run(
        [sys.executable, "-c", SEVERAL_WINDOWS], env=env, capture_output=True, text=True
    )
    assert (p.returncode, p.stdout.strip()) == (0, "four windows"), p.stderr[-2000:]


def test_a_header_looks_the_same_under_either_style(qtbot, open_window):
    w = open_window("classic-ring-n8", size=(1024, 768))
    _zoom(qtbot, w, 3)
    header: QHeaderView = w.editor.grid(0, "Lambda").table.horizontalHeader()
    qtbot.waitUntil(lambda: header.isVisible() and header.width() > 0)
    plain = header.grab().toImage()
    header.setStyle(QApplication.style())  # the window's scaled style answers it instead
    QApplication.processEvents()
    assert header.grab().toImage() == plain
