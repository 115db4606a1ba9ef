"""The wheel carries the course and the shipped data, built from a checkout without symlinks.

Windows checks out with ``core.symlinks=false``: a symlink becomes a small text file, so data
reached through one would silently drop out of the wheel.  Here the repository is cloned that
way and a wheel built from the clone (once for the module); every ``lessons/*.md`` and every
file of ``assets/`` must be in it, byte for byte, under ``ringlab/data/``.  The clone is of the
committed tree (HEAD), not of uncommitted edits.

Skipped only when it cannot run here: no ``git``, or pip cannot get the build backend (no
setuptools to build without isolation and no package index to fetch one).  Any other build
failure fails the test.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

# pip's words when the isolated build environment cannot get setuptools (offline, no index)
NO_BACKEND = (
    "No matching distribution found for setuptools",
    "Could not find a version that satisfies the requirement setuptools",
)


def _can_build_without_isolation() -> bool:
    """setuptools here builds a wheel by itself (≥ 70.1 has bdist_wheel) or with ``wheel``."""
    try:
        major, minor = (int(x) for x in version("setuptools").split(".")[:2])
    except (PackageNotFoundError, ValueError):
        return False
    return (major, minor) >= (70, 1) or (
        (major, minor) >= (64, 0) and find_spec("wheel") is not None
    )


def _git(*args, cwd=None) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True, timeout=120
    ).stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(checkout, wheel's {name: bytes}) for a ``core.symlinks=false`` clone of this repo."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    try:
        _git("rev-parse", "--verify", "HEAD", cwd=ROOT)
    except subprocess.CalledProcessError:
        pytest.skip(f"{ROOT} is not a git repository with a commit")
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "checkout"
    _git("-c", "core.symlinks=false", "clone", "-q", "--no-local", str(ROOT), str(src))
    cmd = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp / "dist")]
    if _can_build_without_isolation():
        cmd.append("--no-build-isolation")  # the setuptools here: no network needed
    r = subprocess.run([*cmd, str(src)], check=False, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        if any(w in r.stdout + r.stderr for w in NO_BACKEND):
            pytest.skip(
                "pip cannot get setuptools to build a wheel here (no index, none installed)"
            )
        pytest.fail(f"pip wheel failed ({r.returncode}):\n{r.stdout}\n{r.stderr}")
    (whl,) = (tmp / "dist").glob("ringlab-*.whl")
    with zipfile.ZipFile(whl) as z:
        contents = {n: z.read(n) for n in z.namelist() if not n.endswith("/")}
    return src, contents


def test_the_checkout_has_no_symlink(built):
    src, _ = built
    links = [
        line.split("\t", 1)[1]
        for line in _git("ls-files", "-s", cwd=src).splitlines()
        if line.startswith("120000 ")
    ]
    assert not links, f"symlinks break a Windows checkout (core.symlinks=false): {links}"


def test_every_lesson_is_in_the_wheel(built):
    src, wheel = built
    lessons = sorted((src / "lessons").glob("*.md"))
    assert len(lessons) >= 12, "the checkout has no course in lessons/"
    for p in lessons:
        name = f"ringlab/data/lessons/{p.name}"
        assert name in wheel, f"{p.name} is not in the wheel"
        assert wheel[name] == p.read_bytes(), f"{name} differs from lessons/{p.name}"


def test_every_asset_is_in_the_wheel(built):
    src, wheel = built
    assets = sorted(p for p in (src / "assets").iterdir() if p.is_file())
    names = {p.name for p in assets}
    assert {"rate_table.json", "paper-k2-t3.ringlab.json", "__init__.py"} <= names
    for p in assets:
        name = f"ringlab/data/{p.name}"
        assert name in wheel, f"assets/{p.name} is not in the wheel"
        assert wheel[name] == p.read_bytes(), f"{name} differs from assets/{p.name}"
    # nothing else under ringlab/data: the shipped data is exactly assets/ and lessons/
    extra = [
        n
        for n in wheel
        if n.startswith("ringlab/data/")
        and n.removeprefix("ringlab/data/") not in names
        and not n.startswith("ringlab/data/lessons/")
    ]
    assert not extra, f"ringlab/data/ in the wheel holds files not from assets/: {extra}"


def test_every_module_is_in_the_wheel(built):
    """pyproject.toml lists the packages (ringlab.data has no folder to be found in): a new
    subpackage left out of the list would be missing from the wheel."""
    src, wheel = built
    missing = [
        p.relative_to(src).as_posix()
        for p in (src / "ringlab").rglob("*.py")
        if p.relative_to(src).as_posix() not in wheel
    ]
    assert not missing, f"not in the wheel (add the package to pyproject.toml): {missing}"


def test_one_copy_of_each_data_file():
    """The data lives once, in assets/ and lessons/: nothing under ringlab/data in the tree.
    A leftover ringlab/data/ folder (say __pycache__ from the old layout) would also hide the
    package-dir mapping from an editable install (Python finds it first, as a namespace)."""
    assert not (ROOT / "ringlab" / "data").exists(), (
        "remove ringlab/data/ from the source tree: the shipped data is assets/ and lessons/"
    )


def test_the_installed_package_finds_every_lesson_and_asset():
    """Whatever the install (editable here, or a wheel), ringlab.data reaches the same files."""
    from importlib.resources import files

    from ringlab.data import lessons_dir

    from ringlab.lessons import lesson_files

    shipped = {p.name for p in files("ringlab.data").iterdir() if p.is_file()}
    assert {p.name for p in (ROOT / "assets").iterdir() if p.is_file()} <= shipped
    d = lessons_dir()
    assert d is not None
    assert {p.name for p in d.glob("*.md")} == {p.name for p in (ROOT / "lessons").glob("*.md")}
    assert len(lesson_files()) >= 12
