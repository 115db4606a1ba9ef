"""The walkthrough as one self-contained HTML page (issue 24), read as HTML and opened in a
real headless browser.

The browser tests use Debian's ``chromium`` (``.ci/run`` installs it) with networking
disabled: a proxy that refuses everything and a host resolver that finds nothing, so a page
that needed anything from outside would show the gap.  They are skipped, saying why, where no
chromium binary is found.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser

import numpy as np
import pytest
from PIL import Image

from ringlab import preset, simulate
from ringlab.core.inputs import resolve_inputs
from ringlab.render.captions import decode_arithmetic, step_caption
from ringlab.render.html_export import export_walkthrough_html, walkthrough_page

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
OFFLINE = ["--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND"]


def browser() -> str:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    pytest.skip(
        "no chromium binary found (apt-get install chromium; .ci/run installs it): "
        "the page is not opened in a browser here"
    )


def chromium(url: str, *args: str, offline: bool = True) -> subprocess.CompletedProcess:
    # a profile of its own each run: no state from the user's browser, none left behind, and
    # two runs at once never find the profile locked
    with tempfile.TemporaryDirectory(prefix="ringlab-chromium-") as profile:
        cmd = [
            browser(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--disable-extensions",
            f"--user-data-dir={profile}",
            *(OFFLINE if offline else []),
            *args,
            url,
        ]
        r = subprocess.run(cmd, capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr.decode(errors="replace")[-2000:]
    return r


def screenshot(url: str, out, offline: bool = True) -> np.ndarray:
    chromium(url, f"--screenshot={out}", "--window-size=1280,720", offline=offline)
    return np.asarray(Image.open(out).convert("RGB")).astype(int)


def dom(url: str, *args: str) -> str:
    """The DOM after the page's script ran (``--dump-dom`` serialises the live document)."""
    return chromium(url, "--dump-dom", *args).stdout.decode()


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """The paper's K = 2, T = 3 code, exported as ``ringlab export`` does (random, seed 0)."""
    out = tmp_path_factory.mktemp("html") / "walkthrough.html"
    export_walkthrough_html(preset("paper-k2-t3"), "random", out, seed=0)
    return out


@pytest.fixture(scope="module")
def trace():
    code = preset("paper-k2-t3")
    return simulate(code, resolve_inputs(code, "random", 0))


class Resources(HTMLParser):
    """Every attribute that can make a browser load something, and every element that can."""

    LOADS = {
        "src",
        "href",
        "xlink:href",
        "srcset",
        "action",
        "formaction",
        "poster",
        "data",
        "background",
        "manifest",
        "ping",
    }

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.urls: list[tuple[str, str, str]] = []
        self.tags: list[str] = []
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self._in_style = tag == "style"
        for name, value in attrs:
            if name in self.LOADS and value is not None:
                self.urls.append((tag, name, value))
            if name == "style" and value:
                self.styles.append(value)

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)


def test_size_under_2_mb_for_the_paper_code(page):
    assert page.stat().st_size < 2 * 1024 * 1024


def test_no_external_resource(page):
    text = page.read_text(encoding="utf-8")
    p = Resources()
    p.feed(text)
    external = [(t, a, v) for t, a, v in p.urls if re.match(r"\s*(https?:|//|ftp:|file:)", v, re.I)]
    assert not external, external
    # the only URLs are the page's own anchors and data: images
    assert all(v.startswith(("#", "data:")) for _, _, v in p.urls), p.urls
    assert "link" not in p.tags and "iframe" not in p.tags and "object" not in p.tags
    assert all(not re.search(r"url\(\s*['\"]?(https?:|//)|@import", s) for s in p.styles)
    assert not re.search(r"<script[^>]*\bsrc=", text)
    assert "http://" not in text and "https://" not in text
    # and the browser is told: nothing but the file itself may load
    assert "default-src 'none'" in html.unescape(text)


