r"""YAML with line numbers: mappings and lists remember where each key and item was written.

PyYAML parses (we never do); this loader only keeps the marks PyYAML already has, so a lesson
error can say ``FILE:LINE``.  Duplicate keys, which plain ``safe_load`` silently overwrites,
are refused.  ``offset`` is the file line of the text's first line (1-based).
"""
from __future__ import annotations

import yaml

from .errors import LessonError


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


def _loader(offset: int):
    class Loader(yaml.SafeLoader):
        pass

    def mapping(loader, node):
        out = LineDict()
        out.line, out.key_lines = node.start_mark.line + offset, {}
        for knode, vnode in node.value:
            key = loader.construct_object(knode, deep=True)
            try:
                hash(key)
            except TypeError:
                raise LessonError(None, knode.start_mark.line + offset,
                                  "a mapping key must be a plain word") from None
            if key in out:
                raise LessonError(None, knode.start_mark.line + offset,
                                  f"duplicate key {key!r} (first on line {out.key_lines[key]})")
            out[key] = loader.construct_object(vnode, deep=True)
            out.key_lines[key] = knode.start_mark.line + offset
        return out

    def sequence(loader, node):
        out = LineList(loader.construct_object(v, deep=True) for v in node.value)
        out.line = node.start_mark.line + offset
        out.item_lines = [v.start_mark.line + offset for v in node.value]
        return out

    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, sequence)
    return Loader


def load(text: str, offset: int, path=None):
    """Parse ``text`` (YAML) whose first line is file line ``offset``; errors are LessonError."""
    try:
        return yaml.load(text, Loader=_loader(offset))   # noqa: S506 — a SafeLoader subclass
    except LessonError as e:
        e.path = path
        raise
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = offset + (mark.line if mark else 0)
        raise LessonError(path, line, f"not valid YAML: {e.problem or e.context}") from None
    except yaml.YAMLError as e:
        raise LessonError(path, offset, f"not valid YAML: {e}") from None
