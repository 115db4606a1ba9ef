r"""What a student reads is typeset: no ``$``, ``\``, ``*word*``, ``_{`` or ``^{`` left in the text
of any lesson (panel, verdicts, hints), slide (present mode: slide, status line, speaker notes
and "next" line) or glossary entry — formulas are images (matplotlib's mathtext), Markdown is
rendered (ringlab.gui.rich_text)."""

import re
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QTextDocument
from PySide6.QtWidgets import QLabel

from ringlab.lessons import Notes, Predict, Task, course, glossary_file
from tests._sweep import split_sweep

LESSONS = course()
RAW = re.compile(r"\$|\\|\*\w[^*]*\*|_\{|\^\{")
IMG = re.compile(r'<img src="([^"]+)" width="(\d+)" height="(\d+)"')


def shown(label: QLabel) -> str:
    """The text a label shows, as a reader sees it (an image is U+FFFC)."""
    if label.textFormat() == Qt.PlainText:
        return label.text()
    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText()


def raw_markup(label: QLabel) -> list[str]:
    return RAW.findall(shown(label))


def formulas_in(text: str) -> int:
    return len(re.findall(r"\$\$.+?\$\$|\$[^$]+?\$", text or "", flags=re.S))


def glossary_entries() -> list[str]:
    text = glossary_file().read_text(encoding="utf-8")
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]


def test_every_lesson_text_in_the_panel_is_typeset(qtbot):
    from ringlab.gui.lesson_blocks import OK_COLOUR, markdown_label, say
    from ringlab.gui.rich_text import set_rich

    bad, images, formulas = [], 0, 0
    for lesson in LESSONS:
        for block in lesson.blocks:
            where = f"{lesson.key} {type(block).__name__} {getattr(block, 'id', '')}"
            labels = [("text", markdown_label(block.text), block.text)]
            if getattr(block, "explain", None):
                status = QLabel()
                # a verdict: the mark, what the app shows, the lesson's explanation
                say(status, f"✓ Right: the app shows 4. {block.explain}", OK_COLOUR)
                assert status.text().startswith("✓"), where
                labels.append(("explain", status, block.explain))
            if isinstance(block, Task) and block.hints:
                hints = QLabel()
                set_rich(
                    hints, "\n\n".join(f"**Hint {k + 1}.** {h}" for k, h in enumerate(block.hints))
                )
                labels.append(("hints", hints, "\n\n".join(block.hints)))
            for what, label, source in labels:
                qtbot.addWidget(label)
                if raw_markup(label):
                    bad.append((where, what, raw_markup(label), shown(label)[:200]))
                images += len(IMG.findall(label.text()))
                formulas += formulas_in(source)
    assert not bad, "\n".join(map(str, bad))
    assert formulas > 150 and images == formulas  # every formula an image, none as text


# the inner loop: lesson 1 (every kind of block: prose, prediction, task, speaker notes) and
# lesson 9 (walkthrough drawings beside the text); the full suite every lesson
@pytest.mark.parametrize(
    "lesson",
    split_sweep(
        [(lesson,) for lesson in LESSONS],
        [lesson.key for lesson in LESSONS],
        lambda lesson: lesson.key.startswith(("01-", "09-")),
    ),
)
def test_every_lesson_slide_caption_and_note_is_typeset(qtbot, lesson):
    from ringlab.gui.present import PresentView, SpeakerView
    from ringlab.render.present_decks import LessonDeck

    bad, images = [], 0
    deck = LessonDeck(lesson)
    view = PresentView(deck)
    speaker = SpeakerView(view)
    qtbot.addWidget(view)
    qtbot.addWidget(speaker)
    for i in range(deck.count):
        view.show_step(i)
        for what, label in (
            ("slide", view.slide),
            ("status", view.status),
            ("notes", speaker.notes),
            ("next", speaker.next_label),
        ):
            if raw_markup(label):
                bad.append((lesson.key, i, what, raw_markup(label), shown(label)[:200]))
            images += len(IMG.findall(label.text()))
    assert not bad, "\n".join(map(str, bad))
    # a lesson with formulas shows them as images
    assert images > 0 or not any(formulas_in(getattr(b, "text", "")) for b in lesson.blocks)
    # the notes directives reach the speaker view
    if any(isinstance(b, Notes) for b in lesson.blocks):
        assert any((view.show_step(i), speaker.notes.text())[1] for i in range(deck.count)), (
            lesson.key
        )


