r"""One ``ringlab run --json`` job as the app follows it: command line, events, state, verdict (no Qt).

The app never loads MPI: it starts ``python -m ringlab run … --json`` as a child process and
reads one JSON line per event (:mod:`ringlab.cli._run`, :mod:`ringlab.engine.rank`).  What is
the same for every widget that does so lives here, Qt-free and testable without a process:

* :func:`command` — the program and arguments to start;
* :class:`JsonLines` — bytes as they arrive → complete JSON events (a half line waits);
* :class:`Job` — the job's state from its events: ``starting`` (until every rank has said
  ``ready``; start-up has the engine's own budget, see :func:`ringlab.engine.host.startup_budget`,
  so the app passes no timeout), ``running``, ``done``; progress (events seen of those a job
  emits); the final line (``result``, ``calibration`` or ``error``), the exit code, and one
  status line saying what happened — the same verdict ``ringlab run`` prints
  (:func:`ringlab.engine.results.verdict`), Theorem 2's exact one beside the measured one.

A Qt wrapper (:class:`ringlab.gui.run_panel.JobProcess`) feeds :meth:`Job.feed` from a
``QProcess`` and calls :meth:`Job.finish` when it ends; the Run panel and the cost explorer's
measurer draw from the model.  Cancelling is SIGTERM: ``ringlab run`` then ends mpiexec's whole
process group and exits 130 (:data:`CANCELLED`); :data:`KILL_AFTER_S` later a wrapper kills it.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field

from ..core.schedules.costs import format_bandwidth, format_bytes, format_seconds
from .results import SCHEDULER, schedule_verdict, verdict

CANCELLED = 130  # ringlab run's exit status after SIGTERM (the job and its ranks stopped)
KILL_AFTER_S = 8.0  # mpiexec.py needs ≤ ~4 s (SIGTERM, 2 s, SIGKILL, 2 s for survivors)
CANCELLED_WORDS = "Cancelled: the job and its ranks were stopped."


def command(args: list[str]) -> tuple[str, list[str]]:
    """(program, arguments) that run ``ringlab run ARGS`` with this Python."""
    return sys.executable, ["-m", "ringlab", "run", *args]


class JsonLines:
    """Complete JSON-object lines from bytes that arrive in pieces; anything else is skipped."""

    def __init__(self):
        self._rest = b""

    def feed(self, data: bytes) -> list[dict]:
        *lines, self._rest = (self._rest + data).split(b"\n")
        out = []
        for line in lines:
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            if isinstance(ev, dict) and "event" in ev:
                out.append(ev)
        return out


@dataclass
class Job:
    """What one ``ringlab run --json`` said, and what that adds up to."""

    kind: str  # "run" | "calibrate"
    args: list
    events: list = field(default_factory=list)  # every event but the timings (R × N: counted)
    timings: int = 0
    launch: dict = field(default_factory=dict)
    ready: set = field(default_factory=set)
    seen: int = 0  # rank events (timings too), for progress
    final: dict | None = None  # result, calibration or the launcher's error
    exit_code: int | None = None  # None: running, or ended without one (killed)
    ended: bool = False
    cancelling: bool = False  # SIGTERM sent, not ended yet
    error: str | None = None  # one line, when it failed (or was cancelled)
    stderr: bytes = b""
    _lines: JsonLines = field(default_factory=JsonLines, repr=False)

    # -- input ----------------------------------------------------------------------------------
    def feed(self, data: bytes) -> list[dict]:
        """Take stdout bytes; the complete events among them, applied, in order."""
        evs = self._lines.feed(data)
        for ev in evs:
            self.apply(ev)
        return evs

    def apply(self, ev: dict) -> None:
        kind = ev["event"]
        if kind == "timing":
            self.timings += 1
        else:
            self.events.append(ev)
        if kind == "launch":
            self.launch = ev
            return
        if kind in ("result", "calibration") or (kind == "error" and "exit" in ev):
            self.final = ev
            return
        self.seen += 1
        if kind == "ready":
            self.ready.add(ev.get("rank"))

    def finish(self, exit_code: int | None, stderr: bytes = b"", *, crashed: str = "") -> dict:
        """The process ended (``exit_code`` None: killed or never started, ``crashed`` says how);
        the final event: what the job printed last, or an ``error`` made from how it ended."""
        self.ended, self.exit_code = True, exit_code
        self.stderr += stderr
        last = (self.stderr.decode(errors="replace").strip().splitlines() or [""])[-1]
        f = self.final
        if exit_code == CANCELLED and (f is None or f["event"] == "error"):
            self.error = CANCELLED_WORDS
        elif f is None:
            how = crashed or (f"exit {exit_code}" if exit_code is not None else "killed")
            self.error = f"ringlab run ended ({how}) without a result" + (
                f": {last}" if last else ""
            )
        elif f["event"] == "error":
            self.error = f["message"]
        elif f.get("error"):
            self.error = f["error"]
        if self.final is None:
            self.final = {"event": "error", "exit": exit_code, "message": self.error}
        return self.final

    # -- what it says ---------------------------------------------------------------------------
    @property
    def procs(self) -> int:
        return self.launch.get("procs", 0)

    @property
    def state(self) -> str:
        if self.ended:
            return "done"
        return "running" if self.procs and len(self.ready) >= self.procs else "starting"

    @property
    def total(self) -> int:
        """Rank events a whole job emits (0 until its launch line): per rank start, ready, T sent,
        T received, decoded, R timings, done; a schedule per rank start, ready, T steps, checked,
        R timings, done; a calibration per rank start, ready, done and one ping-pong per size."""
        ev = self.launch
        if not ev:
            return 0
        if ev["job"] == "run":
            return ev["procs"] * (2 * ev["T"] + ev["repeat"] + 4)
        if ev["job"] == "schedule":  # start, ready, T steps, checked, R timings, done
            return ev["procs"] * (ev["T"] + ev["repeat"] + 4)
        return len(ev["sizes"]) + 3 * ev["procs"]

    @property
    def progress(self) -> tuple[int, int]:
        """(done, of): rank events seen (timings included), capped at the total."""
        t = self.total
        return min(self.seen, t), t

    @property
    def result(self) -> dict | None:
        """The ``result``/``calibration`` line of a job that measured (no engine error)."""
        f = self.final
        if f is not None and f["event"] in ("result", "calibration") and not f.get("error"):
            return f
        return None

    def status(self) -> tuple[str, str]:
        """(kind, one line): kind "busy", "ok", "wrong", "infeasible", "failed", "cancelled",
        "bad-input"."""
        if not self.ended:
            if self.cancelling:
                return "busy", "Cancelling: stopping mpiexec and its ranks…"
            if self.final is not None and self.final["event"] == "error":
                return self._failed_words(self.final)
            if not self.launch:
                return "busy", (
                    "Starting mpiexec…" if self.kind == "run" else "Calibrating: ring ping-pong…"
                )
            if self.state == "starting":
                return "busy", (
                    f"Starting {self.procs} ranks… ({len(self.ready)} of {self.procs} ready)"
                )
            last = next((e for e in reversed(self.events) if e["event"] == "pingpong"), None)
            if last is not None:
                return "busy", (
                    f"Calibrating: {format_bytes(last['bytes'])} around {last['hops']} "
                    f"ranks in {format_seconds(last['round_trip_s'])}"
                )
            return "busy", f"Running on {self.procs} ranks…"
        if self.error == CANCELLED_WORDS:
            return "cancelled", CANCELLED_WORDS
        f = self.final
        if f["event"] == "error":
            return self._failed_words(f)
        if f["event"] == "calibration":
            if f.get("error"):
                return "failed", f"Calibration failed: {f['error']}"
            a, b = f["alpha_s"], f["beta_s_per_byte"]
            bw = format_bandwidth(1 / b) if b > 0 else "n/a (β ≤ 0: the points are not on a line)"
            note = f" Note: {f['oversubscribed']}: {SCHEDULER}." if f.get("oversubscribed") else ""
            return "ok", (
                f"Calibrated on {f['procs']} ranks: α = {format_seconds(a)}, β = "
                f"{b * 1e9:.4g} ns/B (bandwidth {bw}).{note}"
            )
        return run_status(f)

    def _failed_words(self, f: dict) -> tuple[str, str]:
        if f.get("exit") == 2:
            return "bad-input", f"Bad input: {f['message']}"
        if f.get("exit") == 4:
            return "failed", f"Engine failed: {f['message']}"
        return "failed", f.get("message") or "Failed"


def run_status(r: dict) -> tuple[str, str]:
    """The status line of a ``result``: the verdict, in the app's words (first wrong entry named)."""
    if r.get("job") == "schedule":
        kind, line = schedule_verdict(r)
        return kind, ("✓ " if kind == "ok" else "✗ " if kind == "wrong" else "") + line
    kind, line = verdict(r, see="the Theorem 2 panel")
    if kind == "wrong":
        bad = [k for k in r["ranks"] if k["ok"] is False]
        k, f = bad[0], bad[0]["first"]
        rest = ", ".join(str(b["rank"]) for b in bad[1:])
        others = f" (also rank{'s' if len(bad) > 2 else ''} {rest})" if rest else ""
        return kind, (
            f"✗ rank {k['rank']} did NOT decode the sum: symbol k = {f['symbol']}, "
            f"element {f['element']}: decoded {f['got']}, MPI_Allreduce {f['expected']} "
            f"({k['wrong']} entries wrong){others}"
        )
    if kind == "infeasible":
        return kind, "✗ " + line
    if kind == "ok":
        return kind, (
            f"✓ All {r['procs']} ranks decoded the same as MPI_Allreduce (S = "
            f"{format_bytes(r['bytes'])}, {r['timed_repetitions']} timed repetitions, "
            f"{' '.join(r['mpi'].split())}); Theorem 2 agrees."
        )
    return kind, line


