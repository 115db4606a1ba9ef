"""``ringlab search --ring two-way``: a two-way code by SAT, or a proof that none exists.

Same exit codes and the same worker process as the one-way search (:mod:`._search`): 0 found
(the file written, ``"ring": "two-way"``), 1 proven impossible (by a bound — named — or by
SAT), 3 undecided within the time limit, 2 bad arguments (one line).
"""

from __future__ import annotations

import sys

from ..core.errors import RinglabError
from ..core.search.job import SearchJob
from ..core.search.twoway import make_twoway_spec
from ..core.twowayfile import loads_any, save_twoway
from ._search_wait import check_output, wait_for


def cmd_search_twoway(args) -> int:
    spec = make_twoway_spec(args.N, args.K, args.T, args.field, args.routing_only, args.symmetric)
    if args.encoding != "fast" or args.arith != "bits":
        raise RinglabError(
            "--encoding and --arith choose among the one-way encodings; the two-way search "
            "has one encoding"
        )
    out = check_output(args)
    job = SearchJob(
        "search-two-way",
        {
            "N": spec.N,
            "K": spec.K,
            "T": spec.T,
            "field": spec.field,
            "routing": spec.routing,
            "symmetric": spec.symmetric,
            "timeout": args.timeout,
            "backend": args.backend,
        },
    ).start()
    done = wait_for(job, spec.describe(), args.timeout)
    if done is not None:
        return done
    res = job.result
    if res["status"] != "found":
        print(res["summary"])
        return int(res["exit_code"])
    if out is None:
        sys.stderr.write(res["summary"] + "\n")
        sys.stdout.write(res["code"])
        return 0
    code = loads_any(res["code"], "search result")
    try:
        save_twoway(code, out)
    except OSError as e:
        raise RinglabError(f"-o {args.output}: cannot write ({e.strerror})") from None
    print(res["summary"])
    print(f"wrote {out}")
    return 0
