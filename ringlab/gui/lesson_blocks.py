"""One widget per lesson block: prose, a ``predict`` question, a ``task``.

Blocks never touch the window: they ask their panel (``run``: actions on the window,
``state``: the window read as a LabState, ``record_*``: progress) — the panel owns the bridge.
Prose is Qt's own Markdown with ``$…$`` read as Unicode (:mod:`ringlab.lessons.text`).
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QFrame, QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from ..core.code import N_RANGE
from ..core.errors import RinglabError
from ..lessons import registry
from ..lessons.text import prose_to_markdown

OK_COLOUR, BAD_COLOUR, INFO_COLOUR = "#1b7f3b", "#b00020", "#444444"


def markdown_label(text: str) -> QLabel:
    lab = QLabel(prose_to_markdown(text))
    lab.setTextFormat(Qt.MarkdownText)
    lab.setWordWrap(True)
    lab.setOpenExternalLinks(False)
    lab.setTextInteractionFlags(Qt.TextSelectableByMouse | Qt.LinksAccessibleByMouse)
    return lab


def say(label: QLabel, text: str, colour: str) -> None:
    # ✓ / ✗ carry the verdict too: colour is never the only cue
    label.setText(text)
    label.setStyleSheet(f"color: {colour};")


class AnswerBox(QWidget):
    """The box a student types a prediction or a task's answer into, shaped by its kind."""

    submitted = Signal()

    def __init__(self, kind: str, choices=None, parent=None):
        super().__init__(parent)
        self.kind = kind
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        if kind in ("choice", "truth"):
            self.box = QComboBox()
            self.box.addItem("— choose —", None)
            for c in (["yes", "no"] if kind == "truth" else list(choices or [])):
                self.box.addItem(str(c), c)
        elif kind == "node":
            self.box = QSpinBox()
            # a reveal may load another ring: any node number the app supports
            self.box.setRange(0, N_RANGE[1] - 1)
            self.box.setPrefix("node ")
        else:
            self.box = QLineEdit()
            self.box.setPlaceholderText("a number, e.g. 30, 1/2 or 1.8" if kind == "number" else "your answer")
            self.box.returnPressed.connect(self.submitted)
        lay.addWidget(self.box, 1)

    def value(self):
        """The typed answer (None while nothing is chosen or typed)."""
        if isinstance(self.box, QComboBox):
            v = self.box.currentData()
            if v is None:
                return None
            return (v == "yes") if self.kind == "truth" else v
        if isinstance(self.box, QSpinBox):
            return self.box.value()
        text = self.box.text().strip().replace("−", "-")
        return text or None

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
        self.lay.addWidget(markdown_label(block.text))
        self.result = QLabel()
        self.result.setWordWrap(True)


class PredictBlock(_Block):
    """Asked before the app shows the answer; Check runs the reveal, then compares."""

    def __init__(self, panel, block):
        super().__init__(panel, block, "Predict")
        self.answer = AnswerBox(block.ask, block.choices)
        self.check_button = QPushButton("Check my prediction")
        self.check_button.clicked.connect(self.check)
        self.answer.submitted.connect(self.check)
        row = QHBoxLayout()
        row.addWidget(self.answer, 1)
        row.addWidget(self.check_button)
        self.lay.addLayout(row)
        self.lay.addWidget(self.result)

    def check(self) -> bool | None:
        value = self.answer.value()
        if value is None:
            say(self.result, "Type or choose your prediction first.", INFO_COLOUR)
            return None
        try:
            self.panel.run(self.block.reveal, f"reveal {self.block.id}")
            truth = self.block.truth(self.panel.state())
        except RinglabError as e:
            say(self.result, f"The app could not show the answer: {e}", BAD_COLOUR)
            return None
        right = registry.same(truth, value, self.block.tol)
        self.panel.record_predict(self.block.id, value, right)
        explain = f" {prose_to_markdown(self.block.explain)}" if self.block.explain else ""
        if right:
            say(self.result, f"✓ Right: the app shows {registry.show(truth)}.{explain}", OK_COLOUR)
        else:
            say(self.result, f"✗ Not quite: you said {registry.show(value)}, the app shows "
                             f"{registry.show(truth)}.{explain}", BAD_COLOUR)
        return right


class TaskBlock(_Block):
    """A goal checked live against the window; hints one at a time; Show solution fills the
    answer (the editor, or the task's own box) without submitting it for the student."""

    def __init__(self, panel, block):
        super().__init__(panel, block, "Task")
        self.hints_shown = 0
        self.solution_shown = False
        self.answer = None
        row = QHBoxLayout()
        if block.input:
            self.answer = AnswerBox(block.input, block.choices)
            self.submit_button = QPushButton("Submit")
            self.submit_button.clicked.connect(self.submit)
            self.answer.submitted.connect(self.submit)
            row.addWidget(self.answer, 1)
            row.addWidget(self.submit_button)
        self.hint_button = QPushButton("Hint")
        self.hint_button.setEnabled(bool(block.hints))
        self.hint_button.clicked.connect(self.show_hint)
        self.solution_button = QPushButton("Show solution")
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
        self.done = False

    def submit(self) -> None:
        value = self.answer.value()
        if value is None:
            say(self.result, "Type or choose an answer first.", INFO_COLOUR)
            return
        self.panel.answers[self.block.id] = value
        self.evaluate()

    def evaluate(self) -> bool:
        """Whether the goal holds in the window now (shown, and recorded once met)."""
        try:
            st = self.panel.state()
            results = [(c, *c.evaluate(st)) for c in self.block.goal]
        except RinglabError as e:
            say(self.result, f"Not yet: {e}", INFO_COLOUR)
            return False
        missing = [c for c, ok, _v in results if not ok]
        if not missing:
            if not self.done:
                self.done = True
                self.panel.record_task(self.block.id, self.hints_shown, self.solution_shown)
            say(self.result, "✓ Done." + (f" {prose_to_markdown(self.block.explain)}"
                                          if self.block.explain else ""), OK_COLOUR)
            return True
        if self.block.input and self.block.id not in self.panel.answers:
            say(self.result, "Not yet answered.", INFO_COLOUR)
        else:
            if self.block.input:
                say(self.result, "✗ Not right yet — try again, or ask for a hint.", BAD_COLOUR)
            else:
                say(self.result, "○ Not yet — the goal: "
                    + "; ".join(c.describe() for c in missing) + ".", INFO_COLOUR)
        self.done = False
        return False

    def show_hint(self) -> None:
        hints = self.block.hints
        if self.hints_shown < len(hints):
            self.hints_shown += 1
        self.hint_label.setText("\n\n".join(f"**Hint {k + 1}.** {prose_to_markdown(h)}"
                                            for k, h in enumerate(hints[:self.hints_shown])))
        self.hint_button.setEnabled(self.hints_shown < len(hints))

    def show_solution(self) -> None:
        self.solution_shown = True
        if self.answer is not None:
            # a typed answer: put it in the box; the student submits it
            value = next((c.args.get("value") for c in self.block.solution
                          if c.name == "type_answer"), None)
            if value is not None:
                self.answer.set_value(value)
            say(self.result, "The solution is in the box: press Submit.", INFO_COLOUR)
            return
        try:
            self.panel.run(self.block.solution, f"solution of {self.block.id}")
        except RinglabError as e:
            say(self.result, f"The solution could not be applied: {e}", BAD_COLOUR)
            return
        self.evaluate()
