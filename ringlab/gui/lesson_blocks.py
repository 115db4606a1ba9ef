"""One widget per lesson block: prose, a ``predict`` question, a ``task``.

Blocks read the one application state (``panel.state``, :class:`ringlab.state.AppState`) and
act through their panel (``act``: lesson actions on that state, one undoable step for a code
change; ``record_*``: progress) — never on widgets.  What they say (right, wrong, done, not
yet) is re-read whenever the state changes, so a task notices the scrubber, the explorer or a
search the student used.  Every control has an accessible name (``Answer: ID``, ``Check: ID``,
``Status: ID``) that a screen reader speaks and the tests find it by.  Prose is Qt's own
Markdown with ``$…$`` read as Unicode (:mod:`ringlab.lessons.text`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..core.code import N_RANGE
from ..core.errors import RinglabError
from ..lessons import feedback, registry
from ..lessons.answers import PLACEHOLDERS
from .rich_text import headings_under_title, rich_label, set_rich
from .settings import set_text_colour

OK_COLOUR, BAD_COLOUR, INFO_COLOUR = "#1b7f3b", "#b00020", "#444444"
_DONE_EARLIER = (
    "✓ Done earlier. What you did since changed what it checked — that is fine, it stays done."
)


def markdown_label(text: str, parent=None) -> QLabel:
    """Lesson Markdown typeset: formulas as images on the text's baseline (:mod:`.rich_text`),
    its headings under the page's title (:func:`.rich_text.headings_under_title`)."""
    return rich_label(headings_under_title(text), parent=parent)


def say(label: QLabel, text: str, colour: str) -> None:
    # ✓ / ✗ carry the verdict too: colour is never the only cue.  An explanation's Markdown
    # and formulas are typeset, in the verdict's colour; the text starts with its mark either
    # way (plain text when there is no markup, else inline HTML with no tag before the mark)
    set_text_colour(label, colour)
    set_rich(label, text, inline=True, colour=colour)


class _WheelGuard(QObject):
    """The mouse wheel over an answer box scrolls the lesson, never changes the answer —
    unless the box has the keyboard focus (the student is working in it)."""

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Wheel and not obj.hasFocus():
            event.ignore()
            return True
        return False


class AnswerBox(QWidget):
    """The box a student types a prediction or a task's answer into, shaped by its kind.
    :meth:`text` is what the student entered; the block reads it by the question's kind."""

    submitted = Signal()

    def __init__(self, kind: str, choices=None, qid: str = "", parent=None):
        super().__init__(parent)
        self.kind = kind
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        if kind in ("choice", "truth"):
            self.box = QComboBox()
            self.box.addItem("— choose —", None)
            for c in ["yes", "no"] if kind == "truth" else list(choices or []):
                self.box.addItem(str(c), c)
        elif kind == "node":
            self.box = QSpinBox()
            # a reveal may load another ring: any node number the app supports; it starts on
            # "choose" (−1), not on node 0, which would be an answer given away
            self.box.setRange(-1, N_RANGE[1] - 1)
            self.box.setValue(-1)
            self.box.setSpecialValueText("— choose a node —")
            self.box.setPrefix("node ")
        else:
            self.box = QLineEdit()
            # examples that answer no question of the course (7 and 0.25 did: a task's)
            self.box.setPlaceholderText(PLACEHOLDERS.get(kind, "your answer"))
            self.box.returnPressed.connect(self.submitted)
        if not isinstance(self.box, QLineEdit):
            self.box.setFocusPolicy(Qt.StrongFocus)  # (not Qt.WheelFocus)
            self._guard = _WheelGuard(self.box)
            self.box.installEventFilter(self._guard)
        self.box.setAccessibleName(f"Answer: {qid}")
        lay.addWidget(self.box, 1)

    def text(self):
        """What the student entered: text for a line edit, the chosen value for a combo box
        (``True``/``False`` for yes/no), the number of a node box; None while nothing is."""
        if isinstance(self.box, QComboBox):
            v = self.box.currentData()
            if v is None:
                return None
            return (v == "yes") if self.kind == "truth" else v
        if isinstance(self.box, QSpinBox):
            return None if self.box.value() < 0 else self.box.value()
        text = self.box.text().strip()
        return text or None

    value = text

    def lock(self) -> None:
        """The answer stands (its prediction is locked): the box reads only."""
        if isinstance(self.box, QComboBox):
            self.box.setEnabled(False)
        else:
            self.box.setReadOnly(True)
        self.box.setToolTip("Answered: the first answer stands (Reset lesson to answer again)")

    def set_value(self, value) -> None:
        if isinstance(self.box, QComboBox):
            want = ("yes" if value else "no") if self.kind == "truth" else registry.show(value)
            i = self.box.findText(want)
            self.box.setCurrentIndex(max(i, 0))
        elif isinstance(self.box, QSpinBox):
            self.box.setValue(int(value))
        else:
            self.box.setText(registry.show(value))


