"""Issue 20, as a teacher and a newcomer start ringlab: over ssh without a display, with a
display but without Qt's xcb libraries, with ``preset:NAME`` as FILE; the lessons' counts in
plain English; saved files readable by colleagues.  What a process's start decides (a display,
Qt's libraries, the window's first paint) runs as a subprocess; the rest in-process
(conftest.py)."""

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from ringlab import preset, save_code

ROOT = Path(__file__).resolve().parents[2]
DISPLAY_VARS = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "QT_QPA_PLATFORM_PLUGIN_PATH")


def scrubbed(tmp_path, **extra) -> dict:
    """The environment of an ssh session without X forwarding: no display of any kind."""
    env = {k: v for k, v in os.environ.items() if k not in DISPLAY_VARS}
    env.update(RINGLAB_DATA_DIR=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    env.update(extra)
    return env


def ringlab_process(*args, env, timeout=120, prefix=()):
    return subprocess.run(
        [*prefix, sys.executable, "-m", "ringlab", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def one_line(r) -> str:
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "Traceback" not in r.stderr and "This application failed to start" not in r.stderr
    return lines[0]


def headless_advice(line: str) -> None:
    for words in ("QT_QPA_PLATFORM=offscreen", "ringlab screenshot", "xvfb-run ringlab"):
        assert words in line, line


def unused_display() -> str:
    """A display number no X server here answers on (no socket, no lock file)."""
    for n in range(917, 999):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return f":{n}"
    pytest.skip("no free display number")


# -- 1. no display ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        [],
        ["FILE"],
        ["preset:paper-k1-t2"],
        ["gui"],
        ["gui", "FILE"],
        ["present"],
        ["present", "--windowed"],
    ],
)
def test_without_a_display_one_line_says_how_to_run_headless(tmp_path, args):
    f = tmp_path / "mine.ringlab.json"
    save_code(preset("paper-k2-t3"), f)
    r = ringlab_process(*[str(f) if a == "FILE" else a for a in args], env=scrubbed(tmp_path))
    assert r.returncode == 2, (r.returncode, r.stderr)  # not Qt's abort (134)
    line = one_line(r)
    assert "no display found" in line and "DISPLAY and WAYLAND_DISPLAY unset" in line
    headless_advice(line)


@pytest.mark.parametrize("platform", ["xcb", "wayland"])
def test_a_desktop_platform_chosen_without_its_display_is_the_same_one_line(tmp_path, platform):
    r = ringlab_process(env=scrubbed(tmp_path, QT_QPA_PLATFORM=platform))
    assert r.returncode == 2, r.stderr
    line = one_line(r)
    assert "no display found" in line
    headless_advice(line)


def test_the_advice_works(tmp_path):
    """What the line offers runs in that same environment."""
    out = tmp_path / "window.png"
    r = ringlab_process("screenshot", "-o", str(out), "--size", "800x600", env=scrubbed(tmp_path))
    assert r.returncode == 0, r.stderr
    assert Image.open(out).size == (800, 600)
    r = ringlab_process(
        env=scrubbed(tmp_path, QT_QPA_PLATFORM="offscreen", RINGLAB_EXIT_AFTER_PAINT="1")
    )
    assert r.returncode == 0 and r.stdout.startswith("first-paint "), r.stderr


def test_a_display_nobody_answers_on_is_one_line(tmp_path):
    """ssh with a stale DISPLAY: Qt would abort with "could not connect to display"."""
    display = unused_display()
    r = ringlab_process(env=scrubbed(tmp_path, DISPLAY=display))
    assert r.returncode == 2, r.stderr
    line = one_line(r)
    assert f"cannot connect to the display DISPLAY={display}" in line
    headless_advice(line)


def _library_file(soname: str) -> Path | None:
    """The file the dynamic loader opens for ``soname`` (loaded here, read off /proc/self/maps)."""
    import ctypes

    try:
        ctypes.CDLL(soname)
    except OSError:
        return None
    for line in Path("/proc/self/maps").read_text().splitlines():
        path = line.split()[-1]
        if Path(path).name.startswith(soname):
            return Path(path)
    return None


def _can_hide_files() -> bool:
    unshare = shutil.which("unshare")
    return (
        bool(unshare)
        and subprocess.run([unshare, "-rm", "true"], capture_output=True).returncode == 0
    )


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or not _can_hide_files(),
    reason="needs unshare -rm (a private mount namespace) to hide a library",
)
def test_a_missing_xcb_library_names_the_package(tmp_path):
    """A display, but libxcb-cursor0 not installed (Qt ≥ 6.5 needs it): Qt would print a
    paragraph about the "xcb" plugin and abort.  The library is hidden in a private mount
    namespace (bind-mounting /dev/null over it), as if the package were missing."""
    lib = _library_file("libxcb-cursor.so.0")
    if lib is None:
        pytest.skip("libxcb-cursor.so.0 is not installed here, nothing to hide")
    env = scrubbed(tmp_path, DISPLAY=unused_display())
    hide = ["unshare", "-rm", "sh", "-c", f'mount --bind /dev/null "{lib}" && exec "$0" "$@"']
    r = ringlab_process(env=env, prefix=hide)
    assert r.returncode == 2, (r.returncode, r.stderr)
    line = one_line(r)
    assert "libxcb-cursor.so.0 is missing" in line and "sudo apt install libxcb-cursor0" in line
    headless_advice(line)


