"""NumPy on first use: the desktop app paints its first window with codes over Q (exact
rationals, python-flint) without needing NumPy, whose import is a third of the start-up."""

from __future__ import annotations

import importlib


class LazyModule:
    """Stands for a module until an attribute is read; then imports it (once)."""

    def __init__(self, name: str):
        self._name = name
        self._module = None

    def __getattr__(self, attr):
        if self._module is None:
            self._module = importlib.import_module(self._name)
        value = getattr(self._module, attr)
        setattr(self, attr, value)  # the next read is a plain attribute: no overhead
        return value


np = LazyModule("numpy")
