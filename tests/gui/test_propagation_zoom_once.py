"""Ctrl+= on the Propagation tab lays the drawing out once, for the size the window gives it
(issue 31).  It was laid out when the text size changed and again once the window's layouts
had resized the canvas: twice the work per key press (~0.1 s each on the paper's code), and
the labels' places then depended on the size passed on the way."""

from PySide6.QtCore import Qt

from ringlab.render._frames import StepFrames

from ._acts import click_tab

CTRL = Qt.ControlModifier


def test_each_text_size_key_lays_the_drawing_out_once(open_window, qtbot, monkeypatch):
    w = open_window("paper-k2-t3", size=(1280, 720), points=11, use_settings=True)
    view = click_tab(qtbot, w, "Propagation")
    qtbot.waitUntil(lambda: not view.busy and view.renderer.trace is not None)
    qtbot.waitUntil(lambda: view.renderer.built and not view.renderer.needs_relayout())
    layouts = []
    relayout = StepFrames.relayout
    monkeypatch.setattr(
        StepFrames, "relayout", lambda self: (layouts.append(self), relayout(self))[1]
    )
    for key, size in ((Qt.Key_Equal, 12), (Qt.Key_Equal, 13), (Qt.Key_Minus, 12)):
        layouts.clear()
        qtbot.keyClick(w, key, CTRL)
        assert w.font_size() == size
        # laid out for the room the new size gives it, then left alone
        qtbot.waitUntil(lambda: view.renderer.built and not view.renderer.needs_relayout())
        qtbot.wait(50)  # (a second layout, were one coming, is queued by now)
        assert len(layouts) == 1, (size, len(layouts))
        assert view.renderer.table_text()  # the side table is drawn
