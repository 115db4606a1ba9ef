r"""A walkthrough or a lesson as one self-contained HTML page that any browser opens offline.

The page is generated from Jinja2 templates (``ringlab/render/templates/``): every step of
the walkthrough is the same drawing the app shows and the other exports write — the same
:class:`~ringlab.render.propagation.WalkthroughRenderer`, saved to SVG — inlined as ``<svg>``,
with matplotlib's ``svg.fonttype = "none"`` so the drawing's text stays text (selectable,
found by the browser's search, read by a screen reader).  The step's caption and, at the
decode step, the decode with its numbers are HTML text beside it.  Nothing is fetched: no
script, style, font or image comes from anywhere but the file (a Content-Security-Policy
``default-src 'none'`` says so to the browser too), and the page's script is a few plain
lines (keys, a scrubber, play/pause, ``#step=N`` in the address).

Without a script the page is a handout: every step one under the other.

A lesson's page (:func:`lesson_page`) is rendered from blocks its caller has already replayed
(the replay belongs to ``ringlab.lessons``, a layer above this one; ``ringlab export`` does
it): this module gives the formulas (:func:`formula_html`: matplotlib's mathtext, inlined as
PNG ``data:`` URIs) and the drawings (:func:`step_svg`).

>>> from ringlab import preset
>>> html = walkthrough_page(preset("paper-k2-t3"), [[1, 2], [3, 4], [5, 6]])
>>> html.startswith("<!DOCTYPE html>") and html.count('class="step"') == 4
True
"""

from __future__ import annotations

import base64
import io
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape

import matplotlib as mpl
from markupsafe import Markup

from ..core.errors import RinglabError
from ..core.inputs import matmul_note, resolve_inputs
from ..core.simulate import simulate
from . import palette
from ._output import check_output
from .captions import decode_arithmetic, failing_reason, node_tooltip
from .propagation import FIG_SIZE, WalkthroughRenderer, new_figure

DEFAULT_DELAY_MS = 2000  # play: two seconds a step, as the GIF (time to read)
# the code's matrices are listed up to this many cells; a larger code's page says where
# they are instead (an N = 32, K = 64, T = 128 code has a million)
MAX_MATRIX_CELLS = 20_000
MAX_HOLDINGS = 400  # "what each node holds" up to N·(T + 1) of these

# what the browser may load: nothing from outside the file
CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"


@lru_cache(maxsize=1)
def _env():
    from jinja2 import Environment, PackageLoader, StrictUndefined

    return Environment(
        loader=PackageLoader("ringlab.render", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _render(template: str, **context) -> str:
    from .. import __version__

    colours = {role: palette.colour(role) for role in palette.ROLES}
    return (
        _env()
        .get_template(template)
        .render(version=__version__, csp=CSP, colours=colours, **context)
    )


# -- SVG of a step -----------------------------------------------------------------------------
_PROLOGUE = re.compile(r"\A\s*<\?xml[^>]*\?>\s*(<!DOCTYPE[^>]*>\s*)?", re.S)
_METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.S)
_ROOT_SIZE = re.compile(r'(<svg\b[^>]*?)\s+width="[^"]*"\s+height="[^"]*"')
# inside HTML an <svg> needs no namespace declarations (the parser knows svg and xlink:href)
_XMLNS = re.compile(r'\s+xmlns(?::xlink)?="[^"]*"')
# the drawing names DejaVu (matplotlib's fonts); where a browser lacks it, a monospaced font
# keeps the side table's columns lined up
_MONO = re.compile(r"font-family: 'DejaVu Sans Mono'(?=[;\"])")


def step_svg(renderer: WalkthroughRenderer, t: int, label: str = "", salt: str = "") -> str:
    """Step t of the renderer's trace as an ``<svg>`` element to put inside HTML: text as
    text, ids unique to the step (several drawings share one page), no XML prologue or
    metadata, sized by the page (its viewBox kept).  ``salt`` makes its ids differ from
    every other drawing's on the page (default: the step)."""
    renderer.show_step(t)
    buf = io.StringIO()
    with mpl.rc_context({"svg.fonttype": "none", "svg.hashsalt": salt or f"step{t}"}):
        renderer.savefig(buf, format="svg")
    svg = _METADATA.sub("", _PROLOGUE.sub("", buf.getvalue(), count=1), count=1)
    svg = _ROOT_SIZE.sub(r"\1", svg, count=1)
    head, rest = svg.split(">", 1)
    svg = _XMLNS.sub("", head) + ">" + rest
    # matplotlib names its groups figure_1, axes_1, … in every file: one page holds several
    # drawings, so every id (and every reference to one) gets the drawing's prefix
    prefix = re.sub(r"[^A-Za-z0-9_-]", "-", salt or f"step{t}") + "-"
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m.group(1)}"', svg)
    svg = re.sub(r'(\bhref="#|url\(#)([^")]+)', lambda m: m.group(1) + prefix + m.group(2), svg)
    svg = _MONO.sub("font-family: 'DejaVu Sans Mono', 'Courier New', monospace", svg)
    attrs = ' class="drawing" role="group" focusable="false"'
    if label:
        attrs += f' aria-label="{escape(label)}"'
    return svg.replace("<svg ", "<svg" + attrs + " ", 1).strip()


