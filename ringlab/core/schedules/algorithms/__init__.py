r"""Beyond ring and tree: the All-Reduce schedules libraries run, as data, traced on the matmul.

A schedule is a :class:`Plan` (:mod:`.plan`): per step, a list of :class:`Message` (sender,
receiver, the blocks it carries, and whether the receiver *adds* them — a reduction — or
*stores* them — a copy of finished sums).  The vector is cut into ``n_blocks`` equal blocks
(zero-padded like the ring's chunks); ``n_blocks == 1`` means the schedule always moves the
whole vector, and its grid has one column per entry, like the tree's.  :func:`trace_plan`
(:mod:`.tracer`) runs any plan on a worked example exactly as :func:`~..ring.ring_trace` runs
the ring.

The schedules (``SCHEDULES``; each module names the sources its implementation follows):

* ``ring``, ``tree`` — :mod:`..ring`, :mod:`..tree` (as plans in :mod:`.plan`).  ``nccl-ring``
  is the ring (NCCL's ring all-reduce, one channel, no pipelining).
* ``recursive-doubling``, ``rabenseifner`` — MPICH's (:mod:`.mpich`).
* ``swing`` — De Sensi et al., NSDI 2024 (:mod:`.swing`), N a power of two.
* ``bruck``, ``bruck-bw``, ``trivance``, ``trivance-bw`` — two ports a step at distances
  growing by 3 (:mod:`.ternary`); all but ``bruck-bw`` for N a power of 3.  ``bruck`` is a
  radix-3 all-reduce of running sums on Bruck's peers, not MPI's Bruck (an allgather).
* ``nccl-tree`` — NCCL's double binary tree, unpipelined; ``nccl-tree-pipelined`` — the same
  trees with each half cut into chunks that follow each other, as NCCL runs it (:mod:`.nccl`).

Each entry declares its **ports**: the most messages one core sends or receives at once in one
step (a test recounts them from the plans).  Model (a) charges a step its largest message on
the schedule's own ports, or every message of a core one after another on one port
(:mod:`..models`); compare like with like.

One rank per core throughout: NCCL's intra-node chains and MPICH's SMP-aware variants are out.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...errors import RinglabError
from ..matmul import TRACE_N_RANGE, WorkedExample
from ..ring import ring_trace
from ..trace import ScheduleTrace
from ..tree import tree_trace
from .mpich import pof2_below, rabenseifner_plan, recursive_doubling_plan
from .nccl import PIPELINE_CHUNKS, nccl_btree, nccl_tree_pipelined_plan, nccl_tree_plan, nccl_trees
from .plan import Message, Plan, PlanStep, ring_plan, tree_plan
from .swing import swing_peer, swing_plan, swing_rho
from .ternary import (
    bruck_bw_plan,
    bruck_plan,
    is_power_of,
    log3_ceil,
    trivance_bw_plan,
    trivance_plan,
)
from .tracer import trace_plan

__all__ = [
    "ALIASES",
    "SCHEDULES",
    "Message",
    "Plan",
    "PlanStep",
    "ScheduleInfo",
    "canonical",
    "is_power_of",
    "known_schedules",
    "log3_ceil",
    "nccl_btree",
    "nccl_trees",
    "pof2_below",
    "refusal",
    "schedule_info",
    "schedule_plan",
    "schedule_trace",
    "sum_of_partials",
    "swing_peer",
    "swing_rho",
    "trace_plan",
]

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
            else "ringlab has no description of the Trivance paper's extra step for such N"
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


# -- the table of schedules -----------------------------------------------------------------


@dataclass(frozen=True)
class ScheduleInfo:
    name: str
    title: str
    which_N: str  # the N it is traced for
    source: str
    ports: int = 1  # the most messages one core sends or receives at once in a step (any N)
    pipelined: bool | None = None  # for trees: whether chunks follow each other through them

    @property
    def form(self) -> str:
        """What a comparison must say beside its numbers: ports, and pipelined or not."""
        ports = f"{self.ports} port{'s' if self.ports > 1 else ''}"
        if self.pipelined is None:
            return ports
        return f"{ports}, {'pipelined' if self.pipelined else 'unpipelined'}"


SCHEDULES = {
    "ring": (
        ScheduleInfo(
            "ring",
            "Ring all-reduce (reduce-scatter + all-gather)",
            "every N",
            "the blog post “Why All-Reduce Is Reduce-Scatter + All-Gather”; NCCL's ring",
        ),
        ring_plan,
    ),
    "tree": (
        ScheduleInfo(
            "tree",
            "Tree all-reduce (binomial reduce + broadcast)",
            "every N",
            "the blog post “Why Tree All-Reduce Is 2·log₂(N), Not 2(N-1)”",
            pipelined=False,
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
            "Radix-3 all-reduce on Bruck's peers, 2 ports (latency-optimal; not MPI's "
            "Bruck, which is an allgather)",
            "N a power of 3",
            "Bruck et al. 1997; the form of the Trivance authors' simulator (emberbruckcoll.cc)",
            ports=2,
        ),
        bruck_plan,
    ),
    "bruck-bw": (
        ScheduleInfo(
            "bruck-bw",
            "Bruck concatenation, reduce-scatter + all-gather",
            "every N",
            "Bruck, Ho, Kipnis, Upfal & Weathersby 1997",
            ports=2,
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
            ports=2,
        ),
        trivance_plan,
    ),
    "trivance-bw": (
        ScheduleInfo(
            "trivance-bw", "Trivance (bandwidth-optimal)", "N a power of 3", "as trivance", 2
        ),
        trivance_bw_plan,
    ),
    "nccl-tree": (
        ScheduleInfo(
            "nccl-tree",
            "NCCL double binary tree (unpipelined)",
            "every N",
            "NCCL src/graph/trees.cc (ncclGetBtree, ncclGetDtree)",
            ports=2,
            pipelined=False,
        ),
        nccl_tree_plan,
    ),
    "nccl-tree-pipelined": (
        ScheduleInfo(
            "nccl-tree-pipelined",
            f"NCCL double binary tree, pipelined ({PIPELINE_CHUNKS} chunks a tree)",
            "every N",
            "NCCL src/graph/trees.cc; chunks pipelined as NCCL's tree all-reduce runs them",
            ports=4,
            pipelined=True,
        ),
        nccl_tree_pipelined_plan,
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


def schedule_trace(name: str, ex: WorkedExample) -> ScheduleTrace:
    """``name`` traced on the example: the ring and the tree are :func:`~.ring.ring_trace` and
    :func:`~.tree.tree_trace` themselves; the others run their :class:`Plan`.

    >>> from ringlab.core.schedules.matmul import default_example
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


# A trace holds every core's buffers at every step: ~10 KB at N = 4, 40–60 KB at N = 8, 0.5 MB
# at N = 32 (the ring's 1.8 MB).  The Schedules tab shows at most 12 algorithms on the example
# and asks for them again on the explorer's N: 32 hold both twice over (~25 MB at N = 32).
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


def traces_kept():
    """How many schedule traces are kept now, and the most that are (a ``functools`` cache
    info: ``hits``, ``misses``, ``maxsize``, ``currsize``): the Schedules tab asks for the same
    traces again and again, and a long session holds at most :data:`TRACES_KEPT`."""
    return _trace_of.cache_info()


def sum_of_partials(ex: WorkedExample) -> tuple[Fraction, ...]:
    """Σ_i P_i entry by entry (what every core must end with), added up directly."""
    ps = ex.partials  # a property that multiplies afresh: read it once
    return tuple(sum((p[c] for p in ps), Fraction(0)) for c in range(ex.d))
