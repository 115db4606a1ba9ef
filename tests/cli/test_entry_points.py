"""The two ways a shell starts ringlab — ``python -m ringlab`` and the ``ringlab`` console
script — exit with the code ``main(argv)`` returns (every other command-line test calls
``main`` in-process): 0, 1 (a negative answer), 2 (bad input, argparse's included), and 0 for
``--help``."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ringlab.core.codefile import save_code
from ringlab.core.presets import preset


def _infeasible(tmp_path) -> str:
    f = tmp_path / "broken.ringlab.json"
    save_code(preset("paper-k2-t3").with_entry(0, "R", 0, 2, "5"), f)
    return str(f)


@pytest.mark.parametrize(
    "args, code, says",
    [
        (["check", "preset:paper-k1-t2"], 0, "FEASIBLE"),
        (["check", "BROKEN"], 1, "INFEASIBLE"),
        (["check"], 2, "ringlab check: error: the following arguments are required: file"),
        (["check", "preset:nope"], 2, "unknown preset 'nope'"),
    ],
)
def test_python_m_ringlab_exits_with_mains_code(tmp_path, args, code, says):
    args = [_infeasible(tmp_path) if a == "BROKEN" else a for a in args]
    r = subprocess.run(
        [sys.executable, "-m", "ringlab", *args], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == code, (r.returncode, r.stderr)
    assert says in r.stdout + r.stderr
    assert "Traceback" not in r.stderr


def test_console_script_help_and_exit_codes():
    exe = shutil.which("ringlab") or str(Path(sys.executable).parent / "ringlab")
    r = subprocess.run([exe, "--help"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: ringlab") and "check" in r.stdout and r.stderr == ""
    r = subprocess.run(
        [exe, "check", "preset:paper-k1-t2", "--nope"], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 2 and "unrecognized arguments: --nope" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_main_returns_argparse_codes_instead_of_exiting(capsys):
    """In-process, ``--help`` and a bad argument are return values, with the same output."""
    from ringlab.cli import main

    assert main(["check", "--help"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("usage: ringlab check") and err == ""
    assert main(["check", "--nope", "x.json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        "ringlab: error: unrecognized arguments: --nope (see ringlab --help)\n"
    )
