"""The parameter bar: N, K, T, the field and the presets, always visible.

Every change goes through the document as one undoable step; the spin boxes commit on Enter,
on the arrows or when focus leaves (not on each keystroke: typing "16" must not pass through
T = 1 and drop entries on the way).  A field that does not fit the entries is refused, with the
entries named, and the box returns to the current field.  Over GF(p^m) a second box shows the
modulus, the irreducible polynomial the field computes modulo (Conway's by default); choosing
another reads every entry, as an integer, in that field (one undoable step).
"""

from __future__ import annotations

import re
from functools import cache

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QSpinBox, QWidget

from ..core.code import K_RANGE, N_RANGE, T_RANGE
from ..core.errors import RinglabError
from ..core.fields import conway_modulus, irreducible_moduli
from ..core.fields import field as get_field
from ..core.presets import preset, preset_names
from .flow_layout import FlowLayout
from .matrix_grid import set_text_color
from .matrix_model import notation_tip
from .placeholder_combo import PlaceholderCombo
from .state_link import on_state
from .wrap_row import minimum_follows_width

FIELDS = ["Q", "R", "GF(2)", "GF(3)", "GF(5)", "GF(7)", "GF(2^2)", "GF(2^8)"]
PRESET_PLACEHOLDER = "Load a preset…"
CONWAY_TAG = "  (Conway, default)"
MODULUS_TIP = (
    "GF(p^m) computes modulo an irreducible polynomial of degree m; the Conway polynomial, a "
    "standard choice, is the default. Another one is another field: choosing it reads every "
    "entry, as an integer, in that field (Ctrl+Z undoes). Type one, e.g. x^8 + x^4 + x^3 + x + 1"
    "\n    (Shift+F1: Help → Glossary at this term; glossary: lessons/glossary.md#conway)"
)


@cache
def modulus_choices(p: int, m: int) -> tuple[str, ...]:
    """The moduli the box lists: every monic irreducible polynomial for small fields (m ≤ 4,
    p^m ≤ 256), else Conway's alone (another can be typed); Conway's first."""
    if m <= 4 and p**m <= 256:
        return tuple(irreducible_moduli(p, m))
    return (conway_modulus(p, m),)


class SizeSpin(QSpinBox):
    """A spin box for N, K or T that never commits a value that was not typed.

    Qt's own validator drops a keystroke that leaves the range, so typing "1000" into N used
    to leave "10" in the box — and Enter committed N = 10 — while "−3" in K became "3".  Here a
    whole number outside the range stays in the box as typed (Intermediate); on Enter or when
    focus leaves it is refused, the old value is put back and ``refused`` names the box, what
    was typed and the range.  Anything that is not a whole number is refused at the keystroke.
    """

    refused = Signal(str)

    def __init__(self, name: str, parent=None):
        super().__init__(parent)
        self.name = name
        # commit on Enter, the arrows or focus-out: typing "20" must not pass through 2
        self.setKeyboardTracking(False)

    def _message(self, text: str) -> str:
        return (
            f"{self.name}: {text.strip()!r} refused — expected a whole number "
            f"{self.minimum()}..{self.maximum()}; {self.name} stays {self.value()}"
        )

    def _refuse(self, text: str) -> None:
        msg = self._message(text)
        # said once Qt has finished with the key (Enter re-emits the old value, and a view
        # that refreshes on it would wipe a message given now)
        QTimer.singleShot(0, self, lambda: self.refused.emit(msg))

    def _number(self, text: str) -> str:
        t = text.strip()
        if self.prefix() and t.startswith(self.prefix().strip()):
            t = t[len(self.prefix().strip()) :].strip()
        if self.suffix() and t.endswith(self.suffix().strip()):
            t = t[: -len(self.suffix().strip())].strip()
        return t.replace("−", "-")

    def validate(self, text, pos):
        result = super().validate(text, pos)
        state = result[0] if isinstance(result, tuple) else result
        if state == QValidator.Invalid:
            num = self._number(text)
            if re.fullmatch(r"[+-]?\d+", num) or num in ("-", "+"):
                # out of range but a number: keep it as typed, refuse it on Enter (fixup)
                return (QValidator.Intermediate, text, pos)
            if text.strip():
                self._refuse(text)
        return result

    def fixup(self, text):
        shown = self.prefix() + self.textFromValue(self.value()) + self.suffix()
        if text.strip() != shown.strip():
            self._refuse(text)
        # what Qt shows next is the old value: return it, so nothing else is committed
        return shown


