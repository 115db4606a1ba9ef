"""Lesson 9 asks "Is the code in the editor feasible?" before it shows the verdict.  It used to
open with T₀ given as the paper's, which does not fit the changed R₀: one T₀ cell was pink,
"differs from eq. (6), which gives −1", an answer on screen before the question.  Now the
lesson's T's are solved from eq. (6), so they follow R: the editor marks nothing until the
student has judged the code, and the repair of R₀ alone makes the code feasible."""

import pytest
from PySide6.QtCore import Qt

from ._acts import open_lesson, shown_text
from .test_editor import type_into

pytestmark = pytest.mark.window(size=(1280, 720), lessons=True)

MARKED = "differs from eq. (6)"


def marked_cells(win) -> list[str]:
    """The T cells whose tooltip (what the user reads on hover over a pink cell) marks them."""
    found = []
    for i in range(win.document.code.N):
        model = win.editor.grid(i, "T").model
        for r in range(model.rowCount()):
            for c in range(model.columnCount()):
                tip = model.data(model.index(r, c), Qt.ToolTipRole) or ""
                if MARKED in tip:
                    found.append(f"T{i}[{r},{c}]: {tip}")
    return found


def test_lesson_9_shows_no_translation_mark_before_it_asks(win, qtbot):
    open_lesson(qtbot, win, "Theorem 2 as a check")
    qtbot.waitUntil(lambda: "one entry of R₀ changed" in win.windowTitle())
    qtbot.waitUntil(lambda: not win.document.report_pending)
    assert marked_cells(win) == []
    assert MARKED not in shown_text(win.panel)
    # the repair the lesson asks for (R₀ row k = 1, column t = 3 back to −1) is the whole repair
    type_into(qtbot, win, 0, "R", 0, 2, "-1")
    qtbot.waitUntil(lambda: not win.document.report_pending and win.document.report.feasible)
    assert marked_cells(win) == []
