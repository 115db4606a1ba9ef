r"""Start ``mpiexec`` as a child process, read the ranks' events, and never leave a process behind.

The caller's process never loads MPI: :func:`run_job` starts
``mpiexec -n N python -m ringlab.engine.rank …`` in a session of its own (so the whole job is
one process group), reads the ranks' JSON lines (:mod:`ringlab.engine.rank`) as they arrive and
hands each to ``on_event``.  Two clocks measure the job, one after the other:

* start-up: from launch until every rank has said ``ready`` (MPI initialised, the code read,
  the data in memory).  Starting N Pythons costs CPU time, so the budget grows with ranks per
  core and with the data each rank makes: :func:`startup_budget`.  Running out of it is
  "ran out of time starting ranks", never a deadlock;
* silence: once every rank is ready, the job is stopped when no line has arrived for
  ``timeout`` seconds (a deadlock or a hung rank).

It also gives up on Ctrl+C or SIGTERM.  To stop, it sends SIGTERM to the group (Hydra then
ends its proxies and ranks, which live in sessions of their own), SIGKILL after a grace period,
and finally SIGKILLs any process of the job's tree it saw that is still alive.

:func:`run_code`, :func:`run_schedule` (a library schedule as point-to-point messages,
:mod:`ringlab.engine.schedule_rank`) and :func:`calibrate` are the jobs ``ringlab run`` offers; their results
(:mod:`ringlab.engine.results`) carry the exit code: 0 every rank decoded what
``MPI.Allreduce`` gives and Theorem 2 agrees, 1 some rank did not or Theorem 2 (exact) calls the
code infeasible, 4 the engine failed (:class:`EngineError`).  :func:`plan` refuses a request
before anything starts (exit 2), among others one whose data would not fit in free memory.
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
from ..core.schedules.costs import format_bytes
from .arith import arith_for

DEFAULT_TIMEOUT = 10.0  # seconds of silence once every rank is ready …
SILENCE_PER_GIB = 20.0  # … + this per GiB of data per core (one repetition's work is silent)
STARTUP_BASE = 10.0  # start-up budget: base seconds …
STARTUP_PER_RANK = 3.0  # … + this per rank on each core (a rank's start costs ~0.8 s CPU here)
STARTUP_PER_GIB = 10.0  # … + this per GiB of data made on each core
RANK_OVERHEAD = (
    80 << 20
)  # bytes a rank (Python, numpy, mpi4py, MPI: 65 MB here) and its supervisor take
DEFAULT_BLOCK = 1024  # elements per symbol when --size is not given
GRACE = 2.0  # seconds between SIGTERM and SIGKILL
LIBRARY_ALGORITHMS = (
    "auto",
    "ring",
    "tree",
    "recursive_doubling",
    "reduce_scatter_allgather",
    "recexch",
    "k_reduce_scatter_allgather",
)
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
        raise EngineError(
            f"mpiexec not found: RINGLAB_MPIEXEC={given} is not an executable (nor on PATH)"
        )
    beside = Path(sys.executable).parent / ("mpiexec.exe" if os.name == "nt" else "mpiexec")
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which("mpiexec")
    if found:
        return found
    raise EngineError(
        "mpiexec not found (neither beside this Python nor on PATH): install it "
        "with `pip install mpich` (Linux, macOS) or Microsoft MPI (Windows)"
    )


def check_mpi4py() -> None:
    # find_spec looks for the package without importing it: MPI stays out of this process
    if find_spec("mpi4py") is None:
        raise EngineError("mpi4py is not installed in this Python: `pip install mpi4py mpich`")


@dataclass(frozen=True)
class Plan:
    """A checked request: what to start and how much data each rank holds."""

    spec: str  # FILE (absolute) or preset:NAME, as the ranks load it
    code: LinearCode
    field: str | None
    procs: int
    block: int  # stored elements per symbol
    bytes: int  # S: bytes of one node's vector (K blocks)
    repeat: int = 5
    timeout: float | None = None  # seconds of silence once all are ready; None: silence_budget()
    hostfile: str | None = None
    algorithm: str = "auto"
    seed: int = 0
    item: str = ""  # what one stored element is, in words
    inputs: str | None = None  # JSON file of x_i (absolute); then block = 1
    startup: float | None = None  # start-up budget in seconds; None: startup_budget()

    def rank_args(self) -> list[str]:
        a = [
            self.spec,
            "--block",
            str(self.block),
            "--repeat",
            str(self.repeat),
            "--seed",
            str(self.seed),
        ]
        return (
            a
            + (["--field", self.field] if self.field else [])
            + (["--inputs", self.inputs] if self.inputs else [])
        )


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
    """Bytes one rank holds at its peak: x_i, what it receives, the symbol it sends, its decode,
    MPI_Allreduce's sum and the timed runs' copy (4K + T + 1 blocks of one symbol), K more for
    temporaries (making the random data, MPI's reduction), and the process (``RANK_OVERHEAD``).
    Measured: 1.93 GB peak per rank for K = 2, T = 3 and 256 MiB of data; this says 1.96 GB."""
    return (5 * K + T + 1) * block * itemsize + RANK_OVERHEAD


def available_memory() -> tuple[int, str] | None:
    """(bytes, where from) of memory free for new processes, or None when unknown."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024, "MemAvailable in /proc/meminfo"
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"), "free pages (sysconf)"
    except (AttributeError, ValueError, OSError):
        return None


def check_memory(procs: int, K: int, T: int, block: int, itemsize: int, what: str) -> None:
    """Refuse (exit 2, one line) a job whose ranks would need more memory than is free here."""
    free = available_memory()
    if free is None:
        return
    need = procs * memory_per_rank(K, T, block, itemsize)
    if need > free[0]:
        raise RinglabError(
            f"{what}: the {procs} ranks would need about {format_bytes(need)} of memory (each "
            f"{5 * K + T + 1} blocks of {format_bytes(block * itemsize)}: its data, what it "
            f"receives, its decode, MPI_Allreduce's sum, temporaries; plus "
            f"{format_bytes(RANK_OVERHEAD)} for the process) but only {format_bytes(free[0])} is "
            f"free ({free[1]}): give a smaller --size"
        )


def _item_words(ar) -> str:
    return {
        "float": "float64",
        "prime": "int64 (an integer mod p)",
        "gf2": "byte (8 GF(2) elements)",
        "odd-ext": "int64 (an element of " + ar.field.name + ")",
    }.get(ar.kind, f"uint{8 * ar.itemsize} (an element of {ar.field.name})")


def plan(
    spec: str,
    code: LinearCode,
    field: str | None = None,
    procs: int | None = None,
    size: int | None = None,
    repeat: int = 5,
    timeout: float | None = None,
    hostfile: str | None = None,
    algorithm: str = "auto",
    seed: int = 0,
    inputs: str | None = None,
    startup: float | None = None,
) -> Plan:
    """Check a request before anything starts; bad input raises :class:`RinglabError` (exit 2).

    Without a ``hostfile`` every rank runs here, so the memory they need is checked against
    what is free here (:func:`check_memory`)."""
    N, K = code.N, code.K
    if procs is not None and procs != N:
        raise RinglabError(
            f"--procs {procs}: the code is for N = {N} nodes and each rank plays one "
            f"node; drop --procs or give {N}"
        )
    ar = arith_for(code.field)
    unit = K * ar.itemsize
    if inputs is not None:
        if size is not None:
            raise RinglabError(
                "--size and --inputs: give one (with --inputs each symbol is the "
                "one element the file gives)"
            )
        from ..core.inputs import read_message_vectors

        read_message_vectors(code, inputs)  # refuse a bad file here, before any rank starts
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
                f"K = {K} symbols is a block of whole elements); nearest: {near}"
            )
        block = size // unit
    if repeat < 1:
        raise RinglabError(f"--repeat {repeat}: expected at least 1 timed repetition")
    if timeout is not None and not timeout > 0:
        raise RinglabError(f"--timeout {timeout}: expected a positive number of seconds")
    if startup is not None and not startup > 0:
        raise RinglabError(f"--startup-timeout {startup}: expected a positive number of seconds")
    if hostfile is not None and not Path(hostfile).is_file():
        raise RinglabError(
            f"--hostfile {hostfile}: no such file (expected one host name per line, "
            f"optionally host:slots)"
        )
    if algorithm not in LIBRARY_ALGORITHMS:
        raise RinglabError(
            f"--library-algorithm {algorithm}: expected one of {', '.join(LIBRARY_ALGORITHMS)}"
        )
    if hostfile is None:
        check_memory(
            N,
            K,
            code.T,
            block,
            ar.itemsize,
            f"--size {size} ({format_bytes(size)})"
            if size is not None
            else f"{block * unit} bytes per rank",
        )
    if not spec.startswith("preset:"):
        spec = str(Path(spec).resolve())  # ranks may start in another folder (-wdir, hosts)
    return Plan(
        spec,
        code,
        field,
        N,
        block,
        block * unit,
        repeat,
        timeout,
        hostfile,
        algorithm,
        seed,
        _item_words(ar),
        inputs,
        startup,
    )


