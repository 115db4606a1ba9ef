"""F5 from the Schedules tab with five columns at N = 8 fits a 1280×720 slide (issue 32: the
columns were cut at the slide's bottom, two to a row).  Done as a lecturer does it: 8 cores
typed into the tab's example, algorithms ticked from the keyboard, F5; then read in the
slide's pixels that nothing touches the line where the slide clips its text (a cut grid
does), and in its text that every column is there with all 8 cores, at no less than 18 px."""

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from ._present import press_f5, schedules_at_8
from .test_present_zoom import pixels


@pytest.mark.parametrize(
    "ticked",
    [
        ("recursive-doubling", "swing"),  # ring, tree, the code and two: five columns
        ("recursive-doubling", "rabenseifner", "swing", "bruck", "trivance"),  # two refused
    ],
)
def test_five_columns_at_8_cores_fit_a_1280x720_slide(qtbot, open_window, ticked, tmp_path):
    win = open_window("paper-k2-t3", size=(1280, 720))
    titles = schedules_at_8(qtbot, win, ticked)
    p = press_f5(qtbot, win)
    p.showNormal()
    p.resize(1280, 720)
    qtbot.waitUntil(lambda: p.width() == 1280 and p.height() == 720)
    v = p.view
    for step in range(3):
        if step:
            qtbot.keyClick(v, Qt.Key_Right)
        img = pixels(p)
        p.grab().save(str(tmp_path / f"schedules-{len(ticked)}-{step}.png"))
        # the slide's text is clipped inside its margin: a grid cut there has ink on the
        # clip line; nothing may touch it (nor the slide's own edges)
        lab = v.slide
        top_left = lab.mapTo(p, lab.rect().topLeft())
        x1 = top_left.x() + lab.width() - lab.margin()
        y1 = top_left.y() + lab.height() - lab.margin()
        ink = np.any(img < 200, axis=2)
        assert not ink[y1 - 3 : y1 + 1, : x1 + 1].any(), (ticked, step, "cut at the bottom")
        assert not ink[: y1 + 1, x1 - 3 : x1 + 1].any(), (ticked, step, "cut at the right")
        assert lab.heightForWidth(lab.width()) <= lab.height()  # Qt's word: the text fits
        doc = QTextDocument()
        doc.setHtml(v.slide.text())
        text = doc.toPlainText()  # what the slide reads
        for title in ("ring", "tree", "coded", *titles):
            assert title.split(" (")[0] in text, title  # every column, or why it is not drawn
        # every grid drawn has its 8 cores: its last core starts a line — five grids at least
        # (ring, tree, the code and the ticked algorithms that reach N = 8)
        assert text.count("\n7 ") >= 5, text
        assert v.slide.font().pixelSize() >= 18
    qtbot.keyClick(v, Qt.Key_Escape)
