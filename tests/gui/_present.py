"""Present-mode test helpers: open a deck in the present window at a size, and check a
walkthrough slide's texts (none overlapping, none cut, none under 18 px)."""

from matplotlib.text import Text
from PySide6.QtCore import Qt

from ringlab.gui.present import MIN_TEXT_PX


def open_present(qtbot, deck, size):
    from .test_present import open_present as opener

    return opener(qtbot, deck, size)


def overlapping_texts(fig, renderer_obj):
    """Pairs of shown figure texts whose boxes intersect (the decode cover's hidden words
    and a text with itself excluded), measured with get_window_extent: a sweep along x (boxes
    sorted by their left edge, each compared only with those still open there)."""
    r = fig.canvas.get_renderer()
    tab = renderer_obj._table
    shown = [
        (a, a.get_window_extent(r))
        for a in fig.findobj(Text)
        if a.get_visible()
        and a.get_text().strip()
        and not (a.axes is tab.ax and tab.covered and a.get_zorder() <= 3)
        and not (a.axes is tab.ax and a.get_zorder() == 6)
    ]  # red overlays lie on their entry
    bad, open_ = [], []
    for b, bb in sorted(shown, key=lambda e: e[1].x0):
        open_ = [(a, ba) for a, ba in open_ if ba.x1 - 1 > bb.x0 + 1]  # the rest end before
        for a, ba in open_:
            if ba.x0 + 1 < bb.x1 - 1 and ba.y0 + 1 < bb.y1 - 1 and bb.y0 + 1 < ba.y1 - 1:
                bad.append((a.get_text()[:30], b.get_text()[:30]))
        open_.append((b, bb))
    return bad


def shown_state(v):
    """What a draw of the walkthrough slide would lay out, as far as its text goes: the zoom,
    the step, the figure's dpi and size, whether it is due a relayout, each axes' place and
    limits and each text's words, place, size, visibility and z-order.  Two equal states draw
    the same texts in the same boxes."""
    fig = v.deck.renderer.figure
    return (
        v.zoom,
        v.deck.renderer.step,
        fig.dpi,
        tuple(fig.get_size_inches()),
        v.deck.renderer.needs_relayout(),
        tuple((ax.get_position().bounds, ax.get_xlim(), ax.get_ylim()) for ax in fig.axes),
        tuple(
            (
                a.get_text(),
                tuple(a.get_position()),
                a.get_fontsize(),
                a.get_visible(),
                a.get_zorder(),
            )
            for a in fig.findobj(Text)
        ),
    )


def assert_slide_ok(v, where):
    r = v.deck.renderer
    v.canvas.draw()
    fig = r.figure
    assert not overlapping_texts(fig, r), (where, overlapping_texts(fig, r))
    assert not r.text_problems(MIN_TEXT_PX), (where, r.text_problems(MIN_TEXT_PX))
    for a in fig.findobj(Text):
        if a.get_visible() and a.get_text().strip():
            assert a.get_fontsize() * fig.dpi / 72 >= MIN_TEXT_PX - 0.5, (where, a.get_text())


def lesson_deck_of(prefix):
    from ringlab.gui.present import lesson_deck
    from ringlab.lessons import course

    return lesson_deck(next(lesson.path for lesson in course() if lesson.key.startswith(prefix)))


def present_action(win):
    return next(
        a
        for m in win.menuBar().actions()
        for a in m.menu().actions()
        if a.text().replace("&", "") == "Present"
    )


def press_f5(qtbot, win):
    action = present_action(win)
    assert action.shortcut().toString() == "F5"
    action.trigger()  # View → Present (F5)
    p = win._presentation
    qtbot.addWidget(p)
    if p.speaker is not None:
        qtbot.addWidget(p.speaker)
    qtbot.waitExposed(p)
    return p


def schedules_at_8(qtbot, win, ticked):
    win.show_view("Schedules")
    _, view = win.view_by_title("Schedules")
    qtbot.waitUntil(lambda: view.comparison is not None)
    spin = view.inputs.n_spin
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), "8")
    qtbot.keyClick(spin.lineEdit(), Qt.Key_Enter)
    qtbot.waitUntil(lambda: view.comparison.example.N == 8)
    for name in ticked:
        box = view.picker.boxes[name]
        box.setFocus()
        qtbot.keyClick(box, Qt.Key_Space)
        assert box.isChecked(), name
        qtbot.waitUntil(lambda n=name: n in view.columns and view.columns[n].title.text() != "")
    return [view.columns[n].title.text().split(",")[0] for n in ticked]
