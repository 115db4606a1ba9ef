r"""Lesson text as a student reads it in the app: Markdown rendered, formulas typeset.

:func:`to_html` renders lesson Markdown (:func:`ringlab.lessons.text.prose_to_html`) and puts
each ``$…$`` formula in as an ``<img>``: typeset by matplotlib's mathtext
(:func:`ringlab.render.mathtext.formula_image`) at the text's pixel size, in the text's colour,
at the screen's device pixel ratio (crisp on a HiDPI screen: the ``<img>`` is given its size in
logical pixels), written once to a PNG in a per-user cache folder keyed by a hash of the image
(Qt's rich text loads local files; it does not read ``data:`` URLs).  A formula mathtext
cannot read shows its Unicode reading instead (:func:`ringlab.lessons.text.math_to_text`).

Each ``<img>`` carries the TeX as ``alt``; Qt's accessibility gives an image as U+FFFC, so a
label's accessible name (or, when the program named it, its description) is the text with each
formula read in Unicode (:func:`spoken`).

The formula sits on the text's baseline.  Qt places an inline image with ``vertical-align:
middle`` so that its ascent is ``(h + x)/2`` and its descent ``(h − x)/2`` (``x`` half the
font's x-height), then centres it in the line box; an image padded to reach above the font's
ascent and below its descent (:func:`_padding`) *is* the line box, so its centre lands
exactly ``x/2`` above the baseline — wherever it is and whatever else is on the line.  The
image is padded so that the formula's own baseline is that far below its centre.  Padded
images would make a line with a formula taller than one without, so a paragraph is set at one
fixed line pitch (:data:`LEADING` line heights; Qt puts each baseline at 4/5 of it), unless a
formula in it is too tall for that pitch (a matrix): that paragraph keeps Qt's own spacing.

:func:`set_rich` / :func:`rich_label` put such text on a ``QLabel``; an inline text (a status
line) with no markup stays plain text (a status line's ``text()`` is what it says, starting with its ✓ or ✗;
with markup, its inline HTML still starts with the ✓ or ✗: no tag comes before it).
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import tempfile
import time
from html import escape
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, QUrl
from PySide6.QtGui import (
    QFont,
    QFontInfo,
    QFontMetrics,
    QFontMetricsF,
    QGuiApplication,
    QPalette,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QLabel, QWidget

from ..lessons.text import formula_as_text, prose_to_html
from ..render.mathtext import formula_image, prepare

# a status line without any of these reads the same rendered or not (formulas, emphasis,
# code, links, HTML)
_MARKUP = re.compile(r"[$*`\\]|(?<!\w)_|_(?!\w)|\]\(|<[A-Za-z/]")
_CACHE: Path | None = None
LEADING = 1.25  # a paragraph's line pitch, in the font's line heights


def cache_dir() -> Path:
    """The per-user folder the formula PNGs go to (created on first use, owner-only)."""
    global _CACHE
    if _CACHE is not None:
        return _CACHE
    uid = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    d = Path(tempfile.gettempdir()) / f"ringlab-math-{uid}"
    try:
        d.mkdir(mode=0o700, exist_ok=True)
        st = d.lstat()
        # a folder someone else made (or a symlink) in a shared /tmp is not ours to write to
        if d.is_symlink() or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            raise OSError("not ours")
    except OSError:
        d = Path(tempfile.mkdtemp(prefix="ringlab-math-"))
    _CACHE = d
    return d


def _png_file(png: bytes) -> Path:
    """The PNG's file in the cache folder, written once (atomically: a reader never sees
    half); the folder made again if a clean-up of the temporary files removed it."""
    global _CACHE
    name = hashlib.sha1(png).hexdigest() + ".png"
    for _ in range(2):
        path = cache_dir() / name
        try:
            if not path.exists():
                tmp = path.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_bytes(png)
                os.replace(tmp, path)
            return path
        except OSError:
            _CACHE = None
    raise OSError(f"cannot write {name} to {cache_dir()}")


class _Typesetter:
    """The ``formula`` callback of :func:`prose_to_html` for one font, colour and screen."""

    def __init__(self, font: QFont, dpr: float, colour: str):
        self.font, self.dpr, self.colour = QFont(font), float(dpr) or 1.0, colour
        self._fonts: dict[int, QFont] = {0: self.font}
        m = QFontMetricsF(self.font)
        # the even line pitch of a paragraph (see even_leading), and how far a formula may
        # reach above/below its baseline in it without touching the lines around it
        self.pitch = math.ceil(LEADING * m.height())
        self._room = (self.pitch - m.descent() - 1, self.pitch - m.capHeight() - 1)
        self.tall: set[str] = set()  # images too tall for that pitch

    def font_at(self, level: int) -> QFont:
        """The font Qt's rich text uses in a heading of ``level`` (0: body text)."""
        if level not in self._fonts:
            doc = QTextDocument()
            doc.setDefaultFont(self.font)
            doc.setHtml(f"<h{level}>x</h{level}>")
            cur = QTextCursor(doc)
            cur.setPosition(1)
            self._fonts[level] = cur.charFormat().font()
        return self._fonts[level]

    def __call__(self, tex: str, display: bool, level: int = 0) -> str:
        try:
            return self._image(tex, display, level)
        except OSError:  # no folder to write the image to: the formula's text
            return formula_as_text(tex, display)

    def _image(self, tex: str, display: bool, level: int) -> str:
        font = self.font_at(level)
        px = QFontInfo(font).pixelSize() or 13
        alt = escape(tex.strip(), quote=True)
        if display:
            img = formula_image(
                tex, size_px=px * 1.1, dpr=self.dpr, color=self.colour, display=True
            )
            if img is None:
                return formula_as_text(tex, True)
            w, h = self._logical(img.width), self._logical(img.height)
            url = self._url(img.png)
            self.tall.add(url)
            return f'<p align="center"><img src="{url}" width="{w}" height="{h}" alt="{alt}"></p>\n'

        first = formula_image(tex, size_px=px, dpr=self.dpr, color=self.colour)
        if first is None:
            return formula_as_text(tex, False)
        a, d = (first.height - first.depth) / self.dpr, first.depth / self.dpr
        above, below = _padding(font, a, d)
        h = above + below  # logical pixels
        img = formula_image(
            tex,
            size_px=px,
            dpr=self.dpr,
            color=self.colour,
            ascent_px=round(above * self.dpr),
            descent_px=round(h * self.dpr) - round(above * self.dpr),
        )
        if img is None:
            return formula_as_text(tex, False)
        w, url = self._logical(img.width), self._url(img.png)
        if level or a > self._room[0] or d > self._room[1]:
            self.tall.add(url)
        return (
            f'<img src="{url}" width="{w}" height="{round(h)}" alt="{alt}" '
            f'style="vertical-align: middle">'
        )

    def even_leading(self, html: str) -> str:
        """Every paragraph at one fixed line pitch, so a line with a formula is spaced as one
        without (the padded formula images would otherwise make their lines taller); Qt puts
        each baseline at 4/5 of the pitch.  A paragraph with a formula too tall for the pitch
        (a matrix, a display formula) keeps Qt's own spacing."""
        style = f' style="line-height: {self.pitch}px; -qt-line-height-type: fixed"'

        def para(m: re.Match) -> str:
            if any(url in m.group(0) for url in self.tall):
                return m.group(0)
            return f"<{m.group(1)}{style}>{m.group(2)}"

        return re.sub(r"<(p|li)>(.*?)(?=</\1>|<(?:p|li|ul|ol)\b)", para, html, flags=re.S)

    def _logical(self, device_px: int) -> int:
        return max(1, math.ceil(device_px / self.dpr - 1e-6))

    @staticmethod
    def _url(png: bytes) -> str:
        return escape(QUrl.fromLocalFile(str(_png_file(png))).toString(), quote=True)