# -- a library schedule ----------------------------------------------------------------------

SCHEDULE_DTYPES = ("float64", "int64")
DEFAULT_SCHEDULE_PROCS = 4
DEFAULT_SCHEDULE_BYTES = 65536  # 8192 elements of 8 bytes


@dataclass(frozen=True)
class SchedulePlan:
    """A checked ``ringlab run --schedule`` request: the schedule's plan on ``procs`` ranks and
    each rank's vector (``elements`` of ``dtype``, cut into ``plan.n_blocks`` blocks of
    ``block`` elements, ``padding`` zeros appended)."""

    name: str
    plan: object  # ringlab.core.schedules.Plan
    procs: int
    dtype: str
    elements: int
    block: int
    padding: int
    repeat: int = 5
    timeout: float | None = None
    hostfile: str | None = None
    algorithm: str = "auto"
    seed: int = 0
    inputs: str | None = None
    startup: float | None = None

    @property
    def bytes(self) -> int:
        return self.elements * 8

    def rank_args(self) -> list[str]:
        return [
            "-",
            "--schedule",
            self.name,
            "--elements",
            str(self.elements),
            "--dtype",
            self.dtype,
            "--repeat",
            str(self.repeat),
            "--seed",
            str(self.seed),
        ] + (["--inputs", self.inputs] if self.inputs else [])


