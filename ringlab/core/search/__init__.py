r"""Find codes by SAT: a feasible code, a proof that none exists in a class, or "undecided".

>>> r = search(3, 2, 3, "GF(2)", routing=True)
>>> r.status, r.proof
('impossible', 'SAT')
>>> r = search(3, 2, 3, "GF(2)")
>>> r.status, check(r.code).feasible
('found', True)

Answers are exact only:

* ``found`` — the code has been re-verified by Theorem 2 (:func:`ringlab.check`), by a symbolic
  :func:`ringlab.simulate` run and, for routing only, by :func:`ringlab.reduce_multicast_shape`
  before it is returned;
* ``impossible`` — no code exists in that class over that field; ``proof`` says how:
  ``"Proposition 1"`` (T < K + N − 2, no solver run) or ``"SAT"`` (the solver proved the formula
  unsatisfiable);
* ``undecided`` — the time limit ran out.  Never a guess.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from dataclasses import field as dc_field

from ..bounds import proposition1_min_T
from ..code import check_size
from ..errors import RinglabError
from ..shape import reduce_multicast_shape
from ..simulate import simulate
from ..theorem2 import theorem2_report
from .encode import ARITHS, Encoding, SearchSpec, field_order, search_field
from .solve import BACKENDS, run

check = theorem2_report
STATUSES = ("found", "impossible", "undecided")
DEFAULT_BACKEND = "cadical"


class ResultText:
    """The exit code, summary line and JSON of a search answer, shared by :class:`SearchResult`
    and the two-way ring's result; a subclass gives ``RING`` (words after the field) and
    ``bound_line`` (an impossibility proven without a solver)."""

    RING = ""

    @property
    def exit_code(self) -> int:
        return {"found": 0, "impossible": 1, "undecided": 3}[self.status]

    def summary(self) -> str:
        s = self.spec
        what = s.describe()
        if self.status == "found":
            return f"found a feasible code: {what} ({self.seconds:.2f} s, {self.how()})"
        if self.status == "impossible":
            if self.proof != "SAT":
                return self.bound_line(what)
            return (
                f"impossible: no code in the class {s.class_name} over {s.field_name}"
                f"{self.RING} with N = {s.N}, K = {s.K}, T = {s.T} — proven by SAT "
                f"({self.seconds:.2f} s, {self.how()})"
            )
        return f"undecided: {what} — time limit reached after {self.seconds:.1f} s"

    def bound_line(self, what: str) -> str:
        raise NotImplementedError

    def how(self) -> str:
        return f"{self.encoding} encoding, {BACKENDS.get(self.backend, self.backend)}"

    def json_extra(self) -> dict:
        return {}

    def to_json(self) -> dict:
        return {
            "status": self.status,
            "proof": self.proof,
            "seconds": round(self.seconds, 3),
            "backend": self.backend,
            **self.json_extra(),
            **self.stats,
        }


@dataclass
class SearchResult(ResultText):
    spec: SearchSpec
    status: str  # found | impossible | undecided
    code: object = None  # LinearCode when found
    proof: str = ""  # "SAT" | "Proposition 1" (impossible only)
    seconds: float = 0.0
    backend: str = ""
    encoding: str = ""
    stats: dict = dc_field(default_factory=dict)

    def bound_line(self, what: str) -> str:
        s = self.spec
        return (
            f"impossible: {what} — proven by Proposition 1 "
            f"(T ≥ K+N−2 = {proposition1_min_T(s.N, s.K)}), no solver needed"
        )

    def json_extra(self) -> dict:
        return {"encoding": self.encoding}


def make_spec(N, K, T, field="GF(2)", routing=False, symmetric=False) -> SearchSpec:
    """A validated spec; bad values raise :class:`RinglabError` with one line."""
    name = check_ring(N, K, T, field)
    q = field_order(name)
    size = estimated_clauses(N, K, T, q)
    if size > MAX_CLAUSES:
        raise RinglabError(
            f"N = {N}, K = {K}, T = {T} over {name} is too large to search "
            f"(about {size / 1e6:.0f} million clauses; the limit is "
            f"{MAX_CLAUSES / 1e6:.0f} million): try a smaller N, K or T"
        )
    return SearchSpec(N, K, T, name, bool(routing), bool(symmetric))


MAX_CLAUSES = 6_000_000


def check_ring(N, K, T, field) -> str:
    """The search's name of ``field`` once N, K, T are sizes and N ≥ 2 (either ring); else
    :class:`RinglabError` with one line."""
    for n, v in (("N", N), ("K", K), ("T", T)):
        check_size(n, v)
    if N < 2:
        raise RinglabError(f"N = {N}: a ring needs at least 2 nodes")
    return search_field(field)


def estimated_clauses(N, K, T, q=2, arith="bits") -> int:
    """Upper estimate of the formula size: one product per (Λ entry, vector entry) and per
    (R entry, vector entry); 3 clauses each over GF(2), 3m² + m over GF(2^m) as bits (m² AND
    gates, XOR pieces), about 2q² one-hot."""
    products = N * (T * (T - 1) // 2) * N * K + N * K * (N - 1) * K * T
    if q == 2:
        return products * 3
    m = q.bit_length() - 1
    if q == 1 << m and arith == "bits":
        return products * (3 * m * m + m)
    return products * 2 * q * q


def default_backend(spec: SearchSpec) -> str:
    return DEFAULT_BACKEND


def search(
    N,
    K,
    T,
    field="GF(2)",
    routing=False,
    symmetric=False,
    timeout=None,
    encoding="fast",
    backend=None,
    use_bounds=True,
    arith="bits",
) -> SearchResult:
    """Search one class; see the module docstring for what each answer means."""
    spec = make_spec(N, K, T, field, routing, symmetric)
    return search_spec(
        spec,
        timeout=timeout,
        encoding=encoding,
        backend=backend,
        use_bounds=use_bounds,
        arith=arith,
    )


def search_spec(
    spec: SearchSpec, timeout=None, encoding="fast", backend=None, use_bounds=True, arith="bits"
) -> SearchResult:
    backend = backend or default_backend(spec)
    if backend not in BACKENDS:
        raise RinglabError(f"SAT backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    t0 = time.perf_counter()
    if use_bounds and spec.T < proposition1_min_T(spec.N, spec.K):
        return SearchResult(
            spec,
            "impossible",
            proof="Proposition 1",
            seconds=time.perf_counter() - t0,
            backend="",
            encoding="",
        )
    enc = Encoding(spec, encoding, arith)
    if enc.arith == "one-hot" and spec.q & (spec.q - 1) == 0:
        encoding += ", one-hot"  # say it when it is not the default for this field
    stats = {"variables": enc.f.nvars, "clauses": len(enc.f.clauses), "xors": len(enc.f.xors)}
    left = None if timeout is None else max(0.0, timeout - (time.perf_counter() - t0))
    sat, model = run(enc.f, backend, left)
    secs = time.perf_counter() - t0
    if sat is None:
        return SearchResult(
            spec, "undecided", seconds=secs, backend=backend, encoding=encoding, stats=stats
        )
    if not sat:
        return SearchResult(
            spec,
            "impossible",
            proof="SAT",
            seconds=secs,
            backend=backend,
            encoding=encoding,
            stats=stats,
        )
    code = enc.code(model)
    verify_found(spec, code)
    code = _with_translation(code).with_meta(
        name=f"Search result: N={spec.N}, K={spec.K}, T={spec.T} over {spec.field_name}",
        description=(
            f"Found by SAT ({encoding} encoding, {BACKENDS[backend]}) in {secs:.2f} s; "
            f"class: {spec.class_name}. Re-verified by Theorem 2 and a symbolic "
            f"simulation before saving."
        ),
    )
    return SearchResult(
        spec,
        "found",
        code=code,
        seconds=time.perf_counter() - t0,
        backend=backend,
        encoding=encoding,
        stats=stats,
    )


def verify_found(spec: SearchSpec, code) -> None:
    """Re-check a model's code independently of the encoding; a failure is a bug, never hidden."""
    rep = check(code)
    if not rep.feasible:
        raise RinglabError(
            f"internal error: the SAT model for {spec.describe()} fails Theorem 2 "
            f"at {len(rep.failing)} check(s); please report this"
        )
    if not simulate(code).all_correct:
        raise RinglabError(
            f"internal error: the SAT model for {spec.describe()} does not "
            f"decode the sum in simulation; please report this"
        )
    if spec.routing and not reduce_multicast_shape(code, rep).ok:
        raise RinglabError(
            f"internal error: the routing-only model for {spec.describe()} is "
            f"not of reduce-multicast shape: "
            f"{reduce_multicast_shape(code, rep).reasons[0]}"
        )


def _with_translation(code):
    rep = check(code)
    for i in range(code.N):
        code = code.with_matrix(i, "T", rep.translation[i])
    return code


__all__ = [
    "ARITHS",
    "BACKENDS",
    "STATUSES",
    "SearchResult",
    "SearchSpec",
    "make_spec",
    "search",
    "search_field",
    "search_spec",
    "verify_found",
]
