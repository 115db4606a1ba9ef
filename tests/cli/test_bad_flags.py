"""Bad flags to ``ringlab compare`` / ``ringlab export`` — each exits 2
with one line naming the flag and what was expected (before: a float-overflow traceback,
a message about a --W nobody gave, and a PNG silently written to a .gif name)."""

import pytest


def one_line_exit_2(r, words):
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], r.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["--alpha", "1e999"], "alpha: '1e999' is out of range"),
        (["--bandwidth", "1e400"], "bandwidth: '1e400' is out of range"),
        (["--size", "1e-400"], "size: '1e-400' is out of range"),
        (["--size", "1e30TB"], "size: '1e30TB' is out of range"),
        (["--N", "0"], "N = 0: the number of cores must be an integer in 2..32"),
    ],
)
def test_compare_bad_quantities(args, words, tmp_path, ringlab):
    one_line_exit_2(ringlab("compare", *args), words)


def test_compare_extreme_but_sane_quantities_still_work(tmp_path, ringlab):
    r = ringlab("compare", "--alpha", "0", "--bandwidth", "1e29", "--size", "1e-29")
    assert r.returncode == 0, r.stderr


def test_export_refuses_a_format_that_contradicts_the_file_name(tmp_path, ringlab):
    r = ringlab("export", "preset:paper-k2-t3", "--format", "png", "-o", "walk.gif")
    one_line_exit_2(r, "-o walk.gif: the name ends in .gif but --format is png")
    assert not (tmp_path / "walk.gif").exists()
    ok = ringlab("export", "preset:paper-k2-t3", "--format", "png", "-o", "step", "--step", "1")
    assert ok.returncode == 0, ok.stderr  # no extension: --format decides


@pytest.mark.parametrize(
    "content, words",
    [
        ("not json at all", "not valid JSON"),
        ("[1, 2]", 'expected a JSON object with "format": "ringlab-code"'),
    ],
)
def test_check_and_export_bad_code_files(content, words, tmp_path, ringlab):
    (tmp_path / "c.json").write_text(content)
    one_line_exit_2(ringlab("check", "c.json"), "c.json: " + words)
    one_line_exit_2(ringlab("export", "c.json", "-o", "x.png"), "c.json: " + words)
