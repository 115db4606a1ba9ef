"""Every example in the core's docstrings runs (they are the API's documentation)."""

import doctest
import importlib

import pytest

MODULES = [
    "ringlab",
    "ringlab.core.fields",
    "ringlab.core.quantities",
    "ringlab.core.code",
    "ringlab.core.theorem2",
    "ringlab.core.simulate",
    "ringlab.core.bounds",
    "ringlab.core.network",
    "ringlab.core.presets",
    "ringlab.core.shape",
    "ringlab.core.codefile",
    "ringlab.core.sparse",
    "ringlab.core.schedules.compare",
    "ringlab.core.analysis",
    "ringlab.core.files",
    "ringlab.core.words",
    "ringlab.render.palette",
    "ringlab.lessons.text",
    "ringlab.state",
    "ringlab.state._edits",
    "ringlab.state.jobs",
    "ringlab.lessons.answers",
    "ringlab.lessons.visibility",
    "ringlab.render.mathtext",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    mod = importlib.import_module(name)
    res = doctest.testmod(
        mod,
        extraglobs={**vars(importlib.import_module("ringlab")), **vars(mod)},
        optionflags=doctest.ELLIPSIS,
    )
    assert res.failed == 0 and res.attempted > 0


def test_core_does_not_import_qt_or_matplotlib():
    import subprocess
    import sys

    code = (
        "import sys, ringlab, ringlab.core.theorem2, ringlab.core.simulate, ringlab.core.presets;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('PySide6','matplotlib','galois')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
