"""``ringlab check`` on a two-way code (``"ring": "two-way"``): the verdict per node."""

from __future__ import annotations

import json

from ..core.twoway_check import twoway_report


def check_twoway_json(code, rep) -> dict:
    F = code.field
    return {
        "feasible": rep.feasible,
        "ring": "two-way",
        "N": code.N,
        "K": code.K,
        "T": code.T,
        "field": getattr(F, "base_name", F.name),
        **({"modulus": F.modulus} if getattr(F, "modulus", None) is not None else {}),
        "rate": str(code.rate),
        "mode": rep.mode,
        "nodes": [
            {
                "node": v.node,
                "ok": v.ok,
                "missing": [k + 1 for k in v.missing],
                "rank": v.rank,
                "reason": rep.reason(v.node),
            }
            for v in rep.nodes
        ],
        "translation": [[[F.format(x) for x in r] for r in t] for t in rep.translation],
    }


def check_twoway(args, code) -> int:
    """Print the two-way verdict; exit 0 feasible, 1 infeasible (as for one-way codes)."""
    rep = twoway_report(code)
    if args.json:
        print(json.dumps(check_twoway_json(code, rep), ensure_ascii=False, indent=1))
        return 0 if rep.feasible else 1
    F, N = code.field, code.N
    out = [
        f"{args.file}" + (f" — {code.name}" if code.name else ""),
        f"two-way ring: N = {N}, K = {code.K}, T = {code.T} over {F.name}; "
        f"rate K/T = {code.rate} (each node sends one symbol each way per time unit)",
    ]
    if getattr(F, "modulus", None) is not None:
        out.append(f"{F.base_name} computed modulo {F.modulus}")
    how = (
        "each node's decoder (R_cw, R_ccw, T) must give the sum"
        if rep.mode == "decoder"
        else "no decoders in the file: the sum must lie in the span of what each node holds"
    )
    out.append(f"Check: {how}")
    verdict = "FEASIBLE" if rep.feasible else "INFEASIBLE"
    out.append(f"Verdict: {verdict} — {rep.summary().split(': ', 1)[1]}")
    out.append("")
    for v in rep.nodes:
        mark = "✓" if v.ok else "✗"
        out.append(f"  node {v.node:<3} {mark}  {rep.reason(v.node)}")
    out.append("")
    ok = code.K <= 2 * code.T
    out.append(
        f"Bound (cut set around one node): it hears 2T = {2 * code.T} symbols and needs K = "
        f"{code.K} independent ones, so K ≤ 2T "
        + ("holds" if ok else "fails: no two-way code with these N, K, T can be feasible")
    )
    print("\n".join(out))
    return 0 if rep.feasible else 1
