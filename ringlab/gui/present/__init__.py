"""Present mode (View → Present, F5; ``ringlab present``): one big view at a projector.

The slide (:class:`PresentView`) takes the keys presenters expect (:mod:`.keys`); one factor
zooms everything on it, clamped to what fits; L puts a pointer halo into the figure
(:mod:`.halo`).  A speaker view (:class:`SpeakerView`) goes to a second screen when there is
one; with one screen S opens it as a normal window over the slide.  A lesson slide whose block
moved the app shows under its text what the window would show (:mod:`.lesson_drawing`).

What a presentation steps through (the decks, no Qt) is :mod:`ringlab.render.present_decks`.
"""

from ...render.present_decks import MIN_TEXT_PX, lesson_deck, schedules_deck, walkthrough_deck
from .speaker import SpeakerView
from .view import PresentView
from .window import PresentWindow

__all__ = [
    "MIN_TEXT_PX",
    "PresentView",
    "PresentWindow",
    "SpeakerView",
    "lesson_deck",
    "schedules_deck",
    "walkthrough_deck",
]
