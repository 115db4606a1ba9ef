"""File → Export walkthrough… reaches the Propagation view's export."""

from PySide6.QtWidgets import QFileDialog

from ringlab import preset


def test_file_menu_exports_a_gif(qtbot, open_window, tmp_path, monkeypatch):
    w = open_window("paper-k2-t3", show=False)
    out = tmp_path / "walk.gif"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    action = next(
        a
        for m in w.menuBar().actions()
        for a in m.menu().actions()
        if a.text().replace("&", "").startswith("Export walkthrough")
    )
    action.trigger()
    qtbot.waitUntil(lambda: out.exists() and out.stat().st_size > 0, timeout=20000)
    assert w.tabs.tabText(w.tabs.currentIndex()) == "Propagation"
    from PIL import Image

    assert Image.open(out).n_frames >= preset("paper-k2-t3").T + 1
