"""The mouse wheel scrolls the page, never a value the user did not pick: over a combo box, a
spin box or a slider without the keyboard focus, the wheel event is ignored, so it reaches the
scroll area around it (the page scrolls, the preset and N stay as they were).  Once the user
has clicked or tabbed into the control, the wheel works on it as usual.

One application-wide event filter (:func:`install`), so every such control in every window,
present and future, is covered without each having to remember it.  The window installs it at
its first paint (:func:`install_at_first_paint`): no wheel reaches a window before it is on
screen, and an application filter installed before would see every event of the window's
construction (a Python call, and a Python wrapper for each of Qt's objects, a fifth of the
start-up).
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QPaintEvent, QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QSlider

GUARDED = (QComboBox, QAbstractSpinBox, QSlider)


class WheelGuard(QObject):
    """Ignores a wheel event over an unfocused combo box, spin box or slider."""

    def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
        # isinstance, not event.type(): the type as a Python enum costs more than the test,
        # and this filter sees every event of the application
        if not isinstance(event, QWheelEvent) or not isinstance(obj, GUARDED):
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


class _AtFirstPaint(QObject):
    """Installs the guard when ``window`` first paints, then leaves it."""

    def __init__(self, window):
        super().__init__(window)
        self._window = window
        window.installEventFilter(self)

    def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
        if isinstance(event, QPaintEvent):
            self._window.removeEventFilter(self)
            install()
        return False


def install_at_first_paint(window) -> None:
    """:func:`install` once ``window`` is on screen (its first paint)."""
    app = QApplication.instance()
    if not isinstance(app.property("ringlab_wheel_guard"), WheelGuard):
        _AtFirstPaint(window)
