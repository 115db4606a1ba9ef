r"""Read a lesson file: Markdown, YAML front matter, MyST-style ``:::{directive}`` blocks, ``$…$``.

markdown-it-py with mdit-py-plugins' ``front_matter``, ``colon_fence`` and ``dollarmath``
does the reading; PyYAML reads the front matter and each directive's options.  This module
only checks what they return against the lesson schema and the registry, and says what is
wrong as ``FILE:LINE: what is wrong`` (:class:`~ringlab.lessons.errors.LessonError`).

A lesson::

    ---
    title: Ring reduce-scatter, step by step
    minutes: 10
    order: 2
    setup: {preset: classic-ring-n4, tab: Schedules}
    ---
    Prose in Markdown, formulas in $…$.

    :::{predict} owner-of-chunk-0
    ---
    ask: number
    show: {schedule_cell: {schedule: ring, step: 3, core: 3, chunk: 0}}
    answer: 30
    reveal: [{set_schedule_step: 3}]
    ---
    After step 3, what does core 3 hold in chunk 0?
    :::

Directive options may also be MyST's short form, ``:key: value`` lines at the top.
"""

from __future__ import annotations

import pickle
import re
from functools import lru_cache
from pathlib import Path

from . import yamlines
from .errors import LessonError
from .model import Lesson, Notes, Prose
from .parse_blocks import PREDICT_KEYS, TASK_KEYS, BlockBuilder
from .parse_calls import MAX_SEARCHES, CallReader
from .parse_setup import SCHEDULE_KEYS, SETUP_KEYS, setup_calls
from .yamlines import LineDict
from .yamlines import load as load_yaml

__all__ = [
    "DIRECTIVES",
    "FRONT_KEYS",
    "MAX_LESSON_BYTES",
    "MAX_SEARCHES",
    "PREDICT_KEYS",
    "SCHEDULE_KEYS",
    "SETUP_KEYS",
    "TASK_KEYS",
    "load_lesson",
    "markdown",
    "parse_lesson",
]

DIRECTIVES = ("predict", "task", "notes")
FRONT_KEYS = {"title": str, "minutes": int, "order": int, "summary": str, "setup": dict}
ID = re.compile(r"[a-z0-9][a-z0-9-]*")
MINUTES = (5, 15)
MAX_LESSON_BYTES = 100_000  # the longest shipped lesson is ~4 KB; Markdown of 1 MB can
# take seconds to read, 100 KB well under one
MAX_ID = 80  # characters of a question id


@lru_cache(maxsize=2)
def _reader(inline: bool):
    from markdown_it import MarkdownIt
    from mdit_py_plugins.colon_fence import colon_fence_plugin
    from mdit_py_plugins.dollarmath import dollarmath_plugin
    from mdit_py_plugins.front_matter import front_matter_plugin

    md = (
        MarkdownIt("commonmark")
        .use(front_matter_plugin)
        .use(colon_fence_plugin)
        .use(dollarmath_plugin)
    )
    return md if inline else md.disable("inline")


def markdown():
    """The one Markdown reader lessons use (also for the app, to find ``$…$`` spans)."""
    return _reader(True)


def _structure():
    """The same reader without inline parsing: the parser only needs the blocks (front matter,
    ``:::`` fences), and inline parsing is what a hostile file (``[[[[…``) makes slow."""
    return _reader(False)


