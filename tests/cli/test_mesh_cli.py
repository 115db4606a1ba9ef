"""``ringlab mesh`` as a user runs it (in-process, conftest.py): JSON shape, totals, sweep, refusals."""

import json
from functools import partial
from itertools import product

import pytest


@pytest.fixture
def run(ringlab):
    """``ringlab mesh ARGS`` in-process (conftest.py)."""
    return partial(ringlab, "mesh")


def manhattan_total(k, n, torus):
    pts = list(product(range(k), repeat=n))
    d = lambda x, y: min(abs(x - y), k - abs(x - y)) if torus else abs(x - y)
    return sum(sum(d(x, y) for x, y in zip(a, b)) for a in pts for b in pts)


def test_json_shape_and_totals_k4(run):
    p = run("--k", "4", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert list(out) == ["k", "n", "torus", "nodes", "schemes", "sweep"]
    assert (out["k"], out["n"], out["torus"], out["nodes"]) == (4, 2, False, 16)
    assert list(out["schemes"]) == ["all-at-once", "tree", "coded"]
    assert set(out["schemes"]["all-at-once"]) == {"hops", "steps"}
    assert set(out["schemes"]["tree"]) == {"hops", "steps"}
    assert set(out["schemes"]["coded"]) == {"hops", "steps", "group"}
    assert out["schemes"]["all-at-once"] == {"hops": manhattan_total(4, 2, False), "steps": 1}
    assert out["schemes"]["tree"]["steps"] == 4  # 2 dimensions × log2 4
    assert all(set(p) == {"group", "hops"} for p in out["sweep"])
    best = min(out["sweep"], key=lambda p: p["hops"])
    assert best["group"] == 4 == out["schemes"]["coded"]["group"]
    assert out["schemes"]["coded"]["hops"] == best["hops"] == 384


def test_json_torus_3d_and_given_group(run):
    p = run("--k", "3", "--n", "3", "--torus", "--group", "9", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert (out["n"], out["torus"], out["nodes"]) == (3, True, 27)
    assert out["schemes"]["all-at-once"]["hops"] == manhattan_total(3, 3, True)
    assert out["schemes"]["coded"]["group"] == 9


def test_text_and_sweep(run):
    p = run("--k", "4", "--sweep")
    assert p.returncode == 0, p.stderr
    assert "all-at-once" in p.stdout and "tree" in p.stdout and "coded" in p.stdout
    row = next(line for line in p.stdout.splitlines() if "← minimum" in line)
    assert row.split()[:2] == ["4", "2×2"]


def test_example_fig3_lists_the_sources_transfers(run):
    p = run("--example", "fig3")
    assert p.returncode == 0, p.stderr
    for line in (
        "node 1 → node 3: d1",
        "node 3 → node 1: d3",
        "node 2 → node 4: d2",
        "node 4 → node 2: d4",
        "node 1: d4 = (d3⊕d4) ⊕ (d3)",
    ):
        assert line in p.stdout
    assert "4 decodes checked against the original blocks: all correct" in p.stdout


def test_example_fig1(run):
    p = run("--example", "fig1")
    assert p.returncode == 0, p.stderr
    assert "IS → ID: A⊕B  (1 hop)" in p.stdout and "D2: A = (A⊕B) ⊕ (B)" in p.stdout


@pytest.mark.parametrize(
    "args,expect",
    [
        (["--k", "1"], "--k 1: expected an integer ≥ 2"),
        (["--k", "33"], "--k 33 --n 2: 1089 nodes; at most 1024"),
        (["--k", "4", "--n", "0"], "--n 0: expected an integer ≥ 1"),
        (
            ["--k", "4", "--group", "3"],
            "--group 3: the 4-ary 2-mesh cannot be cut into equal boxes",
        ),
        (["--k", "four"], "argument --k: invalid int value: 'four'"),
        ([], "--k is required"),
        (["--k", "4", "--base", "ring"], "argument --base: invalid choice: 'ring'"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args, expect, run):
    p = run(*args)
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.count("\n") == 1 and expect in p.stderr, p.stderr
