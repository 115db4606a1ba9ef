"""Help → Keys ignored the 22 pt text size (it showed ~14 px text to the back row) and listed
none of present mode's keys (found by a lecturer).  The lecturer starts at the 22 pt an
earlier session saved, opens Help → Keys from the menu bar and reads it: the text is as large as the window's, and present
mode's keys (F5, Z, L, B, S, …) are there."""

from __future__ import annotations

import re

from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QLabel


def _open_keys_from_the_menu(qtbot, w):
    """Help → Keys…, as a click on the item does (the other tests' way: a menu bar click
    does not open its menu on the offscreen platform)."""
    menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Help")
    next(a for a in menu.actions() if a.text() == "&Keys…").trigger()
    qtbot.waitUntil(lambda: getattr(w, "help_box", None) is not None and w.help_box.isVisible())
    return w.help_box


def test_keys_at_22_pt_reads_at_22_pt_and_lists_present_mode(open_window, qtbot, tmp_path):
    # started at the 22 pt saved by an earlier session (the zoom keys are test_zoom_*'s)
    w = open_window("paper-k2-t3", size=(1280, 720), load_views=False, points=22)
    assert w.view_options.font_size() == 22
    box = _open_keys_from_the_menu(qtbot, w)
    label = box.findChild(QLabel, "help_text")
    window_px = QFontInfo(w.font()).pixelSize()
    assert QFontInfo(label.font()).pixelSize() >= window_px
    assert window_px >= 22  # 22 pt is at least 22 px (≥ 72 dpi)
    text = box.text()
    assert "Present mode" in text
    for key in ("F5", "Z", "L", "B", "S", "Esc", "Home", "End"):
        assert re.search(rf"(?<![\w+]){re.escape(key)}(?!\w)", text), key
    box.grab().save(str(tmp_path / "keys.png"))
    box.close()


def test_keys_at_22_pt_fits_a_720_line_screen_and_closes_with_its_button(open_window, qtbot):
    """An instructor's trial: at 22 pt the Keys box was 822 px tall on a 1280×720 projector,
    its bottom and OK button below the screen (only Esc closed it).  Its text now scrolls
    inside a box that fits, and OK is on screen and closes it."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtWidgets import QMessageBox

    w = open_window("paper-k2-t3", size=(1280, 720), load_views=False, points=22)
    box = _open_keys_from_the_menu(qtbot, w)
    screen = w.screen().availableGeometry()
    qtbot.waitUntil(lambda: box.height() <= screen.height())
    ok = box.button(QMessageBox.Ok)
    corner = ok.mapToGlobal(QPoint(ok.width(), ok.height()))
    assert ok.isVisible() and corner.y() <= screen.bottom() + 1, (corner, screen)
    assert "Present mode" in box.text() and "web page" in box.text()
    qtbot.mouseClick(ok, Qt.LeftButton)
    qtbot.waitUntil(lambda: not box.isVisible())
