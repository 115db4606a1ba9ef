"""Views subscribe to the one state's events (napari's ``model.events.x.connect(view._on_x)``),
for as long as the widget lives: psygnal knows nothing of Qt, so a widget deleted by Qt while
its Python wrapper lives on would still be called; :func:`on_state` disconnects it when Qt
destroys it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject


def on_state(widget: QObject, signal, handler: Callable) -> Callable:
    """Connect the state's ``signal`` (e.g. ``state.events.code``) to ``handler`` while
    ``widget`` lives; returns ``handler`` (to disconnect it earlier)."""
    signal.connect(handler)
    widget.destroyed.connect(lambda *_: signal.disconnect(handler, missing_ok=True))
    return handler


def verdict_landed(new, old) -> bool:
    """Whether a verdict change is one that was being checked in the background landing."""
    return (
        old is not None
        and old.status == "checking"
        and new is not None
        and new.status != "checking"
    )


def on_verdict_in(widget: QObject, state, handler: Callable[[], None]) -> Callable:
    """Call ``handler()`` when a verdict that was being checked in the background lands (not
    for a small code's verdict, computed with the code change itself: the views follow that
    change anyway, and would otherwise redraw twice per keystroke)."""

    def landed(new, old) -> None:
        if verdict_landed(new, old):
            handler()

    return on_state(widget, state.events.verdict, landed)
