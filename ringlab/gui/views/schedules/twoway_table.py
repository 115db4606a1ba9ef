"""The cost explorer's two-way ring table: what ``ringlab compare --ring two-way --N n`` prints.

A check box turns it on (the two-way codes are traced exactly, which takes a moment for the
larger N); then the coded two-way codes known for the explorer's N sit beside the two classic
rings and the library's two-way schedules (Swing, Trivance, Rabenseifner, recursive doubling),
in both cost models, and a line under the table says where each row came from.  The rows are
the core's (:func:`ringlab.core.schedules.twoway_rows.twoway_comparison`, through
:func:`.more.twoway_rows_for`); this widget only shows them.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QVBoxLayout, QWidget

from ....core.schedules import schedule_info
from ....core.schedules.costs import format_bytes
from ....core.schedules.twoway_rows import no_twoway_code
from .._widgets import label
from .folding import FoldingTable, Row

COLUMNS = ["form", "steps", "msgs", "sent/core", "(a) own ports", "(a) 1 port", "ring slots"]
COLUMNS += ["busiest link", "sum"]
TIPS = [
    "the ports a core uses at once in a step (a two-way code: one each way)",
    "steps of the schedule (slots)",
    "messages sent in all",
    "the most bytes one core sends",
    "model (a), fully connected: Σ over steps of α + (largest message of the step)/B, a core "
    "using as many ports as its form says",
    "model (a) on one port: each of a core's messages one after another (like with like)",
    "model (b), a bidirectional ring: Σ over steps of the messages on the step's busiest "
    "directed link (one message per link per slot); 'a / b': ties (d = N/2) clockwise / split",
    "model (b): the most bytes one directed link carries over the whole run ('a / b' as slots)",
    "every core ends with the sum (a coded row: checked in its field)",
]


class TwoWayTable(QWidget):
    """The check box, the table's title, the table and where each row came from.  Emits
    ``toggled(bool)`` when the user turns it on or off."""

    toggled = Signal(bool)

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.box = QCheckBox("Compare on the two-way ring")
        self.box.setObjectName("compare_twoway_box")
        self.box.setAccessibleName("Compare on the two-way ring")
        # short: it does not wrap, and a longer text made the page scroll sideways at 22 pt
        self.box.setToolTip(
            "The coded two-way codes (one symbol each way a step) beside two classic rings, "
            "Swing, Trivance, Rabenseifner and recursive doubling, both models: ringlab "
            "compare --ring two-way"
        )
        self.box.setAccessibleDescription(self.box.toolTip())
        self.title = label(name="compare_twoway_title")
        self.table = FoldingTable("compare_twoway", COLUMNS, TIPS)
        self.sources = label(name="compare_twoway_sources", colour="#444")
        for w in (self.box, self.title, self.table, self.sources):
            lay.addWidget(w)
        self.box.toggled.connect(self.toggled)
        self.show_rows(None, 0, 0)

    @property
    def on(self) -> bool:
        return self.box.isChecked()

    def show_rows(self, rows, N: int, size, limit: int | None = None) -> None:
        """``rows``: the core's (row, kind, source) for the explorer's N, or None (off, or N
        above ``limit``, the largest N the tab traces them for)."""
        shown = self.on and rows is not None
        for w in (self.title, self.table, self.sources):
            w.setVisible(shown)
        if self.on and rows is None:
            self.title.setText(
                f"The two-way rows are traced here for N ≤ {limit} (their exact check takes "
                f"seconds above); ringlab compare --ring two-way --N {N} prints them."
            )
            self.title.show()
        if not shown:
            return
        self.title.setText(
            f"The two-way ring on N = {N} cores, S = {format_bytes(size)} (ringlab compare "
            f"--ring two-way): a coded row sends one symbol of S/K bytes each way a step."
        )
        self.table.set_rows([_row(r, src, N) for r, _, src in rows])
        lines = [f"{r.name}: {src}" for r, _, src in rows if not src.startswith("ringlab's")]
        if not any(kind == "coded" for _, kind, _ in rows):
            # the window has no --code: the command line compares a found file
            add_it = f"with ringlab compare --ring two-way --N {N} --code FILE"
            lines.insert(0, "coded: " + no_twoway_code(N, add_it))
        lines.append("the others: ringlab's own traces of the library's schedules")
        self.sources.setText("Where each row comes from:\n" + "\n".join("• " + s for s in lines))


def _row(r, source: str, N: int) -> Row:
    if r.refused:
        which = schedule_info(r.name).which_N
        return Row(r.name, [], tip=r.refused, note=f"not for N = {N} (traced for {which})")
    cells = [r.form, *r.cells(), "ok" if r.sum_ok else "WRONG"]  # as the CLI prints it
    return Row(r.name, cells, tip=source)
