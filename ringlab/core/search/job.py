"""A search in a worker process: the caller keeps working, polls for news, and can cancel.

A native SAT call holds its thread until it returns, so the only prompt cancel is ending the
process that runs it (``cancel()`` terminates it; the answer is then "cancelled", never a
guess).  The worker is started with the ``spawn`` method so it shares nothing with a Qt
process; results travel as plain data (the code as file text).

>>> job = SearchJob("search", {"N": 3, "K": 1, "T": 2}); job.start()
>>> job.wait(60)["status"]
'found'
"""
from __future__ import annotations

import multiprocessing as mp
import queue
import time


def _worker(kind: str, kwargs: dict, out) -> None:
    try:
        if kind == "search":
            from . import search
            from ..codefile import dumps_code
            r = search(**kwargs)
            out.put(("done", {**r.to_json(), "summary": r.summary(), "exit_code": r.exit_code,
                              "class": r.spec.class_name, "field": r.spec.field,
                              "code": dumps_code(r.code) if r.code is not None else None}))
        elif kind == "cell":
            from .rates import cell
            res = cell(progress=lambda msg: out.put(("progress", msg)), **kwargs)
            out.put(("done", {"status": "done", "cell": res}))
        else:
            raise ValueError(f"unknown job kind {kind!r}")
    except Exception as e:          # reported to the caller as one line, never lost
        out.put(("error", f"{type(e).__name__}: {e}"))


class SearchJob:
    """``kind`` is ``"search"`` (kwargs of :func:`ringlab.core.search.search`) or ``"cell"``
    (kwargs of :func:`ringlab.core.search.rates.cell`)."""

    def __init__(self, kind: str, kwargs: dict):
        self.kind, self.kwargs = kind, dict(kwargs)
        ctx = mp.get_context("spawn")
        self._q = ctx.Queue()
        self._p = ctx.Process(target=_worker, args=(kind, self.kwargs, self._q), daemon=True)
        self.started = None
        self.result = None          # dict once done
        self.error = None           # one line if the worker failed
        self.cancelled = False
        self.messages: list[str] = []

    def start(self) -> "SearchJob":
        self.started = time.monotonic()
        self._p.start()
        return self

    @property
    def elapsed(self) -> float:
        return 0.0 if self.started is None else time.monotonic() - self.started

    @property
    def finished(self) -> bool:
        return self.result is not None or self.error is not None or self.cancelled

    def poll(self) -> list[str]:
        """Drain news; returns new progress messages.  Sets ``result``/``error`` when done."""
        news = []
        while True:
            try:
                tag, payload = self._q.get_nowait()
            except queue.Empty:
                break
            if tag == "progress":
                news.append(payload)
                self.messages.append(payload)
            elif tag == "done":
                self.result = payload
            else:
                self.error = payload
        if not self.finished and self.started is not None and not self._p.is_alive():
            # the queue may lag the exit by a moment: one last look before calling it lost
            try:
                tag, payload = self._q.get(timeout=0.5)
                if tag == "done":
                    self.result = payload
                elif tag == "error":
                    self.error = payload
            except queue.Empty:
                self.error = f"the search process ended unexpectedly (exit code {self._p.exitcode})"
        if self.finished:
            self._p.join(timeout=1)
        return news

    def cancel(self) -> None:
        """End the worker process now (a native solver call cannot be interrupted otherwise)."""
        if self.finished:
            return
        self.cancelled = True
        if self._p.is_alive():
            self._p.terminate()
        self._p.join(timeout=2)
        if self._p.is_alive():
            self._p.kill()
            self._p.join(timeout=2)

    def wait(self, timeout: float | None = None, interval: float = 0.05):
        """Block until done (or ``timeout``); returns ``result`` (None if not done)."""
        end = None if timeout is None else time.monotonic() + timeout
        while not self.finished:
            self.poll()
            if self.finished or (end is not None and time.monotonic() >= end):
                break
            time.sleep(interval)
        return self.result