def test_every_step_is_inline_svg_whose_text_is_text(page, trace):
    text = page.read_text(encoding="utf-8")
    steps = re.findall(
        r'<section class="step" id="step-(\d+)" data-step="\1"(.*?)</section>', text, re.S
    )
    assert [int(t) for t, _ in steps] == [0, 1, 2, 3]
    for _t, body in steps:
        assert body.count("<svg") == 1
        svg = body[body.index("<svg") : body.index("</svg>")]
        # svg.fonttype = "none": words are <text> elements, not glyph outlines
        assert "<text" in svg and "DejaVuSans-" not in svg
        assert "G_T" in svg or "node 0" in svg
    # the side table's words are searchable as written
    assert "node 0" in text and "time t" in text
    ids = re.findall(r'\bid="([^"]+)"', text)
    dup = {i for i in ids if ids.count(i) > 1}
    assert not dup, f"ids used twice on the page: {sorted(dup)[:5]}"


def test_captions_and_decode_arithmetic_are_html_text(page, trace):
    text = html.unescape(page.read_text(encoding="utf-8"))
    for t in range(4):
        cap = step_caption(trace, t, width=100_000)
        assert f'<p class="caption">{cap}</p>' in text
    for i in range(3):
        for line in decode_arithmetic(trace, i):
            assert line in text


def test_the_code_section_lists_matrices_and_the_verdict(page):
    text = html.unescape(page.read_text(encoding="utf-8"))
    assert '<section id="code"' in text and 'href="#code"' in text
    assert "Feasible" in text and "all 6 checks of Theorem 2" in text
    assert text.count('class="checks"') == 1 and text.count("✓</td>") == 6
    for name in ("M₀ =", "Λ₁ =", "R₂ =", "T₀ ="):
        assert name in text
    # R_0 of the paper: [[0, 1, -1], [0, 0, 1]]
    assert "<tr><td>0</td><td>1</td><td>-1</td></tr>" in text


def test_an_infeasible_code_says_which_check_fails():
    code = preset("paper-k2-t3").with_entry(0, "R", 0, 2, 1)
    text = html.unescape(walkthrough_page(code, [[1, 2], [3, 4], [5, 6]]))
    assert "INFEASIBLE (Theorem 2 ✗)" in text and "2 of 6 checks" in text
    assert "Theorem 2 fails at node 0, j = 1" in text
    assert text.count("✗</td>") == 2


def test_without_a_script_every_step_shows(page):
    """No step is hidden in the file: only the script hides all but one."""
    text = page.read_text(encoding="utf-8")
    assert not re.search(r'<section class="step"[^>]*\bhidden', text)


def test_docstring_example():
    import doctest

    import ringlab.render.html_export as mod

    res = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert res.failed == 0 and res.attempted > 0


# -- in a browser ---------------------------------------------------------------------------------
def test_browser_opens_step_0_and_step_3_offline(page, trace, tmp_path):
    url = page.as_uri()
    a = screenshot(url + "#step=0", tmp_path / "s0.png")
    b = screenshot(url + "#step=3", tmp_path / "s3.png")
    for img in (a, b):
        assert img.shape == (720, 1280, 3)
        assert img.std() > 20, "a blank screenshot"
        assert len(np.unique(img.reshape(-1, 3), axis=0)) > 50
    diff = np.abs(a - b).sum(axis=2) > 30
    assert diff.mean() > 0.01, "step 0 and step 3 look the same"
    # the drawing itself changed (not only the caption): the lower half of the window
    assert diff[360:].mean() > 0.005
    # the same page with the network allowed looks the same: nothing was missing offline
    c = screenshot(url + "#step=3", tmp_path / "s3-online.png", offline=False)
    assert np.abs(b - c).max() <= 8 or (np.abs(b - c).sum(axis=2) > 30).mean() < 0.001


def test_browser_dom_shows_the_caption_of_step_3(page, trace):
    d = html.unescape(dom(page.as_uri() + "#step=3"))
    assert 'data-step="3"' in d.split("<body", 1)[1].split(">", 1)[0]
    shown = re.findall(r'<section class="step" id="step-(\d+)" data-step="\d+"([^>]*)>', d)
    assert [(t, "hidden" in attrs) for t, attrs in shown] == [
        ("0", True),
        ("1", True),
        ("2", True),
        ("3", False),
    ]
    caption = step_caption(trace, 3, width=100_000)
    section = d.split('id="step-3"', 1)[1].split("</section>", 1)[0]
    assert caption in section
    assert "t = 3 / 3" in d  # the player's label
    assert re.search(r'id="scrub"[^>]*', d)
    # the screen reader's live line says the shown caption
    assert f'aria-live="polite">{caption}</p>' in d


