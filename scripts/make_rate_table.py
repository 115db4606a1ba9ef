"""Compute the rate explorer table and write ``ringlab/data/rate_table.json`` (and print it).

For N = 3..5, K = 1..6: the smallest T with a feasible code over GF(2) — general linear codes
and routing only — each found by SAT and re-verified, with the step below proven impossible
when the cell says "proven".  Runtime is bounded: every single T gets at most
``--per-T`` seconds and the whole run at most ``--budget`` seconds (cells not reached are written
as undecided with 0 s spent, so no cell is ever blank).

    python scripts/make_rate_table.py                       # the shipped table
    python scripts/make_rate_table.py --per-T 5 --budget 60 -o /tmp/t.json
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import platform
import sys
import time
from pathlib import Path

from ringlab.core.search.rates import bounds_row, cell

ROOT = Path(__file__).resolve().parent.parent


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--N", default="3,4,5", help="ring sizes (comma list)")
    ap.add_argument("--K", default="1,2,3,4,5,6", help="symbols per node (comma list)")
    ap.add_argument("--field", default="GF(2)")
    ap.add_argument("--per-T", type=float, default=30.0, help="seconds per single search")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds for the whole table")
    ap.add_argument("-o", "--output", default=str(ROOT / "ringlab" / "data" / "rate_table.json"))
    ap.add_argument("--markdown", metavar="JSON", help="only print the Markdown table of an "
                    "existing table file (for docs/rate_table.md) and exit")
    a = ap.parse_args(argv)
    if a.markdown:
        print(markdown(json.loads(Path(a.markdown).read_text(encoding="utf-8"))))
        return 0
    Ns = [int(x) for x in a.N.split(",")]
    Ks = [int(x) for x in a.K.split(",")]
    t0 = time.perf_counter()
    cells = []
    for N in Ns:
        for K in Ks:
            left = a.budget - (time.perf_counter() - t0)
            if left <= 0:
                skipped = {"min_T": None, "status": "undecided", "lower_proof": None,
                           "seconds": 0.0, "steps": [], "note": "not reached within the budget"}
                cells.append({"N": N, "K": K, "field": a.field, **bounds_row(N, K),
                              "general": dict(skipped, routing=False),
                              "routing": dict(skipped, routing=True)})
            else:
                cells.append(cell(N, K, a.field, per_T_timeout=a.per_T, budget=left))
            c = cells[-1]
            print(f"N={N} K={K}: general T={c['general']['min_T']} ({c['general']['status']}, "
                  f"{c['general']['seconds']:.1f} s)  routing T={c['routing']['min_T']} "
                  f"({c['routing']['status']}, {c['routing']['seconds']:.1f} s)  "
                  f"Prop.1 {c['proposition1']}  Thm 3 {c['theorem3']}  ring {c['classic_ring']}",
                  flush=True)
    out = {
        "format": "ringlab-rate-table", "version": 1, "field": a.field,
        "made_by": "python scripts/make_rate_table.py " + " ".join(argv or sys.argv[1:]),
        "made_at": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, Python {platform.python_version()}, shared 2 cores",
        "per_T_timeout": a.per_T, "budget": a.budget,
        "total_seconds": round(time.perf_counter() - t0, 1),
        "encoding": "fast", "backend": "cadical",
        "cells": cells,
    }
    Path(a.output).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {a.output} in {out['total_seconds']} s")
    return 0


def markdown(d: dict) -> str:
    """The table as Markdown: one row per (N, K); T values with the rate K/T."""
    from ringlab.core.search.rates import cell_text
    out = ["| N | K | Prop. 1 (T ≥ K+N−2) | Theorem 3 (⌈4K/3⌉) | classic ring 2(N−1)⌈K/N⌉ "
           "| smallest T, general coding | smallest T, routing only |",
           "|---|---|---|---|---|---|---|"]
    for c in d["cells"]:
        g, r = c["general"], c["routing"]
        mark = " **◀ coding wins**" if (g["status"] == r["status"] == "proven"
                                        and g["min_T"] < r["min_T"]) else ""
        out.append(f"| {c['N']} | {c['K']} | {c['proposition1']} | "
                   f"{'—' if c['theorem3'] is None else c['theorem3']} | {c['classic_ring']} | "
                   f"{cell_text(g)}{mark} | {cell_text(r)} |")
    return "\n".join(out)


if __name__ == "__main__":
    raise SystemExit(main())
