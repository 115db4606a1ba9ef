"""Encoder version 3 (normal forms 2b and 5: ``fast``) against version 2 (``fast2``), same run.

Issue 34: GF(2^3), N = 4, K = 6, T = 8 is impossible; version 2 proved it in 19.8 s, an
independent encoding with stronger normal forms in 4.1 s (4.9× faster).  Here both encoder
versions prove the same cells in the same process, runs interleaved (old, new, old, new, …) so
that both see the same machine load; medians of --reps runs, formula building included, no
Proposition 1 shortcut (every figure is a SAT answer).  The ratio printed is new / old: ≤ 0.20
matches the independent encoding's 4.9×.

    nice python benchmarks/bench_normal_forms.py                 # 3 runs per cell
    nice python benchmarks/bench_normal_forms.py --reps 5 --cells 4,6,8,GF(8) --cms
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from ringlab.core.search import search
from ringlab.core.search.perfield import ENCODING_VERSION

CELLS = [
    (4, 6, 8, "GF(8)"),  # issue 34's cell: impossible (the table: min T = 9)
    (4, 5, 7, "GF(8)"),  # impossible (min T = 8)
    (4, 6, 8, "GF(4)"),  # impossible (min T = 9)
    (4, 7, 10, "GF(2)"),  # impossible (min T = 11)
    (4, 5, 7, "GF(3)"),  # impossible (min T = 8), one-hot arithmetic
]
RUNS = (("fast2", "cadical"), ("fast", "cadical"), ("fast", "cms"))  # (encoding, backend)


def one(cell, encoding, backend, timeout):
    t0 = time.perf_counter()
    r = search(*cell, encoding=encoding, backend=backend, use_bounds=False, timeout=timeout)
    return time.perf_counter() - t0, r.status


def parse_cell(s):
    N, K, T, f = s.split(",")
    return int(N), int(K), int(T), f


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--cells", nargs="*", type=parse_cell, default=CELLS)
    ap.add_argument("--cms", action="store_true", help="also time fast / CryptoMiniSat")
    a = ap.parse_args(argv)
    print(
        f"encoder version 2 (fast2) against version {ENCODING_VERSION} (fast), CaDiCaL, "
        f"medians of {a.reps}; load average at start: {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    for cell in a.cells:
        runs = [r for r in RUNS if r[1] != "cms" or a.cms]
        times = {r: [] for r in runs}
        status = {}
        for _ in range(a.reps):
            for r in runs:
                secs, st = one(cell, *r, a.timeout)
                times[r].append(secs)
                status.setdefault(r, set()).add(st)
        med = {r: statistics.median(ts) for r, ts in times.items()}
        N, K, T, f = cell
        print(f"N = {N}, K = {K}, T = {T} over {f}:", flush=True)
        for r in runs:
            print(
                f"  {r[0]:>5} / {r[1]:<7}: median {med[r]:7.2f} s "
                f"({'/'.join(sorted(status[r]))}; runs: "
                + ", ".join(f"{t:.2f}" for t in times[r])
                + ")"
            )
        old, new = med[RUNS[0]], med[RUNS[1]]
        print(f"  ratio new/old (CaDiCaL) {new / old:.3f} (speed-up {old / new:.1f}×)", flush=True)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
