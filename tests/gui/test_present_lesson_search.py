"""F5 with lesson 13 open: its slides need the lesson's SAT search (routing only at N = 8,
K = 6, T = 12, a proof of ~5 s).  Made in the window's thread it froze the window that long
before the slides came; now the search runs in the worker process behind a progress dialog
that keeps the window answering and offers Cancel (issue 31)."""

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton

from ringlab.gui.present import PresentWindow
from ringlab.state import SearchOutcome

from ._acts import open_lesson

LESSON = "Coding beats routing beyond N = 3"
SEARCH = "N = 8, K = 6, T = 12 over GF(2), routing only"


def _dialog():
    return next(
        (
            d
            for d in QApplication.topLevelWidgets()
            if isinstance(d, QProgressDialog) and d.isVisible()
        ),
        None,
    )


def _presentations():
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, PresentWindow)]


def _lesson_open(open_window, qtbot):
    w = open_window(size=(1280, 720), lessons=True)
    open_lesson(qtbot, w, LESSON)
    qtbot.waitUntil(lambda: w.lessons_panel.lesson is not None)
    assert w.lessons_panel.lesson.title == LESSON
    return w


def _while_preparing(act):
    """Run ``act(dialog, ticks)`` once the progress dialog shows (``ticks``: how often a timer
    of the window's thread fired meanwhile), from the event loop F5 leaves running."""
    ticks = []
    tick = QTimer(interval=20)
    tick.timeout.connect(lambda: ticks.append(1))
    seen = {}

    def look():
        dialog = _dialog()
        if dialog is None:
            QTimer.singleShot(20, look)
            return
        seen["text"] = dialog.labelText()
        act(dialog, ticks)

    tick.start()
    QTimer.singleShot(0, look)
    return seen, tick


def test_cancel_while_the_lessons_search_runs(open_window, qtbot):
    w = _lesson_open(open_window, qtbot)
    before = len(_presentations())

    def cancel(dialog, _ticks):
        qtbot.mouseClick(dialog.findChild(QPushButton), Qt.LeftButton)

    seen, tick = _while_preparing(cancel)
    qtbot.keyClick(w, Qt.Key_F5)  # returns once the dialog is cancelled
    tick.stop()
    assert SEARCH in seen["text"]
    assert len(_presentations()) == before  # no slides
    assert "Not presenting" in w.statusBar().currentMessage()
    assert "cancelled" in w.statusBar().currentMessage()
    assert not w.error_box_open()


@pytest.mark.slow  # the lesson's SAT proof, ~5 s
def test_f5_keeps_the_window_answering_and_shows_the_search_on_its_slide(open_window, qtbot):
    w = _lesson_open(open_window, qtbot)
    seen, tick = _while_preparing(lambda dialog, ticks: None)
    qtbot.keyClick(w, Qt.Key_F5)
    tick.stop()
    assert SEARCH in seen["text"]
    p = next(p for p in _presentations() if p.isVisible())
    qtbot.addWidget(p)
    if p.speaker is not None:
        qtbot.addWidget(p.speaker)
    deck = p.view.deck
    solved = [deck.slides[i][0] for i in range(deck.count) if "N = 8$, $K = 6" in deck.slides[i][0]]
    assert any("**The search proves no code exists**" in s for s in solved), solved
    qtbot.keyClick(p.view, Qt.Key_Escape)
    qtbot.waitUntil(lambda: not p.isVisible())


def test_a_search_the_reader_already_ran_is_not_run_again(open_window, qtbot):
    # the window's own outcome for the same search (the reader did the task): no worker, no
    # dialog, and the slide says what that outcome says
    w = _lesson_open(open_window, qtbot)
    w.state.record_search(SearchOutcome(8, 6, 12, "GF(2)", True, "impossible", "SAT"))
    w.state.record_search(SearchOutcome(4, 3, 5, "GF(2)", True, "impossible", "SAT"))
    seen, tick = _while_preparing(lambda dialog, ticks: None)
    qtbot.keyClick(w, Qt.Key_F5)
    tick.stop()
    assert "text" not in seen  # no dialog came
    p = next(p for p in _presentations() if p.isVisible())
    qtbot.addWidget(p)
    if p.speaker is not None:
        qtbot.addWidget(p.speaker)
    slides = [p.view.deck.slides[i][0] for i in range(p.view.deck.count)]
    assert any("**The search proves no code exists** — $N = 8$" in s for s in slides)
    qtbot.keyClick(p.view, Qt.Key_Escape)
    qtbot.waitUntil(lambda: not p.isVisible())
