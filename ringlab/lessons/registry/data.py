"""Files shipped in ``ringlab.data`` that a lesson may name: only plain file names listed there."""

from __future__ import annotations

import json
import re

from ...core.errors import RinglabError
from .limits import brief

_DATA_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*")


def check_data_name(name) -> str | None:
    """Why ``name`` is not a plain file name in ``ringlab.data`` (None if it is one): no folder,
    no ``..``, no drive, no absolute path — decided on the text alone, before any file is
    touched."""
    if not isinstance(name, str) or not name:
        return f"data name must be a file name, got {brief(name)}"
    if (
        len(name) > 100
        or "/" in name
        or "\\" in name
        or ".." in name
        or ":" in name
        or not _DATA_NAME.fullmatch(name)
    ):
        return (
            f"data {brief(name, 40)}: expected the plain name of a file shipped in "
            "ringlab.data (no folders, no '..', no drive or absolute path)"
        )
    return None


def _shipped_data() -> dict:
    """File name → resource of every file at the top of ``ringlab.data``."""
    from importlib.resources import files

    try:
        return {p.name: p for p in files("ringlab.data").iterdir() if p.is_file()}
    except (ModuleNotFoundError, OSError):
        return {}


def data_file(name: str, suffix: str = ".ringlab.json"):
    """A file shipped in ``ringlab.data``: ``name`` is its plain file name (``suffix`` added
    when it has none); anything that is not a file listed there is refused."""
    why = check_data_name(name)
    if why:
        raise RinglabError(why)
    fname = name if name.endswith(".json") else f"{name}{suffix}"
    p = _shipped_data().get(fname)
    if p is None:
        raise RinglabError(f"data {name!r}: no {fname} in ringlab.data")
    return p


def rate_table() -> dict:
    """The shipped rate table (``rate_table.json``), read afresh."""
    return json.loads(data_file("rate_table.json").read_text(encoding="utf-8"))
