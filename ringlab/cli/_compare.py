"""``ringlab compare``: ring, tree and a code traced side by side on the worked matmul."""

from __future__ import annotations

import json
from pathlib import Path

from ..core.errors import RinglabError
from ..core.quantities import DEFAULT_ALPHA, DEFAULT_BANDWIDTH, DEFAULT_SIZE
from ..core.schedules import WorkedExample, compare, default_example, parse_matrix, parse_vector
from ..core.schedules.algorithms import known_schedules
from ..core.schedules.compare import RING_ESTIMATE_NOTE
from ..core.schedules.costs import format_bandwidth, format_bytes, format_seconds
from ..core.schedules.formulas import SCHEDULE_N_RANGE, check_cores
from ..core.schedules.matmul import TRACE_N_RANGE, format_number
from ..core.schedules.text import trace_text


def register(sub) -> None:
    p = sub.add_parser(
        "compare",
        help="trace ring, tree and a code on the worked matmul and compare their costs",
        description="Ring all-reduce (the ring all-reduce example), tree all-reduce (the tree example) and a linear code run "
        "on the partials Xᵢ·Wᵢ of a row-parallel matmul, with α-β costs.",
    )
    p.add_argument(
        "--N",
        type=int,
        metavar="n",
        help=f"number of cores (default 4, or len(X)); grids up to {TRACE_N_RANGE[1]}, "
        f"steps and costs alone up to {SCHEDULE_N_RANGE[1]}",
    )
    p.add_argument(
        "--X",
        metavar="x0,x1,…",
        help="X as numbers separated by commas or spaces "
        "(default: the worked example's 3,2,1,3 for N = 4)",
    )
    p.add_argument(
        "--W",
        metavar="FILE",
        help="W: a text file with one row per core (or a JSON "
        "list of rows); default: the worked example's W for N = 4",
    )
    p.add_argument(
        "--code",
        metavar="FILE",
        help="a *.ringlab.json code or preset:NAME (default: preset classic-ring-n<N>)",
    )
    p.add_argument(
        "--alpha",
        default=DEFAULT_ALPHA,
        metavar="s",
        help=f"latency per step, e.g. 50us or 1e-6 (default {DEFAULT_ALPHA})",
    )
    p.add_argument(
        "--bandwidth",
        default=DEFAULT_BANDWIDTH,
        metavar="B",
        help=f"link bandwidth, e.g. 1GB/s or 1e9 bytes/s (default {DEFAULT_BANDWIDTH})",
    )
    p.add_argument(
        "--size",
        default=DEFAULT_SIZE,
        metavar="S",
        help=f"message size, e.g. 1MB or 1e6 bytes (default {DEFAULT_SIZE})",
    )
    p.add_argument(
        "--schedules",
        metavar="a,b,…",
        help="compare these schedules instead (N ≤ 32): "
        + ", ".join(known_schedules())
        + "; per schedule its form (ports a step, pipelined or not), steps and messages, "
        "α-β time on a fully connected network on its own ports and on one port, slots and "
        "busiest link on a bidirectional ring (ties clockwise, and split), sum check",
    )
    p.add_argument(
        "--ring",
        choices=("one-way", "two-way"),
        default="one-way",
        help="two-way: the coded two-way codes known for N beside Swing, Trivance, "
        "Rabenseifner, recursive doubling and two classic rings, both cost models",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_compare)


def _read_W(spec: str):
    path = Path(spec)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RinglabError(
            f"--W {spec}: no such file (expected a text file with one row of W per line)"
        ) from None
    except (OSError, UnicodeDecodeError) as e:
        raise RinglabError(f"--W {spec}: cannot be read ({e})") from None
    if text.lstrip().startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RinglabError(
                f"--W {spec}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})"
            ) from None
        if not isinstance(data, list) or not all(isinstance(r, list) for r in data):
            raise RinglabError(f"--W {spec}: expected a JSON list of rows")
        return parse_matrix(data, f"--W {spec}")
    return parse_matrix(text, f"--W {spec}")


def example_from_args(args) -> WorkedExample | None:
    """The worked example; ``None`` for ``--N`` above 32 alone (steps and costs only)."""
    if args.N is not None and args.X is None and args.W is None:
        check_cores(args.N)
    if args.N is not None and args.N > TRACE_N_RANGE[1]:
        for flag, given in (("--X", args.X), ("--W", args.W)):
            if given is not None:
                raise RinglabError(
                    f"{flag}: traced examples have at most {TRACE_N_RANGE[1]} "
                    f"cores, but --N is {args.N} (for N > {TRACE_N_RANGE[1]} "
                    f"give --N alone: steps and costs need no X or W)"
                )
        return None
    X = parse_vector(args.X, "--X") if args.X is not None else None
    W = _read_W(args.W) if args.W is not None else None
    N = (
        len(X)
        if X is not None
        else (len(W) if W is not None else (args.N if args.N is not None else 4))
    )
    if args.N is not None and args.N != N:
        src = "--X has" if X is not None else "--W has"
        raise RinglabError(
            f"--N {args.N}: but {src} {N} {'entries' if X is not None else 'rows'} (one per core)"
        )
    if X is None and W is None:
        return default_example(N)
    try:
        base = default_example(N)
    except RinglabError as e:
        raise RinglabError(f"--X/--W: {e}") from None
    if W is not None and len(W) != N:
        raise RinglabError(
            f"--W {args.W}: {len(W)} rows, but --X has {N} entries (W needs one row per core)"
        )
    return WorkedExample(X if X is not None else base.X, W if W is not None else base.W)


