"""How long does SAT take to prove N = 3, K = 4, T = 5 impossible over GF(2)?

Proposition 1 allows T = 5 (K + N − 2 = 5); Theorem 3 forbids it (⌈4K/3⌉ = 6).  The search is
run without the Proposition 1 shortcut, so every figure is a SAT proof.  Encodings, measured in
the same run (medians of --reps runs; formula building included):

* plain / cadical-tseitin — M, Λ, R as variables, XORs as Tseitin chains, CaDiCaL: the
  "straightforward" baseline of issue 6;
* plain / cadical        — same variables, XORs cut into ≤4-literal pieces;
* elim / cadical         — M eliminated (normalisation 1 only);
* fast / cadical         — M eliminated + R normal forms (normalisations 1–3), the default;
* fast / cms             — the same formula in CryptoMiniSat with native XOR clauses.

    python benchmarks/bench_search.py            # 3 baseline runs, 7 runs of the fast ones
    python benchmarks/bench_search.py --reps 1 --slow-reps 1
"""

from __future__ import annotations

import argparse
import statistics
import time

from ringlab.core.search import search

CASE = (3, 4, 5)


def measure(encoding, backend, reps, timeout):
    times, status = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        r = search(
            *CASE, "GF(2)", encoding=encoding, backend=backend, timeout=timeout, use_bounds=False
        )
        times.append(time.perf_counter() - t0)
        status = r.status
        if r.status != "impossible":
            break
    return statistics.median(times), times, status


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=7, help="runs of the fast encodings")
    ap.add_argument("--slow-reps", type=int, default=3, help="runs of the slow encodings")
    ap.add_argument("--timeout", type=float, default=400.0)
    a = ap.parse_args(argv)
    rows = [
        ("plain", "cadical-tseitin", a.slow_reps),
        ("plain", "cadical", a.slow_reps),
        ("elim", "cadical", a.slow_reps),
        ("fast", "cadical", a.reps),
        ("fast", "cms", a.reps),
    ]
    print(f"N, K, T = {CASE} over GF(2), proving infeasibility by SAT (no Proposition 1 shortcut)")
    res = {}
    for enc, be, n in rows:
        med, times, status = measure(enc, be, n, a.timeout)
        res[(enc, be)] = med
        print(
            f"  {enc:>5} / {be:<16} median {med:9.4f} s  ({status}; runs: "
            + ", ".join(f"{t:.4f}" for t in times)
            + ")",
            flush=True,
        )
    base = res[("plain", "cadical-tseitin")]
    for key in [("plain", "cadical"), ("elim", "cadical"), ("fast", "cadical"), ("fast", "cms")]:
        print(f"  speed-up of {key[0]}/{key[1]} over plain/cadical-tseitin: {base / res[key]:.0f}×")


if __name__ == "__main__":
    main()
