"""Help → Sources: the documents ringlab is built from, each by its title, who wrote it and
what it contributes — the names the lessons use (:mod:`ringlab.core.sources`)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout

from ..core.sources import SOURCES


def sources_html() -> str:
    """The list as HTML: per source its title (bold), byline and contribution."""
    items = []
    for s in SOURCES:
        called = f" — in the lessons: <i>{escape(s.called)}</i>" if s.called else ""
        items.append(
            f"<p><b>{escape(s.title)}</b><br>{escape(s.byline)}{called}<br>"
            f"{escape(s.contributes)}</p>"
        )
    return (
        "<p>The documents ringlab is built from. A lesson gives a source's title where it "
        "first quotes it, then calls it by the short name in italics.</p>" + "".join(items)
    )


class SourcesWindow(QDialog):
    """One per main window, not modal, read-only."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Sources — ringlab")
        self.setObjectName("SourcesWindow")
        self.browser = QTextBrowser()
        self.browser.setObjectName("sources_text")
        self.browser.setAccessibleName("Sources")
        self.browser.setOpenLinks(False)
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser)
        self.resize(640, 560)
        self.browser.setHtml(sources_html())


def open_sources(window) -> SourcesWindow:
    """Help → Sources…: show the window (made on first use), raised."""
    box = getattr(window, "_sources", None)
    if box is None:
        box = window._sources = SourcesWindow(window)
        box.setAttribute(Qt.WA_DeleteOnClose, False)
    box.show()
    box.raise_()
    return box
