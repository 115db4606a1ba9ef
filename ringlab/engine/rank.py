r"""The rank program: ``mpiexec -n N python -m ringlab.engine.rank CODE [options]``.

Rank i plays node i of the code (eqs. (3)–(4), see :mod:`ringlab.engine.node`): each of the
T steps is one ``MPI.Sendrecv`` — send $y_{i\to}^{(t)}$ to (i+1) mod N, receive from
(i−1) mod N in the same call, so the ring cannot deadlock whatever the message size (a
blocking Send-then-Recv on every rank can, once messages outgrow MPI's eager buffer).

Protocol: every rank writes JSON lines on its own stdout, one event per line, each tagged with
``"rank"`` and written with a single ``write`` (mpiexec forwards whole lines; the launcher reads
them as they come).  Events, in order for each rank:

* ``start``     — rank, size, host, pid, supervisor (its pid, or null), cpus, N, K, T, field,
  block (elements per symbol), bytes (the whole vector $x_i$), mpi (library version line):
  MPI is initialised, the code read
* ``ready``     — rank, pid: its program built and its data in memory; the launcher's silence
  timeout starts when every rank has said this (before, start-up has its own budget)
* ``sent``      — t, to, bytes, head (first ≤ 4 elements of $y_{i\to}^{(t)}$)   } verified run,
* ``received``  — t (arrival time t+1 in the paper), from, bytes, head            } live
* ``decoded``   — ok, wrong (how many entries differ from ``MPI.Allreduce`` of the same data),
  first ({index, symbol k = 1..K, element, got, expected} or null), max_error (Q, R), head
* ``timing``    — rep, coded_s, allreduce_s: this rank's wall time of one timed repetition
* ``done``
* ``error``     — message (then the rank exits non-zero)
* ``died``      — rank, pid, signal, name: written by the rank's *supervisor* (below) when the
  rank was killed by a signal it did not expect (``kill -9``, the OOM killer)

Supervisor: on Linux and macOS the process mpiexec starts forks at once, before numpy or MPI
load; the child is the rank, the parent (a bare Python) only waits for it.  A rank killed by a
signal cannot say so, and mpiexec then SIGKILLs every other rank too, so its exit codes cannot
tell the victim from the cleaned-up; the parent knows exactly (``waitpid``), says ``died``,
then dies by the same signal.  mpiexec's own signals reach both (each rank is a process group
of its own): a supervisor that was told to stop says nothing.  ``RINGLAB_RANK_UNSUPERVISED=1``
runs the rank in the process mpiexec started (as on Windows, which has no fork).

Schedules (``--schedule NAME``, CODE ``-``): rank r runs its part of a library schedule
(:mod:`ringlab.engine.schedule_rank`); its events are ``start`` (with schedule, T, blocks,
ports, elements, block, padding, dtype), ``ready``, one ``step`` per step, ``checked`` (against
``MPI.Allreduce``), ``timing`` (rep, schedule_s, allreduce_s), ``done``.  ``start`` of a code or
a schedule carries ``library``: MPICH's Allreduce control variables as MPI_T reads them.

Calibration (``--calibrate``): every rank says ``start`` and ``ready``; rank 0 sends a message
of m bytes around the ring (N hops) and times its return; it emits ``pingpong`` events
{bytes, hops, round_trip_s (median), runs}.

Test hooks (``RINGLAB_ENGINE_FAULT``): ``die:R``, ``hang-setup:R`` and ``deadlock``, see
:mod:`.faults`.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import sys
import time
from typing import TYPE_CHECKING

from .faults import fault

if TYPE_CHECKING:
    import numpy as np

N_HEAD = 4  # numpy and MPI are imported in the rank, never in its supervisor


def emit(**event) -> None:
    """One JSON line on stdout in one write(2): lines of different ranks never interleave."""
    os.write(1, (json.dumps(event, separators=(",", ":")) + "\n").encode())


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m ringlab.engine.rank",
        description="One rank of a ringlab code on MPI (started by mpiexec).",
    )
    p.add_argument("code", help="a *.ringlab.json file or preset:NAME")
    p.add_argument("--field", help="read the code over this field instead")
    p.add_argument("--block", type=int, default=1024, help="elements per symbol (default 1024)")
    p.add_argument("--repeat", type=int, default=5, help="timed repetitions (default 5)")
    p.add_argument("--seed", type=int, default=0, help="seed of the test data (default 0)")
    p.add_argument(
        "--inputs", help="JSON file of N rows of K symbols (then one element per symbol)"
    )
    p.add_argument("--calibrate", metavar="BYTES", help="ping-pong sizes, e.g. 8,1024,65536")
    p.add_argument(
        "--schedule",
        metavar="NAME",
        help="run a library schedule instead of a code "
        "(CODE is then '-'; see ringlab.engine.schedule_rank)",
    )
    p.add_argument("--elements", type=int, default=8192, help="with --schedule: elements per rank")
    p.add_argument(
        "--dtype",
        choices=("float64", "int64"),
        default="float64",
        help="with --schedule: the element type (default float64)",
    )
    return p


def load(spec: str, field: str | None):
    """The code named on the command line (the same rule as ``ringlab run``)."""
    from ..core.codefile import load_code
    from ..core.presets import preset

    if spec.startswith("preset:"):
        return preset(spec[len("preset:") :], field or "Q")
    code = load_code(spec)
    return code.with_field(field) if field else code


def _head(arith, a) -> list:
    return [arith.show(v) for v in a.reshape(-1)[:N_HEAD]]


class Reference:
    """``MPI.Allreduce`` of the same data, in the field's own sum (see :mod:`.arith`)."""

    def __init__(self, MPI, comm, arith):
        import numpy as np

        self.MPI, self.comm, self.arith, self.np = MPI, comm, arith, np
        k = arith.kind
        self.op = {"float": MPI.SUM, "prime": MPI.SUM, "gf2": MPI.BXOR, "bin-ext": MPI.BXOR}.get(k)
        if self.op is None:  # GF(p^m), p odd: digit-wise addition, the core's own

            def add(inbuf, inoutbuf, datatype):  # MPI's user-op signature: datatype unused
                a = np.frombuffer(inbuf, dtype=np.int64)
                b = np.frombuffer(inoutbuf, dtype=np.int64)
                b[...] = arith.field._vadd(a, b)

            self.op = MPI.Op.Create(add, commute=True)

    def __call__(self, X: np.ndarray, out: np.ndarray) -> np.ndarray:
        src, dst = X.reshape(-1), out.reshape(-1)
        if self.arith.kind == "gf2" and src.size % 8 == 0:
            src, dst = src.view(self.np.uint64), dst.view(self.np.uint64)  # XOR 8 bytes at a time
        self.comm.Allreduce(src, dst, op=self.op)
        if self.arith.kind == "prime":
            out[...] = self.arith.fix_sum(out)
        return out