def times_text(r: dict, measured: tuple[float, float] | None = None) -> str:
    """A run's times in one paragraph ("" when it has none: a failed job has none)."""
    t = r.get("times") or {}
    if not t:
        return ""
    schedule = r.get("job") == "schedule"
    key, name = ("schedule", r["schedule"]) if schedule else ("coded", "coded")
    c, a = t[key], t["allreduce"]
    text = (
        f"Median of {r['timed_repetitions']} repetitions (each the slowest rank's): {name} "
        f"{format_seconds(c['time_s'])} (busbw {format_bandwidth(c['busbw_Bps'])}), "
        f"MPI_Allreduce ({r['library_algorithm']}) {format_seconds(a['time_s'])} "
        f"(busbw {format_bandwidth(a['busbw_Bps'])})."
    )
    if not schedule and measured and measured[1] > 0:
        al, be = measured
        N, K, T, S = r["N"], r["K"], r["T"], r["bytes"]
        text += (
            f" α-β model with the calibrated α, β: code T(α + βS/K) = "
            f"{format_seconds(T * (al + be * S / K))}, ring 2(N−1)(α + βS/N) = "
            f"{format_seconds(2 * (N - 1) * (al + be * S / N))}."
        )
    if r.get("oversubscribed"):
        text += f" ⚠ {r['oversubscribed']}: {SCHEDULER}."
    return text


def rank_verdict(ev: dict) -> str:
    """A ``decoded`` event in one cell: ✓ with the entries (and float error), or the first wrong one."""
    if ev["ok"]:
        err = f", max |error| {ev['max_error']:.3g}" if ev.get("max_error") else ""
        return f"✓ decoded = MPI_Allreduce ({ev['entries']} entries{err})"
    f = ev["first"]
    return (
        f"✗ WRONG in {ev['wrong']} of {ev['entries']} entries; first: symbol k = "
        f"{f['symbol']}, element {f['element']}: decoded {f['got']}, MPI_Allreduce {f['expected']}"
    )
