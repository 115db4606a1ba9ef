r"""What a job's events add up to: verdicts, times, bandwidths, the α-β fit, the exit code.

Times (nccl-tests' conventions): a repetition's time is that of its *slowest* rank (the
all-reduce is done when the last rank has the sum); the figure reported is the median over the
repetitions.  With S the bytes of one rank's vector,

$$ \mathrm{algbw} = S/t, \qquad \mathrm{busbw} = \mathrm{algbw}\cdot\frac{2(N-1)}{N}, $$

so busbw is comparable across N: a bandwidth-optimal all-reduce reaches the link bandwidth.

Calibration: the ring ping-pong's round trip over N hops gives one hop's time $h(m)$ for a
message of m bytes; $h(m) = \alpha + \beta m$ is fitted by least squares on the *relative*
residual $(\alpha + \beta m - h)/h$, so 8-byte and 4-MB messages weigh alike (an ordinary fit
would let the largest messages decide α alone).
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from .failure import failure

SCHEDULER = (
    "with more ranks than cores these times measure the operating system's scheduler "
    "as much as the messages"
)


@dataclass(frozen=True)
class ExactVerdict:
    """Theorem 2 in the core's own arithmetic: exact rationals over Q, exact over every finite
    field; over R the core's float tolerance (so only there is it not exact)."""

    field: str
    exact: bool
    failing: tuple  # nodes that fail eq. (5)/(6)

    @property
    def feasible(self) -> bool:
        return not self.failing

    def to_json(self) -> dict:
        return {
            "feasible": self.feasible,
            "failing_nodes": list(self.failing),
            "field": self.field,
            "exact": self.exact,
        }


def exact_verdict(code) -> ExactVerdict:
    from ..core.theorem2 import theorem2_report

    rep = theorem2_report(code)
    return ExactVerdict(
        code.field.name,
        bool(code.field.exact),
        tuple(i for i in range(code.N) if not rep.node_ok(i)),
    )


def oversubscription(starts: dict) -> str | None:
    """'4 ranks on 2 cores of host vm' when some host runs more ranks than it has cores."""
    per_host = Counter(ev["host"] for ev in starts.values())
    cpus = {ev["host"]: ev.get("cpus", 0) for ev in starts.values()}
    over = [
        f"{n} ranks on {cpus[h]} core{'s' if cpus[h] != 1 else ''} of host {h}"
        for h, n in per_host.items()
        if cpus[h] and n > cpus[h]
    ]
    return ", ".join(over) or None


@dataclass
class Times:
    coded: float
    allreduce: float
    reps: int

    def bw(self, S: int, N: int, t: float) -> tuple[float, float]:
        alg = S / t if t > 0 else float("inf")
        return alg, alg * 2 * (N - 1) / N

    def table(self, S: int, N: int, name: str) -> dict:
        """{name: …, "allreduce": …}, each {time_s, algbw_Bps, busbw_Bps}; ``name`` is what
        ``coded`` measured (a code, or a schedule)."""
        out = {}
        for key, t in ((name, self.coded), ("allreduce", self.allreduce)):
            alg, bus = self.bw(S, N, t)
            out[key] = {"time_s": t, "algbw_Bps": alg, "busbw_Bps": bus}
        return out


def _gather(job, procs: int, outcome: str, time_key: str) -> tuple:
    """What every result holds, in its fields' order: (start events, each rank's ``outcome``
    event, the median times or None, why the job failed, oversubscription, the MPI library's
    version line).  A repetition counts when every rank timed it; its time is its slowest
    rank's."""
    starts = {ev["rank"]: ev for ev in job.events if ev["event"] == "start"}
    outcomes = {ev["rank"]: ev for ev in job.events if ev["event"] == outcome}
    reps: dict = {}
    for ev in job.events:
        if ev["event"] == "timing":
            reps.setdefault(ev["rep"], []).append(ev)
    full = [v for v in reps.values() if len(v) == procs]
    times = None
    if full:
        times = Times(
            statistics.median(max(e[time_key] for e in v) for v in full),
            statistics.median(max(e["allreduce_s"] for e in v) for v in full),
            len(full),
        )
    mpi = next((ev.get("mpi", "") for ev in starts.values()), "")
    return starts, outcomes, times, failure(job, procs), oversubscription(starts), mpi


