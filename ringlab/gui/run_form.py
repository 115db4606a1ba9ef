"""The Run panel's options: S (bytes per rank), the timed repetitions, and whether the ranks
get the walkthrough's inputs or random data."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QWidget

from ..core.errors import RinglabError
from ..core.schedules.costs import parse_bytes
from .params import SizeSpin

SIZES = ("1KiB", "64KiB", "1MiB", "16MiB")
RED = "#c92a2a"


class RunOptions(QWidget):
    """S, repeat and the data, on one row; ``code()`` is the code a run would take.
    ``refused(str)`` says why a typed repeat count was not taken."""

    refused = Signal(str)

    def __init__(self, code: Callable, parent=None):
        super().__init__(parent)
        self._code = code
        self.size_box = QComboBox()
        self.size_box.setEditable(True)
        self.size_box.addItems(SIZES)
        self.size_box.setCurrentText("64KiB")
        self.size_box.setToolTip(
            "S, the bytes of each rank's vector (rounded down to whole "
            "elements per symbol): 64KiB, 1MB, 4096…"
        )
        self.size_box.currentTextChanged.connect(self.update_size_hint)
        self.size_hint = QLabel()
        self.repeat_box = SizeSpin("repeat")
        self.repeat_box.setRange(1, 1_000_000)
        self.repeat_box.setValue(5)
        self.repeat_box.setPrefix("repeat ")
        self.repeat_box.setToolTip("timed repetitions; the times shown are medians")
        self.repeat_box.refused.connect(self.refused)
        self.inputs_check = QCheckBox("the walkthrough's inputs")
        self.inputs_check.toggled.connect(self.update_size_hint)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for w in (
            QLabel("S"),
            self.size_box,
            self.size_hint,
            self.repeat_box,
            QLabel("data:"),
            self.inputs_check,
        ):
            row.addWidget(w)

    def offer_inputs(self, rows) -> None:
        """Offer the walkthrough's inputs when they are small integers (``rows``, or None)."""
        self.inputs_check.setEnabled(rows is not None)
        if rows is None:
            self.inputs_check.setChecked(False)
            self.inputs_check.setToolTip(
                "no walkthrough inputs here, or they are not all small "
                "integers: the ranks use random data of S bytes"
            )
        else:
            self.inputs_check.setToolTip(
                "pass the Propagation view's inputs with --inputs (one "
                "element per symbol): the values sent equal the walkthrough's"
            )
        self.update_size_hint()

    def size_bytes(self) -> int:
        """S rounded down to whole elements per symbol (K × element size bytes); raises
        :class:`RinglabError` with the reason for a size that cannot be run."""
        from ..engine.arith import arith_for  # numpy only: no MPI

        code = self._code()
        text = self.size_box.currentText().strip()
        v = parse_bytes(text, "S")
        unit = code.K * arith_for(code.field).itemsize
        if v < unit:
            raise RinglabError(f"S = {text}: expected at least K × element size = {unit} bytes")
        return int(v) // unit * unit

    def update_size_hint(self, *_) -> None:
        if self.inputs_check.isChecked():
            self.size_box.setEnabled(False)
            self.size_hint.setText("(one element per symbol)")
            return
        self.size_box.setEnabled(True)
        try:
            S = self.size_bytes()
        except RinglabError as e:
            self.size_hint.setText(f"<span style='color:{RED}'>{e}</span>")
            return
        self.size_hint.setText(f"= {S} B")