def preset_label(name: str) -> str:
    """A readable dropdown entry for a preset id: ``paper-k2-t3`` → "Paper (Sec. IV-B):
    N = 3, K = 2, T = 3"; ids of no known pattern are shown as they are."""
    m = re.fullmatch(r"paper-k(\d+)-t(\d+)", name)
    if m:
        return f"Paper (Sec. IV-B): N = 3, K = {m[1]}, T = {m[2]}"
    m = re.fullmatch(r"classic-ring-n(\d+)", name)
    if m:
        n = int(m[1])
        return f"Classic ring all-reduce: N = K = {n}, T = {2 * (n - 1)}"
    m = re.fullmatch(r"time-shared-k(\d+)", name)
    if m:
        return f"Time-shared (Theorem 3): N = 3, K = {m[1]}"
    return name


class PresetCombo(PlaceholderCombo):
    """The preset dropdown: readable labels, the preset id as each item's data (and tooltip);
    as narrow as its placeholder (:mod:`.placeholder_combo`).
    :meth:`findText` finds an item by its label or by its id."""

    def add_preset(self, name: str) -> None:
        self.addItem(preset_label(name), name)
        self.setItemData(self.count() - 1, f"preset {name}", Qt.ToolTipRole)

    def findText(self, text, flags=Qt.MatchExactly | Qt.MatchCaseSensitive):  # noqa: N802
        i = super().findText(text, flags)
        return i if i >= 0 else self.findData(text)


