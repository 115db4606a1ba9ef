"""Present mode's footer (one line: the step, how to undo a zoom, the keys, the caption cut
to the width) and the height a slide's text needs above its drawing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from ...render.present_decks import MIN_TEXT_PX, cut_line
from ..rich_text import set_rich

STATUS_PX = max(MIN_TEXT_PX, 19)  # the footer: one readable size (it says how to undo a zoom)


def show_status(view) -> None:
    """The footer, one line at its size: what matters first (the step, how to undo a
    zoom, the keys), the rest cut to the width — it never wraps (it was clipped)."""
    chars = max(20, int(view.status.width() / (0.56 * STATUS_PX)) - 2)
    if view.deck.kind == "lesson":
        # the caption is the slide's first line (a formula in it typeset, never cut)
        # (no-break spaces: rich text would drop plain leading ones)
        zoom = (
            ""
            if abs(view.zoom - 1) < 1e-9 and not view.zoom_clamped
            else f"  ·  {view.zoom_note()}"
        )
        head = f"\u00a0\u00a0{view.step + 1} / {view.deck.count}  ·  "
        room = chars - len(head) - len(zoom)
        set_rich(
            view.status,
            f"{head}{cut_caption(view.deck.caption(view.step), max(10, room))}{zoom}",
            inline=True,
        )
        return
    if view.deck.kind == "schedules":
        text = (
            f"  step {view.step} / {view.last}  ·  {view.zoom_note()}  ·  "
            f"{view.deck.caption(view.step)}"
        )
    else:
        text = (
            f"  t = {view.step} / {view.last}  ·  {view.zoom_note()}  ·  S notes, Esc leave"
            f"  ·  inputs: {getattr(view.deck, 'inputs_note', '')}"
        )
    view.status.setText(
        view.status.fontMetrics().elidedText(text, Qt.ElideRight, view.status.width() - 4)
        if view.status.width() > 50
        else text
    )


def cut_caption(text: str, width: int) -> str:
    """``text``'s first line in at most about ``width`` characters, cut at a space outside
    every ``$…$`` formula and ``**…**`` bold (a cut inside one showed its raw ``$``), "…"
    when cut; a formula or bold run that straddles the width is dropped whole."""
    line = cut_line(text, 10**6)
    if len(line) <= width:
        return line
    cut, dollars, stars, i = 0, 0, 0, 0
    while i < min(len(line), width + 1):
        if line[i] == "$":
            dollars += 1
        elif line.startswith("**", i) and dollars % 2 == 0:
            stars += 1
            i += 1
        elif line[i] == " " and dollars % 2 == 0 and stars % 2 == 0:
            cut = i
        i += 1
    return (line[:cut].rstrip() + " …") if cut else "…"


def text_height(label: QLabel, width: int) -> int:
    """The height ``label``'s rich text needs at ``width`` (QLabel.heightForWidth answered
    over 100 px more for a slide's heading and paragraph)."""
    from PySide6.QtGui import QTextDocument

    label.ensurePolished()
    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setHtml(label.text())
    doc.setTextWidth(max(1, width - 2 * label.margin()))
    return int(doc.size().height()) + 2 * label.margin() + 2
