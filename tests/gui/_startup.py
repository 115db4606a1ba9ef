"""Start-up tests' one way to run the app in a process of its own, as a user starts it."""

import os
import subprocess
import sys


def run_to_first_paint(tmp_path, *argv: str) -> subprocess.CompletedProcess:
    """``python ARGV…`` offscreen, quitting at the window's first paint, with this test's own
    settings and data."""
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        RINGLAB_EXIT_AFTER_PAINT="1",
        RINGLAB_DATA_DIR=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    return subprocess.run(
        [sys.executable, *argv], capture_output=True, text=True, env=env, timeout=120
    )


def first_paint_line(tmp_path, script: str, prefix: str, *args: str) -> list[str]:
    """Run ``script`` (``python -c``, with ``args``) up to the window's first paint
    (:func:`run_to_first_paint`); the words after ``prefix`` on the one stderr line that
    starts with it."""
    r = run_to_first_paint(tmp_path, "-c", script, *args)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = [line for line in r.stderr.splitlines() if line.startswith(prefix)]
    assert len(lines) == 1, r.stderr[-2000:]
    return lines[0].split()[1:]
