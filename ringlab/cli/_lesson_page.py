"""A lesson replayed into one HTML page (``ringlab export LESSON.md``), without Qt.

Each prediction's ``reveal`` runs and its answer is what the app then shows (``Predict.truth``,
as ``ringlab lessons check`` reads it), each task's solution runs, and a block that moved the
app (to a walkthrough step or the Schedules grids) gets that drawing.
"""

from __future__ import annotations

from markupsafe import Markup

from ..core.errors import RinglabError
from ..lessons import Notes, Predict, Prose, Task, registry
from ..lessons.text import formula_as_text, math_to_text, prose_to_html
from ..render import html_export as hx
from ..render.present_decks import Drawing  # the slides' drawings
from ..render.present_decks import drawn_state as _moves

_NOTHING = (Markup(""), "")  # no drawing, no caption


class LessonPage:
    """The lesson's state as its blocks run, and each block's piece of the page."""

    def __init__(self, lesson):
        self.lesson = lesson
        self.state = lesson.new_state()
        self.drawings = hx.Drawings()
        self._shown = None  # the last drawing (kept: its key holds id(code)), not drawn twice

    @staticmethod
    def _formula(tex, display, level=0):
        return hx.formula_html(tex, display, level, alt=math_to_text(tex)) or formula_as_text(
            tex, display
        )

    def md(self, text: str, inline: bool = False) -> Markup:
        return Markup(prose_to_html(text, self._formula, inline=inline)) if text else Markup("")

    def draw(self) -> tuple[Markup, str]:
        """(svg, caption) of where the app now is; nothing when that was the last drawing."""
        d = Drawing.of(self.state)
        last = self._shown
        if d is None or (last is not None and (d.key(), d.step) == (last.key(), last.step)):
            return _NOTHING
        self._shown = d
        if d.kind == "schedules":
            return Markup(d.schedules().html(d.step)), ""
        svg, caption = self.drawings.svg(d.key(), d.trace(), d.step)
        return Markup(svg), caption

    def _drawn_since(self, before) -> tuple[Markup, str]:
        return self.draw() if _moves(self.state) != before else _NOTHING

    def _run(self, calls, what: str) -> None:
        for c in calls:
            try:
                c.run(self.state)
            except RinglabError as e:
                raise RinglabError(
                    f"{self.lesson.path}:{c.line}: {what}: {c.name} does not run "
                    f"({e}); `ringlab lessons check` says more"
                ) from None

    def predict(self, block: Predict) -> hx.LessonBlock:
        before = _moves(self.state)
        self._run(block.reveal, f"{{predict}} {block.id}")
        try:
            truth = registry.show(block.truth(self.state))
        except RinglabError as e:
            raise RinglabError(
                f"{self.lesson.path}:{block.line}: {{predict}} {block.id}: "
                f"{block.show} cannot be read ({e})"
            ) from None
        svg, caption = self._drawn_since(before)
        return hx.LessonBlock(
            "predict",
            self.md(block.text),
            id=block.id,
            answer=truth,
            explain=self.md(block.explain),
            choices=list(block.choices or []),
            drawing=svg,
            caption=caption,
        )

    def task(self, block: Task) -> hx.LessonBlock:
        before = _moves(self.state)
        self._run(block.solution, f"{{task}} {block.id}: solution")
        svg, caption = self._drawn_since(before)
        return hx.LessonBlock(
            "task",
            self.md(block.text),
            id=block.id,
            explain=self.md(block.explain),
            hints=[self.md(h) for h in block.hints],
            solution=[str(c) for c in block.solution],
            drawing=svg,
            caption=caption,
        )

    def block(self, block) -> hx.LessonBlock | None:
        if isinstance(block, Notes):
            return hx.LessonBlock("notes", self.md(block.text))
        if isinstance(block, Prose):
            return hx.LessonBlock("prose", self.md(block.text))
        if isinstance(block, Predict):
            return self.predict(block)
        if isinstance(block, Task):
            return self.task(block)
        return None

    def html(self, progress=None) -> str:
        """The whole page; ``progress(done, total)`` after each block."""
        lesson = self.lesson
        opening, opening_caption = self.draw() if lesson.setup else _NOTHING
        blocks = []
        for n, block in enumerate(lesson.blocks, 1):
            piece = self.block(block)
            if piece is not None:
                blocks.append(piece)
            if progress is not None:
                progress(n, len(lesson.blocks))
        return hx.lesson_page(
            lesson.title,
            lesson.minutes,
            self.md(lesson.summary, inline=True),
            blocks,
            opening,
            opening_caption,
            source=f"ringlab lesson {lesson.key}",
        )
