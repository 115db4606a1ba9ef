r"""Run on N processes…: the edited code on real MPI ranks, from the app, without MPI in it.

The panel starts ``python -m ringlab run CODE --json --size S --repeat R`` (or ``--inputs``)
in a :class:`QProcess` — MPI never loads in the GUI process, and the GUI thread never waits: it
reads the JSON lines as they arrive (:mod:`ringlab.cli._run`, :mod:`ringlab.engine.rank`).
The current code is written to a temporary file with :func:`ringlab.core.codefile.save_code`.
What a job's lines add up to — state, progress, the verdict — is the engine's Qt-free job model
(:class:`ringlab.engine.job.Job`); :class:`~ringlab.gui.job_process.JobProcess` is the thin
QProcess around it, shared with the cost explorer's measurer.  No timeout is passed: start-up gets the engine's own budget
(it grows with ranks per core), and the silence timeout counts once every rank is ready.

What it shows, from the events alone:

* progress: of the $N(2T + R + 4)$ rank events a run emits (start, ready, T sent, T received,
  decoded, R timings, done per rank);
* per rank: the verdict against ``MPI_Allreduce`` (or the first wrong entry), and the times;
* "what really happened": per step t and rank i the head of $y_{i\to}^{(t)}$ it sent to
  (i+1) mod N and of what it received from (i−1) mod N.  When the walkthrough's inputs are
  small integers they are passed with ``--inputs`` (one element per symbol), so these are the
  very values the Propagation view computes in-process;
* any failure as one line: bad input (exit 2), a rank that decoded wrongly (exit 1: rank,
  symbol, element, both values), a code Theorem 2 calls infeasible although the float64 ranks
  matched (exit 1), the engine (exit 4: which rank died and how, ranks that did not start in
  time, a deadlock).

Without the ``mpi`` extra (mpi4py, mpich) Run and Calibrate are disabled and the status line
says the one line of :func:`ringlab.engine.launch.mpi_missing`: ``pip install 'ringlab[mpi]'``.

Cancel sends SIGTERM (:meth:`QProcess.terminate`); ``ringlab run`` then ends mpiexec's whole
process group and exits 130 (:mod:`ringlab.engine.launch`); a kill follows after a grace
period if it does not.  "Calibrate" runs ``ringlab run --calibrate --json --procs 2`` (a ring
ping-pong on one link) and emits the fitted α (s) and β (s/B): :meth:`RunPanel.measured`.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from PySide6.QtCore import QProcess, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..core.errors import RinglabError
from ..engine.job import times_text
from ..engine.launch import mpi_missing
from .job_process import JobProcess
from .run_form import RED, RunOptions
from .run_results import RunResults
from .settings import set_text_colour

CALIBRATION_PROCS = 2  # one link; more ranks than cores would fit the scheduler instead
GREEN, GREY, BUSY = "#2b8a3e", "#777777", "#444"
COLOURS = {"ok": GREEN, "busy": BUSY, "cancelled": BUSY}  # anything else: RED
STALE = (
    "The code has changed since this run: the verdicts and times below are the previous "
    "code's (greyed). Run again for this one. That run: "
)


def _value(v):
    """A zero-argument callable's value, or the argument itself."""
    return v() if callable(v) else v


def small_integer_rows(code, inputs) -> list[list[int]] | None:
    """The inputs as plain integers when every entry is one with |v| < 2^31, else None.

    Such values are exact in every arithmetic the engine uses (float64 for Q and R, int64 mod p,
    the field's integer code for GF(p^m)), so a run on them reproduces the walkthrough exactly.
    """
    if not inputs:
        return None
    rows = []
    for row in inputs:
        out = []
        for v in row:
            try:
                n = int(code.field.format(v))
            except (TypeError, ValueError):
                return None
            if abs(n) >= 2**31:
                return None
            out.append(n)
        rows.append(out)
    return rows


