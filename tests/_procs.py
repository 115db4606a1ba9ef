"""Shared by the MPI tests (command line, Run panel, cost explorer): which rank processes of a
test are still alive after a job ended or was cancelled."""

import os
from pathlib import Path


def leftovers(seed: int) -> list[str]:
    """Live ranks (or mpiexec) whose command line carries this test's ``--seed``."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                cmd = Path(f"/proc/{d}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if f"--seed {seed}" in cmd and "ringlab.engine.rank" in cmd:
                out.append(f"{d}: {cmd[:120]}")
    return out
