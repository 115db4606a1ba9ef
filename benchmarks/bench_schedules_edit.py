"""An edit while the Schedules tab is shown: the CPU from the key to the tab redrawn.

A student on the Schedules tab changes T with the T box's Up/Down keys (or a lesson loads a
code): the tab recomputes the ring, tree and coded schedules and redraws.  The cost explorer's
plot sits on the tab's second page, behind the traces; it is built when that page is shown.
In one offscreen 1280×720 window on the paper's K = 2, T = 3 code, press Up then Down in the T
box (T = 3 → 4 → 3) and time each press until the event queue is empty (CPU of this process,
and wall) — first with the traces page shown, then, as the peer in the same run and window,
with the cost explorer page shown (its plot rebuilt at each edit: what every edit cost before
the plot waited to be seen).  Medians per press; read the ratio and the CPU: the machine is
a shared 2-core box.

    python benchmarks/bench_schedules_edit.py [PRESSES]
"""

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def presses(app, w, n: int) -> tuple[list[float], list[float]]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    box = w.params.spins["T"]
    cpu, wall = [], []
    for i in range(n):
        key = Qt.Key.Key_Up if i % 2 == 0 else Qt.Key.Key_Down
        before = w.document.code.T
        c0, t0 = time.process_time(), time.perf_counter()
        QTest.keyClick(box, key)
        for _ in range(3):
            app.processEvents()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - t0)
        assert w.document.code.T != before, "the T box did not change T"
    return cpu, wall


def main(n: int = 20) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QTabWidget

    from ringlab import preset
    from ringlab.gui.app import create_window, make_app

    app = make_app()
    w = create_window(
        code=preset("paper-k2-t3"), check_recovery=False, autosave=False, use_settings=False
    )
    w.ask_unsaved = lambda action: "discard"
    w.resize(1280, 720)
    w.show()
    QTest.qWaitForWindowExposed(w)
    bar = w.tabs.tabBar()
    i = next(k for k in range(w.tabs.count()) if w.tabs.tabText(k).startswith("Schedules"))
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
    pages = w.findChild(QTabWidget, "compare_pages")
    rows = {}
    for page, name in ((0, "traces page shown"), (1, "cost explorer page shown (peer)")):
        pb = pages.tabBar()
        QTest.mouseClick(pb, Qt.MouseButton.LeftButton, pos=pb.tabRect(page).center())
        for _ in range(5):
            app.processEvents()
        presses(app, w, 4)  # (warm: the schedules of T = 3 and 4 traced once)
        rows[name] = presses(app, w, n)
    print(f"{n} presses each, load {os.getloadavg()[0]:.2f} (2 cores, shared)")
    med = {}
    for name, (cpu, wall) in rows.items():
        med[name] = statistics.median(cpu)
        print(
            f"{name}: per press CPU median {med[name] * 1000:.1f} ms (max "
            f"{max(cpu) * 1000:.1f}), wall median {statistics.median(wall) * 1000:.1f} ms"
        )
    a, b = med.values()
    print(f"ratio traces / cost explorer, CPU per press: {a / b:.2f}")
    w.close()
    QApplication.processEvents()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