def schedule_memory_per_rank(elements: int, n_blocks: int, ports: int) -> int:
    """Bytes one rank of a schedule holds at its peak: its data, the working buffer (padded),
    MPI_Allreduce's sum and the timed runs' copy, scratch for what one step receives and packs
    (≤ ``ports`` whole vectors each way), and the process (``RANK_OVERHEAD``)."""
    padded = -(-elements // n_blocks) * n_blocks
    return 8 * (3 * elements + padded + 2 * max(1, ports) * padded) + RANK_OVERHEAD


def _read_schedule_inputs(path: str, dtype: str | None) -> tuple[int, int, str]:
    """(rows, elements per row, dtype) of an --inputs file for a schedule; bad files refused."""
    try:
        rows = json.loads(Path(path).read_text())
    except OSError as e:
        raise RinglabError(f"--inputs {path}: cannot read it ({e.strerror or e})") from None
    except ValueError as e:
        raise RinglabError(f"--inputs {path}: not JSON ({e})") from None
    want = (
        "expected a list of N rows (one per rank), each a list of the same number of "
        "numbers: that rank's vector"
    )
    if (
        not isinstance(rows, list)
        or not rows
        or not all(isinstance(r, list) and r for r in rows)
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for r in rows for v in r)
    ):
        raise RinglabError(f"--inputs {path}: {want}")
    lengths = {len(r) for r in rows}
    if len(lengths) != 1:
        raise RinglabError(f"--inputs {path}: rows of {sorted(lengths)} numbers; {want}")
    ints = all(isinstance(v, int) for r in rows for v in r)
    if dtype is None:
        dtype = "int64" if ints else "float64"
    elif dtype == "int64" and not ints:
        raise RinglabError(
            f"--inputs {path} --dtype int64: the file holds numbers that are not "
            f"integers; drop --dtype (float64) or give integers"
        )
    if dtype == "int64" and any(abs(v) >= 2**62 // 32 for r in rows for v in r):
        raise RinglabError(
            f"--inputs {path}: integers this large could overflow int64 when "
            f"summed; keep them below 2^57"
        )
    return len(rows), lengths.pop(), dtype


def plan_schedule(
    name: str,
    procs: int | None = None,
    size: int | None = None,
    dtype: str | None = None,
    repeat: int = 5,
    timeout: float | None = None,
    hostfile: str | None = None,
    algorithm: str = "auto",
    seed: int = 0,
    inputs: str | None = None,
    startup: float | None = None,
) -> SchedulePlan:
    """Check a ``--schedule`` request before anything starts; bad input raises
    :class:`RinglabError` (exit 2): an unknown name (the known ones listed), an N the schedule
    refuses (its reason), a size that is not whole elements, data beyond free memory."""
    from ..core.schedules import schedule_plan
    from ..core.schedules.algorithms import canonical

    key = canonical(name)  # unknown: "unknown schedule 'x'; known: ring, …"
    if dtype is not None and dtype not in SCHEDULE_DTYPES:
        raise RinglabError(f"--dtype {dtype}: expected one of {', '.join(SCHEDULE_DTYPES)}")
    if inputs is not None:
        if size is not None:
            raise RinglabError(
                "--size and --inputs: give one (with --inputs each rank's vector "
                "is its row of the file)"
            )
        rows, elements, dtype = _read_schedule_inputs(inputs, dtype)
        if procs is not None and procs != rows:
            raise RinglabError(
                f"--procs {procs}: the --inputs file has {rows} rows, one per "
                f"rank; drop --procs or give {rows}"
            )
        procs, inputs = rows, str(Path(inputs).resolve())
    else:
        size = DEFAULT_SCHEDULE_BYTES if size is None else size
        if size <= 0 or size % 8:
            lo, hi = size // 8 * 8, (size // 8 + 1) * 8
            raise RinglabError(
                f"--size {size}: must be a positive multiple of 8 bytes (whole "
                f"float64/int64 elements); nearest: {f'{lo} or {hi}' if lo > 0 else hi}"
            )
        elements = size // 8
        dtype = dtype or "float64"
    if procs is None:
        procs = DEFAULT_SCHEDULE_PROCS
    pl = schedule_plan(key, procs)  # refused N: the schedule's own reason
    if repeat < 1:
        raise RinglabError(f"--repeat {repeat}: expected at least 1 timed repetition")
    for opt, v in (("--timeout", timeout), ("--startup-timeout", startup)):
        if v is not None and not v > 0:
            raise RinglabError(f"{opt} {v}: expected a positive number of seconds")
    if hostfile is not None and not Path(hostfile).is_file():
        raise RinglabError(
            f"--hostfile {hostfile}: no such file (expected one host name per line, "
            f"optionally host:slots)"
        )
    if algorithm not in LIBRARY_ALGORITHMS:
        raise RinglabError(
            f"--library-algorithm {algorithm}: expected one of {', '.join(LIBRARY_ALGORITHMS)}"
        )
    if hostfile is None:
        free = available_memory()
        need = procs * schedule_memory_per_rank(elements, pl.n_blocks, pl.ports)
        if free is not None and need > free[0]:
            raise RinglabError(
                f"--size {elements * 8} ({format_bytes(elements * 8)}): the {procs} ranks would "
                f"need about {format_bytes(need)} of memory (each its data, its working buffer, "
                f"MPI_Allreduce's sum, receive and send scratch, plus {format_bytes(RANK_OVERHEAD)} "
                f"for the process) but only {format_bytes(free[0])} is free ({free[1]}): give a "
                f"smaller --size"
            )
    L = -(-elements // pl.n_blocks)
    return SchedulePlan(
        key,
        pl,
        procs,
        dtype,
        elements,
        L,
        pl.n_blocks * L - elements,
        repeat,
        timeout,
        hostfile,
        algorithm,
        seed,
        inputs,
        startup,
    )


def run_schedule(p: SchedulePlan, on_event=None):
    """Run the schedule of ``p`` on ``p.procs`` ranks; a :class:`~.results.ScheduleResult`."""
    from .results import ScheduleResult

    startup = p.startup if p.startup is not None else startup_budget(p.procs, p.bytes)
    timeout = p.timeout if p.timeout is not None else silence_budget(p.procs, p.bytes)
    job = run_job(
        p.rank_args(),
        p.procs,
        timeout=timeout,
        startup=startup,
        hostfile=p.hostfile,
        env=library_env(p.algorithm),
        on_event=on_event,
    )
    return ScheduleResult.from_job(p, job)


# -- one job -----------------------------------------------------------------------------------


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
    return st[19] == started and st[0] != "Z"  # same process (not a reused pid), not a zombie


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

    ``startup``: seconds for every rank to say ``ready`` (None: :func:`startup_budget` for
    ``procs`` ranks and no data); ``timeout``: seconds of silence allowed after that."""
    check_mpi4py()
    mpiexec = find_mpiexec()
    cmd = [mpiexec, "-print-all-exitcodes", "-n", str(procs)]
    if hostfile:
        cmd += ["-f", hostfile]
    cmd += [sys.executable, "-m", "ringlab.engine.rank", *rank_args]
    full_env = dict(os.environ, **(env or {}))
    cores = local_cores()
    if startup is None:
        startup = startup_budget(procs, 0, cores)
    out = JobOutcome(timeout=timeout, startup=startup, procs=procs, cores=cores)
    t0 = time.monotonic()
    try:
        proc = subprocess.Popen(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=full_env,
            start_new_session=True,
            preexec_fn=_pdeathsig if sys.platform.startswith("linux") else None,
        )
    except OSError as e:
        raise EngineError(f"cannot start {mpiexec}: {e.strerror or e}") from None
    q: queue.Queue = queue.Queue()
    errs: list[str] = []
    threading.Thread(target=_reader, args=(proc.stdout, q), daemon=True).start()
    et = threading.Thread(target=lambda: errs.extend(proc.stderr), daemon=True)
    et.start()
    try:
        while True:
            starting = len(out.ready) < procs
            wait = (t0 + startup - time.monotonic()) if starting else timeout
            try:
                line = q.get(timeout=max(wait, 0.0))
            except queue.Empty:
                if starting:
                    out.startup_ran_out = True
                else:
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
                if ev["event"] == "ready":
                    out.ready.add(ev.get("rank"))
                    if len(out.ready) == procs:
                        out.ready_s = time.monotonic() - t0
                if on_event:
                    on_event(ev)
            elif s:
                out.noise.append(s)
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


def library_env(algorithm: str) -> dict:
    """Select MPICH's own Allreduce algorithm (read once, at MPI_Init, by every rank)."""
    if algorithm == "auto":
        return {}
    # without DEVICE_COLLECTIVES=none the shared-memory device may pick its own algorithm
    return {
        "MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM": algorithm,
        "MPIR_CVAR_DEVICE_COLLECTIVES": "none",
    }


def run_code(p: Plan, on_event=None):
    """Run the code of ``p`` on ``p.procs`` ranks; a :class:`~.results.RunResult`."""
    from .results import RunResult, exact_verdict

    exact = exact_verdict(p.code)  # Theorem 2 in the core's own arithmetic (exact over Q)
    startup = p.startup if p.startup is not None else startup_budget(p.procs, p.bytes)
    timeout = p.timeout if p.timeout is not None else silence_budget(p.procs, p.bytes)
    job = run_job(
        p.rank_args(),
        p.procs,
        timeout=timeout,
        startup=startup,
        hostfile=p.hostfile,
        env=library_env(p.algorithm),
        on_event=on_event,
    )
    return RunResult.from_job(p, job, exact)


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
    for name, v in (("--timeout", timeout), ("--startup-timeout", startup)):
        if v is not None and not v > 0:
            raise RinglabError(f"{name} {v}: expected a positive number of seconds")
    job = run_job(
        ["-", "--calibrate", ",".join(str(s) for s in sizes)],
        procs,
        timeout=timeout if timeout is not None else DEFAULT_TIMEOUT,
        startup=startup,
        hostfile=hostfile,
        on_event=on_event,
    )
    return Calibration.from_job(procs, job)
