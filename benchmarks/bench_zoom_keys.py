"""Ctrl+= on an eight-node code: the CPU one key press costs, from 10 pt to 22 pt.

A lecturer at a projector presses Ctrl+= until the back row can read; with the classic ring on
eight nodes the editor shows 32 grids (M, Λ, R, T per node), several cut into bands of columns.
In one offscreen window (1024×768, the projector) press Ctrl+= as the user does (the key, sent
to the window) until the text is 22 pt, and time each press until the event queue is empty
(CPU of this process, and wall).  Peer in the same run, same process: the same presses on the
paper's K = 2, T = 3 code (4 grids per node, 3 nodes), the smallest editor.  Medians per press;
the machine is a shared 2-core box, so read the ratio and the CPU, not the wall.

    python benchmarks/bench_zoom_keys.py [ROUNDS]
"""

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def presses(app, preset_name: str) -> tuple[list[float], list[float]]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from ringlab import preset
    from ringlab.gui.app import create_window

    w = create_window(
        code=preset(preset_name), check_recovery=False, autosave=False, use_settings=False
    )
    w.ask_unsaved = lambda action: "discard"
    w.resize(1024, 768)
    w.show()
    QTest.qWaitForWindowExposed(w)
    app.processEvents()
    cpu, wall = [], []
    while w.view_options.font_size() < 22:
        before = w.view_options.font_size()
        c0, t0 = time.process_time(), time.perf_counter()
        QTest.keyClick(w, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        app.processEvents()
        app.processEvents()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - t0)
        assert w.view_options.font_size() > before, "Ctrl+= did not enlarge the text"
    w.close()
    w.deleteLater()
    app.processEvents()
    return cpu, wall


def main(rounds: int = 3) -> None:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    rows = {"classic-ring-n8": ([], []), "paper-k2-t3": ([], [])}
    for _ in range(rounds):  # interleaved, so both see the same load
        for name, (cpu, wall) in rows.items():
            c, t = presses(app, name)
            cpu += c
            wall += t
    print(f"rounds: {rounds}, load {os.getloadavg()[0]:.2f} (2 cores, shared)")
    med = {}
    for name, (cpu, wall) in rows.items():
        med[name] = statistics.median(cpu)
        print(
            f"{name}: {len(cpu)} presses, per press CPU median {med[name] * 1000:.0f} ms "
            f"(max {max(cpu) * 1000:.0f}), wall median {statistics.median(wall) * 1000:.0f} ms; "
            f"10 pt → 22 pt CPU {sum(cpu) / rounds:.2f} s"
        )
    ratio = med["classic-ring-n8"] / med["paper-k2-t3"]
    print(f"ratio eight nodes / paper code, CPU per press: {ratio:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
