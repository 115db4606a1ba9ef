"""What Linux's ``/proc`` says about memory and processes; every reader gives "unknown" elsewhere.

* :func:`mem_available` — ``MemAvailable`` of ``/proc/meminfo``, in bytes;
* :func:`process_tree` / :func:`process_alive` — a job's processes by pid and start time, so a
  reused pid is never taken for one of them;
* :func:`mapped_files` — the files this process has mapped (``/proc/self/maps``).
"""

from __future__ import annotations

import os
from pathlib import Path


def mem_available() -> int | None:
    """Bytes of memory free for new processes (``MemAvailable``), or None when unknown."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _stat(pid: int | str) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the command name: state, ppid, …; OSError if gone."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def process_tree(root: int) -> dict[int, str]:
    """pid → start time of every process under ``root`` (empty without ``/proc``)."""
    try:
        kids: dict[int, list[int]] = {}
        start: dict[int, str] = {}
        for d in os.listdir("/proc"):
            if d.isdigit():
                try:
                    st = _stat(d)
                except OSError:
                    continue
                kids.setdefault(int(st[1]), []).append(int(d))
                start[int(d)] = st[19]
    except OSError:
        return {}
    out, todo = {}, [root]
    while todo:
        p = todo.pop()
        for c in kids.get(p, []):
            out[c] = start.get(c, "")
            todo.append(c)
    return out


def process_alive(pid: int, started: str) -> bool:
    """Whether ``pid`` is still the process that started at ``started`` and not a zombie."""
    try:
        st = _stat(pid)
    except OSError:
        return False
    return st[19] == started and st[0] != "Z"


def mapped_files() -> str | None:
    """``/proc/self/maps`` as text, or None when it cannot be read."""
    try:
        return Path("/proc/self/maps").read_text()
    except OSError:
        return None
