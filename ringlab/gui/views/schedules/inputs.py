"""The worked example's inputs: N, X (one row) and W (one row per core), checked as typed.

A bad entry shows one clear line (which entry, what was expected) and the last valid example
stays in use; nothing typed is changed or dropped.  :class:`SchedulePicker` chooses the
algorithms shown beside ring, tree and the code; :class:`ExampleBox` holds both, with the
example's target and what the coded column runs.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QBoxLayout,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ....core.code import N_RANGE
from ....core.errors import RinglabError
from ....core.schedules.matmul import TRACE_N_RANGE, WorkedExample, default_example, format_number
from ....core.words import article
from ...params import SizeSpin
from ...settings import mark_bad_input
from .._reflow import SideBySide, flow_widget
from .._widgets import label


class ExampleEditor(QWidget):
    """Emits ``example_changed(WorkedExample)`` whenever X and W form a valid example."""

    example_changed = Signal(object)

    def __init__(self, example: WorkedExample, parent=None):
        super().__init__(parent)
        self.example = example
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        # a field too wide beside its label goes under it (22 pt, a narrow tab)
        form.setRowWrapPolicy(QFormLayout.WrapLongRows)
        self.n_spin = SizeSpin("Cores N")
        self.n_spin.setObjectName("compare_N")
        self.n_spin.setRange(*N_RANGE)
        self.n_spin.setValue(example.N)
        self.n_spin.setToolTip("Number of cores; changing it loads the default X and W for that N")
        self.n_spin.refused.connect(self._say_error)
        # short: the tab beside the Lessons panel at 1280×720 has ~600 px
        self.reset = QPushButton("Worked example (N = 4)")
        self.reset.setToolTip(
            "X = [3 2 1 3] and the W of the ring and tree blog posts (Help → Sources)"
        )
        # the button goes under the N box when the two do not fit (at 22 pt)
        form.addRow("Cores N", flow_widget(self.n_spin, self.reset))
        self.n_spin.setAccessibleName("Cores N")
        self.x_edit = QLineEdit()
        self.x_edit.setObjectName("compare_X")
        self.x_edit.setPlaceholderText("e.g. 3 2 1 3")
        form.addRow("X (1×N)", self.x_edit)
        self.x_edit.setAccessibleName("X (1×N)")
        self.w_edit = QPlainTextEdit()
        self.w_edit.setObjectName("compare_W")
        mono = QFont("monospace")
        mono.setStyleHint(QFont.Monospace)
        self.w_edit.setFont(mono)
        self._fit_w()
        self.w_edit.setToolTip(
            "One row of W per core, entries separated by spaces "
            "(integers, decimals or fractions like 1/3)"
        )
        form.addRow("W (N×d)", self.w_edit)
        self.w_edit.setAccessibleName("W (N×d)")
        self.error = label(name="compare_input_error", colour="#b00020")
        form.addRow(self.error)
        self.error.hide()  # an empty row took a line of the 720 px the grids need
        self._fit_width()
        self._fill(example)
        self.n_spin.valueChanged.connect(self._on_n_changed)
        self.reset.clicked.connect(lambda: self.load(default_example(4)))
        self.x_edit.textChanged.connect(self._on_text_changed)
        self.w_edit.textChanged.connect(self._on_text_changed)

    def _say_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))

    def _fit_w(self, rows: int | None = None) -> None:
        """W's box shows every row up to 5 (then it scrolls), at the current text size."""
        n = min(5, max(2, rows if rows is not None else self.example.N))
        fm = self.w_edit.fontMetrics()
        self.w_edit.setFixedHeight(n * fm.lineSpacing() + 2 * self.w_edit.frameWidth() + 10)

    def _fit_width(self) -> None:
        """At most some 60 characters wide, at the current text size: the rest of the row is
        the target's and the picker's."""
        self.setMaximumWidth(self.fontMetrics().averageCharWidth() * 60)

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:
            self._fit_w()
            self._fit_width()

    def _fill(self, ex: WorkedExample) -> None:
        self._filling = True
        self._fit_w(ex.N)
        self.x_edit.setText(" ".join(format_number(v) for v in ex.X))
        self.w_edit.setPlainText("\n".join(" ".join(format_number(v) for v in r) for r in ex.W))
        self._filling = False

    def load(self, ex: WorkedExample) -> None:
        """Show and use ``ex`` (N spin, X and W follow)."""
        self._filling = True
        self.n_spin.setValue(ex.N)
        self._filling = False
        self._fill(ex)
        self._set_valid(ex)

    def _on_n_changed(self, n: int) -> None:
        if self._filling or n == self.example.N:
            return
        self._fill(default_example(n))
        self._on_text_changed()

    def _on_text_changed(self) -> None:
        if self._filling:
            return
        try:
            ex = WorkedExample.parse(self.x_edit.text(), self.w_edit.toPlainText())
        except RinglabError as e:
            msg = str(e)
            self._say_error(msg + " — still showing the last valid example")
            mark_bad_input(self.x_edit, msg.startswith("X"))
            mark_bad_input(self.w_edit, msg.startswith("W"))
            return
        self._set_valid(ex)

    def _set_valid(self, ex: WorkedExample) -> None:
        self._say_error("")
        mark_bad_input(self.x_edit, False)
        mark_bad_input(self.w_edit, False)
        self._filling = True
        self.n_spin.setValue(ex.N)
        self._filling = False
        if ex != self.example:
            self.example = ex
            self.example_changed.emit(ex)


