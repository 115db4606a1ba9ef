"""The mouse wheel scrolls the page, never a value the user did not pick: over a combo box, a
spin box or a slider without the keyboard focus, the wheel event is ignored, so it reaches the
scroll area around it (the page scrolls, the preset and N stay as they were).  Once the user
has clicked or tabbed into the control, the wheel works on it as usual.

One application-wide event filter (:func:`install`), so every such control in every window,
present and future, is covered without each having to remember it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QSlider

GUARDED = (QComboBox, QAbstractSpinBox, QSlider)


class WheelGuard(QObject):
    """Ignores a wheel event over an unfocused combo box, spin box or slider."""

    def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
        if event.type() != QEvent.Wheel or not isinstance(obj, GUARDED):
            return False
        if obj.hasFocus():  # true too when its line edit (its focus proxy) has the focus
            return False
        event.ignore()  # → propagates to the parent: the scroll area scrolls
        return True


def install(app: QApplication | None = None) -> WheelGuard:
    """Install the guard on ``app`` (the running application by default); once per app."""
    app = app or QApplication.instance()
    guard = app.property("ringlab_wheel_guard") if app is not None else None
    if isinstance(guard, WheelGuard):
        return guard
    guard = WheelGuard(app)
    app.installEventFilter(guard)
    app.setProperty("ringlab_wheel_guard", guard)
    return guard
