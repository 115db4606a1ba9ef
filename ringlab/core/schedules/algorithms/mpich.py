r"""MPICH's all-reduce schedules: recursive doubling and Rabenseifner's reduce-scatter + all-gather.

* ``recursive-doubling`` — MPICH ``allreduce_intra_recursive_doubling.c`` (Thakur, Rabenseifner
  & Gropp 2005, MPICH's short-message default): with p' the largest power of two ≤ N and
  r = N − p', cores 2i (i < r) first send their whole vector to 2i+1, which adds it ("fold");
  the p' remaining cores (new rank i ↦ core 2i+1 for i < r, i + r otherwise) exchange whole
  vectors with new rank i XOR mask, mask = 1, 2, 4, …; at the end 2i+1 sends the sum back to
  2i ("unfold").  log₂p' steps, plus 2 when N is not a power of two.
* ``rabenseifner`` — MPICH ``allreduce_intra_reduce_scatter_allgather.c`` (MPICH's long-message
  default): the same fold; the vector cut into p' blocks; reduce-scatter by recursive halving
  beginning at distance 1 (mask = 1, 2, …: the lower new rank keeps the lower half of its
  current range, sends the upper half), all-gather by recursive doubling (mask = p'/2, …, 1);
  the same unfold.  2·log₂p' steps, plus 2.  MPICH spreads ``count mod p'`` over the first
  blocks; here blocks are equal and the vector is zero-padded, as the ring does.
"""

from __future__ import annotations

from dataclasses import dataclass

from .plan import ALL, Message, Plan, make_plan


def pof2_below(N: int) -> int:
    """The largest power of two ≤ N (MPICH's ``pof2``)."""
    return 1 << (N.bit_length() - 1)


@dataclass(frozen=True)
class _Fold:
    """MPICH's frame for N not a power of two: with p' the largest power of two ≤ N and
    r = N − p', cores 2i (i < r) fold into 2i+1 first and get the sum back last; the p' cores
    left run the power-of-two schedule, new rank i being core :meth:`real` (i)."""

    N: int
    p: int
    rem: int

    @classmethod
    def of(cls, N: int) -> _Fold:
        p = pof2_below(N)
        return cls(N, p, N - p)

    def real(self, nr: int) -> int:
        return 2 * nr + 1 if nr < self.rem else nr + self.rem

    def around(self, steps: list, blocks) -> list:
        """``steps`` with the fold before and the unfold after (both moving ``blocks``)."""
        if not self.rem:
            return steps
        fold = ("fold", [Message(2 * i, 2 * i + 1, blocks, True) for i in range(self.rem)])
        unfold = ("unfold", [Message(2 * i + 1, 2 * i, blocks, False) for i in range(self.rem)])
        return [fold, *steps, unfold]

    @property
    def notes(self) -> list[str]:
        if not self.rem:
            return []
        return [
            f"N = {self.N} is not a power of two: p' = {self.p}, r = {self.rem}; cores "
            f"{', '.join(str(2 * i) for i in range(self.rem))} fold into their right neighbours "
            f"first and get the sum back last (MPICH), so two extra steps of whole vectors"
        ]


def _exchanges(f: _Fold) -> list:
    """Step k: new ranks i and i XOR 2^k swap whole vectors and both add."""
    steps, mask = [], 1
    while mask < f.p:
        steps.append(
            ("exchange", [Message(f.real(nr), f.real(nr ^ mask), ALL, True) for nr in range(f.p)])
        )
        mask <<= 1
    return steps


def recursive_doubling_plan(N: int) -> Plan:
    f = _Fold.of(N)
    steps = f.around(_exchanges(f), ALL)
    return make_plan(
        "recursive-doubling",
        N,
        1,
        steps,
        f"Recursive doubling (MPICH), {len(steps)} steps",
        "Step k: new rank i and new rank i XOR 2^k swap whole vectors and both add.",
        f.notes,
    )


def _rabenseifner_rank(nr: int, p: int):
    """One new rank's part of MPICH's reduce-scatter + all-gather, transliterated from
    ``allreduce_intra_reduce_scatter_allgather.c``: yields (phase, mask, partner, blocks sent)."""
    mask, send_idx, recv_idx, last_idx = 1, 0, 0, p
    while mask < p:
        nd = nr ^ mask
        if nr < nd:
            send_idx = recv_idx + p // (mask * 2)
            send = range(send_idx, last_idx)
        else:
            recv_idx = send_idx + p // (mask * 2)
            send = range(send_idx, recv_idx)
        yield "reduce-scatter", mask, nd, tuple(send)
        send_idx = recv_idx
        mask <<= 1
        if mask < p:
            last_idx = recv_idx + p // mask
    mask >>= 1
    while mask > 0:
        nd = nr ^ mask
        if nr < nd:
            if mask != p // 2:
                last_idx = last_idx + p // (mask * 2)
            recv_idx = send_idx + p // (mask * 2)
            send = range(send_idx, recv_idx)
        else:
            recv_idx = send_idx - p // (mask * 2)
            send = range(send_idx, last_idx)
        yield "all-gather", mask, nd, tuple(send)
        if nr > nd:
            send_idx = recv_idx
        mask >>= 1


def _halving_doubling(f: _Fold) -> list:
    """Every new rank's :func:`_rabenseifner_rank`, step by step, on the real cores."""
    per_rank = [list(_rabenseifner_rank(nr, f.p)) for nr in range(f.p)]
    steps = []
    for k in range(len(per_rank[0])):
        phase = per_rank[0][k][0]
        steps.append(
            (
                phase,
                [
                    Message(
                        f.real(nr),
                        f.real(per_rank[nr][k][2]),
                        per_rank[nr][k][3],
                        phase == "reduce-scatter",
                    )
                    for nr in range(f.p)
                ],
            )
        )
    return steps


def rabenseifner_plan(N: int) -> Plan:
    f = _Fold.of(N)
    p = f.p
    steps = f.around(_halving_doubling(f), tuple(range(p)))
    return make_plan(
        "rabenseifner",
        N,
        p,
        steps,
        f"Rabenseifner (MPICH reduce-scatter + all-gather), {len(steps)} steps",
        f"{p} blocks. Reduce-scatter by recursive halving from distance 1: partners "
        f"i, i XOR mask (mask = 1, 2, …) split their current range, the lower keeps the "
        f"lower half and adds; all-gather by recursive doubling (mask = {p // 2}, …, 1).",
        f.notes,
    )
