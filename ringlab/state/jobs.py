"""One job runner for work in flight (no Qt): a thread or a spawned process, cancel, a result
keyed by its input.

The window gives the runner a ``post`` function that hands a finished job's callback to the GUI
thread (:mod:`ringlab.gui.jobs`); headless (``ringlab lessons check``, tests of the state) the
runner runs every job at once on the caller's thread, so a lesson's replay sees the same
results the window does, only sooner.

A job is named by its ``key`` — the input it computes for.  Submitting a key already running
keeps that job; :meth:`JobRunner.cancel` drops it (a process is killed; a thread's result is
dropped when it arrives).  A callback is delivered only for a job still current: a result for
an input nobody wants any more is never applied.

>>> runner = JobRunner()                       # synchronous: the callback runs now
>>> got = []
>>> _ = runner.submit(("square", 7), pow, 7, 2, on_done=got.append)
>>> got, runner.running()
([49], [])
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(eq=False)
class Job:
    """One piece of work: ``fn(*args)`` for ``key``; ``status`` is ``running``, ``done``,
    ``failed`` or ``cancelled``."""

    key: object
    fn: Callable
    args: tuple
    process: bool = False
    on_done: Callable | None = None
    on_error: Callable | None = None
    status: str = "running"
    result: object = None
    error: str | None = None
    _proc: object = field(default=None, repr=False)
    _wake: threading.Event = field(default_factory=threading.Event, repr=False)
    _ended: threading.Event = field(default_factory=threading.Event, repr=False)
    _after: Job | None = field(default=None, repr=False)

    @property
    def alive(self) -> bool:
        return self.status == "running"

    @property
    def process_alive(self) -> bool:
        """Whether this job's process (if it has one) is still running."""
        return self._proc is not None and self._proc.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until this job has ended — its outcome handed to the runner (and so to
        ``post``), or dropped because it was cancelled before it started — for at most
        ``timeout`` seconds (None: as long as it takes); whether it ended.  A caller that must
        not leave work behind (the window closing, a headless script) waits on it."""
        return self._ended.wait(timeout)


def _call_in_child(conn, fn, args) -> None:
    """The child side of a process job: send ``("ok", result)`` or ``("error", text)``."""
    try:
        msg = ("ok", fn(*args))
    except Exception as e:  # said by the parent, never lost
        msg = ("error", f"{type(e).__name__}: {e}")
    try:
        conn.send(msg)
    except (BrokenPipeError, OSError):  # the parent stopped waiting (cancelled)
        pass
    finally:
        conn.close()


class JobRunner:
    """Runs jobs; see the module docstring.  ``post(callable)`` runs a callable on the thread
    that owns the state (None: jobs run synchronously, at once)."""

    def __init__(self, post: Callable[[Callable], None] | None = None):
        self._post = post
        self._jobs: dict = {}  # key -> Job, the jobs still wanted
        self._lock = threading.Lock()

    @property
    def synchronous(self) -> bool:
        return self._post is None

    def running(self) -> list:
        """The keys of the jobs running now."""
        with self._lock:
            return [k for k, j in self._jobs.items() if j.alive]

    def jobs(self) -> list[Job]:
        """The jobs running now."""
        with self._lock:
            return [j for j in self._jobs.values() if j.alive]

    def is_running(self, key) -> bool:
        with self._lock:
            j = self._jobs.get(key)
        return j is not None and j.alive

    def submit(
        self,
        key,
        fn: Callable,
        *args,
        process: bool = False,
        delay: float = 0,
        replace: bool = False,
        on_done: Callable | None = None,
        on_error: Callable | None = None,
    ) -> Job:
        """Run ``fn(*args)`` for ``key``; ``on_done(result)`` or ``on_error(text)`` once it
        ends, if it is still wanted.  ``process=True`` runs it in a spawned process (it can be
        stopped at once; ``fn`` and ``args`` must pickle), started after ``delay`` seconds if
        it is still wanted then (typing a row does not start a process per key).

        A key already running keeps its job (the newest callbacks hear it) — unless
        ``replace``: the ``key`` names a slot (a view's one computation) whose input changed;
        the old job's result is dropped and the new one starts when the old thread ends, so
        a slot never has two threads computing at once."""
        with self._lock:
            old = self._jobs.get(key)
            if old is not None and old.alive and not replace:
                old.on_done, old.on_error = on_done, on_error  # the newest reader hears it
                return old
        if old is not None and old.alive:
            self.cancel(key)
        job = Job(key, fn, tuple(args), process, on_done, on_error)
        if old is not None and not process:
            job._after = old
        with self._lock:
            self._jobs[key] = job
        if self._post is None:
            try:
                msg = ("ok", fn(*args))
            except Exception as e:  # noqa: BLE001 — reported through on_error
                msg = ("error", f"{type(e).__name__}: {e}")
            self._finish(job, msg)
            job._ended.set()
        elif process:
            threading.Thread(
                target=self._start_process, args=(job, delay), daemon=True, name="ringlab-job-wait"
            ).start()
        else:
            threading.Thread(
                target=self._run_thread,
                args=(job,),
                daemon=True,
                name=f"ringlab-job-{type(key).__name__}",
            ).start()
        return job

    def cancel(self, key=None) -> None:
        """Drop the job for ``key`` (every job when None): its result is never delivered."""
        with self._lock:
            jobs = list(self._jobs.values()) if key is None else [self._jobs.get(key)]
            for j in jobs:
                if j is not None:
                    self._jobs.pop(j.key, None)
        for j in jobs:
            if j is not None and j.alive:
                j.status = "cancelled"
                j._wake.set()
                if j._proc is not None and j._proc.is_alive():
                    j._proc.kill()

    def shutdown(self) -> None:
        self.cancel()

    # -- the work ---------------------------------------------------------------------------
    def _run_thread(self, job: Job) -> None:
        try:
            if job._after is not None:
                job._after.wait()  # one computation per slot at a time
                job._after = None
            if not job.alive:
                return  # replaced while it waited
            try:
                msg = ("ok", job.fn(*job.args))
            except Exception as e:  # noqa: BLE001 — reported through on_error
                msg = ("error", f"{type(e).__name__}: {e}")
            self._deliver(job, msg)
        finally:
            job._ended.set()

    def _start_process(self, job: Job, delay: float) -> None:
        import multiprocessing as mp

        if delay and job._wake.wait(delay) or not job.alive:
            job._ended.set()
            return  # cancelled before it started
        ctx = mp.get_context("spawn")  # never fork a process with GUI threads
        parent, child = ctx.Pipe(duplex=False)
        proc = ctx.Process(
            target=_call_in_child, args=(child, job.fn, job.args), daemon=True, name="ringlab-job"
        )
        try:
            proc.start()
        except Exception as e:  # noqa: BLE001 — e.g. an input that does not
            parent.close()  # pickle: said, never a status left hanging
            child.close()
            self._deliver(job, ("error", f"the job could not start: {type(e).__name__}: {e}"))
            job._ended.set()
            return
        child.close()
        job._proc = proc
        if not job.alive:  # cancelled while it started
            proc.kill()
        try:
            msg = parent.recv()
        except (EOFError, OSError):  # killed (cancelled) or died
            msg = ("error", "the process ended without a result")
        finally:
            parent.close()
        proc.join(5)
        self._deliver(job, msg)
        job._ended.set()

    def _deliver(self, job: Job, msg) -> None:
        try:
            self._post(lambda: self._finish(job, msg))
        except RuntimeError:  # the window (and its poster) went away
            pass

    def _finish(self, job: Job, msg) -> None:
        with self._lock:
            wanted = self._jobs.get(job.key) is job and job.alive
            if wanted:
                del self._jobs[job.key]
        if not wanted:
            return  # cancelled, or replaced by a newer job
        kind, value = msg
        if kind == "ok":
            job.status, job.result = "done", value
            if job.on_done is not None:
                job.on_done(value)
        else:
            job.status, job.error = "failed", value
            if job.on_error is not None:
                job.on_error(value)
