"""``ringlab compare --schedules`` as a user runs it (issue 23)."""

import json
from functools import partial

import pytest


@pytest.fixture
def run(ringlab):
    """``ringlab compare ARGS`` in-process (conftest.py)."""
    return partial(ringlab, "compare")


KEYS = {
    "name",
    "steps",
    "messages",
    "bytes_per_node",
    "alpha_beta_s",
    "ring_steps",
    "max_link_load",
    "sum_ok",
}
ALL8 = "ring,tree,recursive-doubling,rabenseifner,bruck,swing,trivance,nccl-tree"


def test_json_for_eight_cores(run):
    r = run(
        "--N",
        "8",
        "--schedules",
        ALL8,
        "--alpha",
        "1us",
        "--bandwidth",
        "1GB/s",
        "--size",
        "8MB",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    rows = {s["name"]: s for s in d["schedules"]}
    assert [s["name"] for s in d["schedules"]] == ALL8.split(",")
    for name, s in rows.items():
        assert KEYS <= set(s), name
    a, S, B = 1e-6, 8e6, 1e9
    ring = rows["ring"]
    assert (ring["steps"], ring["messages"], ring["ring_steps"]) == (14, 112, 14)
    assert ring["alpha_beta_s"] == pytest.approx(14 * (a + S / 8 / B))
    assert ring["bytes_per_node"] == pytest.approx(2 * 7 / 8 * S)
    assert ring["max_link_load"] == pytest.approx(2 * 7 / 8 * S)
    rd = rows["recursive-doubling"]
    assert (rd["steps"], rd["messages"]) == (3, 24)
    assert rd["alpha_beta_s"] == pytest.approx(3 * (a + S / B))
    assert rd["ring_steps"] == 1 + 2 + 4  # distance 4 in the last step: 4 per link
    rab = rows["rabenseifner"]
    assert (rab["steps"], rab["messages"]) == (2 * 3, 48)
    assert rab["alpha_beta_s"] == pytest.approx(6 * a + 2 * 7 / 8 * S / B)
    assert rows["swing"]["steps"] == 6 and rows["swing"]["ring_steps"] < rab["ring_steps"]
    assert rows["tree"]["steps"] == 6 and rows["tree"]["messages"] == 14
    assert rows["nccl-tree"]["steps"] == 6
    assert rows["nccl-tree"]["alpha_beta_s"] == pytest.approx(6 * (a + S / 2 / B))
    for name in ("bruck", "trivance"):  # 8 is not a power of 3
        s = rows[name]
        assert s["steps"] is None and s["sum_ok"] is None
        assert "N = 8" in s["refused"] and "power of 3" in s["refused"]
    assert all(s["sum_ok"] for s in rows.values() if "refused" not in s)
    assert any(x["label"] == "tree → ring" for x in d["crossovers"])


def test_bruck_and_trivance_on_nine_cores(run):
    r = run("--N", "9", "--schedules", "bruck,trivance,bruck-bw,trivance-bw,nccl-ring", "--json")
    assert r.returncode == 0, r.stderr
    rows = {s["name"]: s for s in json.loads(r.stdout)["schedules"]}
    assert rows["bruck"]["steps"] == rows["trivance"]["steps"] == 2  # log₃ 9
    assert rows["trivance"]["ring_steps"] < rows["bruck"]["ring_steps"]
    assert rows["bruck-bw"]["steps"] == rows["trivance-bw"]["steps"] == 4
    assert rows["nccl-ring"]["steps"] == 16
    assert all(s["sum_ok"] for s in rows.values())


def test_readable_table(run):
    r = run("--N", "8", "--schedules", ALL8)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "schedule" in out and "ring slots" in out and "busiest link" in out
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("rabenseifner"))
    assert line.split()[1:5] == ["1", "port", "6", "48"] and line.rstrip().endswith("ok")
    assert "bruck" in out and "refused: N = 8 is not a power of 3" in out
    assert "tree → ring" in out


def test_unknown_name_exits_2_with_the_known_names(run):
    r = run("--schedules", "ring,butterfly")
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "'butterfly'" in lines[0], r.stderr
    for name in ALL8.split(","):
        assert name in lines[0]
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "args,msg",
    [
        (["--N", "40", "--schedules", "ring"], "N must be in 2..32"),
        (["--schedules", ""], "no names given"),
        (["--schedules", "ring", "--code", "preset:paper-k2-t3"], "--code"),
        (["--schedules", "ring", "--size", "0"], "size: must be positive"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args, msg, run):
    r = run(*args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and msg in lines[0], r.stderr


def test_without_schedules_compare_is_unchanged(run):
    r = run("--N", "8", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert set(d["schedules"]) == {"ring", "tree", "coded"} and "crossovers" not in d
