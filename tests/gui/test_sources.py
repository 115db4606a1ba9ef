"""Help → Sources…: the documents ringlab is built from, each by its title and what it
contributes, read-only — the names the lessons use instead of file numbers."""

from PySide6.QtWidgets import QDialog, QTextBrowser


def shown_sources(w):
    """The visible dialog titled "Sources — ringlab" over ``w``, or None."""
    boxes = [d for d in w.findChildren(QDialog) if d.windowTitle() == "Sources — ringlab"]
    return next((d for d in boxes if d.isVisible()), None)


def test_help_sources_lists_each_document_by_title(open_window, qtbot):
    w = open_window("paper-k2-t3", load_views=False)
    menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Help")
    next(a for a in menu.actions() if a.text() == "&Sources…").trigger()
    qtbot.waitUntil(lambda: shown_sources(w) is not None)
    browser = shown_sources(w).findChild(QTextBrowser)
    assert browser.isReadOnly()
    text = browser.toPlainText()
    for title, who in (
        ("Linear Network Coding for Sum All-Reduce over Ring Networks", "Tu, Yi Chen"),
        (
            "The Case for Network Coding for Collective Communication on HPC Interconnection",
            "Shalaby",
        ),
        ("Why All-Reduce Is Reduce-Scatter + All-Gather", "blog post"),
        ("Why Tree All-Reduce Is 2·log₂(N), Not 2(N-1)", "blog post"),
        ("Ring all-reduce derivation; when each parallelism strategy applies", "course page"),
    ):
        assert title in text and who in text, title
    # what each contributes, and the short name a lesson uses after the title
    assert "Theorem 2" in text and "α-β cost example" in text and "the course page" in text
    assert "seed" not in text.lower()
