"""``ringlab search``: find a code by SAT, or prove none exists in a class.

Every answer names the field as the editor and code files do (``GF(2^2)``, ``GF(2^3)`` as well as
GF(p); ``--field GF(4)`` is read as GF(2^2)) and the class.
Exit codes: 0 found (file written), 1 proven impossible in that class and field,
3 undecided within the time limit, 2 bad arguments (one line).  ``--json``: the answer as one
JSON object on stdout (:func:`._search_wait.search_json`), the same exit codes.
"""

from __future__ import annotations

import argparse

from ..core.codefile import loads_code, save_code
from ..core.search import BACKENDS, make_spec
from ..core.search.encode import ARITHS, KINDS
from ._search_wait import check_output, run_job


def register(sub) -> None:
    p = sub.add_parser(
        "search",
        help="find a feasible code by SAT or prove none exists "
        "(exit 0 found, 1 impossible, 3 undecided, 2 bad input)",
    )
    p.add_argument("--N", type=int, required=True, help="ring size (nodes 0..N-1)")
    p.add_argument("--K", type=int, required=True, help="message symbols per node")
    p.add_argument("--T", type=int, required=True, help="time units")
    p.add_argument(
        "--field",
        default="GF(2)",
        help="GF(p) for a prime p ≤ 31, or GF(2^2), GF(2^3), GF(2^4) (also written "
        "GF(4), GF(8), GF(16); searched with elements as m bits); default GF(2)",
    )
    p.add_argument(
        "--routing-only",
        action="store_true",
        help="only reduce-multicast codes (the paper's Sec. III-B shape)",
    )
    p.add_argument(
        "--symmetric",
        action="store_true",
        help="only rotationally symmetric codes (node i = node 0 with indices shifted by i)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        metavar="S",
        help="give up after S seconds: exit 3, undecided (default 60)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="where to write a found code (default: print it to stdout)",
    )
    p.add_argument(
        "--ring",
        default="one-way",
        choices=("one-way", "two-way"),
        help="one-way: the paper's directed ring (default); two-way: every node sends one "
        "symbol each way per time unit",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print the answer as one JSON object (status, exit code, proof, seconds, the "
        "summary, and the code found or the file written) instead of lines",
    )
    p.add_argument("--encoding", default="fast", choices=sorted(KINDS), help=argparse.SUPPRESS)
    p.add_argument("--backend", default="cadical", choices=sorted(BACKENDS), help=argparse.SUPPRESS)
    p.add_argument("--arith", default="bits", choices=sorted(ARITHS), help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_search)


def cmd_search(args) -> int:
    if args.ring == "two-way":
        from ._search_twoway import cmd_search_twoway

        return cmd_search_twoway(args)
    spec = make_spec(args.N, args.K, args.T, args.field, args.routing_only, args.symmetric)
    out = check_output(args)
    params = {"encoding": args.encoding, "backend": args.backend, "arith": args.arith}
    return run_job("search", spec, params, args, out, loads_code, save_code)
