"""The optional extras: what each adds, whether it is installed here, and the one line to say
when it is not.

A plain ``pip install ringlab`` runs the app, the course, GIF/PNG/SVG/PDF/HTML export and the
search.  Three extras add the rest (``pip install 'ringlab[all]'`` installs all three):

* ``video`` — ``imageio-ffmpeg`` (a bundled ffmpeg binary, ~165 MB): MP4 export;
* ``mpi`` — ``mpi4py`` and ``mpich``: ``ringlab run``, the Run panel, "Measure on N processes";
* ``graph`` — ``networkx``: :func:`ringlab.time_expanded_graph` as a networkx ``DiGraph``.

Whether an extra is here is asked with :func:`importlib.util.find_spec`: nothing is imported
(MPI stays out of the caller's process, networkx's 130 ms out of the start-up).

>>> print(MissingExtra("video", "MP4 export"))
MP4 export needs the video extra (imageio-ffmpeg): pip install 'ringlab[video]'
"""

from __future__ import annotations

from importlib.util import find_spec

from .errors import RinglabError

# extra → (the packages it installs, as a person reads them; the modules that must be importable)
EXTRAS = {
    "video": ("imageio-ffmpeg", ("imageio_ffmpeg",)),
    "mpi": ("mpi4py, mpich", ("mpi4py",)),
    "graph": ("networkx", ("networkx",)),
}


class MissingExtra(RinglabError):
    """An optional extra is not installed: one line naming what needs it and the command that
    installs it (bad input's exit 2 on the command line, a label in the window)."""

    def __init__(self, extra: str, what: str, detail: str = ""):
        self.extra, self.what = extra, what
        packages = EXTRAS[extra][0]
        why = f"; {detail}" if detail else ""
        super().__init__(
            f"{what} needs the {extra} extra ({packages}{why}): pip install 'ringlab[{extra}]'"
        )


def installed(extra: str) -> bool:
    """Whether every module of ``extra`` can be imported here (none is imported)."""
    return all(_found(m) for m in EXTRAS[extra][1])


def require(extra: str, what: str) -> None:
    """Raise :class:`MissingExtra` unless ``extra`` is installed."""
    if not installed(extra):
        raise MissingExtra(extra, what)


def _found(module: str) -> bool:
    try:
        return find_spec(module) is not None
    except (ImportError, ValueError):  # a broken install, or sys.modules[module] without a spec
        return False
