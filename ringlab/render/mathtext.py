r"""A lesson's ``$…$`` formula as a PNG, typeset by matplotlib's mathtext (no TeX installation).

mathtext reads a large subset of TeX.  What the course writes and mathtext lacks is rewritten
first (:func:`normalise`) into what mathtext has, with the same typeset result:

* ``\tfrac`` → ``\frac`` (an inline ``\frac`` is already text-size), ``\dfrac`` in a display;
* ``\bmod``, ``\mod``, ``\pmod{n}`` → a spaced upright "mod";
* ``\ge``/``\le`` → ``\geq``/``\leq``; ``\lvert``/``\rvert`` → ``|``;
* a range ``1..N`` set tight, as TeX does (mathtext puts a space after each dot);
* ``\displaystyle``, ``\textstyle``, ``\big``, ``\Big``, ``\bigl``, … dropped (mathtext sizes
  delimiters by ``\left``/``\right`` only);
* ``\begin{bmatrix}…\end{bmatrix}`` (and ``pmatrix``, ``vmatrix``, ``matrix``): mathtext has
  no arrays, so a matrix is laid out by mathtext's own ``\genfrac`` — each column a rule-less
  stack of its entries (nested for more than two rows), the columns side by side inside
  ``\left[ … \right]``.  It is typeset, not a Unicode reading.

A formula mathtext still cannot read gives ``None``: the caller shows its Unicode reading
(:func:`ringlab.lessons.text.math_to_text`) instead.  This function never raises.

>>> img = formula_image(r"x_{i,k}", size_px=14, dpr=2, color="#000000")
>>> img.png[:8] == b"\x89PNG\r\n\x1a\n" and img.height > img.depth > 0
True
>>> formula_image(r"\frac{", size_px=14, dpr=1, color="#000000") is None
True
"""

from __future__ import annotations

import io
import math
import re
import threading
from functools import lru_cache
from typing import NamedTuple

import numpy as np

_LOCK = threading.Lock()  # mathtext's parser and font cache are shared state

# Typeset formulas kept, bounded for a long session.  The course has ~260 formulas; at one
# text size they make ~510 images (an inline formula is typeset plain, then padded to its line)
# of 6–11 KB each (11–32 pt, measured with tracemalloc) and ~260 rasters of 3–9 KB.  Each text
# size is a new set (Ctrl+= typesets the lesson again, and the course ahead), so 4096 entries
# let a session that went through the sizes keep ~75 MB.  These keep about three sizes of
# images and four of rasters — Ctrl+= / Ctrl+− back and forth costs nothing — in at most
# ~16 MB + ~10 MB.
FORMULA_IMAGES_KEPT = 1536
RASTERS_KEPT = 1024


class FormulaImage(NamedTuple):
    """A typeset formula: PNG bytes, its size in device pixels and the rows below the
    baseline (``depth``; the baseline is ``height - depth`` rows from the top)."""

    png: bytes
    width: int
    height: int
    depth: int


_SIMPLE = [
    (r"\\tfrac(?![A-Za-z])", r"\\frac"),
    (r"\\bmod(?![A-Za-z])", r"\\,\\mathrm{mod}\\,"),
    (r"\\pmod\s*\{([^{}]*)\}", r"\\;(\\mathrm{mod}\\,\1)"),
    (r"\\mod(?![A-Za-z])", r"\\;\\mathrm{mod}\\;"),
    (r"\\ge(?![A-Za-z])", r"\\geq"),
    (r"\\le(?![A-Za-z])", r"\\leq"),
    (r"\\[lr]vert(?![A-Za-z])", "|"),
    (r"\\[lr]Vert(?![A-Za-z])", r"\\Vert"),
    (r"\\(?:displaystyle|textstyle|scriptstyle)(?![A-Za-z])", ""),
    (r"\\[Bb]igg?[lrm]?(?![A-Za-z])", ""),
    # a range 1..N: TeX's dots are ordinary symbols, mathtext spaces punctuation: take it back
    (r"(?<![.\\])\.\.(?!\.)", r".\\!.\\!"),
]
_MATRIX = re.compile(r"\\begin\{([bpvV]?matrix)\}(.*?)\\end\{\1\}", re.S)
_FENCES = {
    "bmatrix": ("[", "]"),
    "pmatrix": ("(", ")"),
    "vmatrix": ("|", "|"),
    "Vmatrix": (r"\Vert", r"\Vert"),
    "matrix": (".", "."),
}


def _stack(cells: list[str]) -> str:
    """One matrix column: its entries stacked by rule-less ``\\genfrac`` (display size)."""
    out = cells[-1] or "{}"
    for c in reversed(cells[:-1]):
        out = rf"\genfrac{{}}{{}}{{0}}{{0}}{{{c or '{}'}}}{{{out}}}"
    return out


def _matrix(m: re.Match) -> str:
    rows = [r.split("&") for r in re.split(r"\\\\", m.group(2)) if r.strip()]
    if not rows:
        return ""
    ncol = max(len(r) for r in rows)
    cols = [[(r[j].strip() if j < len(r) else "") for r in rows] for j in range(ncol)]
    left, right = _FENCES[m.group(1)]
    body = r"\;\;".join(_stack(c) for c in cols)
    return rf"\left{left}{body}\right{right}"


