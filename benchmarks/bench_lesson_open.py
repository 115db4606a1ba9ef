"""Opening a lesson from the Lessons list: how long the GUI thread is blocked (issue 29).

Each run is a fresh process (offscreen): the window as a user gets it (the default preset's
code, 1280×720, the view tabs built after the first paint — the run waits until they are), the
Lessons panel opened and read for ``--read`` seconds (default 2), then one click on lesson N's
row in the course list, as a user clicks.
From that click the child measures

* ``paint`` — seconds to the first paint of the tab the lesson shows;
* ``ready`` — seconds until that tab shows its content (the Mesh tab: its result is in, not
  "computing …"; a tab without background work: its first paint);
* ``gap``  — the longest the GUI thread did not turn: a QTimer ticks every 20 ms from the click
  until 0.5 s after ``ready``; the largest interval between two ticks (or the click and the
  first tick).  What a user feels as a frozen window.

Peer measured in the same run, interleaved: lesson 1 (the editor tab, no drawing).  Prints the
median of each figure per lesson and its ratio to the peer's.

    python benchmarks/bench_lesson_open.py [--read S] [RUNS] [LESSON ...]   # 5 runs, 15 7
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile

CHILD = r"""
import json, os, sys, time
lesson, read = int(sys.argv[1]), float(sys.argv[2])
from PySide6.QtCore import QEvent, QObject, QTimer, Qt
from PySide6.QtTest import QTest
from ringlab import preset
from ringlab.gui.app import create_window, make_app

app = make_app()
w = create_window(code=preset("paper-k2-t3"), check_recovery=False, autosave=False)
w.ask_unsaved = lambda action: "discard"
w.resize(1280, 720)
w.show()


def pump(seconds, until=lambda: False):
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not until():
        app.processEvents()
        time.sleep(0.002)


tabs = w.tabs
pump(30, lambda: all(tabs.view(i, build=False) is not None or tabs.tabText(i) in w.view_errors()
                     for i in range(tabs.count())))     # the views are built after the first paint
w.show_lessons(True)
pump(read)                                             # the student reads the course list
panel = w.lessons_panel
item = panel.list.item(lesson - 1)
panel.list.scrollToItem(item)
app.processEvents()
rect = panel.list.visualItemRect(item)

ticks = []
timer = QTimer()
timer.setInterval(20)
timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
painted = []


class Paints(QObject):
    def eventFilter(self, obj, event):
        if not painted and event.type() == QEvent.Paint and obj.isWidgetType():
            page = tabs.currentWidget()
            if obj is page or page.isAncestorOf(obj):
                painted.append(time.perf_counter())
        return False


paints = Paints()
app.installEventFilter(paints)
timer.start()
t0 = time.perf_counter()
QTest.mouseClick(panel.list.viewport(), Qt.LeftButton, Qt.NoModifier, rect.center())
view = tabs.view(tabs.currentIndex())
pump(60, lambda: painted and not getattr(view, "busy", False))
ready = time.perf_counter()
pump(0.5)
timer.stop()
marks = [t0] + ticks
gap = max(b - a for a, b in zip(marks, marks[1:]))
print(json.dumps({"tab": tabs.tabText(tabs.currentIndex()), "paint": painted[0] - t0,
                  "ready": ready - t0, "gap": gap}), flush=True)
os._exit(0)                                  # (no teardown: the figures are all measured)
"""


def once(lesson: int, env, read: float = 2.0) -> dict:
    r = subprocess.run(
        [sys.executable, "-c", CHILD, str(lesson), str(read)],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
    )
    line = next((ln for ln in r.stdout.splitlines() if ln.startswith("{")), None)
    if r.returncode != 0 or line is None:
        raise SystemExit(f"lesson {lesson}: run failed ({r.returncode}): {r.stderr[-800:]}")
    return json.loads(line)


def main() -> None:
    args = sys.argv[1:]
    read = 2.0
    if args[:1] == ["--read"]:
        read, args = float(args[1]), args[2:]
    runs = int(args[0]) if args else 5
    lessons = [int(a) for a in args[1:]] or [15, 7]
    peer = 1
    home = tempfile.mkdtemp(prefix="ringlab-bench-")
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        RINGLAB_DATA_DIR=os.path.join(home, "data"),
        XDG_CONFIG_HOME=os.path.join(home, "cfg"),
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # (as bench_startup: a user's caches)
    once(peer, env, read)  # warm the OS file cache and bytecode
    got: dict[int, list[dict]] = {n: [] for n in [peer, *lessons]}
    for _ in range(runs):
        for n in got:  # interleaved: the same machine load
            got[n].append(once(n, env, read))

    def med(n, what):
        return statistics.median(r[what] for r in got[n])

    print(
        f"{runs} runs each, course list read {read:g} s before the click; medians in seconds "
        f"(gap: longest GUI-thread block from the click)"
    )
    print(
        f"{'lesson':>8} {'tab':<12} {'paint':>7} {'ready':>7} {'gap':>7}   ratio to lesson "
        f"{peer}: paint / gap"
    )
    for n in got:
        tab = got[n][0]["tab"]
        ratio = (
            ""
            if n == peer
            else (
                f"   {med(n, 'paint') / med(peer, 'paint'):6.2f}× / "
                f"{med(n, 'gap') / med(peer, 'gap'):.2f}×"
            )
        )
        print(
            f"{n:>8} {tab:<12} {med(n, 'paint'):7.3f} {med(n, 'ready'):7.3f} "
            f"{med(n, 'gap'):7.3f}{ratio}"
        )


if __name__ == "__main__":
    main()
