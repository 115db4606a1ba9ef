"""Start-up of the desktop app: process start to the first paint of the window.

Runs the real app (``python -m ringlab``, default preset) offscreen in a fresh process several
times; the app prints the seconds from its process start (kernel start time, /proc) to the first
paint of the Theorem 2 panel and quits (``RINGLAB_EXIT_AFTER_PAINT=1``).  Peer measured in the
same run: a bare PySide6 window (QApplication + one QLabel) to its first paint, i.e. the floor
any Qt app pays here.  Also reported: when the extra view tabs (imported after the first paint,
some draw with matplotlib) are in.  Second pair: the whole ``ringlab screenshot`` process
(editor, 1280×720, to a PNG) against a bare PySide6 process that shows a QLabel, grabs it and
writes a PNG.  Third peer: the bare window after importing what the app has imported at its
first paint (the imports' share of the start).  Target: both ratios against bare Qt ≤ 1.8×
(median of ≥ 10 runs, same run).  Also printed: each whole process's CPU time (user + system),
which other people's jobs on a shared machine move less than the wall time.

Both sides run with PySide6's own type creation: every process here is started without
``PYSIDE6_OPTION_LAZY`` (removed from the environment, so a value a user exported does not
tilt one side), i.e. shiboken's default 1 — a Qt class is built on first use, for PySide6's
modules.  Neither the app nor a peer sets it.  (6.11.3, measured 2026-11-29: 1, 2 and 3 make
the same classes as unset, ``len(vars(PySide6.QtWidgets))`` 15 after the import, and the app
runs the same instructions to its first paint, 1.487 G; 0 builds all 206 at the import: 1.842 G,
a quarter more.)

``--instructions`` instead counts the instructions each process executes from its start to
its exit under callgrind (valgrind; one run each, ~4 min): the app to its first paint, the
bare label, the imports-only peer, and the two screenshot processes.  The count does not
move with other people's jobs, so it compares two versions of the code on a shared machine
where the wall-time ratio moves by a third between runs.

    python benchmarks/bench_startup.py [RUNS]
    python benchmarks/bench_startup.py --instructions
"""

import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PEER = r"""
import os, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel
def start():
    with open(f"/proc/{os.getpid()}/stat") as f:
        ticks = int(f.read().rsplit(")", 1)[1].split()[19])
    with open("/proc/uptime") as f:
        up = float(f.read().split()[0])
    return time.time() - up + ticks / os.sysconf("SC_CLK_TCK")
app = QApplication(sys.argv[:1])
w = QLabel("hello")
class F(QObject):
    def eventFilter(self, o, e):
        if e.type() == QEvent.Paint:
            QTimer.singleShot(0, lambda: (print(f"first-paint {time.time() - start():.4f}", flush=True), app.exit(0)))
        return False
f = F(); w.installEventFilter(f); w.show(); app.exec()
"""

PEER_SHOT = r"""
import sys
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication(sys.argv[:1])
w = QLabel("hello"); w.resize(1280, 720); w.show(); app.processEvents()
w.grab().save(sys.argv[1], "PNG")
"""


# the app's own modules at its first paint (the app reads its start time exactly then)
MODULES = r"""
import sys
import ringlab.gui.app as app
start = app._process_start
def at_first_paint():
    print("modules", *sorted(sys.modules), file=sys.stderr)
    return start()
app._process_start = at_first_paint
from ringlab.cli import main
sys.exit(main([]))
"""


def floor_peer(env):
    """The bare peer after importing every ringlab and flint module the app has at its
    first paint (with the Qt classes and enums they import): what the imports alone cost."""
    r = subprocess.run(
        [sys.executable, "-c", MODULES], capture_output=True, text=True, env=env, timeout=60
    )
    line = next(x for x in r.stderr.splitlines() if x.startswith("modules "))
    mods = [m for m in line.split()[1:] if m.split(".")[0] in ("ringlab", "flint")]
    # (as the app does before its window's imports: PySide6's import hook is told what it
    # would read in each module's source, see ringlab.gui.app.spare_the_source_scan)
    pre = "import importlib, ringlab.gui.app\nringlab.gui.app.spare_the_source_scan()\n" + "".join(
        f"importlib.import_module({m!r})\n" for m in mods if m.count(".") < 3
    )
    return PEER.replace("app = QApplication", pre + "app = QApplication", 1)


def wall(cmd, env):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
    if r.returncode != 0:
        raise SystemExit(f"run failed ({r.returncode}): {r.stderr[-400:]}")
    return time.perf_counter() - t0


