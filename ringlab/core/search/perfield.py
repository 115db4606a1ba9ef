r"""The rate table past GF(2): one (N, K, field) at a time, the bounds, and the rate conjecture.

Lower bounds (proven, every field; :mod:`ringlab.core.bounds`): Proposition 1,
$T \ge K + N - 2$; the counting bound $T \ge \lceil K(N+1)/N \rceil$ for N ≥ 3 (Theorem 3's
⌈4K/3⌉ at N = 3).

The conjecture column: $T^\* = \max(K + N - 2, \lceil 2K(N-1)/N \rceil)$, the classic ring's
rate $N/(2(N-1))$ where Proposition 1 does not bind.  Per field it **agrees** when the minimum
over that field is proven and equals $T^\*$, **contradicts** when a code with $T < T^\*$ was
found (a counterexample, shipped as a file) or a proven minimum exceeds $T^\*$, is **not
computed** when the field was not reached, and **undecided** otherwise.  Overall: contradicts
if any field does, agrees if every field does, undecided otherwise.

How a field is searched (every step is a decisive SAT answer or "undecided"; monotonicity in T
— leave a slot unused — turns one impossible T into "every smaller T is impossible"):

* every class is walked **bound first** (:func:`walk`): the first search is at the largest
  proven lower bound (Proposition 1, Theorem 3 at N = 3, the counting bound), where a code
  makes the cell exact at once; then up from it until a code is found (unless one is known
  without searching, below), then down from that code — T₀ − 1, T₀ − 2, … to the proven bound,
  every T not searched yet — until a T is proven impossible.  A cell left "≤" records every T
  tried, its verdict, its seconds and its limit;
* GF(2^m) ⊃ GF(2): a GF(2) code is a GF(2^m) code (eq. (5) stays inside the subfield), so the
  GF(2) minimum is an upper bound; where it meets the lower bound the cell costs nothing;
* routing only over GF(2^m) *is* routing only over GF(2): every coefficient (and T_i) is 0 or
  1, and arithmetic on 0/1 elements of GF(2^m) is GF(2)'s — copied, no search;
* routing only starts from the largest T general codes are proven to need over the same field
  (routing codes are general codes, so that is a lower bound for routing).
"""

from __future__ import annotations

import time

from ..bounds import bounds_row, conjecture_T, counting_min_T, lower_bound
from . import make_spec, search_spec

NOT_COMPUTED = "not computed"

#: Which encoder the recorded steps were searched with (every step of the table says it, as
#: ``encoding_version``): the search encoder (``encode.py``, ``cnf.py``; "fast" encoding, CaDiCaL)
#: has no version of its own, so it is kept here, beside the table that records it.
#:
#: * 1 — GF(2) and GF(p) one-hot only (commits da194c3 … c2028a4);
#: * 2 — GF(2^m) as m bits, normalisations 1–3b with pivots 1, M eliminated (commit 37c3e11,
#:   unchanged in behaviour through ed8e522): the formulas whose fingerprint is
#:   036cb5407eb93bee, still built as the encoding ``"fast2"`` (for benchmarks);
#: * 3 — adds R_1 a partial permutation, Λ_i normal on R_i's zero columns (normal forms 2b and
#:   5 in ``encode.py``) and decodes nodes 0 and 1 by implication: GF(2^3), N = 4, K = 6, T = 8
#:   is proven impossible 3-5× faster (``benchmarks/bench_normal_forms.py``); the formulas
#:   whose fingerprint is :data:`ENCODING_FINGERPRINT`.
#:
#: Steps computed before the table recorded versions say ``"unrecorded"``.  When the encoder's
#: formulas change, :func:`encoding_fingerprint` no longer matches: bump both constants
#: (``scripts/make_rate_table.py`` refuses to run on a changed encoder with the old version).
ENCODING_VERSION = 3
ENCODING_FINGERPRINT = "cf1fc35e42e58217"
#: The first search of a walk is at the largest lower bound; if general codes are undecided
#: there (or at any T), routing only is tried at the same T for at most this long — a routing
#: code is a general code and is often found much faster (N = 7, K = 8, T = 14: 4 s against
#: > 20 s undecided).
ROUTING_FALLBACK_S = 20.0

