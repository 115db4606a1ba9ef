"""Issue 20: opening the Propagation *view* (Qt, offscreen) on ``preset:classic-ring-n32``,
and one step — the window's own cost, not just the renderer's (``bench_large.py``).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_propagation_view.py [--rounds 5]

Per round a fresh window (1280×720) is made and shown on the Theorem 2 panel; then timed:

* open — ``show_view("Propagation")`` until the view has drawn its first frame (with the
  summary, the background computation included: until its result is painted);
* longest freeze — the longest gap between ticks of a 0 ms timer during the open, i.e. the
  longest the window could not handle an event (what the user feels as "frozen");
* step — ``state.step`` 0 → 1 and the repaint.

Rows: the view as it opens at N = 32 (the heat-map summary once it exists), the full $G_T$
drawing at N = 32 (the "Full graph" toggle; before issue 20 the only drawing — the peer), and
the full drawing at N = 8 (classic-ring-n8 if present, else the classic ring of 8).  Medians of
wall-clock ms; the ratios are against the full N = 32 drawing measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_home = tempfile.mkdtemp(prefix="ringlab-bench-home-")
os.environ.setdefault("RINGLAB_DATA_DIR", os.path.join(_home, "data"))
os.environ.setdefault("XDG_CONFIG_HOME", os.path.join(_home, "config"))


def one_round(code, full: bool) -> tuple[float, float, float]:
    """(open ms, longest freeze ms, step ms) for a fresh window on ``code``."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from ringlab.gui.app import create_window

    app = QApplication.instance()
    w = create_window(code, check_recovery=False, autosave=False, use_settings=False)
    w.resize(1280, 720)
    w.show()
    for _ in range(3):
        app.processEvents()
    _, v = w.view_by_title("Propagation")
    if hasattr(v, "set_full_graph"):
        v.set_full_graph(full)
    gaps, last = [], [time.perf_counter()]

    def tick():
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer(interval=0)
    timer.timeout.connect(tick)
    timer.start()
    a = time.perf_counter()
    last[0] = a
    w.show_view("Propagation")
    app.processEvents()
    while getattr(v, "busy", False) or v.trace is None:
        app.processEvents()
    app.processEvents()
    opened = time.perf_counter() - a
    timer.stop()
    gaps.append(time.perf_counter() - last[0])
    b = time.perf_counter()
    v.state.step = 1
    v.canvas.repaint()
    app.processEvents()
    step = time.perf_counter() - b
    w.close()
    w.deleteLater()
    app.processEvents()
    return 1000 * opened, 1000 * max(gaps), 1000 * step


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    from ringlab import classic_ring, preset
    from ringlab.gui.app import make_app

    make_app()
    n32 = preset("classic-ring-n32")
    try:
        n8 = preset("classic-ring-n8")
    except Exception:
        n8 = classic_ring(8)
    rows = [
        ("N = 32, as it opens", n32, False),
        ("N = 32, full G_T (peer)", n32, True),
        ("N = 8, full G_T", n8, True),
    ]
    one_round(n8, True)  # warm-up: fonts, imports
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; wall-clock ms")
    res = {}
    for name, code, full in rows:
        runs = [one_round(code, full) for _ in range(args.rounds)]
        res[name] = [statistics.median(r[j] for r in runs) for j in range(3)]
    peer = res["N = 32, full G_T (peer)"]
    for name, (o, f, s) in res.items():
        print(
            f"  {name:26s} open {o:6.0f}  longest freeze {f:6.0f}  step {s:6.0f}"
            f"   (×{o / peer[0]:.2f} / ×{f / peer[1]:.2f} / ×{s / peer[2]:.2f} of the peer)"
        )


if __name__ == "__main__":
    main()
