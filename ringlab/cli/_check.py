"""``ringlab check``, ``simulate``, ``presets`` and ``preset``."""

from __future__ import annotations

import json
import sys

from ..core import presets
from ..core.bounds import bounds
from ..core.code import LinearCode, cell_name
from ..core.codefile import save_code
from ..core.errors import RinglabError
from ..core.inputs import resolve_inputs
from ..core.presets import PRESET_PATTERNS, preset, preset_names
from ..core.shape import reduce_multicast_shape
from ..core.simulate import simulate, symbol_name
from ..core.theorem2 import theorem2_report
from ..core.words import subscripts


def register(sub) -> None:
    p = sub.add_parser(
        "check",
        help="check a code file with Theorem 2 (exit 0 feasible, 1 infeasible, 2 bad input)",
    )
    p.add_argument("file", help="a *.ringlab.json code file, or preset:NAME")
    p.add_argument("--json", action="store_true", help="machine-readable report")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser(
        "simulate", help="propagate a code step by step (exit 0 decodes the sum, 1 not)"
    )
    p.add_argument("file", help="a *.ringlab.json code file, or preset:NAME")
    p.add_argument(
        "--inputs",
        default="random",
        metavar="random|matmul|FILE.json",
        help="message vectors: 'random' (default), 'matmul' (the worked matmul "
        "partials) or a JSON file with N rows of K entries",
    )
    p.add_argument("--seed", type=int, default=0, help="seed for random inputs (default 0)")
    p.add_argument("--json", action="store_true", help="machine-readable trace")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("presets", help="list the preset codes")
    p.set_defaults(func=cmd_presets)

    p = sub.add_parser("preset", help="write a preset code file")
    p.add_argument("name", help="e.g. paper-k2-t3, classic-ring-n5, time-shared-k7")
    p.add_argument("--field", default="Q", help="Q, R, GF(p) or GF(p^m) (default Q)")
    p.add_argument("-o", "--output", help="file to write (default: print to stdout)")
    p.set_defaults(func=cmd_preset)


def open_code(spec: str) -> LinearCode:
    """A code from a file path or ``preset:NAME``."""
    return presets.open_code(spec)


def _fmt_matrix(F, rows, indent="    ") -> list[str]:
    cells = [[F.format(v) for v in r] for r in rows]
    w = max((len(c) for r in cells for c in r), default=1)
    return [indent + "[ " + "  ".join(c.rjust(w) for c in r) + " ]" for r in cells]


def check_json(code: LinearCode, rep) -> dict:
    F = code.field
    b = bounds(code.N, code.K, code.T)
    return {
        "feasible": rep.feasible,
        "N": code.N,
        "K": code.K,
        "T": code.T,
        "field": getattr(F, "base_name", F.name),
        **({"modulus": F.modulus} if getattr(F, "modulus", None) is not None else {}),
        "rate": str(code.rate),
        "checks": [
            {
                "node": c.node,
                "j": c.j,
                "source": c.source,
                "ok": c.ok,
                "matrix": [[F.format(v) for v in r] for r in c.matrix],
            }
            for c in rep.checks
        ],
        "translation": [[[F.format(v) for v in r] for r in t] for t in rep.translation],
        "translation_given_ok": rep.translation_ok,
        "bounds": b.to_json(),
        "reduce_multicast": reduce_multicast_shape(code, rep).ok,
    }


def cmd_check(args) -> int:
    code = open_any(args.file)
    if getattr(code, "ring", "one-way") == "two-way":
        from ._twoway import check_twoway

        return check_twoway(args, code)
    rep = theorem2_report(code)
    if args.json:
        print(json.dumps(check_json(code, rep), ensure_ascii=False, indent=1))
        return 0 if rep.feasible else 1
    F, N, K = code.field, code.N, code.K
    out = [
        f"{args.file}" + (f" — {code.name}" if code.name else ""),
        f"N = {N}, K = {K}, T = {code.T} over {F.name}; rate K/T = {code.rate}",
    ]
    if getattr(F, "modulus", None) is not None:  # which GF(p^m): the verdict depends on it
        out.append(
            f"{F.base_name} computed modulo {F.modulus}"
            + (" (Conway's, the default when a file names no modulus)" if F.conway else "")
        )
    nfail = len(rep.failing)
    if rep.feasible:
        out.append(
            f"Verdict: FEASIBLE — all {len(rep.checks)} conditions of eq. (5) hold"
            + (
                "; every given Tᵢ matches eq. (6)"
                if any(t is not None for t in rep.translation_ok)
                else ""
            )
        )
    else:
        why = [f"{nfail} of {len(rep.checks)} conditions of eq. (5) fail"] if nfail else []
        badt = [i for i, t in enumerate(rep.translation_ok) if t is False]
        if badt:
            why.append("given Tᵢ differs from eq. (6) at node " + ", ".join(map(str, badt)))
        out.append("Verdict: INFEASIBLE — " + "; ".join(why))
    out.append("")
    out.append("eq. (5), Rᵢ (I − Λ_{i′,N})⁻¹ Λ_{i′,j−1} M_{i←j} = I (the K×K identity):")
    out.append("          " + "".join(f"j={j:<4}" for j in range(1, N)))
    for i in range(N):
        marks = "".join(("✓" if rep.check(i, j).ok else "✗").ljust(6) for j in range(1, N))
        out.append(f"  node {i:<3} {marks}")
    if rep.failing:
        c = rep.failing[0]
        out.append("")
        out.append(
            f"First failing check: node {c.node}, j = {c.j} (source node {c.source}): "
            + " · ".join(c.chain(N))
        )
        got, want = (
            _fmt_matrix(F, c.matrix, "  "),
            _fmt_matrix(F, [[F.one if r == s else F.zero for s in range(K)] for r in range(K)], ""),
        )
        w = max(len(g) for g in got)
        out.append("  " + "got".ljust(w - 2) + "   expected: the identity")
        out += [g.ljust(w) + "   " + e for g, e in zip(got, want)]
        # rows: the decoded entries k; columns: the source's symbols k (both from 1)
        out.append("  differs at: " + "; ".join(cell_name("T", r, s) for r, s in c.wrong))
    out.append("")
    out.append("Translation Tᵢ from eq. (6):")
    for i in range(N):
        tag = {None: "solved", True: "given, matches", False: "given, DIFFERS"}[
            rep.translation_ok[i]
        ]
        out.append(f"  node {i} ({tag}):")
        out += _fmt_matrix(F, rep.translation[i])
    out.append("")
    out.append("Bounds: " + bounds(N, K, code.T).summary())
    out.append("Shape: " + reduce_multicast_shape(code, rep).summary())
    print("\n".join(out))
    return 0 if rep.feasible else 1