def _padding(font: QFont, above: float, below: float) -> tuple[float, float]:
    """``(rows above, rows below)`` the formula's baseline, in logical pixels, of an image Qt
    puts with its baseline on the text's (see the module's note): at least the formula's own
    ``above``/``below`` and the font's ascent/descent, with ``above − below`` = half the
    x-height and ``above + below`` a whole number."""
    m, mi = QFontMetricsF(font), QFontMetrics(font)
    half = mi.xHeight() / 2  # Qt uses the integer metrics here
    need_a = max(above, m.ascent()) + 0.5  # (+½: rounding never lets the text win)
    need_d = max(below, m.descent()) + 0.5
    h = math.ceil(max(2 * need_a - half, 2 * need_d + half))
    # the image's baseline on a whole pixel when the x-height is even, else a quarter pixel
    # below one (Qt's rounding then puts it on the text's: measured, 12 to 45 px)
    if ((h + half) / 2) % 1 not in (0.0, 0.25):
        h += 1
    return (h + half) / 2, (h - half) / 2


def _context(where) -> tuple[QFont, float, str]:
    if isinstance(where, QWidget):
        where.ensurePolished()  # a style sheet's font-size and colour
        return (
            where.font(),
            where.devicePixelRatioF(),
            where.palette().color(where.foregroundRole()).name(),
        )
    app = QGuiApplication.instance()
    dpr = app.devicePixelRatio() if app is not None else 1.0
    return (
        QFont(where) if isinstance(where, QFont) else QGuiApplication.font(),
        dpr,
        QGuiApplication.palette().color(QPalette.WindowText).name(),
    )


