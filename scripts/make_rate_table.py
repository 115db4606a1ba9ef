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

Every class is walked bound first (:func:`ringlab.core.search.perfield.walk`): the first search
is at the largest proven lower bound (at most ``--per-T-bound`` seconds), then up to a code, then
down from it.  Every step records its T, verdict, seconds, limit and ``encoding_version``; a
redone entry keeps the steps of its other runs as ``earlier_steps`` (every run but the one whose
result it keeps, so a later run that did no better is there too), and each run is appended to
``runs`` (command, UTC start and end, wall clock, load average, executor and workers).
``--retry`` redoes entries that are not exact, each class walked from the largest T its earlier
runs proved impossible, plus one (no T is proven impossible twice), a general class an earlier
run made exact kept as it is; ``--only N,K,FIELD`` (repeatable) restricts the run to those
entries, and ``--classes routing`` to their routing class (the general class kept as it is).

``--executor mpi`` runs the entries on the workers of ``mpi4py.futures`` (the ``mpi`` extra),
e.g. ``mpiexec -n 65 python -m mpi4py.futures scripts/make_rate_table.py --executor mpi ...``
for 64 workers; the local process pool is the default.  Each entry runs in a child process of
its worker: a solver that dies is logged under the run's ``retries`` and its entry started again
(``--retries``, 2); what was saved stays.  An MPI rank that dies ends the MPI job — the table on
disk is the last entry saved, and the same command resumes.

    python scripts/make_rate_table.py --N 3,4,5,6,7,8 --K 1,2,3,4,5,6,7,8 \\
        --fields "GF(2),GF(3),GF(4),GF(8)" --per-T 20 --per-cell 120 --jobs 1 --deadline 3000
    python scripts/make_rate_table.py --retry --only "6,4,GF(3)" --only "4,6,GF(2^3)" \\
        --per-T-bound 60 --per-T 60 --per-cell 150 --jobs 1
    MPIEXEC_TIMEOUT=3600 mpiexec -n 4 python -m mpi4py.futures scripts/make_rate_table.py \\
        --executor mpi --retry --only "8,7,GF(3)" --per-T 60 --per-cell 900
    python scripts/make_rate_table.py --markdown assets/rate_table.json
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import subprocess
import sys
import time
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, ProcessPoolExecutor, wait
from pathlib import Path

from ringlab.core.search._worker import _die_with_parent
from ringlab.core.search.encode import search_field
from ringlab.core.search.perfield import (
    ENCODING_FINGERPRINT,
    ENCODING_VERSION,
    NOT_COMPUTED,
    bounds_cell,
    compute_entry,
    encoding_fingerprint,
    is_extension_of_gf2,
    not_computed,
    proven_lower,
    with_verdict,
)
from ringlab.core.search.rates import cell_short, cell_text, found_by_words, step_text, tried

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "rate_table.json"  # packaged as ringlab/data/


UNRECORDED = "unrecorded"  # a step searched before the table recorded encoder versions


def _classes(c):
    for pair in c.get("by_field", {}).values():
        yield from (pair["general"], pair["routing"])
    yield from (c.get("general") or {}, c.get("routing") or {})


def upgrade(d: dict) -> dict:
    """A version-1 table (GF(2) only, no by_field) as version 2, keeping every computed cell;
    steps without an encoder version say so (``"unrecorded"``)."""
    for c in d.get("cells", []):
        for res in _classes(c):
            for s in (res.get("steps") or []) + (res.get("earlier_steps") or []):
                s.setdefault("encoding_version", UNRECORDED)
            if res.get("sat_below"):
                res["sat_below"].setdefault("encoding_version", UNRECORDED)
        fresh = bounds_cell(c["N"], c["K"])
        for k, v in fresh.items():
            c.setdefault(k, v)
        if (
            d.get("version", 1) == 1
            and "GF(2)" not in c["by_field"]
            and c["general"].get("status") != NOT_COMPUTED
        ):
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


