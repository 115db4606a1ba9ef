"""The child side of a Theorem 2 check run in its own process (the app's ``ReportJob``): no Qt,
so a spawned child imports only the core.  A process, not a thread: a dense N = 32, K = 64,
T = 128 code keeps a core busy for seconds, and a process can be stopped the moment the user
edits again (a thread cannot), and never holds the GUI's interpreter lock."""
from __future__ import annotations


def check_in_child(conn, code) -> None:
    """Compute ``theorem2_report(code)`` and send ``("ok", report)`` or ``("error", text)``."""
    try:
        from ..core.theorem2 import theorem2_report
        msg = ("ok", theorem2_report(code))
    except Exception as e:                  # said in the window, never lost
        msg = ("error", f"{type(e).__name__}: {e}")
    try:
        conn.send(msg)
    except (BrokenPipeError, OSError):      # the app stopped waiting (a newer edit)
        pass
    finally:
        conn.close()