def children_cpu() -> float:
    """User + system CPU seconds of this process's waited-for children so far."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def once(cmd, env):
    """(first paint, wall, views loaded, CPU seconds of the whole process)."""
    t0, cpu0 = time.perf_counter(), children_cpu()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
    wall, cpu = time.perf_counter() - t0, children_cpu() - cpu0
    if r.returncode != 0 or not r.stdout.startswith("first-paint"):
        raise SystemExit(f"run failed ({r.returncode}): {r.stdout} {r.stderr}")
    words = r.stdout.split()
    views = float(words[3]) if len(words) > 3 else float("nan")
    return float(words[1]), wall, views, cpu


TARGET = 1.8


def callgrind(cmd, env) -> int:
    """Instructions ``cmd`` executes from its start to its exit, counted by callgrind."""
    r = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    found = re.search(r"Collected : (\d+)", r.stderr)
    if r.returncode != 0 or found is None:
        raise SystemExit(f"callgrind run failed ({r.returncode}): {r.stderr[-400:]}")
    return int(found.group(1))


def instructions(env, home) -> None:
    """``--instructions``: each process once under callgrind; ratios of the counts."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    png = os.path.join(home, "shot.png")
    shot = [sys.executable, "-m", "ringlab", "screenshot", "-o", png, "--size", "1280x720"]
    app = callgrind([sys.executable, "-m", "ringlab"], env)
    peer = callgrind([sys.executable, "-c", PEER], env)
    floor = callgrind([sys.executable, "-c", floor_peer(env)], env)
    s1, s0 = callgrind(shot, env), callgrind([sys.executable, "-c", PEER_SHOT, png], env)
    g = lambda n: f"{n / 1e9:.3f} G"  # noqa: E731
    print(f"instructions, process start → exit (callgrind, load {os.getloadavg()[0]:.2f})")
    print(
        f"ringlab to its first paint: {g(app)}; bare PySide6 label: {g(peer)} ({app / peer:.2f}×)"
    )
    print(f"bare label + the app's imports: {g(floor)} ({floor / peer:.2f}×): the imports' share")
    print(f"`ringlab screenshot`: {g(s1)}; bare grab → PNG: {g(s0)} ({s1 / s0:.2f}×)")


def verdict(ratio):
    return f"target ≤ {TARGET}×: {'met' if ratio <= TARGET else 'NOT met'}"


def parse_args(args) -> tuple[int, bool]:
    """(runs, --instructions) from the command line; anything else is one line, exit 2."""
    counts = [a for a in args if a != "--instructions"]
    if len(counts) > 1 or (counts and not counts[0].isdigit()):
        print(
            f"bench_startup: {' '.join(counts)!r}: expected RUNS (a whole number, at least 10) "
            f"and/or --instructions",
            file=sys.stderr,
        )
        raise SystemExit(2)
    return (max(10, int(counts[0])) if counts else 11), "--instructions" in args


def main():
    runs, count_instructions = parse_args(sys.argv[1:])
    home = tempfile.mkdtemp(prefix="ringlab-bench-")
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        RINGLAB_EXIT_AFTER_PAINT="1",
        RINGLAB_DATA_DIR=os.path.join(home, "data"),
        XDG_CONFIG_HOME=os.path.join(home, "cfg"),
    )
    # a user's Python caches bytecode (pip compiles a wheel's modules at install); this
    # machine's environment sets PYTHONDONTWRITEBYTECODE, which would recompile every module on
    # every start (~0.1 s) and measure the compiler, not the app
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYSIDE6_OPTION_LAZY", None)  # PySide6's default on both sides (see above)
    once([sys.executable, "-m", "ringlab"], env)  # warm the OS file cache once
    if count_instructions:
        return instructions(env, home)
    app, peer, full, floor = [], [], [], []
    env_views = dict(env, RINGLAB_EXIT_AFTER_PAINT="views")
    imports_only = floor_peer(env)
    for _ in range(runs):  # interleaved: same machine load
        app.append(once([sys.executable, "-m", "ringlab"], env))
        peer.append(once([sys.executable, "-c", PEER], env))
        full.append(once([sys.executable, "-m", "ringlab"], env_views))
        floor.append(once([sys.executable, "-c", imports_only], env))
    png = os.path.join(home, "shot.png")
    shot, shot_peer = [], []
    for _ in range(runs):
        shot.append(
            wall(
                [sys.executable, "-m", "ringlab", "screenshot", "-o", png, "--size", "1280x720"],
                env,
            )
        )
        shot_peer.append(wall([sys.executable, "-c", PEER_SHOT, png], env))
    med = lambda xs, k: statistics.median(x[k] for x in xs)  # noqa: E731
    load = os.getloadavg()[0]
    print(f"runs: {runs} (offscreen, {os.cpu_count()} cores, shared machine, load {load:.2f})")
    print(
        f"ringlab: process start → first paint  median {med(app, 0):.3f} s "
        f"(min {min(a[0] for a in app):.3f}, max {max(a[0] for a in app):.3f}); "
        f"whole process wall {med(app, 1):.3f} s"
    )
    print(
        f"peer (bare PySide6 QLabel): first paint median {med(peer, 0):.3f} s; wall {med(peer, 1):.3f} s"
    )
    print(
        f"ringlab with the extra view tabs loaded (after the first paint): median {med(full, 2):.3f} s"
    )
    print(
        f"peer + only the app's imports (ringlab, flint): first paint median "
        f"{med(floor, 0):.3f} s ({med(floor, 0) / med(peer, 0):.2f}× bare Qt): the imports' share"
    )
    r1 = med(app, 0) / med(peer, 0)
    print(f"ratio ringlab / bare Qt, start → first paint: {r1:.2f}× ({verdict(r1)})")
    # CPU time is what the start costs the machine; it moves less than the wall time when
    # other people's jobs share the cores (the whole process: its teardown after the paint too)
    print(
        f"CPU of the whole process (user + system), median: ringlab {med(app, 3):.3f} s, "
        f"bare Qt {med(peer, 3):.3f} s ({med(app, 3) / med(peer, 3):.2f}×)"
    )
    s1, s0 = statistics.median(shot), statistics.median(shot_peer)
    print(
        f"`ringlab screenshot` whole process median {s1:.3f} s; peer (bare PySide6 grab → PNG) "
        f"{s0:.3f} s; ratio {s1 / s0:.2f}× ({verdict(s1 / s0)})"
    )


if __name__ == "__main__":
    main()
