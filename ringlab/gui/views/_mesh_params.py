"""The Mesh tab's parameter form: k, n, torus, group size, scheme, the coding's base multicast
and the hop measure.  The mesh does not depend on the edited ring code: these are the tab's own
parameters, and :attr:`MeshParams.key` is what its result is computed for."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QSizePolicy, QSpinBox, QWidget

from ...core.mesh import BASES, MAX_NODES, MEASURES, Mesh, group_sizes
from ._mesh_compute import MeshKey
from ._reflow import FlowRow, group

SCHEMES = ("coded", "tree", "all-at-once")


def _spin(name: str, lo: int, hi: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(lo, hi)
    box.setValue(value)
    box.setPrefix(f"{name} = ")
    box.setAccessibleName(f"Mesh {name}")
    return box


class MeshParams(QWidget):
    """The form; ``changed`` when the result's parameters change (a mesh too large is refused
    with ``refused(message)`` instead), ``scheme_changed`` when only the scheme shown does."""

    changed = Signal()
    scheme_changed = Signal()
    refused = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.k_box = _spin("k", 2, 32, 4)
        self.n_box = _spin("n", 1, 3, 2)
        self.torus_box = QCheckBox("torus")
        self.group_box = QComboBox()
        self.group_box.setToolTip("Nodes per group of the coding (sizes that tile the mesh)")
        self.group_box.setAccessibleName("Mesh group size")
        self.scheme_box = QComboBox()
        self.scheme_box.addItems(SCHEMES)
        self.scheme_box.setAccessibleName("Mesh scheme")
        self.base_box = QComboBox()
        self.base_box.addItems(BASES)
        self.base_box.setToolTip("Multicast used inside the coding's steps B, D and E")
        self.base_box.setAccessibleName("Mesh base multicast")
        self.measure_box = QComboBox()
        self.measure_box.addItems(MEASURES)
        self.measure_box.setToolTip(
            "packet: hops × blocks carried (link traffic); unicast: "
            "each message's route once (the mesh paper's Fig. 2 wording)"
        )
        self.measure_box.setAccessibleName("Mesh hop measure")
        for w in (self.k_box, self.n_box):
            w.valueChanged.connect(self._on_mesh_changed)
        self.torus_box.toggled.connect(self._on_mesh_changed)
        self.base_box.currentIndexChanged.connect(self._on_mesh_changed)
        self.measure_box.currentIndexChanged.connect(self._on_mesh_changed)
        self.group_box.currentIndexChanged.connect(lambda *_: self.changed.emit())
        self.scheme_box.currentIndexChanged.connect(lambda *_: self.scheme_changed.emit())
        # the form wraps on a narrow tab (each label with its box); the view adds its Export
        sp = QSizePolicy(QSizePolicy.Preferred, QSizePolicy.Preferred)
        sp.setHeightForWidth(True)
        self.setSizePolicy(sp)
        self.row = FlowRow(self)
        for w in (
            self.k_box,
            self.n_box,
            self.torus_box,
            group("group", self.group_box),
            group("scheme", self.scheme_box),
            group("base", self.base_box),
            group("hops per", self.measure_box),
        ):
            self.row.add(w)
        self._fill_groups()

    @property
    def key(self) -> MeshKey:
        """The parameters a result must be computed for."""
        return MeshKey(
            self.k_box.value(),
            self.n_box.value(),
            self.torus_box.isChecked(),
            self.group_box.currentData(),
            self.base_box.currentText(),
            self.measure_box.currentText(),
        )

    @property
    def scheme(self) -> str:
        return self.scheme_box.currentText()

    def _fill_groups(self):
        k, n = self.k_box.value(), self.n_box.value()
        if k**n > MAX_NODES:
            return
        m = Mesh.kary(k, n)
        old = self.group_box.currentData()
        self.group_box.blockSignals(True)
        self.group_box.clear()
        self.group_box.addItem("best (sweep)", None)
        for M in group_sizes(m):
            self.group_box.addItem(str(M), M)
        i = self.group_box.findData(old)
        self.group_box.setCurrentIndex(max(i, 0))
        self.group_box.blockSignals(False)

    def _on_mesh_changed(self, *_):
        n = self.n_box.value()
        # the largest k with k^n ≤ MAX_NODES (32 for n ≤ 2, 10 for n = 3)
        self.k_box.setMaximum(max(k for k in range(2, 33) if k**n <= MAX_NODES))
        k = self.k_box.value()
        if k**n > MAX_NODES:
            self.refused.emit(
                f"Mesh: k = {k}, n = {n} is {k**n} nodes; at most {MAX_NODES} (k ≤ 32 for n = 2)"
            )
            return
        self._fill_groups()
        self.changed.emit()
