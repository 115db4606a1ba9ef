import json
import os
from importlib.resources import files

import pytest
from hypothesis import HealthCheck, given, settings

from ringlab import dumps_code, load_code, loads_code, preset, preset_names, save_code
from ringlab.core.errors import CodeFileError
from tests.core.strategies import codes

ASSETS = files("ringlab.data")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(codes(fields=("Q", "GF(2)", "GF(7)", "R", "GF(2^8)")))
def test_json_round_trip(code):
    assert loads_code(dumps_code(code)) == code


def test_round_trip_keeps_given_translation_and_fractions(tmp_path):
    code = (
        preset("paper-k2-t3").with_entry(1, "M", 0, 0, "1/2").with_meta(name="x", description="y")
    )
    p = save_code(code, tmp_path / "c.ringlab.json")
    assert load_code(p) == code
    assert json.loads(p.read_text())["nodes"][1]["M"][0][0] == "1/2"


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path, monkeypatch):
    target = tmp_path / "c.ringlab.json"
    target.write_text("precious")
    import ringlab.core.files as cf  # where every atomic write happens

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(cf.os, "replace", boom)
    with pytest.raises(OSError):
        save_code(preset("paper-k1-t2"), target)
    assert target.read_text() == "precious"
    assert os.listdir(tmp_path) == ["c.ringlab.json"]


@pytest.mark.parametrize("name", preset_names())
def test_shipped_asset_files_are_the_generated_presets(name):
    assert load_code(ASSETS / f"{name}.ringlab.json") == preset(name)


def _base():
    return json.loads(dumps_code(preset("paper-k2-t3")))


def _mut(fn):
    d = _base()
    fn(d)
    return json.dumps(d)


BAD = [
    ("not json", "{", "not valid JSON (line 1"),
    ("not an object", "[1, 2]", "expected a JSON object"),
    ("wrong format", _mut(lambda d: d.update(format="other")), '"format" must be "ringlab-code"'),
    ("wrong version", _mut(lambda d: d.update(version=2)), '"version" must be 1'),
    ("missing key", _mut(lambda d: d.pop("K")), 'missing key "K"'),
    ("unknown key", _mut(lambda d: d.update(extra=1)), 'unknown key "extra"'),
    ("N out of range", _mut(lambda d: d.update(N=1)), "N = 1 is out of the supported range 2..32"),
    (
        "T out of range",
        _mut(lambda d: d.update(T=500)),
        "T = 500 is out of the supported range 1..128",
    ),
    ("K not int", _mut(lambda d: d.update(K="2")), "K must be an integer in 1..64"),
    ("unknown field", _mut(lambda d: d.update(field="GF(6)")), "not a prime power"),
    ("too few nodes", _mut(lambda d: d["nodes"].pop()), '"nodes" must list 3 nodes'),
    ("wrong rows", _mut(lambda d: d["nodes"][1]["M"].pop()), "node 1, M: expected 3 rows"),
    (
        "wrong cols",
        _mut(lambda d: d["nodes"][2]["R"][1].append(0)),
        "node 2, R, row k = 2: expected 3 columns",
    ),
    (
        "lambda upper",
        _mut(lambda d: d["nodes"][0]["Lambda"][0].__setitem__(2, 1)),
        "node 0, Lambda, row t = 0, column t = 3: expected 0 (Λ is strictly lower triangular",
    ),
    (
        "lambda diagonal",
        _mut(lambda d: d["nodes"][1]["Lambda"][1].__setitem__(1, 1)),
        "node 1, Lambda, row t = 1, column t = 2: expected 0",
    ),
    (
        "bad entry",
        _mut(lambda d: d["nodes"][0]["M"][2].__setitem__(1, "x")),
        "node 0, M, row t = 2, column k = 2: 'x' is not a number",
    ),
    (
        "division by zero",
        _mut(lambda d: d["nodes"][0]["R"][0].__setitem__(0, "1/0")),
        "node 0, R, row k = 1, column t = 1: '1/0' divides by zero",
    ),
    ("nan", _mut(lambda d: d["nodes"][0]["R"][0].__setitem__(0, "NaN")), "NaN"),
    (
        "nan literal",
        _base and json.dumps(_base()).replace('"R": [[0, 1, -1]', '"R": [[NaN, 1, -1]'),
        "NaN",
    ),
    (
        "outside GF(2)",
        _mut(lambda d: (d.update(field="GF(2)"), d["nodes"][0]["M"][0].__setitem__(0, 5))),
        "node 0, M, row t = 0, column k = 1: 5 is not an element of GF(2)",
    ),
    ("missing matrix", _mut(lambda d: d["nodes"][2].pop("Lambda")), 'node 2: missing "Lambda"'),
    (
        "node not object",
        _mut(lambda d: d["nodes"].__setitem__(0, [])),
        "node 0: expected an object",
    ),
    (
        "decimal in GF",
        _mut(lambda d: (d.update(field="GF(7)"), d["nodes"][0]["M"][0].__setitem__(0, "0.5"))),
        "decimals are allowed only over Q and R",
    ),
]


@pytest.mark.parametrize("label,text,fragment", BAD, ids=[b[0] for b in BAD])
def test_bad_files_are_refused_with_one_line(label, text, fragment):
    with pytest.raises(CodeFileError) as ei:
        loads_code(text, "f.json")
    msg = str(ei.value)
    assert msg.startswith("f.json: ")
    assert fragment in msg, msg
    assert "\n" not in msg


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(CodeFileError, match="no such file"):
        load_code(tmp_path / "nope.json")
    with pytest.raises(CodeFileError, match="is a folder"):
        load_code(tmp_path)
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(CodeFileError, match="not a text file"):
        load_code(tmp_path / "bin")


def test_deeply_nested_json_is_refused_in_one_line():
    with pytest.raises(CodeFileError, match="nested too deeply"):
        loads_code("[" * 100000 + "]" * 100000, "deep.json")