def load_lesson(path) -> Lesson:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_LESSON_BYTES:
            raise LessonError(
                path, 1, f"{size} bytes: a lesson file is at most {MAX_LESSON_BYTES // 1000} KB"
            )
        with path.open("rb") as f:  # a file that grows meanwhile is cut, not read
            text = f.read(MAX_LESSON_BYTES + 1).decode("utf-8")
        text = text.replace("\r\n", "\n").replace("\r", "\n")  # as read_text() would
    except FileNotFoundError:
        raise LessonError(path, 1, "no such file") from None
    except UnicodeDecodeError as e:
        raise LessonError(path, 1, f"not UTF-8 text ({e.reason})") from None
    except OSError as e:
        raise LessonError(path, 1, f"cannot be read ({e.strerror})") from None
    # Reading the YAML of the whole course takes about a second; each opening of the Lessons
    # panel reads it again.  The same text parses to the same lesson, so it is kept (pickled:
    # every caller gets objects of its own, as from a fresh parse).
    key = (str(path), text)
    kept = _PARSED.get(key)
    if kept is None:
        kept = _PARSED[key] = pickle.dumps(parse_lesson(text, path))
        if len(_PARSED) > _KEEP:
            del _PARSED[next(iter(_PARSED))]
    return pickle.loads(kept)


_PARSED: dict[tuple[str, str], bytes] = {}
_KEEP = 64  # lessons kept parsed (the course is 17)


def parse_lesson(text: str, path="<lesson>") -> Lesson:
    if len(text) > MAX_LESSON_BYTES:
        raise LessonError(Path(path), 1, f"a lesson file is at most {MAX_LESSON_BYTES // 1000} KB")
    return _Parser(text, Path(path)).lesson()


