"""ringlab check / simulate / presets / preset, as a user runs them (in-process: ``ringlab``
in conftest.py)."""

import json
from importlib.resources import files

import pytest

ASSETS = files("ringlab.data")


def test_check_feasible_text(ringlab):
    r = ringlab("check", str(ASSETS / "paper-k2-t3.ringlab.json"))
    assert r.returncode == 0, r.stderr
    assert "FEASIBLE" in r.stdout and "✓" in r.stdout and "Theorem 3" in r.stdout


def test_check_json_shape(ringlab):
    r = ringlab("check", str(ASSETS / "paper-k2-t3.ringlab.json"), "--json")
    d = json.loads(r.stdout)
    assert r.returncode == 0 and d["feasible"] is True
    assert (d["N"], d["K"], d["T"], d["field"], d["rate"]) == (3, 2, 3, "Q", "2/3")
    assert len(d["checks"]) == 6 and d["checks"][0] == {
        "node": 0,
        "j": 1,
        "source": 2,
        "ok": True,
        "matrix": [["1", "0"], ["0", "1"]],
    }
    assert d["translation"][1] == [["1", "0"], ["-1", "0"]]
    assert d["bounds"]["binding"] == "Theorem 3"


def test_check_infeasible_names_failing_check(tmp_path, ringlab):
    d = json.loads((ASSETS / "paper-k2-t3.ringlab.json").read_text())
    # m_1^(0) = [1 1] → [1 0]: only node 0 uses that symbol (relayed by node 2: j = 2),
    # since R_0 Λ_2 M_1 reads row 0 of M_1 while R_2 M_1 reads rows 1 and 2 (paper, eqs. 14–19)
    d["nodes"][1]["M"][0] = [1, 0]
    for nd in d["nodes"]:
        nd.pop("T")
    f = tmp_path / "broken.ringlab.json"
    f.write_text(json.dumps(d))
    r = ringlab("check", str(f))
    assert r.returncode == 1
    assert "INFEASIBLE" in r.stdout and "First failing check: node" in r.stdout and "✗" in r.stdout
    j = json.loads(ringlab("check", str(f), "--json").stdout)
    assert j["feasible"] is False
    assert {(c["node"], c["j"]) for c in j["checks"] if not c["ok"]} == {(0, 2)}


def test_check_gf_entries_are_integers(tmp_path, ringlab):
    out = tmp_path / "g.json"
    assert ringlab("preset", "paper-k2-t3", "--field", "GF(7)", "-o", str(out)).returncode == 0
    d = json.loads(ringlab("check", str(out), "--json").stdout)
    assert d["field"] == "GF(7)" and d["translation"][1] == [["1", "0"], ["6", "0"]]


BAD = [
    ("notjson.json", "{oops", "not valid JSON"),
    ("shape.json", None, "expected 3 rows"),
    ("lambda.json", None, "strictly lower triangular"),
    ("gf.json", None, "is not an element of GF(2)"),
    ("div.json", None, "divides by zero"),
    ("nan.json", None, "NaN"),
    ("range.json", None, "supported range 2..32"),
    ("field.json", None, "unknown field"),
]


def _bad_file(tmp_path, name):
    d = json.loads((ASSETS / "paper-k2-t3.ringlab.json").read_text())
    if name == "shape.json":
        d["nodes"][0]["M"].pop()
    elif name == "lambda.json":
        d["nodes"][0]["Lambda"][0][1] = 1
    elif name == "gf.json":
        d["field"] = "GF(2)"
        d["nodes"][0]["M"][0][0] = 5
    elif name == "div.json":
        d["nodes"][0]["R"][0][0] = "1/0"
    elif name == "nan.json":
        d["nodes"][0]["R"][0][0] = "nan"
    elif name == "range.json":
        d["N"] = 40
    elif name == "field.json":
        d["field"] = "F5"
    return json.dumps(d)


@pytest.mark.parametrize("name,text,fragment", BAD)
def test_bad_input_exit_2_one_line(tmp_path, name, text, fragment, ringlab):
    f = tmp_path / name
    f.write_text(text if text is not None else _bad_file(tmp_path, name))
    for cmd in ("check", "simulate"):
        r = ringlab(cmd, str(f))
        assert r.returncode == 2, r.stdout
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and fragment in lines[0] and str(f) in lines[0], r.stderr
        assert "Traceback" not in r.stderr


def test_missing_file_and_bad_arguments(ringlab):
    r = ringlab("check", "/nonexistent/x.json")
    assert (
        r.returncode == 2 and "no such file" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    )
    r = ringlab("check")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    r = ringlab("simulate", str(ASSETS / "paper-k1-t2.ringlab.json"), "--seed", "x")
    assert r.returncode == 2 and "invalid int value" in r.stderr
    r = ringlab("frobnicate", "--x")
    assert r.returncode == 2


def test_simulate_json_and_inputs_file(tmp_path, ringlab):
    inp = tmp_path / "in.json"
    inp.write_text(json.dumps({"inputs": [[1, 2], [3, 4], [5, 6]]}))
    r = ringlab(
        "simulate", str(ASSETS / "paper-k2-t3.ringlab.json"), "--inputs", str(inp), "--json"
    )
    d = json.loads(r.stdout)
    assert r.returncode == 0 and d["sum"] == ["9", "12"] and d["correct"]
    assert d["steps"][0][0]["coeffs"] == ["0", "1", "0", "0", "0", "0"]  # m_0^(0) = [0 1]
    assert d["steps"][0][0]["value"] == "2" and d["decoded"][2]["value"] == ["9", "12"]
    inp.write_text(json.dumps([[1, 2], [3]]))
    r = ringlab("simulate", str(ASSETS / "paper-k2-t3.ringlab.json"), "--inputs", str(inp))
    assert r.returncode == 2 and "expected a list of 3 rows" in r.stderr
    inp.write_text(json.dumps([[1, 2], [3, "x"], [5, 6]]))
    r = ringlab("simulate", str(ASSETS / "paper-k2-t3.ringlab.json"), "--inputs", str(inp))
    assert r.returncode == 2 and "node 1, entry 2" in r.stderr


def test_simulate_text_random_seeded(ringlab):
    a = ringlab("simulate", "preset:classic-ring-n4", "--seed", "5")
    b = ringlab("simulate", "preset:classic-ring-n4", "--seed", "5")
    assert a.returncode == 0 and a.stdout == b.stdout and "all nodes decode the sum" in a.stdout


def test_presets_and_preset_output(tmp_path, ringlab):
    r = ringlab("presets")
    assert r.returncode == 0 and "paper-k2-t3" in r.stdout and "classic-ring-n8" in r.stdout
    r = ringlab("preset", "nope")
    assert r.returncode == 2 and "unknown preset" in r.stderr
    r = ringlab("preset", "classic-ring-n6", "-o", str(tmp_path / "r.json"))
    assert r.returncode == 0
    assert ringlab("check", str(tmp_path / "r.json")).returncode == 0
    r = ringlab("preset", "paper-k1-t2", "-o", str(tmp_path / "no" / "dir.json"))
    assert r.returncode == 2 and "cannot write" in r.stderr
