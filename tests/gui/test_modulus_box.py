"""The modulus box shows its whole polynomial (issue 33 item 3): over GF(2^5) with the Lessons
panel open at 1280×720 it read "5 + x^2 + 1 (Conway, default)", its leading "x^" cut off on the
left.  Here a student types GF(2^5) into the Field box, and the box's shown text must fit in the
room its line edit gives it, start and all; the polynomial is the one the Conway tables give for
GF(2^5), x^5 + x^2 + 1 (Lübeck's list; the glossary quotes it)."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStyle, QStyleOptionFrame

CONWAY = {"GF(2^5)": "x^5 + x^2 + 1", "GF(2^8)": "x^8 + x^4 + x^3 + x^2 + 1"}


def type_field(qtbot, w, name):
    box = w.params.field
    qtbot.mouseClick(box.lineEdit(), Qt.LeftButton)
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), name)
    qtbot.keyClick(box.lineEdit(), Qt.Key_Return)
    qtbot.waitUntil(lambda: w.params.modulus.isVisible())


def text_room(edit) -> int:
    """The width a QLineEdit draws its text in: its contents less frame and text margins (the
    rect Qt's own QLineEdit::paintEvent computes)."""
    opt = QStyleOptionFrame()
    edit.initStyleOption(opt)
    r = edit.style().subElementRect(QStyle.SE_LineEditContents, opt, edit)
    m = edit.textMargins()
    return r.width() - m.left() - m.right() - 2 * 2  # QLineEditPrivate::horizontalMargin = 2


@pytest.mark.parametrize("name", ["GF(2^5)", "GF(2^8)"])
def test_the_whole_modulus_shows_beside_a_lesson(open_window, qtbot, tmp_path, name):
    w = open_window("paper-k2-t3", size=(1280, 720), lessons=True, load_views=False)
    assert w.lessons_panel.isVisible()
    type_field(qtbot, w, name)
    box = w.params.modulus
    edit = box.lineEdit()
    shown = edit.text()
    assert shown.startswith(CONWAY[name]), shown

    def fits():
        return edit.fontMetrics().horizontalAdvance(edit.text()) <= text_room(edit)

    # the bar lays itself out again when the event loop turns: by then the text fits
    try:
        qtbot.waitUntil(fits, timeout=5000)
    finally:
        w.params.grab().save(str(tmp_path / f"params-{name}.png"))
    assert fits(), (shown, edit.fontMetrics().horizontalAdvance(shown), text_room(edit))
    # and on screen: the box lies inside the window, not pushed past its right edge
    right = box.mapTo(w, box.rect().topRight()).x()
    assert right < w.width(), (right, w.width())
    # the full text is also the tooltip's first line
    assert box.toolTip().startswith(shown), box.toolTip()
