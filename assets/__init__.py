"""Data shipped inside the package, read with ``importlib.resources.files("ringlab.data")``.

The preset code files (``*.ringlab.json``, the same codes :func:`ringlab.preset` builds, saved
for opening in the app), the rate explorer's table (``rate_table.json``, made by
``scripts/make_rate_table.py``) and the routing code the search found
(``routing-n3-k5-t7.ringlab.json``).  Living inside the package is what makes a non-editable
``pip install`` (a wheel) carry them.

In the source tree this package is the top-level ``assets/`` folder and the course the
top-level ``lessons/``: ``pyproject.toml`` maps them to ``ringlab.data`` and
``ringlab.data.lessons`` (``package-dir``), so a wheel holds ``ringlab/data/*.json`` and
``ringlab/data/lessons/*.md`` with no symlink in the checkout.
"""

from __future__ import annotations

from pathlib import Path


def lessons_dir() -> Path | None:
    """The course's folder, or None if there is none.

    ``ringlab/data/lessons`` in an installed wheel.  An editable install imports this package
    from ``assets/`` itself, where ``files("ringlab.data") / "lessons"`` does not exist: the
    course is then ``lessons/`` beside ``assets/`` in the same checkout.
    """
    from importlib.resources import files

    d = files(__name__) / "lessons"
    if d.is_dir():
        return Path(str(d))
    here = Path(__file__).resolve().parent
    if here.name == "assets":  # the checkout's assets/, not an installed ringlab/data
        src = here.parent / "lessons"
        if src.is_dir():
            return src
    return None