def merge(old: dict, new: dict, bound: int) -> dict:
    """One class redone: the better result (:func:`better`), keeping the other run's steps as
    ``earlier_steps`` (so a "≤" cell still says what every run tried, and for how long), and
    what both runs proved together: a T proven impossible in one run and a code at T + 1 in the
    other make the cell exact."""
    if old is new or old.get("status") == NOT_COMPUTED:
        return new
    if new.get("kept"):
        return old  # exact in the earlier run and not searched again (perfield.field_cell)
    if (new.get("found_by") or "").startswith("= GF(2)"):
        return new  # a copy of GF(2)'s routing: GF(2)'s own entry keeps history
    keep = better(old, new)
    other = old if keep is new else new
    out = dict(keep)
    out["earlier_steps"] = [s for s in (keep.get("earlier_steps") or [])] + [
        s for s in (other.get("steps") or []) + (other.get("earlier_steps") or [])
    ]
    lo = max(proven_lower(old, bound), proven_lower(new, bound))
    if lo > (out.get("lower_T") or 0):
        out["lower_T"] = lo
        out["lower_T_by"] = "SAT"
    T = out.get("min_T")
    if out.get("status") == "found" and T is not None and T <= lo:
        out["status"], out["lower_proof"] = "proven", "SAT"
    return out


def todo(cells, fields, retry=False, attempted=frozenset(), only=None):
    """(priority, N, K, field) still to compute; GF(2^m) waits for the cell's GF(2).  With
    ``retry``, entries that are not exact are redone once per run (with this run's limits);
    ``only``: a set of (N, K, field), the others are left as they are."""
    out = []
    rank = {"GF(2)": 0, "GF(4)": 1, "GF(3)": 2, "GF(8)": 3}
    for (N, K), c in cells.items():
        for f in fields:
            if (N, K, f) in attempted or (only is not None and (N, K, f) not in only):
                continue
            if done(c, f) and not (retry and open_question(c, f)):
                continue
            if is_extension_of_gf2(f) and not done(c, "GF(2)"):
                continue
            pri = (0 if f == "GF(2)" else 1 if needs_search(c) else 2, rank.get(f, 9), N, K)
            out.append((pri, N, K, f))
    return sorted(out)


def finish(d, cells, fields, folder: Path, note="budget"):
    """Every (cell, field) present, the conjecture column filled, GF(2) mirrored at the top.
    The table's fields are those it had and this run's, in that order (a run over one field
    neither drops the others from ``fields`` nor moves its own first in every cell)."""
    fields = list(dict.fromkeys(list(d.get("fields") or []) + list(fields)))
    for c in cells.values():
        for f in fields:
            if not done(c, f):
                c["by_field"][f] = {
                    "general": not_computed(False, note),
                    "routing": not_computed(True, note),
                }
        c["by_field"] = {f: c["by_field"][f] for f in fields if f in c["by_field"]} | {
            f: v for f, v in c["by_field"].items() if f not in fields
        }
        base = c["by_field"].get("GF(2)")
        for f, pair in c["by_field"].items():
            # routing over GF(2^m) is GF(2)'s class: keep the copy in step when GF(2) improves
            if (
                base
                and is_extension_of_gf2(f)
                and (pair["routing"].get("found_by") or "").startswith("= GF(2)")
                and base["routing"].get("status") != NOT_COMPUTED
            ):
                pair["routing"] = dict(
                    base["routing"], field=f, seconds=0.0, found_by=pair["routing"]["found_by"]
                )
        with_verdict(c)
        for f, pair in c["by_field"].items():
            text = pair["general"].pop("counterexample", None)
            if text is not None:  # a code below the conjecture: shipped, never only a row
                T = pair["general"]["min_T"]
                name = (
                    f"conjecture-counterexample-n{c['N']}-k{c['K']}-t{T}-gf{f[3:-1]}.ringlab.json"
                )
                (folder / name).write_text(text, encoding="utf-8")
                pair["general"]["code_file"] = name
            if pair["general"].get("code_file"):
                c["conjecture"]["code_file"] = pair["general"]["code_file"]
    d["cells"] = [cells[k] for k in sorted(cells)]
    d["fields"] = list(fields)


def made_by(runs: list) -> str:
    """The table's one-line provenance (the app shows it): the first run's command, and how many
    runs followed (each is in ``runs`` with its command, times and load)."""
    more = len(runs) - 1
    return runs[0]["command"] + (
        f' — then {more} more run{"s" if more > 1 else ""} (retries; see "runs")' if more else ""
    )