@dataclass
class RunResult:
    plan: object
    job: object
    starts: dict
    decoded: dict
    times: Times | None
    error: str | None
    oversubscribed: str | None
    mpi: str = ""
    exact: ExactVerdict | None = None

    @classmethod
    def from_job(cls, plan, job, exact: ExactVerdict | None = None) -> RunResult:
        return cls(plan, job, *_gather(job, plan.procs, "decoded", "coded_s"), exact)

    @property
    def wrong_ranks(self) -> list[int]:
        return sorted(r for r, ev in self.decoded.items() if not ev["ok"])

    @property
    def hidden_by_float(self) -> bool:
        """Theorem 2 calls the code infeasible yet every rank matched within the float tolerance."""
        return (
            not self.error
            and self.exact is not None
            and not self.exact.feasible
            and not self.wrong_ranks
            and len(self.decoded) == self.plan.procs
        )

    @property
    def exit_code(self) -> int:
        if self.error:
            return 4
        return 1 if self.wrong_ranks or (self.exact is not None and not self.exact.feasible) else 0

    def bandwidths(self) -> dict:
        if not self.times or self.error:  # a failed job's times mean nothing
            return {}
        return self.times.table(self.plan.bytes, self.plan.procs, "coded")

    def to_json(self) -> dict:
        p = self.plan
        return {
            "event": "result",
            "exit": self.exit_code,
            "error": self.error,
            "code": p.spec,
            "N": p.code.N,
            "K": p.code.K,
            "T": p.code.T,
            "field": p.code.field.name,
            "procs": p.procs,
            "bytes": p.bytes,
            "block": p.block,
            "element": p.item,
            "repeat": p.repeat,
            "library_algorithm": p.algorithm,
            "mpi": self.mpi,
            "ranks": [
                {
                    "rank": r,
                    "host": self.starts.get(r, {}).get("host"),
                    "ok": self.decoded[r]["ok"] if r in self.decoded else None,
                    "wrong": self.decoded[r]["wrong"] if r in self.decoded else None,
                    "first": self.decoded[r]["first"] if r in self.decoded else None,
                    "max_error": self.decoded[r]["max_error"] if r in self.decoded else None,
                }
                for r in range(p.procs)
            ],
            "theorem2": self.exact.to_json() if self.exact else None,
            "hidden_by_float": self.hidden_by_float,
            "times": self.bandwidths(),
            "timed_repetitions": self.times.reps if self.times and not self.error else 0,
            "oversubscribed": self.oversubscribed,
            "wall_s": self.job.wall_s,
            "ready_s": getattr(self.job, "ready_s", None),
            "library": library_check(self.starts, p.algorithm),
        }


# -- MPICH's own algorithm, as the library read it ----------------------------------------------


def library_check(starts: dict, algorithm: str) -> dict | None:
    """What MPI_T says the ranks' MPICH took for ``--library-algorithm`` (:mod:`.mpit`):
    {"requested", "read", "device_collectives", "ok", "note"}; None when no rank reported.
    ``ok`` is True when every rank read the requested algorithm (and, for one other than auto,
    device collectives off), False when some rank read another, None when it could not be read."""
    from .mpit import ALGORITHM_CVAR, DEVICE_CVAR

    libs = [ev.get("library") for ev in starts.values() if ev.get("library")]
    if not libs:
        return None
    alg = {lib["values"].get(ALGORITHM_CVAR) for lib in libs}
    dev = {lib["values"].get(DEVICE_CVAR) for lib in libs}
    note = next((lib.get("note") for lib in libs if lib.get("note")), None)
    read = alg.pop() if len(alg) == 1 else sorted(map(str, alg))
    device = dev.pop() if len(dev) == 1 else sorted(map(str, dev))
    if read is None:
        ok = None
        note = note or f"{ALGORITHM_CVAR} could not be read through MPI_T"
    else:
        ok = read == algorithm and (algorithm == "auto" or device == "none")
    return {
        "requested": algorithm,
        "read": read,
        "device_collectives": device,
        "ok": ok,
        "via": "MPI_T",
        "note": note,
    }


def library_words(chk: dict | None) -> str:
    """One line on MPICH's algorithm as MPI_T read it ("" when nothing was read)."""
    if not chk:
        return ""
    if chk["ok"] is None:
        return f"MPICH's algorithm not confirmed: {chk['note']}"
    said = (
        f"MPI_T reads MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM = {chk['read']}, "
        f"MPIR_CVAR_DEVICE_COLLECTIVES = {chk['device_collectives']} on every rank"
    )
    if chk["ok"]:
        return said
    return f"{said} — NOT the requested {chk['requested']}"


