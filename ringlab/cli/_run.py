"""``ringlab run``: a code on real MPI processes, beside the library's own Allreduce.

Exit 0 every rank decoded the same as ``MPI_Allreduce`` and Theorem 2 agrees, 1 some rank did
not or Theorem 2 (exact over Q) calls the code infeasible, 2 bad input (also: data that would
not fit in free memory; the ``mpi`` extra not installed: one line, ``pip install
'ringlab[mpi]'``), 4 the engine failed (``$RINGLAB_MPIEXEC`` not found, a rank died, ranks not
started within the start-up budget, silence past ``--timeout`` once every rank was ready).

``--schedule NAME`` runs one of the library schedules (``ringlab.core.schedules``: recursive
doubling, Rabenseifner, Swing, Bruck, Trivance, NCCL's trees, …) instead of a code: each rank
runs its part of the plan as point-to-point messages (:mod:`ringlab.engine.schedule_rank`) on
float64 or int64 data, beside ``MPI_Allreduce`` of the same data.  Exit 0 every rank ended with
the same sum (int64 exactly, float64 within the engine's tolerance), 1 some rank did not (named,
with its first differing element), 2 bad input (an unknown NAME lists the known ones; an N the
schedule refuses says why), 4 the engine failed.

``--json`` writes JSON lines as they happen, for a QProcess to read one by one: a ``launch``
line, every rank event (:mod:`ringlab.engine.rank`), then ``calibration`` and/or ``result``
(or ``error``, with ``exit``) last.
"""

from __future__ import annotations

import json
import signal
import sys

from ..core.errors import RinglabError
from ..core.schedules.costs import (
    code_time,
    format_bandwidth,
    format_bytes,
    format_seconds,
    parse_bytes,
    ring_time,
)
from ..engine.launch import (
    CALIBRATION_SIZES,
    DEFAULT_SCHEDULE_BYTES,
    DEFAULT_SCHEDULE_PROCS,
    LIBRARY_ALGORITHMS,
    SCHEDULE_DTYPES,
    SILENCE_WORDS,
    STARTUP_WORDS,
    EngineError,
    calibrate,
    check_mpi,
    plan,
    plan_schedule,
    run_code,
    run_schedule,
)
from ..engine.results import SCHEDULER as SCHEDULER_NOTE
from ..engine.results import fallback_words, library_words, schedule_verdict, verdict


def register(sub) -> None:
    p = sub.add_parser(
        "run",
        help="run a code (or --schedule NAME) on N real MPI processes and compare it with MPI_Allreduce "
        "(exit 0 same sum, 1 a rank differs, 2 bad input, 4 engine failed)",
        description="Start mpiexec with one rank per node of the code: each rank runs eqs. (3)-(4) "
        "on its own data with MPI point-to-point messages around the ring, then checks "
        "its result against MPI_Allreduce of the same data and times both. Theorem 2's "
        "exact verdict is reported beside the measured one: over Q the ranks compute "
        "in float64, so a code that misses the sum by less than the tolerance is "
        "caught only there (exit 1). With --schedule NAME a library schedule "
        "(recursive doubling, Rabenseifner, Swing, Bruck, …) runs instead, each rank "
        "its part as point-to-point messages on float64 or int64 data, checked "
        "against MPI_Allreduce and timed beside it.",
    )
    _add_what_runs(p)
    _add_how_mpiexec_runs_it(p)
    p.add_argument("--seed", type=int, default=0, help="seed of the ranks' data (default 0)")
    p.add_argument(
        "--inputs",
        metavar="FILE.json",
        help="the ranks' data: N rows of K symbols, the "
        "file `ringlab simulate --inputs` reads (default: random, --size bytes); with "
        "--schedule N rows of equal length, one vector per rank (integers: int64)",
    )
    p.add_argument(
        "--calibrate",
        action="store_true",
        help="measure α and β with a ring ping-pong (and, with a code, show the model)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="JSON lines as they happen: launch, every rank event, then result (for the app)",
    )
    p.set_defaults(func=cmd_run)


