r"""Two cost models for any traced schedule, and the comparison ``ringlab compare --schedules``
prints.

**(a) α-β on a fully connected network**, $\beta = 1/B$, steps one after another.  Every
schedule declares its **ports** (:class:`~.algorithms.ScheduleInfo`): the most messages one
core sends or receives at once in a step — 1 for the MPICH algorithms, Swing, the ring and
the binomial tree; 2 for Bruck's peers, Trivance and NCCL's two trees; 4 for NCCL's pipelined
trees (up and down in the tree where a core is inner, up in the other).  Two ways to charge a
step, and a comparison must say which (``ports=``):

* **own ports** (``ports=None``, the k-port model of Bruck et al.): a step costs
  $\alpha + \beta m$ with m its largest message — every core has as many ports as the
  schedule uses.  Fair only among schedules with the same ports.
* **one port** (``ports=1``): a core sends its messages of a step one after another, and
  receives them one after another (full duplex: one of each at a time); each message costs
  $\alpha + \beta m$, and the step lasts as long as its busiest core's sends or receives.  A
  two-port step of two messages m₁, m₂ costs $2\alpha + \beta(m_1 + m_2)$ — what the two
  steps it replaces cost.  Like with like for every schedule.

:func:`alpha_beta_time` derives the time from a trace's own messages (a send of
``len(value)`` entries out of ``n_chunks·chunk_size`` carries that fraction of S);
:func:`closed_form_time` is the papers' formula on the schedule's own ports, written
separately; the tests check they agree for N = 2..32.  With p' the largest power of two ≤ N
and $[\cdot]$ = 1 when N is not a power of two (one port unless said):

* ring $2(N-1)(\alpha + S\beta/N)$; tree $2\lceil\log_2 N\rceil(\alpha + S\beta)$
* recursive doubling $(\log_2 p' + 2[\cdot])(\alpha + S\beta)$ — Thakur et al.'s
  $\lceil\log_2 N\rceil(\alpha + S\beta)$ at powers of two; MPICH's fold costs one step more
  than ⌈log₂N⌉ otherwise
* Rabenseifner $2\log_2 p'\,\alpha + 2\frac{p'-1}{p'}S\beta + 2[\cdot](\alpha + S\beta)$ (the
  MPICH source's own comment); Swing (N = 2^L) the same without the bracket
* two ports: Bruck's peers, Trivance (N = 3^L) $\log_3 N\,(\alpha + S\beta)$; Trivance-bw
  $2\log_3 N\,\alpha + \frac{N-1}{N}S\beta$ — two ports halve the bandwidth term, which on
  one port is $2\frac{N-1}{N}S\beta$ again, like the ring's
* two ports: Bruck-bw, L = ⌈log₃N⌉, c = 3^{L−1}:
  $2L\alpha + 2\bigl(\frac{c-1}{2} + \min(c, N-c)\bigr)\frac{S\beta}{N}$
* two ports: NCCL double binary tree, unpipelined, $2\lceil\log_2 N\rceil(\alpha + S\beta/2)$;
  four ports: pipelined in C chunks a tree, $(C + 2\lceil\log_2 N\rceil - 1)(\alpha + S\beta/(2C))$

**(b) A bidirectional ring** — ringlab's model, not the paper's: the paper's ring is
directed, i → i+1; here links join i and i ± 1 both ways.  A message to a core d hops away
occupies the d links of a shortest path; on a tie (d = N/2) it goes clockwise, i → i+1
(``ties="clockwise"``, what the Schedules tab draws), or clockwise from an even core and
counter-clockwise from an odd one (``ties="split"``: an exchange's two messages then share
the load, so recursive doubling's last step at N = 8 queues 2 messages a link, not 4).  A
directed link carries one message per slot.  A step whose busiest directed link carries c
messages takes c slots (its *congestion*); :func:`ring_model` counts, from the trace, the slots,
the congestion of every step and every directed link's messages and bytes.

All arithmetic is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import RinglabError
from .algorithms import (
    PIPELINE_CHUNKS,
    canonical,
    known_schedules,
    log3_ceil,
    pof2_below,
    refusal,
    schedule_info,
    schedule_trace,
    sum_of_partials,
)
from .costs import Crossover, Line, crossovers, curve, format_bytes, format_seconds
from .matmul import WorkedExample, default_example
from .ring import padded
from .tree import tree_levels

# -- what a trace sends ------------------------------------------------------------------------


def message_fraction(trace, send) -> Fraction:
    """The part of the (padded) vector a send carries: its entries over all entries."""
    return Fraction(len(send.value), trace.n_chunks * trace.chunk_size)


@dataclass(frozen=True)
class TraceCounts:
    steps: int
    messages: int
    sent: tuple[Fraction, ...]  # per core, in units of S
    step_largest: tuple[Fraction, ...]  # per step, the largest message, in units of S

    @property
    def most_sent(self) -> Fraction:
        return max(self.sent)


def trace_counts(trace) -> TraceCounts:
    sent = [Fraction(0)] * trace.N
    largest = []
    messages = 0
    for step in trace.steps:
        big = Fraction(0)
        for s in step.sends:
            f = message_fraction(trace, s)
            sent[s.src] += f
            big = max(big, f)
            messages += 1
        largest.append(big)
    return TraceCounts(trace.T, messages, tuple(sent), tuple(largest))


# -- model (a) ---------------------------------------------------------------------------------


def _check_ports(ports) -> None:
    if ports not in (None, 1):
        raise RinglabError(
            f"ports = {ports!r}: model (a) charges a step on the schedule's own ports (None) "
            f"or on one port (1)"
        )


def one_port_step(trace, step) -> tuple[int, Fraction]:
    """On one port, what a step's busiest core does one message after another: (messages,
    their part of S), the most over every core's sends and every core's receives.  Ties in
    messages go to the most bytes; a step here always has one core busiest in both (tested)."""
    out: dict = {}
    for s in step.sends:
        f = message_fraction(trace, s)
        for key in ((s.src, "send"), (s.dst, "recv")):
            n, b = out.get(key, (0, Fraction(0)))
            out[key] = (n + 1, b + f)
    return max(out.values(), default=(0, Fraction(0)))


def step_costs(trace, ports=None) -> tuple[tuple[int, Fraction], ...]:
    """Per step, (latencies α charged, part of S charged at 1/B) in model (a): on the
    schedule's own ports (1, its largest message) or on one port (:func:`one_port_step`)."""
    _check_ports(ports)
    if ports is None:
        return tuple((1, big) for big in trace_counts(trace).step_largest)
    return tuple(one_port_step(trace, st) for st in trace.steps)