class SchedulePicker(QWidget):
    """Which algorithms the tab shows beside ring, tree and the code: one check box each.
    Emits ``chosen(tuple of names)`` when the user ticks or unticks one (:meth:`set_chosen`
    shows the state's choice without emitting).

    The boxes flow left to right and wrap to the width they get (placed by hand, with a height
    for each width): in one line they made the tab wider than 1280×720 and it scrolled
    sideways; in a grid of aligned columns they took a line more than needed, and the grids
    below lost their last core's row."""

    chosen = Signal(tuple)
    H_GAP, V_GAP = 10, 2

    def __init__(self, parent=None):
        super().__init__(parent)
        from PySide6.QtWidgets import QCheckBox, QSizePolicy

        from .more import extra_names, short_name

        sp = QSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        sp.setHeightForWidth(True)
        self.setSizePolicy(sp)
        self.label = QLabel("Also show:", self)
        self.label.setToolTip(
            "Algorithms libraries run (MPICH, NCCL, the papers'), traced on "
            "the same worked example beside ring, tree and the code"
        )
        self.boxes: dict = {}
        for name in extra_names():
            box = QCheckBox(short_name(name), self)
            box.setObjectName(f"show_{name}")
            box.setAccessibleName(f"Show {short_name(name)}")
            box.toggled.connect(self._on_toggled)
            self.boxes[name] = box
        self._setting = False
        self.set_N(4)

    # -- flowing the boxes -------------------------------------------------------------
    def _items(self) -> list:
        return [self.label] + list(self.boxes.values())

    def _flow(self, width: int):
        """(item, x, y, w, h) for each item, and the height they take at ``width``."""
        out, x, y, line = [], 0, 0, 0
        for w in self._items():
            hint = w.sizeHint()
            if x > 0 and x + hint.width() > width:
                x, y, line = 0, y + line + self.V_GAP, 0
            out.append((w, x, y, hint.width(), hint.height()))
            x += hint.width() + self.H_GAP
            line = max(line, hint.height())
        return out, y + line

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._flow(width)[1]

    def sizeHint(self):
        from PySide6.QtCore import QSize

        width = sum(w.sizeHint().width() + self.H_GAP for w in self._items()) - self.H_GAP
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self):
        from PySide6.QtCore import QSize

        width = max(w.sizeHint().width() for w in self._items())
        return QSize(width, self.heightForWidth(width))

    def resizeEvent(self, e):
        super().resizeEvent(e)
        self._place()

    def changeEvent(self, e):
        super().changeEvent(e)
        if e.type() == e.Type.FontChange:  # Ctrl+=: the boxes grow, flow again
            self.updateGeometry()
            self._place()

    def _place(self) -> None:
        from PySide6.QtCore import QRect

        for w, x, y, wd, h in self._flow(self.width())[0]:
            w.setGeometry(QRect(x, y, wd, h))

    # -- the choice ----------------------------------------------------------------------
    def names(self) -> tuple:
        return tuple(n for n, b in self.boxes.items() if b.isChecked())

    def set_chosen(self, names) -> None:
        self._setting = True
        try:
            for n, b in self.boxes.items():
                b.setChecked(n in names)
        finally:
            self._setting = False

    def set_N(self, N: int) -> None:
        """Tooltips: what each is, and whether it runs on the example's N cores."""
        from ....core.schedules import schedule_info, schedule_refusal

        for n, b in self.boxes.items():
            info = schedule_info(n)
            why = schedule_refusal(n, N)
            b.setToolTip(
                f"{info.title} — {info.source}. Traced for {info.which_N}"
                + (f"; not for N = {N} (its column says why)" if why else "")
                + "."
            )

    def _on_toggled(self, _on) -> None:
        if not self._setting:
            self.chosen.emit(self.names())