def _quote(arg: str) -> str:
    return arg if all(ch.isalnum() or ch in "-_.,/=" for ch in arg) else f'"{arg}"'


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def save(d, path: Path) -> None:
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(d, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)  # atomic: a killed run never leaves a half-written table


def open_executor(kind: str, jobs: int):
    """(executor, workers).  ``local``: a process pool of ``jobs`` solvers; a solver process
    ends with this script (kill, Ctrl+C), so no orphan keeps a core busy.  ``mpi``: mpi4py's
    pool, the ranks but this one when started as ``mpiexec -n W+1 python -m mpi4py.futures``."""
    if kind == "mpi":
        from mpi4py.futures import MPIPoolExecutor

        pool = MPIPoolExecutor()
        return pool, pool.num_workers
    jobs = max(1, jobs)
    return ProcessPoolExecutor(max_workers=jobs, initializer=_die_with_parent), jobs


# One entry in a fresh interpreter (an MPI worker's child): a solver that dies — killed by the
# kernel for memory, a crash — ends this process, not the MPI rank, whose death would end the
# whole MPI job.  RINGLAB_TEST_KILL_CELL="N,K,FIELD" (tests only) makes it exit with status 9
# when it starts that entry, the first time: RINGLAB_TEST_KILL_MARKER is the file that says so.
_ISOLATED = """
import json, os, sys
from ringlab.core.search._worker import _die_with_parent
from ringlab.core.search.perfield import compute_entry
_die_with_parent()
args = json.loads(sys.stdin.read())
if os.environ.get("RINGLAB_TEST_KILL_CELL") == ",".join(map(str, args[:3])):
    try:
        os.close(os.open(os.environ["RINGLAB_TEST_KILL_MARKER"], os.O_CREAT | os.O_EXCL))
        os._exit(9)
    except FileExistsError:
        pass
sys.stdout.write("\\n" + json.dumps(compute_entry(*args)) + "\\n")
"""


def isolated_entry(
    N, K, field, base, per_T, per_cell, per_T_bound=None, earlier=None, routing_only=False
):
    """:func:`compute_entry` in a child process of this MPI worker; its death is an exception
    (the entry is started again, :func:`run_entries`), never the end of the MPI job."""
    args = [N, K, field, base, per_T, per_cell, per_T_bound, earlier, routing_only]
    p = subprocess.run(
        [sys.executable, "-c", _ISOLATED], input=json.dumps(args), capture_output=True, text=True
    )
    if p.returncode != 0:
        tail = p.stderr.strip().splitlines()[-1:] or [""]
        raise RuntimeError(
            f"the solver process for N={N}, K={K}, {field} ended with status {p.returncode} "
            f"{tail[0]}".strip()
        )
    return tuple(json.loads(p.stdout.strip().splitlines()[-1]))