def inputs_note(code, inputs, seed: int) -> str:
    """The footnote that names the values drawn (as :mod:`ringlab.render.export` says it)."""
    if isinstance(inputs, str) and inputs == "matmul":
        return matmul_note(code)
    if isinstance(inputs, str) and inputs == "random":
        return f"random, seed {seed}"
    if isinstance(inputs, (list, tuple)):
        return "typed"
    return os.path.basename(str(inputs))


# -- the walkthrough page -------------------------------------------------------------------------
@dataclass
class Step:
    t: int
    svg: Markup
    caption: str
    holdings: list = field(default_factory=list)


def _fmt_rows(F, rows) -> list[list[str]]:
    return [[F.format(v) for v in r] for r in rows]


def code_section(trace) -> dict:
    """What the page's "The code and Theorem 2" section lists: each node's matrices (when
    the code is small enough to read them) and every check of eq. (5)."""
    code, rep = trace.code, trace.report
    F = code.field
    N, K, T = code.shape
    cells = N * (2 * T * K + T * T + K * K)
    nodes = []
    if cells <= MAX_MATRIX_CELLS:
        for i in range(N):
            node = code.node(i)
            Ti = node.T if node.T is not None else rep.translation[i]
            nodes.append(
                {
                    "i": i,
                    "mats": [
                        (
                            "M",
                            f"M{_sub(i)}",
                            "T×K: row t is what node i mixes of its own x at time t",
                            _fmt_rows(F, node.M),
                        ),
                        (
                            "Lambda",
                            f"Λ{_sub(i)}",
                            "T×T: row t recodes what it received before t",
                            _fmt_rows(F, node.Lambda),
                        ),
                        (
                            "R",
                            f"R{_sub(i)}",
                            "K×T: column u weighs the symbol received at u + 1",
                            _fmt_rows(F, node.R),
                        ),
                        (
                            "T",
                            f"T{_sub(i)}",
                            "K×K" + ("" if node.T is not None else ", solved from eq. (6)"),
                            _fmt_rows(F, Ti),
                        ),
                    ],
                }
            )
    checks = None
    if N <= 40:
        checks = [[rep.check(i, j).ok for j in range(1, N)] for i in range(N)]
    reasons = [r for r in (failing_reason(trace, i) for i in range(N)) if r]
    return {
        "nodes": nodes,
        "cells": cells,
        "checks": checks,
        "reasons": reasons,
        "n_failing": len(rep.failing),
        "n_checks": len(rep.checks),
        "feasible": rep.feasible,
    }


