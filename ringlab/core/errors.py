"""The one exception family ringlab raises for bad input.

Every message names the place (file, node, matrix, row, column, argument) and what was
expected, so the command line can print it as one line and the app can show it next to a cell.
"""


class RinglabError(ValueError):
    """Bad input: the message is complete and meant for a person."""


class FieldError(RinglabError):
    """An unknown or unsupported field name."""


class EntryError(RinglabError):
    """A matrix entry that is not an element of the field."""


class CodeFileError(RinglabError):
    """A code file that cannot be read as a ringlab code."""
