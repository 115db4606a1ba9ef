r"""The rate table past GF(2): one (N, K, field) at a time, the bounds, and the rate conjecture.

Lower bounds (proven, every field):

* Proposition 1: $T \ge K + N - 2$;
* the counting bound $T \ge \lceil K(N+1)/N \rceil$ — Theorem 3's necessity argument for any
  N ≥ 3: for node i, eq. (5) at j = 1 and j = 2 give
  $R_i(I-\Lambda_{i',N})^{-1}(M_{i-1} - \Lambda_{i-1} M_{i-2}) = 0$, so
  $\Phi_i = M_{i-1} - \Lambda_{i-1}M_{i-2}$ has rank ≤ T − K (the left factor has rank K);
  going once round the ring, $M_0 = (I - \Lambda_0\Lambda_{N-1}\cdots\Lambda_1)^{-1}
  (\text{a sum of } N \text{ terms } \cdot\,\Phi_i)$ has rank K ≤ N(T − K).  At N = 3 it is
  Theorem 3's ⌈4K/3⌉.

The conjecture column: $T^\* = \max(K + N - 2, \lceil 2K(N-1)/N \rceil)$, the classic ring's
rate $N/(2(N-1))$ where Proposition 1 does not bind.  Per field it **agrees** when the minimum
over that field is proven and equals $T^\*$, **contradicts** when a code with $T < T^\*$ was
found (a counterexample, shipped as a file) or a proven minimum exceeds $T^\*$, is **not
computed** when the field was not reached, and **undecided** otherwise.  Overall: contradicts
if any field does, agrees if every field does, undecided otherwise.

How a field is searched (every step is a decisive SAT answer or "undecided"; monotonicity in T
— leave a slot unused — turns one impossible T into "every smaller T is impossible"):

* the general class is walked *down* from an upper bound: a code at $T_0$, then $T_0 - 1$,
  … until a T is proven impossible (then the last found T is exact) or the lower bound is met;
  one UNSAT proof per cell instead of one per T below the minimum;
* GF(2^m) ⊃ GF(2): a GF(2) code is a GF(2^m) code (eq. (5) stays inside the subfield), so the
  GF(2) minimum is an upper bound; where it meets the lower bound the cell costs nothing;
* routing only over GF(2^m) *is* routing only over GF(2): every coefficient (and T_i) is 0 or
  1, and arithmetic on 0/1 elements of GF(2^m) is GF(2)'s — copied, no search;
* routing only is walked *up* from the general minimum of the same field (routing codes are
  general codes, so the general minimum is a lower bound for routing).
"""
from __future__ import annotations

import time

from ..bounds import proposition1_min_T, theorem3_min_T
from . import make_spec, search_spec

NOT_COMPUTED = "not computed"


