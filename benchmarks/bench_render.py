"""Walkthrough rendering speed: one step of an N = 8, T = 16 code, and a GIF export.

Budget (issue 4): a step under 50 ms (median), the K = 2, T = 3 GIF under 5 s.

    python benchmarks/bench_render.py

Prints medians and, as a peer measured in the same run, a full redraw of the same figure
(every artist, no blitting) — the ratio is what the static-background blit buys.  The code
is the classic ring for N = 8 (T = 14) padded to T = 16 with idle steps (``resized``).
Steps are timed in wall-clock and in this process's CPU time (steadier on a busy machine);
larger codes: ``benchmarks/bench_large.py``.
"""

from __future__ import annotations

import io
import os
import statistics
import tempfile
import time
from pathlib import Path

from ringlab import classic_ring, preset, random_inputs, simulate
from ringlab.render.export import export_walkthrough
from ringlab.render.propagation import WalkthroughRenderer


def median_ms(fn, rounds: int) -> float:
    return median_wall_cpu_ms(fn, rounds)[0]


def median_wall_cpu_ms(fn, rounds: int) -> tuple[float, float]:
    ws, cs = [], []
    for _ in range(rounds):
        a, b = time.perf_counter(), time.process_time()
        fn()
        ws.append(time.perf_counter() - a)
        cs.append(time.process_time() - b)
    return statistics.median(ws) * 1000, statistics.median(cs) * 1000


def main() -> None:
    code, _ = classic_ring(8).resized(T=16)
    assert (code.N, code.T) == (8, 16)
    trace = simulate(code, random_inputs(code, 1))
    r = WalkthroughRenderer()
    a = time.perf_counter()
    r.set_trace(trace)
    r.draw()
    build = (time.perf_counter() - a) * 1000

    steps = list(range(code.T + 1))
    k = iter(steps * 1000)

    def one_step():  # what the app and every animation frame do
        r.show_step(next(k))
        r.draw()

    def full_redraw():  # peer: draw every artist from scratch
        r.show_step(next(k))
        r.savefig(io.BytesIO(), format="rgba")

    for _ in range(len(steps)):
        one_step()  # warm-up (fonts, caches)
    step_ms, step_cpu = median_wall_cpu_ms(one_step, 5 * len(steps))
    full_ms, full_cpu = median_wall_cpu_ms(full_redraw, 2 * len(steps))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"N = 8, T = 16 (1280×720): build {build:.0f} ms once per code/edit")
    print(
        f"  one step (show_step + blit draw): median {step_ms:.1f} ms, CPU {step_cpu:.1f} ms"
        f"   [budget 50 ms]"
    )
    print(
        f"  peer, full redraw of the same step: median {full_ms:.1f} ms, CPU {full_cpu:.1f} ms"
        f"   (blit is {full_cpu / step_cpu:.1f}× faster in CPU)"
    )

    k2 = preset("paper-k2-t3")
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "k2.gif"
        gif_ms = median_ms(lambda: export_walkthrough(k2, "random", "gif", out), 3)
        mp4_ms = median_ms(lambda: export_walkthrough(k2, "random", "mp4", Path(d) / "k2.mp4"), 3)
        big_ms = median_ms(lambda: export_walkthrough(code, "random", "gif", out), 1)
    print(f"GIF export, paper-k2-t3 (4 frames): median {gif_ms / 1000:.2f} s   [budget 5 s]")
    print(f"MP4 export, paper-k2-t3: median {mp4_ms / 1000:.2f} s")
    print(f"GIF export, N = 8, T = 16 (17 frames): {big_ms / 1000:.2f} s")


if __name__ == "__main__":
    main()
