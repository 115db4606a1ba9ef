"""Check a ``ringlab run`` request before anything starts: a code's :func:`plan`, a library
schedule's :func:`plan_schedule`.

Bad input raises :class:`~ringlab.core.errors.RinglabError` (exit 2, one line), among others a
request whose data would not fit in free memory (only when every rank runs here: with a host
file the memory is elsewhere).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..core.code import LinearCode
from ..core.errors import RinglabError
from ..core.schedules.costs import format_bytes
from .arith import arith_for
from .host import (
    RANK_OVERHEAD,
    memory_per_rank,
    refuse_beyond_free_memory,
    schedule_memory_per_rank,
)

DEFAULT_BLOCK = 1024  # elements per symbol when --size is not given
LIBRARY_ALGORITHMS = (
    "auto",
    "ring",
    "tree",
    "recursive_doubling",
    "reduce_scatter_allgather",
    "recexch",
    "k_reduce_scatter_allgather",
)
SCHEDULE_DTYPES = ("float64", "int64")
DEFAULT_SCHEDULE_PROCS = 4
DEFAULT_SCHEDULE_BYTES = 65536  # 8192 elements of 8 bytes


def check_seconds(timeout: float | None, startup: float | None) -> None:
    """``--timeout`` and ``--startup-timeout``: positive when given."""
    for opt, v in (("--timeout", timeout), ("--startup-timeout", startup)):
        if v is not None and not v > 0:
            raise RinglabError(f"{opt} {v}: expected a positive number of seconds")


def check_job_options(
    repeat: int, timeout: float | None, startup: float | None, hostfile: str | None, algorithm: str
) -> None:
    """The options a code and a schedule share: repetitions, budgets, host file, algorithm."""
    if repeat < 1:
        raise RinglabError(f"--repeat {repeat}: expected at least 1 timed repetition")
    check_seconds(timeout, startup)
    if hostfile is not None and not Path(hostfile).is_file():
        raise RinglabError(
            f"--hostfile {hostfile}: no such file (expected one host name per line, "
            f"optionally host:slots)"
        )
    if algorithm not in LIBRARY_ALGORITHMS:
        raise RinglabError(
            f"--library-algorithm {algorithm}: expected one of {', '.join(LIBRARY_ALGORITHMS)}"
        )


# -- a code -------------------------------------------------------------------------------------


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


def _item_words(ar) -> str:
    return {
        "float": "float64",
        "prime": "int64 (an integer mod p)",
        "gf2": "byte (8 GF(2) elements)",
        "odd-ext": "int64 (an element of " + ar.field.name + ")",
    }.get(ar.kind, f"uint{8 * ar.itemsize} (an element of {ar.field.name})")


def _code_block(code: LinearCode, ar, size: int | None, inputs: str | None):
    """(elements per symbol, the --inputs file made absolute) of a code's request."""
    K, unit = code.K, code.K * ar.itemsize
    if inputs is not None:
        if size is not None:
            raise RinglabError(
                "--size and --inputs: give one (with --inputs each symbol is the "
                "one element the file gives)"
            )
        from ..core.inputs import read_message_vectors

        read_message_vectors(code, inputs)  # refuse a bad file here, before any rank starts
        return 1, str(Path(inputs).resolve())
    if size is None:
        return DEFAULT_BLOCK, None
    if size <= 0 or size % unit:
        lo, hi = (size // unit) * unit, (size // unit + 1) * unit
        near = f"{lo} or {hi}" if lo else f"{hi}"
        raise RinglabError(
            f"--size {size}: must be a positive multiple of K × element size = {K} × "
            f"{ar.itemsize} = {unit} bytes for this code over {code.field.name} (each of the "
            f"K = {K} symbols is a block of whole elements); nearest: {near}"
        )
    return size // unit, None


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
    what is free here."""
    N, K, T = code.N, code.K, code.T
    if procs is not None and procs != N:
        raise RinglabError(
            f"--procs {procs}: the code is for N = {N} nodes and each rank plays one "
            f"node; drop --procs or give {N}"
        )
    ar = arith_for(code.field)
    unit = K * ar.itemsize
    block, inputs = _code_block(code, ar, size, inputs)
    check_job_options(repeat, timeout, startup, hostfile, algorithm)
    if hostfile is None:
        refuse_beyond_free_memory(
            f"--size {size} ({format_bytes(size)})"
            if size is not None
            else f"{block * unit} bytes per rank",
            N,
            memory_per_rank(K, T, block, ar.itemsize),
            f"each {5 * K + T + 1} blocks of {format_bytes(block * ar.itemsize)}: its data, what "
            f"it receives, its decode, MPI_Allreduce's sum, temporaries; plus "
            f"{format_bytes(RANK_OVERHEAD)} for the process",
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


# -- a library schedule ------------------------------------------------------------------------


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


def _schedule_data(procs, size, dtype, inputs) -> tuple[int | None, int, str, str | None]:
    """(ranks or None, elements per rank, dtype, the --inputs file made absolute)."""
    if inputs is None:
        size = DEFAULT_SCHEDULE_BYTES if size is None else size
        if size <= 0 or size % 8:
            lo, hi = size // 8 * 8, (size // 8 + 1) * 8
            raise RinglabError(
                f"--size {size}: must be a positive multiple of 8 bytes (whole "
                f"float64/int64 elements); nearest: {f'{lo} or {hi}' if lo > 0 else hi}"
            )
        return procs, size // 8, dtype or "float64", None
    if size is not None:
        raise RinglabError(
            "--size and --inputs: give one (with --inputs each rank's vector is its row of the file)"
        )
    rows, elements, dtype = _read_schedule_inputs(inputs, dtype)
    if procs is not None and procs != rows:
        raise RinglabError(
            f"--procs {procs}: the --inputs file has {rows} rows, one per "
            f"rank; drop --procs or give {rows}"
        )
    return rows, elements, dtype, str(Path(inputs).resolve())


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
    procs, elements, dtype, inputs = _schedule_data(procs, size, dtype, inputs)
    if procs is None:
        procs = DEFAULT_SCHEDULE_PROCS
    pl = schedule_plan(key, procs)  # refused N: the schedule's own reason
    check_job_options(repeat, timeout, startup, hostfile, algorithm)
    if hostfile is None:
        refuse_beyond_free_memory(
            f"--size {elements * 8} ({format_bytes(elements * 8)})",
            procs,
            schedule_memory_per_rank(elements, pl.n_blocks, pl.ports),
            f"each its data, its working buffer, MPI_Allreduce's sum, receive and send scratch, "
            f"plus {format_bytes(RANK_OVERHEAD)} for the process",
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
