"""File → Properties…: the code's name and description, edited as one undoable step (a saved
file said a preset's name and description, and nothing in the window could change them)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QPlainTextEdit


class PropertiesDialog(QDialog):
    def __init__(self, code, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Code properties")
        form = QFormLayout(self)
        self.name = QLineEdit(code.name)
        self.name.setAccessibleName("name")
        self.description = QPlainTextEdit(code.description)
        self.description.setAccessibleName("description")
        self.description.setTabChangesFocus(True)
        form.addRow("&Name", self.name)
        form.addRow("&Description", self.description)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)


def run_dialog(dialog: PropertiesDialog) -> bool:
    """Show the dialog and wait for OK or Cancel (tests replace this to fill it in)."""
    return dialog.exec() == QDialog.Accepted


def edit_properties(window) -> None:
    doc = window.document
    dialog = PropertiesDialog(doc.code, window)
    try:
        if run_dialog(dialog):
            doc.set_meta(dialog.name.text(), dialog.description.toPlainText())
    finally:
        dialog.deleteLater()
