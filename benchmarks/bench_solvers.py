"""Which SAT solver python-sat ships answers the rate table's searches fastest?

Issue 34 asks whether a portfolio (several solvers on one formula, first answer wins) would
settle the table's hard cells sooner.  This builds the `fast` encoding (the one
``ringlab search`` uses) of a few recorded table searches — proofs of impossibility and finds,
each a few seconds with CaDiCaL — and solves each formula with every solver named, each in a
process of its own, one after another (so each has a core to itself on an idle 2-core machine),
without a time limit but at most --cap seconds.  Prints each solver's seconds per formula, the
answer (which must be the table's), and what a portfolio of CaDiCaL and the fastest other
solver would have taken (the faster of the two, using two cores).

    python benchmarks/bench_solvers.py [--cap 120] [--solvers cadical195,glucose4,kissat404]
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import tempfile
import time

# (N, K, T, field, routing only) → the answer the shipped table records (True: a code exists),
# searches of encoder version 3 that took CaDiCaL 2–40 s there
CELLS = {
    (8, 6, 12, "GF(2)", True): False,  # lesson 13's routing proof
    (4, 6, 8, "GF(8)", False): False,  # issue 34's benchmark proof
    (6, 7, 11, "GF(3)", False): False,
    (5, 7, 10, "GF(3)", False): False,
    (9, 6, 13, "GF(2)", True): False,
    (10, 4, 12, "GF(3)", True): False,
    (7, 8, 14, "GF(2)", True): True,
    (9, 6, 13, "GF(2)", False): True,
    (7, 5, 10, "GF(3)", False): True,
    (10, 3, 11, "GF(3)", False): True,
}

ONE = r"""
import pickle, sys, time
from pysat.solvers import Solver
clauses = pickle.load(open(sys.argv[2], "rb"))
t0 = time.perf_counter()
with Solver(name=sys.argv[1], bootstrap_with=clauses) as s:
    answer = s.solve()
print(answer, time.perf_counter() - t0)
"""


def formula_file(cell, folder) -> str:
    from ringlab.core.search import make_spec
    from ringlab.core.search.encode import Encoding

    N, K, T, f, r = cell
    _, clauses = Encoding(make_spec(N, K, T, f, r, False), "fast", "bits").f.cnf("chunk")
    path = os.path.join(folder, f"n{N}k{K}t{T}{f}{'r' if r else ''}.pkl")
    with open(path, "wb") as fh:
        pickle.dump([list(c) for c in clauses], fh)
    return path


def solve(solver, path, cap) -> tuple[float | None, object]:
    try:
        r = subprocess.run(
            [sys.executable, "-c", ONE, solver, path], capture_output=True, text=True, timeout=cap
        )
    except subprocess.TimeoutExpired:
        return None, "over cap"
    if r.returncode != 0:
        return None, r.stderr.strip().splitlines()[-1][:60]
    answer, secs = r.stdout.split()
    return float(secs), answer == "True"


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--cap", type=float, default=120.0, help="seconds at most per solve")
    ap.add_argument("--solvers", default="cadical195,glucose4,kissat404,cadical300")
    a = ap.parse_args(argv)
    solvers = a.solvers.split(",")
    print(
        f"{len(CELLS)} formulas × {len(solvers)} solvers, one process at a time, cap {a.cap:g} s;"
        f" load {os.getloadavg()[0]:.2f} at the start"
    )
    totals = {s: 0.0 for s in solvers}
    port = {s: 0.0 for s in solvers if s != solvers[0]}
    with tempfile.TemporaryDirectory() as folder:
        for cell, truth in CELLS.items():
            path = formula_file(cell, folder)
            row = {}
            for s in solvers:
                secs, answer = solve(s, path, a.cap)
                if secs is not None and answer != truth:
                    raise SystemExit(f"{s} answered {answer} on {cell}; the table says {truth}")
                row[s] = secs if secs is not None else a.cap
                totals[s] += row[s]
            for s in port:
                port[s] += min(row[solvers[0]], row[s])
            words = "  ".join(f"{s} {row[s]:6.2f}" for s in solvers)
            print(
                f"N={cell[0]} K={cell[1]} T={cell[2]} {cell[3]}{' routing' if cell[4] else ''}"
                f" ({'code' if truth else 'impossible'}): {words}",
                flush=True,
            )
    print("total: " + "  ".join(f"{s} {t:.2f} s" for s, t in totals.items()))
    for s, t in port.items():
        print(
            f"portfolio {solvers[0]} + {s} (two cores, first answer): {t:.2f} s "
            f"({totals[solvers[0]] / t:.2f}× faster wall than {solvers[0]} alone, "
            f"{totals[solvers[0]] / (2 * t):.2f}× per core)"
        )
    print(f"load {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    t0 = time.perf_counter()
    main()
    print(f"({time.perf_counter() - t0:.0f} s)")