def alpha_beta_time(trace, S, alpha, B, ports=None) -> Fraction:
    """Model (a) from the trace: Σ over steps of α + (largest message of the step)/B on the
    schedule's own ports; on one port (``ports=1``) each of the busiest core's messages of the
    step costs α + message/B, one after another."""
    S, a, B = Fraction(S), Fraction(alpha), Fraction(B)
    return sum((n * a + f * S / B for n, f in step_costs(trace, ports)), Fraction(0))


def alpha_beta_line(trace, alpha, B, label: str | None = None, ports=None) -> Line:
    """Model (a) as a line in S: t(S) = (α charged)·α + (Σ parts of S charged / B)·S."""
    cost = step_costs(trace, ports)
    return Line(
        label or trace.name,
        sum(n for n, _ in cost) * Fraction(alpha),
        sum((f for _, f in cost), Fraction(0)) / Fraction(B),
        trace.T,
    )


CLOSED_FORMS = {
    "ring": "2(N−1)(α + Sβ/N)",
    "tree": "2⌈log₂N⌉(α + Sβ)",
    "recursive-doubling": "(log₂p' + 2[N≠p'])(α + Sβ)",
    "rabenseifner": "2log₂p'·α + 2(p'−1)/p'·Sβ + 2[N≠p'](α + Sβ)",
    "swing": "2log₂N·α + 2(N−1)/N·Sβ",
    "bruck": "log₃N(α + Sβ)",
    "bruck-bw": "2Lα + 2((c−1)/2 + min(c, N−c))·Sβ/N, L = ⌈log₃N⌉, c = 3^(L−1)",
    "trivance": "log₃N(α + Sβ)",
    "trivance-bw": "2log₃N·α + (N−1)/N·Sβ",
    "nccl-tree": "2⌈log₂N⌉(α + Sβ/2)",
    "nccl-tree-pipelined": f"(C + 2⌈log₂N⌉ − 1)(α + Sβ/(2C)), C = {PIPELINE_CHUNKS}",
}


