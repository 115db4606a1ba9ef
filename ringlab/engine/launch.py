r"""Start ``mpiexec`` as a child process, read the ranks' events, and never leave a process behind.

The caller's process never loads MPI: :func:`run_job` starts
``mpiexec -n N python -m ringlab.engine.rank …`` in a session of its own (so the whole job is
one process group), reads the ranks' JSON lines (:mod:`ringlab.engine.rank`) as they arrive and
hands each to ``on_event``.  It gives up when no line has arrived for ``timeout`` seconds
(a deadlock or a hung rank), on Ctrl+C or SIGTERM: it sends SIGTERM to the group (Hydra then
ends its proxies and ranks, which live in sessions of their own), SIGKILL after a grace period,
and finally SIGKILLs any process of the job's tree it saw that is still alive.

:func:`run_code` and :func:`calibrate` are the two jobs ``ringlab run`` offers; their results
(:mod:`ringlab.engine.results`) carry the exit code: 0 every rank decoded what
``MPI.Allreduce`` gives, 1 some rank did not, 4 the engine failed (:class:`EngineError`).
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
from importlib.util import find_spec
from pathlib import Path

from ..core.code import LinearCode
from ..core.errors import RinglabError
from .arith import arith_for

DEFAULT_TIMEOUT = 10.0          # seconds of silence; starting 4 Pythons on a busy 2-core box takes ~1–3 s
DEFAULT_BLOCK = 1024            # elements per symbol when --size is not given
GRACE = 2.0                     # seconds between SIGTERM and SIGKILL
LIBRARY_ALGORITHMS = ("auto", "ring", "tree", "recursive_doubling", "reduce_scatter_allgather",
                      "recexch", "k_reduce_scatter_allgather")
CALIBRATION_SIZES = (8, 1024, 8192, 65536, 262144, 1048576, 4194304)


class EngineError(RuntimeError):
    """The engine could not run or finish the job (exit 4); the message is one line."""

    exit_code = 4


def find_mpiexec() -> str:
    """The ``mpiexec`` to start.

    ``$RINGLAB_MPIEXEC`` (a path, or a name looked up on ``PATH``) if set; else the one beside
    this Python — the mpich wheel installs it there, next to the libmpi mpi4py loads, and a
    venv's bin/ is often not on ``PATH`` (an app started from a launcher); else ``PATH``'s.
    """
    given = os.environ.get("RINGLAB_MPIEXEC")
    if given:
        found = shutil.which(given)
        if found:
            return found
        raise EngineError(f"mpiexec not found: RINGLAB_MPIEXEC={given} is not an executable "
                          f"(nor on PATH)")
    beside = Path(sys.executable).parent / ("mpiexec.exe" if os.name == "nt" else "mpiexec")
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which("mpiexec")
    if found:
        return found
    raise EngineError("mpiexec not found (neither beside this Python nor on PATH): install it "
                      "with `pip install mpich` (Linux, macOS) or Microsoft MPI (Windows)")


def check_mpi4py() -> None:
    # find_spec looks for the package without importing it: MPI stays out of this process
    if find_spec("mpi4py") is None:
        raise EngineError("mpi4py is not installed in this Python: `pip install mpi4py mpich`")


@dataclass(frozen=True)
class Plan:
    """A checked request: what to start and how much data each rank holds."""

    spec: str                 # FILE (absolute) or preset:NAME, as the ranks load it
    code: LinearCode
    field: str | None
    procs: int
    block: int                # stored elements per symbol
    bytes: int                # S: bytes of one node's vector (K blocks)
    repeat: int = 5
    timeout: float = DEFAULT_TIMEOUT
    hostfile: str | None = None
    algorithm: str = "auto"
    seed: int = 0
    item: str = ""            # what one stored element is, in words
    inputs: str | None = None  # JSON file of x_i (absolute); then block = 1

    def rank_args(self) -> list[str]:
        a = [self.spec, "--block", str(self.block), "--repeat", str(self.repeat),
             "--seed", str(self.seed)]
        return (a + (["--field", self.field] if self.field else [])
                + (["--inputs", self.inputs] if self.inputs else []))


def _item_words(ar) -> str:
    return {"float": "float64", "prime": "int64 (an integer mod p)", "gf2": "byte (8 GF(2) elements)",
            "odd-ext": "int64 (an element of " + ar.field.name + ")"}.get(
        ar.kind, f"uint{8 * ar.itemsize} (an element of {ar.field.name})")


def plan(spec: str, code: LinearCode, field: str | None = None, procs: int | None = None,
         size: int | None = None, repeat: int = 5, timeout: float = DEFAULT_TIMEOUT,
         hostfile: str | None = None, algorithm: str = "auto", seed: int = 0,
         inputs: str | None = None) -> Plan:
    """Check a request before anything starts; bad input raises :class:`RinglabError` (exit 2)."""
    N, K = code.N, code.K
    if procs is not None and procs != N:
        raise RinglabError(f"--procs {procs}: the code is for N = {N} nodes and each rank plays one "
                           f"node; drop --procs or give {N}")
    ar = arith_for(code.field)
    unit = K * ar.itemsize
    if inputs is not None:
        if size is not None:
            raise RinglabError("--size and --inputs: give one (with --inputs each symbol is the "
                               "one element the file gives)")
        from .node import read_inputs
        read_inputs(code, inputs)          # refuse a bad file here, before any rank starts
        inputs, block = str(Path(inputs).resolve()), 1
    elif size is None:
        block = DEFAULT_BLOCK
    else:
        if size <= 0 or size % unit:
            lo, hi = (size // unit) * unit, (size // unit + 1) * unit
            near = f"{lo} or {hi}" if lo else f"{hi}"
            raise RinglabError(
                f"--size {size}: must be a positive multiple of K × element size = {K} × "
                f"{ar.itemsize} = {unit} bytes for this code over {code.field.name} (each of the "
                f"K = {K} symbols is a block of whole elements); nearest: {near}")
        block = size // unit
    if repeat < 1:
        raise RinglabError(f"--repeat {repeat}: expected at least 1 timed repetition")
    if not timeout > 0:
        raise RinglabError(f"--timeout {timeout}: expected a positive number of seconds")
    if hostfile is not None and not Path(hostfile).is_file():
        raise RinglabError(f"--hostfile {hostfile}: no such file (expected one host name per line, "
                           f"optionally host:slots)")
    if algorithm not in LIBRARY_ALGORITHMS:
        raise RinglabError(f"--library-algorithm {algorithm}: expected one of "
                           f"{', '.join(LIBRARY_ALGORITHMS)}")
    if not spec.startswith("preset:"):
        spec = str(Path(spec).resolve())   # ranks may start in another folder (-wdir, hosts)
    return Plan(spec, code, field, N, block, block * unit, repeat, timeout, hostfile, algorithm,
                seed, _item_words(ar), inputs)


# -- one job -----------------------------------------------------------------------------------

@dataclass
class JobOutcome:
    events: list = field(default_factory=list)   # the ranks' JSON events, in arrival order
    noise: list = field(default_factory=list)    # stdout lines that are not events (Hydra's)
    stderr: str = ""
    returncode: int | None = None
    timed_out: bool = False
    timeout: float = DEFAULT_TIMEOUT
    exit_statuses: list | None = None            # raw wait statuses per rank (Hydra)
    command: list = field(default_factory=list)
    wall_s: float = 0.0


_EXIT_CODES = re.compile(r"Exit codes:\s*(.*)")


def _statuses(noise: list[str]) -> list[int] | None:
    """Hydra's ``[mpiexec@h] Exit codes: [h1] 0,768 [h2] 9`` → [0, 768, 9] (ranks in order)."""
    for line in noise:
        m = _EXIT_CODES.search(line)
        if m:
            return [int(v) for v in re.findall(r"\d+", re.sub(r"\[[^\]]*\]", " ", m.group(1)))]
    return None


