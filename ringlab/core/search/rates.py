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
    return {"N": N, "K": K, "field": field, "routing": routing, "min_T": found_at,
            "status": status, "lower_proof": lower_proof, "seconds": round(time.perf_counter() - t0, 3), "steps": steps}


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