def normalise(tex: str, display: bool = False) -> str:
    r"""``tex`` in the TeX mathtext reads (see the module's list).

    >>> normalise(r"T \ge \lceil 4K/3 \rceil,\ (i+1) \bmod N")
    'T \\geq \\lceil 4K/3 \\rceil,\\ (i+1) \\,\\mathrm{mod}\\, N'
    """
    s = tex.strip()
    for pat, rep in _SIMPLE:
        s = re.sub(pat, rep, s)
    s = _MATRIX.sub(_matrix, s).strip()
    if display:
        s = re.sub(r"\\frac(?![A-Za-z])", r"\\dfrac", s)
    return s


def formula_image(
    tex: str,
    *,
    size_px: float,
    dpr: float = 1.0,
    color: str = "#000000",
    display: bool = False,
    ascent_px: int = 0,
    descent_px: int = 0,
):
    """``tex`` (without the ``$``) typeset at a font size of ``size_px`` logical pixels for a
    screen of device pixel ratio ``dpr``, in ``color`` on a transparent background; a
    :class:`FormulaImage` in device pixels, or None when mathtext cannot read it.

    ``ascent_px``/``descent_px``: rows wanted above/below the baseline (transparent padding;
    the formula's own extent is never cut).  Cached: the same arguments cost nothing twice."""
    if not isinstance(tex, str):
        return None
    try:
        args = (
            tex,
            round(float(size_px), 2),
            round(float(dpr), 3),
            str(color),
            bool(display),
            int(ascent_px),
            int(descent_px),
        )
    except (TypeError, ValueError):
        return None
    return _cached(*args)


class Kept(NamedTuple):
    """What the formula caches hold (each a ``functools`` cache info: ``hits``, ``misses``,
    ``maxsize``, ``currsize``)."""

    images: object  # typeset images (formula_image): at most FORMULA_IMAGES_KEPT
    rasters: object  # mathtext's rasters (prepare, formula_image): at most RASTERS_KEPT


def kept() -> Kept:
    """How many typeset formulas and rasters are kept now, and the most that are: what a long
    session holds for its formulas (a memory report reads it; Ctrl+= / Ctrl+− back and forth
    shows as hits)."""
    return Kept(_cached.cache_info(), _raster.cache_info())


@lru_cache(maxsize=FORMULA_IMAGES_KEPT)
def _cached(*args):
    try:
        return _render(*args)
    except Exception:  # noqa: BLE001 — a formula never breaks the text around it
        return None  # (cached too: a formula mathtext cannot read is tried once)


@lru_cache(maxsize=1)
def _parser():
    from matplotlib.mathtext import MathTextParser

    return MathTextParser("agg")


@lru_cache(maxsize=RASTERS_KEPT)
def _raster(s: str, size_px: float, dpr: float):
    """The expensive part: mathtext's raster of the normalised formula ``s`` —
    ``(alpha, above)``, the coverage (read-only) and the rows above the baseline — or None."""
    from matplotlib.font_manager import FontProperties

    # mathtext's size is in points; at 72 dpi a point is a pixel, so dpi 72·dpr gives
    # size_px logical pixels on a screen of ratio dpr
    with _LOCK:
        parsed = _parser().parse(f"${s}$", dpi=72 * dpr, prop=FontProperties(size=size_px))
    alpha = np.asarray(parsed.image, dtype=np.uint8)
    if alpha.ndim != 2 or alpha.size == 0 or not alpha.any():
        return None
    alpha = alpha.copy()
    alpha.setflags(write=False)
    h = alpha.shape[0]
    # the baseline's row: mathtext's raster puts one blank row above the box and says its
    # "depth" counting one row more than the rows under the baseline (matplotlib's own
    # drawing sits mathtext a pixel high); checked against the exact outlines (TextPath) on
    # every formula of the course: the same row for 91 %, one row off for the rest
    return alpha, max(1, min(h, math.floor(parsed.height - parsed.depth - 1 + 1e-9)))


def prepare(formulas, stop=lambda: False) -> int:
    """Typeset ahead: ``formulas`` are ``(tex, size_px, dpr, display)``; each is parsed once
    (the expensive part of :func:`formula_image`, kept), so a later ``formula_image`` of the
    same formula, size and screen in any colour and padding costs only the PNG.  Call it on
    the thread that draws figures (mathtext's grammar is matplotlib's, shared with every
    figure's text); stops when ``stop()`` says so.  Returns how many were typeset."""
    n = 0
    for tex, size_px, dpr, display in formulas:
        if stop():
            break
        try:
            s = normalise(tex, display)
            if s:
                _raster(s, round(float(size_px), 2), round(float(dpr), 3))
                n += 1
        except Exception:  # noqa: BLE001 — formula_image says None for it later
            pass
    return n


def _render(tex, size_px, dpr, color, display, ascent_px, descent_px):
    from matplotlib.colors import to_rgb

    s = normalise(tex, display)
    if not s:
        return None
    r = _raster(s, size_px, dpr)
    if r is None:
        return None
    alpha, above = r
    h, w = alpha.shape
    depth = h - above
    top = max(0, ascent_px - above)
    bottom = max(0, descent_px - depth)
    if top or bottom:
        alpha = np.pad(alpha, ((top, bottom), (0, 0)))
    rgba = np.empty(alpha.shape + (4,), dtype=np.uint8)
    rgba[..., :3] = np.round(np.array(to_rgb(color)) * 255).astype(np.uint8)
    rgba[..., 3] = alpha
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(rgba, "RGBA").save(buf, format="PNG", optimize=False)
    return FormulaImage(buf.getvalue(), w, alpha.shape[0], depth + bottom)
