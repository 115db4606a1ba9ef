"""What a presentation steps through: the walkthrough of a code, or a lesson as slides.

A deck has ``count`` steps, a ``caption(i)`` (what step i shows, in words: the speaker view's
"next" line) and ``notes(i)`` (the presenter's notes: a lesson's ``notes`` directives, or the
generated caption of the walkthrough).  Lesson slides are computed by the headless replay
(:class:`ringlab.lessons.LabState`), so a prediction's answer slide shows what the app shows.
"""
from __future__ import annotations

from ..core.errors import RinglabError
from ..lessons import Notes, Predict, Prose, Task, registry
from ..lessons.text import prose_to_markdown


class WalkthroughDeck:
    """Steps t = 0..T of a trace, drawn by a :class:`WalkthroughRenderer`."""

    kind = "walkthrough"

    def __init__(self, renderer):
        self.renderer = renderer

    @property
    def count(self) -> int:
        return self.renderer.steps

    def caption(self, i: int) -> str:
        return self.renderer.caption(i, width=100_000)

    def notes(self, i: int) -> str:
        return self.caption(i)


class LessonDeck:
    """A lesson as slides: a title slide, then each prose block; a prediction is two slides
    (the question, then the answer the app gives); a task is the goal, then its solution."""

    kind = "lesson"

    def __init__(self, lesson):
        self.lesson = lesson
        self.slides: list[tuple[str, str, str]] = []      # (markdown, caption, notes)
        self._build()

    def _build(self) -> None:
        lesson = self.lesson
        st = lesson.new_state()
        self._add(f"# {lesson.title}\n\n*{lesson.minutes} minutes* — {lesson.summary}",
                  f"title: {lesson.title}")
        for block in lesson.blocks:
            if isinstance(block, Notes):
                self._attach_notes(block.text)
            elif isinstance(block, Prose):
                self._add(block.text, _first_line(block.text))
            elif isinstance(block, Predict):
                self._add("**Predict.** " + block.text, "predict: " + _first_line(block.text))
                try:
                    for call in block.reveal:
                        call.run(st)
                    truth = registry.show(block.truth(st))
                except RinglabError as e:
                    truth = f"(the app could not show it: {e})"
                answer = f"**The app shows: {truth}.**" + (f"\n\n{block.explain}" if block.explain else "")
                self._add("**Predict.** " + block.text + "\n\n" + answer, f"answer: {truth}")
            elif isinstance(block, Task):
                self._add("**Task.** " + block.text, "task: " + _first_line(block.text))
                try:
                    for call in block.solution:
                        call.run(st)
                    done = "solution: " + ", ".join(str(c) for c in block.solution)
                except RinglabError as e:
                    done = f"the solution does not run here: {e}"
                self._add("**Task.** " + block.text + f"\n\n*{done}*", done)

    def _add(self, markdown: str, caption: str) -> None:
        self.slides.append((prose_to_markdown(markdown), prose_to_markdown(caption), ""))

    def _attach_notes(self, text: str) -> None:
        if self.slides:
            md, cap, notes = self.slides[-1]
            self.slides[-1] = (md, cap, (notes + "\n\n" if notes else "") + prose_to_markdown(text))

    @property
    def count(self) -> int:
        return len(self.slides)

    def markdown(self, i: int) -> str:
        return self.slides[i][0]

    def caption(self, i: int) -> str:
        return self.slides[i][1]

    def notes(self, i: int) -> str:
        return self.slides[i][2] or "(no notes for this slide)"


def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line.lstrip("# ").strip()[:120]
