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

ROLES = (
    "edge",
    "store",
    "past",
    "now",
    "node",
    "node_edge",
    "done",
    "send",
    "recv",
    "ok",
    "ok_fill",
    "bad",
    "bad_fill",
    "text",
    "select",
)

PALETTES = {
    "default": dict(
        edge="#8fa0b5",
        store="#c4c9d0",
        past="#f2c9a0",
        now="#e8590c",
        node="#ffffff",
        node_edge="#44546a",
        done="#dde6f0",
        send="#fd7e14",
        recv="#ffd8a8",
        ok="#2b8a3e",
        ok_fill="#b2f2bb",
        bad="#d6336c",
        bad_fill="#ffc9c9",
        text="#1d2733",
        select="#e08000",
    ),
    # Okabe & Ito (2008): orange #E69F00, sky blue #56B4E9, bluish green #009E73, yellow
    # #F0E442, blue #0072B2, vermillion #D55E00, reddish purple #CC79A7
    "colour-blind": dict(
        edge="#8c8c8c",
        store="#c8c8c8",
        past="#f3d08a",
        now="#D55E00",
        node="#ffffff",
        node_edge="#333333",
        done="#d6ebf8",
        send="#E69F00",
        recv="#F0E442",
        ok="#0072B2",
        ok_fill="#b9dcf3",
        bad="#D55E00",
        bad_fill="#f6cdb0",
        text="#000000",
        select="#CC79A7",
    ),
    "high-contrast": dict(
        edge="#000000",
        store="#6e6e6e",
        past="#ffb000",
        now="#e00000",
        node="#ffffff",
        node_edge="#000000",
        done="#d0d0d0",
        send="#ff7000",
        recv="#ffe000",
        ok="#006400",
        ok_fill="#9cff9c",
        bad="#c00000",
        bad_fill="#ff9c9c",
        text="#000000",
        select="#0000ff",
    ),
}
NAMES = tuple(PALETTES)
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
