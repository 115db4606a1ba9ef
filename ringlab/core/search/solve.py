"""SAT backends with a time limit: CaDiCaL (python-sat) on CNF, CryptoMiniSat with native XORs.

``run(formula, backend, timeout)`` returns ``(True, model)``, ``(False, None)`` (UNSAT: a proof
in the solver's sense) or ``(None, None)`` (time limit reached: undecided).  ``model`` is the
set of true literals.
"""

from __future__ import annotations

import time

BACKENDS = {
    "cadical": "CaDiCaL 1.9.5 (python-sat), XORs cut into ≤4-literal pieces",
    "cadical-tseitin": "CaDiCaL 1.9.5 (python-sat), XORs as Tseitin chains of binary gates",
    "cms": "CryptoMiniSat 5 (pycryptosat), native XOR clauses with Gauss-Jordan",
}


def run(formula, backend: str = "cadical", timeout: float | None = None):
    if any(not c for c in formula.clauses):
        return False, None  # the empty clause: constant folding already found 0 = 1
    if backend == "cms":
        return _run_cms(formula, timeout)
    if backend in ("cadical", "cadical-tseitin"):
        mode = "tseitin" if backend == "cadical-tseitin" else "chunk"
        return _run_pysat(formula, "cadical195", mode, timeout)
    raise ValueError(f"unknown SAT backend {backend!r}: expected one of {', '.join(BACKENDS)}")


def _run_pysat(formula, name, xor_mode, timeout):
    from pysat.solvers import Solver

    _, clauses = formula.cnf(xor_mode)
    t0 = time.perf_counter()
    with Solver(name=name, bootstrap_with=clauses) as s:
        if timeout is None:
            res = s.solve()
        else:
            # python-sat holds the GIL while CaDiCaL runs, so a timer thread cannot interrupt
            # it: solve in conflict budgets instead (CaDiCaL keeps its learnt clauses between
            # calls) and look at the clock in between.
            budget = 2000
            while True:
                s.conf_budget(budget)
                res = s.solve_limited()
                if res is not None or time.perf_counter() - t0 >= timeout:
                    break
                budget = min(budget * 2, 20000)
        if res is None:
            return None, None
        if not res:
            return False, None
        return True, {x for x in s.get_model() if x > 0}


def _run_cms(formula, timeout):
    try:
        import pycryptosat
    except ModuleNotFoundError as e:
        if e.name != "pycryptosat":
            raise
        raise ModuleNotFoundError(
            "--backend cms needs CryptoMiniSat (pycryptosat), an optional extra: "
            "pip install 'ringlab[cms]'",
            name=e.name,
        ) from e
    kw = {} if timeout is None else {"time_limit": max(float(timeout), 0.01)}
    s = pycryptosat.Solver(**kw)
    s.add_clauses(formula.clauses)
    for vs, par in formula.xors:
        s.add_xor_clause(vs, par)
    sat, sol = s.solve()
    if sat is None:
        return None, None
    if not sat:
        return False, None
    return True, {v for v in range(1, len(sol)) if sol[v]}
