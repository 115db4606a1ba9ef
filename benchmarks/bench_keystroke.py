"""A keystroke in the editor while Theorem 2 of a dense N = 32, K = 64, T = 128 code over
GF(2^16) is being checked (issue 21: "handled within 100 ms").

In one offscreen window: open the dense code (its check goes to a child process), then type
one entry into node 0's M — select the cell, press a digit (opens the editor), press Enter —
and time it from the first key to the model holding the new value.  Peer, same run, same
window: the same keystroke with the paper's K = 2, T = 3 code loaded (nothing running
beside).  Medians of RUNS keystrokes each; the machine is a shared 2-core box, so read the
ratio, not the absolute numbers.

    python benchmarks/bench_keystroke.py [RUNS]
"""

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(runs: int = 15) -> None:
    import numpy as np
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QLineEdit

    from ringlab import preset
    from ringlab.core.code import LinearCode
    from ringlab.core.fields import field
    from ringlab.gui.app import create_window

    app = QApplication.instance() or QApplication(sys.argv[:1])
    rng = np.random.default_rng(1)
    F = field("GF(2^16)")
    N, K, T = 32, 64, 128
    dense = LinearCode.from_matrices(
        F.name,
        [rng.integers(0, F.order, (T, K)).tolist() for _ in range(N)],
        [np.tril(rng.integers(0, F.order, (T, T)), -1).tolist() for _ in range(N)],
        [rng.integers(0, F.order, (K, T)).tolist() for _ in range(N)],
    )
    w = create_window(
        code=preset("paper-k2-t3"),
        check_recovery=False,
        autosave=False,
        load_views=False,
        use_settings=False,
    )
    w.ask_unsaved = lambda action: "discard"
    w.resize(1280, 720)
    w.show()
    app.processEvents()

    def keystroke(value: int) -> float:
        grid = w.editor.grid(0, "M")
        table = grid.table
        table.setFocus()
        table.setCurrentIndex(grid.model.index(0, 0))
        t0 = time.perf_counter()
        QTest.keyClick(table, str(value)[0])
        ed = next(e for e in table.viewport().findChildren(QLineEdit) if e.isVisible())
        QTest.keyClick(ed, Qt.Key_Return)
        while grid.model.text(0, 0) != str(value):
            app.processEvents()
        return time.perf_counter() - t0

    def series(code, busy: bool) -> list[float]:
        out = []
        for k in range(runs):
            w.document.open_code(code, None, "Open")
            if busy:  # the check process is up and computing
                while not any(j.process_alive for j in w.state.jobs.jobs()):
                    app.processEvents()
                assert w.document.report_pending
            out.append(keystroke(1 + k % 9))
            if busy:
                assert w.document.report_pending, "the check ended before the key: not measured"
        return out

    quiet = series(preset("paper-k2-t3"), busy=False)
    loaded = series(dense, busy=True)
    w.state.jobs.shutdown()
    mq, ml = statistics.median(quiet), statistics.median(loaded)
    print(
        f"keystroke, paper code, nothing beside:          median {mq * 1000:7.1f} ms "
        f"(max {max(quiet) * 1000:.1f})"
    )
    print(
        f"keystroke, dense N=32 K=64 T=128 GF(2^16) check: median {ml * 1000:7.1f} ms "
        f"(max {max(loaded) * 1000:.1f}); ratio {ml / mq:.2f}×"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
