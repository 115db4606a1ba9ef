"""`ringlab`, `ringlab FILE`, `ringlab gui` and `ringlab screenshot`, as a user runs them
(offscreen).  In-process (conftest.py), on pytest-qt's QApplication, but for the app's start-up
to its first paint, which is the process's own."""

import os
import subprocess
import sys

import pytest
from PIL import Image

from ringlab import preset, save_code


def run(*args, env_extra=None, timeout=120):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **(env_extra or {}))
    return subprocess.run(
        [sys.executable, "-m", "ringlab", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def _count(img, pred):
    return sum(1 for px in img.get_flattened_data() if pred(px))


def _greenish(px):
    r, g, b = px[:3]
    return (r, g, b) == (0xC9, 0xEF, 0xC9)  # the panel's "equals I_K" fill


def _reddish(px):
    r, g, b = px[:3]
    return (r, g, b) == (0xFF, 0x8F, 0x8F)  # the panel's "differs from I_K" cell


@pytest.fixture
def quit_after_paint(monkeypatch):
    """Should a refusal regress, the window the app opens instead quits after its first paint
    (exit 0, the test fails) rather than waiting for a user in the test process."""
    monkeypatch.setenv("RINGLAB_EXIT_AFTER_PAINT", "1")


def test_screenshot_default_preset(tmp_path, ringlab, qt_app):
    out = tmp_path / "shot.png"
    r = ringlab("screenshot", "-o", str(out), "--size", "1280x720")
    assert r.returncode == 0, r.stderr
    img = Image.open(out).convert("RGB")
    assert img.size == (1280, 720)
    assert _count(img, _greenish) > 500 and _count(img, _reddish) == 0  # feasible: all green


def test_screenshot_of_an_infeasible_file(tmp_path, ringlab, qt_app):
    code = preset("paper-k2-t3").with_entry(0, "R", 0, 2, "5")
    f = tmp_path / "broken.ringlab.json"
    save_code(code, f)
    out = tmp_path / "broken.png"
    r = ringlab("screenshot", "-o", str(out), str(f))
    assert r.returncode == 0, r.stderr
    img = Image.open(out).convert("RGB")
    assert img.size == (1920, 1080)
    assert _count(img, _reddish) > 50


@pytest.mark.parametrize(
    "args, words",
    [
        (["--size", "big"], "--size big: expected WIDTHxHEIGHT"),
        (["--view", "nosuch"], "--view nosuch: no such view"),
        (["--preset", "paper-k9-t9"], "unknown preset"),
    ],
)
def test_screenshot_bad_arguments_one_line(tmp_path, args, words, ringlab, qt_app):
    r = ringlab("screenshot", "-o", str(tmp_path / "x.png"), *args)
    assert r.returncode == 2
    assert words in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr


def test_plain_ringlab_with_missing_file_is_one_line(ringlab, quit_after_paint):
    r = ringlab("no-such-code.ringlab.json")
    assert r.returncode == 2
    assert "no-such-code.ringlab.json: no such file" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_plain_ringlab_opens_window_and_paints(tmp_path):
    env = {
        "RINGLAB_EXIT_AFTER_PAINT": "1",
        "RINGLAB_DATA_DIR": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    r = run(env_extra=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("first-paint ")
    f = tmp_path / "k1.ringlab.json"
    save_code(preset("paper-k1-t2"), f)
    r = run(str(f), env_extra=env)
    assert r.returncode == 0, r.stderr
    assert float(r.stdout.split()[1]) > 0
