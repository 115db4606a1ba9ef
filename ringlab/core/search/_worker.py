"""The worker process of :class:`ringlab.core.search.job.SearchJob`.

``python -m ringlab.core.search._worker`` reads one JSON request ``{"kind", "kwargs"}`` on stdin
and writes JSON lines ``["progress", text]``, then ``["done", result]`` or ``["error", line]``.
A fresh interpreter (not ``multiprocessing``) so that nothing depends on how the parent was
started — a script, ``python -m ringlab``, or a test runner — and nothing of Qt is inherited.
"""

from __future__ import annotations

import json
import sys


def _emit(tag, payload) -> None:
    sys.stdout.write(json.dumps([tag, payload]) + "\n")
    sys.stdout.flush()


def _die_with_parent() -> None:
    """Linux: ask the kernel to end this worker if the app that started it dies (a closed or
    crashed window must not leave a solver running for up to its whole time limit)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _emit_result(r, dumps) -> None:
    """A search answer on either ring, its code (if found) written by ``dumps``."""
    _emit(
        "done",
        {
            **r.to_json(),
            "summary": r.summary(),
            "exit_code": r.exit_code,
            "class": r.spec.class_name,
            "field": r.spec.field,
            "code": dumps(r.code) if r.code is not None else None,
        },
    )


def main() -> int:
    _die_with_parent()
    try:
        req = json.loads(sys.stdin.readline())
        kind, kwargs = req["kind"], req["kwargs"]
        if kind == "search":
            from ..codefile import dumps_code
            from . import search

            _emit_result(search(**kwargs), dumps_code)
        elif kind == "search-two-way":
            from ..twowayfile import dumps_twoway
            from .twoway import search_twoway

            _emit_result(search_twoway(**kwargs), dumps_twoway)
        elif kind == "row":
            from .perfield import row

            _emit(
                "done",
                {"status": "done", "cell": row(progress=lambda m: _emit("progress", m), **kwargs)},
            )
        elif kind == "cell":
            from .rates import cell

            _emit(
                "done",
                {"status": "done", "cell": cell(progress=lambda m: _emit("progress", m), **kwargs)},
            )
        else:
            _emit("error", f"unknown job kind {kind!r}")
    except Exception as e:  # reported to the parent as one line, never lost
        _emit("error", f"{type(e).__name__}: {e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
