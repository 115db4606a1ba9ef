"""The two questions every window asks the same way: an error in a box that does not block
(window-modal, deleted once read), and whether to save unsaved changes first."""

from __future__ import annotations


def show_error_box(window, text: str):
    """A window-modal warning box over ``window`` saying ``text``; returns it (open)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox  # (its enums are made on import: not at start)

    box = QMessageBox(QMessageBox.Warning, "ringlab", text, QMessageBox.Ok, window)
    box.setWindowModality(Qt.WindowModal)
    box.setAttribute(Qt.WA_DeleteOnClose)  # one box per error: none kept once read
    box.open()
    return box


def box_is_open(box) -> bool:
    """Whether ``box`` (or ``None``) is still on screen."""
    from shiboken6 import isValid

    return box is not None and isValid(box) and box.isVisible()


def ask_to_save(window, what: str, action: str) -> str:
    """'save', 'discard' or 'cancel': "``what`` has unsaved changes. Save them before you
    ``action``?" """
    from PySide6.QtWidgets import QMessageBox

    r = QMessageBox.question(
        window,
        "ringlab",
        f"{what} has unsaved changes. Save them before you {action}?",
        QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel,
        QMessageBox.Save,
    )
    return {QMessageBox.Save: "save", QMessageBox.Discard: "discard"}.get(r, "cancel")
