"""F5 presents what the current tab shows (issue 32: from the Schedules tab it presented the
4-core ring/tree/code, not the 8-core example with the algorithms the user ticked)."""

from PySide6.QtCore import Qt

from ._present import press_f5, schedules_at_8


def test_f5_from_schedules_shows_its_example_ticked_algorithms_and_step(qtbot, open_window):
    win = open_window("paper-k2-t3", size=(1280, 720))
    # the user types 8 cores into the example and ticks two algorithms, as on the tab
    titles = schedules_at_8(qtbot, win, ("recursive-doubling", "swing"))
    _, view = win.view_by_title("Schedules")
    view.slider.setFocus()
    qtbot.keyClick(view.slider, Qt.Key_Right)
    qtbot.keyClick(view.slider, Qt.Key_Right)
    qtbot.waitUntil(lambda: view.step_label.text().startswith("2 of"))

    p = press_f5(qtbot, win)
    v = p.view
    assert v.deck.kind == "schedules"
    html = v.slide.text()
    assert "on 8 cores" in html
    for title in titles:  # (two rows of grids: each headed by its short name)
        assert title.split(" (")[0] in html, title
    assert v.step == 2 and "step 2 of" in html
    # each grid has the 8 cores as rows: "7" starts a row of every traced column
    assert html.count("\n7 ") >= 5  # ring, tree, recursive doubling, Swing, and the rows' ends
    qtbot.keyClick(v, Qt.Key_Escape)
    qtbot.waitUntil(lambda: not p.isVisible())


def test_f5_from_propagation_opens_at_the_step_shown(qtbot, open_window):
    win = open_window("paper-k2-t3", size=(1280, 720))
    win.show_view("Propagation")
    win.state.step = 2  # (the view's own player moves the same state field)
    p = press_f5(qtbot, win)
    assert p.view.deck.kind == "walkthrough" and p.view.step == 2
    assert p.view.deck.renderer.step == 2
