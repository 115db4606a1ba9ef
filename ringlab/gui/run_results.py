"""What a run's events say, laid out: per rank its verdict against ``MPI_Allreduce``, the
times, and per step t and rank i the head of what it sent to (i+1) mod N and received from
(i−1) mod N."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..engine.job import rank_verdict


def _show(v, one_element: bool) -> str:
    if isinstance(v, str) and v.startswith("0x") and one_element:
        return str(int(v, 16))  # GF(2) with --inputs: a byte that holds 0 or 1
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)


def _heads(head, more: bool) -> str:
    one = len(head) == 1 and not more
    text = ", ".join(_show(v, one) for v in head)
    return text if one else f"[{text}{', …' if more else ''}]"


class RunResults(QWidget):
    """The ranks table, the times, and the replay of what really happened."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.ranks = QTableWidget(0, 3)
        self.ranks.setHorizontalHeaderLabels(
            ["host", "verdict against MPI_Allreduce", "ring neighbours"]
        )
        self.ranks.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        self.times = QLabel()
        self.times.setWordWrap(True)
        self.times.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.replay_note = QLabel()
        self.replay_note.setWordWrap(True)
        self.replay = QTableWidget(0, 0)
        self.replay.setSelectionBehavior(QAbstractItemView.SelectRows)
        for t in (self.ranks, self.replay):
            t.setEditTriggers(QAbstractItemView.NoEditTriggers)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.ranks, 1)
        lay.addWidget(self.times)
        lay.addWidget(self.replay_note)
        lay.addWidget(self.replay, 2)

    def setup(self, code) -> None:
        """Empty tables for a run of ``code``: one row per rank, one per step and the decode."""
        N, T = code.N, code.T
        self.ranks.setRowCount(N)
        self.ranks.setVerticalHeaderLabels([f"rank {i}" for i in range(N)])
        for i in range(N):
            for c, text in enumerate(("", "waiting", f"→{(i + 1) % N} ←{(i - 1) % N}")):
                self.ranks.setItem(i, c, QTableWidgetItem(text))
        self.replay.clear()
        self.replay.setRowCount(T + 1)
        self.replay.setColumnCount(N)
        self.replay.setHorizontalHeaderLabels([f"rank {i}" for i in range(N)])
        self.replay.setVerticalHeaderLabels([f"t = {t}" for t in range(T)] + [f"decode (t = {T})"])
        self.times.setText("")

    def show_event(self, ev: dict, block: int) -> None:
        """A rank's event in its row and the replay (``block``: elements per symbol)."""
        kind, r = ev["event"], ev.get("rank")
        head = ev.get("head", [])
        shows_head = kind in ("sent", "received", "decoded")
        value = _heads(head, more=block > len(head)) if shows_head else ""
        if kind == "start":
            self._set_rank(r, 0, ev.get("host", ""))
            self._set_rank(r, 1, "starting…")
        elif kind == "ready":
            self._set_rank(r, 1, "running…")
        elif kind == "sent":
            self._set_cell(ev["t"], r, f"→{ev['to']}: {value}", first=True)
        elif kind == "received":
            self._set_cell(ev["t"] - 1, r, f"←{ev['from']}: {value}", first=False)
        elif kind == "decoded":
            self._set_rank(r, 1, rank_verdict(ev))
            self._set_cell(self.replay.rowCount() - 1, r, f"ẑ = {value}", first=True)
        elif kind == "error" and "exit" not in ev:
            self._set_rank(r, 1, f"error: {ev['message']}")

    def replay_cell(self, t: int, rank: int) -> str:
        it = self.replay.item(t, rank)
        return it.text() if it else ""

    def highlight_step(self, t: int) -> None:
        """Select row t of the replay (the walkthrough's step t; row T is the decode)."""
        if 0 <= t < self.replay.rowCount():
            self.replay.selectRow(t)

    def _set_rank(self, r: int, col: int, text: str) -> None:
        if r is not None and 0 <= r < self.ranks.rowCount():
            self.ranks.setItem(r, col, QTableWidgetItem(text))
            self.ranks.resizeColumnToContents(0)

    def _set_cell(self, t: int, r: int, text: str, first: bool) -> None:
        if not (0 <= t < self.replay.rowCount() and 0 <= r < self.replay.columnCount()):
            return
        old = self.replay_cell(t, r)
        parts = [text, old] if first else [old, text]
        self.replay.setItem(t, r, QTableWidgetItem("\n".join(p for p in parts if p)))
        self.replay.resizeRowToContents(t)
        self.replay.resizeColumnToContents(r)
