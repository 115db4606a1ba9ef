"""``ringlab compare --ring two-way``: coded two-way rows beside the library's two-way schedules
(Swing, Trivance, Rabenseifner, recursive doubling, two classic rings), both cost models."""

from __future__ import annotations

import json

from ..core.errors import RinglabError
from ..core.schedules.costs import parse_bandwidth, parse_bytes, parse_seconds
from ..core.schedules.matmul import TRACE_N_RANGE
from ..core.schedules.models import schedule_crossovers
from ..core.schedules.twoway_rows import (
    CLASSIC_PAIR,
    TWO_WAY_LIBRARY,
    no_twoway_code,
    twoway_comparison,
)


def _rows(args, ex, a, B, S):
    """(row, kind, source) for every row: the --code file's first, then the core's."""
    given = ()
    if args.code:
        code = _open_code(args.code)
        if getattr(code, "ring", "one-way") != "two-way":
            raise RinglabError(
                f"--code {args.code}: a one-way code; --ring two-way compares two-way codes "
                f'(a file with "ring": "two-way", e.g. from ringlab search --ring two-way)'
            )
        if code.N != ex.N:
            raise RinglabError(
                f"--code {args.code}: a code for N = {code.N}, but --N is {ex.N} (expected a "
                f"two-way code for N = {ex.N})"
            )
        given = ((code, f"--code {args.code}"),)
    return twoway_comparison(ex, S, a, B, given)


def _open_code(spec: str):
    """The ``--code`` file, or one line naming ``--code``, the file and what was expected."""
    from ._check import open_any

    try:
        return open_any(spec)
    except RinglabError as e:
        why = str(e)
        if why.startswith(f"{spec}: "):
            why = why[len(spec) + 2 :]
        if "expected" not in why:
            why += " (expected a two-way code file, e.g. written by ringlab search --ring two-way)"
        raise RinglabError(f"--code {spec}: {why}") from None


def cmd_compare_twoway(args) -> int:
    from ._compare import MODELS_JSON, _schedule_lines, example_from_args

    if args.schedules is not None:
        raise RinglabError(
            "--schedules: --ring two-way picks its own rows (the coded two-way codes, "
            + ", ".join(TWO_WAY_LIBRARY)
            + f", {CLASSIC_PAIR}); leave --schedules out"
        )
    lo, hi = TRACE_N_RANGE
    if args.N is not None and not lo <= args.N <= hi:
        raise RinglabError(
            f"--N {args.N}: --ring two-way traces every row on the worked example, so N must "
            f"be in {lo}..{hi}"
        )
    ex = example_from_args(args)
    a, B, S = parse_seconds(args.alpha), parse_bandwidth(args.bandwidth), parse_bytes(args.size)
    rows = _rows(args, ex, a, B, S)
    plain = [r for r, _, _ in rows]
    xs, xs1 = schedule_crossovers(plain, a, B), schedule_crossovers(plain, a, B, ports=1)
    ok = all(r.sum_ok for r in plain if r.refused is None)
    no_coded = not any(kind == "coded" for _, kind, _ in rows)
    missing = no_twoway_code(ex.N)
    if args.json:
        body = {
            "ring": "two-way",
            "N": ex.N,
            "alpha_s": float(a),
            "bandwidth_Bps": float(B),
            "size_bytes": float(S),
            "models": MODELS_JSON,
            "schedules": [
                r.to_json() | {"kind": kind, "source": src} | _code_json(r) for r, kind, src in rows
            ],
            "crossovers": [x.to_json() for x in xs],
            "crossovers_one_port": [x.to_json() for x in xs1],
        }
        if no_coded:
            body["note"] = missing
        print(json.dumps(body, ensure_ascii=False, indent=1))
        return 0 if ok else 1
    out = _schedule_lines(ex, plain, (xs, xs1), a, B, S)
    out[0] = out[0].replace("schedules on", "schedules for the two-way ring on", 1)
    out += ["", "Where each row comes from:"]
    out += [f"  {r.name}: {src}" for r, _, src in rows]
    if no_coded:
        out.append(f"note: {missing}")
    if any(r.trace is not None and r.trace.name.startswith("coded") for r in plain):
        out.append(
            "note: a coded row's sum is checked in its field (over GF(2) entries add mod 2); "
            "its messages are S/K, one each way a step"
        )
    print("\n".join(out))
    return 0 if ok else 1


def _code_json(row) -> dict:
    tr = row.trace
    if tr is None or not hasattr(tr, "n_chunks") or row.ports != 2 or row.form != "2 ports":
        return {}
    return {"K": tr.n_chunks, "T": tr.T}