def test_every_glossary_entry_is_typeset(qtbot):
    from ringlab.gui.lesson_blocks import markdown_label

    entries = glossary_entries()
    assert len(entries) > 10
    for entry in entries:
        label = markdown_label(entry)
        qtbot.addWidget(label)
        assert not raw_markup(label), (entry[:80], shown(label)[:200])
        assert len(IMG.findall(label.text())) == formulas_in(entry)


def test_a_formula_is_an_image_file_at_the_screens_pixel_ratio(qtbot):
    from ringlab.gui.rich_text import to_html

    label = QLabel()
    qtbot.addWidget(label)
    label.setStyleSheet("font-size: 20px; color: #b00020;")
    html = to_html(r"The decode $\hat z_i = R_i s_i^{(T)} + T_i x_i$ at node $i$.", label)
    (src, w, h), _ = IMG.findall(html)
    path = Path(url2pathname(urlparse(src).path))
    assert path.is_file() and path.stat().st_size > 100
    import numpy as np
    from PIL import Image

    img = Image.open(path).convert("RGBA")
    dpr = label.devicePixelRatioF()
    assert int(h) > 20 and int(w) > 100  # logical pixels
    assert img.size[0] == pytest.approx(int(w) * dpr, abs=dpr)  # device pixels
    assert img.size[1] == pytest.approx(int(h) * dpr, abs=dpr)
    px = np.asarray(img)
    ink = px[px[..., 3] > 200]
    assert len(ink) and (ink[:, :3] == (0xB0, 0x00, 0x20)).all()  # the label's colour
    assert 'alt="\\hat z_i = R_i s_i^{(T)} + T_i x_i"' in html  # the TeX, for a reader


def _rows(image, xs, pred):
    return [y for y in range(image.height()) if any(pred(QColor(image.pixel(x, y))) for x in xs)]


@pytest.mark.parametrize("px", [13, 16, 30])
def test_a_formula_sits_on_the_texts_baseline(qtbot, px):
    """Qt centres an inline image in its line: the image is padded so its baseline is the
    text's (an H in the formula stands where the H of the text does)."""
    from ringlab.gui.rich_text import set_rich

    label = QLabel()
    qtbot.addWidget(label)
    label.setStyleSheet(f"font-size: {px}px; background: white; color: black;")
    set_rich(
        label,
        "HH $H$ HH $x_{i,k}^{(t)}$ and a second line of text, which wraps: $H$",
        colour="#ff0000",
    )
    label.adjustSize()
    label.show()
    qtbot.waitExposed(label)
    image = label.grab().toImage()

    def red(c):
        return c.red() > 150 and c.green() < 120 and c.blue() < 120

    def black(c):
        return c.lightness() < 120 and not red(c)

    cols = [x for x in range(image.width()) if _rows(image, [x], red)]
    first = [cols[0]]
    while first[-1] + 1 in cols:
        first.append(first[-1] + 1)
    text = _rows(image, range(cols[0] - 1), black)
    formula = _rows(image, first, red)
    assert abs(formula[-1] - text[-1]) <= 1, (formula, text)  # the same baseline
    assert abs(formula[0] - text[0]) <= 2, (formula, text)  # and the same size


def test_a_status_keeps_its_mark_first_and_plain_text_stays_plain(qtbot):
    from ringlab.gui.lesson_blocks import BAD_COLOUR, OK_COLOUR, say

    label = QLabel()
    qtbot.addWidget(label)
    say(label, "✗ Cannot read that: expected a number, got 'x'", BAD_COLOUR)
    assert label.textFormat() == Qt.PlainText
    assert label.text() == "✗ Cannot read that: expected a number, got 'x'"
    say(label, r"✓ Right: the app shows 3. Rows $R_i$ of *each* node, $\tfrac{14}{8}$.", OK_COLOUR)
    assert label.textFormat() == Qt.RichText and label.text().startswith(
        "✓ Right: the app shows 3."
    )
    assert "<em>each</em>" in label.text() and len(IMG.findall(label.text())) == 2
    assert not raw_markup(label)


