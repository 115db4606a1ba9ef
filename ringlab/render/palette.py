"""Colour palettes for everything that carries meaning in colour, on screen and in exports.

Three palettes, one setting (View → Palette in the app, ``--palette`` on the command line):

* ``default`` — orange highlight on blue-grey structure, green for right, red for wrong;
* ``colour-blind`` — Okabe & Ito's palette (safe for the common colour-vision deficiencies):
  vermillion for "sent now" and for wrong, blue for right, orange for the past;
* ``high-contrast`` — black structure, pure saturated colours, for washed-out projectors.

Colour is never the only cue: a right node carries ✓ and a wrong one ✗, a sent edge is thick
and labelled, storage edges are dashed, the wrap-around dash-dotted, wrong entries are marked
with ✗ in the side table.  The palettes differ only in colour.

>>> use_palette("colour-blind"); colour("ok")
'#0072B2'
>>> use_palette("default"); colour("ok")
'#2b8a3e'
"""

from __future__ import annotations

from ..core.errors import RinglabError

NAMES = ("default", "colour-blind", "high-contrast")
# one row a role, one column a palette (in NAMES' order), so a role's three colours read side by
# side. Okabe & Ito (2008): orange #E69F00, sky blue #56B4E9, bluish green #009E73, yellow
# #F0E442, blue #0072B2, vermillion #D55E00, reddish purple #CC79A7
_TABLE = {
    "edge": ("#8fa0b5", "#8c8c8c", "#000000"),
    "store": ("#c4c9d0", "#c8c8c8", "#6e6e6e"),
    "past": ("#f2c9a0", "#f3d08a", "#ffb000"),
    "now": ("#e8590c", "#D55E00", "#e00000"),
    "node": ("#ffffff", "#ffffff", "#ffffff"),
    "node_edge": ("#44546a", "#333333", "#000000"),
    "done": ("#dde6f0", "#d6ebf8", "#d0d0d0"),
    "send": ("#fd7e14", "#E69F00", "#ff7000"),
    "recv": ("#ffd8a8", "#F0E442", "#ffe000"),
    "ok": ("#2b8a3e", "#0072B2", "#006400"),
    "ok_fill": ("#b2f2bb", "#b9dcf3", "#9cff9c"),
    "bad": ("#d6336c", "#D55E00", "#c00000"),
    "bad_fill": ("#ffc9c9", "#f6cdb0", "#ff9c9c"),
    "text": ("#1d2733", "#000000", "#000000"),
    "select": ("#e08000", "#CC79A7", "#0000ff"),
}
ROLES = tuple(_TABLE)
PALETTES = {name: {role: row[k] for role, row in _TABLE.items()} for k, name in enumerate(NAMES)}
_current = "default"
_listeners: list = []


def palette_name() -> str:
    return _current


def colour(role: str) -> str:
    return PALETTES[_current][role]


def use_palette(name: str) -> None:
    """Make ``name`` the palette of every drawing from now on (raises RinglabError if unknown)."""
    global _current
    if name not in PALETTES:
        raise RinglabError(f"palette {name!r}: expected one of {', '.join(NAMES)}")
    _current = name
    for fn in list(_listeners):
        fn(name)


def on_palette_changed(fn) -> None:
    """Call ``fn(name)`` after every :func:`use_palette` (the style module's colours follow)."""
    _listeners.append(fn)
