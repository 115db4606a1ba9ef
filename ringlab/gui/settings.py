"""What the app remembers per user (QSettings) and the text sizes it may choose."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QFont

ORG = APP = "ringlab"
DEFAULT_POINT_SIZE = 11
MIN_POINT_SIZE, MAX_POINT_SIZE = 7, 32


def settings() -> QSettings:
    return QSettings(ORG, APP)


def default_point_size(width: int) -> int:
    """Text size for a window ``width`` pixels wide when the user has not chosen one: larger on
    a full-HD screen or projector, where the grids would otherwise sit small in empty space."""
    return 15 if width >= 1800 else DEFAULT_POINT_SIZE


def clamp_point_size(size) -> int:
    return max(MIN_POINT_SIZE, min(MAX_POINT_SIZE, int(size)))


def apply_point_size(widget, size: int) -> None:
    """Give ``widget`` and every child the text size ``size`` (the application font does not
    reach widgets that carry a style sheet; a window's own font does)."""
    f = QFont(widget.font())
    f.setPointSize(size)
    widget.setFont(f)