def _add_what_runs(p) -> None:
    """A code or a schedule, on how many ranks, how much data, how many repetitions."""
    p.add_argument(
        "code",
        nargs="?",
        metavar="FILE|preset:NAME",
        help="a *.ringlab.json code file or preset:NAME (optional with --calibrate)",
    )
    p.add_argument("--field", help="run the code over this field instead (Q, R, GF(p), GF(p^m))")
    p.add_argument(
        "--schedule",
        metavar="NAME",
        help="run a library schedule instead of a code, as point-to-point MPI: "
        "ring, tree, recursive-doubling, rabenseifner, swing, bruck, bruck-bw, "
        "trivance, trivance-bw, nccl-tree, nccl-tree-pipelined, nccl-ring (see `ringlab compare "
        "--schedules`)",
    )
    p.add_argument(
        "--dtype",
        choices=SCHEDULE_DTYPES,
        metavar="D",
        help="with --schedule: float64 (default; compared within 1e-9 + 1e-9·|sum|) or "
        "int64 (compared exactly)",
    )
    p.add_argument(
        "--procs",
        type=int,
        metavar="N",
        help="number of ranks (default: the code's N; "
        f"{DEFAULT_SCHEDULE_PROCS} for --schedule; 2 for --calibrate alone)",
    )
    p.add_argument(
        "--size",
        metavar="BYTES",
        help="bytes of each rank's vector, e.g. 1048576, 1MiB "
        "(a multiple of K × element size; default 1024 elements per symbol; with "
        f"--schedule a multiple of 8, default {DEFAULT_SCHEDULE_BYTES})",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=5,
        metavar="R",
        help="timed repetitions; times are medians (default 5)",
    )


def _add_how_mpiexec_runs_it(p) -> None:
    """Where the ranks run, the time budgets, and the library's algorithm to compare with."""
    p.add_argument("--hostfile", metavar="F", help="mpiexec host file, to run across machines")
    p.add_argument(
        "--timeout",
        type=float,
        metavar="S",
        help=f"once every rank is ready, stop the job when no rank has said anything "
        f"for S seconds: a deadlock or a hung rank (default {SILENCE_WORDS})",
    )
    p.add_argument(
        "--startup-timeout",
        type=float,
        metavar="S",
        help=f"seconds for every rank to start (MPI initialised, data in memory) "
        f"before the job is stopped as 'ran out of time starting ranks'; default "
        f"{STARTUP_WORDS}, e.g. 58 s for 32 ranks on 2 cores",
    )
    p.add_argument(
        "--library-algorithm",
        default="auto",
        choices=LIBRARY_ALGORITHMS,
        metavar="A",
        help="MPICH's Allreduce algorithm to compare with: "
        + ", ".join(LIBRARY_ALGORITHMS)
        + " (default auto; recursive_doubling and reduce_scatter_allgather are "
        "MPICH's own recursive-doubling and rabenseifner schedules); MPI_T "
        "confirms the library took it",
    )


def _size(text) -> int | None:
    if text is None:
        return None
    v = parse_bytes(text, "--size")
    if v.denominator != 1:
        raise RinglabError(f"--size {text}: expected a whole number of bytes")
    return int(v)


def _emit(obj) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt  # SIGTERM (QProcess.terminate) ends the job like Ctrl+C does


def cmd_run(args) -> int:
    old = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        return _run(args)
    except RinglabError as e:
        if args.json:
            _emit({"event": "error", "exit": 2, "message": str(e)})
        raise
    except EngineError as e:
        if args.json:
            _emit({"event": "error", "exit": 4, "message": str(e)})
        sys.stderr.write(f"ringlab run: engine failed: {e}\n")
        return 4
    finally:
        signal.signal(signal.SIGTERM, old)


def _job_options(args) -> dict:
    """The options a code's and a schedule's plan share, as their keyword arguments."""
    return dict(
        repeat=args.repeat,
        timeout=args.timeout,
        hostfile=args.hostfile,
        algorithm=args.library_algorithm,
        seed=args.seed,
        inputs=args.inputs,
        startup=args.startup_timeout,
    )