def fallback_words(algorithm: str, elements: int, procs: int) -> str:
    """When MPICH cannot apply the requested algorithm to this call and silently uses its own
    choice instead (MPICH 5: reduce_scatter_allgather needs count ≥ p', the largest power of
    two ≤ N — seen with MPIR_CVAR_COLLECTIVE_FALLBACK=print), the words; else ""."""
    p = 1 << (procs.bit_length() - 1)
    if algorithm in ("reduce_scatter_allgather", "k_reduce_scatter_allgather") and elements < p:
        return (
            f"MPICH cannot apply {algorithm} to {elements} element{'s' if elements != 1 else ''} "
            f"on {procs} ranks (it needs at least p' = {p}) and falls back to its own choice "
            f"without a word: give a larger --size"
        )
    return ""


# -- a library schedule on real ranks ------------------------------------------------------------


def schedule_tolerance(dtype: str) -> str:
    return "exactly" if dtype == "int64" else FLOAT_TOLERANCE


@dataclass
class ScheduleResult:
    """What a ``ringlab run --schedule`` job adds up to (the same conventions as
    :class:`RunResult`: the slowest rank per repetition, the median over repetitions)."""

    plan: object  # launch.SchedulePlan
    job: object
    starts: dict
    checked: dict
    times: Times | None  # .coded holds the schedule's time
    error: str | None
    oversubscribed: str | None
    mpi: str = ""
    library: dict | None = None

    @classmethod
    def from_job(cls, plan, job) -> ScheduleResult:
        parts = _gather(job, plan.procs, "checked", "schedule_s")
        return cls(plan, job, *parts, library_check(parts[0], plan.algorithm))

    @property
    def wrong_ranks(self) -> list[int]:
        return sorted(r for r, ev in self.checked.items() if not ev["ok"])

    @property
    def exit_code(self) -> int:
        if self.error:
            return 4
        return 1 if self.wrong_ranks else 0

    def bandwidths(self) -> dict:
        if not self.times or self.error:
            return {}
        return self.times.table(self.plan.bytes, self.plan.procs, "schedule")

    def to_json(self) -> dict:
        p, pl = self.plan, self.plan.plan
        ranks = []
        for r in range(p.procs):
            c = self.checked.get(r)
            ranks.append(
                {
                    "rank": r,
                    "host": self.starts.get(r, {}).get("host"),
                    "ok": c["ok"] if c else None,
                    "wrong": c["wrong"] if c else None,
                    "first": c["first"] if c else None,
                    "max_error": c["max_error"] if c else None,
                    "head": c["head"] if c else None,
                }
            )
        return {
            "event": "result",
            "job": "schedule",
            "exit": self.exit_code,
            "error": self.error,
            "schedule": p.name,
            "title": pl.title,
            "N": pl.N,
            "procs": p.procs,
            "T": pl.T,
            "messages": pl.messages,
            "ports": pl.ports,
            "blocks": pl.n_blocks,
            "block": p.block,
            "padding": p.padding,
            "dtype": p.dtype,
            "elements": p.elements,
            "bytes": p.bytes,
            "repeat": p.repeat,
            "compared": schedule_tolerance(p.dtype),
            "library_algorithm": p.algorithm,
            "library": self.library,
            "library_fallback": fallback_words(p.algorithm, p.elements, p.procs) or None,
            "mpi": self.mpi,
            "ranks": ranks,
            "times": self.bandwidths(),
            "timed_repetitions": self.times.reps if self.times and not self.error else 0,
            "oversubscribed": self.oversubscribed,
            "wall_s": self.job.wall_s,
            "ready_s": getattr(self.job, "ready_s", None),
        }


def schedule_verdict(r: dict) -> tuple[str, str]:
    """(kind, one line) of a schedule's ``result``: "ok", "wrong" (naming every rank that
    differs and the first one's first differing element) or "failed"."""
    if r.get("error"):
        return "failed", f"Engine failed: {r['error']}"
    how = f"{r['dtype']}, compared {r['compared']}"
    bad = [k for k in r["ranks"] if k["ok"] is False]
    if bad:
        k, f = bad[0], bad[0]["first"]
        names = ", ".join(str(b["rank"]) for b in bad)
        return "wrong", (
            f"Rank{'s' if len(bad) > 1 else ''} {names} did NOT end with "
            f"MPI_Allreduce's sum ({how}): rank {k['rank']} first differs at element "
            f"{f['index']} (block {f['block']}, element {f['element']}): "
            f"{r['schedule']} gave {f['got']}, MPI_Allreduce {f['expected']} "
            f"({k['wrong']} of {r['elements']} elements differ)."
        )
    return "ok", (f"All {r['procs']} ranks ended with the same sum as MPI_Allreduce ({how}).")


