"""Present mode cuts a heading or a prediction to one line (``cut_line``; the slides' titles use
the same rule).  A formula is typeset whole by mathtext, so a cut inside ``$…$`` or ``$$…$$``
showed its raw ``$`` and TeX to the student; a line left with an odd number of ``$`` fails to
typeset at all.  The texts here are built from words and formulas whose places the test knows,
so what counts as "inside a formula" comes from the construction, not from the code."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ringlab.render.present_decks import cut_line

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzKNT0123456789,.()=→", min_size=1, max_size=12)
# formula bodies: TeX with spaces in it (a cut "between words" must not fall on those)
BODY = st.text(alphabet=r"xyKNT_{}^+-=()\alpha 0123456789·", min_size=1, max_size=24).filter(
    lambda s: s.strip() != ""
)
TOKEN = st.one_of(
    WORD.map(lambda w: ("word", w)),
    BODY.map(lambda b: ("inline", f"${b}$")),
    BODY.map(lambda b: ("display", f"$${b}$$")),
)
GLUE = st.sampled_from([" ", " ", " ", "", "  "])


@st.composite
def lines(draw):
    """(the first line as typed, [(start, end) of each formula in it])."""
    tokens = draw(st.lists(TOKEN, min_size=1, max_size=14))
    text, spans = "", []
    for i, (kind, tok) in enumerate(tokens):
        if i:
            glue = draw(GLUE)
            # two formulas touching ("$a$$b$") would read as one display formula: keep a space
            if glue == "" and kind != "word" and text.endswith("$"):
                glue = " "
            text += glue
        if kind != "word":
            spans.append((len(text), len(text) + len(tok)))
        text += tok
    return text, spans


def inside(p: int, spans) -> bool:
    return any(s < p < e for s, e in spans)


@settings(max_examples=400, deadline=None)
@given(lines(), st.integers(min_value=1, max_value=90), st.sampled_from(["", "# ", "## "]))
def test_cut_never_splits_a_formula(line_spans, width, heading):
    line, spans = line_spans
    out = cut_line(heading + line + "\nsecond line $x$ that is never shown", width)

    if len(line) <= width:
        assert out == line
        return
    assert len(out) <= width, (out, width)
    assert out.endswith("…")
    kept = out[: -len("…")].rstrip()
    assert line.startswith(kept)
    # the cut is not inside a formula, so every formula shown is whole and the $ balance
    assert not inside(len(kept), spans), (line, out)
    assert kept.count("$") % 2 == 0, (line, out)
    # and it is not needlessly short: the last space outside every formula where the text and
    # " …" still fit is where it cuts (or later)
    fits = [
        q
        for q in range(1, len(line))
        if line[q] == " " and not inside(q, spans) and len(line[:q].rstrip()) + 2 <= width
    ]
    if fits:
        assert len(kept) >= len(line[: max(fits)].rstrip()), (line, width, out)


def test_examples_read_as_a_student_sees_them():
    text = "Predict: the ring sends $2(N-1)$ messages, so $$T = 2(N - 1) \\cdot S/N$$ per step"
    assert cut_line(text, 200) == text
    # the display formula straddles 60: it goes whole, not its first half
    assert cut_line(text, 60) == "Predict: the ring sends $2(N-1)$ messages, so …"
    assert cut_line("# $$a + b + c + d$$ and more", 10) == "…"
    assert cut_line("## Lesson 4: the lower bound", 80) == "Lesson 4: the lower bound"