def test_formulas_follow_the_text_size(qtbot):
    """Ctrl+= changes the window's font, a label takes its parent's: the formulas are typeset
    again at the new size."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from ringlab.gui.rich_text import rich_label

    label = rich_label("The ring: $i \\to (i+1) \\bmod N$.")
    qtbot.addWidget(label)
    font = QFont(label.font())
    font.setPixelSize(12)
    label.setFont(font)
    small = int(IMG.findall(label.text())[0][2])
    font.setPixelSize(24)
    label.setFont(font)
    big = int(IMG.findall(label.text())[0][2])
    assert big > 1.6 * small
    page = QWidget()
    qtbot.addWidget(page)
    font.setPixelSize(36)
    page.setFont(font)
    child = rich_label("The ring: $i \\to (i+1) \\bmod N$.")
    QVBoxLayout(page).addWidget(child)  # the page's font reaches the label
    assert int(IMG.findall(child.text())[0][2]) > 1.3 * big


def test_a_screen_reader_hears_the_formulas(qtbot):
    from ringlab.gui.lesson_blocks import OK_COLOUR, markdown_label, say

    label = markdown_label(r"Node $i$ decodes $\hat z_i = R_i s_i^{(T)} + T_i x_i$.")
    qtbot.addWidget(label)
    assert label.accessibleName() == "Node i decodes ẑᵢ = Rᵢ sᵢ⁽ᵀ⁾ + Tᵢ xᵢ."
    status = QLabel()
    qtbot.addWidget(status)
    status.setAccessibleName("Status: q1")  # the name tests and readers find
    say(status, r"✓ Right: the app shows 2. Only $R_0$ changed.", OK_COLOUR)
    assert status.accessibleName() == "Status: q1"
    assert status.accessibleDescription() == "✓ Right: the app shows 2. Only R₀ changed."


def test_present_mode_typesets_a_lesson_and_its_zoom(qtbot):
    from ringlab.gui.present import PresentView, lesson_deck

    path = next(lesson.path for lesson in LESSONS if lesson.key.startswith("05-"))
    view = PresentView(lesson_deck(path))
    qtbot.addWidget(view)
    i = next(i for i in range(view.deck.count) if "tfrac" in view.deck.markdown(i))
    view.show_step(i)
    before = [int(h) for _, _, h in IMG.findall(view.slide.text())]
    view.set_zoom(1.5)
    after = [int(h) for _, _, h in IMG.findall(view.slide.text())]
    assert before and len(after) == len(before) and sum(after) > 1.3 * sum(before)
    assert not raw_markup(view.slide)


EXPLAINED = next(
    i
    for i, lesson in enumerate(LESSONS)
    if any(isinstance(b, Predict) and b.explain and "$" in b.explain for b in lesson.blocks)
)


@pytest.mark.window(size=(1280, 720), lessons=True, load_views=True)
def test_a_verdicts_explanation_is_typeset_in_the_panel(qtbot, win):
    """Through the real widgets: a prediction answered, its explanation's formulas typeset."""
    panel = win.lessons_panel
    panel.open_lesson(EXPLAINED)
    for q in LESSONS[EXPLAINED].predicts:
        w = panel.block(q.id)
        w.answer.set_value(q.answer)
        qtbot.mouseClick(w.check_button, Qt.LeftButton)
        qtbot.waitUntil(lambda w=w: w.result.text().startswith("✓"), timeout=60_000)
        if q.explain and "$" in q.explain:
            assert not raw_markup(w.result), shown(w.result)
            assert len(IMG.findall(w.result.text())) == formulas_in(q.explain)
            break


def test_a_lessons_link_stays_a_link(qtbot):
    """Lessons link terms to the glossary: the typeset label keeps the link, and a click on
    it is the label's linkActivated (no browser opens)."""
    from ringlab.gui.lesson_blocks import markdown_label

    label = markdown_label(
        "A code is [feasible](glossary.md#feasible) when $\\hat z_i = \\sum_j x_j$."
    )
    qtbot.addWidget(label)
    assert 'href="glossary.md#feasible"' in label.text() and not label.openExternalLinks()
    assert label.textInteractionFlags() & Qt.LinksAccessibleByMouse
    assert not raw_markup(label)