def run(MPI, comm, code, args) -> int:
    from ..core.inputs import read_message_vectors
    from .node import node_data, node_program

    rank = comm.Get_rank()
    prog = node_program(code, rank)
    a, K, T, L = prog.arith, code.K, code.T, args.block
    if args.inputs:
        L = args.block = 1
        X = a.from_elements(read_message_vectors(code, args.inputs)[rank]).reshape(K, 1)
    else:
        X = node_data(a, args.seed, rank, K, L)
    S, y, Z = a.zeros((T, L)), a.zeros(L), a.zeros((K, L))
    ref, expected, out = Reference(MPI, comm, a), a.zeros((K, L)), a.zeros((K, L))
    nbytes = L * a.itemsize
    hook = fault(rank)
    if hook == "hang-setup":
        time.sleep(3600)
    emit(event="ready", rank=rank, pid=os.getpid())
    if hook == "die":
        os._exit(3)

    def steps(events: bool):
        for t in range(T):
            buf = prog.encode(t, X, S, y)
            if events:
                emit(event="sent", rank=rank, t=t, to=prog.next, bytes=nbytes, head=_head(a, buf))
            if hook == "deadlock":  # every rank waits first: nobody ever sends
                comm.Recv(S[t], source=prog.prev, tag=t)
                comm.Send(buf, dest=prog.next, tag=t)
            else:
                comm.Sendrecv(
                    buf, dest=prog.next, sendtag=t, recvbuf=S[t], source=prog.prev, recvtag=t
                )
            if events:
                emit(
                    event="received",
                    rank=rank,
                    t=t + 1,
                    **{"from": prog.prev},
                    bytes=nbytes,
                    head=_head(a, S[t]),
                )
        return prog.decode(X, S, out=Z)

    z = steps(events=True)
    ref(X, expected)
    bad = a.mismatches(z.reshape(-1), expected.reshape(-1))
    first = None
    if bad.size:
        j = int(bad[0])
        first = {
            "index": j,
            "symbol": j // L + 1,
            "element": j % L,
            "got": a.show(z.reshape(-1)[j]),
            "expected": a.show(expected.reshape(-1)[j]),
        }
    emit(
        event="decoded",
        rank=rank,
        ok=not bad.size,
        wrong=int(bad.size),
        entries=K * L,
        first=first,
        max_error=a.max_error(z, expected),
        head=_head(a, z),
    )

    for r in range(args.repeat):
        comm.Barrier()
        t0 = MPI.Wtime()
        steps(events=False)
        t1 = MPI.Wtime()
        comm.Barrier()
        t2 = MPI.Wtime()
        ref(X, out)
        t3 = MPI.Wtime()
        emit(event="timing", rank=rank, rep=r, coded_s=t1 - t0, allreduce_s=t3 - t2)
    return 0