def closed_form_time(name: str, N: int, S, alpha, B) -> Fraction:
    """Model (a) on the schedule's own ports, from the papers' formulas (not from a trace);
    refused where the schedule is."""
    key = canonical(name)
    why = refusal(key, N)
    if why:
        raise RinglabError(why)
    S, a, beta = Fraction(S), Fraction(alpha), 1 / Fraction(B)
    p = pof2_below(N)
    lgp = p.bit_length() - 1
    extra = 0 if p == N else 2
    if key == "ring":
        return 2 * (N - 1) * (a + S * beta / N)
    if key == "tree":
        return 2 * tree_levels(N) * (a + S * beta)
    if key == "recursive-doubling":
        return (lgp + extra) * (a + S * beta)
    if key == "rabenseifner":
        return 2 * lgp * a + 2 * Fraction(p - 1, p) * S * beta + extra * (a + S * beta)
    if key == "swing":
        return 2 * lgp * a + 2 * Fraction(N - 1, N) * S * beta
    if key in ("bruck", "trivance"):
        return log3_ceil(N) * (a + S * beta)
    if key == "trivance-bw":
        return 2 * log3_ceil(N) * a + Fraction(N - 1, N) * S * beta
    if key == "bruck-bw":
        L = log3_ceil(N)
        c = 3 ** (L - 1)
        return 2 * L * a + 2 * (Fraction(c - 1, 2) + min(c, N - c)) * S * beta / N
    if key == "nccl-tree":
        return 2 * tree_levels(N) * (a + S * beta / 2)
    if key == "nccl-tree-pipelined":
        C = PIPELINE_CHUNKS
        return (C + 2 * tree_levels(N) - 1) * (a + S * beta / (2 * C))
    raise AssertionError(key)


# -- model (b) ---------------------------------------------------------------------------------


TIES = ("clockwise", "split")


def ring_route(N: int, src: int, dst: int, ties: str = "clockwise") -> tuple[tuple[int, int], ...]:
    """The directed links a message occupies on the bidirectional ring, as (core, ±1): the link
    from core i to i+1 is (i, +1), to i−1 is (i, −1).  Shortest way; on a tie (d = N/2)
    clockwise, or with ``ties="split"`` clockwise from an even core, counter-clockwise from
    an odd one."""
    if ties not in TIES:
        raise RinglabError(f"ties = {ties!r}: expected one of {', '.join(TIES)}")
    d = (dst - src) % N
    cw = d < N - d or (d == N - d and (ties == "clockwise" or src % 2 == 0))
    if cw:
        return tuple(((src + k) % N, 1) for k in range(d))
    return tuple(((src - k) % N, -1) for k in range(N - d))


@dataclass(frozen=True)
class RingModel:
    N: int
    slots: int  # Σ over steps of the step's congestion
    congestion: tuple[int, ...]  # per step: messages on its busiest directed link
    link_messages: tuple[dict, ...]  # per step: {(core, ±1): messages}
    link_bytes: dict  # whole run: {(core, ±1): bytes}
    size: Fraction
    ties: str = "clockwise"

    @property
    def max_link_load(self) -> Fraction:
        """The most bytes one directed link carries over the whole schedule."""
        return max(self.link_bytes.values(), default=Fraction(0))


def ring_model(trace, S=1, ties: str = "clockwise") -> RingModel:
    """Model (b) counted from the trace's sends; bytes for a vector of S bytes; ``ties`` as
    :func:`ring_route` takes it."""
    S, N = Fraction(S), trace.N
    per_step, cong, total = [], [], {}
    for step in trace.steps:
        count = {}
        for s in step.sends:
            b = message_fraction(trace, s) * S
            for link in ring_route(N, s.src, s.dst, ties):
                count[link] = count.get(link, 0) + 1
                total[link] = total.get(link, Fraction(0)) + b
        per_step.append(count)
        cong.append(max(count.values(), default=0))
    return RingModel(N, sum(cong), tuple(cong), tuple(per_step), total, S, ties)


# -- the comparison -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScheduleRow:
    """One schedule on one example, both models, and the sum check — or why it is refused."""

    name: str
    N: int
    trace: object | None
    refused: str | None = None
    steps: int | None = None
    messages: int | None = None
    bytes_per_node: Fraction | None = None  # the most bytes one core sends
    alpha_beta_s: Fraction | None = None  # model (a)
    ring: RingModel | None = None  # model (b), ties clockwise
    sum_ok: bool | None = None
    ports: int = 1  # the schedule's own (ScheduleInfo.ports)
    form: str = ""  # ports, and pipelined or not: what a table says beside the row
    alpha_beta_one_port_s: Fraction | None = None  # model (a) on one port
    ring_split: RingModel | None = None  # model (b), ties split

    @property
    def ring_steps(self):
        return None if self.ring is None else self.ring.slots

    @property
    def ties_matter(self) -> bool:
        """Whether model (b)'s numbers change when ties are split instead of clockwise."""
        a, b = self.ring, self.ring_split
        return a is not None and (a.congestion, a.link_bytes) != (b.congestion, b.link_bytes)

    @property
    def max_link_load(self):
        return None if self.ring is None else self.ring.max_link_load

    def cells(self) -> list[str]:
        """The row as a table prints it after its name and form: steps, messages, bytes per
        core, model (a) on its own ports and on one, model (b)'s ring slots and busiest link
        ("clockwise / split" where splitting ties changes them)."""
        slots, load = str(self.ring_steps), format_bytes(self.max_link_load)
        if self.ties_matter:
            slots += f" / {self.ring_split.slots}"
            load += f" / {format_bytes(self.ring_split.max_link_load)}"
        return [
            str(self.steps),
            str(self.messages),
            format_bytes(self.bytes_per_node),
            format_seconds(self.alpha_beta_s),
            format_seconds(self.alpha_beta_one_port_s),
            slots,
            load,
        ]

    def to_json(self) -> dict:
        f = lambda v: None if v is None else float(v)  # noqa: E731
        d = {
            "name": self.name,
            "steps": self.steps,
            "messages": self.messages,
            "bytes_per_node": f(self.bytes_per_node),
            "ports": self.ports,
            "form": self.form,
            "alpha_beta_s": f(self.alpha_beta_s),
            "alpha_beta_one_port_s": f(self.alpha_beta_one_port_s),
            "ring_steps": self.ring_steps,
            "max_link_load": f(self.max_link_load),
            "ring_steps_ties_split": None if self.ring_split is None else self.ring_split.slots,
            "max_link_load_ties_split": f(
                None if self.ring_split is None else self.ring_split.max_link_load
            ),
            "sum_ok": self.sum_ok,
        }
        if self.refused:
            d["refused"] = self.refused
        return d


