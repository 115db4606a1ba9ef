"""``ringlab export`` on two-way code files (issue 35), as a user runs it.

The decode the drawing shows is checked against an independent run: the inputs pushed through
the code file's matrices with plain ints mod 2 (``tests/core/_twoway_sim.py``), each node's
decoder ``T·xᵢ + R_cw·s_cw + R_ccw·s_ccw`` applied by hand here."""

import json
from functools import partial
from pathlib import Path

import pytest
from PIL import Image

from tests.core._twoway_sim import run as push_values

ROOT = Path(__file__).resolve().parents[2]
N3 = ROOT / "assets" / "twoway-n3-k3-t2-gf2.ringlab.json"
N8 = ROOT / "assets" / "twoway-n8-k4-t5-gf2.ringlab.json"


@pytest.fixture
def run(ringlab):
    """``ringlab export ARGS`` in-process (conftest.py)."""
    return partial(ringlab, "export")


def _inputs(d: dict, salt: int = 0) -> list[list[int]]:
    """Some 0/1 inputs, N rows of K (not all alike, so the sums are not all 0)."""
    return [[(3 * i + 5 * k + i * k + salt) % 2 for k in range(d["K"])] for i in range(d["N"])]


def _decodes(d: dict, x: list[list[int]]) -> list[list[int]]:
    """What each node's decoder gives on ``x``, mod 2, from the file's own matrices."""
    views, _ = push_values(d, "GF(2)", x)
    K, T = d["K"], d["T"]
    out = []
    for i, nd in enumerate(d["nodes"]):
        v = views[i]  # x_i, the clockwise stream, the counter-clockwise stream
        out.append(
            [
                (
                    sum(nd["T"][k][c] * v[c] for c in range(K))
                    + sum(nd["R_cw"][k][u] * v[K + u] for u in range(T))
                    + sum(nd["R_ccw"][k][u] * v[K + T + u] for u in range(T))
                )
                % 2
                for k in range(K)
            ]
        )
    return out


def _vec(v) -> str:
    return "[" + ", ".join(map(str, v)) + "]"


@pytest.mark.parametrize("path", [N3, N8], ids=["n3", "n8"])
def test_svg_decode_names_the_sums_computed_by_hand(tmp_path, run, path):
    d = json.loads(path.read_text())
    x = _inputs(d)
    (tmp_path / "x.json").write_text(json.dumps(x))
    out = tmp_path / "decode.svg"
    r = run(path, "-o", out, "--inputs", tmp_path / "x.json")
    assert r.returncode == 0, r.stderr
    svg = out.read_text(encoding="utf-8")
    total = [sum(row[k] for row in x) % 2 for k in range(d["K"])]
    got = _decodes(d, x)
    assert f"Σⱼ xⱼ = {_vec(total)}" in svg
    for i, z in enumerate(got):
        assert z == total  # the shipped code decodes (an independent verdict)
        assert f"node {i}: ẑ = {_vec(z)} ✓" in svg


def test_a_broken_decoder_is_drawn_wrong_with_its_own_sum(tmp_path, run):
    d = json.loads(N3.read_text())
    d["nodes"][1]["R_cw"][0][1] ^= 1  # node 1 now reads one more symbol into entry 1
    f = tmp_path / "broken.ringlab.json"
    f.write_text(json.dumps(d))
    x = _inputs(d, salt=1)
    (tmp_path / "x.json").write_text(json.dumps(x))
    total = [sum(row[k] for row in x) % 2 for k in range(d["K"])]
    got = _decodes(d, x)
    r = run(f, "-o", tmp_path / "b.svg", "--inputs", tmp_path / "x.json")
    assert r.returncode == 0, r.stderr
    svg = (tmp_path / "b.svg").read_text(encoding="utf-8")
    for i, z in enumerate(got):
        assert f"node {i}: ẑ = {_vec(z)} {'✓' if z == total else '✗'}" in svg
    assert "node 1: ẑ" in svg and got[1] != total  # the flip shows (for these inputs)


@pytest.mark.slow
@pytest.mark.parametrize("path,steps", [(N3, 3), (N8, 6)], ids=["n3", "n8"])
def test_gif_has_a_frame_per_step_and_png_pdf_mp4_write(tmp_path, run, path, steps):
    r = run(path, "-o", tmp_path / "w.gif", "--seed", "3", "--fps", "2")
    assert r.returncode == 0, r.stderr
    assert f"{steps}/{steps} steps" in r.stderr
    assert Image.open(tmp_path / "w.gif").n_frames == steps  # T + 1
    r = run(path, "-o", tmp_path / "w.png", "--step", "1", "--dpi", "80")
    assert r.returncode == 0, r.stderr
    assert Image.open(tmp_path / "w.png").size == (1024, 576)
    r = run(path, "--format", "pdf", "-o", tmp_path / "w.pdf")
    assert r.returncode == 0, r.stderr
    pdf = (tmp_path / "w.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page ") >= 1
    r = run(path, "-o", tmp_path / "w.mp4")
    if r.returncode == 2:  # the video extra is not installed: refused in one line
        assert "mp4" in r.stderr.lower() and len(r.stderr.strip().splitlines()) == 1
    else:
        assert r.returncode == 0, r.stderr
        assert (tmp_path / "w.mp4").stat().st_size > 0


@pytest.mark.parametrize(
    "args,msg",
    [
        (
            ["{n3}", "-o", "{d}/x.html"],
            "a two-way code exports as gif, mp4, png, svg, pdf, not html",
        ),
        (["{d}/missing.ringlab.json", "-o", "{d}/x.png"], "no such file"),
        (["{n3}", "--step", "3", "-o", "{d}/x.png"], "--step 3: out of range, expected 0..2"),
        (["{n3}", "--format", "bmp", "-o", "{d}/x.bmp"], "--format bmp: expected one of"),
        (["{n3}", "--step", "1", "-o", "{d}/x.gif"], "--step is for one frame"),
    ],
)
def test_bad_input_is_one_line_exit_2(tmp_path, run, args, msg):
    r = run(*[a.format(d=tmp_path, n3=N3) for a in args])
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and msg in lines[0], r.stderr