def calibrate(MPI, comm, sizes: list[int]) -> int:
    """Ring ping-pong: one message travels 0 → 1 → … → N−1 → 0; its round trip is N hops."""
    import numpy as np

    rank, N = comm.Get_rank(), comm.Get_size()
    nxt, prv = (rank + 1) % N, (rank - 1) % N
    for m in sizes:
        buf = np.zeros(m, dtype=np.uint8)
        runs = max(5, min(50, (1 << 22) // max(m, 1)))  # ~4 MB moved per size, 5..50 runs
        times = []
        for r in range(runs + 2):  # the first two warm the path up
            comm.Barrier()
            if rank == 0:
                t0 = MPI.Wtime()
                comm.Send(buf, dest=nxt, tag=r)
                comm.Recv(buf, source=prv, tag=r)
                times.append(MPI.Wtime() - t0)
            else:
                comm.Recv(buf, source=prv, tag=r)
                comm.Send(buf, dest=nxt, tag=r)
        if rank == 0:
            emit(
                event="pingpong",
                rank=0,
                bytes=m,
                hops=N,
                runs=runs,
                round_trip_s=float(np.median(times[2:])),
            )
    return 0


def _pdeathsig(sig) -> None:
    """Die by ``sig`` when the parent dies (Linux; elsewhere a no-op)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, sig)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def supervise(child) -> int:
    """Run ``child()`` (the rank) in a forked process; report a death by signal (see above)."""
    pid = os.fork()
    if pid == 0:  # the rank: it returns through main() and exits as usual (MPI_Finalize)
        _pdeathsig(signal.SIGKILL)
        return child()
    stopping = []

    def forward(signum, frame):
        stopping.append(signum)  # mpiexec (or Ctrl+C) stops the job
        try:
            os.kill(pid, signum)
        except ProcessLookupError:
            pass

    for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(s, forward)
    _, status = os.waitpid(pid, 0)  # PEP 475: retried after a handled signal
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if not stopping:
            emit(
                event="died",
                rank=int(os.environ.get("PMI_RANK", "-1")),
                pid=pid,
                signal=sig,
                name=signal.Signals(sig).name,
            )
        try:
            signal.signal(sig, signal.SIG_DFL)
        except (OSError, ValueError):  # SIGKILL, SIGSTOP: no handler to reset
            pass
        os.kill(os.getpid(), sig)  # mpiexec sees the rank's own ending
        return 128 + sig
    return os.WEXITSTATUS(status)


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if hasattr(os, "fork") and os.environ.get("RINGLAB_RANK_UNSUPERVISED") != "1":
        me = os.getpid()
        return supervise(lambda: rank_main(args, supervisor=me))
    return rank_main(args)


def rank_main(args, supervisor: int | None = None) -> int:
    from mpi4py import MPI

    comm = MPI.COMM_WORLD
    rank, N = comm.Get_rank(), comm.Get_size()
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    base = dict(
        rank=rank,
        size=N,
        host=MPI.Get_processor_name() or socket.gethostname(),
        pid=os.getpid(),
        supervisor=supervisor,
        cpus=cpus,
        mpi=MPI.Get_library_version().splitlines()[0].strip(),
    )
    try:
        if args.calibrate:
            emit(event="start", **base)
            emit(event="ready", rank=rank, pid=base["pid"])
            rc = calibrate(MPI, comm, [int(s) for s in args.calibrate.split(",")])
            emit(event="done", rank=rank)
            return rc
        if args.schedule:
            return _schedule_main(MPI, comm, args, base)
        code = load(args.code, args.field)
        if N != code.N:
            emit(
                event="error",
                rank=rank,
                message=(
                    f"started as {N} process(es) but the code has N = {code.N}: the mpiexec that "
                    f"started this rank is not the MPI that mpi4py uses ({base['mpi']})"
                ),
            )
            return 4
        from .arith import arith_for

        a = arith_for(code.field)
        args.block = 1 if args.inputs else args.block
        emit(
            event="start",
            **base,
            N=code.N,
            K=code.K,
            T=code.T,
            field=code.field.name,
            block=args.block,
            bytes=code.K * args.block * a.itemsize,
            library=_library(MPI),
        )
        rc = run(MPI, comm, code, args)
        emit(event="done", rank=rank)
        return rc
    except Exception as e:  # say it in the protocol, then let mpiexec end the others
        emit(event="error", rank=rank, message=f"{type(e).__name__}: {e}")
        sys.stderr.flush()
        comm.Abort(4)
        return 4


def _library(MPI) -> dict:
    """MPICH's Allreduce settings as the library itself reads them (MPI_T, :mod:`.mpit`)."""
    from .mpit import read_cvars

    return read_cvars(MPI)


def _schedule_main(MPI, comm, args, base) -> int:
    """A library schedule on this rank (:mod:`.schedule_rank`); exceptions go to the caller."""
    from ..core.schedules import schedule_plan
    from .schedule_rank import layout, run

    N = comm.Get_size()
    plan = schedule_plan(args.schedule, N)  # the launcher checked N: this does not refuse
    if args.inputs:
        with open(args.inputs) as f:
            args.elements = len(json.load(f)[0])
    L, pad = layout(args.elements, plan.n_blocks)
    emit(
        event="start",
        **base,
        schedule=plan.name,
        N=N,
        T=plan.T,
        blocks=plan.n_blocks,
        ports=plan.ports,
        elements=args.elements,
        block=L,
        padding=pad,
        dtype=args.dtype,
        bytes=args.elements * 8,
        library=_library(MPI),
    )
    rc = run(MPI, comm, plan, args, emit)
    emit(event="done", rank=base["rank"])
    return rc


if __name__ == "__main__":
    sys.exit(main())
