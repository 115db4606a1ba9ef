"""PySide6 front end: thin views over ``ringlab.core`` and ``ringlab.render``."""
from . import _pyside_fix  # noqa: F401  (before any Qt call: see the module)