def counting_min_T(N: int, K: int) -> int | None:
    """⌈K(N+1)/N⌉ for N ≥ 3 (see the module docstring); None for N = 2."""
    return -(-K * (N + 1) // N) if N >= 3 else None


def lower_bound(N: int, K: int) -> tuple[int, str]:
    """The largest proven lower bound on T and its name."""
    cands = [(proposition1_min_T(N, K), "Proposition 1")]
    if N == 3:
        cands.append((theorem3_min_T(K), "Theorem 3"))
    elif counting_min_T(N, K) is not None:
        cands.append((counting_min_T(N, K), "the counting bound"))
    return max(cands, key=lambda c: c[0])


def conjecture_T(N: int, K: int) -> int:
    """max(K + N − 2, ⌈2K(N−1)/N⌉)."""
    return max(K + N - 2, -(-2 * K * (N - 1) // N))


def is_extension_of_gf2(field: str) -> bool:
    q = int(field[3:-1])
    return q > 2 and q & (q - 1) == 0


def not_computed(routing: bool, why="budget") -> dict:
    return {"min_T": None, "status": NOT_COMPUTED, "lower_proof": None, "routing": routing,
            "found_by": None, "seconds": 0.0, "steps": [], "note": f"not computed ({why})"}


def _clock(budget):
    t0 = time.perf_counter()
    return lambda: None if budget is None else budget - (time.perf_counter() - t0)


def walk(N, K, field, routing, start, lower, lower_name, cap, per_T, budget=None,
         progress=None, known_upper=None, upper_by=None):
    """Smallest T in one class: up from ``start`` until a code is found (or ``cap``), then down
    until a T is proven impossible or ``lower`` (a proven bound called ``lower_name``) is met.

    ``known_upper``: a T where a code is known to exist without searching (``upper_by`` says
    why); the walk then only goes down from it."""
    left = _clock(budget)
    steps, found_at, by = [], None, None
    t_start = time.perf_counter()
    beats = {}                          # T < conjecture: the code itself, to ship and re-check

    def run(T, cls=routing):
        t = per_T if left() is None else min(per_T, left())
        if t <= 0:
            return None
        if progress:
            progress(f"N={N} K={K} {field} {'routing' if cls else 'general'}: T = {T}")
        r = search_spec(make_spec(N, K, T, field, cls), timeout=t)
        steps.append({"T": T, "status": r.status, "proof": r.proof,
                      "seconds": round(r.seconds, 3)}
                     | ({"class": "routing only"} if cls != routing else {}))
        if r.status == "found" and T < conjecture_T(N, K):
            from ..codefile import dumps_code
            beats[T] = dumps_code(r.code)
        return r

    if known_upper is not None:
        found_at, by = known_upper, upper_by
    else:
        T = max(start, lower)
        while T <= cap:
            r = run(T)
            if r is None:
                break
            if r.status == "found":
                found_at, by = T, "search in this class"
                break
            if r.status == "undecided" and not routing:
                # routing codes are general codes and are often found far faster (N = 7,
                # K = 8, T = 14: 4 s against > 20 s undecided): one at T settles "≤ T"
                rr = run(T, True)
                if rr is not None and rr.status == "found":
                    found_at, by = T, "the routing-only code (a special case)"
                    break
            T += 1
    below = None                        # status of found_at − 1
    if found_at is not None:
        T = found_at - 1
        prior = [s for s in steps if s["T"] == T and "class" not in s]
        if prior:
            below = prior[0]
        while below is None and T >= lower:
            r = run(T)
            if r is None:
                break
            if r.status == "found":
                found_at, by = T, "search in this class"
                T -= 1
                continue
            below = steps[-1]
    status, lower_proof = "undecided", None
    if found_at is not None:
        if found_at <= lower:
            status, lower_proof = "proven", lower_name
        elif below is not None and below["status"] == "impossible":
            status, lower_proof = "proven", below["proof"]
        else:
            status = "found"
    if found_at is None and not steps:
        return not_computed(routing)            # the budget ran out before the first step
    out = {"N": N, "K": K, "field": field, "routing": routing, "min_T": found_at,
           "status": status, "lower_proof": lower_proof, "sat_below": None, "found_by": by,
           "seconds": round(time.perf_counter() - t_start, 3), "steps": steps}
    if found_at in beats:
        out["counterexample"] = beats[found_at]
    return out


def lifted_routing_T(N, K, field, base, per_T) -> int | None:
    """The GF(2) routing minimum, if GF(2)'s routing code read over ``field`` (its 0/1 entries,
    T_i recomputed by eq. (6)) is still a feasible routing code there — checked by Theorem 2, a
    simulation and the reduce-multicast shape, never assumed.  An upper bound for both classes
    that costs one quick routing search instead of a slow general one (GF(3) is one-hot)."""
    from ..code import LinearCode
    from ..errors import RinglabError
    from . import search, verify_found
    T = ((base or {}).get("routing") or {}).get("min_T")
    if T is None:
        return None
    r = search(N, K, T, "GF(2)", routing=True, timeout=per_T)
    if r.status != "found":
        return None
    nodes = [r.code.node(i) for i in range(N)]
    code = LinearCode.from_matrices(field, [[list(map(int, row)) for row in nd.M] for nd in nodes],
                                    [[list(map(int, row)) for row in nd.Lambda] for nd in nodes],
                                    [[list(map(int, row)) for row in nd.R] for nd in nodes])
    try:
        verify_found(make_spec(N, K, T, field, True), code)
    except RinglabError:
        return None
    return T


def field_cell(N, K, field, base=None, per_T=30.0, budget=None, progress=None) -> dict:
    """``{"general", "routing"}`` for one (N, K, field); ``base`` is the GF(2) pair, used as an
    upper bound (general) and copied (routing) over GF(2^m)."""
    left = _clock(budget)
    lower, lname = lower_bound(N, K)
    conj = conjecture_T(N, K)
    cap = 2 * (N - 1) * (-(-K // N)) + 1            # the classic ring is a code at cap − 1
    ext = is_extension_of_gf2(field) and base is not None
    known, lifted, by = None, None, None
    if ext and base["general"]["min_T"] is not None:
        known, by = base["general"]["min_T"], "the GF(2) code (GF(2) ⊂ " + field + ")"
    elif not ext and field != "GF(2)" and base is not None:
        lifted = lifted_routing_T(N, K, field, base, per_T)
        if lifted is not None:
            known, by = lifted, f"the GF(2) routing code, re-verified over {field}"
    general = walk(N, K, field, False, conj, lower, lname, cap, per_T, left(), progress,
                   known_upper=known, upper_by=by)
    if ext:
        routing = dict(base["routing"], field=field, seconds=0.0,
                       found_by="= GF(2): a routing code's entries are 0/1, and 0/1 "
                                "arithmetic in " + field + " is GF(2)'s")
    else:
        g = general
        start = g["min_T"] if g["min_T"] is not None else lower
        r_lower, r_name = lower, lname
        if g["status"] == "proven":     # routing codes are general codes: no routing proof below
            r_lower, r_name = g["min_T"], "general class (" + (g["lower_proof"] or "") + ")"
        routing = walk(N, K, field, True, start, r_lower, r_name, cap, per_T, left(), progress,
                       known_upper=lifted, upper_by=by if lifted is not None else None)
        if (g["status"] == "proven" and routing["min_T"] == g["min_T"]
                and routing["status"] != "proven"):
            routing["status"] = "proven"
            routing["lower_proof"] = "general class (" + (g["lower_proof"] or "") + ")"
        if g["min_T"] is None and routing["min_T"] is not None:
            general.update(min_T=routing["min_T"], status="found",
                           found_by="the routing-only code (a special case)")
    return {"general": general, "routing": routing}


def verdict(N: int, K: int, by_field: dict) -> dict:
    """The conjecture column for one cell: per field and overall (module docstring)."""
    conj = conjecture_T(N, K)
    per = {}
    for f, pair in by_field.items():
        g = pair["general"]
        T = g.get("min_T")
        if T is not None and T < conj:
            per[f] = "contradicts"
        elif g.get("status") == "proven":
            per[f] = "agrees" if T == conj else "contradicts"
        elif g.get("status") == NOT_COMPUTED:
            per[f] = NOT_COMPUTED
        else:
            per[f] = "undecided"
    if any(v == "contradicts" for v in per.values()):
        overall = "contradicts"
    elif per and all(v == "agrees" for v in per.values()):
        overall = "agrees"
    else:
        overall = "undecided"
    return {"T": conj, "verdict": overall, "per_field": per}


def verdict_text(v: dict) -> str:
    """e.g. ``12: agrees (GF(2), GF(3), GF(4))`` or ``12: undecided (agrees over GF(2); GF(3)
    undecided)``."""
    per = v["per_field"]
    if v["verdict"] == "agrees":
        return f"{v['T']}: agrees ({', '.join(per)})"
    ag = [f for f, x in per.items() if x == "agrees"]
    other = [f"{f} {x}" for f, x in per.items() if x != "agrees"]
    detail = "; ".join(([f"agrees over {', '.join(ag)}"] if ag else []) + other)
    return f"{v['T']}: {v['verdict']} ({detail})"


def compute_entry(N, K, field, base, per_T, per_cell):
    """One (N, K, field) for a process pool (a module-level function, so it pickles by name)."""
    t0 = time.perf_counter()
    res = field_cell(N, K, field, base=base, per_T=per_T, budget=per_cell)
    return N, K, field, res, time.perf_counter() - t0


def bounds_cell(N: int, K: int) -> dict:
    """A table row with its bounds and conjecture T, every class "not computed" yet."""
    from .rates import bounds_row
    lb, lname = lower_bound(N, K)
    return {"N": N, "K": K, "field": "GF(2)", **bounds_row(N, K),
            "counting": counting_min_T(N, K), "lower_bound": lb, "lower_bound_by": lname,
            "conjecture_T": conjecture_T(N, K),
            "general": not_computed(False), "routing": not_computed(True), "by_field": {}}


def with_verdict(c: dict) -> dict:
    """Mirror GF(2) at the top (what version-1 readers read) and fill the conjecture column."""
    if "GF(2)" in c["by_field"]:
        c["general"], c["routing"] = c["by_field"]["GF(2)"]["general"], c["by_field"]["GF(2)"]["routing"]
    v = verdict(c["N"], c["K"], c["by_field"])
    code_file = (c.get("conjecture") or {}).get("code_file")
    c["conjecture"] = {**v, "text": verdict_text(v)}
    if code_file:
        c["conjecture"]["code_file"] = code_file
    return c


def row(N, K, fields=("GF(2)", "GF(3)", "GF(4)", "GF(8)"), per_T=20.0, per_cell=None,
        progress=None) -> dict:
    """A whole table row, field after field (GF(2) first: GF(2^m) starts from it) — what the
    Search tab's "Recompute selected row" runs in a worker process."""
    fields = ["GF(2)"] + [f for f in fields if f != "GF(2)"]
    c = bounds_cell(N, K)
    for f in fields:
        if progress:
            progress(f"N={N} K={K}: {f}")
        c["by_field"][f] = field_cell(N, K, f, base=c["by_field"].get("GF(2)"), per_T=per_T,
                                      budget=per_cell, progress=progress)
    return with_verdict(c)