def _report(args, res, text) -> int:
    """Say a finished job's result (JSON, or ``text()``'s lines) and return its exit code."""
    if args.json:
        _emit(res.to_json())
    else:
        print("\n".join(text()))
    if res.error:
        sys.stderr.write(f"ringlab run: engine failed: {res.error}\n")
    return res.exit_code


def _calibrate_first(args, procs: int, on_event) -> tuple[object, int | None]:
    """--calibrate before a run: (the calibration, an exit code to stop with or None)."""
    if args.json:
        _emit(
            {
                "event": "launch",
                "job": "calibrate",
                "procs": procs,
                "sizes": list(CALIBRATION_SIZES),
            }
        )
    cal = calibrate(
        procs,
        timeout=args.timeout,
        startup=args.startup_timeout,
        hostfile=args.hostfile,
        on_event=on_event,
    )
    if args.json:
        _emit(cal.to_json())
    else:
        print("\n".join(_calibration_text(cal)))
    if cal.exit_code:
        if cal.error and not args.json:
            sys.stderr.write(f"ringlab run: engine failed: {cal.error}\n")
        return cal, cal.exit_code
    return cal, None


def _run_schedule(args) -> int:
    if args.code is not None:
        raise RinglabError(
            f"--schedule {args.schedule} and {args.code}: give a code or a schedule, not both"
        )
    if args.field:
        raise RinglabError("--field is for codes; a schedule runs on --dtype float64 or int64")
    on_event = _emit if args.json else None
    sp = plan_schedule(
        args.schedule, args.procs, _size(args.size), args.dtype, **_job_options(args)
    )
    cal = None
    if args.calibrate:
        cal, stop = _calibrate_first(args, sp.procs, on_event)
        if stop is not None:
            return stop
    pl = sp.plan
    if args.json:
        _emit(
            {
                "event": "launch",
                "job": "schedule",
                "schedule": sp.name,
                "title": pl.title,
                "procs": sp.procs,
                "N": pl.N,
                "T": pl.T,
                "blocks": pl.n_blocks,
                "ports": pl.ports,
                "messages": pl.messages,
                "bytes": sp.bytes,
                "elements": sp.elements,
                "block": sp.block,
                "padding": sp.padding,
                "dtype": sp.dtype,
                "repeat": sp.repeat,
                "library_algorithm": sp.algorithm,
            }
        )
    res = run_schedule(sp, on_event=on_event)
    return _report(args, res, lambda: _schedule_text(res, cal))


def _run(args) -> int:
    from ._check import open_code

    check_mpi()  # without the mpi extra nothing below can run: say so first (exit 2)
    if args.schedule is not None:
        return _run_schedule(args)
    if args.dtype is not None:
        raise RinglabError("--dtype is for --schedule; a code runs over its field (--field)")
    if args.code is None and not args.calibrate:
        raise RinglabError("expected a code: FILE or preset:NAME (or --calibrate alone)")
    if args.code is None and (args.field or args.size or args.inputs):
        raise RinglabError("--field, --size and --inputs need a code: give FILE or preset:NAME")
    on_event = _emit if args.json else None
    pl = None
    if args.code is not None:
        code = (
            open_code(args.code)
            if args.field is None or not args.code.startswith("preset:")
            else None
        )
        if code is None:
            from ..core.presets import preset

            code = preset(args.code[len("preset:") :], args.field)
        elif args.field:
            code = code.with_field(args.field)
        pl = plan(args.code, code, args.field, args.procs, _size(args.size), **_job_options(args))
    cal = None
    if args.calibrate:
        procs = pl.procs if pl else (args.procs if args.procs is not None else 2)
        cal, stop = _calibrate_first(args, procs, on_event)
        if stop is not None or pl is None:
            return cal.exit_code
    if args.json:
        _emit(
            {
                "event": "launch",
                "job": "run",
                "code": pl.spec,
                "procs": pl.procs,
                "N": pl.code.N,
                "K": pl.code.K,
                "T": pl.code.T,
                "field": pl.code.field.name,
                "bytes": pl.bytes,
                "block": pl.block,
                "element": pl.item,
                "repeat": pl.repeat,
                "library_algorithm": pl.algorithm,
            }
        )
    res = run_code(pl, on_event=on_event)
    return _report(args, res, lambda: _run_text(args.code, res, cal))