class RunPanel(QWidget):
    """``ringlab run`` in a QProcess, its events laid out; see the module docstring."""

    calibrated = Signal(float, float)  # α in seconds, β in seconds per byte
    run_finished = Signal(dict)  # the final event: result, or error {exit, message}

    def __init__(self, code, inputs=None, parent=None):
        super().__init__(parent)
        self._code_source, self._inputs_source = code, inputs
        self.seed = 0  # of the ranks' random data (tests mark their jobs)
        self.runner = JobProcess(self)
        self.runner.event.connect(self._on_event)
        self.runner.finished.connect(self._on_finished)
        self._measured: tuple[float, float] | None = None
        self._tmp: str | None = None
        self._ran_code = None  # the code of the last run: what the verdicts are about
        self.stale = False  # the code changed since (see code_changed)
        self._status = ("Not run yet.", "")
        self.unavailable = mpi_missing()  # the mpi extra's one line, or None
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.options = RunOptions(lambda: self.code)
        self.options.refused.connect(lambda msg: self._say(msg, RED))
        # the options' widgets, as the panel's own (tests and the views read them)
        self.size_box, self.size_hint = self.options.size_box, self.options.size_hint
        self.repeat_box, self.inputs_check = self.options.repeat_box, self.options.inputs_check
        self.results = RunResults()
        self.ranks, self.times = self.results.ranks, self.results.times
        self.replay_note, self.replay = self.results.replay_note, self.results.replay
        lay = QVBoxLayout(self)
        lay.addWidget(self.title)
        lay.addLayout(self._build_launcher())
        lay.addWidget(self.progress)
        lay.addWidget(self.status)
        lay.addWidget(self.results, 1)
        self.refresh_inputs()
        # in the Propagation view the walkthrough's inputs are the point: use them when we can
        self.inputs_check.setChecked(self.inputs_check.isEnabled())
        if self.unavailable:
            for b in (self.run_button, self.calibrate_button):
                b.setToolTip(f"Disabled: {self.unavailable}")
            self._set_running(False)
            self._say(self.unavailable, GREY)

    def _build_launcher(self) -> QHBoxLayout:
        """The row of options and the Run, Calibrate and Cancel buttons; also makes the
        progress bar and the status line that go below it."""
        self.run_button = QPushButton("Run")
        self.run_button.clicked.connect(self.run)
        self.calibrate_button = QPushButton("Calibrate α, β")
        self.calibrate_button.setToolTip(
            "ringlab run --calibrate: a ring ping-pong on "
            f"{CALIBRATION_PROCS} ranks, α and β by least squares"
        )
        self.calibrate_button.clicked.connect(self.calibrate)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.status = QLabel("Not run yet.")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextSelectableByMouse)
        row = QHBoxLayout()
        row.addWidget(self.options)
        row.addStretch(1)
        for w in (self.run_button, self.calibrate_button, self.cancel_button):
            row.addWidget(w)
        return row

    # -- public -------------------------------------------------------------------------------
    @property
    def code(self):
        return _value(self._code_source)

    def measured(self) -> tuple[float, float] | None:
        """(α seconds, β seconds per byte) of the last calibration, or None."""
        return self._measured

    # what the last job said: the engine's job model (ringlab.engine.job.Job)
    @property
    def proc(self) -> QProcess:
        return self.runner.proc

    @property
    def job(self) -> str:
        """ "run" or "calibrate": the kind of the last job ("" before any)."""
        return self.runner.job.kind if self.runner.job else ""

    @property
    def events(self) -> list[dict]:
        return self.runner.job.events if self.runner.job else []

    @property
    def timings(self) -> int:
        return self.runner.job.timings if self.runner.job else 0

    @property
    def result(self) -> dict | None:
        return self.runner.job.result if self.runner.job else None

    @property
    def error(self) -> str | None:
        return self.runner.job.error if self.runner.job else None

    @property
    def exit_code(self) -> int | None:
        return self.runner.job.exit_code if self.runner.job else None

    def is_running(self) -> bool:
        return self.runner.is_running()

    def status_text(self) -> str:
        return self.status.text()

    def code_changed(self) -> None:
        """The edited code changed: the title follows, and a run's verdicts, times and replay
        are marked as the previous code's (greyed, the status line says so) — until the code
        is that run's again (Ctrl+Z) or a new run starts."""
        self.refresh_inputs()
        self._update_stale()

    def _update_stale(self) -> None:
        stale = self._ran_code is not None and self.code != self._ran_code
        if stale == self.stale:
            return
        self.stale = stale
        self.results.setEnabled(not stale)
        self._show_status()

    def replay_cell(self, t: int, rank: int) -> str:
        return self.results.replay_cell(t, rank)

    def refresh_inputs(self) -> list[list[int]] | None:
        """Offer the walkthrough's inputs when they are small integers; say why not otherwise."""
        code = self.code
        rows = (
            small_integer_rows(code, _value(self._inputs_source)) if self._inputs_source else None
        )
        self.title.setText(
            f"<b>{code.name or 'untitled code'}</b>: N = {code.N}, K = {code.K}, "
            f"T = {code.T} over {code.field.name} — {code.N} MPI processes, "
            f"started by mpiexec in a child process"
        )
        self.options.offer_inputs(rows)
        return rows

    def size_bytes(self) -> int:
        """S rounded down to whole elements per symbol (K × element size bytes); raises
        :class:`RinglabError` with the reason for a size that cannot be run."""
        return self.options.size_bytes()

    def run(self) -> bool:
        """Start the run; False (with the reason in the status line) if it cannot start."""
        if self._refused():
            return False
        code = self.code
        rows = self.refresh_inputs()
        rows = rows if self.inputs_check.isChecked() else None
        try:
            size = None if rows else self.size_bytes()
        except RinglabError as e:
            self._say(f"Bad input: {e}", RED)
            return False
        from ..core.codefile import save_code

        self._tmp = tempfile.mkdtemp(prefix="ringlab-run-")
        path = save_code(code, Path(self._tmp) / "code.ringlab.json")
        args = [
            str(path),
            "--json",
            "--repeat",
            str(self.repeat_box.value()),
            "--seed",
            str(self.seed),
        ]
        if rows:
            f = Path(self._tmp) / "inputs.json"
            f.write_text(json.dumps(rows), encoding="utf-8")
            args += ["--inputs", str(f)]
        else:
            args += ["--size", str(size)]
        self._ran_code = code
        self._update_stale()
        self.results.setup(code)
        self.replay_note.setText(
            "What really happened — per step t, each rank's sent symbol y_i→^(t) (to (i+1) mod N) "
            "and what it received (from (i−1) mod N), as the ranks reported them"
            + (
                ": these are the walkthrough's inputs, so the values equal the Propagation view's."
                if rows
                else ": the first ≤ 4 elements of each message (random data; tick "
                "“the walkthrough's inputs” to see the walkthrough's values)."
            )
        )
        return self._start("run", args)

    def calibrate(self) -> bool:
        if self._refused():
            return False
        return self._start(
            "calibrate", ["--calibrate", "--json", "--procs", str(CALIBRATION_PROCS)]
        )

    def cancel(self) -> None:
        """SIGTERM ``ringlab run`` (it ends the job's process group, exit 130); kill if stuck."""
        if not self.is_running():
            return
        self.cancel_button.setEnabled(False)
        self.runner.cancel()
        self._show_job()

    def shutdown(self) -> None:
        """Stop a running job and wait for it (the dialog closes, the app quits)."""
        self.runner.shutdown()

    def highlight_step(self, t: int) -> None:
        """Select row t of the replay (the walkthrough's step t; row T is the decode)."""
        self.results.highlight_step(t)

    # -- the process --------------------------------------------------------------------------
    def _refused(self) -> bool:
        """A job runs already, or none can (no mpi extra: the status line says so again)."""
        if self.unavailable and not self.is_running():
            self._say(self.unavailable, GREY)
        return self.is_running() or bool(self.unavailable)

    def _start(self, job: str, args: list[str]) -> bool:
        self.progress.setRange(0, 0)  # busy until the launch line gives a total
        self._set_running(True)
        self.runner.start(job, args)
        self._show_job()
        return True

    def _set_running(self, on: bool) -> None:
        self.run_button.setEnabled(not on and not self.unavailable)
        self.calibrate_button.setEnabled(not on and not self.unavailable)
        self.cancel_button.setEnabled(on)

    def _show_job(self) -> None:
        """The status line and the progress bar, as the job model says."""
        job = self.runner.job
        kind, text = job.status()
        self._say(text, COLOURS.get(kind, RED))
        done, total = job.progress
        if job.ended:
            self.progress.setRange(0, 1)
            self.progress.setValue(1 if job.result is not None else 0)
        elif total:
            self.progress.setRange(0, total)
            self.progress.setValue(done)

    def _on_finished(self, final: dict) -> None:
        job = self.runner.job
        self._set_running(False)
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None
        r = job.result
        if r is not None and r["event"] == "calibration":
            self._measured = (r["alpha_s"], r["beta_s_per_byte"])
        elif r is not None:
            self.times.setText(times_text(r, self._measured))
        self._show_job()
        if r is not None and r["event"] == "calibration":
            self.calibrated.emit(float(r["alpha_s"]), float(r["beta_s_per_byte"]))
        self.run_finished.emit(final)

    # -- events -------------------------------------------------------------------------------
    def _on_event(self, ev: dict) -> None:
        kind = ev["event"]
        if kind != "timing" or self.runner.job.timings % 8 == 0:
            self._show_job()
        self.results.show_event(ev, self.runner.job.launch.get("block", 1))

    # -- layout helpers -----------------------------------------------------------------------
    def _say(self, text: str, colour: str) -> None:
        self._status = (text, colour)
        self._show_status()

    def _show_status(self) -> None:
        text, colour = self._status
        if self.stale and self.job == "run":
            text, colour = STALE + text, GREY
        set_text_colour(self.status, colour or None)
        self.status.setText(text)


