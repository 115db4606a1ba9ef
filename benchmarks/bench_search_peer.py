"""``ringlab search`` against the independent peer encoding (benchmarks/peer_encoding.py), same run.

Issue 34 asks that GF(2^3), N = 4, K = 6, T = 8 be proven impossible by ``ringlab search`` no
slower than an independent encoding with the normal forms it describes (ratio ≤ 1.0, same run).
Both sides run as a user runs them, as subprocesses, interleaved (ringlab, peer, ringlab, peer, …)
so both see the same machine load; medians of --reps runs, wall clock and CPU time.

* Both are SAT proofs: ``ringlab search`` has no switch for its Proposition 1 shortcut, which
  only answers when T < K + N − 2; the bench refuses a cell where it would, and checks that
  ringlab's answer says "proven by SAT".  Both use CaDiCaL 1.9.5 through python-sat.
* CPU is resource.getrusage(RUSAGE_CHILDREN) around each run.  ``ringlab search`` solves in a
  worker process it does not always reap before it exits, so this process makes itself the
  child subreaper (prctl PR_SET_CHILD_SUBREAPER) and reaps every orphan before the clock stops
  for CPU; wall clock stops when the command the user ran exits.
* A trivial cell (N = 3, K = 1, T = 2 over GF(2), found) is timed the same way: that is the
  fixed cost of each side (Python start, imports, for ringlab also its worker's start).

    nice -n 10 python benchmarks/bench_search_peer.py              # 3 runs of each
    nice -n 10 python benchmarks/bench_search_peer.py --reps 5 --cell 4,5,7,GF(2^2)
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PEER = HERE / "peer_encoding.py"
TRIVIAL = (3, 1, 2, "GF(2)")


def become_subreaper() -> bool:
    """Orphaned grandchildren (ringlab's unreaped worker) become ours, so we reap them."""
    try:
        return ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def reap_orphans() -> None:
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd, timeout):
    """(wall s, CPU s, exit status, last line of stdout) of one subprocess and its descendants."""
    c0, t0 = cpu_children(), time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        lines = p.stdout.strip().splitlines() + p.stderr.strip().splitlines()
        said = [ln for ln in lines if ln.lower().startswith(("found", "impossible", "undecided"))]
        rc, out = p.returncode, said or lines[-1:]
    except subprocess.TimeoutExpired:
        rc, out = "timeout", ["(killed by the bench)"]
    wall = time.perf_counter() - t0
    reap_orphans()
    return wall, cpu_children() - c0, rc, out[0] if out else ""


def ringlab_cmd(cell, timeout):
    N, K, T, field = cell
    exe = Path(sys.executable).with_name("ringlab")
    args = ["search", "--N", str(N), "--K", str(K), "--T", str(T), "--field", field]
    return [str(exe), *args, "--timeout", str(timeout)]


def peer_cmd(cell):
    N, K, T, field = cell
    return [
        sys.executable,
        str(PEER),
        "--N",
        str(N),
        "--K",
        str(K),
        "--T",
        str(T),
        "--field",
        field,
    ]


def measure(cell, reps, timeout):
    """Interleaved runs; {side: [(wall, cpu, rc, line), …]}."""
    runs = {"ringlab": [], "peer": []}
    for _ in range(reps):
        runs["ringlab"].append(timed(ringlab_cmd(cell, timeout), timeout + 120))
        runs["peer"].append(timed(peer_cmd(cell), timeout + 120))
    return runs


def report(title, runs):
    print(f"\n{title}")
    med = {}
    for side, rs in runs.items():
        wall = statistics.median(r[0] for r in rs)
        cpu = statistics.median(r[1] for r in rs)
        med[side] = (wall, cpu)
        walls = ", ".join(f"{r[0]:.2f}" for r in rs)
        print(f"  {side:8s} median wall {wall:7.2f} s  CPU {cpu:7.2f} s   (walls {walls})")
        print(f"  {'':8s} exit status {[r[2] for r in rs]}; {rs[-1][3]}")
    (rw, rc), (pw, pc) = med["ringlab"], med["peer"]
    print(f"  ratio ringlab / peer: wall {rw / pw:.2f}, CPU {rc / pc:.2f}")
    return med


def parse_cell(s):
    parts = s.split(",")
    if len(parts) != 4:
        raise argparse.ArgumentTypeError(f"{s!r}: expected N,K,T,FIELD, e.g. 4,6,8,GF(2^3)")
    try:
        N, K, T = (int(x) for x in parts[:3])
    except ValueError:
        raise argparse.ArgumentTypeError(f"{s!r}: N, K and T must be integers") from None
    if T < K + N - 2:
        raise argparse.ArgumentTypeError(
            f"{s!r}: T < K + N − 2, so ringlab would answer by Proposition 1, not SAT"
        )
    return N, K, T, parts[3].strip()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=3, help="runs of each side (median), default 3")
    ap.add_argument("--cell", type=parse_cell, default=(4, 6, 8, "GF(2^3)"), help="N,K,T,FIELD")
    ap.add_argument("--timeout", type=int, default=600, help="ringlab's --timeout, s")
    a = ap.parse_args(argv)
    if a.reps < 1:
        ap.error(f"--reps {a.reps}: expected at least 1")
    sub = become_subreaper()
    print(
        f"python {sys.version.split()[0]}, nice {os.nice(0)}, {os.cpu_count()} CPUs; "
        f"subreaper {'on' if sub else 'OFF (ringlab CPU misses its worker)'}"
    )
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    report(f"start-up (trivial cell {TRIVIAL}), {a.reps} runs each", measure(TRIVIAL, a.reps, 60))
    runs = measure(a.cell, a.reps, a.timeout)
    N, K, T, field = a.cell
    med = report(f"N = {N}, K = {K}, T = {T} over {field}, {a.reps} runs each, interleaved", runs)
    sat = all("proven by SAT" in r[3] for r in runs["ringlab"])
    print(f"  ringlab answered by SAT (not Proposition 1) in every run: {sat}")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    ratio = med["ringlab"][0] / med["peer"][0]
    print(f"RESULT ringlab / peer wall ratio {ratio:.2f} ({'≤' if ratio <= 1 else '>'} 1.0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
