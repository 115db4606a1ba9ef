r"""Every formula of the course typesets with matplotlib's mathtext (ringlab.render.mathtext):
no formula falls back to its Unicode reading, and the renderer never raises."""

import io

import numpy as np
import pytest
from PIL import Image

from ringlab.lessons import course, glossary_file
from ringlab.render.mathtext import formula_image, normalise


def course_texts():
    """Every text a student reads in the course: prose, questions, tasks, explanations,
    hints, notes, titles and summaries, and the glossary."""
    out = [glossary_file().read_text(encoding="utf-8")]
    for lesson in course():
        out += [lesson.title, lesson.summary]
        for b in lesson.blocks:
            out.append(b.text)
            if getattr(b, "explain", None):
                out.append(b.explain)
            out += list(getattr(b, "hints", ()) or ())
    return out


def course_formulas() -> dict[str, bool]:
    """``{tex: display}`` of every ``$…$`` / ``$$…$$`` in the course (as the lessons' own
    Markdown reader finds them)."""
    from ringlab.lessons.parse import markdown

    found = {}

    def walk(tokens):
        for t in tokens:
            if t.type.startswith("math"):
                found[t.content] = found.get(t.content, False) or "block" in t.type
            walk(t.children or ())

    for text in course_texts():
        walk(markdown().parse(text))
    return found


FORMULAS = course_formulas()


def alpha(img):
    return np.asarray(Image.open(io.BytesIO(img.png)).convert("RGBA"))


def test_the_course_has_formulas_and_every_one_typesets():
    assert len(FORMULAS) > 150
    fallbacks = [
        tex
        for tex, display in FORMULAS.items()
        if formula_image(tex, size_px=15, dpr=2, color="#202020", display=display) is None
    ]
    # the constructs mathtext lacks (\tfrac, \bmod, \ge, bmatrix, …) are normalised: none falls
    # back to its Unicode reading
    assert len(fallbacks) == 0, f"{len(fallbacks)} fallbacks: {fallbacks}"


@pytest.mark.parametrize(
    "tex, want",
    [
        (r"\tfrac{14}{8}", r"\frac{14}{8}"),
        (r"(i+1) \bmod N", r"(i+1) \,\mathrm{mod}\, N"),
        (r"T \ge K, K \le T, \geq", r"T \geq K, K \leq T, \geq"),
        (r"a \pmod{N}", r"a \;(\mathrm{mod}\,N)"),
        (r"\displaystyle x", "x"),
    ],
)
def test_normalise_rewrites_what_mathtext_lacks(tex, want):
    assert normalise(tex) == want


def test_a_matrix_is_laid_out_in_rows_and_columns():
    tex = r"R_1 = \begin{bmatrix}0&1&0\\0&-1&1\end{bmatrix}"
    assert r"\begin" not in normalise(tex) and r"\genfrac" in normalise(tex)
    one_row = formula_image(r"\begin{bmatrix}0&1\end{bmatrix}", size_px=20, dpr=1, color="#000")
    two_rows = formula_image(tex, size_px=20, dpr=1, color="#000")
    assert two_rows is not None and two_rows.height > 1.6 * one_row.height


def test_size_colour_and_pixel_ratio():
    small = formula_image("x_{i,k}", size_px=14, dpr=1, color="#1b7f3b")
    big = formula_image("x_{i,k}", size_px=14, dpr=2, color="#1b7f3b")
    # (mathtext keeps a one-pixel border whatever the size)
    assert big.height == pytest.approx(2 * small.height, rel=0.2)
    assert big.width == pytest.approx(2 * small.width, rel=0.2)
    a = alpha(small)
    assert a.shape[:2] == (small.height, small.width)
    ink = a[..., 3] > 0
    assert a[..., 3].max() > 200 and (a[ink][:, :3] == (0x1B, 0x7F, 0x3B)).all()  # its colour
    assert (a[..., 3] == 0).any()  # a clear background
    # the baseline: an H stands on it, a subscript reaches below it
    h = formula_image("H", size_px=30, dpr=1, color="#000")
    rows = np.where(alpha(h)[..., 3].max(axis=1) > 128)[0]
    assert rows[-1] + 1 == h.height - h.depth
    sub = formula_image("H_i", size_px=30, dpr=1, color="#000")
    rows = np.where(alpha(sub)[..., 3].max(axis=1) > 128)[0]
    assert rows[-1] + 1 > sub.height - sub.depth


def test_padding_puts_the_baseline_where_asked():
    img = formula_image("x", size_px=20, dpr=1, color="#000", ascent_px=40, descent_px=25)
    assert (img.height, img.depth) == (65, 25)
    rows = np.where(alpha(img)[..., 3].max(axis=1) > 128)[0]
    assert rows[-1] + 1 == 40  # x sits on row 40's top edge


@pytest.mark.parametrize(
    "tex",
    [
        "",
        "   ",
        "\\",
        "{",
        r"\frac{",
        r"\nosuchcommand x",
        "$",
        r"\begin{bmatrix}",
        "x" * 5000,
        None,
    ],
)
def test_never_raises(tex):
    img = formula_image(tex, size_px=14, dpr=1, color="#000")
    assert img is None or (tex and img.height > 0)


def test_cached():
    a = formula_image(r"\sum_j x_j", size_px=17, dpr=1.5, color="#123456")
    assert formula_image(r"\sum_j x_j", size_px=17, dpr=1.5, color="#123456") is a
