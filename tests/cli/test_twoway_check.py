"""``ringlab check`` on two-way code files (issue 35), as a user runs it."""

import json

import pytest

from ringlab.core.twoway import two_classic_rings
from ringlab.core.twowayfile import save_twoway


def _z(r, c):
    return [[0] * c for _ in range(r)]


def three_ring_k3_t2(field: str, decoders: bool) -> dict:
    """Reduce-scatter + all-gather on both links, written by hand.  Node i owns entry k = i+1.

    t = 0: node i sends x_{i,i+1} clockwise (entry owned by node i+1) and x_{i,i−1}
    counter-clockwise; so at t = 1 node i holds all three parts of its entry: its own, x_{i−1,i}
    (cw stream, received at t = 1) and x_{i+1,i} (ccw stream).
    t = 1: node i sends that sum σ_i both ways; node i hears σ_{i−1} and σ_{i+1} at t = 2.
    """
    nodes = []
    for i in range(3):
        nxt, prv = (i + 1) % 3, (i - 1) % 3
        unit = lambda k0: [int(k == k0) for k in range(3)]  # noqa: E731
        relay = {"Lambda_cw": [[0, 0], [1, 0]], "Lambda_ccw": [[0, 0], [1, 0]]}  # t=1 adds both
        nd = {
            "send_cw": {"M": [unit(nxt), unit(i)]} | relay,  # t=0: x_{i,i+1}; t=1: σ_i
            "send_ccw": {"M": [unit(prv), unit(i)]} | relay,  # t=0: x_{i,i−1}; t=1: σ_i
        }
        if decoders:
            R_cw, R_ccw, T = _z(3, 2), _z(3, 2), _z(3, 3)
            R_cw[i][0] = R_ccw[i][0] = T[i][i] = 1  # own entry: the three parts
            R_cw[prv][1] = 1  # σ_{i−1} arrives clockwise at t = 2
            R_ccw[nxt][1] = 1  # σ_{i+1} counter-clockwise
            nd |= {"R_cw": R_cw, "R_ccw": R_ccw, "T": T}
        nodes.append(nd)
    head = {"format": "ringlab-code", "version": 1, "ring": "two-way", "name": "RS+AG both ways"}
    return head | {"N": 3, "K": 3, "T": 2, "field": field, "nodes": nodes}


def three_ring_k3_t1(field: str) -> dict:
    """T = 1: each node sends its entry k = 1 clockwise and k = 2 counter-clockwise.  It cannot
    work (cut set: 3 entries of the others' sum, 2 in-links × 1 time unit), whatever the code."""
    nodes = [
        {
            "send_cw": {"M": [[1, 0, 0]], "Lambda_cw": [[0]], "Lambda_ccw": [[0]]},
            "send_ccw": {"M": [[0, 1, 0]], "Lambda_cw": [[0]], "Lambda_ccw": [[0]]},
        }
        for _ in range(3)
    ]
    d = three_ring_k3_t2(field, False)
    return d | {"T": 1, "nodes": nodes, "name": "T = 1"}


def _write(tmp_path, d, name="code.ringlab.json"):
    p = tmp_path / name
    p.write_text(json.dumps(d, indent=1))
    return str(p)


@pytest.mark.parametrize("decoders", [True, False])
@pytest.mark.parametrize("field", ["GF(2)", "Q"])
def test_three_ring_k3_t2_feasible(tmp_path, ringlab, field, decoders):
    r = ringlab("check", _write(tmp_path, three_ring_k3_t2(field, decoders)))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Verdict: FEASIBLE" in r.stdout
    assert r.stdout.count("✓") == 3 and f"over {field}" in r.stdout


@pytest.mark.parametrize("field", ["GF(2)", "Q"])
def test_three_ring_k3_t1_infeasible_names_node_and_entry(tmp_path, ringlab, field):
    r = ringlab("check", _write(tmp_path, three_ring_k3_t1(field)))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Verdict: INFEASIBLE" in r.stdout and r.stdout.count("✗") == 3
    # node 0 hears x_{2,1} clockwise and x_{1,2} counter-clockwise: entry 3 not at all
    assert "node 0: the sum's entry k = 1, k = 2, k = 3 is not in the span" in r.stdout
    assert "K ≤ 2T fails" in r.stdout
    j = ringlab("check", "--json", _write(tmp_path, three_ring_k3_t1(field)))
    d = json.loads(j.stdout)
    assert j.returncode == 1 and d["feasible"] is False and d["nodes"][0]["missing"] == [1, 2, 3]


def test_broken_decoder_is_named(tmp_path, ringlab):
    d = three_ring_k3_t2("GF(2)", True)
    d["nodes"][1]["R_ccw"][2][1] = 0  # node 1 forgets σ_2 from node 2
    r = ringlab("check", _write(tmp_path, d))
    assert r.returncode == 1
    assert "node 1: its decoder gets the sum's entry k = 3 wrong" in r.stdout
    assert r.stdout.count("✓") == 2


@pytest.mark.parametrize("field", ["GF(2)", "Q"])
def test_two_classic_rings_n4_k8_t6_feasible(tmp_path, ringlab, field):
    path = tmp_path / "two-rings.ringlab.json"
    save_twoway(two_classic_rings(4, field), path)
    r = ringlab("check", str(path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "N = 4, K = 8, T = 6" in r.stdout and "Verdict: FEASIBLE" in r.stdout


def test_bad_two_way_file_exit_2_one_line(tmp_path, ringlab):
    d = three_ring_k3_t2("GF(2)", True)
    del d["nodes"][2]["send_ccw"]
    r = ringlab("check", _write(tmp_path, d))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1
    assert 'node 2: missing "send_ccw" (what it sends counter-clockwise, to i−1)' in r.stderr


def test_other_commands_refuse_two_way_files_in_one_line(tmp_path, ringlab):
    # (export reads them since the two-way walkthrough: tests/cli/test_twoway_export.py)
    r = ringlab("run", _write(tmp_path, three_ring_k3_t2("Q", True)))
    assert r.returncode == 2 and "two-way ring code" in r.stderr
    assert "`ringlab check`, `simulate` and `export` read those" in r.stderr
    assert r.stderr.count("\n") == 1


def test_one_way_files_check_as_before(tmp_path, ringlab):
    from importlib.resources import files

    r = ringlab("check", str(files("ringlab.data") / "paper-k2-t3.ringlab.json"))
    assert r.returncode == 0 and "all 6 conditions of eq. (5) hold" in r.stdout
