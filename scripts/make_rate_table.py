"""Compute the rate explorer table, per field, and write ``assets/rate_table.json``.

For every N, K and field: the smallest T with a feasible code — general linear codes and routing
only — each found by SAT and re-verified, "exact" when the step below is proven impossible (by
SAT or a proven bound); the bounds; the conjecture column (see
:mod:`ringlab.core.search.perfield`).

Incremental: the output file is read first and only missing (N, K, field) entries — or ones
marked "not computed" — are computed; the file is rewritten (atomically) after every entry, so
the run can be stopped at any moment and resumed by running the same command again.  Entries
are done in priority order: GF(2) first (the other fields use it), then GF(4), GF(3), GF(8)
where GF(2) does not meet the lower bound, then the rest.  ``--jobs J`` runs J solver
processes (one solver each).  ``--deadline S`` stops starting new entries after S seconds;
anything left says "not computed (budget)", never blank.

    python scripts/make_rate_table.py --N 3,4,5,6,7,8 --K 1,2,3,4,5,6,7,8 \\
        --fields "GF(2),GF(3),GF(4),GF(8)" --per-T 20 --per-cell 120 --jobs 1 --deadline 3000
    python scripts/make_rate_table.py --markdown assets/rate_table.json
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

from ringlab.core.search._worker import _die_with_parent
from ringlab.core.search.perfield import (
    NOT_COMPUTED,
    bounds_cell,
    compute_entry,
    is_extension_of_gf2,
    not_computed,
    with_verdict,
)
from ringlab.core.search.rates import cell_short, cell_text

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "rate_table.json"   # packaged as ringlab/data/


def upgrade(d: dict) -> dict:
    """A version-1 table (GF(2) only, no by_field) as version 2, keeping every computed cell."""
    for c in d.get("cells", []):
        fresh = bounds_cell(c["N"], c["K"])
        for k, v in fresh.items():
            c.setdefault(k, v)
        if (d.get("version", 1) == 1 and "GF(2)" not in c["by_field"]
                and c["general"].get("status") != NOT_COMPUTED):
            c["by_field"]["GF(2)"] = {"general": c["general"], "routing": c["routing"]}
    d["version"] = 2
    return d


def done(c, f) -> bool:
    pair = c["by_field"].get(f)
    return pair is not None and pair["general"].get("status") != NOT_COMPUTED


def needs_search(c) -> bool:
    """GF(2) does not meet the lower bound (or is not known yet)."""
    g = c["by_field"].get("GF(2)", {}).get("general", {})
    return not (g.get("status") == "proven" and g.get("min_T") == c["lower_bound"])


def open_question(c, f) -> bool:
    """Computed, but not exact: a class is "≤ T" or undecided (what ``--retry`` redoes)."""
    pair = c["by_field"][f]
    classes = ["general"] if is_extension_of_gf2(f) else ["general", "routing"]
    return any(pair[k].get("status") in ("found", "undecided") for k in classes)


def better(old: dict, new: dict) -> dict:
    """Of two results for one class, the more informative: exact over "≤ T" over undecided;
    a smaller T at the same level (a retry with a shorter limit never loses what was known)."""
    rank = {"proven": 0, "found": 1, "undecided": 2, NOT_COMPUTED: 3}
    ko = (rank.get(old.get("status"), 3), old.get("min_T") or 10**9)
    kn = (rank.get(new.get("status"), 3), new.get("min_T") or 10**9)
    return new if kn <= ko else old


def todo(cells, fields, retry=False, attempted=frozenset()):
    """(priority, N, K, field) still to compute; GF(2^m) waits for the cell's GF(2).  With
    ``retry``, entries that are not exact are redone once per run (with this run's limits)."""
    out = []
    rank = {"GF(2)": 0, "GF(4)": 1, "GF(3)": 2, "GF(8)": 3}
    for (N, K), c in cells.items():
        for f in fields:
            if (N, K, f) in attempted:
                continue
            if done(c, f) and not (retry and open_question(c, f)):
                continue
            if is_extension_of_gf2(f) and not done(c, "GF(2)"):
                continue
            pri = (0 if f == "GF(2)" else 1 if needs_search(c) else 2, rank.get(f, 9), N, K)
            out.append((pri, N, K, f))
    return sorted(out)


def finish(d, cells, fields, folder: Path, note="budget"):
    """Every (cell, field) present, the conjecture column filled, GF(2) mirrored at the top."""
    for c in cells.values():
        for f in fields:
            if not done(c, f):
                c["by_field"][f] = {"general": not_computed(False, note),
                                    "routing": not_computed(True, note)}
        c["by_field"] = {f: c["by_field"][f] for f in fields if f in c["by_field"]} | {
            f: v for f, v in c["by_field"].items() if f not in fields}
        base = c["by_field"].get("GF(2)")
        for f, pair in c["by_field"].items():
            # routing over GF(2^m) is GF(2)'s class: keep the copy in step when GF(2) improves
            if (base and is_extension_of_gf2(f)
                    and (pair["routing"].get("found_by") or "").startswith("= GF(2)")
                    and base["routing"].get("status") != NOT_COMPUTED):
                pair["routing"] = dict(base["routing"], field=f, seconds=0.0,
                                       found_by=pair["routing"]["found_by"])
        with_verdict(c)
        for f, pair in c["by_field"].items():
            text = pair["general"].pop("counterexample", None)
            if text is not None:        # a code below the conjecture: shipped, never only a row
                T = pair["general"]["min_T"]
                name = f"conjecture-counterexample-n{c['N']}-k{c['K']}-t{T}-gf{f[3:-1]}.ringlab.json"
                (folder / name).write_text(text, encoding="utf-8")
                pair["general"]["code_file"] = name
            if pair["general"].get("code_file"):
                c["conjecture"]["code_file"] = pair["general"]["code_file"]
    d["cells"] = [cells[k] for k in sorted(cells)]
    d["fields"] = list(fields)


def save(d, path: Path) -> None:
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(d, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)           # atomic: a killed run never leaves a half-written table


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--N", default="3,4,5,6,7,8", help="ring sizes (comma list)")
    ap.add_argument("--K", default="1,2,3,4,5,6,7,8", help="symbols per node (comma list)")
    ap.add_argument("--fields", default="GF(2),GF(3),GF(4),GF(8)")
    ap.add_argument("--per-T", type=float, default=20.0, help="seconds per single search")
    ap.add_argument("--per-cell", type=float, default=120.0,
                    help="seconds for one (N, K, field), both classes")
    ap.add_argument("--deadline", type=float, default=3000.0,
                    help="start no new entry after this many seconds of this run")
    ap.add_argument("--jobs", type=int, default=2, help="solver processes")
    ap.add_argument("--retry", action="store_true",
                    help="also redo entries that are not exact (≤ T or undecided), once each")
    ap.add_argument("-o", "--output", default=str(DEFAULT_OUT))
    ap.add_argument("--markdown", metavar="JSON", help="only print the Markdown table of an "
                    "existing table file (for docs/rate_table.md) and exit")
    a = ap.parse_args(argv)
    if a.markdown:
        print(markdown(json.loads(Path(a.markdown).read_text(encoding="utf-8"))))
        return 0
    out = Path(a.output)
    fields = [f.strip() for f in a.fields.replace("),", ");").split(";") if f.strip()]
    d = upgrade(json.loads(out.read_text(encoding="utf-8"))) if out.exists() else {
        "format": "ringlab-rate-table", "version": 2, "field": "GF(2)", "cells": [],
        "total_seconds": 0.0}
    cells = {(c["N"], c["K"]): c for c in d["cells"]}
    for N in (int(x) for x in a.N.split(",")):
        for K in (int(x) for x in a.K.split(",")):
            cells.setdefault((N, K), bounds_cell(N, K))
    prev_total = float(d.get("total_seconds", 0.0))
    d.update({"made_by": "python scripts/make_rate_table.py " + " ".join(argv or sys.argv[1:]),
              "machine": f"{platform.machine()}, Python {platform.python_version()}, "
                         f"shared 2 cores, {a.jobs} solver process(es)",
              "per_T_timeout": a.per_T, "per_cell": a.per_cell, "encoding": "fast",
              "backend": "cadical", "arith": "GF(2^m) as bits"})
    t0 = time.perf_counter()

    def checkpoint():
        d["total_seconds"] = round(prev_total + time.perf_counter() - t0, 1)
        d["made_at"] = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        finish(d, cells, fields, out.parent)
        save(d, out)

    running, attempted = {}, set()
    # a solver process ends with this script (kill, Ctrl+C): no orphan keeps a core busy; the
    # table on disk is always the last checkpoint, so nothing computed is lost
    with ProcessPoolExecutor(max_workers=max(1, a.jobs), initializer=_die_with_parent) as pool:
        while True:
            busy = {(N, K, f) for (N, K, f) in running.values()}
            if time.perf_counter() - t0 < a.deadline:
                for _, N, K, f in todo(cells, fields, a.retry, attempted):
                    if len(running) >= a.jobs:
                        break
                    if (N, K, f) in busy:
                        continue
                    base = cells[(N, K)]["by_field"].get("GF(2)") if f != "GF(2)" else None
                    fut = pool.submit(compute_entry, N, K, f, base, a.per_T, a.per_cell)
                    running[fut] = (N, K, f)
                    attempted.add((N, K, f))
                    busy.add((N, K, f))
            if not running:
                break
            finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for fut in finished:
                running.pop(fut)
                N, K, f, res, secs = fut.result()
                old = cells[(N, K)]["by_field"].get(f)
                if old is not None and old["general"].get("status") != NOT_COMPUTED:
                    res = {k: better(old[k], res[k]) for k in ("general", "routing")}
                cells[(N, K)]["by_field"][f] = res
                checkpoint()
                print(f"N={N} K={K} {f}: general {cell_text(res['general'])} | routing "
                      f"{cell_text(res['routing'])}  [{secs:.1f} s]", flush=True)
    checkpoint()
    print(f"wrote {out}; {d['total_seconds']} s in all runs so far")
    return 0


def markdown(d: dict) -> str:
    """The table as Markdown, one row per (N, K): short answers per field and class (routing
    over GF(2^m) is GF(2)'s routing, so it is not repeated); every step is in the JSON.  Fields
    are named as the app names them (``GF(2^2)``; the JSON's keys are the search's ``GF(4)``)."""
    from ringlab.core.fields import field
    fields = d.get("fields") or ["GF(2)"]
    cols = [(f, "general") for f in fields] + [(f, "routing") for f in fields
                                                 if not is_extension_of_gf2(f)]
    head = ("| N | K | lower bound | conjecture T* | "
            + " | ".join(f"{field(f).name} {k}" for f, k in cols) + " | verdict |")
    out = [head, "|" + "---|" * (5 + len(cols))]
    for c in d["cells"]:
        byf = c.get("by_field") or {"GF(2)": {"general": c["general"], "routing": c["routing"]}}
        conj = c.get("conjecture") or {}
        row = [str(c["N"]), str(c["K"]),
               f"{c.get('lower_bound', c['proposition1'])} ({c.get('lower_bound_by', 'Prop. 1')})",
               str(conj.get("T", "—"))]
        for f, k in cols:
            pair = byf.get(f)
            row.append(cell_short(pair[k]) if pair else "not computed (budget)")
        row.append(conj.get("verdict", "—"))
        out.append("| " + " | ".join(row) + " |")
    return "\n".join(out)


if __name__ == "__main__":
    raise SystemExit(main())
