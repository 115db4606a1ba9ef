"""The window fits the screen it opens on, and the tabs fit the window.

The offscreen platform has one 800×800 screen; the 1280×720 and 1920×1080 screens of the
issue are given to the window's ``ScreenFit.available`` (the only place it reads the screen)."""

import pytest
from PySide6.QtCore import QPoint, QRect

from ringlab.core.code import LinearCode
from ringlab.gui.settings import settings

SIZES = [(1280, 720), (1920, 1080)]


# (screen) → (window) worked out by hand from "90 % of the available area, at least
# 1400×860 when that fits, 40 px kept for the frame"
@pytest.mark.parametrize(
    "screen, want",
    [((1280, 720), (1280, 680)), ((1920, 1080), (1728, 936)), ((800, 800), (800, 760))],
)
def test_first_start_fits_the_screen(qtbot, open_window, monkeypatch, screen, want):
    from ringlab.gui.screen_fit import ScreenFit

    monkeypatch.setattr(ScreenFit, "available", lambda self: QRect(0, 0, *screen))
    w = open_window(show=False)  # (a first start: no settings)
    assert (w.width(), w.height()) == want
    assert w.x() >= 0 and w.y() >= 0 and w.x() + w.width() <= screen[0]
    settings().clear()


def test_the_real_offscreen_screen(qtbot, open_window):
    w = open_window(show=False)  # (a first start: no settings)
    avail = w.screen().availableGeometry()
    assert w.width() <= avail.width() and w.height() <= avail.height() - 40
    settings().clear()


def test_geometry_is_remembered_per_screen_and_never_exceeds_it(qtbot, open_window, monkeypatch):
    from ringlab.gui.screen_fit import ScreenFit

    screen = {"rect": QRect(0, 0, 1920, 1080)}
    monkeypatch.setattr(ScreenFit, "available", lambda self: screen["rect"])
    # a first start, then resized (Qt's restoreGeometry also keeps to the real screen)
    w = open_window(size=(760, 560))
    assert w.close()
    keys = [k for k in settings().allKeys() if k.startswith("geometry/")]
    assert len(keys) == 1 and keys[0].endswith("-1920x1080")
    again = open_window(show=False, clear_settings=False)
    assert (again.width(), again.height()) == (760, 560)  # same screen: remembered
    screen["rect"] = QRect(0, 0, 1280, 720)  # the projector
    small = open_window(show=False, clear_settings=False)
    assert (small.width(), small.height()) == (1280, 680)  # its own first start
    # a geometry remembered for a screen that then shrank is cut to the screen
    screen["rect"] = QRect(0, 0, 740, 500)
    settings().setValue(small.screen_fit.key(), again.saveGeometry())
    cut = open_window(show=False, clear_settings=False)
    assert (cut.width(), cut.height()) == (740, 460)
    settings().clear()


# 10 s a size: the inner loop at the tighter screen, the full suite at both
@pytest.mark.parametrize("size", [SIZES[0], pytest.param(SIZES[1], marks=pytest.mark.slow)])
def test_n32_does_not_grow_the_window(qtbot, open_window, size):
    w = open_window(code=LinearCode.zeros(32, 2, 32), show=False, use_settings=False)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    for name in ("Editor", "Propagation", "Schedules", "Editor"):
        w.show_view(name)
        qtbot.waitUntil(lambda: w.tabs.currentIndex() == w.find_view(name))
        assert (w.width(), w.height()) == size, name
    assert w.minimumSizeHint().height() <= 720


def bottom_in(widget, ancestor) -> int:
    return widget.mapTo(ancestor, QPoint(0, widget.height())).y()


@pytest.mark.parametrize("size", SIZES)
def test_schedules_show_every_trace_row(open_window, qtbot, size):
    w = open_window("paper-k2-t3", size=size)
    w.show_view("Schedules")
    _, view = w.view_by_title("Schedules")
    qtbot.waitUntil(lambda: view.comparison is not None and view.columns["coded"].table.isVisible())
    slot = w.tabs.currentWidget()  # the tab's one scroll area
    vp = slot.viewport()
    assert slot.verticalScrollBar().value() == 0
    for name in ("ring", "tree", "coded"):
        t = view.columns[name].table
        assert t.rowCount() == 3 and bottom_in(t, vp) <= vp.height(), (name, bottom_in(t, vp))
    # the cost explorer has its own page: plot and every cost row in view
    view.pages.setCurrentIndex(1)
    qtbot.waitUntil(lambda: view.costs.table.isVisible())
    t = view.costs.table
    assert t.row_count() == 3 and bottom_in(t, vp) <= vp.height()
    assert view.costs.canvas.height() >= 220


@pytest.mark.parametrize("size", SIZES)
def test_theorem_panel_is_not_clipped_beside_other_tabs(open_window, qtbot, size):
    w = open_window("paper-k2-t3", size=size)
    panel = w.panel
    assert not panel.compact and panel.scroll.isVisible()  # the editor: matrices
    w.show_view("Schedules")
    qtbot.waitUntil(lambda: panel.compact)
    assert not panel.scroll.isVisible() and panel.compact_note.isVisible()
    assert panel.map.isVisible() and panel.map.width() <= panel.map_scroll.viewport().width()
    w.show_view("Editor")
    qtbot.waitUntil(lambda: not panel.compact)
    c = panel.canvas
    two_checks = c.block_rect(0, 1).right() - c.block_rect(0, 0).left()  # side by side
    assert panel.scroll.viewport().width() >= min(c.width(), two_checks)
