"""Which ring a code file is for, read before any window exists.

``ringlab FILE`` and File → Open call :func:`read_two_way` first: a two-way file comes back
as its :class:`~ringlab.core.twoway.TwoWayCode` (or its one-line error: the file's name and
what was expected), anything else as ``None`` — then the one-way reader reads it, with its
own words for a missing, unreadable or malformed file.  No Qt here.
"""

from __future__ import annotations

from pathlib import Path

from ...core.codefile import parse_json, read_text, ring_of
from ...core.errors import RinglabError
from ...core.twoway import TwoWayCode
from ...core.twowayfile import save_twoway, twoway_from_dict


def read_two_way(path) -> TwoWayCode | None:
    """The two-way code in ``path``; ``None`` if it is not a two-way code file (a one-way
    file, or one the one-way reader should explain: not JSON, not there).  A two-way file
    that is wrong raises :class:`~ringlab.core.errors.CodeFileError` naming the file."""
    source = str(Path(path))
    try:
        data = parse_json(read_text(path), source)
    except (RinglabError, OSError):
        return None
    if not isinstance(data, dict) or "ring" not in data:
        return None
    if ring_of(data, source) != "two-way":  # (a bad "ring" value raises, naming the file)
        return None
    return twoway_from_dict(data, source)


def write_two_way(code: TwoWayCode, path) -> Path:
    """Save atomically, as every code file is saved."""
    return save_twoway(code, path)
