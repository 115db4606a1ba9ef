"""Theorem 2 off the GUI thread: :class:`ReportJob` checks a large code in a child process
while the window stays live.

A small code (nearly all of them) is checked on the spot, as before.  A large one goes to a
spawned process (:mod:`ringlab.state.report_process`): the window never waits for it, and an
edit made meanwhile stops it at once and starts the check of the new code (after a short
pause, so typing a row does not start a process per key).  Results carry the code they were
computed for: a stale report is dropped, never painted.
"""
from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QTimer, Signal

# N²·T·K² below this: the check takes milliseconds even for a dense code; run it at once
SYNC_COST = 2_000_000
# an edit pauses this long before a new check process starts (typing coalesces)
START_DELAY_MS = 150


def report_cost(code) -> int:
    """A size measure of eq. (5)'s work: N² node pairs, each a T-step chain of K×K blocks."""
    N, K, T = code.shape
    return N * N * T * K * K


class _Relay(QObject):
    done = Signal(object, object, object)     # token, report or None, error text or None


def _kill(proc) -> None:
    if proc.is_alive():
        proc.kill()


class ReportJob(QObject):
    """Keeps the Theorem 2 report of ``state.code`` coming: :meth:`want` after each change;
    ``ready`` once the current code's report is installed in its analysis, ``failed(text)``
    when its check raised."""

    ready = Signal()
    failed = Signal(str)

    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.state = state
        self._relay = _Relay()
        self._relay.done.connect(self._on_done)
        self._token = None            # (code, process) of the check running, if any
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._start)
        self.error: str | None = None  # the current code's check failed with this

    @property
    def pending(self) -> bool:
        """Whether the shown code's report is still being computed."""
        return not self.state.analysis.has_report() and self.error is None

    @property
    def running(self) -> bool:
        """Whether a check process is alive (tests; closing)."""
        return self._token is not None and self._token[1].is_alive()

    def want(self) -> bool:
        """Make sure the current code's report is (being) computed; True when it is ready now
        (computed on the spot for a small code, or already known)."""
        a = self.state.analysis
        self.error = None
        if a.has_report():
            self._stop()
            return True
        if report_cost(a.code) < SYNC_COST:
            self._stop()
            a.report                                  # milliseconds: at once
            return True
        if self._token is not None and self._token[0] is a.code:
            return False                              # already on it
        self._stop()                                  # a check of an older code: stop it
        self._timer.start(START_DELAY_MS)
        return False

    def shutdown(self) -> None:
        """Stop any check (the window closes)."""
        self._timer.stop()
        self._stop()

    # -- the child process ----------------------------------------------------------------
    def _start(self) -> None:
        import multiprocessing as mp

        from ..state.report_process import check_in_child
        a = self.state.analysis
        if a.has_report():
            return
        code = a.code
        ctx = mp.get_context("spawn")                 # never fork a process with Qt threads
        parent_conn, child_conn = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=check_in_child, args=(child_conn, code), daemon=True,
                           name="ringlab-theorem2")
        proc.start()
        child_conn.close()
        token = (code, proc)
        self._token = token
        self.destroyed.connect(lambda *_: _kill(proc))

        def wait() -> None:
            try:
                kind, value = parent_conn.recv()
            except (EOFError, OSError):               # stopped (a newer edit) or died
                kind, value = "error", None
            finally:
                parent_conn.close()
            proc.join(5)
            self._relay.done.emit(token, value if kind == "ok" else None,
                                  value if kind == "error" else None)

        threading.Thread(target=wait, daemon=True, name="ringlab-theorem2-wait").start()

    def _stop(self) -> None:
        self._timer.stop()
        if self._token is not None:
            _kill(self._token[1])
            self._token = None

    def _on_done(self, token, rep, err) -> None:
        if token is not self._token:
            return                                    # stopped, or for a code long gone
        self._token = None
        code = token[0]
        a = self.state.analysis
        if a.code is not code:
            return
        if rep is not None:
            object.__setattr__(rep, "code", code)     # the window's code object, not a copy
            a.install_report(rep)
            self.ready.emit()
        else:
            self.error = err or "the check process ended without a result"
            self.failed.emit(self.error)
            self.ready.emit()                         # views stop saying "checking…"