_FINGERPRINT_SPECS = (
    (3, 2, 3, "GF(2)", False),
    (3, 2, 3, "GF(2)", True),
    (3, 2, 3, "GF(4)", False),
    (3, 2, 3, "GF(3)", False),
    (4, 3, 5, "GF(8)", False),
)


def encoding_fingerprint() -> str:
    """16 hex digits of SHA-256 over the formulas (variables, clauses, XORs) the encoder builds
    for five small specs (GF(2) general and routing, GF(2^2), GF(3), GF(2^3)); 0.03 s.  Equal to
    :data:`ENCODING_FINGERPRINT` while the encoder is the one :data:`ENCODING_VERSION` names."""
    import hashlib

    from .encode import Encoding

    h = hashlib.sha256()
    for N, K, T, f, r in _FINGERPRINT_SPECS:
        e = Encoding(make_spec(N, K, T, f, r), "fast", "bits")
        h.update(repr((e.f.nvars, e.f.clauses, e.f.xors)).encode())
    return h.hexdigest()[:16]


def is_extension_of_gf2(field: str) -> bool:
    q = int(field[3:-1])
    return q > 2 and q & (q - 1) == 0


def not_computed(routing: bool, why="budget") -> dict:
    return {
        "min_T": None,
        "status": NOT_COMPUTED,
        "lower_proof": None,
        "routing": routing,
        "found_by": None,
        "seconds": 0.0,
        "steps": [],
        "note": f"not computed ({why})",
    }


def _clock(budget):
    t0 = time.perf_counter()
    return lambda: None if budget is None else budget - (time.perf_counter() - t0)


def proven_lower(res: dict, bound: int) -> int:
    """The largest T below which every T is proven impossible for ``res``'s own class: ``bound``
    (a theorem), or one more than a T its steps (this run's or earlier ones) proved impossible.
    Routing-only steps taken inside a general walk say nothing about general codes."""
    lo = max(bound, res.get("lower_T") or 0)
    for s in list(res.get("steps") or []) + list(res.get("earlier_steps") or []):
        if s.get("status") == "impossible" and "class" not in s:
            lo = max(lo, s["T"] + 1)
    return lo


