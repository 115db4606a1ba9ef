r"""The rate explorer: the smallest T at which a ring of N nodes can all-reduce K symbols.

Feasibility is monotone in T (a code for T works for T + 1 with the last slot unused), so the
smallest T is found by walking T upward from the largest proven lower bound (Proposition 1,
Theorem 3 at N = 3, the counting bound: :func:`ringlab.core.bounds.lower_bound`) until
a code is found.  The first search is at the bound itself.  The cell is

* ``proven`` — a code was found at T* and T* − 1 was proven impossible (by SAT, or by the
  bound when T* is the bound), so T* is exactly the minimum in that class;
* ``found`` — a code was found at T*, but some smaller T was left undecided (T* is an upper
  bound only);
* ``undecided`` — no code found before the time ran out.

Every step is recorded (T, status, proof, seconds, limit, the encoder's version) so the table
says what was spent where and with which encoding.
"""

from __future__ import annotations

import time

from ..bounds import bounds_row, classic_ring_T, lower_bound
from . import make_spec, search_spec
from .perfield import ENCODING_VERSION


def _search_up(N, K, field, routing, T, cap, left, budget, progress):
    """Search T, T + 1, … up to ``cap`` until a code is found (or the budget is spent): the
    steps and the T of the code (None without one)."""
    steps = []
    while T <= cap:
        t = left()
        if budget is not None and t <= 0:
            break
        if progress:
            progress(f"N={N} K={K} {'routing' if routing else 'general'}: trying T = {T}")
        r = search_spec(make_spec(N, K, T, field, routing), timeout=t)
        steps.append(
            {
                "T": T,
                "status": r.status,
                "proof": r.proof,
                "seconds": round(r.seconds, 3),
                "limit_s": round(t, 1),
                "phase": "bound" if not steps else "up",
                "encoding_version": ENCODING_VERSION,
            }
        )
        if r.status == "found":
            return steps, T
        T += 1
    return steps, None


def _found_status(steps, found_at, bound, bound_by):
    """(status, lower proof) of a walk whose code is at ``found_at`` (module docstring)."""
    if found_at is None:
        return "undecided", None
    prev = [s for s in steps if s["T"] == found_at - 1]
    if found_at <= bound:
        return "proven", bound_by
    if prev and prev[0]["status"] == "impossible":
        return "proven", prev[0]["proof"]
    return "found", None


def _sat_below(N, K, T, field, routing, timeout) -> dict:
    """SAT on T − 1 without the bounds: a cell proven by a theorem alone is checked as well."""
    r = search_spec(make_spec(N, K, T - 1, field, routing), timeout=timeout, use_bounds=False)
    return {
        "T": T - 1,
        "status": r.status,
        "seconds": round(r.seconds, 3),
        "encoding_version": ENCODING_VERSION,
    }


def min_T(
    N: int,
    K: int,
    field="GF(2)",
    routing=False,
    per_T_timeout=30.0,
    budget=None,
    start_T=None,
    cap=None,
    progress=None,
) -> dict:
    """Walk T upward from ``start_T`` (default: the largest proven lower bound,
    :func:`~ringlab.core.bounds.lower_bound`; a larger ``start_T`` must itself be proven, e.g.
    a general minimum for routing) to ``cap`` (default: the classic ring's T, where a code is
    known to exist); see the module docstring for the meaning of the returned ``status``."""
    t0 = time.perf_counter()
    bound, bound_by = lower_bound(N, K)
    T = max(1, bound, start_T if start_T is not None else bound)
    if T > bound:
        bound, bound_by = T, "given start"
    cap = classic_ring_T(N, K) + 1 if cap is None else cap

    def left():
        if budget is None:
            return per_T_timeout
        return min(per_T_timeout, budget - (time.perf_counter() - t0))

    steps, found_at = _search_up(N, K, field, routing, T, cap, left, budget, progress)
    status, lower_proof = _found_status(steps, found_at, bound, bound_by)
    sat_below = None
    if lower_proof == "Proposition 1" and found_at > 1:
        # the table should not rest on a theorem alone: let SAT prove T* − 1 impossible too
        t = left()
        if t > 0:
            sat_below = _sat_below(N, K, found_at, field, routing, t)
    return {
        "N": N,
        "K": K,
        "field": field,
        "routing": routing,
        "min_T": found_at,
        "status": status,
        "lower_proof": lower_proof,
        "sat_below": sat_below,
        "found_by": "search in this class" if found_at is not None else None,
        "bound": bound,
        "bound_by": bound_by,
        "seconds": round(time.perf_counter() - t0, 3),
        "steps": steps,
    }