def cmd_compare(args) -> int:
    """The one-way ring's comparison (``--ring two-way`` is :mod:`._compare_ring`'s choice)."""
    if args.schedules is not None:
        return cmd_schedules(args)
    from ._check import open_code

    ex = example_from_args(args)
    code = open_code(args.code) if args.code else None
    c = compare(
        ex,
        code,
        alpha=args.alpha,
        bandwidth=args.bandwidth,
        size=args.size,
        N=args.N if ex is None else None,
    )
    if args.json:
        print(json.dumps(c.to_json(), ensure_ascii=False, indent=1))
        return 0 if all(t.complete for t in c.traces.values()) else 1
    if ex is None:
        print("\n".join(_untraced_lines(c) + _cost_lines(c)))
        return 0
    fmt = lambda v: ", ".join(format_number(x) for x in v)  # noqa: E731
    out = [
        f"Worked example: X = [{fmt(ex.X)}], W is {ex.N}×{ex.d}; core i holds Xᵢ·Wᵢ",
        *[
            f"  Core {i}: {format_number(ex.X[i])} * [{fmt(ex.W[i])}] = [{fmt(p)}]"
            for i, p in enumerate(ex.partials)
        ],
        f"Target X @ W = [{fmt(ex.target)}]",
        "",
    ]
    for t in c.traces.values():
        out += trace_text(t)
        out += [
            "",
            "ends with the sum on every core"
            if t.complete
            else "does NOT end with the sum on every core",
            "",
            "-" * 60,
            "",
        ]
    print("\n".join(out + _cost_lines(c)))
    return 0 if all(t.complete for t in c.traces.values()) else 1


def _untraced_lines(c) -> list[str]:
    """N > 32: the step counts (per phase, as the tree example counts them), and why the grids
    and the coded column are not there."""
    N, L = c.N, c.counts["tree"].steps // 2
    ring, tree = c.counts["ring"], c.counts["tree"]
    out = [
        f"Ring all-reduce vs tree all-reduce on N = {N} cores: steps and costs from the "
        f"closed forms",
        f"  ring: {ring.formula} steps (reduce-scatter N−1 = {N - 1}, all-gather N−1 = "
        f"{N - 1}), {ring.messages} messages of S/N",
        f"  tree: {tree.formula} steps (reduce-up ⌈log₂ N⌉ = {L}, broadcast-down "
        f"⌈log₂ N⌉ = {L}), {tree.messages} messages of S",
        f"  the ring takes {ring.steps} sequential steps, the tree {tree.steps}",
    ]
    out += [f"note: {n}" for n in c.omitted]
    if c.coded_error:
        out.append(f"note: {c.coded_error}")
    return out + [""]


def _cost_lines(c) -> list[str]:
    out = []
    out.append(
        f"Costs for S = {format_bytes(c.size)}, α = {format_seconds(c.alpha)}, "
        f"B = {format_bandwidth(c.bandwidth)}, N = {c.N}; lower bound 2S(N−1)/N = "
        f"{format_bytes(next(iter(c.costs.values())).lower_bound)} sent per worker"
    )
    mw = max([6] + [len(str(k.messages)) + 1 for k in c.costs.values()])  # 130560 at N = 256
    out.append(
        f"  {'':<7}{'steps':>6}{'msgs':>{mw}}{'msg size':>11}{'per link':>11}{'per worker':>12}"
        f"{'/bound':>8}{'time':>11}{'algbw':>13}{'busbw':>13}"
    )
    for name, k in c.costs.items():
        out.append(
            f"  {name:<7}{k.steps:>6}{k.messages:>{mw}}{format_bytes(k.message_bytes):>11}"
            f"{format_bytes(k.bytes_per_link):>11}{format_bytes(k.bytes_sent_per_worker):>12}"
            f"{float(k.ratio_to_bound):>8.3g}{format_seconds(k.time):>11}"
            f"{format_bandwidth(k.algbw):>13}{format_bandwidth(k.busbw):>13}"
        )
    out.append(
        f"  ring, the cost example's estimate 2S/B + 2(N−1)α = {format_seconds(c.ring_large_n_estimate)} "
        f"vs exact {format_seconds(c.costs['ring'].time)}: {RING_ESTIMATE_NOTE}"
    )
    if c.explorer.crossovers or c.explorer.switches:
        out.append("Crossovers (time against S):")
        for x in list(c.explorer.crossovers) + list(c.explorer.switches):
            out.append(f"  S = {format_bytes(x.S)} ({float(x.S):.0f} B): {x.label}")
    else:
        out.append("No crossover: one schedule is fastest for every S")
    return out


# -- ringlab compare --schedules --------------------------------------------------------------


