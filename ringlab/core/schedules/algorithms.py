r"""Beyond ring and tree: the All-Reduce schedules libraries run, as data, traced on the matmul.

A schedule is a :class:`Plan`: per step, a list of :class:`Message` (sender, receiver, the
blocks it carries, and whether the receiver *adds* them — a reduction — or *stores* them — a
copy of finished sums).  The vector is cut into ``n_blocks`` equal blocks (zero-padded like the
ring's chunks); ``n_blocks == 1`` means the schedule always moves the whole vector, and its grid
has one column per entry, like the tree's.  :func:`trace_plan` runs any plan on a worked example
exactly as :func:`~.ring.ring_trace` runs the ring: every send reads the buffers as they were
before the step, every written cell is starred, and a cell is *final* when the partials of all
N cores are in it — decided from which partials went in, never by comparing numbers.  A plan
that would add a partial into a cell that already holds it is a bug and is refused there.

The schedules (``SCHEDULES``; sources are those the implementations follow):

* ``ring``, ``tree`` — :mod:`.ring`, :mod:`.tree` (seeds 004 and 003).  ``nccl-ring`` is the
  ring (NCCL's ring all-reduce, one channel, no pipelining).
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
* ``swing`` — De Sensi, Bonato, Saam & Hoefler, "Swing: Short-cutting Rings for Higher
  Bandwidth Allreduce", NSDI 2024, bandwidth-optimal form on a 1-D torus: at step s core r
  pairs with $\pi(r,s) = r + \rho(s)$ (r even) or $r - \rho(s)$ (r odd), mod N, with
  $\rho(s) = \sum_{i=0}^{s}(-2)^i = 1, -1, 3, -5, 11, \dots$  Reduce-scatter s = 0..log₂N−1:
  r sends π(r,s) the blocks of π(r,s) and of every core π(r,s) reaches in the later steps;
  all-gather mirrors it.  2·log₂N steps.  **N a power of two only**: the paper defines π for
  p a power of two, and the reference code leaves other p to a heuristic ("a later reach
  replaces an earlier one") that we do not reproduce — other N are refused.
* ``bruck`` — the round structure of Bruck, Ho, Kipnis, Upfal & Weathersby 1997 (k-port
  concatenation, k = 2: round s talks to r + 3^s and r + 2·3^s) applied to running sums — the
  latency-optimal "Bruck all-reduce" the Trivance paper compares against, as its authors'
  simulator (``emberbruckcoll.cc``) runs it; Bruck et al. themselves treat concatenation and
  index, not reductions.  At step s = 0..⌈log₃N⌉−1 core r sends its whole running sum to
  r + 3^s and r + 2·3^s and adds the two sums it receives.  ⌈log₃N⌉ steps; both messages go
  the same way round the ring (on the ring model the longer one may take the short way back).
  **N a power of 3 only**: otherwise the last step's windows overlap and a sum would count
  some partials twice (Bruck et al. fill the last round only for concatenation, where blocks
  stay apart).
* ``bruck-bw`` — Bruck et al.'s concatenation (all-gather) on the same peers, for every N:
  round s sends the 3^s blocks a core holds to r + 3^s and r + 2·3^s, the last round only
  the N − 3^{L−1} blocks still missing (the first 3^{L−1} of them from r − 3^{L−1}, the rest
  from r − 2·3^{L−1}); preceded by the same rounds reversed as a reduce-scatter.
  2⌈log₃N⌉ steps.
* ``trivance`` — Jürß, Addanki & Schmid, "Trivance: Latency-Optimal AllReduce by
  Shortcutting Multiport Networks", 2026, latency-optimal form: at step s core r sends its
  whole running sum to *both* neighbours at distance 3^s, r − 3^s and r + 3^s, and adds both
  ("joint reduction"): the window of partials a core holds triples, centred on itself.
  log₃N steps.  The stored abstract and the authors' simulator (``embertrivancecoll.cc``)
  were the only precise sources; the simulator sets the last step's distance to
  ⌈(N − 3^s)/2⌉, which for N = 3^L is 3^{L−1}, and for other N makes windows overlap (a sum
  would count partials twice).  **N a power of 3 only**: a summary of the paper says other N
  take an extra step, whose exact form the stored sources do not give.
* ``trivance-bw`` — the bandwidth-optimal form for N = 3^L: reduce-scatter s = 0..L−1, core r
  sends to r ± 3^s the blocks of that neighbour and of every core it reaches in later steps
  (balanced ternary digits), all-gather mirrors it.  2·log₃N steps.
* ``nccl-tree`` — NCCL's double binary tree (``src/graph/trees.cc``: ``ncclGetBtree``, and the
  second tree mirrored, r ↦ N−1−r, for even N, or shifted by one for odd N; after Sanders,
  Speck & Träff's two-tree algorithms).  Each tree reduces one half of the vector up and
  broadcasts it down; a core sends up once all its children have.  NCCL pipelines chunks
  through the trees; this traces the unpipelined schedule: 2⌈log₂N⌉ steps of S/2 messages.

One rank per core throughout: NCCL's intra-node chains and MPICH's SMP-aware variants are out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ..errors import RinglabError
from .matmul import TRACE_N_RANGE, WorkedExample
from .ring import chunk_layout, padded, ring_trace
from .trace import ScheduleTrace, Send, Step
from .tree import tree_levels, tree_trace

# -- schedules as data ------------------------------------------------------------------------


@dataclass(frozen=True)
class Message:
    """Core ``src`` sends ``blocks`` to core ``dst``; ``add``: the receiver adds them into its
    own copies (a reduction), else it stores them (finished sums)."""

    src: int
    dst: int
    blocks: tuple[int, ...]
    add: bool

    def to_json(self) -> dict:
        return {
            "from": self.src,
            "to": self.dst,
            "blocks": list(self.blocks),
            "op": "add" if self.add else "store",
        }


@dataclass(frozen=True)
class PlanStep:
    phase: str
    messages: tuple[Message, ...]


@dataclass(frozen=True)
class Plan:
    """One schedule on N cores: what each step sends, independent of any numbers."""

    name: str
    N: int
    n_blocks: int  # the vector is cut into this many blocks (1: whole vector)
    steps: tuple[PlanStep, ...]
    title: str
    rule: str
    ports: int  # the most messages one core sends in one step
    notes: tuple[str, ...] = field(default=())

    @property
    def T(self) -> int:
        return len(self.steps)

    @property
    def messages(self) -> int:
        return sum(len(s.messages) for s in self.steps)

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "N": self.N,
            "blocks": self.n_blocks,
            "ports": self.ports,
            "title": self.title,
            "rule": self.rule,
            "steps": [
                {"phase": s.phase, "messages": [m.to_json() for m in s.messages]}
                for s in self.steps
            ],
            **({"notes": list(self.notes)} if self.notes else {}),
        }


def _plan(name, N, n_blocks, steps, title, rule, notes=()) -> Plan:
    steps = tuple(PlanStep(ph, tuple(ms)) for ph, ms in steps)
    ports = max([sum(1 for m in s.messages if m.src == i) for s in steps for i in range(N)] or [0])
    return Plan(name, N, n_blocks, steps, title, rule, ports, tuple(notes))


# -- small arithmetic ------------------------------------------------------------------------


def pof2_below(N: int) -> int:
    """The largest power of two ≤ N (MPICH's ``pof2``)."""
    return 1 << (N.bit_length() - 1)


def log3_ceil(N: int) -> int:
    """$\\lceil \\log_3 N \\rceil$, in integers."""
    L, p = 0, 1
    while p < N:
        p, L = 3 * p, L + 1
    return L


def is_power_of(N: int, b: int) -> bool:
    while N > 1 and N % b == 0:
        N //= b
    return N == 1


def swing_rho(s: int) -> int:
    """$\\rho(s) = \\sum_{i=0}^{s} (-2)^i = (1 - (-2)^{s+1})/3$: 1, −1, 3, −5, 11, …"""
    return (1 - (-2) ** (s + 1)) // 3


def swing_peer(r: int, s: int, N: int) -> int:
    """$\\pi(r, s)$: r + ρ(s) for even r, r − ρ(s) for odd r, mod N."""
    return (r + swing_rho(s)) % N if r % 2 == 0 else (r - swing_rho(s)) % N


# -- refusals ----------------------------------------------------------------------------------


def _check_N(name: str, N) -> int:
    lo, hi = TRACE_N_RANGE
    if isinstance(N, bool) or not isinstance(N, int) or not lo <= N <= hi:
        raise RinglabError(
            f"{name}: N = {N!r}, but traced schedules need an integer number of cores in {lo}..{hi}"
        )
    return N


def refusal(name: str, N: int) -> str | None:
    """Why ``name`` is not traced on N cores (None: it is)."""
    name = canonical(name)
    if name == "swing" and N & (N - 1):
        return (
            f"swing: N = {N} is not a power of two; the Swing paper defines its peers "
            f"π(r, s) = r ± ρ(s) for p a power of two, and the reference code handles other p "
            f"with a heuristic ringlab does not reproduce"
        )
    if name in ("bruck", "trivance") and not is_power_of(N, 3):
        how = "to r + 3^s and r + 2·3^s" if name == "bruck" else "to r − 3^s and r + 3^s"
        alt = (
            "bruck-bw traces Bruck's concatenation for every N"
            if name == "bruck"
            else "the stored sources do not give the paper's extra step for such N"
        )
        return (
            f"{name}: N = {N} is not a power of 3; sending whole running sums {how} makes "
            f"the windows of partials overlap in the last step, so a sum would count some "
            f"partials twice ({alt})"
        )
    if name == "trivance-bw" and not is_power_of(N, 3):
        return (
            f"trivance-bw: N = {N} is not a power of 3; the block sets r ± 3^s reaches are "
            f"disjoint only for N = 3^L (the authors' simulator resolves the overlaps "
            f"otherwise with a heuristic ringlab does not reproduce)"
        )
    return None


# -- the plans ----------------------------------------------------------------------------------

ALL = (0,)  # the one block of a whole-vector schedule


def ring_plan(N: int) -> Plan:
    steps = []
    for t in range(2 * (N - 1)):
        add = t < N - 1
        steps.append(
            (
                "reduce-scatter" if add else "all-gather",
                [Message(i, (i + 1) % N, ((i - t) % N,), add) for i in range(N)],
            )
        )
    return _plan(
        "ring",
        N,
        N,
        steps,
        f"Ring all-reduce, {2 * (N - 1)} steps",
        f"Step t: core i sends chunk (i − t) mod {N} to core i+1; adds for N−1 steps, "
        f"then stores for N−1.",
    )


def tree_plan(N: int) -> Plan:
    Lv = tree_levels(N)
    steps = [
        (
            "reduce-up",
            [Message(i, i - (1 << l), ALL, True) for i in range(N) if i % (2 << l) == (1 << l)],
        )
        for l in range(Lv)
    ]
    steps += [
        (
            "broadcast-down",
            [
                Message(i, i + (1 << l), ALL, False)
                for i in range(N)
                if i % (2 << l) == 0 and i + (1 << l) < N
            ],
        )
        for l in reversed(range(Lv))
    ]
    return _plan(
        "tree",
        N,
        1,
        steps,
        f"Tree all-reduce (binomial), {2 * Lv} steps",
        "Reduce-up at distance h = 1, 2, 4, …, broadcast-down mirrored; whole vectors.",
    )


def _fold(N: int):
    """MPICH's non-power-of-two fold: (p', r, real rank of a new rank, fold step, unfold step)."""
    p = pof2_below(N)
    rem = N - p
    real = lambda nr: 2 * nr + 1 if nr < rem else nr + rem  # noqa: E731
    if not rem:
        return p, rem, real, None, None
    fold = ("fold", [Message(2 * i, 2 * i + 1, None, True) for i in range(rem)])
    unfold = ("unfold", [Message(2 * i + 1, 2 * i, None, False) for i in range(rem)])
    return p, rem, real, fold, unfold


def _with_blocks(step, blocks):
    ph, ms = step
    return ph, [Message(m.src, m.dst, blocks, m.add) for m in ms]


def _fold_notes(N, p, rem) -> list[str]:
    if not rem:
        return []
    return [
        f"N = {N} is not a power of two: p' = {p}, r = {rem}; cores "
        f"{', '.join(str(2 * i) for i in range(rem))} fold into their right neighbours "
        f"first and get the sum back last (MPICH), so two extra steps of whole vectors"
    ]


def recursive_doubling_plan(N: int) -> Plan:
    p, rem, real, fold, unfold = _fold(N)
    steps = [_with_blocks(fold, ALL)] if fold else []
    mask = 1
    while mask < p:
        steps.append(
            ("exchange", [Message(real(nr), real(nr ^ mask), ALL, True) for nr in range(p)])
        )
        mask <<= 1
    if unfold:
        steps.append(_with_blocks(unfold, ALL))
    return _plan(
        "recursive-doubling",
        N,
        1,
        steps,
        f"Recursive doubling (MPICH), {len(steps)} steps",
        "Step k: new rank i and new rank i XOR 2^k swap whole vectors and both add.",
        _fold_notes(N, p, rem),
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


def rabenseifner_plan(N: int) -> Plan:
    p, rem, real, fold, unfold = _fold(N)
    everything = tuple(range(p))
    steps = [_with_blocks(fold, everything)] if fold else []
    per_rank = [list(_rabenseifner_rank(nr, p)) for nr in range(p)]
    for k in range(len(per_rank[0])):
        phase = per_rank[0][k][0]
        steps.append(
            (
                phase,
                [
                    Message(
                        real(nr),
                        real(per_rank[nr][k][2]),
                        per_rank[nr][k][3],
                        phase == "reduce-scatter",
                    )
                    for nr in range(p)
                ],
            )
        )
    if unfold:
        steps.append(_with_blocks(unfold, everything))
    return _plan(
        "rabenseifner",
        N,
        p,
        steps,
        f"Rabenseifner (MPICH reduce-scatter + all-gather), {len(steps)} steps",
        f"{p} blocks. Reduce-scatter by recursive halving from distance 1: partners "
        f"i, i XOR mask (mask = 1, 2, …) split their current range, the lower keeps the "
        f"lower half and adds; all-gather by recursive doubling (mask = {p // 2}, …, 1).",
        _fold_notes(N, p, rem),
    )


def _allgather(N: int, rounds, hold=None):
    """An all-gather by rounds of (phase, [(src, dst, blocks)]): ``rounds(hold)`` yields the
    round's sends from what every core holds; each core must receive each block once."""
    hold = hold or [{r} for r in range(N)]
    out = []
    for phase, sends in rounds:
        ms = []
        got = [set() for _ in range(N)]
        for src, dst, blocks in sends(hold):
            if not blocks:
                continue
            b = set(blocks)
            if not b <= hold[src] or b & hold[dst] or b & got[dst]:
                raise AssertionError(f"all-gather {phase}: core {src} → {dst} blocks {blocks}")
            got[dst] |= b
            ms.append(Message(src, dst, tuple(sorted(blocks)), False))
        for r in range(N):
            hold[r] |= got[r]
        out.append((phase, ms))
    if any(len(h) != N for h in hold):
        raise AssertionError("all-gather leaves a core without every block")
    return out


def _reverse(allgather, phase="reduce-scatter"):
    """The reduce-scatter that an all-gather's tree, run backwards, is: every message reversed
    (dst → src, the same blocks, added), the steps in reverse order."""
    return [
        (phase, [Message(m.dst, m.src, m.blocks, True) for m in ms])
        for _, ms in reversed(allgather)
    ]


def swing_plan(N: int) -> Plan:
    L = N.bit_length() - 1
    ag = _allgather(
        N,
        [
            ("all-gather", lambda hold, s=s: [(r, swing_peer(r, s, N), hold[r]) for r in range(N)])
            for s in reversed(range(L))
        ],
    )
    steps = _reverse(ag) + ag
    return _plan(
        "swing",
        N,
        N,
        steps,
        f"Swing (bandwidth-optimal), {2 * L} steps",
        "Step s: core r pairs with π(r, s) = r + ρ(s) (r even) or r − ρ(s) (r odd), "
        "ρ = 1, −1, 3, −5, 11, …; reduce-scatter sends π(r, s) the blocks it and the "
        "cores it reaches later own; all-gather mirrors it.",
    )


def bruck_plan(N: int) -> Plan:
    L = log3_ceil(N)
    steps = [
        (
            "dissemination",
            [Message(r, (r + j * 3**s) % N, ALL, True) for r in range(N) for j in (1, 2)],
        )
        for s in range(L)
    ]
    return _plan(
        "bruck",
        N,
        1,
        steps,
        f"Bruck dissemination, k = 2 ports, {L} steps",
        "Step s: core r sends its running sum to r + 3^s and r + 2·3^s and adds the "
        "two it receives; after step s it holds the 3^(s+1) partials ending at itself.",
    )


def bruck_bw_plan(N: int) -> Plan:
    L = log3_ceil(N)

    def rnd(s):
        def sends(hold):
            c = 3**s
            held = min(c, N)  # core r holds blocks r, r−1, …, r−c+1
            missing = N - held
            out = []
            for r in range(N):
                mine = [(r - i) % N for i in range(held)]
                for j in (1, 2):
                    k = max(0, min(held, missing - (j - 1) * held))
                    out.append((r, (r + j * c) % N, mine[:k]))
            return out

        return "all-gather", sends

    ag = _allgather(N, [rnd(s) for s in range(L)])
    steps = _reverse(ag) + ag
    return _plan(
        "bruck-bw",
        N,
        N,
        steps,
        f"Bruck concatenation, reduce-scatter + all-gather, {2 * L} steps",
        "All-gather round s: core r sends the 3^s blocks it holds (r, r−1, …) to "
        "r + 3^s and r + 2·3^s, the last round only the missing ones; the "
        "reduce-scatter runs the same rounds backwards, adding.",
    )


def trivance_plan(N: int) -> Plan:
    L = log3_ceil(N)
    steps = [
        (
            "joint reduction",
            [Message(r, (r + sign * 3**s) % N, ALL, True) for r in range(N) for sign in (-1, 1)],
        )
        for s in range(L)
    ]
    return _plan(
        "trivance",
        N,
        1,
        steps,
        f"Trivance (latency-optimal), {L} steps",
        "Step s: core r sends its running sum to r − 3^s and r + 3^s and adds both it "
        "receives; after step s it holds the 3^(s+1) partials centred on itself.",
    )


def trivance_bw_plan(N: int) -> Plan:
    L = log3_ceil(N)
    ag = _allgather(
        N,
        [
            (
                "all-gather",
                lambda hold, s=s: [
                    (r, (r + sign * 3**s) % N, hold[r]) for r in range(N) for sign in (-1, 1)
                ],
            )
            for s in reversed(range(L))
        ],
    )
    steps = _reverse(ag) + ag
    return _plan(
        "trivance-bw",
        N,
        N,
        steps,
        f"Trivance (bandwidth-optimal), {2 * L} steps",
        "Reduce-scatter step s = 0, 1, …: core r sends r ± 3^s the blocks of that "
        "neighbour and of the cores it reaches later; all-gather mirrors it.",
    )


def nccl_btree(N: int, rank: int):
    """``ncclGetBtree``: (parent or −1, children) of ``rank`` in NCCL's first tree, root 0."""
    bit = 1
    while bit < N:
        if bit & rank:
            break
        bit <<= 1
    if rank == 0:
        return -1, ([bit >> 1] if N > 1 else [])
    up = (rank ^ bit) | (bit << 1)
    if up >= N:
        up = rank ^ bit
    lowbit = bit >> 1
    down0 = -1 if lowbit == 0 else rank - lowbit
    down1 = -1 if lowbit == 0 else rank + lowbit
    while down1 >= N:
        down1 = -1 if lowbit == 0 else rank + lowbit
        lowbit >>= 1
    return up, [c for c in (down0, down1) if c != -1]


def nccl_trees(N: int):
    """NCCL's two trees as {rank: (parent, children)}: the btree, and its mirror (even N) or
    its shift by one rank (odd N) — ``ncclGetDtree``."""
    t0 = {r: nccl_btree(N, r) for r in range(N)}
    if N % 2:
        f = lambda r: (r + 1) % N  # noqa: E731
        g = lambda r: (r - 1) % N  # noqa: E731
    else:
        f = g = lambda r: N - 1 - r  # noqa: E731
    t1 = {}
    for r in range(N):
        u, kids = t0[g(r)]
        t1[r] = (-1 if u == -1 else f(u), [f(k) for k in kids])
    return t0, t1


def _heights(tree):
    h = {}

    def height(r):
        if r not in h:
            h[r] = 1 + max((height(k) for k in tree[r][1]), default=-1)
        return h[r]

    for r in tree:
        height(r)
    return h


def _depths(tree):
    root = next(r for r, (u, _) in tree.items() if u == -1)
    d, todo = {root: 0}, [root]
    while todo:
        r = todo.pop()
        for k in tree[r][1]:
            d[k] = d[r] + 1
            todo.append(k)
    return d


def nccl_tree_plan(N: int) -> Plan:
    trees = nccl_trees(N)
    H = max(max(_heights(t).values()) for t in trees)
    steps = []
    for k in range(H):
        steps.append(
            (
                "reduce-up",
                [
                    Message(r, t[r][0], (b,), True)
                    for b, t in enumerate(trees)
                    for r, h in sorted(_heights(t).items())
                    if h == k and t[r][0] != -1
                ],
            )
        )
    for k in range(H):
        steps.append(
            (
                "broadcast-down",
                [
                    Message(r, c, (b,), False)
                    for b, t in enumerate(trees)
                    for r, dp in sorted(_depths(t).items())
                    if dp == k
                    for c in t[r][1]
                ],
            )
        )
    r1 = 1 if N % 2 and N > 1 else N - 1
    return _plan(
        "nccl-tree",
        N,
        2,
        steps,
        f"NCCL double binary tree (unpipelined), {2 * H} steps",
        f"Two binary trees (roots 0 and {r1}), each carrying one half of the vector: "
        f"a core sends its half up once all its children have, then the sums come down.",
        [
            "NCCL pipelines chunks through both trees; this is the schedule without "
            "pipelining, every step moving half the vector"
        ],
    )


@dataclass(frozen=True)
class ScheduleInfo:
    name: str
    title: str
    which_N: str  # the N it is traced for
    source: str


SCHEDULES = {
    "ring": (
        ScheduleInfo(
            "ring",
            "Ring all-reduce (reduce-scatter + all-gather)",
            "every N",
            "seed 004; NCCL's ring",
        ),
        ring_plan,
    ),
    "tree": (
        ScheduleInfo(
            "tree", "Tree all-reduce (binomial reduce + broadcast)", "every N", "seed 003"
        ),
        tree_plan,
    ),
    "recursive-doubling": (
        ScheduleInfo(
            "recursive-doubling",
            "Recursive doubling",
            "every N (MPICH fold when not a power of two)",
            "MPICH allreduce_intra_recursive_doubling.c; Thakur, Rabenseifner & Gropp 2005",
        ),
        recursive_doubling_plan,
    ),
    "rabenseifner": (
        ScheduleInfo(
            "rabenseifner",
            "Rabenseifner (reduce-scatter + all-gather)",
            "every N (MPICH fold when not a power of two)",
            "MPICH allreduce_intra_reduce_scatter_allgather.c; Thakur, Rabenseifner & Gropp 2005",
        ),
        rabenseifner_plan,
    ),
    "swing": (
        ScheduleInfo(
            "swing",
            "Swing (bandwidth-optimal)",
            "N a power of two",
            "De Sensi, Bonato, Saam & Hoefler, NSDI 2024",
        ),
        swing_plan,
    ),
    "bruck": (
        ScheduleInfo(
            "bruck",
            "Bruck dissemination, 2 ports (latency-optimal)",
            "N a power of 3",
            "Bruck et al. 1997; the form of the Trivance authors' simulator (emberbruckcoll.cc)",
        ),
        bruck_plan,
    ),
    "bruck-bw": (
        ScheduleInfo(
            "bruck-bw",
            "Bruck concatenation, reduce-scatter + all-gather",
            "every N",
            "Bruck, Ho, Kipnis, Upfal & Weathersby 1997",
        ),
        bruck_bw_plan,
    ),
    "trivance": (
        ScheduleInfo(
            "trivance",
            "Trivance (latency-optimal)",
            "N a power of 3",
            "Jürß, Addanki & Schmid 2026 (arXiv 2602.17254), the authors' "
            "simulator embertrivancecoll.cc",
        ),
        trivance_plan,
    ),
    "trivance-bw": (
        ScheduleInfo(
            "trivance-bw", "Trivance (bandwidth-optimal)", "N a power of 3", "as trivance"
        ),
        trivance_bw_plan,
    ),
    "nccl-tree": (
        ScheduleInfo(
            "nccl-tree",
            "NCCL double binary tree (unpipelined)",
            "every N",
            "NCCL src/graph/trees.cc (ncclGetBtree, ncclGetDtree)",
        ),
        nccl_tree_plan,
    ),
}
ALIASES = {"nccl-ring": "ring"}


def known_schedules() -> tuple[str, ...]:
    """Every name :func:`schedule_plan` and :func:`schedule_trace` accept, in table order."""
    return tuple(SCHEDULES) + tuple(ALIASES)


def canonical(name: str) -> str:
    """The schedule a name means (``nccl-ring`` is the ring); unknown names are refused with
    the list of known ones."""
    key = str(name).strip().lower()
    key = ALIASES.get(key, key)
    if key not in SCHEDULES:
        raise RinglabError(f"unknown schedule {name!r}; known: {', '.join(known_schedules())}")
    return key


def schedule_info(name: str) -> ScheduleInfo:
    return SCHEDULES[canonical(name)][0]


def schedule_plan(name: str, N: int) -> Plan:
    """The schedule ``name`` on N cores as data; refused (RinglabError naming N and why) where
    its authors' form does not reach."""
    key = canonical(name)
    _check_N(key, N)
    why = refusal(key, N)
    if why:
        raise RinglabError(why)
    return SCHEDULES[key][1](N)


# -- tracing -----------------------------------------------------------------------------------


def _blocks_symbol(blocks, n_blocks) -> str:
    if len(blocks) == n_blocks:
        return ""  # Send.describe says "whole vector"
    runs, start = [], blocks[0]
    for a, b in zip(blocks, blocks[1:] + (None,)):
        if b != a + 1:
            runs.append(f"{start}" if a == start else f"{start}–{a}")
            start = b
    return "chunks " + ", ".join(runs)


def trace_plan(plan: Plan, ex: WorkedExample) -> ScheduleTrace:
    """Run ``plan`` on the example's partials: every core's whole buffer after every step."""
    N, d = plan.N, ex.d
    if ex.N != N:
        raise RinglabError(f"{plan.name}: the plan is for N = {N} cores, the example has {ex.N}")
    whole = plan.n_blocks == 1
    if whole:
        L, pad, cols = 1, 0, d
        cells = lambda b: range(d)  # noqa: E731
    else:
        L, pad = chunk_layout(d, plan.n_blocks)
        cols = plan.n_blocks
        cells = lambda b: (b,)  # noqa: E731
    col_block = (lambda c: 0) if whole else (lambda c: c)  # noqa: E731
    buf = [padded(p, cols * L) for p in ex.partials]
    contrib = [[frozenset([i])] * plan.n_blocks for i in range(N)]

    def fin():
        return tuple(
            tuple(len(contrib[i][col_block(c)]) == N for c in range(cols)) for i in range(N)
        )

    initial, initial_final = tuple(tuple(r) for r in buf), fin()
    steps = []
    for k, st in enumerate(plan.steps, 1):
        sends, new_buf, new_contrib = [], [row[:] for row in buf], [row[:] for row in contrib]
        stored = set()
        changed = set()
        for m in st.messages:
            entries = [e for b in m.blocks for c in cells(b) for e in range(c * L, (c + 1) * L)]
            value = tuple(buf[m.src][e] for e in entries)
            chunk = m.blocks[0] if not whole and len(m.blocks) == 1 else None
            sends.append(
                Send(
                    m.src,
                    m.dst,
                    chunk,
                    value,
                    "" if whole else _blocks_symbol(m.blocks, plan.n_blocks),
                )
            )
            for b in m.blocks:
                have = new_contrib[m.dst][b]
                if m.add:
                    if have & contrib[m.src][b] or (m.dst, b) in stored:
                        raise RinglabError(
                            f"{plan.name}, step {k}: core {m.src} → {m.dst} would add the partials "
                            f"of cores {sorted(have & contrib[m.src][b])} into block {b} twice"
                        )
                    new_contrib[m.dst][b] = have | contrib[m.src][b]
                else:
                    stored.add((m.dst, b))
                    new_contrib[m.dst][b] = contrib[m.src][b]
                for c in cells(b):
                    changed.add((m.dst, c))
            for e, v in zip(entries, value):
                new_buf[m.dst][e] = new_buf[m.dst][e] + v if m.add else v
        buf, contrib = new_buf, new_contrib
        steps.append(
            Step(
                st.phase, tuple(sends), tuple(tuple(r) for r in buf), tuple(sorted(changed)), fin()
            )
        )
    notes = list(plan.notes)
    if pad:
        notes.append(
            f"d = {d} is not a multiple of {plan.n_blocks} blocks: each core's vector is "
            f"padded with {pad} zero(s) to {plan.n_blocks} chunks of {L}"
        )
    if not whole and plan.name != "ring":
        notes.append(
            "messages carry different numbers of chunks: cost them with "
            "ringlab.core.schedules.models (message_chunks is the block count)"
        )
    return ScheduleTrace(
        name=plan.name,
        title=plan.title,
        rule=plan.rule,
        N=N,
        n_chunks=cols,
        chunk_size=L,
        padding=pad,
        initial=initial,
        initial_final=initial_final,
        steps=tuple(steps),
        target=tuple(padded(ex.target, cols * L)),
        message_chunks=1 if whole else plan.n_blocks,
        notes=tuple(notes),
    )


def schedule_trace(name: str, ex: WorkedExample) -> ScheduleTrace:
    """``name`` traced on the example: the ring and the tree are :func:`~.ring.ring_trace` and
    :func:`~.tree.tree_trace` themselves; the others run their :class:`Plan`.

    >>> from .matmul import default_example
    >>> tr = schedule_trace("recursive-doubling", default_example(4))
    >>> tr.T, [int(v) for v in tr.steps[-1].state[2]]
    (2, [30, 29, 22, 27])
    >>> schedule_trace("swing", default_example(6))
    Traceback (most recent call last):
    ...
    ringlab.core.errors.RinglabError: swing: N = 6 is not a power of two; ...
    """
    key = canonical(name)
    _check_N(key, ex.N)
    return _trace_of(key, ex)


# Traces kept (issue 29: a session is bounded).  A trace holds every core's buffers at every
# step: ~10 KB at N = 4, 40–60 KB at N = 8, 0.5 MB at N = 32 (the ring's 1.8 MB), measured with
# tracemalloc.  The Schedules tab shows at most 11 algorithms on the example and asks for them
# again on the explorer's N: 32 hold both twice over (at N = 32: ~25 MB at most; 64 held ~50).
TRACES_KEPT = 32


@lru_cache(maxsize=TRACES_KEPT)
def _trace_of(key: str, ex: WorkedExample) -> ScheduleTrace:
    # traces and examples are frozen: the Schedules tab's columns and its cost table ask for
    # the same ones (at N = 32 tracing every algorithm twice took 0.7 s of a tick)
    if key == "ring":
        return ring_trace(ex)
    if key == "tree":
        return tree_trace(ex)
    return trace_plan(schedule_plan(key, ex.N), ex)


def sum_of_partials(ex: WorkedExample) -> tuple[Fraction, ...]:
    """Σ_i P_i entry by entry (what every core must end with), added up directly."""
    ps = ex.partials  # a property that multiplies afresh: read it once
    return tuple(sum((p[c] for p in ps), Fraction(0)) for c in range(ex.d))