class _Block(QFrame):
    def __init__(self, panel, block, heading: str):
        super().__init__()
        self.panel, self.block = panel, block
        self.setFrameShape(QFrame.StyledPanel)
        self.setObjectName(f"lesson_{type(block).__name__.lower()}_{block.id}")
        self.lay = QVBoxLayout(self)
        head = QLabel(f"<b>{heading}</b>")
        self.lay.addWidget(head)
        self.text_label = markdown_label(block.text)
        self.text_label.linkActivated.connect(panel.open_link)
        self.lay.addWidget(self.text_label)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.MarkdownText)  # an explanation's *emphasis*
        self.result.setAccessibleName(f"Status: {block.id}")
        self.result.setObjectName(f"lesson_status_{block.id}")

    def _read(self, text):
        """The typed text read by the question's kind, or None (the format is then said)."""
        if not isinstance(text, str):
            return text
        try:
            return self.block.parse(text)
        except RinglabError as e:
            say(self.result, f"✗ Cannot read that: {e}", BAD_COLOUR)
            return None


class PredictBlock(_Block):
    """Asked before the app shows the answer; Check runs the reveal, then compares.  When the
    answer needs a search that is still running, the verdict comes when it ends."""

    def __init__(self, panel, block):
        super().__init__(panel, block, "Predict")
        self.answer = AnswerBox(block.ask, block.choices, block.id)
        self.check_button = QPushButton("Check my prediction")
        self.check_button.setAccessibleName(f"Check: {block.id}")
        self.check_button.clicked.connect(self.check)
        self.answer.submitted.connect(self.check)
        self.waiting = None  # the answer, while the app is still working it out
        self.typed = None  # …and as the student typed it
        self.answered = False  # a prediction made (right or wrong)
        self.revealed = False  # its reveal ran since the lesson was opened
        row = QHBoxLayout()
        row.addWidget(self.answer, 1)
        row.addWidget(self.check_button)
        self.lay.addLayout(row)
        self.lay.addWidget(self.result)

    def check(self) -> bool | None:
        text = self.answer.text()
        if text is None:
            say(self.result, "Type or choose your prediction first.", INFO_COLOUR)
            return None
        value = self._read(text)
        if value is None:
            return None
        # the lesson's answers assume the predictions above were revealed first (as `ringlab
        # lessons check` replays them): a student answering out of order gets their reveals too
        above = self.panel.blocks[: self.panel.blocks.index(self)]
        earlier = [b for b in above if isinstance(b, PredictBlock) and not b.revealed]
        calls = [c for b in earlier for c in b.block.reveal] + list(self.block.reveal)
        try:
            self.panel.act(calls, f"reveal {self.block.id}")
        except RinglabError as e:
            say(self.result, f"The app could not show the answer: {e}", BAD_COLOUR)
            return None
        for b in earlier + [self]:
            b.revealed = True
        self.waiting, self.typed = value, text
        return self.verdict()

    def restore(self, record: dict) -> None:
        """A prediction made in an earlier session: the student's answer, as typed, and its
        verdict; locked (its answer was shown: it is not judged again)."""
        value = record.get("answer")
        if value is None:
            return
        try:
            typed = feedback.said(record, self.block.ask)
            self.answer.set_value(typed if isinstance(self.answer.box, QLineEdit) else value)
        except (TypeError, ValueError):
            pass
        self.answered = True
        self.answer.lock()
        right = bool(record.get("correct"))
        say(self.result, feedback.locked(self.block, record), OK_COLOUR if right else BAD_COLOUR)

    def verdict(self) -> bool | None:
        """Compare the waiting answer with what the app shows now (after a search ends)."""
        value = self.waiting
        if value is None:
            return None
        try:
            truth = self.block.truth(self.panel.state)
        except RinglabError as e:
            if "still running" in str(e):
                say(
                    self.result,
                    "The app is working it out (a search is running in the "
                    "Search tab); your prediction is checked when it ends.",
                    INFO_COLOUR,
                )
            else:
                say(self.result, f"The app could not show the answer: {e}", BAD_COLOUR)
                self.waiting = None
            return None
        self.waiting = None
        right = registry.same(truth, value, self.block.tol)
        typed = self.typed if isinstance(self.typed, str) else None
        before = self.panel.progress.locked(self.panel.lesson.key, self.block.id)
        rec = self.panel.record_predict(self.block.id, value, right, typed=typed)
        self.answered = True
        self.answer.lock()  # its answer is shown now: the first answer stands
        # the tasks below may now be reached: look at them now, on the state as the reveal
        # left it, so a task's goal is seen unmet before the student's next act
        self.panel.evaluate_tasks()
        if before or bool(rec.get("correct")) != right:  # answered before (here or elsewhere)
            right = bool(rec.get("correct"))
            text = feedback.locked(self.block, rec, truth)
        else:
            text = feedback.verdict(self.block, right, truth, self.typed)
        say(self.result, text, OK_COLOUR if right else BAD_COLOUR)
        self.panel.fold.update()  # what lies below unfolds
        return right


