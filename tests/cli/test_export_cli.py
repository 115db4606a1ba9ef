"""``ringlab export`` as a user runs it."""

import json
from functools import partial

import pytest
from PIL import Image


@pytest.fixture
def run(ringlab):
    """``ringlab export ARGS`` in-process (conftest.py)."""
    return partial(ringlab, "export")


def test_gif_with_progress_on_stderr(tmp_path, run):
    out = tmp_path / "k2.gif"
    r = run("preset:paper-k2-t3", "--format", "gif", "-o", str(out), "--fps", "2")
    assert r.returncode == 0, r.stderr
    assert "4/4 steps" in r.stderr and f"wrote {out}" in r.stderr
    assert r.stdout == ""
    assert Image.open(out).n_frames == 4


def test_png_step_and_format_from_extension(tmp_path, run):
    out = tmp_path / "s.png"
    r = run(
        "preset:classic-ring-n4", "-o", str(out), "--step", "2", "--inputs", "matmul", "--dpi", "80"
    )
    assert r.returncode == 0, r.stderr
    assert Image.open(out).size == (1024, 576)


def test_inputs_file_and_pdf(tmp_path, run):
    inp = tmp_path / "x.json"
    inp.write_text(json.dumps({"inputs": [[1, 2], [3, 4], [5, 6]]}))
    out = tmp_path / "h.pdf"
    r = run("preset:paper-k2-t3", "-o", str(out), "--inputs", str(inp))
    assert r.returncode == 0, r.stderr
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    "args,msg",
    [
        (["--step", "9", "-o", "{d}/x.png"], "--step 9: out of range, expected 0..3 (T = 3)"),
        (["-o", "{d}/missing/x.png"], "does not exist"),
        (["-o", "{d}/x.bmp"], "cannot tell the format from the extension"),
        (["--format", "tiff", "-o", "{d}/x.png"], "--format tiff: expected one of"),
        (["--fps", "-1", "-o", "{d}/x.gif"], "--fps -1"),
        (["--inputs", "{d}/none.json", "-o", "{d}/x.gif"], "no such file"),
        (["--step", "one", "-o", "{d}/x.png"], "invalid int value"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(tmp_path, args, msg, run):
    args = [a.format(d=tmp_path) for a in args]
    r = run("preset:paper-k2-t3", *args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and msg in lines[0], r.stderr
    assert "Traceback" not in r.stderr
    assert not list(tmp_path.glob("x.*"))


def test_bad_inputs_file_names_the_node(tmp_path, run):
    inp = tmp_path / "x.json"
    inp.write_text('[[1, 2], [3, "q"], [5, 6]]')
    r = run("preset:paper-k2-t3", "-o", str(tmp_path / "x.png"), "--inputs", str(inp))
    assert r.returncode == 2 and "node 1, entry 2" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
