"""Present mode driven through its keys, as a presenter (or a clicker) would."""

import subprocess
import sys

import pytest
from PySide6.QtCore import QPoint, Qt

from ringlab import preset
from ringlab.gui.present import MIN_TEXT_PX, PresentWindow, lesson_deck, walkthrough_deck
from ringlab.lessons import course


def open_present(qtbot, deck, size=(1280, 720)):
    """Present mode in a window (with its speaker view) at ``size``, shown."""
    w = PresentWindow(deck, fullscreen=False, speaker=True)
    qtbot.addWidget(w)
    qtbot.addWidget(w.speaker)
    w.resize(*size)
    w.start()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def present(qtbot):
    return lambda deck, size=(1280, 720): open_present(qtbot, deck, size)


def walk(code="paper-k2-t3"):
    return walkthrough_deck(
        preset(code), [[1, 2], [3, 4], [5, 6]] if code == "paper-k2-t3" else "random"
    )


def test_keys_step_back_jump_blank_zoom_leave(qtbot, present):
    w = present(walk())
    v = w.view
    assert v.step == 0 and v.deck.count == 4  # t = 0..T, T = 3
    for key, want in (
        (Qt.Key_Space, 1),
        (Qt.Key_Right, 2),
        (Qt.Key_PageDown, 3),
        (Qt.Key_PageDown, 3),
        (Qt.Key_Left, 2),
        (Qt.Key_PageUp, 1),
        (Qt.Key_End, 3),
        (Qt.Key_Home, 0),
    ):
        qtbot.keyClick(v, key)
        assert v.step == want, key
        assert v.deck.renderer.step == want  # the drawing follows
    qtbot.keyClicks(v, "2")
    qtbot.keyClick(v, Qt.Key_Return)
    assert v.step == 2
    # what the figure says at t = 2 is the paper code's step-2 sends (node 1 sends 9)
    assert "t = 2" in v.deck.renderer.caption()
    qtbot.keyClick(v, Qt.Key_B)
    assert v.blanked and v.stack.currentWidget() is v.blank
    qtbot.keyClick(v, Qt.Key_B)
    assert not v.blanked
    qtbot.keyClick(v, Qt.Key_Z)
    first = v.zoom
    assert 1.0 < first <= 1.25  # ×1.25, or the most that fits
    qtbot.keyClick(v, Qt.Key_Equal, Qt.ControlModifier)
    # 1.25² = 1.56 would not fit at 1280×720: clamped to the largest zoom that does
    assert first <= v.zoom <= 1.56 + 0.01
    assert "Ctrl+0 resets the zoom" in v.status.text()
    qtbot.keyClick(v, Qt.Key_0, Qt.ControlModifier)
    assert v.zoom == 1.0
    qtbot.keyClick(v, Qt.Key_H)
    assert v.cursor().shape() == Qt.BlankCursor
    qtbot.keyClick(v, Qt.Key_Escape)
    qtbot.waitUntil(lambda: not w.isVisible())
    assert not w.speaker.isVisible()


def test_speaker_view_shows_the_next_caption(qtbot, present):
    w = present(walk())
    deck = w.view.deck
    qtbot.keyClick(w.view, Qt.Key_Right)
    assert w.speaker.next_label.text() == deck.caption(2)
    assert "node 1 sends x₁,₂ + x₀,₂" in w.speaker.notes.text()  # the generated caption
    qtbot.keyClick(w.view, Qt.Key_End)
    assert w.speaker.next_label.text() == "(the end)"
    assert "elapsed" in w.speaker.elapsed.text()


def _pixels_around(img, x, y, r=20):
    """The pixels of a QImage in the square of side 2r + 1 around (x, y)."""
    return [
        img.pixelColor(x + dx, y + dy).name()
        for dx in range(-r, r + 1, 4)
        for dy in range(-r, r + 1, 4)
    ]