def to_html(text: str, where=None, *, inline: bool = False, colour: str | None = None) -> str:
    """``text`` (lesson Markdown with ``$…$`` formulas) as Qt rich text for ``where`` (the
    widget it goes on, or a QFont): formulas typeset at its font size and colour (``colour``
    overrides) for its screen.  ``inline``: one run of a sentence, no paragraph around it."""
    font, dpr, fg = _context(where)
    return _html(text, font, dpr, colour or fg, inline)


def _html(text: str, font: QFont, dpr: float, colour: str, inline: bool) -> str:
    ts = _Typesetter(font, dpr, colour)
    html = prose_to_html(text or "", ts, inline=inline)
    return html if inline else ts.even_leading(html)


def has_markup(text: str) -> bool:
    """Whether ``text``, read as a run of a sentence, reads differently rendered."""
    return bool(_MARKUP.search(text or ""))


def set_rich(label: QLabel, text: str, *, inline: bool = False, colour: str | None = None) -> None:
    """Show lesson ``text`` on ``label``, typeset (:func:`to_html`); an ``inline`` text (a
    status line) without markup is set as plain text, so ``label.text()`` is the text itself.
    The formulas follow the label: typeset again when its font (Ctrl+= zoom, a parent's
    font), colours or screen's pixel ratio change."""
    if inline and not has_markup(text):
        label._rich = None
        label.setTextFormat(Qt.PlainText)
        label.setText(text or "")
        _speak(label, text or "")
        return
    _follow(label)
    font, dpr, fg = _context(label)
    label._rich = (text, inline, colour, _key(font, dpr, colour or fg))
    label.setTextFormat(Qt.RichText)
    label.setText(_html(text, font, dpr, colour or fg, inline))
    _speak(label, spoken(text, inline=inline))


def spoken(text: str, *, inline: bool = False) -> str:
    """``text`` as a screen reader should say it: rendered, each formula read in Unicode
    (``x_{i,k}`` → xᵢ,ₖ) — in the label a formula is an image, which Qt's accessibility
    gives as U+FFFC."""
    doc = QTextDocument()
    doc.setHtml(prose_to_html(text or "", formula_as_text, inline=inline))
    return doc.toPlainText().strip()


def _speak(label: QLabel, said: str) -> None:
    """The label's accessible name is what it says (formulas read out) — unless the program
    gave it a name of its own (``Status: ID``): then that is its description."""
    if not label.accessibleName() or getattr(label, "_rich_named", False):
        label.setAccessibleName(said)
        label._rich_named = True
    else:
        label.setAccessibleDescription(said)


def _key(font: QFont, dpr: float, colour: str) -> tuple:
    return (QFontInfo(font).pixelSize(), font.family(), font.weight(), float(dpr), colour)


class _Follower(QObject):
    """Typesets a label's formulas again when what they were typeset for changed."""

    EVENTS = {
        QEvent.FontChange,
        QEvent.PaletteChange,
        QEvent.StyleChange,
        *([QEvent.DevicePixelRatioChange] if hasattr(QEvent, "DevicePixelRatioChange") else []),
    }

    def eventFilter(self, obj, event):
        if event.type() in self.EVENTS:
            rich = getattr(obj, "_rich", None)
            if rich is not None:
                text, inline, colour, key = rich
                font, dpr, fg = _context(obj)
                if _key(font, dpr, colour or fg) != key:
                    set_rich(obj, text, inline=inline, colour=colour)
        return False


_FOLLOWER: _Follower | None = None


def _follow(label: QLabel) -> None:
    global _FOLLOWER
    if getattr(label, "_rich_followed", False):
        return
    if _FOLLOWER is None:
        _FOLLOWER = _Follower(QCoreApplication.instance())
    label.installEventFilter(_FOLLOWER)
    label._rich_followed = True


# -- typesetting ahead ------------------------------------------------------------------------
_DISPLAY = re.compile(r"\$\$(.+?)\$\$", re.S)
_INLINE = re.compile(r"(?<![\\$])\$([^$\n]+?)\$")
_HEADING = re.compile(r"^(#{1,6})\s")
_AHEAD: set[tuple] = set()  # (sizes, screen) typeset ahead


