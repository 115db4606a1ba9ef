"""The glossary in the app (Help → Glossary…, Shift+F1 over a notation): the course's
``glossary.md`` typeset in a window that opens at the term asked for.

Terms are the glossary's anchors (``<a id="x-ik">``); the notation tooltips name theirs, so
Shift+F1 over a cell, a caption or a drawing opens the term its tooltip explains.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QTextBrowser, QVBoxLayout

ANCHOR = re.compile(r'<a id="([\w-]+)"></a>')
TIP_ANCHOR = re.compile(r"glossary[^#\s]*#([\w-]+)")


def glossary_html(widget=None) -> str:
    """The glossary as HTML: Markdown rendered, formulas typeset, anchors Qt can scroll to."""
    from ..lessons import glossary_file

    text = glossary_file().read_text(encoding="utf-8")
    # Qt's rich text scrolls to <a name=…>; keep each anchor through the Markdown renderer
    text = ANCHOR.sub(lambda m: f"⟦{m.group(1)}⟧", text)
    from .rich_text import to_html  # the typesetter loads when the glossary is first shown

    html = to_html(text, widget)
    return re.sub(r"⟦([\w-]+)⟧", r'<a name="\1"></a>', html)


def anchors() -> list[str]:
    from ..lessons import glossary_file

    return ANCHOR.findall(glossary_file().read_text(encoding="utf-8"))


class GlossaryWindow(QDialog):
    """One per main window, not modal: it stays open beside the editor or a lesson."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Glossary — ringlab")
        self.setObjectName("GlossaryWindow")
        self.browser = QTextBrowser()
        self.browser.setObjectName("glossary_text")
        self.browser.setAccessibleName("Glossary")
        self.browser.setOpenLinks(False)  # anchors inside: scroll, never leave
        self.browser.anchorClicked.connect(self._on_link)
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser)
        self.resize(640, 560)
        self.browser.setHtml(glossary_html(self.browser))
        self.term = None

    def show_term(self, term: str | None = None) -> None:
        """Show the window at ``term`` (a glossary anchor), or at the top."""
        from PySide6.QtCore import QTimer

        self.term = term
        self.show()
        self.raise_()
        if term:
            self.browser.scrollToAnchor(term)
            # a window shown just now is laid out when the event loop turns: scroll again then
            QTimer.singleShot(0, self, lambda: self.browser.scrollToAnchor(term))

    def _on_link(self, url) -> None:
        frag = url.fragment() or url.toString().rsplit("#", 1)[-1]
        if frag:
            self.show_term(frag)


def term_under(widget) -> str | None:
    """The glossary term a widget's tooltip (or its parents') points to, if any."""
    w = widget
    while w is not None:
        m = TIP_ANCHOR.search(w.toolTip() or "")
        if m:
            return m.group(1)
        w = w.parentWidget()
    return None


def open_glossary(window, term: str | None = None, here: bool = False) -> GlossaryWindow:
    """Help → Glossary (at ``term``, or the top), or Shift+F1 (``here``: the term whose
    tooltip is under the mouse, else the keyboard focus's)."""
    if here and term is None:
        from PySide6.QtGui import QCursor

        for w in (QApplication.widgetAt(QCursor.pos()), QApplication.focusWidget()):
            term = term_under(w) if w is not None else None
            if term:
                break
    box = getattr(window, "_glossary", None)
    if box is None:
        box = window._glossary = GlossaryWindow(window)
        box.setAttribute(Qt.WA_DeleteOnClose, False)
    box.show_term(term)
    return box
