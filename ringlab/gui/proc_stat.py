"""What Linux's ``/proc/PID/stat`` says about a process: whether it is a zombie, when it
started.  Each raises OSError where there is no ``/proc`` (the callers fall back)."""

from __future__ import annotations

import os
import time


def stat_fields(pid: int) -> list[str]:
    """The fields after the command name: [0] the state, [19] the start in clock ticks after
    boot (a command name may hold ")" and spaces: it is cut at the last ")")."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        return f.read().rsplit(")", 1)[1].split()


def is_zombie(pid: int) -> bool:
    """Killed, not yet reaped by its parent: not running any more."""
    return stat_fields(pid)[0] == "Z"


def start_time(pid: int) -> float:
    """Wall-clock time process ``pid`` started (OSError, ValueError or IndexError when
    ``/proc`` cannot say)."""
    ticks = int(stat_fields(pid)[19])
    with open("/proc/uptime", encoding="ascii") as f:
        uptime = float(f.read().split()[0])
    return time.time() - uptime + ticks / os.sysconf("SC_CLK_TCK")
