"""One edit to the updated window, N = K = 8, T = 16 (target: median < 16 ms, one frame).

The real main window (offscreen, 1920×1080) on the classic ring all-reduce for N = 8 (K = 8)
given T = 16.  One sample: a value typed into a cell is committed through the cell's model
(``setData`` — what the cell editor calls on Enter), then the event loop runs until every
pending repaint is done: the Theorem 2 report is recomputed, the panel, the grids, the status
bar and the verdict are redrawn.  Alternating values make every sample a real change (the
code flips between feasible and infeasible).  Peer measured in the same run: the core's
``theorem2_report`` alone, the mathematics every edit must pay.

    python benchmarks/bench_edit.py [SAMPLES]
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


def main():
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    app = make_app()
    code, _ = classic_ring(8).resized(T=16)
    assert code.shape == (8, 8, 16)
    win = create_window(code=code, load_views=False, check_recovery=False, autosave=False,
                        use_settings=False)
    win.resize(1920, 1080)
    win.show()
    for _ in range(10):
        app.processEvents()
    model = win.editor.grid(3, "M").model      # node 3's M: feeds checks at every other node
    idx = model.index(2, 5)
    values = ["7", model.text(2, 5)]
    times, core = [], []
    for k in range(samples + 10):
        t0 = time.perf_counter()
        ok = model.setData(idx, values[k % 2], Qt.EditRole)
        app.processEvents()
        t1 = time.perf_counter()
        assert ok
        if k >= 10:
            times.append(t1 - t0)
        c = win.document.code
        t2 = time.perf_counter()
        theorem2_report(c)
        core.append(time.perf_counter() - t2)
    assert win.document.report.feasible == (values[(samples + 9) % 2] != "7")
    med, core_med = statistics.median(times), statistics.median(core)
    p90 = statistics.quantiles(times, n=10)[-1]
    print(f"N = K = 8, T = 16, {samples} edits (offscreen, 1920×1080, {os.cpu_count()} cores, shared machine)")
    print(f"edit → window updated and repainted: median {med * 1e3:.2f} ms, p90 {p90 * 1e3:.2f} ms")
    print(f"peer, theorem2_report alone: median {core_med * 1e3:.2f} ms "
          f"(the GUI adds {(med - core_med) * 1e3:.2f} ms, ratio {med / core_med:.1f}×)")
    print(f"target < 16 ms: {'met' if med < 0.016 else 'NOT met'}")


if __name__ == "__main__":
    main()
