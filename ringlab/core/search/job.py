"""A search in a worker process: the caller keeps working, polls for news, and can cancel.

A native SAT call holds its thread (and, in python-sat, the GIL) until it returns, so the only
prompt cancel is ending the process that runs it (``cancel()`` terminates it; the answer is then
"cancelled", never a guess).  The worker is a fresh interpreter (:mod:`._worker`) fed one JSON
request; results come back as JSON lines (the code as file text), read by a thread into a
queue so that :meth:`poll` never blocks.

>>> job = SearchJob("search", {"N": 3, "K": 1, "T": 2}); job.start()
>>> job.wait(60)["status"]
'found'
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time


class SearchJob:
    """``kind`` is ``"search"`` (kwargs of :func:`ringlab.core.search.search`), ``"cell"``
    (kwargs of :func:`ringlab.core.search.rates.cell`, GF(2) only) or ``"row"`` (kwargs of
    :func:`ringlab.core.search.perfield.row`, every field of the table)."""

    def __init__(self, kind: str, kwargs: dict):
        self.kind, self.kwargs = kind, dict(kwargs)
        self._q: queue.Queue = queue.Queue()
        self._p: subprocess.Popen | None = None
        self.started = None
        self.result = None  # dict once done
        self.error = None  # one line if the worker failed
        self.cancelled = False
        self.messages: list[str] = []

    def _read(self, stream) -> None:
        for line in stream:
            try:
                self._q.put(tuple(json.loads(line)))
            except ValueError:
                pass  # not ours (a library printing): ignore
        self._q.put(("eof", None))

    def start(self) -> SearchJob:
        self.started = time.monotonic()
        # the worker imports ringlab the way this process did: the package is installed
        # (editable or not), so no PYTHONPATH is needed
        self._p = subprocess.Popen(
            [sys.executable, "-m", "ringlab.core.search._worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self._p.stdin.write(json.dumps({"kind": self.kind, "kwargs": self.kwargs}) + "\n")
        self._p.stdin.close()
        threading.Thread(target=self._read, args=(self._p.stdout,), daemon=True).start()
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
            elif tag == "error":
                self.error = payload
            elif tag == "eof":
                code = self._p.wait()  # stdout closed: the worker is exiting; reap it
                if not self.finished:
                    self.error = f"the search process ended unexpectedly (exit code {code})"
        return news

    def cancel(self) -> None:
        """End the worker process now (a native solver call cannot be interrupted otherwise)."""
        if self.finished:
            return
        self.cancelled = True
        if self._p is not None and self._p.poll() is None:
            self._p.terminate()
            try:
                self._p.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self._p.kill()
                self._p.wait(timeout=2)

    @property
    def alive(self) -> bool:
        return self._p is not None and self._p.poll() is None

    def wait(self, timeout: float | None = None, interval: float = 0.05):
        """Block until done (or ``timeout``); returns ``result`` (None if not done)."""
        end = None if timeout is None else time.monotonic() + timeout
        while not self.finished:
            self.poll()
            if self.finished or (end is not None and time.monotonic() >= end):
                break
            time.sleep(interval)
        return self.result
