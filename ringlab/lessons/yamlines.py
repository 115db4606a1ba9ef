r"""YAML with line numbers: mappings and lists remember where each key and item was written.

PyYAML parses (we never do); this loader only keeps the marks PyYAML already has, so a lesson
error can say ``FILE:LINE``.  Duplicate keys, which plain ``safe_load`` silently overwrites,
are refused.  ``offset`` is the file line of the text's first line (1-based).

A lesson's YAML is a few short lines, so anything a hostile file could use to make PyYAML
(or us) work hard is refused as ``FILE:LINE: …`` before it costs anything: anchors and aliases
(``&a`` / ``*a``: an "alias bomb" expands to billions of values), nesting deeper than
MAX_DEPTH, more than MAX_NODES values, blocks over MAX_CHARS, numbers over MAX_NUMBER
characters.  Error messages are at most MESSAGE_LIMIT characters.
"""

from __future__ import annotations

import yaml

from .errors import LessonError

MAX_DEPTH = 20  # nested lists/mappings (a lesson's deepest, an inline code, needs 6)
MAX_NODES = 20_000  # values in one block, or in a whole lesson (``budget``): ~0.4 s of PyYAML
MAX_CHARS = 100_000  # characters of one YAML block
MAX_NUMBER = 40  # characters of an integer or a float scalar
MESSAGE_LIMIT = 300


def _short(message: str) -> str:
    message = " ".join(str(message).splitlines())
    return message if len(message) <= MESSAGE_LIMIT else message[: MESSAGE_LIMIT - 1] + "…"


class LineDict(dict):
    """A mapping with ``line`` (its own) and ``key_lines[key]`` (file lines, 1-based)."""

    line: int = 0
    key_lines: dict

    def line_of(self, key) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list):
    """A list with ``line`` and ``item_lines[i]`` (file lines, 1-based)."""

    line: int = 0
    item_lines: list

    def line_of(self, i: int) -> int:
        return self.item_lines[i] if i < len(self.item_lines) else self.line


def _loader(offset: int, budget: list):
    class Loader(yaml.SafeLoader):
        _depth = 0

        def compose_node(self, parent, index):
            # composing is where PyYAML resolves aliases and recurses: refuse both early
            event = self.peek_event()
            line = event.start_mark.line + offset
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
                raise LessonError(
                    None,
                    line,
                    "YAML anchors and aliases (&name, *name) are not "
                    "allowed in a lesson: write the value out",
                )
            budget[0] -= 1
            if budget[0] < 0:
                raise LessonError(None, line, f"more than {MAX_NODES} YAML values in one lesson")
            if self._depth >= MAX_DEPTH:
                raise LessonError(None, line, f"YAML nested more than {MAX_DEPTH} levels deep")
            self._depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1

    def mapping(loader, node):
        out = LineDict()
        out.line, out.key_lines = node.start_mark.line + offset, {}
        for knode, vnode in node.value:
            key = loader.construct_object(knode, deep=True)
            try:
                hash(key)
            except TypeError:
                raise LessonError(
                    None, knode.start_mark.line + offset, "a mapping key must be a plain word"
                ) from None
            if key in out:
                raise LessonError(
                    None,
                    knode.start_mark.line + offset,
                    f"duplicate key {key!r} (first on line {out.key_lines[key]})",
                )
            out[key] = loader.construct_object(vnode, deep=True)
            out.key_lines[key] = knode.start_mark.line + offset
        return out

    def sequence(loader, node):
        out = LineList(loader.construct_object(v, deep=True) for v in node.value)
        out.line = node.start_mark.line + offset
        out.item_lines = [v.start_mark.line + offset for v in node.value]
        return out

    def number(construct):
        def build(loader, node):
            if len(node.value) > MAX_NUMBER:
                raise LessonError(
                    None,
                    node.start_mark.line + offset,
                    f"a number of {len(node.value)} characters (at most {MAX_NUMBER})",
                )
            return construct(loader, node)

        return build

    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, sequence)
    Loader.add_constructor("tag:yaml.org,2002:int", number(yaml.SafeLoader.construct_yaml_int))
    Loader.add_constructor("tag:yaml.org,2002:float", number(yaml.SafeLoader.construct_yaml_float))
    return Loader


def load(text: str, offset: int, path=None, budget: list | None = None):
    """Parse ``text`` (YAML) whose first line is file line ``offset``; errors are LessonError.

    ``budget``: ``[values left]``, shared by the blocks of one file (default: MAX_NODES for
    this block alone)."""
    if budget is None:
        budget = [MAX_NODES]
    if len(text) > MAX_CHARS:
        raise LessonError(
            path, offset, f"a YAML block of {len(text)} characters (at most {MAX_CHARS})"
        )
    try:
        return yaml.load(text, Loader=_loader(offset, budget))  # noqa: S506 — a SafeLoader subclass
    except LessonError as e:
        e.path, e.message = path, _short(e.message)
        raise
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = offset + (mark.line if mark else 0)
        raise LessonError(path, line, _short(f"not valid YAML: {e.problem or e.context}")) from None
    except yaml.YAMLError as e:
        raise LessonError(path, offset, _short(f"not valid YAML: {e}")) from None
    except (ValueError, TypeError, OverflowError, RecursionError) as e:  # a constructor gave up
        raise LessonError(path, offset, _short(f"not valid YAML: {e}")) from None