def run_entries(a, pool, workers, cells, fields, only, run, checkpoint, t0) -> None:
    """Every entry left (:func:`todo`), at most ``workers`` at once, each recorded and the table
    saved as it ends.  An entry whose solver died (an exception, a broken pool) is logged under
    the run's ``retries`` and started again — first, on a fresh pool if the pool broke — at most
    ``--retries`` times; the entries already saved stay."""
    task = isolated_entry if a.executor == "mpi" else compute_entry
    running, attempted, attempts, again = {}, set(), {}, []
    try:
        while True:
            busy = {key for key, _ in running.values()}
            if time.perf_counter() - t0 < a.deadline:
                left = [(N, K, f) for _, N, K, f in todo(cells, fields, a.retry, attempted, only)]
                for N, K, f in again + left:
                    if len(running) >= workers:
                        break
                    if (N, K, f) in busy:
                        continue
                    if (N, K, f) in again:
                        again.remove((N, K, f))
                    base = cells[(N, K)]["by_field"].get("GF(2)") if f != "GF(2)" else None
                    earlier = cells[(N, K)]["by_field"].get(f) if a.retry else None
                    fut = pool.submit(
                        task,
                        N,
                        K,
                        f,
                        base,
                        a.per_T,
                        a.per_cell,
                        a.per_T_bound,
                        earlier,
                        a.classes == "routing",
                    )
                    running[fut] = ((N, K, f), pool)
                    attempted.add((N, K, f))
                    busy.add((N, K, f))
                    attempts[(N, K, f)] = attempts.get((N, K, f), 0) + 1
            if not running:
                break
            finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for fut in finished:
                (N, K, f), its_pool = running.pop(fut)
                n = attempts[(N, K, f)]
                err = fut.exception()
                if err is not None:
                    again_ = n <= a.retries
                    run.setdefault("retries", []).append(
                        {"N": N, "K": K, "field": f, "attempt": n, "error": f"{err!r}"[:300]}
                    )
                    if again_:
                        again.append((N, K, f))
                    else:
                        run.setdefault("failed", []).append({"N": N, "K": K, "field": f})
                    if isinstance(err, BrokenExecutor) and its_pool is pool:
                        pool.shutdown(wait=False, cancel_futures=True)
                        pool, workers = open_executor(a.executor, a.jobs)
                    checkpoint()
                    print(
                        f"N={N} K={K} {f}: attempt {n} failed ({err!r}); "
                        + ("started again" if again_ else "left not computed"),
                        file=sys.stderr,
                        flush=True,
                    )
                    continue
                N, K, f, res, secs = fut.result()
                old = cells[(N, K)]["by_field"].get(f)
                if old is not None and old["general"].get("status") != NOT_COMPUTED:
                    lb = cells[(N, K)]["lower_bound"]
                    res = {k: merge(old[k], res[k], lb) for k in ("general", "routing")}
                cells[(N, K)]["by_field"][f] = res
                entry = {"N": N, "K": K, "field": f, "seconds": round(secs, 1)}
                run["entries"].append(entry | ({"attempts": n} if n > 1 else {}))
                checkpoint()
                print(
                    f"N={N} K={K} {f}: general {cell_text(res['general'])} | routing "
                    f"{cell_text(res['routing'])}  [{secs:.1f} s]",
                    flush=True,
                )
    finally:
        pool.shutdown()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--N", default="3,4,5,6,7,8", help="ring sizes (comma list)")
    ap.add_argument("--K", default="1,2,3,4,5,6,7,8", help="symbols per node (comma list)")
    ap.add_argument("--fields", default="GF(2),GF(3),GF(4),GF(8)")
    ap.add_argument("--per-T", type=float, default=20.0, help="seconds per single search")
    ap.add_argument(
        "--per-cell", type=float, default=120.0, help="seconds for one (N, K, field), both classes"
    )
    ap.add_argument(
        "--deadline",
        type=float,
        default=3000.0,
        help="start no new entry after this many seconds of this run",
    )
    ap.add_argument("--jobs", type=int, default=2, help="solver processes (--executor local)")
    ap.add_argument(
        "--executor",
        choices=("local", "mpi"),
        default="local",
        help="local: a process pool of --jobs solvers on this machine; mpi: the workers of "
        "'mpiexec -n W+1 python -m mpi4py.futures scripts/make_rate_table.py --executor mpi ...' "
        "(W workers, one solver each)",
    )
    ap.add_argument(
        "--retries",
        type=int,
        default=2,
        help="times an entry whose solver process died is started again (then left not computed)",
    )
    ap.add_argument(
        "--retry",
        action="store_true",
        help="also redo entries that are not exact (≤ T or undecided), once each",
    )
    ap.add_argument(
        "--classes",
        choices=("both", "routing"),
        default="both",
        help="with --retry: routing keeps each entry's general class as it is and searches "
        "routing only (a retry of the class whose bound moved)",
    )
    ap.add_argument(
        "--per-T-bound",
        type=float,
        default=None,
        help="seconds for the first search of a walk, at the largest lower bound "
        "(default: --per-T)",
    )
    ap.add_argument(
        "--only",
        action="append",
        metavar="N,K,FIELD",
        help="compute only this entry (repeatable), e.g. --only '6,4,GF(3)'",
    )
    ap.add_argument("-o", "--output", default=str(DEFAULT_OUT))
    ap.add_argument(
        "--markdown",
        metavar="JSON",
        help="only print the Markdown parts of an "
        "existing table file (for docs/rate_table.md: coverage counts, the cells "
        "that are not exact with every T tried, the table) and exit",
    )
    ap.add_argument(
        "--update-doc",
        metavar="MD",
        help="with --markdown: rewrite the generated "
        "regions of this Markdown file (docs/rate_table.md) instead of printing",
    )
    a = ap.parse_args(argv)
    if a.classes == "routing" and not (a.retry and a.only):
        ap.error("--classes routing redoes named entries: it needs --retry and --only N,K,FIELD")
    if a.markdown:
        d = upgrade(json.loads(Path(a.markdown).read_text(encoding="utf-8")))
        if a.update_doc:
            update_doc(Path(a.update_doc), d)
        else:
            print(generated(d))
        return 0
    if encoding_fingerprint() != ENCODING_FINGERPRINT:
        print(
            f"the search encoder's formulas changed since ENCODING_VERSION = "
            f"{ENCODING_VERSION} was recorded (fingerprint {encoding_fingerprint()}, not "
            f"{ENCODING_FINGERPRINT}): bump ENCODING_VERSION and ENCODING_FINGERPRINT in "
            f"ringlab/core/search/perfield.py so the table says which encoder made each step",
            file=sys.stderr,
        )
        return 2
    out = Path(a.output)
    # GF(2^2) / GF(2^3), as the app and the docs name them, are the search's GF(4) / GF(8)
    fields = [search_field(f.strip()) for f in a.fields.replace("),", ");").split(";") if f.strip()]
    only = None
    if a.only:
        only = set()
        for o in a.only:
            n, k, f = (x.strip() for x in o.split(",", 2))
            only.add((int(n), int(k), search_field(f)))
    d = (
        upgrade(json.loads(out.read_text(encoding="utf-8")))
        if out.exists()
        else {
            "format": "ringlab-rate-table",
            "version": 2,
            "field": "GF(2)",
            "cells": [],
            "total_seconds": 0.0,
        }
    )
    cells = {(c["N"], c["K"]): c for c in d["cells"]}
    for N in (int(x) for x in a.N.split(",")):
        for K in (int(x) for x in a.K.split(",")):
            cells.setdefault((N, K), bounds_cell(N, K))
    prev_total = float(d.get("total_seconds", 0.0))
    command = "python scripts/make_rate_table.py " + " ".join(
        _quote(x) for x in (sys.argv[1:] if argv is None else argv)
    )
    runs = d.setdefault("runs", [])
    if not runs and d.get("made_by"):  # the runs before this list existed, as recorded
        runs.append(
            {
                "command": d["made_by"],
                "ended": d.get("made_at"),
                "note": "before runs were recorded one by one; encoder version unrecorded",
            }
        )
    pool, workers = open_executor(a.executor, a.jobs)
    now = _dt.datetime.now(_dt.timezone.utc)
    run = {
        "command": command,
        "started": now.strftime("%Y-%m-%d %H:%M:%S UTC"),
        "ended": None,
        "wall_s": 0.0,
        "loadavg_start": _load(),
        "loadavg_end": None,
        "jobs": workers,  # solver processes at once
        "executor": a.executor,
        "workers": workers,
        "per_T": a.per_T,
        "per_T_bound": a.per_T_bound or a.per_T,
        "per_cell": a.per_cell,
        "encoding_version": ENCODING_VERSION,
        "entries": [],
    }
    runs.append(run)
    d.update(
        {
            "made_by": made_by(runs),
            "machine": f"{platform.machine()}, Python {platform.python_version()}, "
            f"shared 2 cores, {a.jobs} solver process(es)"
            if a.executor == "local"
            else f"MPI (mpi4py.futures), {workers} worker(s), one solver process each",
            "per_T_timeout": a.per_T,
            "per_T_bound": a.per_T_bound or a.per_T,
            "per_cell": a.per_cell,
            "encoding": "fast",
            "backend": "cadical",
            "arith": "GF(2^m) as bits",
            "encoding_version": ENCODING_VERSION,
            "encoding_fingerprint": ENCODING_FINGERPRINT,
        }
    )
    t0 = time.perf_counter()

    def checkpoint():
        d["total_seconds"] = round(prev_total + time.perf_counter() - t0, 1)
        end = _dt.datetime.now(_dt.timezone.utc)
        d["made_at"] = end.strftime("%Y-%m-%d %H:%M UTC")
        run.update(
            ended=end.strftime("%Y-%m-%d %H:%M:%S UTC"),
            wall_s=round(time.perf_counter() - t0, 1),
            loadavg_end=_load(),
        )
        finish(d, cells, fields, out.parent)
        save(d, out)

    run_entries(a, pool, workers, cells, fields, only, run, checkpoint, t0)
    checkpoint()
    print(f"wrote {out}; {d['total_seconds']} s in all runs so far")
    return 0


