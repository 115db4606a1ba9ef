"""What the window offers a teacher and a student: the Lessons dock, and the choice of what
View → Present shows (the open lesson, the schedules, or the walkthrough)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget


class LessonsDock(QDockWidget):
    """The Lessons panel in a dock on the left; built on first use (the course is read then)."""

    def __init__(self, window):
        super().__init__("Lessons", window)
        from .lessons_panel import LessonsPanel
        self.setObjectName("LessonsDock")
        panel = LessonsPanel(window)
        panel.message.connect(window.say)
        self.setWidget(panel)
        self.hide()
        window.addDockWidget(Qt.LeftDockWidgetArea, self)

    @property
    def panel(self):
        return self.widget()


def presentation_deck(window):
    """The deck View → Present shows: the open lesson when the Lessons panel is visible, the
    schedules when the Schedules tab is shown, else the walkthrough of the code with the
    Propagation view's inputs (raises RinglabError when the code cannot be presented)."""
    from .present import lesson_deck, schedules_deck, walkthrough_deck
    dock = window.lessons_dock
    if dock is not None and dock.isVisible() and dock.panel.lesson is not None:
        return lesson_deck(dock.panel.lesson.path)
    tabs = window.tabs
    if tabs.tabText(tabs.currentIndex()).startswith("Schedules"):
        return schedules_deck(window.document.code)
    i = window.find_view("Propagation")
    prop = tabs.view(i, build=False) if i >= 0 else None
    inputs = prop.current_inputs() if prop is not None else "random"
    seed = prop.seed_box.value() if prop is not None else 0
    return walkthrough_deck(window.document.code, inputs, seed)
