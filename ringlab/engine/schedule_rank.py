r"""One rank of a library schedule (:mod:`ringlab.core.schedules.algorithms`) as point-to-point MPI.

``mpiexec -n N python -m ringlab.engine.rank - --schedule NAME --elements n --dtype D`` starts
this on every rank (:mod:`.rank` parses the options and says ``start``).  Rank r holds a vector
of n elements (float64 or int64), cut into the plan's ``n_blocks`` blocks of
L = ⌈n / n_blocks⌉ elements, zero-padded to n_blocks·L as the traced schedules pad (a block is
whole elements; the padding travels with its block and stays zero).

Step k of the plan is a list of ``Message(src, dst, blocks, add)``; the rank runs its part:

* what it sends is read from its buffer *as it was before the step* (a block sent in one piece
  when the blocks are consecutive, else packed into a scratch buffer first), and what it
  receives lands in a scratch buffer of its own;
* then, in the plan's order, each received message is *added* into its blocks (a reduction) or
  *stored* over them (finished sums) — exactly what :func:`~ringlab.core.schedules.trace_plan`
  does with the numbers of the worked example;
* the step's calls: one send and one receive — ``MPI.Sendrecv`` (the partners may differ, as on
  the ring); one of them alone — ``Send`` or ``Recv`` (the tree, the fold); several partners
  (Bruck's and Trivance's two ports, a tree node with two children) — every ``Irecv`` and
  ``Isend`` posted, then ``Waitall``.  Tags are the step's index, and two messages between the
  same pair in one step are matched in the plan's order (MPI does not overtake).

The verified run says a ``step`` event per step (what went where, which blocks, how many bytes,
the first elements sent), then ``checked``: its buffer against ``MPI.Allreduce(MPI.SUM)`` of
the same data — exactly for int64, within :data:`~.arith.RTOL`/:data:`~.arith.ATOL` for
float64 (the schedule adds in another order than the library).  Then ``--repeat`` timed runs,
each between two barriers, the buffer reset to the rank's data beforehand: ``timing`` with
``schedule_s`` and ``allreduce_s``.

Test hooks (``RINGLAB_ENGINE_FAULT``, :mod:`.faults`): those of codes, and ``wrong:R`` — rank
R drops the first message it is to add in the verified run, as a schedule that forgot a partial
would.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass

import numpy as np

from .arith import ATOL, RTOL
from .faults import fault

DTYPES = {"float64": np.float64, "int64": np.int64}
INT_RANGE = 1000  # int64 test data lie in [−1000, 1000]: no sum over ≤ 32 ranks overflows
N_HEAD = 4


@dataclass
class _Part:
    """One message as this rank sees it: its partner, which rows of the (blocks × L) buffer,
    and (receiving) whether they are added."""

    peer: int
    blocks: tuple
    rows: object  # a slice (consecutive blocks) or an index array
    add: bool

    @property
    def n(self) -> int:
        return len(self.blocks)


def _rows(blocks: tuple):
    b = list(blocks)
    if b == list(range(b[0], b[0] + len(b))):
        return slice(b[0], b[0] + len(b))
    return np.asarray(b, dtype=np.intp)


def rank_steps(plan, rank: int) -> list[tuple[list[_Part], list[_Part]]]:
    """(sends, receives) of ``rank`` at every step of ``plan``, in the plan's order."""
    out = []
    for st in plan.steps:
        sends = [
            _Part(m.dst, m.blocks, _rows(m.blocks), m.add) for m in st.messages if m.src == rank
        ]
        recvs = [
            _Part(m.src, m.blocks, _rows(m.blocks), m.add) for m in st.messages if m.dst == rank
        ]
        out.append((sends, recvs))
    return out


def mode(sends, recvs) -> str:
    """The MPI calls a step makes (see the module docstring)."""
    if len(sends) == 1 and len(recvs) == 1:
        return "sendrecv"
    if len(sends) + len(recvs) == 1:
        return "send" if sends else "recv"
    return "waitall" if sends or recvs else "idle"


