"""The rate explorer's "What the cells mean" is read by a student (issue 33: it ended in a raw
developer command, "Made by `python scripts/make_rate_table.py --N 3,4,…`").  Opened as a
student does, it explains the cells and says when the table was made, in words; the command
stays in its tooltip for whoever reruns it."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QToolButton

from ._acts import click_tab


def test_what_the_cells_mean_reads_as_for_a_student(open_window, qtbot, tmp_path):
    w = open_window("paper-k2-t3", size=(1280, 720))
    view = click_tab(qtbot, w, "Search")
    button = view.findChild(QToolButton, "search_table_note_toggle")
    qtbot.mouseClick(button, Qt.LeftButton)
    note = view.table_note
    qtbot.waitUntil(note.isVisible)
    text = note.text()
    # the note pushes the table down, not under the buttons below it
    table = view.table
    recompute = next(b for b in view.findChildren(QPushButton) if b.text().startswith("Recompute"))

    def bottom_of_table_above_buttons():
        t = table.mapTo(view, table.rect().bottomLeft()).y()
        return t <= recompute.mapTo(view, recompute.rect().topLeft()).y()

    qtbot.waitUntil(bottom_of_table_above_buttons, timeout=3000)
    view.grab().save(str(tmp_path / "search.png"))
    for developer in ("`", "python", "scripts/", "--", "Made by", ".py", "per_T", "UTC"):
        assert developer not in text, (developer, text)
    # every cell word the table uses is explained, and the table's age is said in words
    for word in ("'exact'", "'≤'", "conjecture", "Fields: GF(2), GF(3), GF(2^2), GF(2^3)."):
        assert word in text, word
    assert re.search(r"computed once, on \d{4}-\d\d-\d\d, in [\d.]+ (hours|minutes|s) ", text)
    assert "make_rate_table" in note.toolTip()