def markdown(d: dict) -> str:
    """The table as Markdown, one row per (N, K): short answers per field and class (routing
    over GF(2^m) is GF(2)'s routing, so it is not repeated); every step is in the JSON.  Fields
    are named as the app names them (``GF(2^2)``; the JSON's keys are the search's ``GF(4)``)."""
    from ringlab.core.fields import field

    fields = d.get("fields") or ["GF(2)"]
    cols = [(f, "general") for f in fields] + [
        (f, "routing") for f in fields if not is_extension_of_gf2(f)
    ]
    head = (
        "| N | K | lower bound | conjecture T* | "
        + " | ".join(f"{field(f).name} {k}" for f, k in cols)
        + " | verdict |"
    )
    out = [head, "|" + "---|" * (5 + len(cols))]
    for c in d["cells"]:
        byf = c.get("by_field") or {"GF(2)": {"general": c["general"], "routing": c["routing"]}}
        conj = c.get("conjecture") or {}
        row = [
            str(c["N"]),
            str(c["K"]),
            f"{c.get('lower_bound', c['proposition1'])} ({c.get('lower_bound_by', 'Prop. 1')})",
            str(conj.get("T", "—")),
        ]
        for f, k in cols:
            pair = byf.get(f)
            row.append(cell_short(pair[k]) if pair else "not computed (budget)")
        row.append(conj.get("verdict", "—"))
        out.append("| " + " | ".join(row) + " |")
    return "\n".join(out)