def ends_with_the_sum(trace, ex: WorkedExample) -> bool:
    """Every core's final buffer equals Σ P_i (added up here, not taken from the trace), and
    the trace marks every cell final."""
    want = tuple(padded(sum_of_partials(ex), trace.n_chunks * trace.chunk_size))
    last = trace.state_at(trace.T)
    return all(tuple(r) == want for r in last) and all(all(r) for r in trace.final_at(trace.T))


def schedule_row(name: str, ex: WorkedExample, S, alpha, B) -> ScheduleRow:
    key = canonical(name)
    info = schedule_info(key)
    why = refusal(key, ex.N)
    if why:
        return ScheduleRow(name, ex.N, None, why, ports=info.ports, form=info.form)
    tr = schedule_trace(key, ex)
    return traced_row(name, ex, tr, S, alpha, B, ends_with_the_sum(tr, ex), info.ports, info.form)


def traced_row(name, ex: WorkedExample, tr, S, alpha, B, sum_ok, ports, form) -> ScheduleRow:
    """A schedule's row from its trace: steps, messages, bytes, both α-β forms and both ring
    models (the one place a row is costed, for the library's and the two-way codes' rows)."""
    c = trace_counts(tr)
    return ScheduleRow(
        name,
        ex.N,
        tr,
        None,
        c.steps,
        c.messages,
        c.most_sent * Fraction(S),
        alpha_beta_time(tr, S, alpha, B),
        ring_model(tr, S),
        sum_ok,
        ports,
        form,
        alpha_beta_time(tr, S, alpha, B, ports=1),
        ring_model(tr, S, ties="split"),
    )


def parse_schedule_names(text) -> list[str]:
    """``"ring,tree,swing"`` → names (kept as typed, checked); unknown names are refused with
    the list of known ones."""
    names = [n.strip() for n in (text.split(",") if isinstance(text, str) else text)]
    names = [n for n in names if n]
    if not names:
        raise RinglabError(f"--schedules: no names given; known: {', '.join(known_schedules())}")
    bad = [n for n in names if n.lower() not in known_schedules()]
    if bad:
        raise RinglabError(
            f"--schedules: unknown schedule{'s' if len(bad) > 1 else ''} "
            f"{', '.join(repr(b) for b in bad)}; known: "
            f"{', '.join(known_schedules())}"
        )
    return [n.lower() for n in names]


def schedule_rows(
    names,
    example: WorkedExample | None = None,
    *,
    N: int | None = None,
    size=10**6,
    alpha=Fraction(1, 10**6),
    bandwidth=190 * 10**9,
) -> list[ScheduleRow]:
    """Each named schedule traced on ``example`` (default: the worked example for N) and
    costed in both models for a vector of ``size`` bytes (numbers, already parsed)."""
    ex = example if example is not None else default_example(4 if N is None else N)
    return [schedule_row(n, ex, size, alpha, bandwidth) for n in names]


def schedule_crossovers(rows, alpha, B, ports=None) -> list[Crossover]:
    """Every message size S > 0 where, in model (a) (on each schedule's own ports, or on one
    port), the faster of two traced schedules changes — for every pair (costs.crossovers on
    each schedule's line a + bS)."""
    curves = [
        curve(r.name, r.name, [alpha_beta_line(r.trace, alpha, B, r.name, ports)])
        for r in rows
        if r.trace is not None
    ]
    out = []
    for i, f in enumerate(curves):
        for g in curves[i + 1 :]:
            out.extend(crossovers(f, g))
    return sorted(out, key=lambda x: (x.S, x.between))
