"""What the first window's process has imported when it first paints: no plotting library.

The app's start is what is tested, so each test starts a real process (``ringlab`` offscreen
with ``RINGLAB_EXIT_AFTER_PAINT=1``, as ``benchmarks/bench_startup.py`` runs it, and ``ringlab
screenshot``) and reads ``sys.modules`` there: at the first paint of the Theorem 2 panel (the
moment the app reads its process start time for the timing line), or when the screenshot
process ends.
"""

from __future__ import annotations

import pytest

from ._startup import first_paint_line

# what the first frame (the editor, the Theorem 2 panel, the status bar) does not need: the
# plotting and numerics libraries, the view tabs (built after the first paint), the drawings,
# the course and the MPI engine; nor psygnal or a package's metadata (importlib.metadata, a
# twentieth of the start-up: the state's events are its own)
NOT_BEFORE_FIRST_PAINT = (
    "psygnal",
    "importlib.metadata",
    "matplotlib",
    "numpy",
    "networkx",
    "galois",
    "jinja2",
    "markdown_it",
    "PIL",
    "ringlab.render.",  # (ringlab.render.palette, the colours, is Qt- and matplotlib-free)
    "ringlab.gui.views.",
    "ringlab.lessons",
    "ringlab.engine",
)
ALLOWED = ("ringlab.render.palette",)

# the real `ringlab` command; the app calls _process_start exactly once, at its first paint
APP = """
import sys
import ringlab.gui.app as app
start = app._process_start
def at_first_paint():
    sys.stderr.write("modules: " + " ".join(sorted(sys.modules)) + "\\n")
    return start()
app._process_start = at_first_paint
from ringlab.cli import main
sys.exit(main([]))
"""

SHOT = """
import atexit, sys
atexit.register(lambda: sys.stderr.write("modules: " + " ".join(sorted(sys.modules)) + "\\n"))
from ringlab.cli import main
sys.exit(main(["screenshot", "-o", sys.argv[1], "--size", "1280x720"]))
"""


def _modules(tmp_path, script: str, *args: str) -> list[str]:
    return first_paint_line(tmp_path, script, "modules: ", *args)


def _unneeded(modules: list[str]) -> list[str]:
    return [
        m
        for m in modules
        if m not in ALLOWED
        and any(
            m == p or m.startswith(p if p.endswith(".") else p + ".")
            for p in NOT_BEFORE_FIRST_PAINT
        )
    ]


def test_the_app_paints_its_first_window_without_plotting_or_numpy(tmp_path):
    modules = _modules(tmp_path, APP)
    assert "ringlab.gui.main_window" in modules  # it is the window's first paint
    assert _unneeded(modules) == []


def test_the_screenshot_process_loads_no_plotting_library(tmp_path):
    png = tmp_path / "shot.png"
    modules = _modules(tmp_path, SHOT, str(png))
    assert png.stat().st_size > 0
    assert _unneeded(modules) == []


@pytest.mark.parametrize(
    "name, unneeded",
    [
        ("matplotlib.pyplot", True),
        ("numpy", True),
        ("ringlab.gui.views.heatmap", True),
        ("ringlab.render.palette", False),
        ("ringlab.gui.views", False),
        ("numpyish", False),
        ("importlib.metadata._adapters", True),
        ("importlib.util", False),
    ],
)
def test_the_list_names_what_it_means(name, unneeded):
    assert bool(_unneeded([name])) is unneeded
