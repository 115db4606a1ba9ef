"""A malformed lesson: :class:`LessonError` prints as ``FILE:LINE: what is wrong``."""

from __future__ import annotations

from ..core.errors import RinglabError


class LessonError(RinglabError):
    """One problem in one lesson file, with the (1-based) line it is on."""

    def __init__(self, path, line: int | None, message: str):
        self.path, self.line, self.message = path, line, message
        super().__init__(message)

    def __str__(self) -> str:
        where = str(self.path) if self.path is not None else "<lesson>"
        return f"{where}:{self.line}: {self.message}" if self.line else f"{where}: {self.message}"
