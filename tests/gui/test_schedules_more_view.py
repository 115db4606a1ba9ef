"""Issue 23 in the window: the Schedules tab shows the algorithms libraries run beside ring, tree
and the code — ticked by the user, kept in the application state — with the shown step on the
paper's bidirectional ring under every grid, and their α-β lines and crossovers in the cost
explorer.  Driven as a student drives it: a click on a check box, a drag of the scrubber, the
labels read off the screen; the numbers are worked out here by hand."""

import time
from fractions import Fraction

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QStyle, QStyleOptionSlider

from ringlab.lessons import registry


@pytest.fixture
def tab(open_window, qtbot):
    """The Schedules tab of a 1280×720 window on the 8-node ring code (an 8-core example)."""
    w = open_window("classic-ring-n8", size=(1280, 720))
    w.show_view("Schedules")
    _, view = w.view_by_title("Schedules")
    qtbot.waitUntil(lambda: view.comparison is not None and view.comparison.example.N == 8)
    return w, view


def tick(qtbot, view, name):
    box = view.picker.boxes[name]
    qtbot.mouseClick(box, Qt.LeftButton, pos=QPoint(8, box.height() // 2))
    qtbot.waitUntil(lambda: name in view.columns and view.columns[name].title.text() != "")


def drag_scrubber_to(qtbot, view, k):
    """Press on the slider's handle and drag it to the position of step k."""
    s = view.slider
    opt = QStyleOptionSlider()
    s.initStyleOption(opt)
    handle = s.style().subControlRect(QStyle.CC_Slider, opt, QStyle.SC_SliderHandle, s)
    groove = s.style().subControlRect(QStyle.CC_Slider, opt, QStyle.SC_SliderGroove, s)
    span = groove.width() - handle.width()
    x = (
        groove.x()
        + handle.width() // 2
        + QStyle.sliderPositionFromValue(s.minimum(), s.maximum(), k, span)
    )
    qtbot.mousePress(s, Qt.LeftButton, pos=handle.center())
    qtbot.mouseMove(s, QPoint(x, handle.center().y()))
    qtbot.mouseRelease(s, Qt.LeftButton, pos=QPoint(x, handle.center().y()))
    qtbot.waitUntil(lambda: s.value() == k)


def route(N, src, dst):
    cw = (dst - src) % N
    if cw <= N - cw:
        return [((src + h) % N, +1) for h in range(cw)]
    return [((src - h) % N, -1) for h in range(N - cw)]


def grid(col):
    return [
        [col.cell(i, c) for c in range(col.table.columnCount())]
        for i in range(col.table.rowCount())
    ]


def test_by_default_ring_tree_and_the_code_only(tab):
    _, view = tab
    assert list(view.columns) == ["ring", "tree", "coded"]
    assert not any(b.isChecked() for b in view.picker.boxes.values())
    assert view.state.schedules == ()
    assert view.step_label.text() == "0 of 14"


def test_ticking_recursive_doubling_adds_its_column_and_its_grid(tab, qtbot):
    _, view = tab
    tick(qtbot, view, "recursive-doubling")
    assert view.state.schedules == ("recursive-doubling",)
    assert list(view.columns) == ["ring", "tree", "coded", "recursive-doubling"]
    col = view.columns["recursive-doubling"]
    assert col.title.text() == "Recursive doubling (MPICH), 3 steps"
    assert col.table.isVisible() and col.links.isVisible()
    # after its 3 steps every core holds X @ W, added up here from X and W
    ex = view.state.example()
    target = [sum(ex.X[i] * ex.W[i][c] for i in range(8)) for c in range(ex.d)]
    drag_scrubber_to(qtbot, view, 3)
    assert col.caption.text() == "step 3 of 3 (exchange)"
    for row in grid(col):
        assert row == ["*" + str(v) for v in target]


def test_dragging_the_scrubber_shows_each_steps_load_on_the_ring(tab, qtbot):
    _, view = tab
    tick(qtbot, view, "recursive-doubling")
    rd, ring = view.columns["recursive-doubling"].links, view.columns["ring"].links
    assert "nothing sent yet" in rd.caption.text() and rd.loads == {}
    assert (
        "Whole run on the ring: 7 slots, where a fully connected network takes 3 steps"
        in rd.caption.text()
    )
    for k, busiest in ((3, 4), (2, 2), (1, 1)):
        drag_scrubber_to(qtbot, view, k)
        hand = {}
        for i in range(8):  # step k: i swaps with i XOR 2^(k−1)
            for link in route(8, i, i ^ (1 << (k - 1))):
                hand[link] = hand.get(link, 0) + 1
        assert rd.loads == hand
        assert max(hand.values()) == busiest
        assert f"{busiest} message{'s' * (busiest > 1)}</b> → {busiest} slot" in rd.caption.text()
        # the ring's step k: one chunk to each right neighbour — one message per link
        assert ring.loads == {(i, 1): 1 for i in range(8)}
        assert "<b>1 message</b> → 1 slot" in ring.caption.text()
    view.slider.setFocus()
    qtbot.keyClick(view.slider, Qt.Key_Right)
    qtbot.keyClick(view.slider, Qt.Key_Right)
    assert view.state.schedule_step == 3 and max(rd.loads.values()) == 4


def test_a_refused_algorithm_says_why_calmly_until_the_example_fits(tab, qtbot):
    _, view = tab
    tick(qtbot, view, "trivance")
    col = view.columns["trivance"]
    assert col.title.text() == "Trivance (latency-optimal): not for N = 8"
    assert "N = 8 is not a power of 3" in col.error.text()
    from ringlab.gui.settings import text_colour

    assert text_colour(col.error) == "#555555"  # grey, not the error red
    assert not col.table.isVisible() and not col.links.isVisible()
    assert view.step_label.text() == "0 of 14"
    # the user gives the example 9 cores: Trivance runs, in log3 9 = 2 steps
    spin = view.inputs.n_spin
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), "9")
    qtbot.keyClick(spin.lineEdit(), Qt.Key_Enter)
    qtbot.waitUntil(lambda: col.table.isVisible())
    assert col.title.text() == "Trivance (latency-optimal), 2 steps"
    assert not col.error.isVisible()
    drag_scrubber_to(qtbot, view, 2)
    # step 2: every core sends 3 hops both ways — 3 messages on each of the 18 directed links
    assert set(col.links.loads.values()) == {3} and len(col.links.loads) == 18


