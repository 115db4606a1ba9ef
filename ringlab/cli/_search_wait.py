"""What both ``ringlab search`` rings share: the ``-o`` check, the wait for the worker and the
answer, as lines or (``--json``) as one JSON object on stdout."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from ..core.errors import RinglabError
from ..core.search.job import SearchJob


def check_output(args) -> Path | None:
    """The ``-o`` path, refused in one line when it cannot be written."""
    if not args.timeout > 0:
        raise RinglabError(f"--timeout {args.timeout:g}: expected a positive number of seconds")
    out = Path(args.output) if args.output else None
    if out is not None:
        if out.is_dir():
            raise RinglabError(f"-o {args.output}: is a folder, expected a file name")
        if not out.parent.exists():
            raise RinglabError(f"-o {args.output}: the folder {out.parent} does not exist")
    return out


def wait_for(job: SearchJob, what: str, timeout: float) -> str | None:
    """Poll ``job`` with a progress line on stderr (``what`` names the search in it): None when
    ``job.result`` holds the answer, else ``"cancelled"`` (Ctrl+C) or ``"undecided"`` (the
    worker outran its time limit); a worker's error becomes one line."""
    tty = sys.stderr.isatty()
    label = f"ringlab search: {what}"
    last = -1e9
    try:
        while not job.finished:
            job.poll()
            if job.finished:
                break
            if job.elapsed > timeout + 10:  # the worker ignored its own limit
                job.cancel()
                break
            if tty or job.elapsed - last >= 5:
                last = job.elapsed
                msg = f"{label} … {job.elapsed:.0f} s of at most {timeout:g} s"
                sys.stderr.write(("\r" + msg) if tty else msg + "\n")
                sys.stderr.flush()
            time.sleep(0.2)
    except KeyboardInterrupt:
        job.cancel()
        sys.stderr.write(("\n" if tty else "") + "ringlab search: cancelled\n")
        return "cancelled"
    if tty:
        sys.stderr.write("\n")
    if job.error:
        raise RinglabError(job.error)
    return "undecided" if job.result is None else None


def search_json(spec, args, res: dict, code=None, file=None) -> dict:
    """``ringlab search --json``: the question (N, K, T, the field as the editor names it, the
    ring, the class, the time limit), the worker's answer (status, exit code, proof, seconds,
    the solver's formula sizes, the one-line summary) and, when found, the code file's JSON
    object (``code``) or the file it was written to (``file``)."""
    out = {
        "N": spec.N,
        "K": spec.K,
        "T": spec.T,
        "field": spec.field_name,
        "ring": args.ring,
        "class": spec.class_name,
        "routing_only": spec.routing,
        "symmetric": spec.symmetric,
        "timeout": args.timeout,
    }
    out |= {k: v for k, v in res.items() if k not in ("code", "field", "class")}
    out["proof"] = out.get("proof") or None  # named for "impossible" only
    if res.get("encoding") == "fast":  # the one-way encoder the rate table records
        from ..core.search.perfield import ENCODING_VERSION

        out["encoding_version"] = ENCODING_VERSION
    if code is not None:
        out["code"] = json.loads(code)
    if file is not None:
        out["file"] = str(file)
    return out


def _unanswered(job: SearchJob, why: str, what: str) -> dict:
    """The answer of a search that gave none: cancelled, or undecided past its time limit."""
    summary = (
        f"cancelled: {what} — after {job.elapsed:.1f} s"
        if why == "cancelled"
        else f"undecided: {what} — time limit reached after {job.elapsed:.1f} s"
    )
    return {"status": why, "exit_code": 3, "seconds": round(job.elapsed, 3), "summary": summary}


def run_job(kind: str, spec, params: dict, args, out: Path | None, load, save) -> int:
    """Run the worker's ``kind`` search for ``spec`` (``params`` after the spec and the
    timeout), wait, and report: the summary and the exit code, or for a found code the file
    (read back by ``load``, written by ``save`` to ``out``) or, without ``-o``, the code on
    stdout and the summary on stderr."""
    job = SearchJob(
        kind,
        {
            "N": spec.N,
            "K": spec.K,
            "T": spec.T,
            "field": spec.field,
            "routing": spec.routing,
            "symmetric": spec.symmetric,
            "timeout": args.timeout,
            **params,
        },
    ).start()
    why = wait_for(job, spec.describe(), args.timeout)
    res = job.result if why is None else _unanswered(job, why, spec.describe())
    as_json = getattr(args, "json", False)

    def say_json(**answer) -> None:  # --json: the one object on stdout
        print(json.dumps(search_json(spec, args, res, **answer), ensure_ascii=False, indent=1))

    if res["status"] != "found":
        if as_json:
            say_json()
        elif why != "cancelled":  # (a cancel was said on stderr)
            print(res["summary"])
        return int(res["exit_code"])
    code = load(res["code"], "search result")
    if out is None:
        if as_json:
            say_json(code=res["code"])
            return 0
        sys.stderr.write(res["summary"] + "\n")
        sys.stdout.write(res["code"])
        return 0
    try:
        save(code, out)
    except OSError as e:
        raise RinglabError(f"-o {args.output}: cannot write ({e.strerror})") from None
    if as_json:
        say_json(file=out)
        return 0
    print(res["summary"])
    print(f"wrote {out}")
    return 0