class _Parser:
    """One lesson file: its front matter, then prose and the ``:::`` blocks in order."""

    def __init__(self, text: str, path: Path):
        self.path, self.text = path, text
        self.lines = text.splitlines()
        self.yaml_budget = [yamlines.MAX_NODES]  # YAML values in the whole file
        self.calls = CallReader(path)
        self.blocks = BlockBuilder(self.calls)
        self.fail = self.calls.fail

    # -- the file --------------------------------------------------------------------------
    def lesson(self) -> Lesson:
        tokens = _structure().parse(self.text)
        if not tokens or tokens[0].type != "front_matter":
            self.fail(
                1, "expected front matter first: a '---' line, title/minutes/order, a '---' line"
            )
        fm = tokens[0]
        meta = self.front_matter(fm)
        setup = setup_calls(meta.get("setup") or LineDict(), meta.line_of("setup"), self.calls)
        blocks = self.body(tokens[1:], fm.map[1])
        if not any(hasattr(b, "id") for b in blocks):
            self.fail(fm.map[1] + 1, "a lesson needs at least one :::{predict} or :::{task}")
        return Lesson(
            self.path,
            meta["title"],
            meta["minutes"],
            meta["order"],
            meta.get("summary", ""),
            setup,
            blocks,
            meta.line_of("setup"),
        )

    def front_matter(self, fm) -> LineDict:
        """The front matter's keys, each of its type; a lesson takes MINUTES."""
        meta = load_yaml(fm.content, fm.map[0] + 2, self.path, self.yaml_budget)
        if not isinstance(meta, dict):
            self.fail(
                fm.map[0] + 2, "front matter must be key: value lines (title, minutes, order)"
            )
        for key in meta:
            if key not in FRONT_KEYS:
                self.fail(
                    meta.line_of(key),
                    f"unknown front matter key {key!r} (expected {', '.join(FRONT_KEYS)})",
                )
        for key in ("title", "minutes", "order"):
            if key not in meta:
                self.fail(fm.map[0] + 1, f"front matter needs {key!r}")
        for key, typ in FRONT_KEYS.items():
            if key in meta and (not isinstance(meta[key], typ) or isinstance(meta[key], bool)):
                self.fail(meta.line_of(key), f"{key} must be {_TYPE_WORDS[typ]}, got {meta[key]!r}")
        lo, hi = MINUTES
        if not lo <= meta["minutes"] <= hi:
            self.fail(
                meta.line_of("minutes"), f"minutes = {meta['minutes']}: a lesson takes {lo}–{hi}"
            )
        return meta

    def body(self, tokens, prose_from: int) -> list:
        """Prose and directive blocks after the front matter (which ends on ``prose_from``)."""
        blocks, ids = [], {}
        for tok in tokens:
            if tok.type != "colon_fence":
                continue
            start, end = tok.map
            if tok.level != 0:
                self.fail(
                    start + 1, "a directive must stand on its own, not inside a list or quote"
                )
            self.prose(blocks, prose_from, start)
            prose_from = end
            block = self.directive(tok)
            if hasattr(block, "id"):
                if block.id in ids:
                    self.fail(
                        block.line, f"id {block.id!r} is used twice (first on line {ids[block.id]})"
                    )
                ids[block.id] = block.line
            blocks.append(block)
        self.prose(blocks, prose_from, len(self.lines))
        return blocks

    def prose(self, blocks, a, b):
        text = "\n".join(self.lines[a:b]).strip("\n")
        if text.strip():
            skip = next(k for k, ln in enumerate(self.lines[a:b]) if ln.strip())
            blocks.append(Prose(text.strip() + "\n", a + skip + 1))

    # -- directives --------------------------------------------------------------------------
    def directive(self, tok):
        start, end = tok.map
        line = start + 1
        closing = self.lines[end - 1].strip() if end - 1 > start else ""
        if not (closing.startswith(tok.markup) and set(closing) == {":"}):
            self.fail(
                line, f"{tok.markup}{tok.info} is never closed (expected a line '{tok.markup}')"
            )
        m = re.fullmatch(r"\{([A-Za-z_-]+)\}\s*(.*?)\s*", tok.info)
        if not m:
            self.fail(
                line,
                f"expected ':::{{name}} id' with name one of {', '.join(DIRECTIVES)}, "
                f"got ':::{tok.info}'",
            )
        name, arg = m.group(1), m.group(2)
        if name not in DIRECTIVES:
            self.fail(
                line, f"unknown directive {{{name}}} (expected one of {', '.join(DIRECTIVES)})"
            )
        opts, body, body_line = self.options(tok.content, line + 1)
        inner = [t for t in _structure().parse(body) if t.type == "colon_fence"]
        if inner:
            self.fail(
                body_line + inner[0].map[0], "directives cannot be nested (put hints in 'hints:')"
            )
        if name == "notes":
            if opts:
                self.fail(opts.line, "{notes} takes no options, only Markdown")
            return Notes(body.strip() + "\n", line)
        if not ID.fullmatch(arg or "") or len(arg) > MAX_ID:
            self.fail(
                line,
                f"{{{name}}} needs an id after it: lower-case letters, digits and '-' "
                f"(got {arg!r})",
            )
        if not body.strip():
            self.fail(line, f"{{{name}}} {arg}: the question text is missing")
        if name == "predict":
            return self.blocks.predict(arg, line, opts, body)
        return self.blocks.task(arg, line, opts, body)

    def options(self, content: str, first: int):
        """(options mapping, Markdown body, file line of the body) of a directive."""
        lines = content.splitlines()
        k = 0
        while k < len(lines) and not lines[k].strip():
            k += 1
        if k < len(lines) and lines[k].strip() == "---":
            close = next((j for j in range(k + 1, len(lines)) if lines[j].strip() == "---"), None)
            if close is None:
                self.fail(first + k, "directive options start with '---' but never end with '---'")
            opts = load_yaml(
                "\n".join(lines[k + 1 : close]), first + k + 1, self.path, self.yaml_budget
            )
            rest = close + 1
        else:
            short = []
            while k < len(lines) and re.match(r":[A-Za-z_]+:(\s|$)", lines[k]):
                short.append(re.sub(r"^:([A-Za-z_]+):", r"\1:", lines[k]))
                k += 1
            opts = (
                load_yaml("\n".join(short), first + k - len(short), self.path, self.yaml_budget)
                if short
                else None
            )
            rest = k
        if opts is None:
            opts = LineDict()
            opts.line, opts.key_lines = first, {}
        if not isinstance(opts, dict):
            self.fail(first, "directive options must be key: value lines")
        return opts, "\n".join(lines[rest:]), first + rest


_TYPE_WORDS = {str: "text", int: "an integer", dict: "a mapping"}
