"""CPU of ``compare(N=32)``: the classic ring as a code (built, Theorem 2, coded trace), the ring
and the tree on the 32-core worked example (issue 31).

Each sample is a fresh process (the coded trace is cached per code) timing ``compare(N=32)``
alone with ``time.process_time`` (imports excluded).  Peer, same run: the same measurement on
another source tree, e.g. the commit before a change checked out as a worktree
(``git worktree add /tmp/cmp-before HEAD``): that tree is put first on ``sys.path`` and the
editable install's finder taken off ``sys.meta_path``, so its ``ringlab`` is imported.  The
two are alternated, RUNS each; read the medians and the ratio (a shared 2-core box).

    python benchmarks/bench_compare_n32.py [RUNS] [--peer TREE]
"""

import os
import statistics
import subprocess
import sys
import time


def one(tree: str | None) -> float:
    if tree:
        sys.path.insert(0, tree)
        sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__]
    import ringlab
    from ringlab.core.schedules import compare

    if tree and not ringlab.__file__.startswith(os.path.abspath(tree)):
        raise SystemExit(f"--peer {tree}: imported ringlab from {ringlab.__file__} instead")
    t = time.process_time()
    c = compare(N=32)
    dt = time.process_time() - t
    assert c.coded is not None and len(c.coded.steps) == 62
    return dt


def main(runs: int, peer: str | None) -> None:
    trees = {"this tree": None} | ({f"peer {peer}": peer} if peer else {})
    got = {k: [] for k in trees}
    for _ in range(runs):
        for name, tree in trees.items():
            args = [sys.executable, __file__, "--one"] + ([tree] if tree else [])
            out = subprocess.run(args, capture_output=True, text=True, check=True)
            got[name].append(float(out.stdout.split()[-1]))
    med = {k: statistics.median(v) for k, v in got.items()}
    for k, v in got.items():
        print(f"{k:>24}: median {med[k]:.2f} s CPU  ({', '.join(f'{x:.2f}' for x in v)})")
    if peer:
        print(f"ratio peer/this: {med[f'peer {peer}'] / med['this tree']:.2f}", end="  ")
    print(f"(load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    argv = sys.argv[1:]
    if argv[:1] == ["--one"]:
        print(one(argv[1] if len(argv) > 1 else None))
    else:
        peer = None
        if "--peer" in argv:
            i = argv.index("--peer")
            if i + 1 >= len(argv):
                raise SystemExit("--peer needs a source tree, e.g. --peer /tmp/cmp-before")
            peer = argv[i + 1]
            del argv[i : i + 2]
        try:
            runs = int(argv[0]) if argv else 5
        except ValueError:
            raise SystemExit(f"RUNS must be a whole number of runs, got {argv[0]!r}") from None
        main(runs, peer)
