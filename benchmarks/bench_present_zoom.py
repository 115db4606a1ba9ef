"""Present mode's Z: CPU seconds of each key press, against the previous zoom search.

A lecturer presses Z to enlarge a walkthrough slide; each press searches the largest zoom
that still fits (no overlapping, cut or tiny text; the graph and table no smaller).  The
previous search bisected with a check at every step of the walkthrough for each trial, and
answered a Z pressed again at "the most that fits" by searching again.  Now the bisection
tries each zoom at the step shown only, checks the zoom it found at every step, and keeps
its answers for the same slide, size, step and zoom shown.  Peer measured in the same
process: the previous search (reconstructed here as it was, every step, no memory).

Each run: present the default preset (the paper's K = 2, T = 3 code) at the window's size
offscreen, Ctrl+0, then Z four times and Shift+Z once; CPU seconds (``process_time``) of
each key, both searches alternating, the measurement cache of ``figure_fits`` emptied before
each run so neither inherits the other's layouts.  Medians per key, and their ratio.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_present_zoom.py [RUNS]
"""

import os
import statistics
import sys
import tempfile
import time


def main(runs: int = 5) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    home = tempfile.mkdtemp(prefix="ringlab-bench-")
    os.environ["RINGLAB_DATA_DIR"] = home
    os.environ["XDG_CONFIG_HOME"] = home
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from ringlab.gui.app import create_window, load_before_qt, make_app
    from ringlab.gui.present import canvas as present_canvas
    from ringlab.gui.present import view as present_view

    load_before_qt()
    app = make_app()
    win = create_window(load_views=True, check_recovery=False, autosave=False, use_settings=False)
    win.resize(1024, 768)
    win.show()
    for _ in range(5):
        app.processEvents()
    QTest.keyClick(win, Qt.Key_F5)
    for _ in range(20):
        app.processEvents()
    view = next(
        w.findChild(present_view.PresentView)
        for w in app.topLevelWidgets()
        if w.isVisible() and w.findChild(present_view.PresentView) is not None
    )
    view.window().resize(1024, 768)  # a projector's (the offscreen screen is 800×800)
    for _ in range(5):
        app.processEvents()
    keys = [("Z", Qt.NoModifier)] * 4 + [("Shift+Z", Qt.ShiftModifier)]

    def previous_fit(self, now, want):  # the search as it was before (every step, no memory)
        def fits(z):
            return present_view._presentview_measure_fit(self, z, True)

        if fits(want):
            return want
        good, bad = now, want
        while bad - good > 0.011:
            mid = round((good + bad) / 2, 2)
            if mid <= good or mid >= bad:
                break
            good, bad = (mid, bad) if fits(mid) else (good, mid)
        return good if good > now + 1e-9 else None

    now_fit = present_view.PresentView._largest_fit
    times = {"now": [[] for _ in keys], "previous": [[] for _ in keys]}
    zooms = {}
    for _ in range(runs):
        for name, fit in (("now", now_fit), ("previous", previous_fit)):
            present_view.PresentView._largest_fit = fit
            present_canvas._FITS.clear()
            view._fits_memo.clear()
            QTest.keyClick(view, Qt.Key_0, Qt.ControlModifier)
            app.processEvents()
            seen = []
            for i, (_label, mods) in enumerate(keys):
                c0 = time.process_time()
                QTest.keyClick(view, Qt.Key_Z, mods)
                app.processEvents()
                times[name][i].append(time.process_time() - c0)
                seen.append(round(view.zoom, 2))
            zooms[name] = seen
    present_view.PresentView._largest_fit = now_fit
    print(f"present mode, paper's code, {view.width()}×{view.height()} px, {runs} runs each")
    print("zoom after each key:", "now", zooms["now"], "previous", zooms["previous"])
    print(f"{'key':10} {'now (s CPU)':>12} {'previous':>10} {'ratio':>7}")
    for i, (label, _m) in enumerate(keys):
        a = statistics.median(times["now"][i])
        b = statistics.median(times["previous"][i])
        print(f"{label:10} {a:12.3f} {b:10.3f} {a / b:7.2f}")
    win.close()
    return 0 if zooms["now"] == zooms["previous"] else 1  # the same zooms, or it is not a peer


if __name__ == "__main__":
    sys.exit(main(*map(int, sys.argv[1:])))
