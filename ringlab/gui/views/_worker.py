"""One background computation for a view, run by the job runner (:mod:`ringlab.state.jobs`,
through its Qt adapter :mod:`ringlab.gui.jobs`): its result comes back to the GUI thread as a
signal carrying the ``token`` it was started with (the code and inputs it is for), so the view
can drop a result that is no longer wanted.  The exception a computation raised is handed over
as the object itself (a view may tell "dropped as unwanted" from a failure by its type)."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QCoreApplication, QObject, Signal

from ..jobs import qt_job_runner

_runner = None
_ids = itertools.count()


def _the_runner():
    global _runner
    if _runner is None:
        _runner = qt_job_runner(QCoreApplication.instance())
    return _runner


class _Signals(QObject):
    # (token, result, error): exactly one of result / error is meaningful
    done = Signal(object, object, object)


def _call(fn):
    try:
        return fn(), None
    except Exception as e:  # noqa: BLE001 — handed to the GUI thread to report
        return None, e


class Job:
    """``fn()`` off the GUI thread; ``signals.done(token, result, error)`` when it ends."""

    def __init__(self, token, fn):
        self.token, self.fn = token, fn
        self.signals = _Signals()  # lives in the GUI thread: delivery is queued there

    def _deliver(self, out) -> None:
        try:
            self.signals.done.emit(self.token, *out)
        except RuntimeError:  # the view (and its signals) went away meanwhile
            pass


def start(job: Job) -> Job:
    _the_runner().submit(("view job", next(_ids)), _call, job.fn, on_done=job._deliver)
    return job