def _sub(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def walkthrough_page(
    code,
    inputs="random",
    seed: int = 0,
    progress=None,
    delay_ms: int = DEFAULT_DELAY_MS,
    size=FIG_SIZE,
) -> str:
    """The HTML page of ``code``'s walkthrough on ``inputs`` (as ``ringlab export`` reads
    them: ``"random"`` with ``seed``, ``"matmul"``, a JSON file, or an N×K array).
    ``progress(done, total)`` after each step drawn."""
    x = resolve_inputs(code, inputs, seed)
    trace = simulate(code, x)
    return trace_page(trace, inputs_note(code, inputs, seed), progress, delay_ms, size)


def trace_page(
    trace, note: str = "", progress=None, delay_ms: int = DEFAULT_DELAY_MS, size=FIG_SIZE
) -> str:
    """The HTML page of one trace (see :func:`walkthrough_page`)."""
    code = trace.code
    N, K, T = code.shape
    F = code.field
    # the app's layout: the caption is the page's text, the drawing gives its room to G_T
    r = WalkthroughRenderer(new_figure(size, 100), caption_in_figure=False)
    r.set_trace(trace, note=note)
    holdings = N * (T + 1) <= MAX_HOLDINGS
    steps = []
    for t in range(T + 1):
        what = "the decode" if t == T else f"the transmissions at t = {t}"
        svg = step_svg(r, t, f"The time-expanded graph G_T at step {t} of {T}: {what}")
        steps.append(
            Step(
                t,
                Markup(svg),
                r.caption(t, width=100_000),
                [node_tooltip(trace, i, t) for i in range(N)] if holdings else [],
            )
        )
        if progress is not None:
            progress(t + 1, T + 1)
    decodes = [(i, decode_arithmetic(trace, i)) for i in range(N)]
    decodes = [(i, lines) for i, lines in decodes if lines]
    verdict = "feasible (Theorem 2 ✓)" if trace.report.feasible else "INFEASIBLE (Theorem 2 ✗)"
    title = f"{code.name or 'code'} — N = {N}, K = {K}, T = {T} over {F.name}"
    return _render(
        "walkthrough.html.j2",
        title=title,
        code=code,
        verdict=verdict,
        feasible=trace.report.feasible,
        note=note,
        steps=steps,
        last=T,
        decodes=decodes,
        arithmetic_note=F.arithmetic_note(short=True),
        section=code_section(trace),
        delay_ms=int(delay_ms),
    )


def _write(out, html: str) -> str:
    p = check_output(out)
    try:
        p.write_text(html, encoding="utf-8")
    except OSError as e:
        raise RinglabError(f"-o {out}: cannot write ({e.strerror or e})") from None
    return str(p)


def export_walkthrough_html(
    code,
    inputs="random",
    out="walkthrough.html",
    seed: int = 0,
    progress=None,
    fps: float = 1000 / DEFAULT_DELAY_MS,
) -> str:
    """Write the walkthrough page of ``code`` to ``out``; returns the path written.
    ``fps``: the play button's speed in steps per second (default 0.5, as the GIF)."""
    if not (0 < fps <= 60):
        raise RinglabError(f"--fps {fps:g}: expected steps per second in (0, 60]")
    check_output(out)
    return _write(out, walkthrough_page(code, inputs, seed, progress, round(1000 / fps)))


# -- formulas and the lesson page ---------------------------------------------------------------
BODY_PX = 17  # the page's text size; formulas are typeset at it
HEADING_PX = {1: 32, 2: 25, 3: 21, 4: 18}


def formula_html(tex: str, display: bool = False, level: int = 0, alt: str = "") -> str | None:
    """``tex`` typeset by mathtext as an ``<img>`` with a PNG ``data:`` URI (drawn at twice
    its size: crisp on a HiDPI screen), on the text's baseline; ``alt`` is its reading for a
    screen reader and a copy.  None when mathtext cannot read it (the caller shows text)."""
    from .mathtext import formula_image

    px = HEADING_PX.get(level, BODY_PX) * (1.15 if display else 1.0)
    img = formula_image(tex, size_px=px, dpr=2, color=palette.colour("text"), display=display)
    if img is None:
        return None
    w, h, d = img.width / 2, img.height / 2, img.depth / 2
    src = "data:image/png;base64," + base64.b64encode(img.png).decode("ascii")
    tag = (
        f'<img class="math" src="{src}" alt="{escape(alt or tex)}" '
        f'style="width:{w:.1f}px;height:{h:.1f}px;vertical-align:-{d:.1f}px">'
    )
    return f'<p class="display-math">{tag}</p>\n' if display else tag


@dataclass
class LessonBlock:
    """One block of a lesson's page, replayed: ``kind`` is ``prose``, ``predict``, ``task``
    or ``notes``; text is HTML already (its formulas typeset)."""

    kind: str
    html: Markup
    id: str = ""
    answer: str = ""  # predict: what the app shows
    explain: Markup = Markup("")
    choices: list = field(default_factory=list)
    hints: list = field(default_factory=list)  # task: HTML of each hint
    solution: list = field(default_factory=list)  # task: the actions, in words
    drawing: Markup = Markup("")  # what the app shows once the block ran (SVG or HTML)
    caption: str = ""  # the drawing's caption


def lesson_page(
    title: str,
    minutes: int,
    summary: Markup,
    blocks: list[LessonBlock],
    opening: Markup = Markup(""),
    opening_caption: str = "",
    source: str = "",
) -> str:
    """The HTML page of a lesson whose blocks were replayed by the caller."""
    return _render(
        "lesson.html.j2",
        title=title,
        minutes=minutes,
        summary=summary,
        blocks=blocks,
        opening=opening,
        opening_caption=opening_caption,
        source=source,
    )


class Drawings:
    """SVGs of walkthrough steps for a lesson page, one renderer per trace (cached)."""

    def __init__(self, size=FIG_SIZE):
        self.size = size
        self._renderers: dict = {}
        self._count = 0

    def svg(self, key, trace, t: int) -> tuple[str, str]:
        """``(svg, caption)`` of step t of ``trace``; ``key`` names the trace (equal keys:
        the same trace) so a lesson's many drawings of one code build it once."""
        r = self._renderers.get(key)
        if r is None:
            r = WalkthroughRenderer(new_figure(self.size, 100), caption_in_figure=False)
            r.set_trace(trace)
            self._renderers = {key: r}  # one at a time: a lesson walks one code on
        T = trace.code.T
        t = max(0, min(int(t), T))
        what = "the decode" if t == T else f"the transmissions at t = {t}"
        self._count += 1
        svg = step_svg(
            r,
            t,
            f"The time-expanded graph G_T at step {t} of {T}: {what}",
            salt=f"drawing{self._count}",
        )
        return svg, r.caption(t, width=100_000)


def write_html(out, html: str) -> str:
    """Write a page (UTF-8) to ``out``, refusing a folder or a missing folder in one line."""
    return _write(out, html)