def _calibration_text(cal) -> list[str]:
    out = [
        f"Calibration: a message around a ring of {cal.procs} ranks (one hop = round trip / "
        f"{cal.procs})"
    ]
    if cal.error:  # a failed job's times mean nothing: the error says why
        return out + [f"Engine failed: {cal.error}"]
    out.append(f"  {'bytes':>9}{'one hop':>12}")
    out += [f"  {m:>9}{format_seconds(h):>12}" for m, h in cal.points]
    if cal.alpha is not None:
        bw = format_bandwidth(1 / cal.beta) if cal.beta and cal.beta > 0 else "n/a"
        out.append(
            f"  fit h(m) = α + β·m (least squares on relative error): α = "
            f"{format_seconds(cal.alpha)}, β = {cal.beta * 1e9:.4g} ns/B (bandwidth {bw})"
        )
        if cal.alpha < 0 or cal.beta <= 0:
            out.append(
                "  (a negative α or β means the points do not lie on a line: MPI switches "
                "protocol between small and large messages, or the machine is busy)"
            )
    if cal.oversubscribed:
        out.append(f"  note: {cal.oversubscribed}: {SCHEDULER_NOTE}")
    return out


def _times_table(reps: int, bws: dict, rows) -> list[str]:
    """The median times and bandwidths, one line per (key of ``bws``, label) of ``rows``."""
    out = [
        f"Times, median of {reps} repetitions (each the slowest rank's); "
        f"algbw = S/t, busbw = algbw·2(N−1)/N:"
    ]
    w = max(len(label) for _, label in rows) + 2
    out.append(f"  {'':<{w}}{'time':>11}{'algbw':>13}{'busbw':>13}")
    for key, label in rows:
        b = bws[key]
        out.append(
            f"  {label:<{w}}{format_seconds(b['time_s']):>11}"
            f"{format_bandwidth(b['algbw_Bps']):>13}{format_bandwidth(b['busbw_Bps']):>13}"
        )
    return out


def _run_text(spec, res, cal) -> list[str]:
    p, code = res.plan, res.plan.code
    N = p.procs
    out = [
        f"{spec}" + (f" — {code.name}" if code.name else ""),
        f"N = {code.N}, K = {code.K}, T = {code.T} over {code.field.name}: {N} ranks"
        + (f" ({res.mpi})" if res.mpi else ""),
        f"S = {format_bytes(p.bytes)}"
        + (f" ({p.bytes} B)" if p.bytes >= 1000 else "")
        + f" per rank: {code.K} symbol{'s' if code.K > 1 else ''} of {p.block} × {p.item}",
    ]
    for r in range(N):
        st, d = res.starts.get(r), res.decoded.get(r)
        host = f" on {st['host']}" if st else ""
        if d is None:
            out.append(f"  rank {r}{host}: no result")
        elif d["ok"]:
            err = f", max |error| {d['max_error']:.3g}" if d.get("max_error") else ""
            n = (
                f"{d['entries']} bytes = {8 * d['entries']} GF(2) elements"
                if code.field.name == "GF(2)"
                else f"{d['entries']} entries"
            )
            out.append(f"  rank {r}{host}: decoded = MPI_Allreduce ✓ ({n}{err})")
        else:
            f = d["first"]
            out.append(
                f"  rank {r}{host}: WRONG in {d['wrong']} of {d['entries']} entries; first: "
                f"symbol k = {f['symbol']}, element {f['element']}: decoded {f['got']}, "
                f"MPI_Allreduce {f['expected']}"
            )
    out.append(verdict(res.to_json(), see=f"`ringlab check {spec}`")[1])
    bws = res.bandwidths()
    if bws:
        alg = res.plan.algorithm
        rows = (("coded", "code (Sendrecv ring)"), ("allreduce", f"MPI_Allreduce ({alg})"))
        out += _times_table(res.times.reps, bws, rows)
        if cal is not None and cal.alpha is not None and cal.beta and cal.beta > 0:
            B, a, S = 1 / cal.beta, cal.alpha, p.bytes
            out.append(
                f"  α-β model with the measured α, β: code T(α + S/(KB)) = "
                f"{format_seconds(float(code_time(code.T, code.K, S, a, B)))}, ring "
                f"2(N−1)(α + S/(NB)) = {format_seconds(float(ring_time(N, S, a, B)))}"
            )
        lib = res.to_json().get("library")
        if alg != "auto" or (lib and lib.get("ok") is False):
            line = library_words(lib)
            if line:
                out.append(f"  MPICH's algorithm: {line}")
        if res.oversubscribed:
            out.append(f"  note: {res.oversubscribed}: {SCHEDULER_NOTE}")
    return out


