"""The glossary in the app: Help → Glossary… opens it, Shift+F1 over a notation opens the term
its tooltip explains, and every anchor the tooltips and lessons name exists."""

import re

from PySide6.QtCore import Qt

from ringlab.gui.glossary import GlossaryWindow, anchors


def menu_action(w, text):
    menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Help")
    return next(a for a in menu.actions() if a.text() == text)


def shown_glossary(w):
    """The glossary window open over ``w``, or None."""
    box = w.findChild(GlossaryWindow)
    return box if box is not None and box.isVisible() else None


def test_help_glossary_opens_the_glossary(open_window, qtbot):
    w = open_window("paper-k2-t3", load_views=False)
    menu_action(w, "&Glossary…").trigger()
    qtbot.waitUntil(lambda: shown_glossary(w) is not None)
    box = shown_glossary(w)
    text = box.browser.toPlainText()
    assert "Glossary of the notation" in text and "time-expanded graph" in text
    assert "<a id=" not in text and "**" not in text


def test_shift_f1_over_a_notation_opens_its_term(open_window, qtbot):
    w = open_window("paper-k2-t3", load_views=False)
    spin = w.params.spins["K"]  # its tooltip explains x_{i,k}
    term = re.search(r"glossary[^#\s]*#([\w-]+)", spin.toolTip()).group(1)
    assert term in anchors()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key_F1, Qt.ShiftModifier)
    qtbot.waitUntil(lambda: shown_glossary(w) is not None)
    box = shown_glossary(w)
    assert box.term == term

    # the entry is in view: the line "x_{i,k}. Message symbol …" lies inside the viewport
    def entry_in_view():
        found = box.browser.document().find("Message symbol")
        r = box.browser.cursorRect(found)
        return not found.isNull() and box.browser.viewport().rect().contains(r)

    qtbot.waitUntil(entry_in_view)
    w.params.spins["N"].setFocus()  # a tip without a term: the glossary stays
    assert box.isVisible()


def test_every_glossary_link_of_the_lessons_exists():
    from ringlab.lessons import course

    known = set(anchors())
    for lesson in course():
        text = lesson.path.read_text(encoding="utf-8")
        for link in re.findall(r"glossary\.md#([\w-]+)", text):
            assert link in known, (lesson.key, link)


def test_a_lessons_glossary_link_opens_the_term(open_window, qtbot):
    """Lessons link terms on first use; following one opens Help → Glossary at the term."""
    from PySide6.QtWidgets import QLabel

    from ringlab.lessons import course

    w = open_window("paper-k2-t3", size=(1280, 720))
    w.show_lessons()
    panel = w.lessons_panel
    index = next(k for k, lesson in enumerate(course()) if lesson.key.startswith("08-"))
    panel.open_lesson(index)
    labels = [
        lab for lab in panel.page.findChildren(QLabel) if "glossary.md#feasible" in lab.text()
    ]
    assert labels, "lesson 8 links 'feasible' to the glossary"
    labels[0].linkActivated.emit("glossary.md#feasible")  # what a click on the link sends
    qtbot.waitUntil(lambda: shown_glossary(w) is not None)
    assert shown_glossary(w).term == "feasible"


def test_every_glossary_term_is_linked_from_a_lesson():
    from ringlab.lessons import course

    linked = set()
    for lesson in course():
        linked |= set(re.findall(r"glossary\.md#([\w-]+)", lesson.path.read_text(encoding="utf-8")))
    missing = set(anchors()) - linked
    assert not missing, f"glossary terms no lesson links: {sorted(missing)}"
