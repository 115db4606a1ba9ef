"""The test suite's wall clock under two ways of sharing it between the workers (issue 31).

pytest-xdist with ``-n auto`` (two workers on this machine) hands tests out either a whole file
at a time (``--dist loadfile``: a file's module-scoped windows are built once, but a worker
that draws a long file last runs alone at the end) or in halves that an idle worker steals
from (``--dist worksteal``: the tail is shared; a file split between the two builds its shared
window twice).  Runs the same selection of tests with each, alternately (A B A B …, so both
see the same machine), in this checkout, offscreen, and prints each run's wall clock, CPU
(user + system of pytest and everything it started) and pass count, then the medians and the
ratio worksteal / loadfile.  Each run is a whole pytest session (minutes): read the load
average printed beside it.

    python benchmarks/bench_suite_dist.py [--runs R] [--inner]

``--inner`` runs the inner loop (``-m "not slow"``) instead of the whole suite; ``--runs``
pairs (default 1).
"""

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time

MODES = ("loadfile", "worksteal")


def one(mode: str, inner: bool) -> tuple[float, float, str]:
    """(wall s, CPU s, pytest's last line and the tests that failed) of one pytest session."""
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-rf",
        "-o",
        f"addopts=-q -n auto --dist {mode}",
    ]
    if inner:
        cmd += ["-m", "not slow"]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = next(
        (x for x in reversed(r.stdout.splitlines()) if re.search(r"\d+ (passed|failed)", x)),
        f"(no summary; exit {r.returncode})",
    )
    failed = [x.split()[1] for x in r.stdout.splitlines() if x.startswith("FAILED ")]
    return wall, cpu, last.strip("= ") + "".join(f"\n    failed: {t}" for t in failed)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1, help="pairs of sessions (default 1)")
    ap.add_argument("--inner", action="store_true", help='only -m "not slow"')
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error(f"--runs: expected a whole number ≥ 1, got {args.runs}")
    what = 'inner loop (-m "not slow")' if args.inner else "whole suite"
    print(f"{what}, -n auto on {os.cpu_count()} cores, this checkout", flush=True)
    got = {m: [] for m in MODES}
    for i in range(args.runs):
        for mode in MODES:
            load = os.getloadavg()[0]
            wall, cpu, last = one(mode, args.inner)
            got[mode].append((wall, cpu))
            print(
                f"pair {i + 1}, --dist {mode:9s}: {wall:6.1f} s wall, {cpu:6.1f} s CPU "
                f"(load {load:.2f} at its start): {last}",
                flush=True,
            )
    med = {
        m: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
        for m, v in got.items()
    }
    for m in MODES:
        print(f"median --dist {m}: {med[m][0]:.1f} s wall, {med[m][1]:.1f} s CPU")
    print(
        f"worksteal / loadfile: {med['worksteal'][0] / med['loadfile'][0]:.2f}× wall, "
        f"{med['worksteal'][1] / med['loadfile'][1]:.2f}× CPU"
    )


if __name__ == "__main__":
    main()
