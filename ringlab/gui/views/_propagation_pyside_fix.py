"""Work around a PySide6 6.12 refcount bug on Python < 3.12: every call of a Qt method that
returns ``void`` (``setText``, ``processEvents``, ``QTest.keyClick`` …) hands back ``None``
without taking a reference, so ``None``'s reference count falls by one per call and the
interpreter aborts ("none_dealloc: deallocating None") after a few thousand calls — within
seconds of playback or a pytest-qt run.  Python 3.12 made ``None`` immortal, which hides the
bug there; here we give ``None`` a reference count no session can exhaust (2**40 calls).

Measured in this venv (PySide6 6.12.0, CPython 3.11): ``for _ in range(100): w.setText("x")``
lowers ``sys.getrefcount(None)`` by 99.  Imported for its effect by the Qt views that need it.
"""
import ctypes
import sys

if sys.implementation.name == "cpython" and sys.version_info < (3, 12):
    if sys.getrefcount(None) < (1 << 39):         # once per process
        ctypes.c_ssize_t.from_address(id(None)).value += 1 << 40
