"""``ringlab simulate`` on a two-way code (``"ring": "two-way"``): what each node sends each way
at each t, and what each node decodes."""

from __future__ import annotations

import json

from ..core.inputs import resolve_inputs
from ..core.simulate import symbol_name
from ..core.twoway import DIRECTIONS
from ..core.twoway_simulate import simulate_twoway
from ..core.words import subscripts

ARROW = {"cw": "clockwise", "ccw": "counter-clockwise"}


def _to(d: str, i: int, N: int) -> int:
    return (i + 1) % N if d == "cw" else (i - 1) % N


def simulate_twoway_json(tr) -> dict:
    code = tr.code
    F, N = code.field, code.N
    fmt = F.format
    return {
        "ring": "two-way",
        "N": N,
        "K": code.K,
        "T": code.T,
        "field": F.name,
        "inputs": [[fmt(v) for v in r] for r in tr.inputs],
        "steps": [
            [
                {
                    "node": i,
                    "direction": d,
                    "to": _to(d, i, N),
                    "coeffs": [fmt(v) for v in tr.sent[d][t][i]],
                    "symbol": tr.pretty(tr.sent[d][t][i]),
                    "value": fmt(tr.sent_values[d][t][i]),
                }
                for i in range(N)
                for d in DIRECTIONS
            ]
            for t in range(code.T)
        ],
        "decoded": [
            {
                "node": i,
                "value": [None if v is None else fmt(v) for v in tr.decoded_values[i]],
                "wrong": tr.wrong_entries(i),
            }
            for i in range(N)
        ],
        "sum": [fmt(v) for v in tr.true_sum],
        "correct": tr.all_correct,
        "feasible": tr.report.feasible,
        "decoder": tr.report.mode,
    }


def simulate_twoway_cli(args, code) -> int:
    """Print the run; exit 0 when every node holds the K sums, 1 when not (as one-way)."""
    inputs = resolve_inputs(code, args.inputs, args.seed)
    tr = simulate_twoway(code, inputs)
    if args.json:
        print(json.dumps(simulate_twoway_json(tr), ensure_ascii=False, indent=1))
        return 0 if tr.all_correct else 1
    F, N, K = code.field, code.N, code.K
    out = [
        f"{args.file}: two-way ring, N = {N}, K = {K}, T = {code.T} over {F.name} "
        "(each node sends one symbol each way per time unit)"
    ]
    if F.arithmetic_note():
        out.append(F.arithmetic_note())
    out.append(
        "inputs: "
        + "; ".join(
            subscripts(f"x_{i}") + " = [" + ", ".join(F.format(v) for v in row) + "]"
            for i, row in enumerate(tr.inputs)
        )
    )
    w = len(f"node {N - 1} → {N - 1} (counter-clockwise)")
    for t in range(code.T):
        out.append(f"t = {t} → {t + 1}:")
        for i in range(N):
            for d in DIRECTIONS:
                head = f"node {i} → {_to(d, i, N)} ({ARROW[d]})".ljust(w)
                sym, val = tr.pretty(tr.sent[d][t][i]), F.format(tr.sent_values[d][t][i])
                out.append(f"  {head}  {sym} = {val}")
    how = (
        "each node's decoder R_cw·s_cw + R_ccw·s_ccw + T·x"
        if tr.report.mode == "decoder"
        else "no decoders in the file: a combination of what each node holds, solved"
    )
    out.append(f"decoded at t = T ({how}):")
    for i in range(N):
        wrong = tr.wrong_entries(i)
        vals = ", ".join("?" if v is None else F.format(v) for v in tr.decoded_values[i])
        mark = "✓"
        if wrong:
            mark = "✗ wrong or missing at " + ", ".join(
                f"k={k + 1} ({'+'.join(symbol_name(j, k + 1) for j in range(N))})" for k in wrong
            )
        out.append(f"  node {i}: ẑ = [{vals}]  {mark}")
    out.append("sum Σⱼ xⱼ = [" + ", ".join(F.format(v) for v in tr.true_sum) + "]")
    out.append(
        f"every node holds the sum Σⱼ xⱼ (all {K} entries)"
        if tr.all_correct
        else "NOT every node holds the sums: " + tr.report.summary()
    )
    print("\n".join(out))
    return 0 if tr.all_correct else 1
