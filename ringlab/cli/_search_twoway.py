"""``ringlab search --ring two-way``: a two-way code by SAT, or a proof that none exists.

Same exit codes and the same worker process as the one-way search (:mod:`._search`): 0 found
(the file written, ``"ring": "two-way"``), 1 proven impossible (by a bound — named — or by
SAT), 3 undecided within the time limit, 2 bad arguments (one line).
"""

from __future__ import annotations

from ..core.errors import RinglabError
from ..core.search.twoway import make_twoway_spec
from ..core.twowayfile import loads_any, save_twoway
from ._search_wait import check_output, run_job


def cmd_search_twoway(args) -> int:
    spec = make_twoway_spec(args.N, args.K, args.T, args.field, args.routing_only, args.symmetric)
    if args.encoding != "fast" or args.arith != "bits":
        raise RinglabError(
            "--encoding and --arith choose among the one-way encodings; the two-way search "
            "has one encoding"
        )
    out = check_output(args)
    params = {"backend": args.backend}
    return run_job("search-two-way", spec, params, args, out, loads_any, save_twoway)