def _classes_shown(d):
    """(field key, class) as the docs count them: routing over GF(2^m) is GF(2)'s copy."""
    fields = d.get("fields") or ["GF(2)"]
    return [(f, k) for f in fields for k in ("general", "routing")]


def coverage_markdown(d: dict) -> str:
    """The coverage table (exact / ≤ / undecided / not computed per field and class) and the
    conjecture column's counts, overall and per field."""
    from ringlab.core.fields import field

    words = {
        "proven": "exact",
        "found": "≤ T",
        "undecided": "undecided",
        NOT_COMPUTED: "not computed",
    }
    out = [
        "| field | class | exact | ≤ T | undecided | not computed |",
        "|---|---|---|---|---|---|",
    ]
    for f, k in _classes_shown(d):
        n = {w: 0 for w in words.values()}
        for c in d["cells"]:
            n[words[c["by_field"][f][k]["status"]]] += 1
        out.append(f"| {field(f).name} | {k} | " + " | ".join(str(v) for v in n.values()) + " |")
    verdicts = [c["conjecture"]["verdict"] for c in d["cells"]]
    out += [
        "",
        (
            f"Conjecture column: **{verdicts.count('agrees')} agree** (over every field of "
            f"the table), **{verdicts.count('contradicts')} contradict**, "
            f"{verdicts.count('undecided')} undecided (some field not exact or not "
            f"computed)."
        ),
    ]
    per = []
    for f in d.get("fields") or ["GF(2)"]:
        v = [c["conjecture"]["per_field"].get(f) for c in d["cells"]]
        per.append(
            f"{field(f).name}: {v.count('agrees')} agree, {v.count('contradicts')} "
            f"contradict, {v.count('undecided')} undecided, {v.count(NOT_COMPUTED)} not "
            f"computed"
        )
    out.append("Per field: " + "; ".join(per) + ".")
    return "\n".join(out)


