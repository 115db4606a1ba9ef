"""Export the walkthrough of a two-way code (:mod:`.twoway_walk`): GIF / MP4 of every step,
PNG / SVG of one step, PDF one page per step — the arguments, checks and animation writer of
the one-way export (:mod:`.export`).  SVG text stays text (``svg.fonttype = "none"``): a
browser finds the decoded sums in it and a screen reader reads them.

>>> import tempfile, os
>>> from ringlab import preset
>>> from ringlab.core.twoway import from_one_way
>>> out = os.path.join(tempfile.mkdtemp(), "w.png")
>>> export_twoway(from_one_way(preset("paper-k1-t2")), "random", "png", out) == out
True
"""

from __future__ import annotations

import matplotlib as mpl
import numpy as np

from ..core.errors import RinglabError
from ._output import check_output
from .export import DEFAULT_DPI, DEFAULT_FPS, SINGLE, _even, _write_animation, validate
from .twoway_walk import draw_twoway_step, twoway_steps, twoway_trace
from .walkthrough.style import FIG_SIZE, new_figure

FORMATS = ("gif", "mp4", "png", "svg", "pdf")


def export_twoway(
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
    """Write the two-way walkthrough of ``code`` to ``out`` (as
    :func:`ringlab.render.export.export_walkthrough`); returns the path written."""
    fmt = fmt.lower()
    validate(code, fmt, step, fps, dpi)
    path = check_output(out)
    tr = twoway_trace(code, inputs, seed)
    x = tr.inputs
    fig = new_figure(size, dpi)
    n = twoway_steps(code)
    frames = [code.T if step is None else step] if fmt in SINGLE else list(range(n))
    try:
        if fmt in SINGLE:
            draw_twoway_step(fig, code, frames[0], x)
            with mpl.rc_context({"svg.fonttype": "none"}):
                fig.savefig(path, format=fmt, dpi=dpi)
            _tick(progress, 1, 1)
        elif fmt == "pdf":
            from matplotlib.backends.backend_pdf import PdfPages

            with PdfPages(path) as pdf:
                pdf.infodict()["Title"] = f"ringlab two-way walkthrough — {code.name or 'code'}"
                for k, t in enumerate(frames):
                    draw_twoway_step(fig, code, t, x)
                    fig.savefig(pdf, format="pdf")
                    _tick(progress, k + 1, n)
        else:
            images = []
            for k, t in enumerate(frames):
                draw_twoway_step(fig, code, t, x)
                fig.canvas.draw()
                images.append(_even(np.asarray(fig.canvas.buffer_rgba())[..., :3].copy()))
                _tick(progress, k + 1, n)
            _write_animation(path, fmt, images, fps, hold_last)
    except OSError as e:
        raise RinglabError(f"-o {out}: cannot write ({e.strerror or e})") from None
    return str(path)


def _tick(progress, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)