class _Walk:
    """One class's bound-first walk (:func:`walk`): the searches so far and what they proved —
    ``lo`` the proven lower bound (``lo_by`` why), ``hi`` the smallest T with a code (``by``
    where it came from)."""

    def __init__(self, N, K, field, routing, per_T, budget, progress, per_T_bound):
        self.N, self.K, self.field, self.routing = N, K, field, routing
        self.per_T, self.per_T_bound, self.progress = per_T, per_T_bound, progress
        self.left = _clock(budget)
        self.t_start = time.perf_counter()
        self.steps, self.tried = [], set()
        self.beats = {}  # T < conjecture: the code itself, to ship and re-check
        self.lo = self.lo_by = self.hi = self.by = None

    def run(self, T, phase, limit, cls):
        """One search at T in class ``cls`` (routing only or not), recorded as a step; None
        when the budget is spent."""
        t = limit if self.left() is None else min(limit, self.left())
        if t <= 0:
            return None
        N, K, field = self.N, self.K, self.field
        if self.progress:
            self.progress(
                f"N={N} K={K} {field} {'routing' if cls else 'general'}: T = {T} ({phase})"
            )
        c0 = time.process_time()
        r = search_spec(make_spec(N, K, T, field, cls), timeout=t)
        self.steps.append(
            {
                "T": T,
                "status": r.status,
                "proof": r.proof,
                "seconds": round(r.seconds, 3),
                "cpu_s": round(time.process_time() - c0, 3),
                "limit_s": round(t, 1),
                "phase": phase,
                "encoding_version": ENCODING_VERSION,
            }
            | ({"class": "routing only"} if cls != self.routing else {})
        )
        self._learn(T, cls, r)
        return r

    def _learn(self, T, cls, r):
        """A code lowers ``hi`` (a routing code found in a general walk too); an impossibility
        in this class raises ``lo``."""
        if r.status == "found" and (self.hi is None or T < self.hi):
            self.hi = T
            self.by = (
                "search in this class"
                if cls == self.routing
                else "the routing-only code (a special case)"
            )
            if T < conjecture_T(self.N, self.K):
                from ..codefile import dumps_code

                self.beats[T] = dumps_code(r.code)
        if r.status == "impossible" and cls == self.routing and T + 1 > self.lo:
            self.lo, self.lo_by = T + 1, r.proof or "SAT"

    def search_at(self, T, phase):
        # a search at the largest proven bound (the first one, or the next T once the bound
        # moved up by an impossibility) gets the bound's limit; the others ``per_T``
        bound_limit = self.per_T_bound is not None and T == self.lo
        limit = self.per_T_bound if bound_limit else self.per_T
        self.tried.add(T)
        r = self.run(T, phase, limit, self.routing)
        if r is not None and r.status == "undecided" and not self.routing:
            self.run(T, phase, min(limit, ROUTING_FALLBACK_S), cls=True)
        return r

    def explore(self, cap):
        """The bound first, then up to the first code (or ``cap``), then down from it until a T
        is proven impossible; stops where the budget does."""
        r = self.search_at(self.lo, "bound")
        T = self.lo
        while r is not None and self.hi is None and T <= cap:
            if T not in self.tried:
                r = self.search_at(T, "up")
            T = max(T + 1, self.lo)
        T = (self.hi or 0) - 1
        while r is not None and self.hi is not None and T >= self.lo:
            if T not in self.tried:
                r = self.search_at(T, "down")
                if r is not None and r.status == "impossible":
                    break
            T = min(T - 1, self.hi - 1)

    def result(self, lower, lower_name) -> dict:
        lo, hi = self.lo, self.hi
        if hi is None and not self.steps:
            return not_computed(self.routing)  # the budget ran out before the first step
        if hi is not None and hi < lo:
            raise AssertionError(
                f"N={self.N} K={self.K} {self.field}: a code at T = {hi} below the proven "
                f"bound {lo} ({self.lo_by})"
            )
        status, lower_proof = "undecided", None
        if hi is not None:
            status = "proven" if hi == lo else "found"
            lower_proof = self.lo_by if hi == lo else None
        out = {
            "N": self.N,
            "K": self.K,
            "field": self.field,
            "routing": self.routing,
            "min_T": hi,
            "status": status,
            "lower_proof": lower_proof,
            "sat_below": None,
            "found_by": self.by if hi is not None else None,
            "bound": lower,
            "bound_by": lower_name,
            "lower_T": lo,
            "lower_T_by": self.lo_by,
            "seconds": round(time.perf_counter() - self.t_start, 3),
            "steps": self.steps,
        }
        if hi in self.beats:
            out["counterexample"] = self.beats[hi]
        return out


def walk(
    N,
    K,
    field,
    routing,
    lower,
    lower_name,
    cap,
    per_T,
    budget=None,
    progress=None,
    known_upper=None,
    upper_by=None,
    per_T_bound=None,
):
    """Smallest T in one class, **bound first**.

    ``lower`` is the largest proven lower bound for this class (every T < ``lower`` is
    impossible; ``lower_name`` says why).  The walk

    1. searches T = ``lower`` first (at most ``per_T_bound`` seconds, default ``per_T``): a code
       there is exact at once; an impossibility raises the proven bound to ``lower`` + 1 — and
       every later search at the proven bound gets ``per_T_bound`` too;
    2. without a code yet (``known_upper``: a T where a code exists without searching,
       ``upper_by`` says why), walks *up* from the bound until a code is found (or ``cap``);
    3. from the smallest code T₀, walks *down*: T₀ − 1, T₀ − 2, … to the proven bound, every T
       not searched yet, as the budget allows, until one is proven impossible (then T₀ is
       exact) — a code found on the way lowers T₀.

    Every search is a step ``{T, status, proof, seconds, cpu_s, limit_s, phase,
    encoding_version}`` (``seconds`` and ``limit_s`` are wall clock, ``cpu_s`` this process's
    CPU time: on a shared machine a 60 s limit can be far less than 60 s of solving)
    (``phase``: bound, up, down; ``class: routing only`` marks the routing fallback of a general
    walk: when general codes are undecided at T, routing only is tried at the same T for at most
    :data:`ROUTING_FALLBACK_S`, a routing code being a general code).  The result says
    ``min_T`` (the smallest T with a code), ``lower_T`` (the proven bound after the walk) and
    ``status``: proven when they meet, found ("≤ min_T") when they do not, undecided without a
    code; ``bound``/``bound_by`` is where the walk started."""
    w = _Walk(N, K, field, routing, per_T, budget, progress, per_T_bound)
    w.lo, w.lo_by, w.hi, w.by = lower, lower_name, known_upper, upper_by
    if w.hi is None or w.hi > w.lo:
        w.explore(cap)
    return w.result(lower, lower_name)


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
    code = LinearCode.from_matrices(
        field,
        [[list(map(int, row)) for row in nd.M] for nd in nodes],
        [[list(map(int, row)) for row in nd.Lambda] for nd in nodes],
        [[list(map(int, row)) for row in nd.R] for nd in nodes],
    )
    try:
        verify_found(make_spec(N, K, T, field, True), code)
    except RinglabError:
        return None
    return T


