"""Ctrl+= and Ctrl+− with a view tab shown: the CPU one key press costs.

A student reads the rate table on the Search tab, or follows the walkthrough on the
Propagation tab, and enlarges the text for the back row: the table measures its columns again
at each size (to show the widest group that fits), the drawing is laid out again for its new
room.  In one offscreen 1280×720 window on the paper's K = 2, T = 3 code, show the tab and
press Ctrl+= eight times then Ctrl+− eight times, as the user does (the key, sent to the
window), timing each press until the event queue is empty (CPU of this process, and wall).
Peer in the same run and window: the same presses with the Editor tab shown.  Medians per
press over ROUNDS rounds; the machine is a shared 2-core box, so read the ratio and the CPU.

    python benchmarks/bench_tab_zoom.py [ROUNDS] [TAB]      (TAB: Search (default), Propagation, …)
"""

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def presses(app, w, view: str) -> tuple[list[float], list[float]]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    assert w.show_view(view), f"no {view} tab"
    for _ in range(5):
        app.processEvents()
    cpu, wall = [], []
    for key in [Qt.Key.Key_Equal] * 8 + [Qt.Key.Key_Minus] * 8:
        before = w.view_options.font_size()
        c0, t0 = time.process_time(), time.perf_counter()
        QTest.keyClick(w, key, Qt.KeyboardModifier.ControlModifier)
        app.processEvents()
        app.processEvents()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - t0)
        assert w.view_options.font_size() != before, "the key did not change the text size"
    return cpu, wall


def main(rounds: int = 3, view: str = "Search") -> None:
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from ringlab import preset
    from ringlab.gui.app import create_window

    app = QApplication.instance() or QApplication(sys.argv[:1])
    w = create_window(
        code=preset("paper-k2-t3"), check_recovery=False, autosave=False, use_settings=False
    )
    w.ask_unsaved = lambda action: "discard"
    w.resize(1280, 720)
    w.show()
    QTest.qWaitForWindowExposed(w)
    if w.find_view(view) < 0:
        names = ", ".join(w.view_names())
        print(
            f"bench_tab_zoom: TAB {view!r} is not a tab of the window: one of {names}",
            file=sys.stderr,
        )
        raise SystemExit(2)
    rows = {view: ([], []), "Editor": ([], [])}
    presses(app, w, view)  # (a tab is filled when first shown: not timed)
    for _ in range(rounds):  # interleaved, so both see the same load
        for tab, (cpu, wall) in rows.items():
            c, t = presses(app, w, tab)
            cpu += c
            wall += t
    print(f"{rounds} rounds of 16 presses, offscreen 1280×720, load {os.getloadavg()[0]:.2f}")
    med = {v: statistics.median(cpu) * 1000 for v, (cpu, _) in rows.items()}
    for tab, (_cpu, wall) in rows.items():
        print(
            f"{tab:6s} tab shown: CPU {med[tab]:.1f} ms per press (median), "
            f"wall {statistics.median(wall) * 1000:.1f} ms"
        )
    print(f"{view} / Editor: {med[view] / med['Editor']:.2f}× CPU")


def parse_args(args: list[str]) -> tuple[int, str]:
    """(ROUNDS, TAB) from the command line; anything else is one line on stderr, exit 2."""
    if len(args) > 2 or (args and not (args[0].isdigit() and int(args[0]) >= 1)):
        print(
            f"bench_tab_zoom: {' '.join(args)!r}: expected [ROUNDS] [TAB], ROUNDS a whole "
            "number ≥ 1 (default 3), TAB a tab's title (default Search)",
            file=sys.stderr,
        )
        raise SystemExit(2)
    return (int(args[0]) if args else 3), (args[1] if len(args) > 1 else "Search")


if __name__ == "__main__":
    main(*parse_args(sys.argv[1:]))