def cmd_schedules(args) -> int:
    """``--schedules a,b,…``: each schedule traced on the worked example, both cost models."""
    from ..core.schedules.costs import parse_bandwidth, parse_bytes, parse_seconds
    from ..core.schedules.models import parse_schedule_names, schedule_crossovers, schedule_rows

    names = parse_schedule_names(args.schedules)
    if args.code:
        raise RinglabError(
            "--code: a code is compared with ring and tree (without --schedules); "
            "--schedules compares the named schedules only"
        )
    lo, hi = TRACE_N_RANGE
    if args.N is not None and args.N > hi:
        raise RinglabError(
            f"--N {args.N}: --schedules traces every schedule on the worked "
            f"example, so N must be in {lo}..{hi}"
        )
    ex = example_from_args(args)
    a, B, S = parse_seconds(args.alpha), parse_bandwidth(args.bandwidth), parse_bytes(args.size)
    rows = schedule_rows(names, ex, size=S, alpha=a, bandwidth=B)
    xs = schedule_crossovers(rows, a, B)
    xs1 = schedule_crossovers(rows, a, B, ports=1)
    ok = all(r.sum_ok for r in rows if r.refused is None)
    if args.json:
        print(
            json.dumps(
                {
                    "N": ex.N,
                    "alpha_s": float(a),
                    "bandwidth_Bps": float(B),
                    "size_bytes": float(S),
                    "models": MODELS_JSON,
                    "schedules": [r.to_json() for r in rows],
                    "crossovers": [x.to_json() for x in xs],
                    "crossovers_one_port": [x.to_json() for x in xs1],
                },
                ensure_ascii=False,
                indent=1,
            )
        )
        return 0 if ok else 1
    print("\n".join(_schedule_lines(ex, rows, (xs, xs1), a, B, S)))
    return 0 if ok else 1


MODELS_JSON = {
    "alpha_beta_s": "model (a) on the schedule's own ports ('ports'): a step costs α + its "
    "largest message/B",
    "alpha_beta_one_port_s": "model (a) on one port: each of a core's messages in a step costs "
    "α + message/B, one after another (sends and receives each)",
    "ring_steps": "model (b), a bidirectional ring (ringlab's; the paper's ring is directed): "
    "slots, ties (d = N/2) clockwise",
    "ring_steps_ties_split": "the same with ties split: clockwise from an even core, "
    "counter-clockwise from an odd one",
}

MODEL_LINES = (
    "  form: the ports a core uses at once in a step (sends or receives), and for trees "
    "whether chunks are pipelined",
    "  (a) fully connected, α + message/B: 'own ports' charges a step only its largest message "
    "(a core has as many ports as its form says); '1 port' charges each of a core's messages "
    "one after another — like with like",
    "  (b) a bidirectional ring (ringlab's model; the paper's ring is directed, i → i+1): "
    "shortest paths, ties (d = N/2) clockwise, '/ n' = n with ties split (clockwise from "
    "even cores, counter-clockwise from odd); a directed link carries one message per slot; "
    "'ring slots' = Σ busiest link per step, 'busiest link' = most bytes on one directed link",
)


def _schedule_lines(ex, rows, crossings, a, B, S) -> list[str]:
    out = [
        f"All-Reduce schedules on N = {ex.N} cores, traced on the worked matmul (d = {ex.d}); "
        f"S = {format_bytes(S)}, α = {format_seconds(a)}, B = {format_bandwidth(B)}",
        *MODEL_LINES,
        "",
    ]
    heads = ["steps", "msgs", "sent/core", "(a) own ports", "(a) 1 port", "ring slots"]
    heads.append("busiest link")
    cells = {r.name: r.cells() for r in rows if not r.refused}
    w = max([len("schedule")] + [len(r.name) for r in rows])
    fw = max([len("form")] + [len(r.form) for r in rows])
    widths = [max([len(h)] + [len(c[i]) for c in cells.values()]) for i, h in enumerate(heads)]
    head = "".join(f"  {h:>{wd}}" for h, wd in zip(heads, widths))
    out.append(f"  {'schedule':<{w}}  {'form':<{fw}}{head}  sum")
    for r in rows:
        if r.refused:
            out.append(f"  {r.name:<{w}}  {r.form:<{fw}}  refused: {r.refused.split(': ', 1)[-1]}")
            continue
        body = "".join(f"  {c:>{wd}}" for c, wd in zip(cells[r.name], widths))
        out.append(f"  {r.name:<{w}}  {r.form:<{fw}}{body}  {'ok' if r.sum_ok else 'WRONG'}")
    out.append("")
    xs, xs1 = crossings
    many = sum(r.refused is None for r in rows) > 1
    multi = any(r.ports > 1 for r in rows if r.refused is None)
    lists = [("one port each (like with like)", xs1)]
    if multi:
        lists.append(("each on its own ports", xs))
    for what, found in lists:
        if found:
            out.append(f"Crossovers in (a), {what} (below S the first is faster):")
            out += [f"  S = {format_bytes(x.S)} ({float(x.S):.0f} B): {x.label}" for x in found]
        elif many:
            out.append(f"No crossover in (a), {what}: the order is the same for every S")
    return out
