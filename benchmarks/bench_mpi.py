r"""The coded all-reduce on real MPI ranks against ``MPI_Allreduce``, beside the α-β model.

For N = 3 (the classic ring, K = 3, T = 4, and the paper's K = 2, T = 3 code) and N = 4 (the
classic ring, K = 4, T = 6), and each size S = 1 KiB, 4 KiB, …, 16 MiB of one rank's vector,
``ringlab run`` (through :func:`ringlab.engine.launch.run_code`, the same engine) runs the
code on N ranks, checks every rank's sum against ``MPI_Allreduce`` and times both: a
repetition's time is its slowest rank's, the figure is the median over the repetitions.

In the same run α and β are calibrated (:func:`ringlab.engine.launch.calibrate`, a ring
ping-pong, least squares on relative error), twice: on 2 ranks (one link, no more ranks than
cores here) and on N ranks (the ring as the coded run sees it).  The model's prediction is

$$ t_\text{code} = T\,(\alpha + \beta S/K), \qquad
   t_\text{ring} = 2(N-1)\,(\alpha + \beta S/N) $$

(the classic ring code is the ring: T = 2(N−1), K = N).  The model has no compute term: the
sums, a Python loop over T steps and the memory traffic are not in it.

With more ranks than cores (N = 3, 4 on the 2 cores here) the ranks take turns on a core,
so the times measure the operating system's scheduler as much as the messages — the output
says so beside the numbers, with the machine's load (other people's work) before and after.

    python benchmarks/bench_mpi.py [--quick] [--library-algorithm ring] [-o PNG]

Writes docs/screenshots/mpi_vs_model.png (measured against the model) and prints a table.
Takes about 1–3 minutes here.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from ringlab import preset
from ringlab.core.schedules.costs import format_seconds
from ringlab.engine.arith import arith_for
from ringlab.engine.launch import LIBRARY_ALGORITHMS, calibrate, plan, run_code

CODES = ("classic-ring-n3", "paper-k2-t3", "classic-ring-n4")
SIZES = tuple(1024 * 4**k for k in range(8))  # 1 KiB .. 16 MiB
QUICK_SIZES = (1024, 65536, 1 << 20)
NOTE = (
    "with more ranks than cores these times measure the operating system's scheduler as "
    "much as the messages"
)


def repeats(S: int) -> int:
    """Enough repetitions for a stable median, few at 16 MiB (each takes tens of ms here)."""
    return 21 if S <= 65536 else 11 if S <= 1 << 20 else 5


def binary_bytes(v: float) -> str:
    """1024 → '1 KiB', 16777216 → '16 MiB' (the sizes are powers of two)."""
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if v >= scale:
            return f"{v / scale:.3g} {unit}"
    return f"{v:.3g} B"


def load() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def model_code(T: int, K: int, S: int, alpha: float, beta: float) -> float:
    return T * (alpha + beta * S / K)


def model_ring(N: int, S: int, alpha: float, beta: float) -> float:
    return 2 * (N - 1) * (alpha + beta * S / N)


def calibrated(procs: int) -> tuple[float, float]:
    c = calibrate(procs, timeout=30)
    if c.error:
        raise SystemExit(f"calibration on {procs} ranks failed: {c.error}")
    return c.alpha, c.beta


def measure(name: str, S: int, algorithm: str) -> dict:
    code = preset(name)
    unit = code.K * arith_for(code.field).itemsize
    size = max(unit, S // unit * unit)  # a whole number of elements per symbol
    p = plan(f"preset:{name}", code, size=size, repeat=repeats(S), timeout=60, algorithm=algorithm)
    r = run_code(p)
    if r.exit_code:
        why = r.error or f"rank(s) {r.wrong_ranks} did not decode the sum"
        raise SystemExit(f"{name}, S = {size} B: exit {r.exit_code}: {why}")
    return {
        "name": name,
        "N": code.N,
        "K": code.K,
        "T": code.T,
        "S": size,
        "nominal": S,
        "reps": r.times.reps,
        "coded": r.times.coded,
        "allreduce": r.times.allreduce,
        "over": r.oversubscribed,
    }


def plot(rows, cal, path: Path, algorithm: str, loads: tuple[str, str]) -> None:
    import numpy as np
    from matplotlib.figure import Figure

    fig = Figure(figsize=(12, 6.4), dpi=100)
    axes = fig.subplots(1, 2, sharey=True)
    colors = {"classic-ring-n3": "C0", "classic-ring-n4": "C0", "paper-k2-t3": "C1"}
    for ax, N in zip(axes, (3, 4)):
        mine = [r for r in rows if r["N"] == N]
        names = [n for n in CODES if any(r["name"] == n for r in mine)]
        xs = np.array(sorted({r["S"] for r in mine}), dtype=float)
        grid = np.geomspace(xs.min(), xs.max(), 100) if len(xs) else xs
        for n in names:
            rs = [r for r in mine if r["name"] == n]
            K, T, c = rs[0]["K"], rs[0]["T"], colors[n]
            label = f"{n} (K={K}, T={T})"
            ax.plot(
                [r["S"] for r in rs],
                [r["coded"] for r in rs],
                "o",
                color=c,
                label=f"measured: {label}",
            )
            for (a, b), style, who in ((cal[N], "-", f"{N} ranks"), (cal[2], ":", "2 ranks")):
                y = np.array([model_code(T, K, s, a, b) for s in grid])
                y[y <= 0] = np.nan  # a negative fitted α: no point on a log axis
                ax.plot(
                    grid,
                    y,
                    style,
                    color=c,
                    lw=1.4 if style == "-" else 1.1,
                    label=f"model T(α+βS/K), α, β from {who}" if n == names[0] else None,
                )
        # the library, pooled over the jobs at this N (each job times it on its own data)
        lib = {}
        for r in mine:
            lib.setdefault(r["S"], []).append(r["allreduce"])
        ax.plot(
            list(lib),
            [float(np.median(v)) for v in lib.values()],
            "^",
            color="C2",
            label=f"measured: MPI_Allreduce ({algorithm})",
        )
        a, b = cal[N]
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("S, bytes of one rank's vector")
        ax.set_title(
            f"N = {N} ranks on {os.cpu_count()} cores — α = {format_seconds(a)}, "
            f"β = {b * 1e9:.3g} ns/B ({N}-rank ping-pong)",
            fontsize=9.5,
        )
        ax.grid(True, which="major", alpha=0.3)
        ticks = sorted({r["nominal"] for r in mine})  # 1 KiB, 4 KiB, … (S is rounded down)
        ax.set_xticks(ticks, [binary_bytes(v) for v in ticks])
        ax.minorticks_off()
        ax.legend(
            fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False
        )
    axes[0].set_ylabel("time (median over repetitions, slowest rank), s")
    fig.suptitle(
        "Coded all-reduce on real MPI ranks vs MPI_Allreduce vs the α-β model "
        "\n(a model line has its code's colour; solid: α, β measured on N ranks, "
        "dotted: on 2 ranks)",
        fontsize=10.5,
    )
    fig.text(
        0.5,
        0.012,
        f"Note: {NOTE}\n(N = 3, 4 ranks here on {os.cpu_count()} cores of a "
        f"shared machine, load average {loads[0]} → {loads[1]}). The model has no compute "
        f"term.",
        ha="center",
        fontsize=9,
        color="#a61e4d",
    )
    fig.tight_layout(rect=(0, 0.06, 1, 0.93))
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="three sizes only (a smoke run)")
    ap.add_argument("--library-algorithm", default="auto", choices=LIBRARY_ALGORITHMS)
    ap.add_argument(
        "-o",
        "--out",
        default=str(
            Path(__file__).resolve().parents[1] / "docs" / "screenshots" / "mpi_vs_model.png"
        ),
    )
    args = ap.parse_args(argv)
    sizes = QUICK_SIZES if args.quick else SIZES
    t0, load0 = time.monotonic(), load()
    print(
        f"machine: {os.cpu_count()} cores, shared with other people's work; "
        f"load average (1, 5, 15 min) before: {load0}"
    )
    cal = {p: calibrated(p) for p in (2, 3, 4)}
    for p, (a, b) in cal.items():
        print(
            f"calibration, ring ping-pong on {p} ranks: α = {format_seconds(a)}, "
            f"β = {b * 1e9:.4g} ns/B"
            + (
                f"  ({p} ranks on {os.cpu_count()} cores: {NOTE})"
                if p > (os.cpu_count() or 1)
                else ""
            )
        )
    rows = []
    for name in CODES:
        for S in sizes:
            rows.append(measure(name, S, args.library_algorithm))
            print(
                f"  {name:<16} S = {binary_bytes(S):>7} ({rows[-1]['S']} B): coded "
                f"{format_seconds(rows[-1]['coded']):>10}, MPI_Allreduce "
                f"{format_seconds(rows[-1]['allreduce']):>10}",
                flush=True,
            )
    load1 = load()
    print()
    print(
        f"Medians over R repetitions (each the slowest rank's time); model with α, β "
        f"calibrated above on N ranks (and on 2 ranks); MPI_Allreduce = MPICH "
        f"{args.library_algorithm}. Every rank of every run decoded the same as MPI_Allreduce."
    )
    head = (
        f"{'code':<16}{'N':>2}{'K':>3}{'T':>3}{'S':>9}{'bytes':>10}{'R':>4}{'coded':>11}{'Allreduce':>11}"
        f"{'model(N)':>11}{'model(2)':>11}{'ring(N)':>11}{'coded/model(N)':>16}"
    )
    print(head)
    print("-" * len(head))
    for r in rows:
        N, K, T, S = r["N"], r["K"], r["T"], r["S"]
        mN, m2 = model_code(T, K, S, *cal[N]), model_code(T, K, S, *cal[2])
        ring = model_ring(N, S, *cal[N])
        ratio = f"{r['coded'] / mN:.2f}×" if mN > 0 else "n/a"
        print(
            f"{r['name']:<16}{N:>2}{K:>3}{T:>3}{binary_bytes(r['nominal']):>9}{S:>10}{r['reps']:>4}"
            f"{format_seconds(r['coded']):>11}{format_seconds(r['allreduce']):>11}"
            f"{format_seconds(mN):>11}{format_seconds(m2):>11}{format_seconds(ring):>11}{ratio:>16}"
        )
    over = sorted({r["over"] for r in rows if r["over"]})
    print()
    print(
        f"NOTE: {'; '.join(over) or 'no host ran more ranks than cores'}"
        + (f": {NOTE}." if over else ".")
    )
    print(
        f"Load average before {load0}, after {load1} (others' tests share these "
        f"{os.cpu_count()} cores); the same command varies several-fold with that load."
    )
    plot(rows, cal, Path(args.out), args.library_algorithm, (load0, load1))
    print(f"plot: {args.out}   ({time.monotonic() - t0:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