def simulate_json(trace) -> dict:
    code = trace.code
    F = code.field
    fmt = lambda v: F.format(v)  # noqa: E731
    return {
        "N": code.N,
        "K": code.K,
        "T": code.T,
        "field": F.name,
        "inputs": [[fmt(v) for v in r] for r in trace.inputs],
        "steps": [
            [
                {
                    "node": i,
                    "to": (i + 1) % code.N,
                    "coeffs": [fmt(v) for v in trace.sent[t][i]],
                    "symbol": trace.pretty(trace.sent[t][i]),
                    "value": fmt(trace.sent_values[t][i]),
                }
                for i in range(code.N)
            ]
            for t in range(code.T)
        ],
        "decoded": [
            {
                "node": i,
                "coeffs": [[fmt(v) for v in r] for r in trace.decoded[i]],
                "value": [fmt(v) for v in trace.decoded_values[i]],
                "wrong": trace.wrong_entries(i),
            }
            for i in range(code.N)
        ],
        "sum": [fmt(v) for v in trace.true_sum],
        "correct": trace.all_correct,
        "feasible": trace.report.feasible,
    }


def open_any(spec: str):
    """A one-way or two-way code from a file path, or a (one-way) ``preset:NAME``."""
    if presets.is_preset_spec(spec):
        return open_code(spec)
    from ..core.twowayfile import load_any

    return load_any(spec)


def cmd_simulate(args) -> int:
    code = open_any(args.file)
    if getattr(code, "ring", "one-way") == "two-way":
        from ._twoway_simulate import simulate_twoway_cli

        return simulate_twoway_cli(args, code)
    inputs = resolve_inputs(code, args.inputs, args.seed)
    tr = simulate(code, inputs)
    if args.json:
        print(json.dumps(simulate_json(tr), ensure_ascii=False, indent=1))
        return 0 if tr.all_correct else 1
    F, N, K = code.field, code.N, code.K
    out = [f"{args.file}: N = {N}, K = {K}, T = {code.T} over {F.name}"]
    if F.arithmetic_note():
        out.append(F.arithmetic_note())  # GF(2^m): the sums below are XORs
    out.append(
        "inputs: "
        + "; ".join(
            subscripts(f"x_{i}") + " = [" + ", ".join(F.format(v) for v in row) + "]"
            for i, row in enumerate(tr.inputs)
        )
    )
    for t in range(code.T):
        out.append(f"t = {t} → {t + 1}:")
        for i in range(N):
            out.append(
                f"  node {i} → {(i + 1) % N}: {tr.pretty(tr.sent[t][i])} = {F.format(tr.sent_values[t][i])}"
            )
    out.append("decoded at t = T:")
    for i in range(N):
        wrong = tr.wrong_entries(i)
        vals = ", ".join(F.format(v) for v in tr.decoded_values[i])
        mark = (
            "✓"
            if not wrong
            else "✗ wrong at "
            + ", ".join(
                f"k={k + 1} ({'+'.join(symbol_name(j, k + 1) for j in range(N))})" for k in wrong
            )
        )
        out.append(f"  node {i}: ẑ = [{vals}]  {mark}")
    out.append("sum Σⱼ xⱼ = [" + ", ".join(F.format(v) for v in tr.true_sum) + "]")
    out.append("all nodes decode the sum" if tr.all_correct else "NOT every node decodes the sum")
    print("\n".join(out))
    return 0 if tr.all_correct else 1


def cmd_presets(args) -> int:
    for name in preset_names():
        c = preset(name)
        print(f"{name:<18} N={c.N} K={c.K} T={c.T}  {c.name}")
    print("patterns: " + ", ".join(PRESET_PATTERNS))
    return 0


def cmd_preset(args) -> int:
    from ..core.codefile import dumps_code

    code = preset(args.name, args.field)
    if args.output:
        try:
            save_code(code, args.output)
        except OSError as e:
            raise RinglabError(f"-o {args.output}: cannot write ({e.strerror})") from None
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(dumps_code(code))
    return 0
