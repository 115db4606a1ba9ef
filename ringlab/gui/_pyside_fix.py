"""Keep a PySide6 refcount bug from aborting the app on CPython < 3.12.

PySide6 6.12 returns ``None`` from every ``void`` Qt method (``setText``, ``processEvents``,
``QTest.keyClick``, ``Signal.emit`` …) without taking a reference, so ``None``'s reference count
falls by one per call and CPython aborts with "none_dealloc: deallocating None" after some
thousands of calls (the edit benchmark hit it within seconds; a long teaching session would
too).  Python 3.12 made ``None`` immortal, which hides it there.  Measured here (PySide6 6.12.0,
CPython 3.11.7): 100 calls of ``QLabel.setText`` lower ``sys.getrefcount(None)`` by 100.

The fix gives ``None`` (and ``True``/``False``) a reference count no session can exhaust (2**40).  It is idempotent
across modules that apply the same trick (they check the count first).
"""
import ctypes
import sys


def apply() -> None:
    if sys.implementation.name == "cpython" and sys.version_info < (3, 12):
        # ``bool`` results (``setData``, ``eventFilter`` …) lose references the same way
        for obj in (None, True, False):
            if sys.getrefcount(obj) < (1 << 39):
                ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40


apply()