def open_markdown(d: dict) -> str:
    """Every class that is not exact, with the proven bound it starts from and every T tried —
    its verdict and seconds, this encoder's runs and earlier ones — read from the JSON."""
    from ringlab.core.fields import field

    out = []
    for c in d["cells"]:
        for f, k in _classes_shown(d):
            if is_extension_of_gf2(f) and k == "routing":
                continue  # GF(2)'s routing, listed under GF(2)
            res = c["by_field"][f][k]
            if res["status"] in ("proven",):
                continue
            head = f"* N = {c['N']}, K = {c['K']}, {field(f).name} {k}: "
            if res["status"] == NOT_COMPUTED:
                out.append(head + "not computed (budget)")
                continue
            lo = proven_lower(res, c["lower_bound"])
            if k == "routing":  # a routing code is a general code
                g = c["by_field"][f]["general"]
                lo = max(
                    lo, g["min_T"] if g["status"] == "proven" else proven_lower(g, c["lower_bound"])
                )
            what = (
                f"≤ {res['min_T']} (code: {found_by_words(res.get('found_by'))})"
                if res["min_T"]
                else "undecided"
            )
            before = _steps(tried(res, earlier=True))
            out.append(
                head
                + f"{what}; proven T ≥ {lo}; tried: {_steps(tried(res)) or 'none'}"
                + (f"; other runs: {before}" if before else "")
            )
    return "\n".join(out) if out else "* none: every class of every cell is exact"


def _steps(steps: list) -> str:
    """Steps in words, grouped by encoder version where it is not this one's."""
    groups = {}
    for st in steps:
        groups.setdefault(st.get("encoding_version", UNRECORDED), []).append(st)
    out = []
    # this encoder's steps first: a label applies to everything after it on the line
    order = sorted(groups, key=lambda v: (v != ENCODING_VERSION, v == UNRECORDED, str(v)))
    for v in order:
        sts = groups[v]
        text = "; ".join(map(step_text, sts))
        out.append(
            text
            if v == ENCODING_VERSION
            else f"{text} (encoder version {v})"
            if v != UNRECORDED
            else f"before encoder versions were recorded: {text}"
        )
    return "; ".join(out)


def above_gf2_markdown(d: dict) -> str:
    """The cells where GF(2)'s general minimum is not the lower bound (where a larger field
    could in principle do better), each field's short answer there."""
    from ringlab.core.fields import field

    cells = [
        c
        for c in d["cells"]
        if not (
            c["by_field"]["GF(2)"]["general"]["status"] == "proven"
            and c["by_field"]["GF(2)"]["general"]["min_T"] == c["lower_bound"]
        )
    ]
    out = [
        "Cells where GF(2) does not meet the lower bound (where a larger field could in "
        "principle do better): "
        + ", ".join(f"N = {c['N']}, K = {c['K']}" for c in cells)
        + ". There:",
        "",
    ]
    for c in cells:
        out.append(
            f"* N = {c['N']}, K = {c['K']} (lower bound {c['lower_bound']}, T* = "
            f"{c['conjecture']['T']}): "
            + ", ".join(
                f"{field(f).name} {cell_short(p['general'])}" for f, p in c["by_field"].items()
            )
        )
    return "\n".join(out)


PARTS = {
    "coverage": coverage_markdown,
    "above-gf2": above_gf2_markdown,
    "open": open_markdown,
    "table": markdown,
}


def generated(d: dict) -> str:
    """Every generated part, each between the markers :func:`update_doc` replaces."""
    return "\n\n".join(
        f"<!-- BEGIN generated: {name} -->\n{fn(d)}\n<!-- END generated: {name} -->"
        for name, fn in PARTS.items()
    )


def update_doc(doc: Path, d: dict) -> None:
    """Replace every ``<!-- BEGIN generated: NAME -->`` … ``<!-- END generated: NAME -->``
    region of ``doc`` with that part, freshly made from the table."""
    import re

    text = doc.read_text(encoding="utf-8")
    for name, fn in PARTS.items():
        pat = re.compile(
            rf"(<!-- BEGIN generated: {name} -->\n).*?(\n<!-- END generated: "
            rf"{name} -->)",
            re.DOTALL,
        )
        if not pat.search(text):
            raise SystemExit(f"{doc}: no generated region '{name}'")
        part = fn(d)
        text = pat.sub(lambda m, part=part: m.group(1) + part + m.group(2), text)
    doc.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
