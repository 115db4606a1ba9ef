"""Two-way codes in the code file (``"ring": "two-way"``), read and written.

The top level is a one-way file's (format, version, name, description, N, K, T, field,
modulus, nodes) plus ``"ring": "two-way"``.  Each node is an object::

    {"send_cw":  {"M": T×K, "Lambda_cw": T×T, "Lambda_ccw": T×T},
     "send_ccw": {"M": T×K, "Lambda_cw": T×T, "Lambda_ccw": T×T},
     "R_cw": K×T, "R_ccw": K×T, "T": K×K}

``send_cw`` is what the node sends clockwise (to i+1), ``send_ccw`` counter-clockwise (to
i−1).  The suffix of ``Lambda_*`` and ``R_*`` names the *stream read*: ``cw`` the symbols that
came clockwise, from i−1; ``ccw`` those that came counter-clockwise, from i+1.  Rows and
columns mean what they mean one-way (row t of M and Λ is the send at t; column u of Λ and R
the symbol received at u+1).  The decoder (``R_cw``, ``R_ccw``, ``T``) may be left out on
every node (the check then asks whether one exists); ``T`` alone may be left out (solved).

>>> from ringlab import preset
>>> from ringlab.core.twoway import from_one_way
>>> c = from_one_way(preset("paper-k1-t2"))
>>> loads_any(dumps_twoway(c)) == c
True
"""

from __future__ import annotations

from pathlib import Path

from .code import row_name
from .codefile import (
    _KEYS,
    dict_text,
    header_to_dict,
    loads_code,
    matrix_text,
    parse_json,
    parse_matrix,
    read_header,
    read_text,
    ring_of,
)
from .codefile import code_from_dict as one_way_from_dict
from .errors import CodeFileError, RinglabError
from .files import write_text_atomic
from .twoway import (
    _LIKE,
    DECODER_MATRICES,
    DIRECTIONS,
    SENDER_MATRICES,
    Sender,
    TwoWayCode,
    TwoWayNode,
    two_way_cell,
    two_way_shape,
)

NODE_KEYS = ("send_cw", "send_ccw", "R_cw", "R_ccw", "T")
_SHAPE = {"M": "T×K", "Lambda_cw": "T×T", "Lambda_ccw": "T×T", "R_cw": "K×T", "R_ccw": "K×T"}
_SHAPE["T"] = "K×K"


def twoway_to_dict(code: TwoWayCode) -> dict:
    F = code.field
    rows = lambda m: [[F.to_json(v) for v in r] for r in m]  # noqa: E731
    nodes = []
    for nd in code.nodes:
        obj = {
            f"send_{d}": {w: rows(nd.sender(d).get(w)) for w in SENDER_MATRICES} for d in DIRECTIONS
        }
        for w in DECODER_MATRICES:
            if getattr(nd, w) is not None:
                obj[w] = rows(getattr(nd, w))
        nodes.append(obj)
    return header_to_dict(code, nodes, ring="two-way")


def dumps_twoway(code: TwoWayCode) -> str:
    """The file text, one matrix row per line (a diff shows which entry changed)."""

    def items(nd):
        out = []
        for key, v in nd.items():
            if key.startswith("send_"):
                inner = ",\n".join(matrix_text(w, m, " " * 8) for w, m in v.items())
                out.append(f'      "{key}": {{\n{inner}\n      }}')
            else:
                out.append(matrix_text(key, v, " " * 6))
        return out

    return dict_text(twoway_to_dict(code), items)


def save_twoway(code: TwoWayCode, path) -> Path:
    return write_text_atomic(path, dumps_twoway(code))


def twoway_from_dict(data, source: str = "<code>") -> TwoWayCode:
    N, K, T, F = read_header(data, source, _KEYS)
    nodes = data["nodes"]
    if not isinstance(nodes, list) or len(nodes) != N:
        got = len(nodes) if isinstance(nodes, list) else type(nodes).__name__
        raise CodeFileError(f'{source}: "nodes" must list {N} nodes (N = {N}), got {got}')
    built = [_read_node(F, nd, i, K, T, source) for i, nd in enumerate(nodes)]
    try:
        return TwoWayCode(
            N, K, T, F, tuple(built), data.get("name", ""), data.get("description", "")
        )
    except RinglabError as e:
        raise CodeFileError(f"{source}: {e}") from None


def _read_node(F, nd, i, K, T, source) -> TwoWayNode:
    expect = "send_cw, send_ccw (and R_cw, R_ccw, T)"
    if not isinstance(nd, dict):
        raise CodeFileError(f"{source}: node {i}: expected an object with {expect}")
    extra = sorted(set(nd) - set(NODE_KEYS))
    if extra:
        hint = (
            ' (a one-way node? add "ring": "one-way" or drop "ring")'
            if extra[0] in ("M", "Lambda", "R")
            else ""
        )
        raise CodeFileError(
            f'{source}: node {i}: unknown key "{extra[0]}" (expected {expect}){hint}'
        )
    senders = {}
    for d in DIRECTIONS:
        key = f"send_{d}"
        if key not in nd:
            raise CodeFileError(f'{source}: node {i}: missing "{key}" (what it sends {_dir(d)})')
        s = nd[key]
        place = f"node {i}, {key}"
        if not isinstance(s, dict):
            raise CodeFileError(
                f"{source}: {place}: expected an object with M, Lambda_cw, Lambda_ccw"
            )
        extra = sorted(set(s) - set(SENDER_MATRICES))
        if extra:
            raise CodeFileError(
                f'{source}: {place}: unknown key "{extra[0]}" (expected M, Lambda_cw, Lambda_ccw)'
            )
        mats = {}
        for w in SENDER_MATRICES:
            if w not in s:
                raise CodeFileError(f'{source}: {place}: missing "{w}"')
            mats[w] = _read_matrix(F, s[w], place, w, K, T, source)
        senders[d] = Sender(**mats)
    dec = {}
    for w in DECODER_MATRICES:
        if w in nd:
            dec[w] = _read_matrix(F, nd[w], f"node {i}", w, K, T, source)
    return TwoWayNode(senders["cw"], senders["ccw"], **dec)


def _dir(d: str) -> str:
    return "clockwise, to i+1" if d == "cw" else "counter-clockwise, to i−1"


def _read_matrix(F, m, place, which, K, T, source):
    rows, cols = two_way_shape(which, K, T)
    return parse_matrix(
        F,
        m,
        (rows, cols, _SHAPE[which]),
        which,
        place,
        lambda r: row_name(_LIKE[which], r),
        lambda r, c: two_way_cell(which, r, c),
        source,
    )


def any_from_dict(data, source: str = "<code>"):
    """A :class:`~ringlab.core.code.LinearCode` or a :class:`TwoWayCode`, as ``"ring"`` says."""
    if ring_of(data, source) == "two-way":
        return twoway_from_dict(data, source)
    return one_way_from_dict(data, source)


def loads_any(text: str, source: str = "<string>"):
    """Code-file text of either ring."""
    return any_from_dict(parse_json(text, source), source)


def load_any(path):
    """A code file of either ring (one-way files exactly as :func:`load_code` reads them)."""
    from .codefile import UnreadableText, load_code

    try:
        text = read_text(path)
    except UnreadableText:
        return load_code(path)  # its own words for a missing or unreadable file
    return loads_any(text, str(Path(path)))


__all__ = ["load_any", "loads_any", "loads_code", "dumps_twoway", "save_twoway"]
