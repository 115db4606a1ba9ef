"""Where an export may be written: checked before any drawing starts."""

from __future__ import annotations

import os
from pathlib import Path

from ..core.errors import RinglabError


def check_output(out) -> Path:
    """``out`` as a path a file can be written to, or a RinglabError in one line naming
    ``-o``: a folder, a missing folder, not writable."""
    p = Path(out)
    parent = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        raise RinglabError(f"-o {out}: is a directory (expected a file name)")
    if not parent.is_dir():
        raise RinglabError(f"-o {out}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise RinglabError(f"-o {out}: not writable")
    return p
