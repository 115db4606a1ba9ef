"""The PNG a screenshot is written as: the picture's own pixels, read back by another decoder.

``ringlab screenshot`` and present-mode screenshots write an opaque window's picture with
:func:`ringlab.gui.app.write_png` (unfiltered rows, one zlib stream) instead of Qt's PNG writer.
Pillow decodes what it wrote; the expected pixels are the bytes the picture was made from, the
expected density is what Qt's own writer records for the same picture.
"""

from __future__ import annotations

import struct

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from PySide6.QtGui import QImage

from ringlab.gui.app import write_png

# a random picture: its size and its bytes, 4 per pixel (B, G, R, A in memory, Qt's ARGB32)
pictures = st.tuples(st.integers(1, 61), st.integers(1, 37)).flatmap(
    lambda wh: st.tuples(
        st.just(wh), st.binary(min_size=4 * wh[0] * wh[1], max_size=4 * wh[0] * wh[1])
    )
)


def _image(size, data: bytes, fmt) -> QImage:
    w, h = size
    img = QImage(data, w, h, 4 * w, fmt)
    return img.copy()  # (its own buffer: ``data`` may go)


@settings(max_examples=40, deadline=None)
@given(pictures)
def test_an_opaque_picture_reads_back_pixel_for_pixel(tmp_path_factory, picture):
    size, data = picture
    out = tmp_path_factory.mktemp("png") / "p.png"
    assert write_png(_image(size, data, QImage.Format.Format_RGB32), out)
    got = Image.open(out)
    assert got.size == size and got.mode == "RGB"
    want = b"".join(
        data[i + 2 : i + 3] + data[i + 1 : i + 2] + data[i : i + 1] for i in range(0, len(data), 4)
    )
    assert got.tobytes() == want


@settings(max_examples=15, deadline=None)
@given(pictures)
def test_a_picture_with_alpha_keeps_its_alpha(tmp_path_factory, picture):
    size, data = picture
    out = tmp_path_factory.mktemp("png") / "p.png"
    assert write_png(_image(size, data, QImage.Format.Format_ARGB32), out)
    got = Image.open(out)
    assert got.size == size and got.mode == "RGBA"
    want = b"".join(
        data[i + 2 : i + 3] + data[i + 1 : i + 2] + data[i : i + 1] + data[i + 3 : i + 4]
        for i in range(0, len(data), 4)
    )
    assert got.tobytes() == want


def _chunks(path) -> dict[bytes, bytes]:
    raw, i, found = path.read_bytes(), 8, {}
    while i < len(raw):
        (n,) = struct.unpack(">I", raw[i : i + 4])
        found.setdefault(raw[i + 4 : i + 8], raw[i + 8 : i + 8 + n])
        i += 12 + n
    return found


def test_header_and_density_are_the_ones_qt_writes(tmp_path, qapp):
    img = QImage(300, 200, QImage.Format.Format_RGB32)
    img.fill(0x2060A0)
    img.setDotsPerMeterX(3780)  # 96 dpi
    img.setDotsPerMeterY(5669)  # 144 dpi
    ours, qts = tmp_path / "ours.png", tmp_path / "qt.png"
    assert write_png(img, ours) and img.save(str(qts), "PNG")
    a, b = _chunks(ours), _chunks(qts)
    assert a[b"IHDR"] == b[b"IHDR"] and a[b"pHYs"] == b[b"pHYs"]
    assert Image.open(ours).info["dpi"] == Image.open(qts).info["dpi"]


def test_a_folder_that_does_not_exist_is_a_false_not_a_traceback(tmp_path, qapp):
    img = QImage(20, 10, QImage.Format.Format_RGB32)
    img.fill(0)
    assert write_png(img, tmp_path / "no such folder" / "p.png") is False
