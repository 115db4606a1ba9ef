"""One edit to the updated window, with every view tab loaded (issue 9: hidden views must not
pay for edits).

The real main window (offscreen, 1920×1080, the editor shown, the Propagation, Schedules and
Search tabs built) on the classic ring all-reduce for N resized to K and T.  One sample: a value
typed into a cell is committed through the cell's model (``setData`` — what the cell editor
calls on Enter), then the event loop runs until every pending repaint is done: the Theorem 2
report is recomputed, the panel, the grids, the status bar and the verdict are redrawn, and a
hidden view only marks itself stale.  Alternating values make every sample a real change (the
code flips between feasible and infeasible).  Peers measured in the same run: the same window
without the view tabs, and the core's ``theorem2_report`` alone (the mathematics every edit
must pay).

    python benchmarks/bench_edit.py [SAMPLES]

Targets: N = K = 8, T = 16 under 16 ms (a frame); N = K = 16, T = 32 ≤ 50 ms;
N = 32, K = 64, T = 128 ≤ 0.5 s.
"""

import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_home = tempfile.mkdtemp(prefix="ringlab-bench-")
os.environ.setdefault("RINGLAB_DATA_DIR", os.path.join(_home, "data"))
os.environ.setdefault("XDG_CONFIG_HOME", os.path.join(_home, "cfg"))

from PySide6.QtCore import Qt  # noqa: E402

from ringlab import classic_ring, theorem2_report  # noqa: E402
from ringlab.gui.app import create_window, make_app  # noqa: E402


def measure(app, N, K, T, samples, load_views):
    code, _ = classic_ring(N).resized(K=K, T=T)
    win = create_window(
        code=code, load_views=load_views, check_recovery=False, autosave=False, use_settings=False
    )
    win.resize(1920, 1080)
    win.show()
    for _ in range(10):
        app.processEvents()
    model = win.editor.grid(3, "M").model  # node 3's M: feeds checks at every other node
    idx = model.index(2, min(5, K - 1))
    values = ["7", model.text(2, min(5, K - 1))]
    times, core = [], []
    warm = 2
    for k in range(samples + warm):
        t0 = time.perf_counter()
        ok = model.setData(idx, values[k % 2], Qt.EditRole)
        app.processEvents()
        t1 = time.perf_counter()
        assert ok
        if k >= warm:
            times.append(t1 - t0)
            c = win.document.code
            t2 = time.perf_counter()
            theorem2_report(c)
            core.append(time.perf_counter() - t2)
    assert win.document.report.feasible == (values[(samples + warm - 1) % 2] != "7")
    views = [win.view_widget(i) for i in range(1, win.tabs.count())] if load_views else []
    assert all(v is not None for v in views)
    win.ask_unsaved = lambda action: "discard"
    win.close()
    win.deleteLater()
    app.processEvents()
    return statistics.median(times), statistics.median(core)


def main():
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    app = make_app()
    print(
        f"edit → window updated and repainted, medians (offscreen, 1920×1080, "
        f"{os.cpu_count()} cores, shared machine)"
    )
    for (N, K, T), n, target in (
        ((8, 8, 16), samples, 0.016),
        ((16, 16, 32), max(samples // 3, 5), 0.05),
        ((32, 64, 128), 5, 0.5),
    ):
        full, core = measure(app, N, K, T, n, True)
        bare, _ = measure(app, N, K, T, n, False)
        print(
            f"N = {N}, K = {K}, T = {T} ({n} edits): every view loaded {full * 1e3:.1f} ms; "
            f"peer without the view tabs {bare * 1e3:.1f} ms (ratio {full / bare:.2f}×); "
            f"theorem2_report alone {core * 1e3:.1f} ms; target ≤ {target * 1e3:g} ms: "
            f"{'met' if full <= target else 'NOT met'}"
        )


if __name__ == "__main__":
    main()