@pytest.mark.parametrize("kind", ["walkthrough", "lesson"])
def test_l_shows_a_halo_under_the_pointer(qtbot, present, tmp_path, kind):
    # found by a trial: L changed nothing on screen (the figure's canvas took the mouse)
    deck = (
        walk()
        if kind == "walkthrough"
        else lesson_deck(next(lesson.path for lesson in course() if lesson.key.startswith("09-")))
    )
    w = present(deck)
    v = w.view
    where = v.stack.currentWidget()
    at = where.rect().center()
    qtbot.mouseMove(where, at)
    before = v.grab().toImage()
    qtbot.keyClick(v, Qt.Key_L)
    qtbot.mouseMove(where, at + QPoint(5, 3))
    qtbot.mouseMove(where, at)  # the user moves the mouse over the slide
    on = v.grab().toImage()
    p = where.mapTo(v, at)
    changed = [
        a != b
        for a, b in zip(_pixels_around(before, p.x(), p.y()), _pixels_around(on, p.x(), p.y()))
    ]
    assert sum(changed) > 0.8 * len(changed)  # the halo is under the pointer
    far = QPoint(10, 10)
    assert before.pixelColor(far) == on.pixelColor(far)  # and only there
    # yellowish: more red and green than blue
    c = on.pixelColor(p.x() + 30, p.y())
    assert c.red() > c.blue() + 40 and c.green() > c.blue() + 20, c.name()
    if kind == "walkthrough":  # an exported frame carries it too
        from PIL import Image

        out = v.export_frame(str(tmp_path / "frame.png"))
        img = Image.open(out).convert("RGB")
        W, H = img.size
        q = v.canvas.mapFrom(v, p)
        r, g, b = img.getpixel(
            (int((q.x() + 30) / v.canvas.width() * W), int(q.y() / v.canvas.height() * H))
        )
        assert r > 200 and g > 180 and b < 170, (r, g, b)
    qtbot.keyClick(v, Qt.Key_L)
    assert v.grab().toImage().pixelColor(p) == before.pixelColor(p)  # L again: gone


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)])
def test_no_text_smaller_than_18_px(qtbot, present, size):
    w = present(walk("classic-ring-n4"), size)
    v = w.view
    for t in range(v.deck.count):
        qtbot.keyClick(v, Qt.Key_Right) if t else None
        v.canvas.draw()
        fig = v.deck.renderer.figure
        for text in fig.findobj(lambda a: hasattr(a, "get_fontsize") and hasattr(a, "get_text")):
            if text.get_visible() and text.get_text().strip():
                px = text.get_fontsize() * fig.dpi / 72
                assert px >= MIN_TEXT_PX - 0.5, (t, text.get_text()[:40], px)
    assert v.status.font().pixelSize() in (-1,) or v.status.font().pixelSize() >= MIN_TEXT_PX


def test_a_lesson_as_slides_with_answers_and_notes(qtbot, present):
    path = next(lesson.path for lesson in course() if lesson.key.startswith("09-"))
    w = present(lesson_deck(path), (1024, 768))
    v = w.view
    slides = [v.deck.markdown(i) for i in range(v.deck.count)]
    q = next(i for i, s in enumerate(slides) if "Is the code in the editor feasible" in s)
    qtbot.keyClicks(v, str(q + 1))  # slide numbers as shown (1-based)
    qtbot.keyClick(v, Qt.Key_Return)
    assert v.step == q and "The app shows" not in v.slide.text()
    qtbot.keyClick(v, Qt.Key_Space)
    assert "The app shows: false" in v.slide.text()  # revealed: the lesson's code is broken


