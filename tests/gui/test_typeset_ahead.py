"""Issue 29: a lesson's formulas are typeset while the student reads the course list, so
opening the lesson (a click on its row) lays its text out without typesetting anything."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from shiboken6 import isValid


@pytest.fixture
def app_font(qapp):
    """The application's text size as ``ringlab`` sets it (11 pt; pytest-qt's QApplication
    has the platform's): lesson labels are typeset at it before they join the panel."""
    from ringlab.gui.app import make_app

    old = qapp.font()
    make_app()
    yield
    qapp.setFont(old)


@pytest.fixture
def parses(monkeypatch):
    """Empty formula caches, and a count of mathtext parses from now on."""
    import ringlab.gui.rich_text as rt
    import ringlab.render.mathtext as mt

    monkeypatch.setattr(rt, "_AHEAD", set())
    mt._raster.cache_clear()
    mt._cached.cache_clear()
    real = mt._parser
    count = {"n": 0}

    class Counting:
        def parse(self, *a, **k):
            count["n"] += 1
            return real().parse(*a, **k)

    monkeypatch.setattr(mt, "_parser", lambda: Counting())
    yield count
    mt._raster.cache_clear()  # (what the counting parser made is correct: cleared all
    mt._cached.cache_clear()  # the same, so no later test depends on this one)


def test_opening_a_lesson_typesets_nothing_after_the_list_was_read(
    app_font, open_window, qtbot, parses
):
    w = open_window("paper-k2-t3", size=(1280, 720))
    w.show_lessons(True)
    panel = w.lessons_panel
    ahead = [t for t in panel.findChildren(QTimer) if t.objectName() == "typeset_ahead"]
    assert len(ahead) == 1 and ahead[0].isActive()
    # the student reads the list: the formulas are typeset a few at a time meanwhile
    # (done when the timer has stopped: its deletion is deferred to an event loop's turn,
    # which a worker that ran other windows' tests first did not always give it in time)
    timer = ahead[0]
    qtbot.waitUntil(lambda: not (isValid(timer) and timer.isActive()), timeout=120_000)
    assert parses["n"] > 200  # the whole course (259 formulas)
    before = parses["n"]
    lst = panel.list
    item = next(
        lst.item(i)
        for i in range(lst.count())
        if "7. The time-expanded graph" in lst.item(i).text()
    )
    lst.scrollToItem(item)
    qtbot.mouseClick(lst.viewport(), Qt.LeftButton, pos=lst.visualItemRect(item).center())
    assert panel.lesson is not None and panel.lesson.title.startswith("The time-expanded graph")
    assert parses["n"] == before, "opening the lesson typeset formulas again"
    # …and the lesson shows them typeset (images), not their Unicode readings
    from PySide6.QtWidgets import QLabel

    html = "".join(lab.text() for lab in panel.page.findChildren(QLabel))
    assert html.count("<img") >= 15
