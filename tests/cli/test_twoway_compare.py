"""``ringlab compare --ring two-way`` (issue 35), as a user runs it: coded two-way rows beside
Swing, Trivance, Rabenseifner, recursive doubling and two classic rings, both cost models."""

import json
import re

import pytest

MB, ALPHA, B = 10**6, 1e-6, 190e9  # the defaults compare prints: S = 1 MB, α = 1 µs, 190 GB/s
LIBRARY = ["two classic rings", "swing", "trivance", "rabenseifner", "recursive-doubling"]


def _rows(ringlab, *more):
    r = ringlab("compare", "--ring", "two-way", *more, "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    return d, {s["name"]: s for s in d["schedules"]}


def test_n8_lists_the_coded_and_the_library_rows(ringlab):
    d, rows = _rows(ringlab, "--N", 8)
    assert d["ring"] == "two-way" and d["N"] == 8 and "note" not in d
    coded = [s for s in d["schedules"] if s["kind"] == "coded"]
    assert coded and all(s["sum_ok"] for s in coded)
    assert [s["name"] for s in d["schedules"] if s["kind"] == "library"] == LIBRARY
    assert "power of 3" in rows["trivance"]["refused"]
    for s in coded + [rows["two classic rings"]]:
        K, T = s["K"], s["T"]
        # one symbol of S/K each way per time unit: own ports T(α + S/(KB)), one port twice
        assert s["alpha_beta_s"] == pytest.approx(T * (ALPHA + MB / K / B))
        assert s["alpha_beta_one_port_s"] == pytest.approx(2 * T * (ALPHA + MB / K / B))
        # model (b): one hop a message, one message a directed link a step
        assert s["ring_steps"] == T and s["max_link_load"] == pytest.approx(T * MB / K)
        assert s["messages"] <= 2 * 8 * T
    two = rows["two classic rings"]
    assert (two["K"], two["T"], two["messages"], two["sum_ok"]) == (16, 14, 2 * 8 * 14, True)
    # Swing (N = 2^3) on one port: 2·3 α + 2(7/8) S/B
    assert rows["swing"]["alpha_beta_s"] == pytest.approx(6 * ALPHA + 1.75 * MB / B)


def test_text_says_where_each_row_comes_from_and_the_shipped_codes_check(ringlab):
    r = ringlab("compare", "--ring", "two-way", "--N", 8)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert out.startswith("All-Reduce schedules for the two-way ring on N = 8 cores")
    assert "(a) own ports" in out and "(a) 1 port" in out and "ring slots" in out
    where = out.split("Where each row comes from:\n", 1)[1]
    for name in LIBRARY:
        assert f"  {name}: " in where
    shipped = re.findall(r"shipped as assets/(\S+\.ringlab\.json)", where)
    assert shipped
    from importlib.resources import files

    for f in shipped:
        c = ringlab("check", str(files("ringlab.data") / f))
        assert c.returncode == 0 and "Verdict: FEASIBLE" in c.stdout


def test_an_n_without_a_known_code_says_so(ringlab):
    d, rows = _rows(ringlab, "--N", 5)
    assert "no coded two-way code is known for N = 5" in d["note"]
    assert not [s for s in d["schedules"] if s["kind"] == "coded"]
    assert rows["two classic rings"]["sum_ok"] and "refused" in rows["swing"]
    r = ringlab("compare", "--ring", "two-way", "--N", 5)
    assert "note: no coded two-way code is known for N = 5" in r.stdout


def test_a_two_way_file_joins_with_code(ringlab, tmp_path):
    from ringlab.core.twoway import two_classic_rings
    from ringlab.core.twowayfile import save_twoway

    save_twoway(two_classic_rings(4, "GF(3)"), tmp_path / "f.json")
    d, rows = _rows(ringlab, "--N", 4, "--code", "f.json")
    mine = [s for s in d["schedules"] if s["source"] == "--code f.json"]
    assert len(mine) == 1 and mine[0]["kind"] == "coded" and mine[0]["sum_ok"]
    assert (mine[0]["K"], mine[0]["T"], mine[0]["ring_steps"]) == (8, 6, 6)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--N", 40], "--N 40: --ring two-way traces every row on the worked example"),
        (
            ["--N", 4, "--code", "preset:classic-ring-n4"],
            "--code preset:classic-ring-n4: a one-way",
        ),
        (["--N", 4, "--schedules", "ring"], "--schedules: --ring two-way picks its own rows"),
        (["--N", 4, "--code", "nothere.json"], "--code nothere.json: no such file"),
        (["--N", 4, "--code", "broken.json"], "--code broken.json: not valid JSON"),
        (["--N", 4, "--code", "half.json"], '--code half.json: "format" must be'),
    ],
)
def test_bad_input_gets_one_line(ringlab, tmp_path, args, words):
    # ringlab runs in tmp_path: the files are where the user runs the command
    (tmp_path / "broken.json").write_text("{bad")
    (tmp_path / "half.json").write_text('{"ring": "two-way", "N": 4}')
    r = ringlab("compare", "--ring", "two-way", *args)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and words in r.stderr


def test_a_code_for_another_n_is_refused(ringlab):
    r = ringlab("search", "--ring", "two-way", "--N", 3, "--K", 3, "--T", 2, "-o", "n3.json")
    assert r.returncode == 0
    r = ringlab("compare", "--ring", "two-way", "--N", 4, "--code", "n3.json")
    assert r.returncode == 2 and "a code for N = 3, but --N is 4" in r.stderr


def test_an_unknown_ring_is_refused(ringlab):
    r = ringlab("compare", "--ring", "three-way")
    assert r.returncode == 2 and "--ring" in r.stderr and "two-way" in r.stderr
