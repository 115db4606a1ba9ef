"""Large codes (issue 9.8): opening the Propagation view at N = 32, K = 64, T = 128, and a step.

Budgets: about 1 s to open the view's drawing at N = 32, K = 64, T = 128 — ``simulate`` +
``set_trace`` (which shows step 0) + ``draw``, the non-Qt part of what the view does; and well
under 50 ms for one step (``show_step`` + ``draw``) at N = K = 16, T = 32.

    python benchmarks/bench_large.py [--rounds 3] [--no-old]

The codes are the classic ring all-reduce resized (``LinearCode.resized``): N = 32 to K = 64,
T = 128, and N = 16 to T = 32; inputs random (seed 1), the figure the app's (caption in a Qt
label, text at full size).  The Theorem 2 report is the document's, made before timing.

Peers, measured in the same run: the previous propagation (eq. (7) on whole T×NK matrices,
every vector turned into field elements up front, kept as ``tests/core/_sweeps.py``; skip it with
``--no-old``), and the same step at N = 8, T = 16 (``benchmarks/bench_render.py``'s case).
Figures are medians of wall-clock time and of this process's CPU time: on a machine shared
with other work the CPU time is the steadier of the two.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from matplotlib.text import Text

from ringlab import classic_ring, random_inputs
from ringlab.core.simulate import simulate
from ringlab.core.theorem2 import theorem2_report
from ringlab.render.propagation import WalkthroughRenderer, new_figure

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the peer lives in the tests
from tests.core._sweeps import simulate_sweeps  # noqa: E402


def timed(fn):
    """``(result, wall seconds, CPU seconds)`` of one call."""
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def app_renderer() -> WalkthroughRenderer:
    r = WalkthroughRenderer(new_figure(), caption_in_figure=False)
    r.min_scale = 1.0  # what the Propagation view sets
    return r


def ring(N: int, K: int, T: int):
    code, _ = classic_ring(N).resized(K=K, T=T)
    return code, random_inputs(code, 1), theorem2_report(code)


def open_view(code, x, report, rounds: int) -> dict:
    """Medians (wall, CPU) in ms of simulate, set_trace and the first draw, and their sum."""
    parts = {"simulate": [], "set_trace": [], "draw": [], "total": []}
    for _ in range(rounds):
        tr, w1, c1 = timed(lambda: simulate(code, x, report=report))
        r = app_renderer()
        _, w2, c2 = timed(lambda r=r, tr=tr: r.set_trace(tr))
        _, w3, c3 = timed(r.draw)
        for k, w, c in (
            ("simulate", w1, c1),
            ("set_trace", w2, c2),
            ("draw", w3, c3),
            ("total", w1 + w2 + w3, c1 + c2 + c3),
        ):
            parts[k].append((w, c))
    return {
        k: tuple(1000 * statistics.median(v[j] for v in vs) for j in (0, 1))
        for k, vs in parts.items()
    }


def step_times(code, x, report, steps=None, cycles: int = 2):
    """Median (wall, CPU) ms of show_step + draw over the steps (default: all), and the
    characters of text drawn per step."""
    r = app_renderer()
    r.set_trace(simulate(code, x, report=report))
    r.draw()
    steps = list(range(code.T + 1)) if steps is None else steps
    for t in steps:  # warm-up: fonts, caches
        r.show_step(t)
        r.draw()
    ws, cs, chars = [], [], []
    for t in steps * cycles:
        _, w, c = timed(lambda t=t: (r.show_step(t), r.draw()))
        ws.append(w)
        cs.append(c)
        chars.append(
            sum(len(a.get_text()) for a in r._dynamic() if isinstance(a, Text) and a.get_visible())
        )
    return (1000 * statistics.median(ws), 1000 * statistics.median(cs), statistics.median(chars))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-old", action="store_true", help="skip the previous propagation")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; ms as wall / CPU")

    code, x, report = ring(32, 64, 128)
    o = open_view(code, x, report, args.rounds)
    print("N = 32, K = 64, T = 128, opening the Propagation drawing   [budget ~1000 ms]")
    for k in ("simulate", "set_trace", "draw", "total"):
        print(f"  {k:10s} median {o[k][0]:7.0f} / {o[k][1]:7.0f}")
    if not args.no_old:
        _, w, c = timed(lambda: simulate_sweeps(code, x, report=report))
        print(
            f"  peer, previous propagation (whole-matrix sweeps, all vectors built): "
            f"{1000 * w:.0f} / {1000 * c:.0f} — simulate is "
            f"{w * 1000 / o['simulate'][0]:.0f}× / {c * 1000 / o['simulate'][1]:.0f}× faster"
        )
    small = open_view(*ring(8, 8, 16), args.rounds)
    print(
        f"  peer, the same at N = K = 8, T = 16: total {small['total'][0]:.0f} / "
        f"{small['total'][1]:.0f} (N = 32 costs {o['total'][1] / small['total'][1]:.1f}× in CPU)"
    )

    w16, c16, ch16 = step_times(*ring(16, 16, 32))
    w8, c8, ch8 = step_times(*ring(8, 8, 16))
    print("one step (show_step + draw), the app's figure   [budget well under 50 ms at N = 16]")
    print(f"  N = K = 16, T = 32: median {w16:5.1f} / {c16:5.1f}   ({ch16:.0f} characters of text)")
    print(
        f"  peer, N = K = 8, T = 16: median {w8:5.1f} / {c8:5.1f}   ({ch8:.0f} characters); "
        f"N = 16 costs {c16 / c8:.1f}× in CPU"
    )
    w32, c32, ch32 = step_times(*ring(32, 64, 128), steps=[0, 1, 2, 31, 32, 64, 126, 127, 128])
    print(f"  N = 32, K = 64, T = 128: median {w32:5.1f} / {c32:5.1f}   ({ch32:.0f} characters)")


if __name__ == "__main__":
    main()
