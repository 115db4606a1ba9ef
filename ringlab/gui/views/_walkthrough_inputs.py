"""The inputs of the Propagation walkthrough: random (seeded), typed per node, or the worked
matmul partial sums of the ring all-reduce example — always read in the code's current field.

The inputs and the seed are the application state's (:mod:`ringlab.state`): the widgets write
the user's act there and show what it holds, whoever changed it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QSizePolicy, QVBoxLayout, QWidget

from ...core.inputs import matmul_note
from ..params import SizeSpin
from ._reflow import flow_widget

INPUT_MODES = [
    ("Random (seeded)", "random"),
    ("Typed per node", "typed"),
    ("Worked matmul partials", "matmul"),
]


class InputsBox(QWidget):
    """The inputs row (mode, seed, typed rows) and, under it, a line saying how they are read.

    ``on_screen()`` gives the inputs drawn now as text (or None): choosing "typed" with nothing
    typed starts from them, so typing edits rather than starts blank."""

    def __init__(self, state, on_screen: Callable[[], str | None], parent=None):
        super().__init__(parent)
        self.state = state
        self._on_screen = on_screen
        self.mode_box = QComboBox()
        for text, mode in INPUT_MODES:
            self.mode_box.addItem(text, mode)
        self.mode_box.currentIndexChanged.connect(self._on_mode_changed)
        self.mode_box.setAccessibleName("Inputs")
        self.mode_box.setItemData(
            2, "The partial sums X_i·W_i of the ring all-reduce example", Qt.ToolTipRole
        )
        self.seed_box = SizeSpin("seed")
        self.seed_box.setRange(0, 999_999)
        self.seed_box.setPrefix("seed ")
        self.seed_box.setAccessibleName("Seed")
        self.seed_box.valueChanged.connect(self._on_seed_edited)
        self.seed_box.refused.connect(
            lambda msg: self.show_status(f"<span style='color:#d6336c'>{msg}</span>")
        )
        self.typed_edit = QLineEdit()
        self.typed_edit.setPlaceholderText("one row per node, ';' between nodes: 1 2; 3 4; 5 6")
        self.typed_edit.setAccessibleName("Typed inputs")
        self.typed_edit.editingFinished.connect(self._on_typed_edited)
        self.status = QLabel()
        # the matmul note is a sentence: wrap it, or it pushes the view wider than 1280 px
        self.status.setWordWrap(True)
        self.status.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        # the row wraps on a narrow tab (beside a lesson, at 22 pt) instead of scrolling
        # sideways; the view adds its buttons to it
        self.typed_edit.setMinimumWidth(self.typed_edit.fontMetrics().averageCharWidth() * 16)
        self.row_widget = flow_widget(
            QLabel("Inputs:"),
            self.mode_box,
            self.seed_box,
            self.typed_edit,
            stretch={self.typed_edit: 1},
        )
        self.row = self.row_widget.flow
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.row_widget)
        # on a line of its own: beside the typed inputs a refusal is squeezed into a narrow
        # column, pushing the drawing out of view
        lay.addWidget(self.status)
        self._on_inputs_changed()
        state.events.inputs.connect(self._on_inputs_changed)
        state.events.seed.connect(self._on_inputs_changed)

    def show_status(self, text: str) -> None:
        """Say how the inputs are read (hidden when ``text`` is empty)."""
        self.status.setText(text)
        self.status.setVisible(bool(text))

    # user's acts → the state
    def _on_mode_changed(self, *_):
        mode = self.mode_box.currentData()
        if mode == "typed":
            if not self.typed_edit.text().strip():
                shown = self._on_screen()
                if shown is not None:
                    self.typed_edit.setText(shown)
            self.state.inputs = self._parse_typed()
        else:
            self.state.inputs = mode

    def _on_seed_edited(self, seed: int) -> None:
        self.state.seed = int(seed)

    def _on_typed_edited(self) -> None:
        if self.mode_box.currentData() == "typed":
            self.state.inputs = self._parse_typed()

    def _parse_typed(self) -> list:
        text = self.typed_edit.text().strip()
        # "−" (U+2212) is the minus a PDF's text copies as
        return [r.split() for r in text.replace(",", " ").replace("−", "-").split(";") if r.strip()]

    # the state → the widgets (a lesson, another window part, or the acts above)
    def _on_inputs_changed(self, *_):
        spec, seed = self.state.inputs, self.state.seed
        mode = "typed" if isinstance(spec, (list, tuple)) else spec
        widgets = (self.mode_box, self.seed_box, self.typed_edit)
        for w in widgets:
            w.blockSignals(True)
        try:
            self.mode_box.setCurrentIndex(max(0, self.mode_box.findData(mode)))
            if self.seed_box.value() != seed:
                self.seed_box.setValue(seed)
            if mode == "typed" and self._parse_typed() != [[str(v) for v in r] for r in spec]:
                self.typed_edit.setText("; ".join(" ".join(str(v) for v in r) for r in spec))
        finally:
            for w in widgets:
                w.blockSignals(False)
        self.seed_box.setVisible(mode == "random")
        self.typed_edit.setVisible(mode == "typed")

    # what is drawn
    def drawn(self):
        """The inputs drawn: a spec :func:`ringlab.core.inputs.resolve_inputs` accepts
        (typed rows that do not fit the code are drawn as random values, and said so)."""
        spec = self.state.inputs
        if isinstance(spec, list):
            return spec if spec and self.state.walkthrough_inputs()[1] is None else "random"
        return spec

    def read(self, code) -> tuple:
        """The values drawn for ``code`` and the drawing's footnote naming them; the line under
        the row says how the inputs were read."""
        spec, seed = self.state.inputs, self.state.seed
        mode = "typed" if isinstance(spec, (list, tuple)) else spec
        status = ""
        # typed inputs that do not fit (bad entry, or N/K changed): the state draws random
        # values instead and says why — never a silent change
        x, refused = self.state.walkthrough_inputs()
        if refused:
            status = f"<span style='color:#d6336c'>typed inputs not used: {refused}</span>"
        if mode == "typed" and not spec:
            status = "type N rows of K entries, ';' between nodes (random until then)"
        if mode == "matmul":
            status = matmul_note(code)
        self.show_status(status)
        # the drawing's footnote (and an export's) names the values actually drawn
        drawn = (
            "typed"
            if mode == "typed" and self.drawn() != "random"
            else ("matmul" if mode == "matmul" else "random")
        )
        note = {"random": f"random, seed {seed}", "matmul": "matmul partials", "typed": "typed"}[
            drawn
        ]
        if mode == "typed" and drawn == "random":
            note += " (the typed inputs were refused)"
        return x, note
