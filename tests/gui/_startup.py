"""Start-up tests' one way to run the app in a process of its own, as a user starts it."""

import os
import subprocess
import sys


def first_paint_line(tmp_path, script: str, prefix: str, *args: str) -> list[str]:
    """Run ``script`` (``python -c``, with ``args``) offscreen up to the window's first paint,
    with this test's own settings and data; the words after ``prefix`` on the one stderr line
    that starts with it."""
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        RINGLAB_EXIT_AFTER_PAINT="1",
        RINGLAB_DATA_DIR=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    r = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert r.returncode == 0, r.stderr[-2000:]
    lines = [line for line in r.stderr.splitlines() if line.startswith(prefix)]
    assert len(lines) == 1, r.stderr[-2000:]
    return lines[0].split()[1:]