def test_cli_present_screenshot(tmp_path):
    out = tmp_path / "present.png"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "ringlab",
            "screenshot",
            "--present",
            "--size",
            "1280x720",
            "--preset",
            "classic-ring-n4",
            "--step",
            "2",
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    from PIL import Image

    assert Image.open(out).size == (1280, 720)
    r = subprocess.run(
        [sys.executable, "-m", "ringlab", "present", "nope.md"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (
        r.returncode == 2
        and r.stderr.strip() == "ringlab present: error: nope.md: no such lesson file"
    )


def test_schedules_side_by_side_step_by_step(qtbot, present):
    from ringlab.gui.present import schedules_deck

    w = present(schedules_deck(preset("classic-ring-n4")), (1280, 720))
    v = w.view
    assert v.deck.count == 7  # ring: 2(N − 1) = 6 steps, + start
    qtbot.keyClick(v, Qt.Key_Right)
    html = v.slide.text()
    # the ring all-reduce example, step 1: cores send 15, 8, 4, 15 (source 004's trace)
    for sent in ("(= 15)", "(= 8)", "(= 4)"):
        assert sent in html
    assert "30 29 22 27" in html  # the target X·W
    assert w.width() <= 1280  # three grids fit, no widening
    qtbot.keyClick(v, Qt.Key_End)
    assert v.step == 6 and "step 6" in v.status.text()


def test_f5_presents_what_the_window_shows(qtbot, open_window):
    win = open_window("paper-k2-t3", load_views=True)
    shown = []

    action = next(
        a
        for m in win.menuBar().actions()
        for a in m.menu().actions()
        if a.text().replace("&", "") == "Present"
    )
    assert action.shortcut().toString() == "F5"

    def present():
        action.trigger()  # View → Present (F5)
        p = win._presentation
        qtbot.addWidget(p)
        if p.speaker is not None:
            qtbot.addWidget(p.speaker)
        shown.append(p.view.deck.kind)
        qtbot.keyClick(p.view, Qt.Key_Escape)
        qtbot.waitUntil(lambda: not p.isVisible())

    present()  # the editor: the walkthrough
    win.show_view("Schedules")
    present()
    win.show_lessons()
    win.lessons_panel.open_lesson(0)
    present()
    assert shown == ["walkthrough", "schedules", "lesson"]


def _lesson_2_zoomed_on_its_first_slide(qtbot, present):
    """Lesson 2 presented, its first slide shown and Z pressed eight times: the window (the
    caller keeps it: the view dies with it) and its view."""
    lesson = next(les for les in course() if les.key.startswith("02-"))
    w = present(lesson_deck(lesson.path))
    v = w.view
    qtbot.keyClick(v, Qt.Key_Home)
    for _ in range(8):
        qtbot.keyClick(v, Qt.Key_Z)
    return w, v


def _whole_above_the_footer(v, label) -> bool:
    """Whether ``label``'s text is all on screen: its height, down to the footer at most."""
    top, footer = label.mapTo(v, QPoint(0, 0)).y(), v.status.mapTo(v, QPoint(0, 0)).y()
    return label.heightForWidth(label.width()) <= min(label.height(), footer - top)


def test_a_zoom_chosen_on_one_slide_never_cuts_the_next_slides_text(qtbot, present):
    """An instructor's trial: Z on lesson 2's first slide, then →: the second slide ended at
    "chunk c there is k = c + 1" and its whole next paragraph (the ring's rule) was off the
    screen, with no sign.  The next slide now comes down to the zoom that shows all its text,
    and the footer says so."""
    _w, v = _lesson_2_zoomed_on_its_first_slide(qtbot, present)
    assert v.zoom > 1.0
    for _ in range(3):  # the slides after it, each whole at the zoom it is shown at
        qtbot.keyClick(v, Qt.Key_Right)
        if v.canvas is not None or v.drawing_panel is None or v.drawing_panel.isVisible():
            continue
        try:
            qtbot.waitUntil(lambda: _whole_above_the_footer(v, v.slide))  # (once laid out)
        except Exception:
            raise AssertionError(f"slide {v.step} at zoom {v.zoom}: its text is cut") from None
    assert v.zoom_clamped and "the most that fits" in v.status.text()


def test_z_on_a_slide_with_grids_stops_where_the_grids_are_whole(qtbot, present):
    """Seen while mending the above: Z on lesson 2's first slide (its text over the Schedules
    grids) went to 248 %, the grids' last rows under the footer — the clamp measured the text
    only.  The grids under it are now measured too."""
    _w, v = _lesson_2_zoomed_on_its_first_slide(qtbot, present)
    grids = v.drawing_panel.grids
    assert v.drawing_panel.isVisible() and v.drawing_panel.currentWidget() is grids
    qtbot.waitUntil(lambda: _whole_above_the_footer(v, grids))
    assert v.zoom > 1.0 and "the most that fits" in v.status.text()
