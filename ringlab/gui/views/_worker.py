"""One background computation for a view: a :class:`QRunnable` on the global thread pool whose
result comes back to the GUI thread as a signal, carrying the ``token`` it was started with
(the code and inputs it is for) so the view can drop a result that is no longer wanted."""
from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Signals(QObject):
    # (token, result, error): exactly one of result / error is meaningful
    done = Signal(object, object, object)


class Job(QRunnable):
    """``fn()`` off the GUI thread; ``signals.done(token, result, error)`` when it ends."""

    def __init__(self, token, fn):
        super().__init__()
        self.token, self.fn = token, fn
        self.signals = _Signals()          # lives in the GUI thread: delivery is queued there
        self.setAutoDelete(False)          # the view keeps the job (and its signals) alive

    def run(self) -> None:
        try:
            out, error = self.fn(), None
        except Exception as e:             # noqa: BLE001 — handed to the GUI thread to report
            out, error = None, e
        try:
            self.signals.done.emit(self.token, out, error)
        except RuntimeError:               # the view (and the app) went away meanwhile
            pass


def start(job: Job) -> Job:
    QThreadPool.globalInstance().start(job)
    return job
