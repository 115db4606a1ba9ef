"""Guards on the package as a whole, run by the README's single test command.

* ``lint-imports``: the contracts in ``pyproject.toml`` (``[tool.importlinter]``) — core, engine
  and lessons import neither Qt nor matplotlib, render imports no Qt, and the layers go
  cli > gui > render > core (a lower layer never imports a higher one);
* ``ringlab.__version__`` is the installed distribution's, i.e. pyproject.toml's.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    # the venv's own script first: pytest may run without the venv on PATH
    exe = Path(sys.executable).parent / name
    found = str(exe) if exe.exists() else shutil.which(name)
    assert found, f"{name} is not installed: pip install -e '.[test]'"
    return found


def _run(*args: str) -> subprocess.CompletedProcess:
    # --no-cache: no cache directories left in the checkout
    return subprocess.run(
        [*args, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_import_contracts_hold():
    r = _run(_tool("lint-imports"))
    assert r.returncode == 0, r.stdout + r.stderr


def test_version_is_the_installed_distributions():
    tomllib = pytest.importorskip("tomllib")  # Python >= 3.11
    import ringlab

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert ringlab.__version__ == declared["project"]["version"]
