"""GF(4) search: elements as 2 bits (bilinear products, XOR sums) against one-hot (4 literals,
16-clause tables per product or sum), same normalisations, same solver, same run.

The one-hot peer is the GF(p) path of ``cnf.py`` generalised to GF(q) tables (``arith="onehot"``);
the bit encoding is ``cnf.GF2m`` (``arith="bits"``, the default for GF(2^m)).  Cases:

* N = 3, K = 4, T = 5 — impossible (Theorem 3), a SAT proof (no Proposition 1 shortcut);
* N = 4, K = 5, T = 7 — impossible over GF(4) (the rate table's GF(4) cell), a harder proof;
* N = 4, K = 3, T = 5 — found (coding beats routing here).

Medians of --reps runs, formula building and the re-verification of a found code included.

    python benchmarks/bench_search_gf4.py            # 5 runs each
    python benchmarks/bench_search_gf4.py --reps 1
"""

from __future__ import annotations

import argparse
import statistics
import time

from ringlab.core.search import make_spec, search
from ringlab.core.search.encode import Encoding

CASES = [(3, 4, 5), (4, 5, 7), (4, 3, 5)]


def measure(case, arith, reps, timeout):
    times, status = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        r = search(*case, "GF(4)", arith=arith, timeout=timeout, use_bounds=False)
        times.append(time.perf_counter() - t0)
        status = r.status
    return statistics.median(times), times, status


def size(case, arith):
    e = Encoding(make_spec(*case, "GF(4)"), "fast", arith)
    return e.f.nvars, len(e.f.clauses), len(e.f.xors)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=300.0)
    a = ap.parse_args(argv)
    print(
        "GF(4), fast encoding (normalisations 1-3, 3b), CaDiCaL; medians of "
        f"{a.reps} runs, same run"
    )
    for case in CASES:
        res = {}
        for arith in ("bits", "onehot"):
            med, times, status = measure(case, arith, a.reps, a.timeout)
            v, c, x = size(case, arith)
            res[arith] = med
            print(
                f"  N, K, T = {case}  {arith:>6}: median {med:8.3f} s  ({status}; "
                f"{v} variables, {c} clauses, {x} XORs; runs "
                + ", ".join(f"{t:.3f}" for t in times)
                + ")",
                flush=True,
            )
        print(f"  N, K, T = {case}  one-hot / bits = {res['onehot'] / res['bits']:.1f}×")


if __name__ == "__main__":
    main()
