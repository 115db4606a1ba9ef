"""docs/ARCHITECTURE.md describes the tree as it is: every file or folder it names exists, and it
names every subpackage of ringlab."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
PACKAGE = ROOT / "ringlab"


def _named_paths() -> list[str]:
    tokens = re.findall(r"`([^`\s]+)`", DOC)
    return [t for t in tokens if t.endswith((".py", "/")) and not t.startswith("tests/")]


def _exists(token: str) -> bool:
    """A path under ringlab/ (or the checkout) ends with ``token``; ``*`` and ``<name>`` stand
    for any part of a name (``parse*.py``, ``probes_<tab>.py``)."""
    if (ROOT / token).exists():
        return True
    pattern = re.escape(token.removeprefix("ringlab/").rstrip("/"))
    pattern = re.sub(r"\\\*|<[^>]+>", "[^/]+", pattern)
    return any(
        re.search(f"(^|/){pattern}$", p.relative_to(PACKAGE).as_posix()) for p in PACKAGE.rglob("*")
    )


def test_every_path_the_page_names_exists():
    named = _named_paths()
    assert len(named) > 30
    assert [t for t in named if not _exists(t)] == []


def test_the_page_names_every_subpackage():
    subpackages = [
        p.parent.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("__init__.py")
        if p.parent != PACKAGE and "__pycache__" not in p.parts
    ]
    missing = [s for s in subpackages if f"{s.rpartition('/')[2]}/`" not in DOC]
    assert missing == []