class ParameterBar(QWidget):
    """N, K, T, the field and the presets: the row above the editor."""

    message = Signal(str)  # a line for the status bar (the window shows it)

    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        # a preset replaces the code as Open does: the window asks first when there are
        # unsaved changes (``confirm_replace("load a preset")`` → False keeps the code)
        self.confirm_replace = lambda action: True
        # groups that wrap to a second row when the window is narrow (22 pt beside a lesson:
        # one row needed 1,432 px, and the window could not be made narrower than that)
        self._flow = FlowLayout(self, h_spacing=16)
        self._flow.setContentsMargins(6, 2, 6, 2)
        self._add_size_spins()
        self._add_field_boxes(self._group())
        self._add_presets(self._group())
        self.problem = QLabel()
        set_text_color(self.problem, "#b00000")
        self.problem.setWordWrap(True)
        self._flow.addWidget(self.problem)
        minimum_follows_width(self)
        # the tool bar gives the bar its whole width only if it asks for more than its minimum
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
        on_state(self, document.state.events.code, self._on_code_changed)
        self._on_code_changed()

    def sizeHint(self):  # noqa: N802 (Qt's name)
        """One row of every group (the flow layout's own hint is its narrowest column)."""
        m = self._flow.contentsMargins()
        width = m.left() + m.right()
        for i in range(self._flow.count()):
            item = self._flow.itemAt(i)
            if item.widget() is not None and not item.widget().isHidden():
                width += item.sizeHint().width() + 16
        return QSize(width, self._flow.heightForWidth(width))

    def _group(self) -> QHBoxLayout:
        """A row of the bar's widgets that stays together when the bar wraps."""
        box = QWidget()
        lay = QHBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        self._flow.addWidget(box)
        return lay

    def _add_size_spins(self) -> None:
        """N, K and T, each a spin box after its bold letter."""
        self.spins = {}
        for name, rng, tip in (
            ("N", N_RANGE, "nodes on the ring"),
            ("K", K_RANGE, "message symbols per node (x_i ∈ F^K)"),
            ("T", T_RANGE, "time units (transmissions at t = 0..T−1)"),
        ):
            lab = QLabel(f"<b>{name}</b>")
            lab.setToolTip(tip)
            sp = SizeSpin(name)
            sp.refused.connect(self._say)
            sp.setRange(*rng)
            sp.setKeyboardTracking(False)
            sp.setToolTip(tip + ("\n" + notation_tip("x") if name == "K" else ""))
            sp.setAccessibleName(name)
            sp.valueChanged.connect(lambda v, n=name: self._on_size_edited(n, v))
            lab.setBuddy(sp)
            lay = self._group()
            lay.addWidget(lab)
            lay.addWidget(sp)
            self.spins[name] = sp

    def _add_field_boxes(self, lay) -> None:
        """The field (Q, R, GF(p), GF(p^m)) and, for GF(p^m), its modulus."""
        lay.addWidget(QLabel("<b>Field</b>"))
        self.field = QComboBox()
        self.field.setEditable(True)
        self.field.addItems(FIELDS)
        self.field.setInsertPolicy(QComboBox.NoInsert)
        self.field.setToolTip(
            "Q (exact), R (floating point), GF(p) or GF(p^m); type any, e.g. GF(11)"
        )
        self.field.setMinimumContentsLength(7)
        self.field.setAccessibleName("Field")
        self.field.activated.connect(lambda _i: self._on_field_edited(self.field.currentText()))
        self.field.lineEdit().returnPressed.connect(
            lambda: self._on_field_edited(self.field.currentText())
        )
        lay.addWidget(self.field)
        self.modulus_label = QLabel("mod")
        self.modulus = QComboBox()
        self.modulus.setEditable(True)
        self.modulus.setInsertPolicy(QComboBox.NoInsert)
        self.modulus.setMinimumContentsLength(12)
        # as wide as its longest entry: a line edit narrower than its text scrolls to the
        # cursor, at the end, and "x^5 + x^2 + 1  (Conway, default)" lost its leading "x^"
        self.modulus.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        # squeezed all the same (a typed polynomial, a narrow window): cut the end, not the start
        self.modulus.currentIndexChanged.connect(lambda _i: self._show_modulus_start())
        self.modulus.setAccessibleName("Modulus")
        self.modulus.setToolTip(MODULUS_TIP)
        self.modulus_label.setBuddy(self.modulus)
        self.modulus.activated.connect(
            lambda i: self._on_modulus_edited(
                self.modulus.itemData(i) or self.modulus.currentText()
            )
        )
        self.modulus.lineEdit().returnPressed.connect(
            lambda: self._on_modulus_edited(self.modulus.currentText())
        )
        lay.addWidget(self.modulus_label)
        lay.addWidget(self.modulus)

    def _add_presets(self, lay) -> None:
        """The preset dropdown; its first entry only invites a choice."""
        self.presets = PresetCombo()
        self.presets.addItem(PRESET_PLACEHOLDER)
        for name in preset_names():
            self.presets.add_preset(name)
        self.presets.setToolTip(
            "the paper's codes (Sec. IV-B), the classic ring all-reduce, time-sharing"
        )
        self.presets.activated.connect(self._on_preset_chosen)
        self.presets.setAccessibleName("Preset")
        lay.addWidget(self.presets)

    def _on_code_changed(self):
        self.problem.clear()
        self._sync()
        # the dropdown names the preset only while the editor still holds it: arrow keys on a
        # closed dropdown then step from preset to preset (resetting it at once made every
        # Down press load the first preset again)
        if self.presets.currentIndex() > 0 and self.document.code is not getattr(
            self, "_loaded", None
        ):
            self.presets.setCurrentIndex(0)

    def _sync(self):
        """Show the code's N, K, T and field (without emitting edits)."""
        c = self.document.code
        for name, v in (("N", c.N), ("K", c.K), ("T", c.T)):
            sp = self.spins[name]
            if sp.value() != v:
                sp.blockSignals(True)
                sp.setValue(v)
                sp.blockSignals(False)
        base = getattr(c.field, "base_name", c.field.name)
        if self.field.currentText() != base:
            self.field.blockSignals(True)
            i = self.field.findText(base)
            if i < 0:
                self.field.addItem(base)
                i = self.field.count() - 1
            self.field.setCurrentIndex(i)
            self.field.blockSignals(False)
        self._sync_modulus()

    def _sync_modulus(self):
        """The modulus box: shown over GF(p^m) only, listing the choices, on the code's modulus."""
        F = self.document.code.field
        ext = getattr(F, "modulus", None) is not None
        self.modulus_label.setVisible(ext)
        self.modulus.setVisible(ext)
        if not ext:
            return
        self.modulus.blockSignals(True)
        choices = modulus_choices(F.p, F.m)
        if [self.modulus.itemData(i) for i in range(self.modulus.count())][: len(choices)] != list(
            choices
        ):
            self.modulus.clear()
            for k, poly in enumerate(choices):
                self.modulus.addItem(poly + (CONWAY_TAG if k == 0 else ""), poly)
        i = self.modulus.findData(F.modulus)
        if i < 0:
            self.modulus.addItem(F.modulus, F.modulus)
            i = self.modulus.count() - 1
        self.modulus.setCurrentIndex(i)
        self.modulus.blockSignals(False)
        self._show_modulus_start()

    def _show_modulus_start(self):
        """The modulus box shows its text from the start (were it ever cut, its end goes), and
        its tooltip begins with the whole of it."""
        text = self.modulus.currentText()
        self.modulus.lineEdit().setCursorPosition(0)
        self.modulus.setToolTip(f"{text}\n{MODULUS_TIP}" if text else MODULUS_TIP)

    def _on_modulus_edited(self, text: str):
        F = self.document.code.field
        poly = str(text).replace(CONWAY_TAG.strip(), "").strip()
        if getattr(F, "modulus", None) is None or not poly:
            return
        try:
            target = get_field(F.base_name, modulus=poly)
            if target is F:
                return  # (Enter also "activates" the box: one edit, and a refusal stays shown)
            self.document.set_field(target.name)
            self.problem.clear()
        except RinglabError as e:
            self._refuse(f"Modulus not changed: {e}")

    def _on_size_edited(self, name: str, value: int):
        if getattr(self.document.code, name) == value:
            return
        self.problem.clear()
        try:
            self.document.resize(**{name: value})
        except RinglabError as e:
            self._refuse(str(e))

    def _on_field_edited(self, text: str):
        text = text.strip()
        F = self.document.code.field
        if text in (F.name, getattr(F, "base_name", F.name)):
            return  # (Enter in the box also "activates" it: one edit, not two)
        try:
            self.document.set_field(text)
            self.problem.clear()
        except RinglabError as e:
            self._refuse(f"Field not changed: {e}")

    def _say(self, msg: str):
        """Say why an input was refused (the box keeps or restores the code's value itself)."""
        self.problem.setText(msg)
        self.problem.setToolTip(msg)
        self.message.emit(msg)

    def _refuse(self, msg: str):
        self.problem.setText(msg)
        self.problem.setToolTip(msg)
        self.message.emit(msg)
        self._sync()  # the boxes show the code as it is
        F = self.document.code.field
        if self.field.currentText() != getattr(F, "base_name", F.name):
            self.field.setEditText(getattr(F, "base_name", F.name))
        self._sync_modulus()

    def _on_preset_chosen(self, index: int):
        name = self.presets.itemData(index)
        if not name:
            return
        self.load_preset(name)
        if self.document.code is not getattr(self, "_loaded", None):
            self.presets.setCurrentIndex(0)  # refused, or nothing changed

    def load_preset(self, name: str):
        """Load a preset as a new, unmodified document (like Open: no file yet, so Save asks
        where; Ctrl+Z still brings the previous code back).  Unsaved changes are asked about
        first; a preset loaded and not edited is not "unsaved changes"."""
        try:
            code = preset(name, self.document.code.field.name)
        except RinglabError as e:
            return self._refuse(str(e))
        if not self.confirm_replace("load a preset"):
            return
        self.problem.clear()
        self._loaded = code
        self.document.load_code(code, "preset", f"Load preset {name}")
        self._loaded = self.document.code
        self.message.emit(
            f"loaded preset {name}: {code.name} over {code.field.name} (Ctrl+Z undoes)"
        )