def _earlier_lower(earlier, cls, lower, lname):
    """The walk's start raised by what earlier runs proved (``earlier``: this entry's pair from
    the table, or None): a retry does not prove a T impossible again."""
    res = (earlier or {}).get(cls)
    lo = proven_lower(res, lower) if res else lower
    if lo > lower:
        return lo, f"SAT in an earlier run (T = {lo - 1} impossible)"
    return lower, lname


def field_cell(
    N,
    K,
    field,
    base=None,
    per_T=30.0,
    budget=None,
    progress=None,
    per_T_bound=None,
    earlier=None,
    routing_only=False,
) -> dict:
    """``{"general", "routing"}`` for one (N, K, field); ``base`` is the GF(2) pair, used as an
    upper bound (general) and copied (routing) over GF(2^m).  Each class is walked bound first
    (:func:`walk`): general from the largest lower bound (:func:`lower_bound`), routing from
    the largest T general codes are proven to need (a routing code is a general code).
    ``earlier``, this entry's pair from an earlier run, raises each class's start to the
    largest T that run proved impossible, plus one; a general class it made exact is kept, not
    searched again (``"kept": True``, which :func:`merge` of the script reads as "no news");
    ``routing_only`` keeps ``earlier``'s general class whatever it is, and walks routing only
    (a retry of the one class whose bound moved)."""
    left = _clock(budget)
    lower, lname = _earlier_lower(earlier, "general", *lower_bound(N, K))
    cap = 2 * (N - 1) * (-(-K // N)) + 1  # the classic ring is a code at cap − 1
    ext = is_extension_of_gf2(field) and base is not None
    known, lifted, by = _known_upper(N, K, field, base, per_T, ext)
    prev = (earlier or {}).get("general") or {}
    if routing_only and not prev:
        raise ValueError(f"N = {N}, K = {K}, {field}: routing only needs an earlier general class")
    if prev.get("status") == "proven" or routing_only:
        # exact in an earlier run: searching for its code again only spent the entry's budget
        # (a retry of N = 10, K = 6, GF(3) re-found its T = 14 code in 762.8 s before the
        # routing class, the one still open, got a step); the table keeps the earlier result
        # (its steps stay there: none are this run's)
        general = dict(prev, seconds=0.0, steps=[], earlier_steps=[], kept=True)
    else:
        general = walk(
            N,
            K,
            field,
            False,
            lower,
            lname,
            cap,
            per_T,
            left(),
            progress,
            known_upper=known,
            upper_by=by,
            per_T_bound=per_T_bound,
        )
    if ext:
        return {"general": general, "routing": _gf2_routing(base, field)}
    g = general
    r_lower, r_name = lower, lname
    if g["status"] == "proven":  # routing codes are general codes: no routing code below
        r_lower, r_name = g["min_T"], "general class (" + (g["lower_proof"] or "") + ")"
    elif (g.get("lower_T") or 0) > lower:
        r_lower, r_name = g["lower_T"], "general class (" + g["lower_T_by"] + ")"
    r_lower, r_name = _earlier_lower(earlier, "routing", r_lower, r_name)
    routing = walk(
        N,
        K,
        field,
        True,
        r_lower,
        r_name,
        cap,
        per_T,
        left(),
        progress,
        known_upper=lifted,
        upper_by=by if lifted is not None else None,
        per_T_bound=per_T_bound,
    )
    return {"general": _met_by_routing(general, routing["min_T"], lower, lname), "routing": routing}


def _gf2_routing(base: dict, field: str) -> dict:
    """GF(2)'s routing class read over its extension ``field``."""
    return dict(
        base["routing"],
        field=field,
        seconds=0.0,
        found_by="= GF(2): a routing code's entries are 0/1, and 0/1 "
        "arithmetic in " + field + " is GF(2)'s",
    )


def _known_upper(N, K, field, base, per_T, ext) -> tuple:
    """(a T general codes are known to meet, the T of GF(2)'s routing code re-verified over
    ``field`` or None, and the words for where the known T comes from)."""
    if ext and base["general"]["min_T"] is not None:
        return base["general"]["min_T"], None, "the GF(2) code (GF(2) ⊂ " + field + ")"
    if not ext and field != "GF(2)" and base is not None:
        lifted = lifted_routing_T(N, K, field, base, per_T)
        if lifted is not None:
            return lifted, lifted, f"the GF(2) routing code, re-verified over {field}"
    return None, None, None


def _met_by_routing(general: dict, Tr, lower: int, lname: str) -> dict:
    """``general`` lowered to the routing class's ``Tr`` when that is smaller: a routing code
    is a general code, exact if general codes are proven to need ``Tr`` (news, then, even for
    a class kept from an earlier run)."""
    if Tr is None or (general["min_T"] is not None and Tr >= general["min_T"]):
        return general
    g_lo = general.get("lower_T") or lower
    general = {k: v for k, v in general.items() if k != "kept"}
    general.update(
        min_T=Tr,
        found_by="the routing-only code (a special case)",
        status="proven" if Tr <= g_lo else "found",
        lower_proof=(general.get("lower_T_by") or lname) if Tr <= g_lo else None,
    )
    return general


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


def compute_entry(
    N, K, field, base, per_T, per_cell, per_T_bound=None, earlier=None, routing_only=False
):
    """One (N, K, field) for a process pool (a module-level function, so it pickles by name)."""
    t0 = time.perf_counter()
    res = field_cell(
        N,
        K,
        field,
        base,
        per_T,
        per_cell,
        per_T_bound=per_T_bound,
        earlier=earlier,
        routing_only=routing_only,
    )
    return N, K, field, res, time.perf_counter() - t0


def bounds_cell(N: int, K: int) -> dict:
    """A table row with its bounds and conjecture T, every class "not computed" yet."""
    lb, lname = lower_bound(N, K)
    return {
        "N": N,
        "K": K,
        "field": "GF(2)",
        **bounds_row(N, K),
        "counting": counting_min_T(N, K),
        "lower_bound": lb,
        "lower_bound_by": lname,
        "conjecture_T": conjecture_T(N, K),
        "general": not_computed(False),
        "routing": not_computed(True),
        "by_field": {},
    }


def with_verdict(c: dict) -> dict:
    """Mirror GF(2) at the top (what version-1 readers read) and fill the conjecture column."""
    if "GF(2)" in c["by_field"]:
        c["general"], c["routing"] = (
            c["by_field"]["GF(2)"]["general"],
            c["by_field"]["GF(2)"]["routing"],
        )
    v = verdict(c["N"], c["K"], c["by_field"])
    code_file = (c.get("conjecture") or {}).get("code_file")
    c["conjecture"] = {**v, "text": verdict_text(v)}
    if code_file:
        c["conjecture"]["code_file"] = code_file
    return c


def row(
    N,
    K,
    fields=("GF(2)", "GF(3)", "GF(4)", "GF(8)"),
    per_T=20.0,
    per_cell=None,
    progress=None,
    per_T_bound=None,
) -> dict:
    """A whole table row, field after field (GF(2) first: GF(2^m) starts from it) — what the
    Search tab's "Recompute selected row" runs in a worker process."""
    fields = ["GF(2)"] + [f for f in fields if f != "GF(2)"]
    c = bounds_cell(N, K)
    for f in fields:
        if progress:
            progress(f"N={N} K={K}: {f}")
        c["by_field"][f] = field_cell(
            N,
            K,
            f,
            base=c["by_field"].get("GF(2)"),
            per_T=per_T,
            budget=per_cell,
            progress=progress,
            per_T_bound=per_T_bound,
        )
    return with_verdict(c)
