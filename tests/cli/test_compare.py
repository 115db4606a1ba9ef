"""``ringlab compare`` as a user runs it."""

import json
from functools import partial

import pytest


@pytest.fixture
def run(ringlab):
    """``ringlab compare ARGS`` in-process (conftest.py)."""
    return partial(ringlab, "compare")


def test_json_has_the_seed_numbers(run):
    r = run("--json", "--alpha", "50us", "--bandwidth", "1GB/s", "--size", "1MB")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["target"] == [30, 29, 22, 27]
    ring = d["schedules"]["ring"]["steps"]
    assert ring[0]["phase"] == "reduce-scatter"
    assert [(s["from"], s["to"], s["chunk"], s["value"]) for s in ring[0]["sends"]] == [
        (0, 1, 0, [15]),
        (1, 2, 1, [8]),
        (2, 3, 2, [4]),
        (3, 0, 3, [15]),
    ]
    # seed 004, grid after step 2 and its starred cells
    assert ring[1]["state"] == [[15, 12, 16, 21], [17, 8, 6, 25], [18, 11, 4, 2], [12, 17, 7, 15]]
    assert sorted(map(tuple, ring[1]["changed"])) == [(0, 2), (1, 3), (2, 0), (3, 1)]
    tree = d["schedules"]["tree"]["steps"]
    assert [s["value"] for s in tree[0]["sends"]] == [[2, 8, 6, 4], [12, 6, 3, 15]]
    assert tree[0]["state"][0] == [17, 20, 15, 10] and tree[0]["state"][2] == [13, 9, 7, 17]
    coded = d["schedules"]["coded"]["steps"]
    assert [[s["value"] for s in st["sends"]] for st in coded] == [
        [s["value"] for s in st["sends"]] for st in ring
    ]
    assert d["costs"]["ring"]["time_s"] == pytest.approx(1.8e-3)
    assert d["costs"]["ring_seed001_estimate_s"] == pytest.approx(2.3e-3)
    assert d["costs"]["tree"]["steps"] == 4


def test_text_output_prints_the_seed_grids(run):
    r = run()
    assert r.returncode == 0, r.stderr
    assert "Core 0   [     15     12      9    *21 ]" in r.stdout
    assert "Core 0   [    *30     29      .      . ]" in r.stdout  # all-gather step 1
    assert "357.6 KB" not in r.stdout  # N = 4 here
    r8 = run("--N", "8")
    assert r8.returncode == 0, r8.stderr
    assert "S = 357.6 KB" in r8.stdout and "tree → ring" in r8.stdout


def test_own_X_W_and_a_code_file(tmp_path, run):
    (tmp_path / "w.txt").write_text("1 2 3\n4 5 6\n7 8 9\n")
    r = run("--X", "1,1/2,2", "--W", "w.txt", "--code", "preset:paper-k2-t3", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["target"] == [17, "41/2", 24]  # 1·[1 2 3] + ½·[4 5 6] + 2·[7 8 9]
    assert d["schedules"]["coded"]["padding"] == 1
    assert d["schedules"]["coded"]["code"]["K"] == 2


@pytest.mark.parametrize(
    "args,msg",
    [
        (["--X", "3,a,1"], "--X, entry 1 (core 1's, the 2nd number): 'a' is not a number"),
        (["--N", "5", "--X", "1,2,3"], "--N 5: but --X has 3 entries"),
        (["--W", "nope.txt"], "--W nope.txt: no such file"),
        (["--code", "preset:paper-k2-t3"], "code is for N = 3 cores but X and W have N = 4"),
        (["--alpha", "fast"], "alpha: 'fast' is not understood"),
        (["--size", "0"], "size: must be positive"),
        # an exponent nobody means: refused at once, not computed (10**999999999 takes minutes)
        (["--alpha", "1e999999999"], "alpha: '1e999999999' is out of range"),
        (["--bandwidth", "1e-999999999GB/s"], "is out of range"),
        (["--N", "1"], "number of cores"),
        (["--N", "x"], "invalid int value"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args, msg, tmp_path, run):
    r = run(*args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and msg in lines[0], r.stderr
    assert "Traceback" not in r.stderr


def test_ragged_W_file(tmp_path, run):
    (tmp_path / "w.txt").write_text("1 2\n3\n4 5\n")
    r = run("--X", "1 2 3", "--W", "w.txt")
    assert r.returncode == 2
    assert "--W w.txt, row 1: 1 entries, but row 0 has 2" in r.stderr


def test_256_cores_steps_and_costs_without_grids(run):
    """The tree example's 256-core case: 510 ring steps against 16 tree steps, no grids."""
    r = run("--N", "256")
    assert r.returncode == 0, r.stderr
    assert "ring: 2(N−1) = 510 steps (reduce-scatter N−1 = 255" in r.stdout
    assert "tree: 2⌈log₂ N⌉ = 16 steps (reduce-up ⌈log₂ N⌉ = 8" in r.stdout
    assert "note: no per-step grids above 32 cores" in r.stdout
    assert "note: no coded column" in r.stdout
    assert "Core 0" not in r.stdout  # no grid
    rows = {
        ln.split()[0]: ln.split()
        for ln in r.stdout.splitlines()
        if ln.startswith("  ring ") or ln.startswith("  tree ")
    }
    assert rows["ring"][1:3] == ["510", "130560"] and rows["tree"][1:3] == ["16", "510"]
    j = run("--N", "256", "--json")
    assert j.returncode == 0, j.stderr
    d = json.loads(j.stdout)
    assert d["steps"] == {"ring": 510, "tree": 16}
    assert d["costs"]["ring"]["steps"] == 510 and d["costs"]["tree"]["messages"] == 510


@pytest.mark.parametrize(
    "args,msg",
    [
        (
            ["--N", "1025"],
            "N = 1025: the number of cores must be an integer in 2..32 for traced "
            "grids, or up to 1024",
        ),
        (["--N", "64", "--X", "1,2"], "--X: traced examples have at most 32 cores, but --N is 64"),
        (["--N", "64", "--code", "preset:paper-k2-t3"], "codes have at most 32 nodes"),
    ],
)
def test_large_N_refusals(args, msg, tmp_path, run):
    r = run(*args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and msg in lines[0], r.stderr