class RunDialog(QDialog):
    """A non-modal window holding a :class:`RunPanel`; closing it stops a running job."""

    def __init__(self, code, inputs=None, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Run on N processes (MPI)")
        self.panel = RunPanel(code, inputs, self)
        QVBoxLayout(self).addWidget(self.panel)
        self.resize(900, 620)

    def closeEvent(self, e):
        self.panel.shutdown()
        super().closeEvent(e)


def open_run_dialog(view, code, inputs=None, step_signal=None, calibrated=None) -> RunDialog:
    """The view's run dialog (made once, then raised): ``code``/``inputs`` are read at each Run;
    ``step_signal(int)`` highlights the replay's row; ``calibrated(α, β)`` gets calibrations."""
    dlg = getattr(view, "_run_dialog", None)
    if dlg is None:
        dlg = view._run_dialog = RunDialog(code, inputs, view)
        if step_signal is not None:
            step_signal.connect(dlg.panel.highlight_step)
        if calibrated is not None:
            dlg.panel.calibrated.connect(calibrated)
        # the view's document: an edit marks a shown run as the previous code's
        doc = getattr(view, "document", None)
        if doc is not None and hasattr(doc, "changed"):
            doc.changed.connect(dlg.panel.code_changed)
    dlg.panel.refresh_inputs()
    dlg.show()
    dlg.raise_()
    dlg.activateWindow()
    return dlg