@dataclass
class Calibration:
    procs: int
    job: object
    points: list = field(default_factory=list)  # (bytes, one hop in s)
    alpha: float | None = None
    beta: float | None = None
    error: str | None = None
    oversubscribed: str | None = None

    @classmethod
    def from_job(cls, procs: int, job) -> Calibration:
        starts = {ev["rank"]: ev for ev in job.events if ev["event"] == "start"}
        pts = [
            (ev["bytes"], ev["round_trip_s"] / ev["hops"])
            for ev in job.events
            if ev["event"] == "pingpong"
        ]
        c = cls(procs, job, pts, error=failure(job, procs), oversubscribed=oversubscription(starts))
        if len(pts) >= 2 and not c.error:
            c.alpha, c.beta = fit_alpha_beta(pts)
        return c

    @property
    def exit_code(self) -> int:
        return 4 if self.error else 0

    def to_json(self) -> dict:
        return {
            "event": "calibration",
            "exit": self.exit_code,
            "error": self.error,
            "procs": self.procs,
            "alpha_s": self.alpha,
            "beta_s_per_byte": self.beta,
            "bandwidth_Bps": 1 / self.beta if self.beta else None,
            "points": [{"bytes": m, "hop_s": h} for m, h in self.points],
            "oversubscribed": self.oversubscribed,
        }


def fit_alpha_beta(points) -> tuple[float, float]:
    """Least squares of h = α + β·m on relative residuals (see the module docstring)."""
    m = np.array([p[0] for p in points], dtype=float)
    h = np.array([p[1] for p in points], dtype=float)
    A = np.stack([np.ones_like(m), m], axis=1) / h[:, None]
    (alpha, beta), *_ = np.linalg.lstsq(A, np.ones_like(h), rcond=None)
    return float(alpha), float(beta)


# -- what a result says, in one line (the command line and the app say the same) -------------

FLOAT_TOLERANCE = "within 1e-9 + 1e-9·|sum|"


def _nodes(nodes) -> str:
    return f"node{'s' if len(nodes) > 1 else ''} {', '.join(map(str, nodes))}"


def verdict(r: dict, see: str = "") -> tuple[str, str]:
    """(kind, one line) of a ``result`` dict (:meth:`RunResult.to_json`): kind is ``"ok"``,
    ``"wrong"`` (a rank did not decode the sum), ``"infeasible"`` (every rank matched, but only
    within the float tolerance: Theorem 2, exact, says the code is infeasible) or ``"failed"``.
    ``see``: where to read Theorem 2's report, e.g. "`ringlab check FILE`"."""
    if r.get("error"):
        return "failed", f"Engine failed: {r['error']}"
    th = r.get("theorem2") or {}
    bad = th.get("failing_nodes") or []
    wrong = [k["rank"] for k in r["ranks"] if k["ok"] is False]
    where = f", see {see}" if see else ""
    exact = f"exact, over {th['field']}" if th.get("exact") else f"over {th.get('field')}"
    if wrong:
        why = (
            f"Theorem 2 agrees: {_nodes(bad)} fail{'s' if len(bad) == 1 else ''} eq. (5)/(6){where}"
            if bad
            else "Theorem 2 calls the code feasible, so this is the engine's fault: please report it"
        )
        return "wrong", (
            f"Rank{'s' if len(wrong) > 1 else ''} {', '.join(map(str, wrong))} did NOT "
            f"decode the sum. {why}."
        )
    tol = f" ({r['field']}: {FLOAT_TOLERANCE})" if r["field"] in ("Q", "R") else ""
    same = f"All {r['procs']} ranks decoded the same as MPI_Allreduce{tol}"
    if bad:
        return "infeasible", (
            f"{same}, but Theorem 2 ({exact}) says the code is infeasible: {_nodes(bad)} "
            f"fail{'s' if len(bad) == 1 else ''} eq. (5)/(6){where}. Floating point hid it: the "
            f"ranks compute in float64 and compare {FLOAT_TOLERANCE}, and this code misses the "
            f"sum by less than that."
        )
    if th:
        return "ok", f"{same}; Theorem 2 ({exact}) agrees: feasible."
    return "ok", same + "."