def test_the_cost_explorer_draws_their_lines_and_every_crossover(tab, qtbot):
    _, view = tab
    tick(qtbot, view, "recursive-doubling")
    tick(qtbot, view, "swing")
    qtbot.mouseClick(
        view.pages.tabBar(), Qt.LeftButton, pos=view.pages.tabBar().tabRect(1).center()
    )
    costs = view.costs

    def legend():  # (the plot is built at its first paint once its page is shown)
        axes = costs.figure.axes
        return [t.get_text() for t in axes[0].get_legend().get_texts()] if axes else []

    qtbot.waitUntil(lambda: {"ring", "tree", "recursive-doubling", "swing"} <= set(legend()))
    # α = 1 µs, B = 190 GB/s, N = 8.  recursive doubling 3α + 3S/B, Swing 6α + 1.75 S/B:
    # S = 3α·B/1.25 = 456 KB; ring 14α + 1.75 S/B: S = 11α·B/1.25 = 1.672 MB
    a, B = Fraction(1, 10**6), 190 * 10**9
    assert 3 * a * B / Fraction(5, 4) == 456000 and 11 * a * B / Fraction(5, 4) == 1672000
    text = costs.crossings.text()
    assert "357.6 KB: tree → ring" in text
    assert "[1] 456 KB: recursive-doubling → swing" in text
    assert "[2] 1.672 MB: recursive-doubling → ring" in text
    # both models, as the CLI prints them: (a) time and the ring's slots
    t = costs.models
    rows = [t.verticalHeaderItem(r).text() for r in range(t.rowCount())]
    assert rows == ["ring", "tree", "recursive-doubling", "swing"]
    head = [t.horizontalHeaderItem(c).text() for c in range(t.columnCount())]
    rd = {h: t.item(2, c).text() for c, h in enumerate(head)}
    S = 10**6  # 1 MB: 3(α + S/B) = 18.79 µs
    assert f"{float(3 * (a + Fraction(S, B))) * 1e6:.4g} µs" == rd["(a) time"] == "18.79 µs"
    assert rd["ring slots"] == "7" and rd["busiest link"] == "6 MB" and rd["sum"] == "ok"
    # unticking takes the line, the row and the crossover away again
    qtbot.mouseClick(
        view.pages.tabBar(), Qt.LeftButton, pos=view.pages.tabBar().tabRect(0).center()
    )
    box = view.picker.boxes["swing"]
    qtbot.mouseClick(box, Qt.LeftButton, pos=QPoint(8, box.height() // 2))
    qtbot.waitUntil(lambda: "swing" not in view.columns)
    qtbot.waitUntil(lambda: "swing" not in costs.crossings.text())
    # the plot, behind the traces page, is drawn anew when the reader looks at it again
    qtbot.mouseClick(
        view.pages.tabBar(), Qt.LeftButton, pos=view.pages.tabBar().tabRect(1).center()
    )
    qtbot.waitUntil(lambda: "swing" not in legend())
    assert "recursive-doubling" in legend()


def test_a_lessons_action_ticks_the_box(tab, qtbot):
    _, view = tab
    registry.ACTIONS["show_schedule"].func(view.state, name="nccl-tree")
    qtbot.waitUntil(lambda: view.picker.boxes["nccl-tree"].isChecked())
    qtbot.waitUntil(
        lambda: view.columns["nccl-tree"].title.text().startswith("NCCL double binary tree")
    )
    registry.ACTIONS["show_schedules"].func(view.state, names=[])
    qtbot.waitUntil(lambda: list(view.columns) == ["ring", "tree", "coded"])
    assert not view.picker.boxes["nccl-tree"].isChecked()


def test_at_1280x720_the_tab_never_scrolls_sideways(tab, qtbot):
    w, view = tab
    for name in ("recursive-doubling", "swing", "trivance"):
        tick(qtbot, view, name)
    slot = view.parentWidget().parentWidget()  # the tab's scroll area
    qtbot.waitUntil(lambda: slot.horizontalScrollBar().maximum() == 0)
    # every core's row of every grid is on the page (the grids scroll sideways, not the tab)
    for col in view.columns.values():
        if col.table.isVisible():
            t = col.table
            rows = sum(t.rowHeight(i) for i in range(t.rowCount()))
            assert t.height() >= t.horizontalHeader().height() + rows


def test_a_step_at_32_cores_with_every_algorithm_does_not_freeze(tab, qtbot):
    _, view = tab
    view.state.update(worked_example=None)
    registry.ACTIONS["set_example"].func(view.state, N=32)
    registry.ACTIONS["show_schedules"].func(view.state, names=list(view.picker.boxes))
    qtbot.waitUntil(
        lambda: (
            view.comparison.example.N == 32 and view.columns["recursive-doubling"].trace is not None
        ),
        timeout=20000,
    )
    t0 = time.perf_counter()
    qtbot.mouseClick(view.next_button, Qt.LeftButton)
    assert view.state.schedule_step == 1
    assert time.perf_counter() - t0 < 5  # was 22 s for ring, tree and the code alone
