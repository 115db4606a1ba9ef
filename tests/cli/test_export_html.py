"""``ringlab export … --format html`` as a user runs it: a walkthrough or a lesson as one page."""

import html
import re
from functools import partial

import pytest

from ringlab.lessons import course, lesson_files, load_lesson, registry


@pytest.fixture
def run(ringlab):
    """``ringlab export ARGS`` in-process (conftest.py)."""
    return partial(ringlab, "export")


def test_walkthrough_page_of_the_paper_code(tmp_path, run):
    out = tmp_path / "walkthrough.html"
    r = run("preset:paper-k2-t3", "--format", "html", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "4/4 steps" in r.stderr and f"wrote {out}" in r.stderr and r.stdout == ""
    text = out.read_text(encoding="utf-8")
    assert out.stat().st_size < 2 * 1024 * 1024
    assert text.startswith("<!DOCTYPE html>") and text.count('<section class="step"') == 4
    assert "random, seed 0" in text


def test_format_from_the_extension_inputs_seed_and_palette(tmp_path, run):
    a, b, c = tmp_path / "a.html", tmp_path / "b.htm", tmp_path / "c.html"
    assert run("preset:paper-k2-t3", "-o", str(a), "--seed", "3").returncode == 0
    assert run("preset:paper-k2-t3", "-o", str(b), "--inputs", "matmul").returncode == 0
    r = run("preset:paper-k2-t3", "-o", str(c), "--seed", "3", "--palette", "colour-blind")
    assert r.returncode == 0, r.stderr
    ta, tb, tc = (p.read_text(encoding="utf-8") for p in (a, b, c))
    assert "random, seed 3" in ta and "random, seed 3" not in tb
    # the colour-blind palette's "sent now" (Okabe–Ito vermillion) in the page and the drawing
    assert "#D55E00" in tc and "#D55E00" not in ta
    assert "#e8590c" in ta


def test_play_speed_follows_fps(tmp_path, run):
    out = tmp_path / "w.html"
    assert run("preset:paper-k2-t3", "-o", str(out), "--fps", "4").returncode == 0
    assert 'data-delay-ms="250"' in out.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "args,msg",
    [
        (["preset:paper-k2-t3", "--step", "2", "-o", "{d}/x.html"], "html has every step"),
        (
            ["preset:paper-k2-t3", "--format", "html", "-o", "{d}/x.gif"],
            "ends in .gif but --format is html",
        ),
        (["preset:paper-k2-t3", "-o", "{d}/missing/x.html"], "does not exist"),
        (["lesson:9", "--format", "gif", "-o", "{d}/x.gif"], "a lesson exports as html only"),
        (["lesson:99", "-o", "{d}/x.html"], "lesson:99: is not a lesson of the course"),
        (["{d}/none.md", "-o", "{d}/x.html"], "none.md"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(tmp_path, args, msg, run):
    args = [a.format(d=tmp_path) for a in args]
    r = run(*args)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and msg in lines[0], r.stderr
    assert "Traceback" not in r.stderr
    assert not list(tmp_path.glob("x.*"))


def _lesson9():
    return next(p for p in lesson_files() if p.name.startswith("09-"))


def test_lesson_9_page_has_every_answer_in_a_details(tmp_path, run):
    path = _lesson9()
    out = tmp_path / "lesson9.html"
    r = run(str(path), "--format", "html", "-o", str(out))
    assert r.returncode == 0, r.stderr
    text = html.unescape(out.read_text(encoding="utf-8"))
    lesson = load_lesson(path)
    assert lesson.predicts
    for p in lesson.predicts:
        m = re.search(
            rf'<details class="answer" data-predict="{re.escape(p.id)}">(.*?)</details>', text, re.S
        )
        assert m, f"no <details> for {p.id}"
        # the author's answer is what the app shows (lessons check proves it): both here
        assert (
            f'The app shows: <strong class="value">{registry.show(p.answer)}</strong>' in m.group(1)
        )
    for t in lesson.tasks:
        m = re.search(
            rf'<details class="solution" data-task="{re.escape(t.id)}">(.*?)</details>', text, re.S
        )
        assert m, f"no folded solution for {t.id}"
        assert all(str(c) in m.group(1) for c in t.solution)
    # the maths is typeset (PNG data: images, with a reading for screen readers) and the
    # walkthrough the second prediction reveals is drawn (inline SVG)
    assert text.count('<img class="math" src="data:image/png;base64,') > 10
    assert 'alt="Rᵢ (I − Λ_{i′,N})⁻¹' in text
    who = text.split('data-predict="who-decodes-wrong"', 1)[1].split("</details>", 1)[0]
    assert "<svg" in who and "wrong" in who
    assert "http://" not in text and "https://" not in text


def test_lesson_by_name_and_no_extension(tmp_path, run):
    out = tmp_path / "page"
    r = run("lesson:09-theorem2", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "Theorem 2 as a check you can break and repair" in out.read_text(encoding="utf-8")


@pytest.mark.slow
def test_every_lesson_exports():
    """Every shipped lesson becomes a page (replayed in this process: seconds, not minutes)."""
    from ringlab.cli._export import lesson_html

    for les in course():
        text = lesson_html(les)
        assert text.count('<details class="answer"') == len(les.predicts), les.key
        assert text.count('<details class="solution"') == len(les.tasks), les.key
        assert "http://" not in text and "https://" not in text, les.key