def _schedule_text(res, cal) -> list[str]:
    from ..core.schedules.models import closed_form_time

    p, pl = res.plan, res.plan.plan
    r = res.to_json()
    N = p.procs
    pad = f", {p.padding} zero{'s' if p.padding != 1 else ''} of padding" if p.padding else ""
    out = [
        f"schedule {p.name} — {pl.title}",
        f"N = {N} ranks"
        + (f" ({' '.join(res.mpi.split())})" if res.mpi else "")
        + f": {pl.T} step{'s' if pl.T != 1 else ''}, "
        f"{pl.messages} messages, {pl.ports} port{'s' if pl.ports != 1 else ''}",
        f"S = {format_bytes(p.bytes)}"
        + (f" ({p.bytes} B)" if p.bytes >= 1000 else "")
        + f" per rank: {p.elements} × {p.dtype} in {pl.n_blocks} block"
        + f"{'s' if pl.n_blocks != 1 else ''} of {p.block}{pad}",
    ]
    for k in r["ranks"]:
        st = res.starts.get(k["rank"])
        host = f" on {st['host']}" if st else ""
        if k["ok"] is None:
            out.append(f"  rank {k['rank']}{host}: no result")
        elif k["ok"]:
            err = f", max |error| {k['max_error']:.3g}" if k.get("max_error") else ""
            out.append(
                f"  rank {k['rank']}{host}: = MPI_Allreduce ✓ ({p.elements} element{'s' if p.elements != 1 else ''}{err})"
            )
        else:
            f = k["first"]
            out.append(
                f"  rank {k['rank']}{host}: DIFFERS in {k['wrong']} of {p.elements} "
                f"elements; first: element {f['index']} (block {f['block']}, element "
                f"{f['element']}): {f['got']}, MPI_Allreduce {f['expected']}"
            )
    out.append(schedule_verdict(r)[1])
    bws = res.bandwidths()
    if bws:
        alg = p.algorithm
        rows = (("schedule", f"{p.name} (point-to-point)"), ("allreduce", f"MPI_Allreduce ({alg})"))
        out += _times_table(res.times.reps, bws, rows)
        if cal is not None and cal.alpha is not None and cal.beta and cal.beta > 0:
            t = closed_form_time(p.name, N, p.bytes, cal.alpha, 1 / cal.beta)
            out.append(f"  α-β model (fully connected, measured α, β): {format_seconds(float(t))}")
        if alg != "auto" or (res.library and res.library.get("ok") is False):
            line = library_words(res.library)
            if line:
                out.append(f"  MPICH's algorithm: {line}")
        fb = fallback_words(alg, p.elements, N)
        if fb:
            out.append(f"  note: {fb}")
        if res.oversubscribed:
            out.append(f"  note: {res.oversubscribed}: {SCHEDULER_NOTE}")
    return out
