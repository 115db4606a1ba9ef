"""`ringlab check` on a GF(p^m) code whose file names its modulus (issue 22 item 1), as a user
runs it (in-process, conftest.py)."""

import json

import pytest

from tests.core.test_modulus import OTHER, mapped


@pytest.mark.parametrize("name,other", OTHER[:3])
def test_feasible_in_its_field_and_not_under_conway(tmp_path, name, other, ringlab):
    d = mapped(name, other)
    f = tmp_path / "other.ringlab.json"
    f.write_text(json.dumps(d))
    r = ringlab("check", str(f))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "FEASIBLE" in r.stdout and f"{name} computed modulo {other}\n" in r.stdout
    j = json.loads(ringlab("check", str(f), "--json").stdout)
    assert j["feasible"] is True and j["field"] == name and j["modulus"] == other

    del d["modulus"]  # the same entries, read in Conway's field
    g = tmp_path / "conway.ringlab.json"
    g.write_text(json.dumps(d))
    r = ringlab("check", str(g))
    assert r.returncode == 1 and "INFEASIBLE" in r.stdout
    line = next(ln for ln in r.stdout.splitlines() if "computed modulo" in ln)
    assert "Conway" in line and "names no modulus" in line
    j = json.loads(ringlab("check", str(g), "--json").stdout)
    assert j["feasible"] is False and j["modulus"] != other


@pytest.mark.parametrize("bad", ["x^3 + 1", "x^2 + x + 1", "x^3 + 2"])
def test_bad_modulus_is_exit_2_one_line(tmp_path, bad, ringlab):
    d = mapped("GF(2^3)", "x^3 + x^2 + 1")
    d["modulus"] = bad
    f = tmp_path / "bad.ringlab.json"
    f.write_text(json.dumps(d))
    r = ringlab("check", str(f))
    assert r.returncode == 2 and r.stdout == ""
    assert (
        len(r.stderr.strip().splitlines()) == 1 and '"modulus"' in r.stderr and str(f) in r.stderr
    )


@pytest.mark.parametrize("name", ["GF(2^2)", "GF(2^3)", "GF(3^2)"])
def test_shipped_codes_over_extension_fields_write_the_modulus_and_check_feasible(
    tmp_path, name, ringlab
):
    from tests.core.test_modulus import CONWAY

    for pn in ("paper-k2-t3", "classic-ring-n4", "time-shared-k4"):
        f = tmp_path / f"{pn}.ringlab.json"
        assert ringlab("preset", pn, "--field", name, "-o", str(f)).returncode == 0
        assert json.loads(f.read_text())["modulus"] == CONWAY[name]
        r = ringlab("check", str(f))
        assert r.returncode == 0 and f"{name} computed modulo {CONWAY[name]} (Conway's" in r.stdout
