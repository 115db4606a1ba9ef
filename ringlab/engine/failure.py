"""Why a job failed, in one line: a rank's own error, start-up out of time, silence, a death.

A rank killed by a signal is named exactly when its supervisor saw it (:mod:`.rank`); without
one, Hydra's report is read, which may name a rank Hydra itself killed after the first died.
"""

from __future__ import annotations

import signal

_KILLED_BY_HYDRA = (signal.SIGKILL, signal.SIGTERM, signal.SIGINT)


def _signal_name(n: int) -> str:
    try:
        return signal.Signals(n).name
    except ValueError:
        return f"signal {n}"


def _status_words(st: int) -> str:
    """A wait status: 'exit status 3' or 'killed by SIGSEGV'."""
    return f"killed by {_signal_name(st & 0x7F)}" if st & 0x7F else f"exit status {st >> 8}"


def _last_words(ev) -> str:
    if ev is None:
        return "no event at all"
    if ev["event"] in ("sent", "received"):
        return f"last event '{ev['event']}' at t = {ev['t']}"
    if ev["event"] == "step":
        return f"last event 'step': step {ev['step']} of {ev['of']} done"
    return f"last event '{ev['event']}'"


def _ranks_words(ranks) -> str:
    ranks = sorted(ranks)
    shown = ", ".join(map(str, ranks[:8])) + (
        f", … ({len(ranks)} in all)" if len(ranks) > 8 else ""
    )
    return f"rank{'s' if len(ranks) > 1 else ''} {shown}"


def failure(job, N: int) -> str | None:
    """One line saying why a job failed, or None.

    In order: a rank's own error; start-up out of time (not every rank ready within the
    budget: never called a deadlock); silence after every rank was ready (a deadlock or a hung
    rank, each rank's last event named); a rank killed by a signal (its supervisor's ``died``
    event, :mod:`.rank`); a rank that exited non-zero; then, for ranks run without a supervisor,
    Hydra's report (the lowest-numbered rank killed by a signal: a guess, since Hydra SIGKILLs
    the others too); mpiexec's own failure."""
    last = {}
    for ev in job.events:
        if ev["event"] != "died":
            last[ev.get("rank")] = ev
    done = {r for r, ev in last.items() if ev["event"] == "done"}
    unfinished = [r for r in range(N) if r not in done]
    where = "; ".join(f"rank {r}: {_last_words(last.get(r))}" for r in unfinished)
    for ev in job.events:
        if ev["event"] == "error":
            return f"rank {ev['rank']} failed: {ev['message']}"
    if getattr(job, "startup_ran_out", False):
        waiting = [r for r in range(N) if r not in job.ready]
        return (
            f"ran out of time starting ranks ({len(job.ready)} of {N} ready after "
            f"{job.startup:.3g} s; {N} ranks on {job.cores} core{'s' if job.cores != 1 else ''}): "
            f"{_ranks_words(waiting)} not ready; allow more with --startup-timeout S"
        )
    if job.timed_out:
        return (
            f"no event from the ranks for {job.timeout:g} s after all {N} were ready (a deadlock "
            f"or a hung rank), so the job was stopped; {where or 'every rank had finished'}"
        )
    if job.returncode == 0 and not unfinished:
        return None
    for ev in job.events:  # the rank's supervisor saw it killed (rank.py): exact
        if ev["event"] == "died":
            r = ev["rank"]
            return (
                f"rank {r} was killed by {ev['name']} ({_last_words(last.get(r))}); "
                f"mpiexec then ended the other ranks"
            )
    sts = job.exit_statuses or []
    exited = [(r, st) for r, st in enumerate(sts) if st and st & 0x7F == 0]
    if exited:  # a rank that exited non-zero by itself: Hydra killed the rest
        r, st = exited[0]
        return (
            f"rank {r} died ({_status_words(st)}; {_last_words(last.get(r))}); "
            f"mpiexec then ended the other ranks"
        )
    # without a supervisor: Hydra's report names the lowest-numbered rank killed by a signal,
    # which may be one it SIGKILLed itself after the first died (a guess, said as Hydra says it)
    pids = {
        ev[k]: ev["rank"]
        for ev in job.events
        for k in ("pid", "supervisor")
        if ev.get(k) is not None and "rank" in ev
    }
    bad = getattr(job, "bad_termination", None)
    if bad and "signal" in bad:
        r = pids.get(bad["pid"])
        who = f"rank {r}" if r is not None else f"process {bad['pid']} (not yet a known rank)"
        lw = f"; {_last_words(last.get(r))}" if r is not None else ""
        return (
            f"{who} was killed by {_signal_name(bad['signal'])} (on {bad['host']}{lw}); "
            f"mpiexec then ended the other ranks"
        )
    culprits = [(r, st) for r, st in enumerate(sts) if st and (st & 0x7F) not in _KILLED_BY_HYDRA]
    if culprits:
        r, st = culprits[0]
        return (
            f"rank {r} was {_status_words(st)} ({_last_words(last.get(r))}); "
            f"mpiexec then ended the other ranks"
        )
    tail = (job.stderr.strip().splitlines() or job.noise or [""])[-1][:200]
    return f"mpiexec exited with status {job.returncode} before every rank finished ({where})" + (
        f": {tail}" if tail else ""
    )