def cell(N: int, K: int, field="GF(2)", per_T_timeout=30.0, budget=None, progress=None) -> dict:
    """One row of the table: bounds, general coding, routing only.

    Routing only is searched first: its codes are found quickly, and every routing code is a
    general linear code, so the general search then only needs T below the routing minimum.
    If it finds nothing there, the routing code is the general answer (``found_by`` says so),
    exact when the step below it was proven impossible for all codes.
    """
    t0 = time.perf_counter()

    def left():
        return None if budget is None else max(0.0, budget - (time.perf_counter() - t0))

    routing = min_T(N, K, field, True, per_T_timeout, budget=left(), progress=progress)
    cap = routing["min_T"] - 1 if routing["min_T"] is not None else None
    general = min_T(N, K, field, False, per_T_timeout, budget=left(), cap=cap, progress=progress)
    if general["min_T"] is None and routing["min_T"] is not None:
        Tr = routing["min_T"]
        prev = [s for s in general["steps"] if s["T"] == Tr - 1]
        general["min_T"], general["found_by"] = Tr, "the routing-only code (a special case)"
        lb, lb_by = lower_bound(N, K)
        if Tr <= lb:
            general["status"], general["lower_proof"] = "proven", lb_by
            if Tr > 1 and (left() is None or left() > 0):
                # not resting on a theorem alone: SAT on T − 1 for all linear codes as well
                t = per_T_timeout if left() is None else min(per_T_timeout, left())
                general["sat_below"] = _sat_below(N, K, Tr, field, False, t)
        elif prev and prev[0]["status"] == "impossible":
            general["status"], general["lower_proof"] = "proven", prev[0]["proof"]
        else:
            general["status"] = "found"
    # routing only ⊆ general linear codes over the same field: a general proof covers routing
    if (
        routing["status"] == "found"
        and general["status"] == "proven"
        and general["min_T"] == routing["min_T"]
    ):
        routing["status"] = "proven"
        routing["lower_proof"] = "general class (" + (general["lower_proof"] or "") + ")"
    return {
        "N": N,
        "K": K,
        "field": field,
        **bounds_row(N, K),
        "general": general,
        "routing": routing,
        "seconds": round(time.perf_counter() - t0, 3),
    }


def cell_text(res: dict) -> str:
    """One class's result in words, e.g. ``6 exact (T = 5 impossible: SAT) · 0.01 s``,
    ``≤ 7 (T = 6 undecided) · 30 s``, ``undecided · 30 s``, ``not computed (budget)``."""
    if res.get("status") == "not computed":
        return res.get("note") or "not computed (budget)"
    secs = f"{res['seconds']:.2f} s" if res["seconds"] < 10 else f"{res['seconds']:.0f} s"
    T = res["min_T"]
    if res["status"] == "proven":
        lp = res.get("lower_proof") or ""
        if lp.startswith("general class"):
            why = "= the minimum for all linear codes"
        elif lp in ("Theorem 3", "the counting bound"):
            why = f"T = {T - 1} impossible: {lp}"
        elif lp == "Proposition 1":
            sat = res.get("sat_below") or {}
            why = f"T = {T - 1} impossible: Proposition 1" + (
                ", and SAT agrees" if sat.get("status") == "impossible" else ""
            )
        else:
            why = f"T = {T - 1} impossible: SAT"
        return f"{T} exact ({why}){_by(res)} · {secs}"
    if res["status"] == "found":
        why = tried_text(res) or f"T = {T - 1} not tried: budget"
        return f"≤ {T} ({why}){_by(res)} · {secs}"
    why = tried_text(res)
    return (
        f"undecided · {secs}"
        + (f" ({res['note']})" if res.get("note") else "")
        + (f" ({why})" if why else "")
    )


