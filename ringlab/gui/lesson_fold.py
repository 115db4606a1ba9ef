"""Progressive disclosure in the Lessons panel: a lesson is read down to its first unanswered
prediction, and what lies below it — prose, drawings, later questions — stays folded until it
is answered (the next paragraph often says the answer).  A task does not fold what follows
it: the student may read on while working at it.

While a prediction is the open question (shown, unanswered), the parts of the window its
``hide:`` names are hidden too — and those the questions folded under it name, down to the
next task (:meth:`Fold.hides`): the panel puts them in the state's ``hidden``, which the status
bar and the tabs read (:mod:`ringlab.gui.views._veil`).  ``ringlab lessons check`` assumes both
(:mod:`ringlab.lessons.visibility`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from shiboken6 import isValid

from .lesson_blocks import INFO_COLOUR, PredictBlock
from .settings import set_text_colour

READ_ON = "▸ Answer the question above to read on."


class Fold:
    """Folds the open lesson's page below its open question; ``update()`` after each answer."""

    def __init__(self, panel):
        self.panel = panel
        self.page = self.note = None

    def lay_out(self, page) -> None:
        """A new lesson page: its note "answer to read on", placed by :meth:`update`."""
        self.page = page
        self.note = QLabel(READ_ON, page)
        self.note.setObjectName("lesson_read_on")
        self.note.setWordWrap(True)
        set_text_colour(self.note, INFO_COLOUR)
        self.note.hide()
        self.update()

    def open_question(self):
        """The first prediction not answered yet (its block widget), or None."""
        return next(
            (b for b in self.panel.blocks if isinstance(b, PredictBlock) and not b.answered), None
        )

    def update(self) -> None:
        """Show the page down to the open question, the note under it, nothing below; say
        what the window hides meanwhile."""
        panel = self.panel
        if not (isValid(panel) and isValid(panel.window)):
            return  # the window is being deleted: nothing left to fold or to hide
        if panel.lesson is None or self.page is None:
            self.publish(None)
            return
        lay = self.page.layout()
        ask = self.open_question()
        lay.removeWidget(self.note)
        folded = False
        for k in range(lay.count()):
            w = lay.itemAt(k).widget()
            if w is None:
                continue  # the stretch at the end
            w.setVisible(not folded)
            folded |= w is ask
        if ask is not None:
            lay.insertWidget(lay.indexOf(ask) + 1, self.note)
        self.note.setVisible(ask is not None)
        self.publish(ask)

    def hides(self, ask) -> frozenset:
        """What the window hides while ``ask`` is the open question: what it names, and what
        the questions folded under it name, down to the next task not done (the student
        would otherwise read their answers now, before they are asked; a task changes the
        window, so past it what shows now is not what they will ask about)."""
        blocks = self.panel.blocks
        names: set = set()
        for b in blocks[blocks.index(ask) :]:
            if isinstance(b, PredictBlock) and not b.answered:
                names.update(b.block.hide)
            elif not isinstance(b, PredictBlock) and not b.done:
                break
        return frozenset(names)

    def publish(self, ask) -> None:
        """The state's ``hidden`` (:meth:`hides`), while the open question is shown."""
        panel = self.panel
        shown = ask is not None and panel.isVisibleTo(panel.window)
        hidden = self.hides(ask) if shown else frozenset()
        if panel.state.hidden != hidden:
            panel.state.hidden = hidden
