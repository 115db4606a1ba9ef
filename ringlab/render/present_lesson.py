"""What a lesson slide says after its block ran, in prose (no Qt): a task's solution as its
result — the answer typed, the search's verdict, the code and its Theorem 2 verdict after an
edit, the worked example or the cost explorer as set — never the action's own syntax
("solution: run_search(N=3, K=2, T=3)" on a slide, issue 32).  A search that found a code
brings that code's drawing (:func:`search_drawing`)."""

from __future__ import annotations

from ..lessons import registry

CODE_ACTIONS = {
    "load_preset",
    "load_data",
    "load_code",
    "set_entry",
    "set_matrix",
    "solve_translation",
    "resize",
    "set_field",
}


def _value(v) -> str:
    if isinstance(v, (list, tuple)):
        return ", ".join(_value(x) for x in v)
    return registry.show(v)


def _search_line(st, args) -> str:
    key = (args["N"], args["K"], args["T"], args.get("field", "GF(2)"), bool(args.get("routing")))
    what = f"$N = {key[0]}$, $K = {key[1]}$, $T = {key[2]}$ over {key[3]}, " + (
        "routing only" if key[4] else "general linear codes"
    )
    out = st.searches.get(key)
    if out is None:
        return f"The search ({what}) has not answered."
    if out.status == "found":
        return f"**The search finds a code** — {what}; it is drawn below."
    if out.status == "impossible":
        return f"**The search proves no code exists** — {what}."
    return f"**The search is undecided** within its time limit — {what}."


def _code_line(st) -> str:
    code = st.code
    N, K, T = code.shape
    try:
        ok = st.analysis.report.feasible
    except Exception:  # noqa: BLE001 — a verdict that cannot be computed is not shown
        ok = None
    verdict = "" if ok is None else ("; Theorem 2: feasible ✓" if ok else "; Theorem 2: fails ✗")
    return f"The code now: $N = {N}$, $K = {K}$, $T = {T}$ over {code.field.name}{verdict}."


def _one(call, st) -> str | None:
    a, name = call.args, call.name
    if name == "type_answer":
        return f"The answer: **{_value(a['value'])}**."
    if name == "run_search":
        return _search_line(st, a)
    if name == "set_example":
        return f"The worked example now runs on {a['N']} cores."
    if name == "set_schedule_step":
        return f"The Schedules scrubber at step {a['step']}."
    if name == "set_step":
        return f"The walkthrough at step $t = {a['step']}$."
    if name == "set_costs":
        parts = [
            f"{label} = {_value(a[k])}"
            for k, label in (("alpha", "α"), ("bandwidth", "B"), ("size", "S"), ("N", "N"))
            if a.get(k) is not None
        ]
        return "The cost explorer set to " + ", ".join(parts) + "."
    if name in ("show_schedule", "show_schedules"):
        return "The Schedules tab shows: " + (", ".join(st.schedules) or "ring and tree") + "."
    return None


def solution_prose(calls, st) -> str:
    """What the app shows after the solution ``calls`` ran on ``st``, in sentences."""
    lines = [line for c in calls if (line := _one(c, st))]
    if any(c.name in CODE_ACTIONS for c in calls):
        lines.append(_code_line(st))
    return " ".join(dict.fromkeys(lines)) or "Done in the app: shown below."


def search_drawing(calls, st, drawing_cls):
    """The code the last successful search of ``calls`` found, drawn as the walkthrough at
    its decode step (every node's ✓), or None."""
    for c in reversed(calls):
        if c.name != "run_search":
            continue
        a = c.args
        key = (a["N"], a["K"], a["T"], a.get("field", "GF(2)"), bool(a.get("routing")))
        out = st.searches.get(key)
        if out is None or out.code is None:
            continue
        snap = st.copy()
        snap.code = out.code
        snap.inputs, snap.seed = "random", 0
        snap.tab = "Propagation"
        snap.step = out.code.T
        return drawing_cls("walkthrough", snap)
    return None