def _pdeathsig():
    """In the child: die (SIGTERM) with the launcher, so a killed ``ringlab run`` takes its job along."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _tree(root: int) -> dict[int, str]:
    """pid → start time of every process under ``root`` (Linux /proc; empty elsewhere)."""
    try:
        kids: dict[int, list[int]] = {}
        start: dict[int, str] = {}
        for d in os.listdir("/proc"):
            if d.isdigit():
                try:
                    st = Path(f"/proc/{d}/stat").read_text().rsplit(")", 1)[1].split()
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


def _alive(pid: int, started: str) -> bool:
    try:
        st = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return st[19] == started and st[0] != "Z"   # same process (not a reused pid), not a zombie


def _terminate(proc: subprocess.Popen) -> None:
    """SIGTERM the job's group, SIGKILL after GRACE, then SIGKILL survivors seen in its tree."""
    tree = _tree(proc.pid)
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
    tree.update(_tree(proc.pid))
    deadline = time.monotonic() + GRACE
    while True:
        left = [p for p, s in tree.items() if _alive(p, s)]
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.05)      # Hydra's proxies end their ranks within milliseconds
    for p in left:
        try:
            os.kill(p, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _reader(stream, q: queue.Queue) -> None:
    for line in stream:
        q.put(line)
    q.put(None)


def run_job(rank_args: list[str], procs: int, *, timeout: float = DEFAULT_TIMEOUT,
            hostfile: str | None = None, env: dict | None = None, on_event=None) -> JobOutcome:
    """Run the rank program on ``procs`` ranks; see the module docstring for how it ends."""
    check_mpi4py()
    mpiexec = find_mpiexec()
    cmd = [mpiexec, "-print-all-exitcodes", "-n", str(procs)]
    if hostfile:
        cmd += ["-f", hostfile]
    cmd += [sys.executable, "-m", "ringlab.engine.rank", *rank_args]
    full_env = dict(os.environ, **(env or {}))
    out = JobOutcome(command=cmd, timeout=timeout)
    t0 = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=full_env,
                                start_new_session=True,
                                preexec_fn=_pdeathsig if sys.platform.startswith("linux") else None)
    except OSError as e:
        raise EngineError(f"cannot start {mpiexec}: {e.strerror or e}") from None
    q: queue.Queue = queue.Queue()
    errs: list[str] = []
    threading.Thread(target=_reader, args=(proc.stdout, q), daemon=True).start()
    et = threading.Thread(target=lambda: errs.extend(proc.stderr), daemon=True)
    et.start()
    try:
        while True:
            try:
                line = q.get(timeout=timeout)
            except queue.Empty:
                out.timed_out = True
                break
            if line is None:
                break
            s = line.strip()
            try:
                ev = json.loads(s) if s.startswith("{") else None
            except json.JSONDecodeError:
                ev = None
            if isinstance(ev, dict) and "event" in ev:
                out.events.append(ev)
                if on_event:
                    on_event(ev)
            elif s:
                out.noise.append(s)
        if not out.timed_out:
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                out.timed_out = True
    finally:
        _terminate(proc)    # a no-op for a job that ended; the whole tree for one that did not
        et.join(1.0)
    out.returncode = proc.returncode
    out.stderr = "".join(errs)
    out.exit_statuses = _statuses(out.noise)
    out.wall_s = time.monotonic() - t0
    return out


