"""What the app remembers per user (QSettings) and the text sizes it may choose."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QFont, QPalette

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
    """Give ``widget`` and every child the text size ``size``.  A widget with a style sheet
    keeps the font it was polished with (Qt stops font propagation there, measured: a
    ``color: …`` label stayed at 9 pt in a 19 pt window), so the window's widgets carry their
    colours in the palette instead (:func:`set_text_colour`)."""
    from PySide6.QtWidgets import QApplication, QMenu

    app = QApplication.instance()
    if app is not None and size > app.font().pointSize():
        # check boxes, arrows and icons follow the text from the first zoom past the app's
        # size on (installed then, not at start: its Python pixelMetric, asked thousands of
        # times before the first paint, made that paint ~12 % later for sizes it keeps)
        from .scaled_style import install

        install(app)
    f = QFont(widget.font())
    f.setPointSize(size)
    widget.setFont(f)

    for menu in widget.findChildren(QMenu):  # menus are windows: no font reaches them
        menu.setFont(f)


def set_text_colour(widget, colour: str | None) -> None:
    """``widget``'s text in ``colour`` (``#b00020``, …), or the inherited colour for None.

    Through the palette, not a style sheet, so the text still follows the window's text size
    (Ctrl+=) and typeset formulas read the colour from the palette as before."""
    pal = QPalette(widget.palette())
    if colour:
        c = QColor(colour)
        for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
            pal.setColor(role, c)
        widget.setPalette(pal)
    else:
        parent = widget.parentWidget()
        widget.setPalette(parent.palette() if parent is not None else QPalette())


def text_colour(widget) -> str:
    """The colour ``widget``'s text is drawn in, as ``#rrggbb``."""
    return widget.palette().color(widget.foregroundRole()).name()


def mark_bad_input(widget, bad: bool) -> None:
    """An input box holding a refused value gets a pale red background (the message beside
    it says why); again through the palette, for the reason given in :func:`set_text_colour`."""
    pal = QPalette(widget.palette())
    if bad:
        pal.setColor(QPalette.Base, QColor("#fde4e8"))
    else:
        parent = widget.parentWidget()
        pal.setColor(
            QPalette.Base,
            (parent.palette() if parent is not None else QPalette()).color(QPalette.Base),
        )
    widget.setPalette(pal)
