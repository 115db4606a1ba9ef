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

import signal
import statistics
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

_KILLED_BY_HYDRA = (signal.SIGKILL, signal.SIGTERM, signal.SIGINT)


def _status_words(st: int) -> str:
    return f"signal {st & 0x7F}" if st & 0x7F else f"exit status {st >> 8}"


def _last_words(ev) -> str:
    if ev is None:
        return "no event at all"
    if ev["event"] in ("sent", "received"):
        return f"last event '{ev['event']}' at t = {ev['t']}"
    return f"last event '{ev['event']}'"


def failure(job, N: int) -> str | None:
    """One line saying why a job failed (timeout, a rank's error, a rank that died), or None."""
    last = {}
    for ev in job.events:
        last[ev.get("rank")] = ev
    done = {r for r, ev in last.items() if ev["event"] == "done"}
    unfinished = [r for r in range(N) if r not in done]
    where = "; ".join(f"rank {r}: {_last_words(last.get(r))}" for r in unfinished)
    for ev in job.events:
        if ev["event"] == "error":
            return f"rank {ev['rank']} failed: {ev['message']}"
    if job.timed_out:
        return (f"no event from the ranks for {job.timeout:g} s (a deadlock or a hung rank), so the "
                f"job was stopped; {where or 'every rank had finished'}")
    if job.returncode == 0 and not unfinished:
        return None
    sts = job.exit_statuses or []
    culprits = [(r, s) for r, s in enumerate(sts)
                if s and (s & 0x7F == 0 or (s & 0x7F) not in _KILLED_BY_HYDRA)]
    if culprits:
        r, s = culprits[0]
        return (f"rank {r} died ({_status_words(s)}; {_last_words(last.get(r))}); "
                f"mpiexec then ended the other ranks")
    tail = (job.stderr.strip().splitlines() or job.noise or [""])[-1][:200]
    return (f"mpiexec exited with status {job.returncode} before every rank finished"
            f" ({where})" + (f": {tail}" if tail else ""))


def oversubscription(starts: dict) -> str | None:
    """'4 ranks on 2 cores of host vm' when some host runs more ranks than it has cores."""
    per_host = Counter(ev["host"] for ev in starts.values())
    cpus = {ev["host"]: ev.get("cpus", 0) for ev in starts.values()}
    over = [f"{n} ranks on {cpus[h]} core{'s' if cpus[h] != 1 else ''} of host {h}"
            for h, n in per_host.items() if cpus[h] and n > cpus[h]]
    return ", ".join(over) or None


@dataclass
class Times:
    coded: float
    allreduce: float
    reps: int

    def bw(self, S: int, N: int, t: float) -> tuple[float, float]:
        alg = S / t if t > 0 else float("inf")
        return alg, alg * 2 * (N - 1) / N


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

    @classmethod
    def from_job(cls, plan, job) -> "RunResult":
        starts = {ev["rank"]: ev for ev in job.events if ev["event"] == "start"}
        decoded = {ev["rank"]: ev for ev in job.events if ev["event"] == "decoded"}
        reps: dict = {}
        for ev in job.events:
            if ev["event"] == "timing":
                reps.setdefault(ev["rep"], []).append(ev)
        full = [v for v in reps.values() if len(v) == plan.procs]
        times = None
        if full:
            times = Times(statistics.median(max(e["coded_s"] for e in v) for v in full),
                          statistics.median(max(e["allreduce_s"] for e in v) for v in full), len(full))
        mpi = next((ev.get("mpi", "") for ev in starts.values()), "")
        return cls(plan, job, starts, decoded, times, failure(job, plan.procs),
                   oversubscription(starts), mpi)

    @property
    def wrong_ranks(self) -> list[int]:
        return sorted(r for r, ev in self.decoded.items() if not ev["ok"])

    @property
    def exit_code(self) -> int:
        if self.error:
            return 4
        return 1 if self.wrong_ranks else 0

    def bandwidths(self) -> dict:
        if not self.times:
            return {}
        S, N = self.plan.bytes, self.plan.procs
        out = {}
        for name, t in (("coded", self.times.coded), ("allreduce", self.times.allreduce)):
            alg, bus = self.times.bw(S, N, t)
            out[name] = {"time_s": t, "algbw_Bps": alg, "busbw_Bps": bus}
        return out

    def to_json(self) -> dict:
        p = self.plan
        return {"event": "result", "exit": self.exit_code, "error": self.error,
                "code": p.spec, "N": p.code.N, "K": p.code.K, "T": p.code.T,
                "field": p.code.field.name, "procs": p.procs, "bytes": p.bytes, "block": p.block,
                "element": p.item, "repeat": p.repeat, "library_algorithm": p.algorithm,
                "mpi": self.mpi,
                "ranks": [{"rank": r, "host": self.starts.get(r, {}).get("host"),
                           "ok": self.decoded[r]["ok"] if r in self.decoded else None,
                           "wrong": self.decoded[r]["wrong"] if r in self.decoded else None,
                           "first": self.decoded[r]["first"] if r in self.decoded else None,
                           "max_error": self.decoded[r]["max_error"] if r in self.decoded else None}
                          for r in range(p.procs)],
                "times": self.bandwidths(), "timed_repetitions": self.times.reps if self.times else 0,
                "oversubscribed": self.oversubscribed, "wall_s": self.job.wall_s}


@dataclass
class Calibration:
    procs: int
    job: object
    points: list = field(default_factory=list)     # (bytes, one hop in s)
    alpha: float | None = None
    beta: float | None = None
    error: str | None = None
    oversubscribed: str | None = None

    @classmethod
    def from_job(cls, procs: int, job) -> "Calibration":
        starts = {ev["rank"]: ev for ev in job.events if ev["event"] == "start"}
        pts = [(ev["bytes"], ev["round_trip_s"] / ev["hops"]) for ev in job.events
               if ev["event"] == "pingpong"]
        c = cls(procs, job, pts, error=failure(job, procs), oversubscribed=oversubscription(starts))
        if len(pts) >= 2 and not c.error:
            c.alpha, c.beta = fit_alpha_beta(pts)
        return c

    @property
    def exit_code(self) -> int:
        return 4 if self.error else 0

    def to_json(self) -> dict:
        return {"event": "calibration", "exit": self.exit_code, "error": self.error,
                "procs": self.procs, "alpha_s": self.alpha, "beta_s_per_byte": self.beta,
                "bandwidth_Bps": 1 / self.beta if self.beta else None,
                "points": [{"bytes": m, "hop_s": h} for m, h in self.points],
                "oversubscribed": self.oversubscribed}


def fit_alpha_beta(points) -> tuple[float, float]:
    """Least squares of h = α + β·m on relative residuals (see the module docstring)."""
    m = np.array([p[0] for p in points], dtype=float)
    h = np.array([p[1] for p in points], dtype=float)
    A = np.stack([np.ones_like(m), m], axis=1) / h[:, None]
    (alpha, beta), *_ = np.linalg.lstsq(A, np.ones_like(h), rcond=None)
    return float(alpha), float(beta)