_LESSON_HEADING = re.compile(r"^(#{1,6})(?=[ \t])", re.M)


def headings_under_title(text: str) -> str:
    r"""Lesson Markdown with its headings three steps down (``#`` as ``####``): the lesson
    page's title is an h3 above them (at 22 pt a lesson's ``# heading`` was larger than the
    title and took a third of the panel beside a 1280×720 window).

    >>> headings_under_title("# A\n\n## B $x$\ntext #1")
    '#### A\n\n##### B $x$\ntext #1'
    """
    return _LESSON_HEADING.sub(lambda m: "#" * min(6, len(m.group(1)) + 3), text)


def formulas_in(text: str) -> list[tuple[str, bool, int]]:
    r"""``(tex, display, heading level)`` of every formula in lesson Markdown, read as the
    renderer reads it (a regular expression: a look-ahead, so a miss only costs time later).

    >>> formulas_in("# The $G_T$ graph\n\nIt has $N(T+1)$ nodes: $$N \\cdot T$$")
    [('N \\cdot T', True, 0), ('G_T', False, 1), ('N(T+1)', False, 0)]
    """
    out = [(m.group(1), True, 0) for m in _DISPLAY.finditer(text)]
    rest = _DISPLAY.sub(" ", text)
    for line in rest.splitlines():
        h = _HEADING.match(line)
        out += [(m.group(1), False, len(h.group(1)) if h else 0) for m in _INLINE.finditer(line)]
    return out


def _texts(obj, depth: int = 0):
    """Every string in a lesson block (its text, hints, explanations, choices)."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            yield from _texts(x, depth)
    elif hasattr(obj, "__dataclass_fields__") and depth < 2:
        for name in obj.__dataclass_fields__:
            yield from _texts(getattr(obj, name), depth + 1)


def typeset_ahead(lessons, where, slice_s: float = 0.012, rest_ms: int = 10) -> QTimer | None:
    """Typeset the formulas of ``lessons`` ahead, at the font and screen of ``where`` (the
    widget lesson text goes on), so that opening a lesson finds them ready (typesetting a
    lesson's formulas when it opens takes 0.2–0.5 s).  Done on the GUI thread, a few formulas
    per turn of the event loop (``slice_s`` seconds' worth: one formula is 5–30 ms) every
    ``rest_ms``, so a click or a paint waits at most one slice; a thread would not help:
    mathtext is pure Python and would hold the interpreter's lock against the GUI thread.  Once
    per font size and screen; stops with ``where``.  Returns the timer (None: already done or
    under way)."""
    font, dpr, _ = _context(where)
    ts = _Typesetter(font, dpr, "#000000")
    px = {lvl: QFontInfo(ts.font_at(lvl)).pixelSize() or 13 for lvl in range(7)}
    key = (tuple(sorted(px.items())), round(float(dpr), 3))
    if key in _AHEAD:
        return None
    _AHEAD.add(key)
    texts = [
        t
        for lesson in lessons
        for block in getattr(lesson, "blocks", ())
        for t in _texts(block)
        if "$" in t
    ]
    texts = [headings_under_title(t) for t in texts]  # as the lesson page shows them

    def formulas():
        for text in texts:
            for tex, display, level in formulas_in(text):
                size = px.get(level, px[0])
                yield tex, size * 1.1 if display else size, dpr, display

    todo = formulas()
    timer = QTimer(where)
    timer.setObjectName("typeset_ahead")
    timer.setInterval(rest_ms)

    def turn():
        end = time.perf_counter() + slice_s
        while time.perf_counter() < end:
            one = next(todo, None)
            if one is None:
                timer.stop()
                timer.deleteLater()
                return
            prepare([one])

    timer.timeout.connect(turn)
    timer.start()
    return timer


def rich_label(text: str, *, inline: bool = False, parent=None) -> QLabel:
    """A word-wrapped QLabel showing lesson ``text`` typeset (selectable; links are followed by
    whoever connects linkActivated).  Give the ``parent`` it will live in: the formulas are
    typeset at its font (without one, once at the application's and again when zoomed)."""
    lab = QLabel(parent)
    lab.setWordWrap(True)
    lab.setOpenExternalLinks(False)
    lab.setTextInteractionFlags(Qt.TextSelectableByMouse | Qt.LinksAccessibleByMouse)
    set_rich(lab, text, inline=inline)
    return lab
