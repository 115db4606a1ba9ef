r"""The rate explorer: the smallest T at which a ring of N nodes can all-reduce K symbols.

Feasibility is monotone in T (a code for T works for T + 1 with the last slot unused), so the
smallest T is found by walking T upward from a lower bound until a code is found.  The cell is

* ``proven`` — a code was found at T* and T* − 1 was proven impossible (by SAT, or by
  Proposition 1 when T* − 1 < K + N − 2), so T* is exactly the minimum in that class;
* ``found`` — a code was found at T*, but some smaller T was left undecided (T* is an upper
  bound only);
* ``undecided`` — no code found before the time ran out.

Every step is recorded (T, status, proof, seconds) so the table says what was spent where.
"""
from __future__ import annotations

import time

from ..bounds import proposition1_min_T, theorem3_min_T
from . import make_spec, search_spec


def classic_ring_T(N: int, K: int) -> int:
    """Ring all-reduce with K symbols cut into N chunks of ⌈K/N⌉: T = 2(N−1)⌈K/N⌉."""
    return 2 * (N - 1) * (-(-K // N))


def bounds_row(N: int, K: int) -> dict:
    return {"proposition1": proposition1_min_T(N, K),
            "theorem3": theorem3_min_T(K) if N == 3 else None,
            "classic_ring": classic_ring_T(N, K)}


def min_T(N: int, K: int, field="GF(2)", routing=False, per_T_timeout=30.0, budget=None,
          start_T=None, progress=None) -> dict:
    """Walk T upward; see the module docstring for the meaning of the returned ``status``."""
    t0 = time.perf_counter()
    T = max(1, start_T if start_T is not None else proposition1_min_T(N, K))
    steps = []
    cap = classic_ring_T(N, K) + 1
    found_at = None
    while T <= cap:
        left = per_T_timeout
        if budget is not None:
            left = min(left, budget - (time.perf_counter() - t0))
            if left <= 0:
                break
        if progress:
            progress(f"N={N} K={K} {'routing' if routing else 'general'}: trying T = {T}")
        r = search_spec(make_spec(N, K, T, field, routing), timeout=left)
        steps.append({"T": T, "status": r.status, "proof": r.proof,
                      "seconds": round(r.seconds, 3)})
        if r.status == "found":
            found_at = T
            break
        T += 1
    status, lower_proof = "undecided", None
    if found_at is not None:
        prev = [s for s in steps if s["T"] == found_at - 1]
        if found_at <= proposition1_min_T(N, K):
            status, lower_proof = "proven", "Proposition 1"      # T* − 1 < K + N − 2
        elif prev and prev[0]["status"] == "impossible":
            status, lower_proof = "proven", prev[0]["proof"]
        else:
            status = "found"
    sat_below = None
    if lower_proof == "Proposition 1" and found_at > 1:
        # the table should not rest on a theorem alone: let SAT prove T* − 1 impossible too
        left = per_T_timeout if budget is None else min(per_T_timeout,
                                                         budget - (time.perf_counter() - t0))
        if left > 0:
            r = search_spec(make_spec(N, K, found_at - 1, field, routing), timeout=left,
                            use_bounds=False)
            sat_below = {"T": found_at - 1, "status": r.status, "seconds": round(r.seconds, 3)}
    return {"N": N, "K": K, "field": field, "routing": routing, "min_T": found_at,
            "status": status, "lower_proof": lower_proof, "sat_below": sat_below, "seconds": round(time.perf_counter() - t0, 3), "steps": steps}


def cell(N: int, K: int, field="GF(2)", per_T_timeout=30.0, progress=None) -> dict:
    """One row of the table: bounds, general coding, routing only."""
    general = min_T(N, K, field, False, per_T_timeout, progress=progress)
    start = general["min_T"] if general["status"] == "proven" else None
    # routing only ⊆ general linear codes over the same field, so the general minimum, when
    # proven, is a lower bound for routing too
    routing = min_T(N, K, field, True, per_T_timeout, start_T=start, progress=progress)
    if start is not None and routing["min_T"] == start:
        routing["status"] = "proven"
        routing["lower_proof"] = "general class (" + (general["lower_proof"] or "") + ")"
    return {"N": N, "K": K, "field": field, **bounds_row(N, K),
            "general": general, "routing": routing}


def cell_text(res: dict) -> str:
    """One class's result in words, e.g. ``6 exact (T = 5 impossible: SAT) · 0.01 s``,
    ``≤ 7 (T = 6 undecided) · 30 s``, ``undecided · 30 s``."""
    secs = f"{res['seconds']:.2f} s" if res["seconds"] < 10 else f"{res['seconds']:.0f} s"
    T = res["min_T"]
    if res["status"] == "proven":
        lp = res.get("lower_proof") or ""
        if lp.startswith("general class"):
            why = "= the minimum for all linear codes"
        elif lp == "Proposition 1":
            sat = res.get("sat_below") or {}
            why = f"T = {T - 1} impossible: Proposition 1" + (
                ", and SAT agrees" if sat.get("status") == "impossible" else "")
        else:
            why = f"T = {T - 1} impossible: SAT"
        return f"{T} exact ({why}) · {secs}"
    if res["status"] == "found":
        und = [s["T"] for s in res.get("steps", []) if s["status"] == "undecided"]
        return f"≤ {T} (T = {', '.join(map(str, und)) or '?'} undecided) · {secs}"
    return f"undecided · {secs}" + (f" ({res['note']})" if res.get("note") else "")


def load_table(path=None) -> dict:
    """The shipped table (``assets/rate_table.json``); raises RinglabError if unreadable."""
    import json
    from pathlib import Path
    from ..errors import RinglabError
    path = Path(path) if path else TABLE_PATH
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RinglabError(f"{path}: rate table not found (make it with "
                           f"python scripts/make_rate_table.py)") from None
    except (OSError, ValueError) as e:
        raise RinglabError(f"{path}: not a readable rate table ({e})") from None
    if not isinstance(data, dict) or data.get("format") != "ringlab-rate-table":
        raise RinglabError(f"{path}: \"format\" must be \"ringlab-rate-table\"")
    return data


def _table_path():
    from pathlib import Path
    return Path(__file__).resolve().parents[3] / "assets" / "rate_table.json"


TABLE_PATH = _table_path()
