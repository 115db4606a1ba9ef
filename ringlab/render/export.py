"""Export a walkthrough: GIF / MP4 of every step, PNG / SVG of one step, PDF one page per step.

The frames are drawn by the same :class:`~ringlab.render.propagation.WalkthroughRenderer` the
app shows, so what is on screen is what is exported.  MP4 goes through the ffmpeg binary that
``imageio-ffmpeg`` ships (no system ffmpeg needed): the ``video`` extra, ``pip install
'ringlab[video]'``; without it MP4 is refused with that one line before anything is drawn.
GIF goes through Pillow, in the plain install.

>>> from ringlab import preset
>>> import tempfile, os
>>> out = os.path.join(tempfile.mkdtemp(), "k2.png")
>>> export_walkthrough(preset("paper-k2-t3"), "random", "png", out, step=1) == out
True
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from ..core.errors import RinglabError
from ..core.extras import require
from ..core.inputs import matmul_note, resolve_inputs
from ..core.simulate import simulate
from ._output import check_output
from .propagation import FIG_SIZE, WalkthroughRenderer, new_figure

FORMATS = ("gif", "mp4", "png", "svg", "pdf")
SINGLE = ("png", "svg")
DEFAULT_FPS = 0.5  # two seconds a step: time to read the caption
DEFAULT_DPI = 100


def validate(code, fmt: str, step: int | None, fps: float, dpi: int) -> None:
    """Refuse bad arguments with one line naming the argument and what was expected."""
    if fmt not in FORMATS:
        raise RinglabError(f"--format {fmt}: expected one of {', '.join(FORMATS)}")
    T = code.T
    if step is not None:
        if fmt not in SINGLE:
            raise RinglabError(f"--step is for one frame (png or svg); {fmt} exports every step")
        if not 0 <= step <= T:
            raise RinglabError(f"--step {step}: out of range, expected 0..{T} (T = {T})")
    if not (0 < fps <= 60):
        raise RinglabError(f"--fps {fps:g}: expected steps per second in (0, 60]")
    if not (20 <= dpi <= 600):
        raise RinglabError(f"--dpi {dpi}: expected 20..600")
    if fmt == "mp4":
        require("video", "MP4 export")


def export_walkthrough(
    code,
    inputs="random",
    fmt: str = "gif",
    out="walkthrough.gif",
    step: int | None = None,
    fps: float = DEFAULT_FPS,
    dpi: int = DEFAULT_DPI,
    progress=None,
    seed: int = 0,
    size=FIG_SIZE,
    hold_last: float = 3.0,
) -> str:
    """Write the walkthrough of ``code`` to ``out``; returns the path written.

    ``inputs``: ``"random"`` (with ``seed``), ``"matmul"``, a JSON file path, or an N×K array.
    ``fmt``: gif | mp4 (all T + 1 steps), png | svg (one step, default the last, t = T),
    pdf (one page per step).  ``progress(done, total)`` is called after every frame.
    The last frame of an animation is held ``hold_last`` times as long (GIF: a longer frame;
    MP4: repeated frames), so the decode result can be read before the loop restarts.
    """
    fmt = fmt.lower()
    validate(code, fmt, step, fps, dpi)
    path = check_output(out)
    x = resolve_inputs(code, inputs, seed)
    note = (
        matmul_note(code)
        if inputs == "matmul"
        else (
            f"random, seed {seed}"
            if inputs == "random"
            else "typed"
            if isinstance(inputs, (list, tuple))
            else os.path.basename(str(inputs))
        )
    )
    trace = simulate(code, x)
    r = WalkthroughRenderer(new_figure(size, dpi))
    r.set_trace(trace, note=note)
    T = code.T
    total = 1 if fmt in SINGLE else T + 1
    done = 0

    def tick():
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    try:
        if fmt in SINGLE:
            r.show_step(T if step is None else step)
            r.savefig(path, format=fmt, dpi=dpi)
            tick()
        elif fmt == "pdf":
            from matplotlib.backends.backend_pdf import PdfPages

            with PdfPages(path) as pdf:
                info = pdf.infodict()
                info["Title"] = f"ringlab walkthrough — {code.name or 'code'}"
                for t in range(T + 1):
                    r.show_step(t)
                    r.savefig(pdf, format="pdf")
                    tick()
        else:
            frames = []
            for t in range(T + 1):
                r.show_step(t)
                frames.append(_even(r.rgb()))
                tick()
            _write_animation(path, fmt, frames, fps, hold_last)
    except OSError as e:
        raise RinglabError(f"-o {out}: cannot write ({e.strerror or e})") from None
    return str(path)


def _even(frame: np.ndarray) -> np.ndarray:
    """Pad to even width and height (H.264 with yuv420p needs them)."""
    h, w = frame.shape[:2]
    if h % 2 or w % 2:
        frame = np.pad(frame, ((0, h % 2), (0, w % 2), (0, 0)), constant_values=255)
    return frame


def _write_animation(path: Path, fmt: str, frames, fps: float, hold_last: float) -> None:
    import imageio.v2 as imageio

    if fmt == "gif":
        ms = 1000.0 / fps
        durations = [ms] * (len(frames) - 1) + [ms * hold_last]
        # Pillow writes the palette per frame; loop=0 repeats forever
        imageio.mimsave(path, frames, format="GIF", duration=durations, loop=0)
        return
    import imageio_ffmpeg  # noqa: F401  (the bundled ffmpeg binary)

    # a video player has no per-frame durations: repeat frames instead (≥ 1 s per step is
    # best shown at a low fps, but many players dislike < 1 fps, so render at ≥ 2 fps)
    out_fps = max(fps, 2.0)
    rep = max(1, round(out_fps / fps))
    writer = imageio.get_writer(
        path,
        format="FFMPEG",
        mode="I",
        fps=out_fps,
        codec="libx264",
        pixelformat="yuv420p",
        macro_block_size=1,
        ffmpeg_log_level="error",
        output_params=["-movflags", "+faststart"],
    )
    try:
        for k, f in enumerate(frames):
            n = rep * (int(round(hold_last)) if k == len(frames) - 1 else 1)
            for _ in range(n):
                writer.append_data(f)
    finally:
        writer.close()