def tried(res: dict, earlier=False) -> list[dict]:
    """The searches of one class's walk below its code (all of them without a code), in T
    order, the routing fallback of a general walk left out: what a "≤" or undecided cell says
    was tried.  ``earlier``: those of the script's other runs (``earlier_steps``: every run but
    the one whose result the entry keeps — a later run that did not do better is among them)."""
    T = res.get("min_T")
    steps = res.get("earlier_steps" if earlier else "steps") or []
    return sorted(
        (s for s in steps if "class" not in s and (T is None or s["T"] < T)),
        key=lambda s: (s["T"], s["seconds"]),
    )


def step_text(s: dict) -> str:
    """e.g. ``T = 11 impossible by SAT in 65.7 s`` or ``T = 10 undecided in 60.0 s (CPU
    21.3 s)`` — the CPU time is said when the machine's load left the solver well under the
    wall clock."""
    how = f" by {s['proof']}" if s["status"] == "impossible" and s.get("proof") else ""
    cpu = s.get("cpu_s")
    busy = f" (CPU {cpu:.1f} s)" if cpu is not None and cpu < 0.8 * s["seconds"] else ""
    return f"T = {s['T']} {s['status']}{how} in {s['seconds']:.1f} s{busy}"


def tried_text(res: dict) -> str:
    """Every T tried below the code, with its verdict and seconds (and the other runs')."""
    now = "; ".join(map(step_text, tried(res)))
    before = "; ".join(map(step_text, tried(res, earlier=True)))
    return "; ".join(x for x in (now, f"other runs: {before}" if before else "") if x)


def cell_short(res: dict) -> str:
    """The same in a few characters: ``8 exact``, ``≤ 11``, ``undecided``,
    ``not computed (budget)``."""
    st = res.get("status")
    if st == "not computed":
        return res.get("note") or "not computed (budget)"
    if st == "proven":
        return f"{res['min_T']} exact"
    if st == "found":
        return f"≤ {res['min_T']}"
    return "undecided"


def found_by_words(by) -> str:
    """Where a cell's code came from (its ``found_by``), in the Search tab's words; the
    lessons' ``rate_table_found_by`` probe reads the same words."""
    by = by or ""
    for prefix, words in (
        ("search", "the search over this field"),
        ("the routing", "a routing code"),
        ("the GF(2) code", "the GF(2) code"),
        ("the GF(2) routing code", "the GF(2) routing code"),
        ("= GF(2)", "GF(2)'s routing class"),
    ):
        if by.startswith(prefix):
            return words
    return by or "no code"


def _by(res: dict) -> str:
    by = res.get("found_by") or ""
    if by.startswith("= GF(2)"):
        return "; = " + found_by_words(by)
    if by.startswith(("the routing", "the GF(2) code", "the GF(2) routing code")):
        return "; met by " + found_by_words(by)
    return ""


def load_table(path=None) -> dict:
    """The shipped table (``ringlab/data/rate_table.json``); raises RinglabError if unreadable."""
    import json
    from pathlib import Path

    from ..errors import RinglabError

    path = Path(path) if path else TABLE_PATH
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RinglabError(
            f"{path}: rate table not found (make it with python scripts/make_rate_table.py)"
        ) from None
    except (OSError, ValueError) as e:
        raise RinglabError(f"{path}: not a readable rate table ({e})") from None
    if not isinstance(data, dict) or data.get("format") != "ringlab-rate-table":
        raise RinglabError(f'{path}: "format" must be "ringlab-rate-table"')
    return data


def _table_path():
    # importlib.resources, not a path relative to this file: the data must be found wherever the
    # package is installed (a wheel, a zip), not only in a source checkout
    from importlib.resources import files

    return files("ringlab.data") / "rate_table.json"


TABLE_PATH = _table_path()
