r"""Measure on N processes: the cost explorer's ring, tree and code timed on real MPI ranks.

For the explorer's N and S, :class:`CostMeasurer` runs one after another, each as
``python -m ringlab run … --json`` in a :class:`~ringlab.gui.job_process.JobProcess` (a QProcess
around the engine's Qt-free job model, :class:`ringlab.engine.job.Job`, the Run panel's too;
MPI never loads in the GUI process and the GUI thread never waits):

* ``preset:classic-ring-n<N> --library-algorithm ring``: the ring written as a linear code
  (K = N, T = 2(N−1)) run with point-to-point messages, and MPICH's own ring Allreduce;
* the same with ``--library-algorithm tree``: MPICH's tree Allreduce
  (``MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM``, :func:`ringlab.engine.launch.library_env`);
* the editor's code, when it has N nodes, from a temporary file: "code (measured)".

Each job's ``result`` line holds the medians over R repetitions of the slowest rank's time,
for the coded run and the library's Allreduce.  S is rounded down to whole elements per symbol
(K × element size bytes; ``ringlab run`` refuses anything else), so the ring and the code may be
measured at slightly different S — the tooltips say which.

The model predicts $t_\text{ring} = 2(N-1)(\alpha + S/(NB))$ and
$t_\text{code} = T(\alpha + S/(KB))$ with no compute term and one core per rank: with more
ranks than cores the ranks take turns on a core, and the times measure the operating system's
scheduler as much as the messages.  The panel says so beside the numbers, with the load.

Its one seam to the engine is the block of imports below: the engine's public modules (is MPI
here, an element's size, the scheduler caveat; none loads MPI) and
:class:`~ringlab.gui.job_process.JobProcess`, the QProcess runner it shares with the Run panel.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ....core.errors import RinglabError
from ....core.schedules.costs import format_bandwidth, format_bytes, format_seconds, parse_bytes
from ....engine.arith import arith_for
from ....engine.launch import mpi_missing
from ....engine.results import SCHEDULER
from ...job_process import JobProcess
from ...settings import set_text_colour
from .._widgets import label
from .folding import Row

MAX_PROCS = 16  # one rank per node; beyond this a laptop measures only its scheduler
MAX_BYTES = 64 << 20  # each rank holds S bytes plus its received symbols
RED, GREY, ORANGE = "#b00020", "#444", "#a15c00"


def availability() -> str | None:
    """Why measuring cannot work here (the mpi extra's one line), or None.  Nothing MPI is
    imported."""
    return mpi_missing()


def auto_repeat(S: int) -> int:
    """Repetitions for a stable median: many for small S, few where one takes tens of ms."""
    return 21 if S <= 65536 else 11 if S <= 1 << 20 else 5


def load() -> str:
    """The 1, 5 and 15 minute load averages (other people's work shares the cores)."""
    try:
        return " ".join(f"{v:.2f}" for v in os.getloadavg())
    except OSError:
        return "n/a"


def rounded(S: int, K: int, itemsize: int, where: str) -> int:
    """S rounded down to a multiple of K × itemsize (whole elements per symbol), ≥ one unit."""
    unit = K * itemsize
    if S < unit:
        raise RinglabError(f"{where}: S = {S} B is below K × element size = {unit} bytes")
    return S // unit * unit


@dataclass
class Job:
    key: str  # "ring" (code + MPICH ring), "tree" (MPICH tree), "coded"
    label: str
    args: list[str]
    bytes: int


@dataclass
class Measurement:
    """What one "Measure" produced; ``results[key]`` is a job's ``result`` event."""

    N: int
    size: int  # the explorer's S in bytes (before rounding per code)
    code_id: str | None  # the measured editor's code (its JSON), when it has N nodes
    cpus: int
    repeat: int
    jobs: list[Job]
    results: dict = field(default_factory=dict)
    load_before: str = ""
    load_after: str = ""
    error: str | None = None
    cancelled: bool = False
    done: bool = False

    def time(self, key: str, which: str) -> float | None:
        """Median seconds of ``which`` ("coded" or "allreduce") in job ``key``'s result."""
        r = self.results.get(key)
        t = (r or {}).get("times") or {}
        return t[which]["time_s"] if which in t else None


def code_id(code) -> str:
    from ....core.codefile import dumps_code

    return dumps_code(code)


def plan_jobs(N: int, S: int, code, repeat: int | None, seed: int, tmpdir: str) -> Measurement:
    """The jobs for N ranks and S bytes; raises :class:`RinglabError` (one line) when refused."""
    from ....core.codefile import save_code
    from ....core.presets import preset

    if N > MAX_PROCS:
        raise RinglabError(
            f"N = {N}: measuring starts one MPI process per node; at most "
            f"{MAX_PROCS} here (this machine has {os.cpu_count()} cores)"
        )
    if S > MAX_BYTES:
        raise RinglabError(
            f"S = {format_bytes(S)}: each of the {N} processes holds S bytes; at "
            f"most {format_bytes(MAX_BYTES)} when measuring here"
        )
    rc = preset(f"classic-ring-n{N}")
    S_ring = rounded(S, rc.K, arith_for(rc.field).itemsize, "the ring")
    R = repeat or auto_repeat(S)
    common = ["--json", "--repeat", str(R), "--seed", str(seed)]
    ring = f"preset:classic-ring-n{N}"
    jobs = [
        Job(
            "ring",
            f"the ring as a code and MPICH's ring on {N} processes",
            [ring, "--size", str(S_ring), *common, "--library-algorithm", "ring"],
            S_ring,
        ),
        Job(
            "tree",
            f"MPICH's tree on {N} processes",
            [ring, "--size", str(S_ring), *common, "--library-algorithm", "tree"],
            S_ring,
        ),
    ]
    cid = None
    if code is not None and code.N == N:
        S_code = rounded(S, code.K, arith_for(code.field).itemsize, "the editor's code")
        path = save_code(code, Path(tmpdir) / "code.ringlab.json")
        jobs.append(
            Job(
                "coded",
                f"the editor's code on {N} processes",
                [str(path), "--size", str(S_code), *common],
                S_code,
            )
        )
        cid = code_id(code)
    return Measurement(N, S, cid, os.cpu_count() or 1, R, jobs)


class CostMeasurer(QObject):
    """Runs a :class:`Measurement`'s jobs one after another in one :class:`JobProcess`."""

    progress = Signal(int, int, str)  # steps done, steps in all, what runs
    updated = Signal()  # a job finished (results grew) or the measurement ended

    def __init__(self, parent=None):
        super().__init__(parent)
        self.runner = JobProcess(self)
        self.runner.event.connect(self._on_event)
        self.runner.finished.connect(self._on_finished)
        self.seed = 0  # of the ranks' random data (tests mark their jobs)
        self.repeat: int | None = None  # None: auto_repeat(S)
        self.measurement: Measurement | None = None
        self._index = 0
        self._tmp: str | None = None

    @property
    def proc(self):
        return self.runner.proc

    @property
    def timings(self) -> int:
        """Timing events of the running job (a cancel test waits for the first)."""
        return self.runner.job.timings if self.runner.job else 0

    def is_running(self) -> bool:
        return self.runner.is_running()

    def start(self, N: int, S: int, code) -> Measurement:
        """Plan and start; raises :class:`RinglabError` with the reason when refused."""
        if self.is_running():
            raise RinglabError("a measurement is running: cancel it first")
        tmp = tempfile.mkdtemp(prefix="ringlab-measure-")
        try:
            m = plan_jobs(N, S, code, self.repeat, self.seed, tmp)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        self._cleanup()
        self._tmp, self.measurement, self._index = tmp, m, 0
        m.load_before = load()
        self._start_job()
        return m

    def cancel(self) -> None:
        """SIGTERM ``ringlab run`` (it ends mpiexec's process group, exit 130); kill if stuck."""
        if self.is_running():
            self.measurement.cancelled = True
            self.runner.cancel()

    def shutdown(self) -> None:
        if self.is_running():
            self.measurement.cancelled = True
            self.runner.shutdown()

    # -- one job ------------------------------------------------------------------------------
    def _start_job(self) -> None:
        job = self.measurement.jobs[self._index]
        self.runner.start("run", job.args)
        self._emit_progress()

    def _emit_progress(self) -> None:
        m, k = self.measurement, self._index
        done, total = self.runner.job.progress
        frac = done / total if total else 0.0
        self.progress.emit(
            int(100 * (k + frac)), 100 * len(m.jobs), f"{k + 1} of {len(m.jobs)}: {m.jobs[k].label}"
        )

    def _on_event(self, ev: dict) -> None:
        if ev["event"] != "timing" or self.runner.job.timings % 8 == 0:
            self._emit_progress()

    def _on_finished(self, final: dict) -> None:
        m, spec = self.measurement, self.measurement.jobs[self._index]
        job = self.runner.job
        if m.cancelled:
            return self._end(None)
        if job.result is not None:
            m.results[spec.key] = job.result  # exit 0, or 1 (a rank decoded wrongly: shown)
        else:
            return self._end(f"measuring {spec.label} failed: {job.error}")
        self._index += 1
        self.updated.emit()
        if self._index < len(m.jobs):
            self._start_job()
        else:
            self._end(None)

    def _end(self, error: str | None) -> None:
        m = self.measurement
        m.error, m.done, m.load_after = error, True, load()
        self._cleanup()
        self.updated.emit()

    def _cleanup(self) -> None:
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None


class MeasureControls(QWidget):
    """The "Measure on N processes" button, Cancel, progress and one status line.

    ``source()`` gives (N, S text, the editor's code or None) at the click."""

    updated = Signal()

    def __init__(self, source, parent=None):
        super().__init__(parent)
        self.source = source
        self.measurer = CostMeasurer(self)
        self.unavailable = availability()
        self.button = QPushButton()
        self.button.setObjectName("compare_measure")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("compare_measure_cancel")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.status = label(name="compare_measure_status")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.button)
        row.addWidget(self.cancel_button)
        row.addWidget(self.progress, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(row)
        lay.addWidget(self.status)
        self.button.clicked.connect(self.measure)
        self.cancel_button.clicked.connect(self.cancel)
        self.measurer.progress.connect(self._on_progress)
        self.measurer.updated.connect(self._on_updated)
        if self.unavailable:
            self.button.setEnabled(False)
            self.button.setToolTip(f"Disabled: {self.unavailable}")
            self._say(self.unavailable, GREY)  # the mpi extra's one line: what to install
        self.set_N(source()[0])

    @property
    def measurement(self) -> Measurement | None:
        return self.measurer.measurement

    def set_N(self, N: int) -> None:
        if self.unavailable:
            self.button.setText(f"Measure on {N} processes (unavailable: needs ringlab[mpi])")
            return
        self.button.setText(f"Measure on {N} processes")
        self.button.setToolTip(
            f"Time MPICH's ring and tree Allreduce, the ring as a code and the editor's code (if "
            f"it has {N} nodes) on {N} real MPI processes at the explorer's S (≤ {MAX_PROCS})"
        )

    def measure(self) -> bool:
        """Start; False (with the reason in the status line) when refused."""
        if self.unavailable or self.measurer.is_running():
            return False
        N, S_text, code = self.source()
        try:
            S = parse_bytes(S_text, "S")
            m = self.measurer.start(N, int(S), code)
        except RinglabError as e:
            self._say(f"Not measured: {e}", RED)
            return False
        self.button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setVisible(True)
        self._say(f"Measuring on {N} processes (load {m.load_before})…", GREY)
        self.updated.emit()
        return True

    def cancel(self) -> None:
        if self.measurer.is_running():
            self.cancel_button.setEnabled(False)
            self._say("Cancelling: stopping mpiexec and its ranks…", GREY)
            self.measurer.cancel()

    def _on_progress(self, done: int, total: int, what: str) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self._say(f"Measuring {what}…", GREY)

    def _on_updated(self) -> None:
        m = self.measurement
        if m.done:
            self.button.setEnabled(True)
            self.cancel_button.setEnabled(False)
            self.progress.setVisible(False)
            if m.cancelled:
                self._say("Cancelled: the job and its ranks were stopped.", GREY)
            elif m.error:
                self._say(m.error, RED)
            else:
                wall = sum(r.get("wall_s", 0) for r in m.results.values())
                self._say(
                    f"Measured: {len(m.results)} jobs on {m.N} processes in {wall:.1f} s "
                    f"(the tinted rows).",
                    GREY,
                )
        self.updated.emit()

    def _say(self, text: str, colour: str) -> None:
        set_text_colour(self.status, colour)
        self.status.setText(text)


# -- the table's measured rows ----------------------------------------------------------------
MEASURED_ROWS = (  # (row label, job key, which median, what it is)
    ("MPICH ring\n(measured)", "ring", "allreduce", "MPI_Allreduce of MPICH, its ring algorithm"),
    ("MPICH tree\n(measured)", "tree", "allreduce", "MPI_Allreduce of MPICH, its tree algorithm"),
    (
        "ring as code\n(measured)",
        "ring",
        "coded",
        (
            "the classic ring written as a linear code (K = N, T = 2(N−1)), run by ringlab's ranks "
            "with MPI point-to-point messages"
        ),
    ),
    (
        "code\n(measured)",
        "coded",
        "coded",
        "the editor's code, run by ringlab's ranks with MPI point-to-point messages",
    ),
)


def measured_rows(m: Measurement, code) -> list[tuple[str, list[str], str]]:
    """(row label, cells of the model table's columns, tooltip) per measured row.

    Only time, algbw and busbw are measured (nccl-tests' definitions, S the rounded bytes);
    a code's steps, messages and message size are its own T, N·T and S/K; MPICH's are not
    known from outside ("—").  The editor's code has a row when it has N nodes and is the
    code that was measured."""
    out = []
    for row_label, key, which, what in MEASURED_ROWS:
        if key == "coded" and (m.code_id is None or code is None or code_id(code) != m.code_id):
            continue
        job = next(j for j in m.jobs if j.key == key)
        r = m.results.get(key)
        cells = ["—"] * 9
        if r is None:
            cells[6] = "measuring…" if not m.done else "not measured"
            out.append((row_label, cells, what))
            continue
        b = r["times"][which]
        if which == "coded":
            cells[:3] = [str(r["T"]), str(r["N"] * r["T"]), format_bytes(job.bytes / r["K"])]
        cells[6:] = [
            format_seconds(b["time_s"]),
            format_bandwidth(b["algbw_Bps"]),
            format_bandwidth(b["busbw_Bps"]),
        ]
        tip = (
            f"{what}; {r['procs']} processes, S = {job.bytes} B, median of "
            f"{r['timed_repetitions']} repetitions (each the slowest rank's)"
        )
        if which == "coded":
            bad = [k["rank"] for k in r["ranks"] if k["ok"] is False]
            if bad:
                cells[6] = f"✗ rank {bad[0]} wrong"
                tip += f"; rank(s) {', '.join(map(str, bad))} did NOT decode the sum"
            elif r.get("hidden_by_float"):
                cells[6] = f"✗ {cells[6]} (infeasible)"
                tip += (
                    "; every rank matched MPI_Allreduce within float64's tolerance, but "
                    "Theorem 2 (exact) calls the code infeasible: floating point hid it"
                )
            else:
                tip += "; every rank decoded the same as MPI_Allreduce"
        out.append((row_label, cells, tip))
    return out


def measured_note(m: Measurement) -> str:
    """The line under the table: where and how it was measured, and the scheduler caveat."""
    ring = next(j for j in m.jobs if j.key == "ring")
    text = (
        f"<b>measured (MPI, {m.N} ranks on {m.cpus} cores)</b>: S = {ring.bytes} B per "
        f"rank (the explorer's S rounded to whole float64 per symbol), median of {m.repeat} "
        f"repetitions, each the slowest rank's; load {m.load_before}"
        + (f" before, {m.load_after} after" if m.load_after else "")
        + "."
    )
    auto = m.time("coded", "allreduce")
    if auto is not None:
        text += f" MPICH's own choice (auto) beside the code: {format_seconds(auto)}."
    if m.N > m.cpus:
        text += (
            f" <span style='color:{ORANGE}'>⚠ {m.N} ranks on {m.cpus} cores: {SCHEDULER}; "
            f"compare shapes, not values, with the α-β model.</span>"
        )
    return text


def fill_rows(table, m: Measurement | None, code, base: int) -> None:
    """Append the measured rows after ``base`` model rows (or drop them with no m)."""
    rows = measured_rows(m, code) if m is not None else []
    tint = QColor("#eef4fb")
    table.set_rows([Row(label, cells, tip, tint) for label, cells, tip in rows], start=base)


def use_measured_row() -> tuple[QWidget, QCheckBox, QLabel]:
    """The cost explorer's "use measured" toggle (a short text) and, beside it, a label that
    wraps for the measured values: the whole sentence on the check box (which never wraps) was
    1,300 px wide at 22 pt and made the Schedules tab scroll sideways at 1024×768."""
    box = QCheckBox()
    box.setObjectName("compare_use_measured")
    values = label(name="compare_measured_values")
    values.setBuddy(box)
    row = QWidget()
    lay = QHBoxLayout(row)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.addWidget(box, 0, Qt.AlignTop)
    lay.addWidget(values, 1)
    return row, box, values