def layout(elements: int, n_blocks: int) -> tuple[int, int]:
    """(L, padding): blocks of L elements, and the zeros appended to make n_blocks·L."""
    L = -(-elements // n_blocks)
    return L, n_blocks * L - elements


def rank_data(dtype: str, seed: int, rank: int, n: int, inputs: str | None = None) -> np.ndarray:
    """Rank ``rank``'s n elements: row ``rank`` of the --inputs file, else reproducible random
    data from (seed, rank) — standard normal float64, or int64 in [−1000, 1000]."""
    dt = DTYPES[dtype]
    if inputs:
        with open(inputs) as f:
            rows = json.load(f)
        return np.asarray(rows[rank], dtype=dt)
    rng = np.random.default_rng([seed, rank])
    if dtype == "int64":
        return rng.integers(-INT_RANGE, INT_RANGE + 1, size=n, dtype=np.int64)
    return rng.standard_normal(n)


def mismatches(got: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """Indices where ``got`` differs: exactly for integers, within RTOL/ATOL for floats."""
    if got.dtype.kind == "f":
        return np.flatnonzero(~np.isclose(got, expected, rtol=RTOL, atol=ATOL))
    return np.flatnonzero(got != expected)


def _show(v):
    v = v.item()
    return int(v) if isinstance(v, float) and v.is_integer() and abs(v) < 2**53 else v


class ScheduleRank:
    """The buffers and the steps of one rank; :meth:`run` is one all-reduce."""

    def __init__(self, MPI, comm, plan, X: np.ndarray, fault: str = "", rank: int | None = None):
        self.MPI, self.comm, self.plan, self.fault = MPI, comm, plan, fault
        self.rank = comm.Get_rank() if rank is None else rank
        self.n = X.size
        self.L, self.pad = layout(self.n, plan.n_blocks)
        self.X = X
        self.buf = np.zeros(plan.n_blocks * self.L, dtype=X.dtype)
        self.V = self.buf.reshape(plan.n_blocks, self.L)
        self.steps = rank_steps(plan, self.rank)
        most_out = max(
            (sum(p.n for p in s if not isinstance(p.rows, slice)) for s, _ in self.steps), default=0
        )
        most_in = max((sum(p.n for p in r) for _, r in self.steps), default=0)
        self.out_scratch = np.zeros(most_out * self.L, dtype=X.dtype)
        self.in_scratch = np.zeros(most_in * self.L, dtype=X.dtype)
        self.reset()

    def reset(self) -> None:
        self.buf[: self.n] = self.X
        self.buf[self.n :] = 0

    def result(self) -> np.ndarray:
        return self.buf[: self.n]

    def pack(self, k: int):
        """Step k's (sends, receives, send buffers, receive buffers): what goes out is read now,
        before anything of this step lands."""
        sends, recvs = self.steps[k]
        L, V = self.L, self.V
        sbufs, off = [], 0
        for p in sends:  # read before anything of this step lands
            if isinstance(p.rows, slice):
                sbufs.append(V[p.rows].reshape(-1))
            else:
                b = self.out_scratch[off : off + p.n * L]
                np.take(V, p.rows, axis=0, out=b.reshape(p.n, L))
                sbufs.append(b)
                off += p.n * L
        rbufs, off = [], 0
        for p in recvs:
            rbufs.append(self.in_scratch[off : off + p.n * L])
            off += p.n * L
        return sends, recvs, sbufs, rbufs

    def apply(self, recvs, rbufs, drop_first_add: bool = False) -> int | None:
        """Add or store what arrived, in the plan's order; the peer whose message was dropped
        (the ``wrong`` test hook), else None."""
        L, V = self.L, self.V
        dropped = None
        for p, b in zip(recvs, rbufs):
            r = b.reshape(p.n, L)
            if p.add and drop_first_add:
                drop_first_add, dropped = False, p.peer
                continue
            if not p.add:
                V[p.rows] = r
            elif isinstance(p.rows, slice):
                np.add(V[p.rows], r, out=V[p.rows])
            else:
                V[p.rows] += r
        return dropped

    def _step(self, k: int, drop_first_add: bool = False):
        sends, recvs, sbufs, rbufs = self.pack(k)
        comm, m = self.comm, mode(sends, recvs)
        if self.fault == "deadlock" and m != "idle":  # every rank waits first: nobody sends
            for p, b in zip(recvs, rbufs):
                comm.Recv(b, source=p.peer, tag=k)
            for p, b in zip(sends, sbufs):
                comm.Send(b, dest=p.peer, tag=k)
        elif m == "sendrecv":
            comm.Sendrecv(
                sbufs[0],
                dest=sends[0].peer,
                sendtag=k,
                recvbuf=rbufs[0],
                source=recvs[0].peer,
                recvtag=k,
            )
        elif m == "send":
            comm.Send(sbufs[0], dest=sends[0].peer, tag=k)
        elif m == "recv":
            comm.Recv(rbufs[0], source=recvs[0].peer, tag=k)
        elif m == "waitall":
            reqs = [comm.Irecv(b, source=p.peer, tag=k) for p, b in zip(recvs, rbufs)]
            reqs += [comm.Isend(b, dest=p.peer, tag=k) for p, b in zip(sends, sbufs)]
            self.MPI.Request.Waitall(reqs)
        return m, sends, recvs, sbufs, self.apply(recvs, rbufs, drop_first_add)

    def run(self, events=None) -> None:
        """All steps once; ``events``: a function taking each step's event (the verified run)."""
        drop = self.fault == "wrong"
        for k in range(len(self.steps)):
            m, sends, recvs, sbufs, dropped = self._step(k, drop)
            if dropped is not None:
                drop = False
            if events is not None:
                st = self.plan.steps[k]
                nb = self.L * self.buf.itemsize
                events(
                    dict(
                        step=k + 1,
                        of=len(self.steps),
                        phase=st.phase,
                        mode=m,
                        sent=[
                            {
                                "to": p.peer,
                                "blocks": list(p.blocks),
                                "bytes": p.n * nb,
                                "head": [_show(v) for v in b[:N_HEAD]],
                            }
                            for p, b in zip(sends, sbufs)
                        ],
                        received=[
                            {
                                "from": p.peer,
                                "blocks": list(p.blocks),
                                "bytes": p.n * nb,
                                "op": "add" if p.add else "store",
                            }
                            for p in recvs
                        ],
                        **({"dropped_from": dropped} if dropped is not None else {}),
                    )
                )


def loopback(plan, data: list[np.ndarray]) -> list[np.ndarray]:
    """Every rank of ``plan`` in this process, with the ranks' own packing and adding (a message
    is simply the sender's buffer handed over): each rank's result.  Tests check the arithmetic
    with it, without MPI."""
    ranks = [ScheduleRank(None, None, plan, X, rank=r) for r, X in enumerate(data)]
    for k in range(plan.T):
        packed = [me.pack(k) for me in ranks]
        out: dict = {}  # (src, dst) → that pair's send buffers, in the plan's order
        for src, (sends, _, sbufs, _) in enumerate(packed):
            for p, b in zip(sends, sbufs):
                out.setdefault((src, p.peer), []).append(b)
        for dst, (_, recvs, _, rbufs) in enumerate(packed):
            for p, b in zip(recvs, rbufs):
                b[...] = out[(p.peer, dst)].pop(0)
        for me, (_, recvs, _, rbufs) in zip(ranks, packed):
            me.apply(recvs, rbufs)
    return [me.result().copy() for me in ranks]


def run(MPI, comm, plan, args, emit) -> int:
    """The verified run, its check against ``MPI.Allreduce``, then the timed repetitions."""
    rank = comm.Get_rank()
    hook = fault(rank)
    X = rank_data(args.dtype, args.seed, rank, args.elements, args.inputs)
    me = ScheduleRank(MPI, comm, plan, X, hook if hook in ("deadlock", "wrong") else "")
    expected, out = np.zeros_like(X), np.zeros_like(X)
    if hook == "hang-setup":
        time.sleep(3600)
    emit(event="ready", rank=rank, pid=os.getpid())
    if hook == "die":
        os._exit(3)

    me.run(events=lambda ev: emit(event="step", rank=rank, **ev))
    me.fault = "" if me.fault == "wrong" else me.fault
    comm.Allreduce(X, expected, op=MPI.SUM)
    z = me.result()
    bad = mismatches(z, expected)
    first = None
    if bad.size:
        j = int(bad[0])
        first = {
            "index": j,
            "block": j // me.L,
            "element": j % me.L,
            "got": _show(z[j]),
            "expected": _show(expected[j]),
        }
    err = float(np.max(np.abs(z - expected))) if z.dtype.kind == "f" and z.size else None
    emit(
        event="checked",
        rank=rank,
        ok=not bad.size,
        wrong=int(bad.size),
        entries=int(z.size),
        first=first,
        max_error=err,
        head=[_show(v) for v in z[:N_HEAD]],
    )

    for r in range(args.repeat):
        me.reset()
        comm.Barrier()
        t0 = MPI.Wtime()
        me.run()
        t1 = MPI.Wtime()
        comm.Barrier()
        t2 = MPI.Wtime()
        comm.Allreduce(X, out, op=MPI.SUM)
        t3 = MPI.Wtime()
        emit(event="timing", rank=rank, rep=r, schedule_s=t1 - t0, allreduce_s=t3 - t2)
    return 0
