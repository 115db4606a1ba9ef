"""The speaker view: the notes, what is shown now, the next step's caption, a clock and the
elapsed time.  It goes to a second screen when there is one; with one screen it opens as a
normal window (S) and takes the slide's keys too."""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, Qt, QTime, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..rich_text import set_rich


class SpeakerView(QWidget):
    """Notes, the next step, a clock and the elapsed time; Swap screens."""

    swap_requested = Signal()

    def __init__(self, present, parent=None):
        super().__init__(parent)
        self.setWindowTitle("ringlab — speaker view")
        self.present = present
        self.notes = QLabel()
        self.notes.setObjectName("speaker_notes")
        self.next_label = QLabel()
        self.next_label.setObjectName("speaker_next")
        for lab in (self.notes, self.next_label):
            lab.setWordWrap(True)
            lab.setTextFormat(Qt.MarkdownText)
        self.notes.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.next_label.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.now_label = QLabel()
        self.now_label.setObjectName("speaker_now")
        self.now_label.setWordWrap(True)
        self.clock = QLabel()
        self.clock.setObjectName("speaker_clock")
        self.elapsed = QLabel()
        self.swap_button = QPushButton("Swap screens")
        self.swap_button.clicked.connect(self.swap_requested)
        self.swap_button.setVisible(len(QGuiApplication.screens()) > 1)
        top = QHBoxLayout()
        top.addWidget(self.clock)
        top.addSpacing(24)
        top.addWidget(self.elapsed)
        top.addStretch(1)
        top.addWidget(self.swap_button)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.now_label)
        lay.addWidget(QLabel("<b>Notes</b>"))
        lay.addWidget(self.notes, 3)
        lay.addWidget(QLabel("<b>Next</b>"))
        lay.addWidget(self.next_label, 1)
        hint = QLabel(
            "The slide's keys work here too (Space/→ next, ← back, B blank, Z zoom, "
            "Ctrl+0 resets the zoom, Esc leave)."
        )
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #555; font-size: 16px;")
        lay.addWidget(hint)
        self.setStyleSheet(
            "QLabel { font-size: 20px; } QLabel#speaker_clock { font-size: 36px; "
            "font-weight: bold; } QLabel#speaker_now { font-size: 22px; }"
        )
        self._timer = QElapsedTimer()
        self._timer.start()
        self._tick = QTimer(self)
        self._tick.timeout.connect(self._on_tick)
        self._tick.start(1000)
        present.step_changed.connect(self._on_step_changed)
        self._on_step_changed(present.step)
        self._on_tick()

    def keyPressEvent(self, event):
        """One screen: the speaker view is raised over the slide, so it passes the slide's
        keys on (a clicker then drives the slide whichever window has the focus)."""
        self.present.keyPressEvent(event)

    def _on_step_changed(self, i: int) -> None:
        deck = self.present.deck
        shown = (
            f"slide {i + 1} / {deck.count}"
            if deck.kind == "lesson"
            else f"step {i} / {deck.count - 1}"
        )
        self.now_label.setText(f"<b>Now:</b> {shown}")
        nxt = deck.caption(i + 1) if i + 1 < deck.count else "(the end)"
        if deck.kind == "lesson":  # the lesson's Markdown, typeset
            set_rich(self.notes, deck.notes(i))
            set_rich(self.next_label, nxt, inline=True)
        else:
            self.notes.setText(deck.notes(i))
            self.next_label.setText(nxt)

    def _on_tick(self) -> None:
        s = self._timer.elapsed() // 1000
        self.clock.setText(QTime.currentTime().toString("HH:mm"))
        self.elapsed.setText(f"elapsed {s // 60:02d}:{s % 60:02d}")
