"""Exported files: GIF and MP4 frames (T + 1 steps), PNG/SVG of one step, PDF pages."""

import re

import imageio.v2 as imageio
import numpy as np
import pytest
from PIL import Image

from ringlab import preset
from ringlab.core.errors import RinglabError
from ringlab.render.export import export_walkthrough

CODE = preset("paper-k2-t3")  # T = 3: four steps t = 0..3


def pdf_pages(path) -> int:
    data = open(path, "rb").read()
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def test_gif_has_one_frame_per_step_and_holds_the_last(tmp_path):
    calls = []
    out = export_walkthrough(
        CODE, "random", "gif", tmp_path / "w.gif", fps=2, progress=lambda d, t: calls.append((d, t))
    )
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    im = Image.open(out)
    assert im.n_frames == CODE.T + 1
    assert im.size == (1280, 720)
    durations = []
    for k in range(im.n_frames):
        im.seek(k)
        durations.append(im.info["duration"])
    assert durations[:3] == [500, 500, 500] and durations[3] == 1500
    frames = imageio.mimread(out)
    assert not np.array_equal(frames[0], frames[1])


def test_mp4_through_bundled_ffmpeg(tmp_path):
    out = export_walkthrough(CODE, "matmul", "mp4", tmp_path / "w.mp4", fps=1)
    r = imageio.get_reader(out)
    n = r.count_frames()
    meta = r.get_meta_data()
    r.close()
    assert n >= CODE.T + 1
    assert meta["size"] == (1280, 720) and meta["codec"] == "h264"


def test_pdf_one_page_per_step(tmp_path):
    out = export_walkthrough(CODE, "random", "pdf", tmp_path / "w.pdf")
    assert open(out, "rb").read(5) == b"%PDF-"
    assert pdf_pages(out) == CODE.T + 1
    big, _ = preset("classic-ring-n4").resized(T=7)
    out = export_walkthrough(big, "random", "pdf", tmp_path / "b.pdf")
    assert pdf_pages(out) == 8


@pytest.mark.parametrize("dpi,size", [(100, (1280, 720)), (50, (640, 360))])
def test_png_of_one_step(tmp_path, dpi, size):
    out = export_walkthrough(CODE, "random", "png", tmp_path / "s.png", step=1, dpi=dpi)
    im = Image.open(out)
    assert im.size == size
    # a step's drawing is the same as the animation frame of that step (what you see is
    # what you export)
    if dpi == 100:
        gif = export_walkthrough(CODE, "random", "gif", tmp_path / "w.gif")
        frame1 = imageio.mimread(gif)[1][..., :3].astype(int)
        png = np.asarray(im.convert("RGB")).astype(int)
        assert np.mean(np.abs(frame1 - png)) < 3  # GIF palette quantisation only


def test_svg_of_the_decode(tmp_path):
    out = export_walkthrough(CODE, [[1, 2], [3, 4], [5, 6]], "svg", tmp_path / "s.svg")
    text = open(out, encoding="utf-8").read()
    assert text.lstrip().startswith("<?xml") and "<svg" in text


@pytest.mark.parametrize(
    "kw,msg",
    [
        (dict(fmt="png", step=4), "--step 4: out of range, expected 0..3"),
        (dict(fmt="png", step=-1), "expected 0..3"),
        (dict(fmt="gif", step=1), "--step is for one frame"),
        (dict(fmt="bmp"), "--format bmp: expected one of gif, mp4, png, svg, pdf"),
        (dict(fmt="gif", fps=0), "--fps 0"),
        (dict(fmt="png", dpi=5), "--dpi 5: expected 20..600"),
    ],
)
def test_bad_arguments_are_refused_in_one_line(tmp_path, kw, msg):
    with pytest.raises(RinglabError) as e:
        export_walkthrough(CODE, "random", out=tmp_path / "x.out", **kw)
    assert msg in str(e.value) and "\n" not in str(e.value)
    assert not (tmp_path / "x.out").exists()


def test_unwritable_output(tmp_path):
    with pytest.raises(RinglabError, match="does not exist"):
        export_walkthrough(CODE, "random", "png", tmp_path / "nope" / "x.png")
    with pytest.raises(RinglabError, match="is a directory"):
        export_walkthrough(CODE, "random", "png", tmp_path)


def test_typed_inputs_that_do_not_fit(tmp_path):
    with pytest.raises(RinglabError, match="node 1"):
        export_walkthrough(CODE, [[1, 2], [3], [5, 6]], "png", tmp_path / "x.png")
