"""Ticking every algorithm under 'Also show' on the Schedules tab with the 32-core example
(issue 21: a step or a tick at N = 32 must not freeze the window).

Each sample is a fresh process (the traces are cached per example, so only the first tick of
an example pays for them): open an offscreen 1280×720 window on the 8-node ring code, pin the
32-core example, let the tab draw, then time one state change — every algorithm ticked — up to
the tab redrawn (``ensure_fresh`` and the queued events).  Peer, same run, same kind of
process: the same change of example to 32 cores with nothing ticked (ring, tree and the code
only).  Medians of RUNS processes each, alternating; read the ratio: the machine is a shared
2-core box.

    python benchmarks/bench_tick_schedules.py [RUNS]
"""

import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def one(tick: bool) -> float:
    from PySide6.QtWidgets import QApplication

    from ringlab.core.presets import preset
    from ringlab.core.schedules import default_example
    from ringlab.gui.app import create_window

    app = QApplication.instance() or QApplication(sys.argv[:1])
    w = create_window(code=preset("classic-ring-n8"), check_recovery=False, autosave=False)
    w.resize(1280, 720)
    w.show()
    w.show_view("Schedules")
    _, view = w.view_by_title("Schedules")
    for _ in range(20):
        app.processEvents()
    view.ensure_fresh()
    ex = default_example(32)
    t = time.perf_counter()
    if tick:
        view.state.update(worked_example=ex, schedules=tuple(view.picker.boxes))
    else:
        view.state.worked_example = ex
    view.ensure_fresh()
    for _ in range(5):
        app.processEvents()
    dt = time.perf_counter() - t
    assert view.comparison.example.N == 32
    assert set(view.columns) >= (
        {"ring", "tree", "coded"} | (set(view.picker.boxes) if tick else set())
    )
    return dt


def main(runs: int = 5) -> None:
    got = {"all ticked": [], "none ticked (peer)": []}
    for _ in range(runs):
        for name, flag in (("all ticked", "1"), ("none ticked (peer)", "0")):
            out = subprocess.run(
                [sys.executable, __file__, "--one", flag],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()[-1]
            got[name].append(float(out))
    med = {k: statistics.median(v) for k, v in got.items()}
    for k, v in got.items():
        print(f"{k:>20}: median {med[k]:.2f} s  ({', '.join(f'{x:.2f}' for x in v)})")
    print(
        f"ratio all/none: {med['all ticked'] / med['none ticked (peer)']:.2f}  "
        f"(load {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        print(one(sys.argv[2] == "1"))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
