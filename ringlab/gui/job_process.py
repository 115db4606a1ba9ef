"""One ``ringlab run`` job in a :class:`QProcess`: the engine's Qt-free job model
(:class:`ringlab.engine.job.Job`) fed with the process's bytes.  Shared by the Run panel and the
cost explorer's measurer; MPI never loads in the GUI process."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QProcess, QTimer, Signal

from ..engine.job import KILL_AFTER_S, Job, command

KILL_AFTER_MS = int(KILL_AFTER_S * 1000)


class JobProcess(QObject):
    """One :class:`~ringlab.engine.job.Job` at a time in a :class:`QProcess`: bytes in, the
    model's events out (``event``), ``finished`` with the final line when the process ends.

    ``cancel`` sends SIGTERM (``ringlab run`` ends its job's process group, exit 130) and kills
    ``KILL_AFTER_MS`` later if it is still running; ``shutdown`` does the same and waits."""

    event = Signal(dict)
    finished = Signal(dict)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.proc = QProcess(self)  # one process object, restarted for each job
        self.proc.readyReadStandardOutput.connect(self._on_stdout)
        self.proc.readyReadStandardError.connect(self._on_stderr)
        self.proc.finished.connect(self._on_finished)
        self.proc.errorOccurred.connect(self._on_process_error)
        self.job: Job | None = None
        self._generation = 0  # which job a delayed kill belongs to
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)  # never leave a job behind the app

    def is_running(self) -> bool:
        return self.proc.state() != QProcess.NotRunning

    def start(self, kind: str, args: list[str]) -> Job:
        self.job = Job(kind, list(args))
        self._generation += 1
        program, arguments = command(args)
        self.proc.setProgram(program)
        self.proc.setArguments(arguments)
        self.proc.start()
        return self.job

    def cancel(self) -> None:
        if not self.is_running():
            return
        self.job.cancelling = True
        self.proc.terminate()
        gen = self._generation
        QTimer.singleShot(KILL_AFTER_MS, self, lambda: self._kill_if_still(gen))

    def _kill_if_still(self, generation: int) -> None:
        if generation == self._generation and self.is_running():
            self.proc.kill()  # the child then takes mpiexec along (PR_SET_PDEATHSIG)

    def shutdown(self) -> None:
        """Stop a running job and wait for it (a dialog closes, the app quits)."""
        if self.is_running():
            self.job.cancelling = True
            self.proc.terminate()
            if not self.proc.waitForFinished(KILL_AFTER_MS):
                self.proc.kill()
                self.proc.waitForFinished(2000)

    def _on_stdout(self) -> None:
        data = bytes(self.proc.readAllStandardOutput())
        if self.job is not None:
            for ev in self.job.feed(data):
                self.event.emit(ev)

    def _on_stderr(self) -> None:
        if self.job is not None:
            self.job.stderr += bytes(self.proc.readAllStandardError())

    def _on_process_error(self, err) -> None:
        if err == QProcess.FailedToStart and self.job is not None and not self.job.ended:
            final = self.job.finish(
                None, crashed=f"could not start {self.proc.program()}: {self.proc.errorString()}"
            )
            self.finished.emit(final)

    def _on_finished(self, code: int, status) -> None:
        self._on_stdout()
        self._on_stderr()
        if self.job is None or self.job.ended:
            return
        normal = status == QProcess.NormalExit
        self.finished.emit(self.job.finish(code if normal else None))
