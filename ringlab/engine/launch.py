r"""Run a code, a library schedule or a calibration on real MPI processes (``ringlab run``).

:func:`plan` and :func:`plan_schedule` (:mod:`.planning`) refuse a request before anything
starts (exit 2), among others one whose data would not fit in free memory (:mod:`.host`).
:func:`run_code`, :func:`run_schedule` (a library schedule as point-to-point messages,
:mod:`ringlab.engine.schedule_rank`) and :func:`calibrate` start the job (:mod:`.mpiexec`: the
ranks' events, the start-up and silence budgets, no process left behind); their results
(:mod:`ringlab.engine.results`) carry the exit code: 0 every rank decoded what
``MPI.Allreduce`` gives and Theorem 2 agrees, 1 some rank did not or Theorem 2 (exact) calls the
code infeasible, 4 the engine failed (:class:`EngineError`).  Without the ``mpi`` extra
(mpi4py, mpich) :func:`check_mpi` refuses first with one line, ``pip install 'ringlab[mpi]'``
(a :class:`~ringlab.core.extras.MissingExtra`: exit 2); :func:`mpi_missing` says it to the app.
"""

from __future__ import annotations

from ..core.errors import RinglabError
from .host import (
    DEFAULT_TIMEOUT,
    RANK_OVERHEAD,
    SILENCE_WORDS,
    STARTUP_WORDS,
    available_memory,
    local_cores,
    memory_per_rank,
    schedule_memory_per_rank,
    silence_budget,
    startup_budget,
)
from .mpiexec import EngineError, JobOutcome, check_mpi, find_mpiexec, mpi_missing, run_job
from .planning import (
    DEFAULT_BLOCK,
    DEFAULT_SCHEDULE_BYTES,
    DEFAULT_SCHEDULE_PROCS,
    LIBRARY_ALGORITHMS,
    SCHEDULE_DTYPES,
    Plan,
    SchedulePlan,
    check_seconds,
    plan,
    plan_schedule,
)

__all__ = [
    "CALIBRATION_SIZES",
    "DEFAULT_BLOCK",
    "DEFAULT_SCHEDULE_BYTES",
    "DEFAULT_SCHEDULE_PROCS",
    "DEFAULT_TIMEOUT",
    "LIBRARY_ALGORITHMS",
    "RANK_OVERHEAD",
    "SCHEDULE_DTYPES",
    "SILENCE_WORDS",
    "STARTUP_WORDS",
    "EngineError",
    "JobOutcome",
    "Plan",
    "SchedulePlan",
    "available_memory",
    "calibrate",
    "check_mpi",
    "find_mpiexec",
    "library_env",
    "local_cores",
    "memory_per_rank",
    "mpi_missing",
    "plan",
    "plan_schedule",
    "run_code",
    "run_job",
    "run_schedule",
    "schedule_memory_per_rank",
    "silence_budget",
    "startup_budget",
]

CALIBRATION_SIZES = (8, 1024, 8192, 65536, 262144, 1048576, 4194304)


def library_env(algorithm: str) -> dict:
    """Select MPICH's own Allreduce algorithm (read once, at MPI_Init, by every rank)."""
    if algorithm == "auto":
        return {}
    # without DEVICE_COLLECTIVES=none the shared-memory device may pick its own algorithm
    return {
        "MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM": algorithm,
        "MPIR_CVAR_DEVICE_COLLECTIVES": "none",
    }


def _run_plan(p: Plan | SchedulePlan, on_event) -> JobOutcome:
    """The job of a checked plan, with its budgets (given, or those of its ranks and data)."""
    startup = p.startup if p.startup is not None else startup_budget(p.procs, p.bytes)
    timeout = p.timeout if p.timeout is not None else silence_budget(p.procs, p.bytes)
    return run_job(
        p.rank_args(),
        p.procs,
        timeout=timeout,
        startup=startup,
        hostfile=p.hostfile,
        env=library_env(p.algorithm),
        on_event=on_event,
    )


def run_code(p: Plan, on_event=None):
    """Run the code of ``p`` on ``p.procs`` ranks; a :class:`~.results.RunResult`."""
    from .results import RunResult, exact_verdict

    exact = exact_verdict(p.code)  # Theorem 2 in the core's own arithmetic (exact over Q)
    return RunResult.from_job(p, _run_plan(p, on_event), exact)


def run_schedule(p: SchedulePlan, on_event=None):
    """Run the schedule of ``p`` on ``p.procs`` ranks; a :class:`~.results.ScheduleResult`."""
    from .results import ScheduleResult

    return ScheduleResult.from_job(p, _run_plan(p, on_event))


def calibrate(
    procs: int = 2,
    *,
    sizes=CALIBRATION_SIZES,
    timeout: float | None = None,
    startup: float | None = None,
    hostfile: str | None = None,
    on_event=None,
):
    """Ring ping-pong at ``sizes`` on ``procs`` ranks; a :class:`~.results.Calibration`."""
    from .results import Calibration

    if procs < 2:
        raise RinglabError(f"--procs {procs}: a ring ping-pong needs at least 2 ranks")
    check_seconds(timeout, startup)
    job = run_job(
        ["-", "--calibrate", ",".join(str(s) for s in sizes)],
        procs,
        timeout=timeout if timeout is not None else DEFAULT_TIMEOUT,
        startup=startup,
        hostfile=hostfile,
        on_event=on_event,
    )
    return Calibration.from_job(procs, job)