class ExampleBox(QGroupBox):
    """The worked example: its inputs, its target X @ W, what the coded column runs (and a
    button to match the example to the code's N), and the algorithms shown beside."""

    def __init__(self, example: WorkedExample, chosen: tuple, parent=None):
        # a short title: a group box is at least as wide as its title, and the whole sentence
        # made the tab scroll sideways beside the Lessons panel; it is a wrapped line inside
        super().__init__("Worked example", parent)
        self.setToolTip(
            "Core i starts with its partial X_i·W_i; all-reduce must leave X @ W on every core"
        )
        self.inputs = ExampleEditor(example)
        side_box = QWidget()
        side = QVBoxLayout(side_box)
        side.setContentsMargins(0, 0, 0, 0)
        self.target = label(name="compare_target")
        self.code_label = label()
        self.match_button = QPushButton()
        self.match_button.setObjectName("compare_match")
        self.picker = SchedulePicker()
        self.picker.setObjectName("compare_more")
        self.picker.set_chosen(chosen)
        # the target and the Run button share a line: the picker below took the height the
        # grids' last row needs at 1280×720
        self._target_row = QBoxLayout(QBoxLayout.LeftToRight)
        self._target_row.addWidget(self.target, 1)
        side.addLayout(self._target_row)
        for w in (self.code_label, self.match_button, self.picker):
            side.addWidget(w)
        side.addStretch(1)
        # the target, the code and the picker beside the inputs, or under them when narrow
        lay = QVBoxLayout(self)
        lay.addWidget(label("All-reduce the partials X_i·W_i to X @ W:"))
        lay.addWidget(SideBySide(self.inputs, side_box, stretch=(0, 1)))

    def add_beside_target(self, widget, alignment) -> None:
        self._target_row.addWidget(widget, 0, alignment)

    def set_wide(self, wide: bool) -> None:
        """Side by side, what is beside the target; under it when the tab is narrow."""
        want = QBoxLayout.LeftToRight if wide else QBoxLayout.TopToBottom
        if self._target_row.direction() != want:
            self._target_row.setDirection(want)

    def show_example(self, ex: WorkedExample, code, mismatch: bool) -> None:
        """The target of ``ex``; the editor's ``code`` in the coded column, or (``mismatch``)
        a button to trace the example on the code's N cores."""
        fmt = lambda v: " ".join(str(x) if x.denominator != 1 else str(x.numerator) for x in v)  # noqa: E731
        self.target.setText(f"Target X @ W = [ {fmt(ex.target)} ]")
        self.code_label.setText(
            f"Coded column: the editor's code “{code.name or 'untitled'}” "
            f"(N = {code.N}, K = {code.K}, T = {code.T} over {code.field.name}), "
            "live."
        )
        self.match_button.setVisible(mismatch and TRACE_N_RANGE[0] <= code.N <= TRACE_N_RANGE[1])
        if mismatch:
            self.match_button.setText(f"Use {article(code.N)} {code.N}-core example for this code")
