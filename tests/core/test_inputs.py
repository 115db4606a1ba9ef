"""Message vectors: the one reader of ``--inputs`` files, its refusals, and who uses it.

Each bad file is refused with one line naming the file, what is wrong and what was expected;
``ringlab simulate``, ``ringlab export`` and ``ringlab run`` (before any rank starts) say the
very same line, and the rank program and the window's state read through the same function.
"""

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ringlab import RinglabError, preset
from ringlab.core.inputs import MATMUL_TARGET, matmul_inputs, read_message_vectors, resolve_inputs

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = (
    "expected a JSON list of 3 rows (one per node, node 0 first) of 2 entries, "
    'or {"inputs": [...]} around it'
)

BAD = [  # (file name, content as bytes, or None for no file; what the line must say)
    ("none.json", None, "no such file (expected " + EXPECTED[len("expected ") :] + ")"),
    ("bad.json", b"{oops", "not valid JSON (line 1, column 2: "),
    ("empty.json", b"", "not valid JSON (line 1, column 1: Expecting value; " + EXPECTED + ")"),
    ("latin1.json", "[[1, 2], [3, 4], [5, 'é']]".encode("latin-1"), "not UTF-8 text (byte "),
    (
        "object.json",
        b'{"x": [[1, 2]], "y": 1}',
        'a JSON object without "inputs" (its keys: x, y; ' + EXPECTED + ")",
    ),
    ("rows.json", b"[[1, 2], [3, 4]]", "expected a list of 3 rows (one per node) of 2 entries"),
    ("scalar.json", b"7", "expected a list of 3 rows (one per node) of 2 entries"),
    ("short.json", b"[[1, 2], [3], [5, 6]]", ", node 1: expected 2 entries (x_1,1..x_1,2)"),
    ("entry.json", b'[[1, 2], [3, "x"], [5, 6]]', ", node 1, entry 2: "),
    ("wrapped.json", b'{"inputs": [[1, 2]]}', "expected a list of 3 rows (one per node)"),
]


def _write(tmp_path, name, content) -> Path:
    f = tmp_path / name
    if content is not None:
        f.write_bytes(content)
    return f


@pytest.mark.parametrize("name, content, says", BAD, ids=[b[0] for b in BAD])
def test_each_bad_file_is_refused_with_one_line_naming_it(tmp_path, name, content, says):
    f = _write(tmp_path, name, content)
    with pytest.raises(RinglabError) as e:
        read_message_vectors(preset("paper-k2-t3"), f)
    line = str(e.value)
    assert len(line.splitlines()) == 1
    assert line.startswith(f"--inputs {f}")
    assert says in line


def test_a_folder_is_not_a_file(tmp_path):
    with pytest.raises(RinglabError, match=r": is a folder, not a file \(expected a JSON list"):
        read_message_vectors(preset("paper-k2-t3"), tmp_path)


def test_a_mistyped_word_names_the_words_too(tmp_path):
    with pytest.raises(
        RinglabError,
        match=r"--inputs matmull: no such file \(expected 'random', "
        r"'matmul' or a JSON list of 3 rows",
    ):
        resolve_inputs(preset("paper-k2-t3"), "matmull")


def test_good_files_bare_and_wrapped_in_the_codes_field(tmp_path):
    code = preset("paper-k2-t3", "GF(5)")
    bare = _write(tmp_path, "a.json", json.dumps([[1, "2"], [3, 4], [2, "1/2"]]).encode())
    wrapped = _write(tmp_path, "b.json", json.dumps({"inputs": [[1, 2], [3, 4], [2, 3]]}).encode())
    a, b = read_message_vectors(code, bare), read_message_vectors(code, wrapped)
    F = code.field
    assert [[F.format(v) for v in r] for r in a] == [["1", "2"], ["3", "4"], ["2", "3"]]  # 1/2 = 3
    assert a == b == resolve_inputs(code, str(bare))


def test_matmul_partials_sum_to_seed_004s_target():
    x = matmul_inputs(preset("classic-ring-n4"))
    assert [sum(int(str(r[k])) for r in x) for k in range(4)] == list(MATMUL_TARGET)


# -- one reader: every caller says the same line ------------------------------------------------


def _cli(*args):
    """``ringlab ARGS`` in this process (``ringlab.cli.main``, as tests/cli/conftest.py runs
    it): what the shell sees, without a Python start per call (issue 31)."""
    from ringlab.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(["ringlab", *args], code, out.getvalue(), err.getvalue())


@pytest.mark.parametrize(
    "name, content", [("short.json", b"[[1, 2], [3], [5, 6]]"), ("object.json", b'{"x": 1}')]
)
def test_simulate_export_and_run_say_the_readers_line(tmp_path, name, content):
    f = _write(tmp_path, name, content)
    with pytest.raises(RinglabError) as e:
        read_message_vectors(preset("paper-k2-t3"), f)
    want = str(e.value)
    for cmd in (
        ["simulate", "preset:paper-k2-t3", "--inputs", str(f)],
        ["export", "preset:paper-k2-t3", "--inputs", str(f), "-o", str(tmp_path / "x.gif")],
        ["run", "preset:paper-k2-t3", "--inputs", str(f)],
    ):
        r = _cli(*cmd)
        assert r.returncode == 2, (cmd, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].endswith(want), (cmd, r.stderr)


def test_the_ranks_and_the_window_read_through_it():
    import ringlab.engine.rank as rank
    from ringlab.state import AppState

    src = Path(rank.__file__).read_text(encoding="utf-8")
    assert "read_message_vectors(code, args.inputs)" in src
    state = AppState(preset("classic-ring-n4"))
    state.inputs = "matmul"
    assert state.walkthrough_inputs()[0] == resolve_inputs(state.code, "matmul")


def test_lessons_and_state_need_no_renderer():
    # the lessons' world (the one application state) reads inputs without ringlab.render
    code = (
        "import sys, ringlab.lessons.state as s; st = s.LabState(__import__('ringlab').preset('paper-k2-t3')); st.inputs = 'matmul'; "
        "st.walkthrough_inputs(); "
        "print(sorted(m for m in sys.modules if m.startswith('ringlab.render')))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"
    assert not (ROOT / "ringlab" / "render" / "inputs.py").exists()