def library_env(algorithm: str) -> dict:
    """Select MPICH's own Allreduce algorithm (read once, at MPI_Init, by every rank)."""
    if algorithm == "auto":
        return {}
    # without DEVICE_COLLECTIVES=none the shared-memory device may pick its own algorithm
    return {"MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM": algorithm, "MPIR_CVAR_DEVICE_COLLECTIVES": "none"}


def run_code(p: Plan, on_event=None):
    """Run the code of ``p`` on ``p.procs`` ranks; a :class:`~.results.RunResult`."""
    from .results import RunResult
    job = run_job(p.rank_args(), p.procs, timeout=p.timeout, hostfile=p.hostfile,
                  env=library_env(p.algorithm), on_event=on_event)
    return RunResult.from_job(p, job)


def calibrate(procs: int = 2, *, sizes=CALIBRATION_SIZES, timeout: float = DEFAULT_TIMEOUT,
              hostfile: str | None = None, on_event=None):
    """Ring ping-pong at ``sizes`` on ``procs`` ranks; a :class:`~.results.Calibration`."""
    from .results import Calibration
    if procs < 2:
        raise RinglabError(f"--procs {procs}: a ring ping-pong needs at least 2 ranks")
    job = run_job(["-", "--calibrate", ",".join(str(s) for s in sizes)], procs, timeout=timeout,
                  hostfile=hostfile, on_event=on_event)
    return Calibration.from_job(procs, job)
