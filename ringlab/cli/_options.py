"""Options several commands share, each said once."""

from __future__ import annotations


def add_palette(p) -> None:
    """``--palette``: the colours of everything drawn (``ringlab.render.palette``)."""
    p.add_argument(
        "--palette",
        default="default",
        metavar="default|colour-blind|high-contrast",
        help="colours (colour-blind: Okabe–Ito; high-contrast for projectors)",
    )