# -- 2. preset:NAME wherever FILE is taken ---------------------------------------------------------
@pytest.mark.parametrize("command", [[], ["gui"]])
def test_the_app_opens_a_preset_given_as_file(tmp_path, command):
    env = scrubbed(tmp_path, QT_QPA_PLATFORM="offscreen", RINGLAB_EXIT_AFTER_PAINT="1")
    r = ringlab_process(*command, "preset:classic-ring-n8", env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("first-paint ")
    assert "window: Classic ring all-reduce, N=8 (preset, untitled) — ringlab" in r.stderr


def test_screenshot_of_a_preset_given_as_file_is_that_preset(tmp_path, ringlab, qt_app):
    a, b = tmp_path / "file.png", tmp_path / "option.png"
    r = ringlab("screenshot", "-o", a, "--size", "1000x700", "preset:classic-ring-n5")
    assert r.returncode == 0, r.stderr
    r = ringlab("screenshot", "-o", b, "--size", "1000x700", "--preset", "classic-ring-n5")
    assert r.returncode == 0, r.stderr
    same = ImageChops.difference(Image.open(a).convert("RGB"), Image.open(b).convert("RGB"))
    assert same.getbbox() is None  # the very same window


@pytest.mark.parametrize("command", [[], ["gui"], ["screenshot", "-o", "x.png"]])
def test_a_bad_preset_name_lists_the_names(command, ringlab, monkeypatch):
    # refused before any window: should that regress, the window quits after its first paint
    monkeypatch.setenv("RINGLAB_EXIT_AFTER_PAINT", "1")
    r = ringlab(*command, "preset:classic-ring-nine")
    assert r.returncode == 2, r.stderr
    line = one_line(r)
    assert "unknown preset 'classic-ring-nine'" in line
    for name in (
        "paper-k1-t2",
        "paper-k2-t3",
        "paper-k3-t4",
        "classic-ring-n<N>",
        "time-shared-k<K>",
    ):
        assert name in line


# -- 6. the lessons' counts -----------------------------------------------------------------------
# the inner loop checks two lessons' counts (lesson 1 has the one task, lesson 2 two of each);
# the whole course (6 s: every lesson checked, as tests/lessons/test_course.py does in the inner
# loop) is slow
@pytest.mark.parametrize(
    "files",
    [
        pytest.param(("01-matmul-partials.md", "02-reduce-scatter.md"), id="two-lessons"),
        pytest.param((), id="course", marks=pytest.mark.slow),
    ],
)
def test_lessons_check_counts_in_plain_english(ringlab, tmp_path, monkeypatch, files):
    monkeypatch.setenv("RINGLAB_DATA_DIR", str(tmp_path / "data"))  # a newcomer: no progress
    r = ringlab("lessons", "check", *(ROOT / "lessons" / f for f in files))
    assert r.returncode == 0, r.stderr
    counts = re.findall(r"\((\d+) (predictions?), (\d+) (tasks?)\)", r.stdout)
    assert len(counts) == len(r.stdout.strip().splitlines()) > 0
    for n, word, m, word2 in counts:
        assert word == ("prediction" if n == "1" else "predictions"), (n, word)
        assert word2 == ("task" if m == "1" else "tasks"), (m, word2)
    assert any(m == "1" for _, _, m, _ in counts)  # the case the issue saw: "1 tasks"
    r = ringlab("lessons")
    assert re.search(r"^\d+ lessons, \d+ minutes;", r.stdout, re.M), r.stdout


# -- 8. saved files get the user's umask --------------------------------------------------------------
@pytest.fixture
def umask():
    """``umask(mask)`` sets this process's umask, as the user's shell does; put back after."""
    old = os.umask(0o022)
    os.umask(old)
    yield os.umask
    os.umask(old)


@pytest.mark.parametrize("mask, mode", [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600)])
def test_a_written_code_file_has_the_users_umask(tmp_path, ringlab, umask, mask, mode):
    out = tmp_path / "k2.ringlab.json"
    umask(mask)
    r = ringlab("preset", "paper-k2-t3", "-o", out)
    assert r.returncode == 0, r.stderr
    assert stat.S_IMODE(out.stat().st_mode) == mode
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]  # no leftovers


def test_overwriting_keeps_the_files_mode(tmp_path, ringlab, umask):
    out = tmp_path / "shared.ringlab.json"
    out.write_text("{}")
    out.chmod(0o664)  # a group-writable file in a shared course folder
    umask(0o077)
    r = ringlab("preset", "classic-ring-n4", "-o", out)
    assert r.returncode == 0, r.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o664
    assert '"N": 4' in out.read_text()
