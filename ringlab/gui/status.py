"""The status bar's permanent part: rate, the binding bound, the reduce-multicast shape — read
from the document's analysis after every change."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QPainter, QTextLayout
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from .state_link import on_state, on_verdict_in

# what a part the open question names shows instead (views/_veil.py lays the same text)
HIDDEN_TEXT = "(hidden until you answer)"

# what the shape label's two words mean (ringlab.core.shape decides which one shows)
SHAPE_TIP = (
    "Routing only, no coding: every coefficient is 0 or 1 and nodes add only symbols of the\n"
    "same index k, so each entry of the sum is added up along the ring (reduce) and the sum\n"
    "is then passed on unchanged to every node (multicast) — the paper's Sec. III-B shape."
)
CODING_TIP = (
    "The code really codes: some coefficient is not 0 or 1, or a symbol mixes entries of\n"
    "different indices k (not the reduce-multicast shape of the paper's Sec. III-B)."
)
# where QStatusBar paints its message (qstatusbar.cpp: messageRect), and the most lines a
# message wraps to before its last one is elided (the bar's tool tip then holds it whole)
MESSAGE_LEFT = 6
MESSAGE_LINES = 3

GLOSSARY_LINK = (
    "\n    (Shift+F1: Help → Glossary at this term; glossary: lessons/glossary.md#routing)"
)


class CodeStatus(QObject):
    """Rate, bound and shape on the right of the status bar.  A message the window says (on the
    left) that would run under them makes room: the shape, then the bound, then the rate step
    aside until it is gone (at 22 pt the three take most of a 1280 px bar).  A message longer
    than the whole bar wraps, the bar growing a line for each (up to ``MESSAGE_LINES``; past
    them the last line ends in "…" and the bar's tool tip holds the whole message), rather
    than run off its right edge."""

    def __init__(self, document, status_bar, parent=None):
        super().__init__(parent)
        self.document = document
        self.status_bar = status_bar
        self.rate_label, self.bound_label, self.shape_label = QLabel(), QLabel(), QLabel()
        for lab in (self.rate_label, self.bound_label, self.shape_label):
            lab.setTextFormat(Qt.RichText)
            lab.setContentsMargins(14, 0, 14, 0)
            status_bar.addPermanentWidget(lab)
        status_bar.messageChanged.connect(self._make_room)
        # a message shown before the bar narrowed (a smaller window, larger text) would run
        # under the labels that the narrower bar moves left: make room again then
        status_bar.installEventFilter(self)
        self._lines: list[str] = []  # the message as wrapped, when it is longer than the bar
        on_state(self, document.state.events.code, self._on_code_changed)
        on_verdict_in(self, document.state, self._on_code_changed)
        # a lesson's open question may hide the bound or the rate until it is answered (hide:)
        on_state(self, document.state.events.hidden, lambda *_: self._on_code_changed())
        self._on_code_changed()

    def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
        if obj is self.status_bar and event.type() in (QEvent.Resize, QEvent.FontChange):
            message = self.status_bar.currentMessage()
            if message:
                self._make_room(message)
        if obj is self.status_bar and event.type() == QEvent.Paint and self._lines:
            self._paint_wrapped()
            return True
        return False

    def _message_width(self) -> int:
        """The room QStatusBar gives its message: left of the first label shown, or the bar."""
        bar = self.status_bar
        shown = [lab.x() for lab in self._labels() if lab.isVisible()]
        right = min(shown) - bar.layout().spacing() if shown else bar.width() - MESSAGE_LEFT
        return max(1, right - MESSAGE_LEFT)

    def _labels(self) -> list[QLabel]:
        return [self.rate_label, self.bound_label, self.shape_label]

    def _wrap(self, message: str) -> None:
        """Lines of ``message`` at the bar's room (none when it fits on one); the bar as tall
        as they are."""
        bar = self.status_bar
        fm, width = bar.fontMetrics(), self._message_width()
        lines: list[str] = []
        if message and fm.horizontalAdvance(message) > width:
            layout = QTextLayout(message, bar.font())
            layout.beginLayout()
            while (line := layout.createLine()).isValid():
                line.setLineWidth(width)
                lines.append(message[line.textStart() : line.textStart() + line.textLength()])
            layout.endLayout()
            if len(lines) > MESSAGE_LINES:
                rest = " ".join(lines[MESSAGE_LINES - 1 :])
                lines = lines[: MESSAGE_LINES - 1] + [fm.elidedText(rest, Qt.ElideRight, width)]
        self._lines = [ln.rstrip() for ln in lines]
        bar.setToolTip(message if lines else "")
        bar.setMinimumHeight(len(lines) * fm.lineSpacing() + 8 if lines else 0)
        bar.update()

    def _paint_wrapped(self) -> None:
        bar = self.status_bar
        painter = QPainter(bar)
        painter.setPen(bar.palette().color(bar.foregroundRole()))
        fm = bar.fontMetrics()
        y = (bar.height() - len(self._lines) * fm.lineSpacing()) // 2
        for line in self._lines:
            rect = QRect(MESSAGE_LEFT, y, self._message_width(), fm.lineSpacing())
            painter.drawText(rect, Qt.AlignLeft | Qt.AlignVCenter | Qt.TextSingleLine, line)
            y += fm.lineSpacing()
        painter.end()

    def _make_room(self, message: str) -> None:
        """Hide the labels a message would run under (least telling first); all back after."""
        labels = [self.rate_label, self.bound_label, self.shape_label]
        bar = self.status_bar
        room = bar.width() - bar.fontMetrics().horizontalAdvance(message) - 40
        for lab in reversed(labels):  # the shape first, the rate last
            room -= lab.sizeHint().width() + bar.layout().spacing()
        for lab in reversed(labels):
            hide = bool(message) and room < 0
            if hide:
                room += lab.sizeHint().width() + bar.layout().spacing()
            lab.setVisible(not hide)
        self._wrap(message)

    def _on_code_changed(self) -> None:
        code, a = self.document.code, self.document.analysis
        b = a.bounds
        hidden = self.document.state.hidden
        if "status-rate" in hidden:
            self.rate_label.setText(f"rate K/T: {HIDDEN_TEXT}")
        else:
            self.rate_label.setText(f"rate K/T = {code.K}/{code.T} = {float(code.rate):.3f}")
        ok = "✓" if b.satisfied else "<span style='color:#c00000'>✗ T too small</span>"
        if "status-bounds" in hidden:
            self.bound_label.setText(f"bound on T: {HIDDEN_TEXT}")
            self.bound_label.setToolTip("Answer the lesson's question to see the bound")
        else:
            self.bound_label.setText(f"{b.binding}: T ≥ {b.min_T} {ok}")
            self.bound_label.setToolTip(b.summary())
        if self.document.report_pending:  # the shape reads the report: wait for it
            self.shape_label.setText("shape: checking…")
            self.shape_label.setToolTip("Theorem 2 is being checked in the background")
            return
        if "status-shape" in hidden:
            self.shape_label.setText(f"shape: {HIDDEN_TEXT}")
            self.shape_label.setToolTip("Answer the lesson's question to see the code's shape")
            return
        shape = a.shape
        self.shape_label.setText("reduce-multicast shape" if shape.ok else "non-trivial coding")
        self.shape_label.setToolTip(
            (SHAPE_TIP if shape.ok else CODING_TIP) + "\n" + shape.summary() + GLOSSARY_LINK
        )


# short: at 22 pt on a 1280×720 laptop each extra line of it is a line less of the tab
FOLDED_FOR = {
    "lesson": "Theorem 2 panel folded for the lesson.",
    "room": "Theorem 2 panel folded: it would not fit the screen.",
}
# the line while the reader has the panel shown all the same (it said "folded" beside the
# panel it had just shown: a stranger's trial)
SHOWN_BESIDE = "Theorem 2 panel shown beside the lesson."
# the whole reason, in the line's tool tip
WHY_FOLDED = {
    "lesson": "Its verdict would answer some of the lesson's questions; the button shows it.",
    "room": "Beside the Lessons panel at this text size the window would be wider than the "
    "screen; the button shows it all the same.",
}


class VerdictLine(QWidget):
    """Shown instead of the Theorem 2 panel while a lesson is open: the lesson gets the room,
    and the verdict is not on screen before a question asks for it (``ringlab lessons check``
    assumes so); "Show the Theorem 2 panel" brings the panel back."""

    def __init__(self, splitter, parent=None):
        super().__init__(parent)
        self.splitter = splitter
        lay = QHBoxLayout(self)
        lay.setContentsMargins(8, 2, 8, 2)
        self.label = QLabel()
        self.label.setObjectName("verdict_line")
        self.label.setAccessibleName("Theorem 2 verdict")
        self.button = QPushButton("Show the Theorem 2 panel")
        self.button.setCheckable(True)
        self.button.toggled.connect(self._on_toggled)
        lay.addWidget(self.label, 1)
        lay.addWidget(self.button)
        self.hide()
        self.say_why("lesson")
        # it wraps rather than widen the window
        self.label.setWordWrap(True)
        self.label.setMinimumWidth(1)

    def say_why(self, why: str) -> None:
        """Why the panel is folded: ``"lesson"`` (an open lesson) or ``"room"`` (the screen)."""
        self._why = why
        self._say(self.button.isChecked())

    def _say(self, shown: bool) -> None:
        self.label.setText(SHOWN_BESIDE if shown else FOLDED_FOR[self._why])
        self.label.setToolTip(WHY_FOLDED[self._why])
        self.button.setText("Hide the Theorem 2 panel" if shown else "Show the Theorem 2 panel")

    def _on_toggled(self, shown: bool) -> None:
        self.splitter.set_collapsed(not shown)
        self._say(shown)

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt's name)
        if visible and self.button.isChecked():
            self.button.blockSignals(True)
            self.button.setChecked(False)
            self._say(False)
            self.button.blockSignals(False)
        super().setVisible(visible)
