"""Codes on real processes: an MPI ring beside the library's own All-Reduce (no Qt here).

* :mod:`.arith`   — field arithmetic on blocks of data (GF(2) as XOR words, GF(p) mod p,
  GF(2^m) by the core's tables, Q and R in float64) and the matching ``MPI.Allreduce`` op;
* :mod:`.node`    — one node's eqs. (3)–(4) on blocks, and an in-process loopback of all nodes;
* :mod:`.rank`    — the program each MPI rank runs (``python -m ringlab.engine.rank``), which
  reports JSON-line events;
* :mod:`.schedule_rank` — a rank's part of a library schedule (recursive doubling, Rabenseifner,
  Swing, Bruck, …, from ``ringlab.core.schedules``) as point-to-point messages;
* :mod:`.faults`  — the test hooks that make a rank misbehave on purpose;
* :mod:`.mpit`    — MPICH's Allreduce control variables as the library read them (MPI_T);
* :mod:`.launch`  — ``ringlab run``'s jobs: a code, a schedule, a calibration;
* :mod:`.planning` — a request checked before anything starts (exit 2);
* :mod:`.host`    — this machine's cores and free memory, and the time budgets they set;
* :mod:`.mpiexec` — starts ``mpiexec`` as a child process (MPI never enters the caller), reads
  the events, enforces the start-up and silence budgets and leaves no process behind;
* :mod:`._proc`   — what Linux's ``/proc`` says about memory and processes;
* :mod:`.results` — verdicts, medians, algbw/busbw, the α-β fit and the exit code;
  :mod:`.failure` says why a job failed;
* :mod:`.job`     — one ``ringlab run --json`` job as the app follows it.
"""
