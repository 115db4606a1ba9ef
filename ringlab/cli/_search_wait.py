"""What both ``ringlab search`` rings share: the ``-o`` check and the wait for the worker."""

from __future__ import annotations

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


def wait_for(job: SearchJob, what: str, timeout: float) -> int | None:
    """Poll ``job`` with a progress line on stderr: exit code 3 when it was cancelled or ran
    out of time (``what`` names the search in the line), None when ``job.result`` holds the
    answer; a worker's error becomes one line."""
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
        return 3
    if tty:
        sys.stderr.write("\n")
    if job.error:
        raise RinglabError(job.error)
    if job.result is None:
        print(f"undecided: {what} — time limit reached after {job.elapsed:.1f} s")
        return 3
    return None


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
    done = wait_for(job, spec.describe(), args.timeout)
    if done is not None:
        return done
    res = job.result
    if res["status"] != "found":
        print(res["summary"])
        return int(res["exit_code"])
    code = load(res["code"], "search result")
    if out is None:
        sys.stderr.write(res["summary"] + "\n")
        sys.stdout.write(res["code"])
        return 0
    try:
        save(code, out)
    except OSError as e:
        raise RinglabError(f"-o {args.output}: cannot write ({e.strerror})") from None
    print(res["summary"])
    print(f"wrote {out}")
    return 0
