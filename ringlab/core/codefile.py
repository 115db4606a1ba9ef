"""The code file (``*.ringlab.json``, format ``ringlab-code`` version 1), read and written.

Reading refuses anything off with one line naming the place and the expectation; writing is
atomic (a temporary file in the same folder, then a rename), so a crash never leaves half a
file where the user's work was.

>>> from ringlab import preset
>>> text = dumps_code(preset("paper-k1-t2"))
>>> loads_code(text) == preset("paper-k1-t2")
True
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from .code import MATRICES, LinearCode, NodeMatrices, cell_name, check_size, matrix_shape, row_name
from .errors import CodeFileError, EntryError, FieldError, RinglabError
from .fields import field as get_field
from .files import write_text_atomic

FORMAT = "ringlab-code"
VERSION = 1
_KEYS = {
    "format",
    "version",
    "ring",
    "name",
    "description",
    "N",
    "K",
    "T",
    "field",
    "modulus",
    "nodes",
}


def code_to_dict(code: LinearCode) -> dict:
    F = code.field
    nodes = []
    for nd in code.nodes:
        obj = {}
        for which in MATRICES:
            m = nd.get(which)
            if m is not None:
                obj[which] = [[F.to_json(v) for v in row] for row in m]
        nodes.append(obj)
    return header_to_dict(code, nodes)


def header_to_dict(code, nodes: list, **first) -> dict:
    """A code file's dict on either ring: format and version, ``first`` (the two-way ring's
    ``ring``), name, description, N, K, T, field (and modulus), then ``nodes``."""
    F = code.field
    d = {"format": FORMAT, "version": VERSION, **first}
    d.update(name=code.name, description=code.description, N=code.N, K=code.K, T=code.T)
    d["field"] = getattr(F, "base_name", F.name)
    if getattr(F, "modulus", None) is not None:  # every GF(p^m): which field it is
        d["modulus"] = F.modulus
    d["nodes"] = nodes
    return d


def dumps_code(code: LinearCode) -> str:
    """The file text: matrices one row per line, so a diff shows which entry changed."""
    return dict_text(
        code_to_dict(code), lambda nd: [matrix_text(w, m, " " * 6) for w, m in nd.items()]
    )


def dict_text(d: dict, node_items) -> str:
    """A code file's text on either ring: the keys of ``d`` as JSON, then each node as
    ``node_items(node)`` (its keys' texts) in braces."""
    d = dict(d)
    nodes = d.pop("nodes")
    head = json.dumps(d, ensure_ascii=False, indent=2)[:-2]
    parts = ["    {\n" + ",\n".join(node_items(nd)) + "\n    }" for nd in nodes]
    return head + ',\n  "nodes": [\n' + ",\n".join(parts) + "\n  ]\n}\n"


def matrix_text(key: str, m, ind: str) -> str:
    """``"key": [...]`` indented by ``ind``, one row a line."""
    body = f",\n{ind}  ".join(json.dumps(r) for r in m)
    return f'{ind}"{key}": [\n{ind}  {body}\n{ind}]'


def save_code(code: LinearCode, path) -> Path:
    """Write ``code`` to ``path`` atomically; returns the path."""
    return write_text_atomic(path, dumps_code(code))


def _reject_constants(name):
    raise ValueError(f"{name} is not allowed")


def parse_json(text: str, source: str = "<string>"):
    """The JSON value of a code file's text, or one line saying why it is not JSON."""
    try:
        return json.loads(text, parse_constant=_reject_constants)
    except json.JSONDecodeError as e:
        raise CodeFileError(
            f"{source}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})"
        ) from None
    except RecursionError:
        raise CodeFileError(f"{source}: not a code file: JSON nested too deeply") from None
    except ValueError as e:
        raise CodeFileError(
            f"{source}: not a valid code file: {e} (NaN and infinity are not numbers)"
        ) from None


def loads_code(text: str, source: str = "<string>") -> LinearCode:
    """Parse code-file text; errors start with ``source``."""
    return code_from_dict(parse_json(text, source), source)


def load_code(path) -> LinearCode:
    """Read a ``*.ringlab.json`` file.

    Raises :class:`CodeFileError` (a :class:`RinglabError`) with one line naming the file,
    node, matrix, row and column of the first problem.
    """
    path = Path(path)
    try:
        text = read_text(path)
    except UnreadableText as e:
        why = {
            "missing": "no such file",
            "folder": "is a folder, expected a code file",
            "not utf-8": "not a text file (expected UTF-8 JSON)",
            "unreadable": f"cannot be read ({e.strerror})",
        }[e.reason]
        raise CodeFileError(f"{path}: {why}") from None
    return loads_code(text, str(path))


class UnreadableText(RinglabError):
    """A user's text file that cannot be read, for the caller's own message: ``reason``
    (``"missing"``, ``"folder"``, ``"not utf-8"``, ``"unreadable"``), ``cause`` (the OS or
    decoding error), its ``strerror`` and the first undecodable ``byte`` (None if not known)."""

    def __init__(self, reason: str, cause: Exception):
        super().__init__(f"{reason}: {cause}")
        self.reason, self.cause = reason, cause
        self.strerror = getattr(cause, "strerror", None)
        self.byte = getattr(cause, "start", None)


def read_text(path) -> str:
    """The UTF-8 text of the file ``path``, or :class:`UnreadableText` saying why not."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as e:
        raise UnreadableText("missing", e) from None
    except IsADirectoryError as e:
        raise UnreadableText("folder", e) from None
    except UnicodeDecodeError as e:
        raise UnreadableText("not utf-8", e) from None
    except OSError as e:
        raise UnreadableText("unreadable", e) from None


RINGS = ("one-way", "two-way")


def ring_of(data, source: str = "<code>") -> str:
    """The file's ``"ring"``: ``"one-way"`` when absent (every file before the two-way ring)."""
    ring = data.get("ring", "one-way") if isinstance(data, dict) else "one-way"
    if ring not in RINGS:
        raise CodeFileError(f'{source}: "ring" must be "one-way" or "two-way", got {ring!r}')
    return ring


def read_header(data, source: str, keys=_KEYS):
    """``(N, K, T, field)`` from a code file's top level, checked; ``keys`` are the ones
    allowed there."""
    if not isinstance(data, dict):
        raise CodeFileError(f'{source}: expected a JSON object with "format": "{FORMAT}"')
    if data.get("format") != FORMAT:
        raise CodeFileError(f'{source}: "format" must be "{FORMAT}", got {data.get("format")!r}')
    if data.get("version") != VERSION:
        raise CodeFileError(f'{source}: "version" must be {VERSION}, got {data.get("version")!r}')
    for key in ("N", "K", "T", "field", "nodes"):
        if key not in data:
            raise CodeFileError(f'{source}: missing key "{key}"')
    unknown = sorted(set(data) - set(keys))
    if unknown:
        raise CodeFileError(
            f'{source}: unknown key "{unknown[0]}" (expected {", ".join(sorted(keys))})'
        )
    try:
        N, K, T = (check_size(k, data[k]) for k in ("N", "K", "T"))
        F = get_field(data["field"])
    except RinglabError as e:
        raise CodeFileError(f"{source}: {e}") from None
    if "modulus" in data:
        if getattr(F, "modulus", None) is None:
            raise CodeFileError(f'{source}: "modulus" belongs to GF(p^m) only; "field" is {F.name}')
        try:
            F = get_field(F.base_name, modulus=data["modulus"])
        except RinglabError as e:
            raise CodeFileError(f'{source}: "modulus": {e}') from None
    for key in ("name", "description"):
        if key in data and not isinstance(data[key], str):
            raise CodeFileError(f'{source}: "{key}" must be a string')
    return N, K, T, F


def code_from_dict(data, source: str = "<code>") -> LinearCode:
    if ring_of(data, source) == "two-way":
        raise CodeFileError(
            f'{source}: a two-way ring code ("ring": "two-way"); so far '
            f"`ringlab check`, `simulate` and `export` read those, the rest of ringlab reads "
            f"one-way codes"
        )
    N, K, T, F = read_header(data, source)
    nodes = data["nodes"]
    if not isinstance(nodes, list) or len(nodes) != N:
        got = len(nodes) if isinstance(nodes, list) else type(nodes).__name__
        raise CodeFileError(f'{source}: "nodes" must list {N} nodes (N = {N}), got {got}')
    built = []
    for i, nd in enumerate(nodes):
        if not isinstance(nd, dict):
            raise CodeFileError(f"{source}: node {i}: expected an object with M, Lambda, R (and T)")
        extra = sorted(set(nd) - set(MATRICES))
        if extra:
            raise CodeFileError(
                f'{source}: node {i}: unknown key "{extra[0]}" (expected M, Lambda, R, T)'
            )
        mats = {}
        for which in MATRICES:
            if which not in nd:
                if which == "T":
                    mats["T"] = None
                    continue
                raise CodeFileError(f'{source}: node {i}: missing "{which}"')
            mats[which] = _read_matrix(F, nd[which], i, which, K, T, source)
        built.append(NodeMatrices(**mats))
    try:
        return LinearCode(
            N, K, T, F, tuple(built), data.get("name", ""), data.get("description", "")
        )
    except RinglabError as e:
        raise CodeFileError(f"{source}: {e}") from None


def _read_matrix(F, m, i, which, K, T, source):
    rows, cols = matrix_shape(which, K, T)
    shape = {"M": "T×K", "Lambda": "T×T", "R": "K×T", "T": "K×K"}[which]
    return parse_matrix(
        F,
        m,
        (rows, cols, shape),
        which,
        f"node {i}",
        lambda r: row_name(which, r),
        lambda r, c: cell_name(which, r, c),
        source,
    )


def parse_matrix(F, m, shape, which, place, row_label, cell_label, source):
    """``m`` (lists from JSON) as a tuple of rows of entries of F; ``shape`` is
    ``(rows, cols, "T×K")``; a wrong length, NaN, infinity or a bad entry raises
    :class:`CodeFileError` naming ``place``, ``which`` and the row (``row_label(r)``) or the
    cell (``cell_label(r, c)``).  Shared with the two-way ring's files."""
    rows, cols, shape = shape

    def check_length(x, n: int, unit: str, where: str):
        if not isinstance(x, list) or len(x) != n:
            got = f"{len(x)} {unit}" if isinstance(x, list) else type(x).__name__
            raise CodeFileError(
                f"{source}: {where}: expected {n} {unit} ({which} is {shape} "
                f"= {rows}×{cols}), got {got}"
            )

    check_length(m, rows, "rows", f"{place}, {which}")
    out = []
    for r, row in enumerate(m):
        check_length(row, cols, "columns", f"{place}, {which}, {row_label(r)}")
        vals = []
        for c, v in enumerate(row):
            where = f"{source}: {place}, {which}, {cell_label(r, c)}"
            if isinstance(v, float) and not math.isfinite(v):
                raise CodeFileError(f"{where}: NaN and infinity are not allowed")
            try:
                vals.append(F.parse(v))
            except (EntryError, FieldError) as e:
                raise CodeFileError(f"{where}: {e}") from None
        out.append(tuple(vals))
    return tuple(out)
