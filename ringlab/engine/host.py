"""What this machine gives a job: its cores, its free memory, and the time budgets they set.

Starting N Pythons costs CPU time, so the start-up budget grows with ranks per core and with
the data each rank makes (:func:`startup_budget`); once every rank is ready the silence budget
(:func:`silence_budget`) allows for one repetition's silent work.  A job whose ranks would not
fit in free memory is refused before anything starts (:func:`refuse_beyond_free_memory`).
"""

from __future__ import annotations

import os

from ..core.errors import RinglabError
from ..core.schedules.costs import format_bytes
from ._proc import mem_available

DEFAULT_TIMEOUT = 10.0  # seconds of silence once every rank is ready …
SILENCE_PER_GIB = 20.0  # … + this per GiB of data per core (one repetition's work is silent)
STARTUP_BASE = 10.0  # start-up budget: base seconds …
STARTUP_PER_RANK = 3.0  # … + this per rank on each core (a rank's start costs ~0.8 s CPU here)
STARTUP_PER_GIB = 10.0  # … + this per GiB of data made on each core
RANK_OVERHEAD = (
    80 << 20
)  # bytes a rank (Python, numpy, mpi4py, MPI: 65 MB here) and its supervisor take


def local_cores() -> int:
    """The cores this process may run on (what the ranks started here share)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def startup_budget(procs: int, data_bytes: int = 0, cores: int | None = None) -> float:
    """Seconds allowed for every rank to become ready: ``STARTUP_BASE`` + ``STARTUP_PER_RANK`` ×
    ranks per core + ``STARTUP_PER_GIB`` × GiB of data per core (the ranks share the cores, so
    their starts take turns).  With ``data_bytes`` each rank's vector in bytes."""
    per_core = procs / max(1, cores or local_cores())
    return (
        STARTUP_BASE
        + STARTUP_PER_RANK * per_core
        + STARTUP_PER_GIB * per_core * data_bytes / (1 << 30)
    )


STARTUP_WORDS = (
    f"{STARTUP_BASE:g} s + {STARTUP_PER_RANK:g} s per rank per core + "
    f"{STARTUP_PER_GIB:g} s per GiB of data per core"
)


def silence_budget(procs: int, data_bytes: int = 0, cores: int | None = None) -> float:
    """Seconds without an event, once every rank is ready, before the job counts as hung:
    ``DEFAULT_TIMEOUT`` + ``SILENCE_PER_GIB`` × GiB of data per core (a timed repetition, a
    decode and MPI_Allreduce pass over the data between two events)."""
    per_core = procs / max(1, cores or local_cores())
    return DEFAULT_TIMEOUT + SILENCE_PER_GIB * per_core * data_bytes / (1 << 30)


SILENCE_WORDS = f"{DEFAULT_TIMEOUT:g} s + {SILENCE_PER_GIB:g} s per GiB of data per core"


def memory_per_rank(K: int, T: int, block: int, itemsize: int) -> int:
    """Bytes one rank of a code holds at its peak: x_i, what it receives, the symbol it sends,
    its decode, MPI_Allreduce's sum and the timed runs' copy (4K + T + 1 blocks of one symbol),
    K more for temporaries (making the random data, MPI's reduction), and the process
    (``RANK_OVERHEAD``).  Measured: 1.93 GB peak per rank for K = 2, T = 3 and 256 MiB of data;
    this says 1.96 GB."""
    return (5 * K + T + 1) * block * itemsize + RANK_OVERHEAD


def schedule_memory_per_rank(elements: int, n_blocks: int, ports: int) -> int:
    """Bytes one rank of a schedule holds at its peak: its data, the working buffer (padded),
    MPI_Allreduce's sum and the timed runs' copy, scratch for what one step receives and packs
    (≤ ``ports`` whole vectors each way), and the process (``RANK_OVERHEAD``)."""
    padded = -(-elements // n_blocks) * n_blocks
    return 8 * (3 * elements + padded + 2 * max(1, ports) * padded) + RANK_OVERHEAD


def available_memory() -> tuple[int, str] | None:
    """(bytes, where from) of memory free for new processes, or None when unknown."""
    free = mem_available()
    if free is not None:
        return free, "MemAvailable in /proc/meminfo"
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"), "free pages (sysconf)"
    except (AttributeError, ValueError, OSError):
        return None


def refuse_beyond_free_memory(what: str, procs: int, per_rank: int, each: str) -> None:
    """Refuse (exit 2, one line) a job whose ``procs`` ranks of ``per_rank`` bytes would need
    more memory than is free here; ``each`` says what one rank holds."""
    free = available_memory()
    need = procs * per_rank
    if free is not None and need > free[0]:
        raise RinglabError(
            f"{what}: the {procs} ranks would need about {format_bytes(need)} of memory "
            f"({each}) but only {format_bytes(free[0])} is free ({free[1]}): give a smaller --size"
        )