def check_goal(task, state) -> tuple[bool, str | None]:
    """``(met, why_not_readable)`` of a task's goal on ``state`` — pure, so it runs on a
    snapshot of the state in a worker thread (a probe may need a trace)."""
    try:
        return all(c.evaluate(state)[0] for c in task.goal), None
    except RinglabError as e:
        return False, str(e)


class TaskBlock(_Block):
    """A goal re-checked on every change of the app's state; hints one at a time; Show
    solution does it for the student (recorded apart from a task the student did).

    A task is checked once the student reaches it — every question above it answered, as
    ``ringlab lessons check`` replays the lesson — and counts as done only when its goal holds
    after having been seen unmet since then: what the student did completed it, not the
    lesson's setup nor a step the questions above took.  Once done it stays done (a later
    task may undo its goal on purpose: the status then says so)."""

    def __init__(self, panel, block):
        super().__init__(panel, block, "Task")
        self.hints_shown = 0
        self.solution_shown = False
        self.seen_unmet = False
        self.done = False
        self.touched = False  # the student worked on it (hint, solution, answer)
        self.answer = None
        row = QHBoxLayout()
        if block.input:
            self.answer = AnswerBox(block.input, block.choices, block.id)
            self.submit_button = QPushButton("Submit")
            self.submit_button.setAccessibleName(f"Check: {block.id}")
            self.submit_button.clicked.connect(self.submit)
            self.answer.submitted.connect(self.submit)
            row.addWidget(self.answer, 1)
            row.addWidget(self.submit_button)
        self.hint_button = QPushButton("Hint" if block.hints else "No hints")
        self.hint_button.setAccessibleName(f"Hint: {block.id}")
        self.hint_button.setEnabled(bool(block.hints))
        if not block.hints:
            self.hint_button.setToolTip("This task has no hints; Show solution does it with you.")
        self.hint_button.clicked.connect(self.show_hint)
        self.solution_button = QPushButton("Show solution")
        self.solution_button.setAccessibleName(f"Show solution: {block.id}")
        self.solution_button.clicked.connect(self.show_solution)
        row.addWidget(self.hint_button)
        row.addWidget(self.solution_button)
        row.addStretch(1)
        self.lay.addLayout(row)
        self.hint_label = QLabel()
        self.hint_label.setWordWrap(True)
        self.hint_label.setTextFormat(Qt.MarkdownText)
        self.lay.addWidget(self.hint_label)
        self.lay.addWidget(self.result)

    def submit(self) -> None:
        text = self.answer.text()
        if text is None:
            say(self.result, "Type or choose an answer first.", INFO_COLOUR)
            return
        value = self._read(text)
        if value is None:
            return
        self.touched = True
        self.panel.state.set_answer(self.block.id, value)  # → the state → evaluate()

    def restore(self, record: dict) -> None:
        """A task done in an earlier session stays done (its status says so when checked)."""
        if record.get("done"):
            self.done = True
            self.seen_unmet = True
            self.solution_shown = bool(record.get("solution_shown")) and not record.get(
                "by_student", False
            )
            self.hints_shown = int(record.get("hints") or 0)

    def evaluate(self) -> None:
        """Ask the panel to check the goals (off the GUI thread; :meth:`apply` shows it)."""
        self.panel.evaluate_tasks()

    def wait(self) -> None:
        """Not reached yet: the questions above come first."""
        self.seen_unmet = False
        say(
            self.result,
            "○ Waiting: answer the questions above first; this task is checked once you reach it.",
            INFO_COLOUR,
        )

    def apply(self, met: bool, error: str | None, answered: bool) -> bool:
        """Show (and record, once) what a check of the goal found: ``met``, or ``error`` when
        a probe could not be read; ``answered``: the task's own box had an answer.  True when
        the task became done by this check."""
        if error is not None:
            self.seen_unmet = True
            if self.done:
                say(self.result, _DONE_EARLIER, OK_COLOUR)
                return False
            running = "still running" in error
            say(
                self.result,
                "○ Not yet: a search is still running in the Search tab."
                if running
                else f"○ Not yet: {error}.",
                INFO_COLOUR,
            )
            return False
        if met:
            if not self.seen_unmet and not self.block.input:
                # met before the student did anything: a lesson bug (lessons check refuses it)
                say(
                    self.result,
                    "This task's goal already held when the lesson opened.",
                    INFO_COLOUR,
                )
                return False
            became = not self.done
            if became:
                self.done = True
                self.panel.record_task(self.block.id, self.hints_shown, self.solution_shown)
            how = " (with the solution shown)" if self.solution_shown else ""
            say(
                self.result,
                f"✓ Done{how}." + (f" {self.block.explain}" if self.block.explain else ""),
                OK_COLOUR,
            )
            return became
        self.seen_unmet = True
        if self.done:
            say(self.result, _DONE_EARLIER, OK_COLOUR)
        elif self.block.input and not answered:
            say(self.result, "Not yet answered.", INFO_COLOUR)
        elif self.block.input:
            say(self.result, "✗ Not right yet — try again, or ask for a hint.", BAD_COLOUR)
        else:
            say(
                self.result,
                "○ Not yet — do what the task above asks; the app checks it as you go.",
                INFO_COLOUR,
            )
        return False

    def show_hint(self) -> None:
        self.touched = True
        hints = self.block.hints
        if self.hints_shown < len(hints):
            self.hints_shown += 1
        set_rich(
            self.hint_label,
            "\n\n".join(f"**Hint {k + 1}.** {h}" for k, h in enumerate(hints[: self.hints_shown])),
        )
        self.hint_button.setEnabled(self.hints_shown < len(hints))
        if self.hints_shown >= len(hints):
            self.hint_button.setText("No more hints")
            self.hint_button.setToolTip("Every hint of this task is shown below.")

    def show_solution(self) -> None:
        self.solution_shown = True
        self.touched = True
        if self.answer is not None:
            # a typed answer: put it in the box; the student submits it
            value = next(
                (c.args.get("value") for c in self.block.solution if c.name == "type_answer"), None
            )
            if value is not None:
                self.answer.set_value(value)
            say(self.result, "The solution is in the box: press Submit.", INFO_COLOUR)
            return
        try:
            self.panel.act(self.block.solution, f"solution of {self.block.id}")
        except RinglabError as e:
            say(self.result, f"The solution could not be applied: {e}", BAD_COLOUR)
            return
        self.evaluate()
