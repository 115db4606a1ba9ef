"""The glossary in the app: Help → Glossary… opens it, Shift+F1 over a notation opens the term
its tooltip explains, and every anchor the tooltips and lessons name exists."""
import re

from PySide6.QtCore import Qt

from ringlab.gui.glossary import anchors


def menu_action(w, text):
    menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Help")
    return next(a for a in menu.actions() if a.text() == text)


def test_help_glossary_opens_the_glossary(open_window, qtbot):
    w = open_window("paper-k2-t3", load_views=False)
    menu_action(w, "&Glossary…").trigger()
    box = w._glossary
    qtbot.waitUntil(box.isVisible)
    text = box.browser.toPlainText()
    assert "Glossary of the notation" in text and "time-expanded graph" in text
    assert "<a id=" not in text and "**" not in text


def test_shift_f1_over_a_notation_opens_its_term(open_window, qtbot):
    w = open_window("paper-k2-t3", load_views=False)
    spin = w.params.spins["K"]                   # its tooltip explains x_{i,k}
    term = re.search(r"glossary[^#\s]*#([\w-]+)", spin.toolTip()).group(1)
    assert term in anchors()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key_F1, Qt.ShiftModifier)
    box = w._glossary
    qtbot.waitUntil(box.isVisible)
    assert box.term == term
    # the entry is in view: the line "x_{i,k}. Message symbol …" lies inside the viewport
    def entry_in_view():
        found = box.browser.document().find("Message symbol")
        r = box.browser.cursorRect(found)
        return not found.isNull() and box.browser.viewport().rect().contains(r)
    qtbot.waitUntil(entry_in_view)
    w.params.spins["N"].setFocus()                # a tip without a term: the glossary stays
    assert box.isVisible()


def test_every_glossary_link_of_the_lessons_exists():
    from ringlab.lessons import course
    known = set(anchors())
    for lesson in course():
        text = lesson.path.read_text(encoding="utf-8")
        for link in re.findall(r"glossary\.md#([\w-]+)", text):
            assert link in known, (lesson.key, link)
