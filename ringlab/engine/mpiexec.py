r"""One job: start ``mpiexec`` as a child process, read the ranks' events, never leave a process behind.

The caller's process never loads MPI: :func:`run_job` starts
``mpiexec -n N python -m ringlab.engine.rank …`` in a session of its own (so the whole job is
one process group), reads the ranks' JSON lines (:mod:`ringlab.engine.rank`) as they arrive and
hands each to ``on_event``.  Two clocks measure the job, one after the other:

* start-up: from launch until every rank has said ``ready`` (MPI initialised, the code read,
  the data in memory), within the budget of :func:`~.host.startup_budget`.  Running out of it
  is "ran out of time starting ranks", never a deadlock;
* silence: once every rank is ready, the job is stopped when no line has arrived for
  ``timeout`` seconds (a deadlock or a hung rank).

It also gives up on Ctrl+C or SIGTERM.  To stop, it sends SIGTERM to the group (Hydra then
ends its proxies and ranks, which live in sessions of their own), SIGKILL after a grace period,
and finally SIGKILLs any process of the job's tree it saw that is still alive.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..core.extras import MissingExtra, installed
from ._proc import process_alive, process_tree
from .host import DEFAULT_TIMEOUT, local_cores, startup_budget

GRACE = 2.0  # seconds between SIGTERM and SIGKILL


class EngineError(RuntimeError):
    """The engine could not run or finish the job (exit 4); the message is one line."""

    exit_code = 4


MPI_WHAT = "Running on real MPI processes"  # what the mpi extra's one line says needs it
_NO_MPIEXEC = "no mpiexec beside this Python or on PATH" + (
    "; on Windows also Microsoft MPI" if os.name == "nt" else ""
)


def _mpiexec_here() -> str | None:
    """The mpiexec beside this Python (the mpich wheel's), else ``PATH``'s, else None."""
    beside = Path(sys.executable).parent / ("mpiexec.exe" if os.name == "nt" else "mpiexec")
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    return shutil.which("mpiexec")


def find_mpiexec() -> str:
    """The ``mpiexec`` to start.

    ``$RINGLAB_MPIEXEC`` (a path, or a name looked up on ``PATH``) if set; else the one beside
    this Python — the mpich wheel installs it there, next to the libmpi mpi4py loads, and a
    venv's bin/ is often not on ``PATH`` (an app started from a launcher); else ``PATH``'s.
    None of them: :class:`~ringlab.core.extras.MissingExtra` (the ``mpi`` extra).
    """
    given = os.environ.get("RINGLAB_MPIEXEC")
    if given:
        found = shutil.which(given)
        if found:
            return found
        raise EngineError(
            f"mpiexec not found: RINGLAB_MPIEXEC={given} is not an executable (nor on PATH)"
        )
    found = _mpiexec_here()
    if found:
        return found
    raise MissingExtra("mpi", MPI_WHAT, _NO_MPIEXEC)


def check_mpi() -> None:
    """Raise :class:`~ringlab.core.extras.MissingExtra` (one line: ``pip install
    'ringlab[mpi]'``) unless mpi4py is installed and an mpiexec is found (``$RINGLAB_MPIEXEC``,
    when set, is :func:`find_mpiexec`'s to judge).  Nothing MPI is imported or started."""
    if not installed("mpi"):
        raise MissingExtra("mpi", MPI_WHAT)
    if not os.environ.get("RINGLAB_MPIEXEC") and _mpiexec_here() is None:
        raise MissingExtra("mpi", MPI_WHAT, _NO_MPIEXEC)


def mpi_missing() -> str | None:
    """Why ringlab cannot run MPI processes here (the one line of :func:`check_mpi`), or None."""
    try:
        check_mpi()
    except MissingExtra as e:
        return str(e)
    return None


@dataclass
class JobOutcome:
    events: list = field(default_factory=list)  # the ranks' JSON events, in arrival order
    noise: list = field(default_factory=list)  # stdout lines that are not events (Hydra's)
    stderr: str = ""
    returncode: int | None = None
    timed_out: bool = False  # silence past ``timeout`` after all were ready
    timeout: float = DEFAULT_TIMEOUT
    startup_ran_out: bool = False  # not every rank ready within ``startup``
    startup: float = 0.0  # the start-up budget, seconds
    ready: set = field(default_factory=set)  # ranks that said ``ready``
    ready_s: float | None = None  # when the last of them did (since launch)
    procs: int = 0
    cores: int = 1  # cores here (local_cores)
    exit_statuses: list | None = None  # raw wait statuses per rank (Hydra)
    bad_termination: dict | None = None  # Hydra's report of the first process that died
    wall_s: float = 0.0


_EXIT_CODES = re.compile(r"Exit codes:\s*(.*)")
_BAD_PID = re.compile(r"^=+\s*PID (\d+) RUNNING AT (\S+)")
_BAD_CODE = re.compile(r"^=+\s*EXIT CODE: (\d+)")
_EXIT_SIGNAL = re.compile(r"EXIT STRING: .*\(signal (\d+)\)")


def _statuses(noise: list[str]) -> list[int] | None:
    """Hydra's ``[mpiexec@h] Exit codes: [h1] 0,768 [h2] 9`` → [0, 768, 9] (ranks in order)."""
    for line in noise:
        m = _EXIT_CODES.search(line)
        if m:
            return [int(v) for v in re.findall(r"\d+", re.sub(r"\[[^\]]*\]", " ", m.group(1)))]
    return None


def _bad_termination(noise: list[str]) -> dict | None:
    """Hydra's BAD TERMINATION block → {pid, host, code, signal}: the first process that died.

    ``=   PID 30457 RUNNING AT vm`` / ``=   EXIT CODE: 9`` / ``… EXIT STRING: Killed (signal 9)``;
    the signal is known only from the last line (an exit code of 9 may be either)."""
    out: dict = {}
    for line in noise:
        if m := _BAD_PID.search(line):
            out.update(pid=int(m.group(1)), host=m.group(2))
        elif m := _BAD_CODE.search(line):
            out["code"] = int(m.group(1))
        elif m := _EXIT_SIGNAL.search(line):
            out["signal"] = int(m.group(1))
    return out if "pid" in out else None


def _pdeathsig():
    """In the child: die (SIGTERM) with the launcher, so a killed ``ringlab run`` takes its job along."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _terminate(proc: subprocess.Popen) -> None:
    """SIGTERM the job's group, SIGKILL after GRACE, then SIGKILL survivors seen in its tree."""
    tree = process_tree(proc.pid)
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(GRACE)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
    tree.update(process_tree(proc.pid))
    deadline = time.monotonic() + GRACE
    while True:
        left = [p for p, s in tree.items() if process_alive(p, s)]
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.05)  # Hydra's proxies end their ranks within milliseconds
    for p in left:
        try:
            os.kill(p, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _reader(stream, q: queue.Queue) -> None:
    for line in stream:
        q.put(line)
    q.put(None)


def _event(line: str) -> dict | None:
    """The rank event a line of mpiexec's stdout carries, or None."""
    s = line.strip()
    try:
        ev = json.loads(s) if s.startswith("{") else None
    except json.JSONDecodeError:
        return None
    return ev if isinstance(ev, dict) and "event" in ev else None


def _start(cmd: list[str], env: dict | None) -> subprocess.Popen:
    """mpiexec in a session of its own, its output piped, dying with this process (Linux)."""
    try:
        return subprocess.Popen(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ, **(env or {})),
            start_new_session=True,
            preexec_fn=_pdeathsig if sys.platform.startswith("linux") else None,
        )
    except OSError as e:
        raise EngineError(f"cannot start {cmd[0]}: {e.strerror or e}") from None


def _follow(q: queue.Queue, out: JobOutcome, t0: float, on_event) -> None:
    """Read lines until stdout ends, start-up runs out or the ranks fall silent."""
    while True:
        starting = len(out.ready) < out.procs
        wait = (t0 + out.startup - time.monotonic()) if starting else out.timeout
        try:
            line = q.get(timeout=max(wait, 0.0))
        except queue.Empty:
            if starting:
                out.startup_ran_out = True
            else:
                out.timed_out = True
            return
        if line is None:
            return
        ev = _event(line)
        if ev is not None:
            out.events.append(ev)
            if ev["event"] == "ready":
                out.ready.add(ev.get("rank"))
                if len(out.ready) == out.procs:
                    out.ready_s = time.monotonic() - t0
            if on_event:
                on_event(ev)
        elif line.strip():
            out.noise.append(line.strip())


def run_job(
    rank_args: list[str],
    procs: int,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    startup: float | None = None,
    hostfile: str | None = None,
    env: dict | None = None,
    on_event=None,
) -> JobOutcome:
    """Run the rank program on ``procs`` ranks; see the module docstring for how it ends.

    ``startup``: seconds for every rank to say ``ready`` (None: :func:`~.host.startup_budget`
    for ``procs`` ranks and no data); ``timeout``: seconds of silence allowed after that."""
    check_mpi()
    cmd = [find_mpiexec(), "-print-all-exitcodes", "-n", str(procs)]
    if hostfile:
        cmd += ["-f", hostfile]
    cmd += [sys.executable, "-m", "ringlab.engine.rank", *rank_args]
    cores = local_cores()
    if startup is None:
        startup = startup_budget(procs, 0, cores)
    out = JobOutcome(timeout=timeout, startup=startup, procs=procs, cores=cores)
    t0 = time.monotonic()
    proc = _start(cmd, env)
    q: queue.Queue = queue.Queue()
    errs: list[str] = []
    threading.Thread(target=_reader, args=(proc.stdout, q), daemon=True).start()
    et = threading.Thread(target=lambda: errs.extend(proc.stderr), daemon=True)
    et.start()
    try:
        _follow(q, out, t0, on_event)
        if not (out.timed_out or out.startup_ran_out):
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                out.timed_out = True
    finally:
        _terminate(proc)  # a no-op for a job that ended; the whole tree for one that did not
        et.join(1.0)
    out.returncode = proc.returncode
    out.stderr = "".join(errs)
    out.exit_statuses = _statuses(out.noise)
    out.bad_termination = _bad_termination(out.noise)
    out.wall_s = time.monotonic() - t0
    return out