def test_browser_keys_scrubber_and_play(page, tmp_path):
    """The page's own script, driven by synthetic events (a script appended to a copy)."""
    drive = """<script>
(function () {
  var seen = [];
  function key(k) {
    document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true}));
    seen.push(document.body.getAttribute("data-step"));
  }
  key("ArrowRight"); key(" "); key("ArrowLeft"); key("End"); key("ArrowRight");
  key("Home"); key("ArrowLeft");
  var s = document.getElementById("scrub");
  s.value = "2"; s.dispatchEvent(new Event("input"));
  seen.push(document.body.getAttribute("data-step") + "@" + location.hash);
  document.getElementById("play").click();
  var pressed = document.getElementById("play").getAttribute("aria-pressed");
  setTimeout(function () {
    seen.push(pressed + ">" + document.body.getAttribute("data-step") + ":"
              + document.getElementById("play").getAttribute("aria-pressed"));
    document.body.setAttribute("data-seen", seen.join(","));
  }, 500);
})();
</script>"""
    text = page.read_text(encoding="utf-8").replace('data-delay-ms="2000"', 'data-delay-ms="20"')
    assert 'data-delay-ms="20"' in text
    copy = tmp_path / "driven.html"
    copy.write_text(text.replace("</body>", drive + "\n</body>"), encoding="utf-8")
    d = dom(copy.as_uri() + "#step=1", "--virtual-time-budget=5000")
    seen = re.search(r'data-seen="([^"]*)"', html.unescape(d))
    assert seen, d[-1500:]
    # from step 1: → 2, Space 3, ← 2, End 3, → stays 3, Home 0, ← stays 0; the scrubber to 2
    # (and the address says #step=2); play runs to the end and stops there
    assert seen.group(1).split(",") == [
        "2",
        "3",
        "2",
        "3",
        "3",
        "0",
        "0",
        "2@#step=2",
        "true>3:false",
    ]


def test_browser_reads_an_out_of_range_hash_as_the_last_step(page):
    d = dom(page.as_uri() + "#step=99")
    assert 'data-step="3"' in d.split("<body", 1)[1].split(">", 1)[0]


# -- from the window ------------------------------------------------------------------------------
def _window(qtbot):
    from ringlab.gui.app import create_window

    w = create_window(
        code=preset("paper-k2-t3"), load_views=True, check_recovery=False, autosave=False
    )
    w.ask_unsaved = lambda action: "discard"
    qtbot.addWidget(w)
    return w


def test_file_export_walkthrough_offers_and_writes_html(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    w = _window(qtbot)
    out = tmp_path / "walk"  # no extension: the chosen filter decides
    offered = []

    def ask(*args, **kw):
        offered.append(args[3])
        return str(out), "Web page, every step, opens offline (*.html)"

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    action = next(
        a
        for m in w.menuBar().actions()
        for a in m.menu().actions()
        if a.text().replace("&", "").startswith("Export walkthrough")
    )
    action.trigger()
    page = tmp_path / "walk.html"
    qtbot.waitUntil(lambda: page.exists() and page.stat().st_size > 0, timeout=20000)
    assert "(*.html)" in offered[0]
    text = page.read_text(encoding="utf-8")
    assert text.count('<section class="step"') == 4 and "<svg" in text


def test_lessons_panel_exports_the_open_lesson_as_html(qtbot, tmp_path):
    w = _window(qtbot)
    w.show_lessons()
    panel = w.lessons_panel
    assert panel.html_action.text() == "Export as HTML…"
    said = []
    panel.message.connect(said.append)
    panel.export_html(str(tmp_path / "none.html"))
    assert said[-1] == "Export as HTML: choose a lesson first"
    panel.open_lesson(next(k for k, les in enumerate(panel.lessons) if les.order == 9))
    out = tmp_path / "lesson9.html"
    panel.export_html(str(out))
    qtbot.waitUntil(
        lambda: any(s.startswith(("lesson exported", "lesson not exported")) for s in said),
        timeout=120_000,
    )
    assert f"lesson exported to {out}" in said, said
    text = out.read_text(encoding="utf-8")
    assert text.count('<details class="answer"') == 3
