"""``ringlab simulate`` on two-way code files (issue 35), as a user runs it."""

import json
import subprocess
import sys

from tests.cli.test_twoway_check import _write, three_ring_k3_t2

# x₀ = [1, 0, 0], x₁ = [1, 1, 0], x₂ = [1, 1, 1]: the sum is [1, 0, 1] over GF(2)
X = [[1, 0, 0], [1, 1, 0], [1, 1, 1]]


def _inputs(tmp_path, rows=X):
    p = tmp_path / "x.json"
    p.write_text(json.dumps(rows))
    return str(p)


def test_each_time_unit_shows_both_directions_and_the_decoded_sums(ringlab, tmp_path):
    f = _write(tmp_path, three_ring_k3_t2("GF(2)", True))
    r = ringlab("simulate", f, "--inputs", _inputs(tmp_path))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "two-way ring, N = 3, K = 3, T = 2 over GF(2)" in lines[0]
    t0 = lines.index("t = 0 → 1:")
    # by hand: node i sends x_{i,i+1} clockwise and x_{i,i−1} counter-clockwise at t = 0
    assert lines[t0 + 1].split() == "node 0 → 1 (clockwise) x₀,₂ = 0".split()
    assert lines[t0 + 2].split() == "node 0 → 2 (counter-clockwise) x₀,₃ = 0".split()
    assert lines[t0 + 4].split() == "node 1 → 0 (counter-clockwise) x₁,₁ = 1".split()
    t1 = lines.index("t = 1 → 2:")
    # and the entry it owns, summed, both ways at t = 1
    assert lines[t1 + 1].split() == "node 0 → 1 (clockwise) x₀,₁ + x₁,₁ + x₂,₁ = 1".split()
    assert lines[t1 + 4].split() == "node 1 → 0 (counter-clockwise) x₀,₂ + x₁,₂ + x₂,₂ = 0".split()
    for i in range(3):
        assert f"  node {i}: ẑ = [1, 0, 1]  ✓" in lines
    assert "sum Σⱼ xⱼ = [1, 0, 1]" in lines
    assert lines[-1] == "every node holds the sum Σⱼ xⱼ (all 3 entries)"


def test_json_lists_every_send_each_way(ringlab, tmp_path):
    f = _write(tmp_path, three_ring_k3_t2("GF(2)", False))
    r = ringlab("simulate", f, "--inputs", _inputs(tmp_path), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert (d["ring"], d["N"], d["K"], d["T"], d["decoder"]) == ("two-way", 3, 3, 2, "span")
    sends = {(s["node"], s["direction"]): s for s in d["steps"][1]}
    assert len(d["steps"][0]) == 6
    assert sends[(2, "ccw")]["to"] == 1 and sends[(2, "ccw")]["value"] == "1"  # σ₂ = 1
    assert [n["value"] for n in d["decoded"]] == [["1", "0", "1"]] * 3
    assert d["sum"] == ["1", "0", "1"] and d["correct"] is True


def test_a_found_code_for_the_issues_3_ring_decodes_random_inputs(ringlab, tmp_path):
    r = ringlab("search", "--ring", "two-way", "--N", 3, "--K", 3, "--T", 2, "-o", "found.json")
    assert r.returncode == 0, r.stderr
    for seed in (0, 1, 2):
        r = ringlab("simulate", "found.json", "--seed", seed)
        assert r.returncode == 0, r.stdout
        assert r.stdout.splitlines()[-1] == "every node holds the sum Σⱼ xⱼ (all 3 entries)"
    assert ringlab("simulate", "found.json", "--inputs", "matmul").returncode == 0


def test_a_wrong_decoder_exits_1_naming_the_node(ringlab, tmp_path):
    d = three_ring_k3_t2("GF(2)", True)
    d["nodes"][1]["R_ccw"][2] = [0, 0]
    r = ringlab("simulate", _write(tmp_path, d), "--inputs", _inputs(tmp_path))
    assert r.returncode == 1
    assert "  node 1: ẑ = [1, 0, 0]  ✗ wrong or missing at k=3 (x₀,₃+x₁,₃+x₂,₃)" in r.stdout
    assert "NOT every node holds the sums" in r.stdout.splitlines()[-1]


def test_bad_inputs_get_one_line_naming_the_option(ringlab, tmp_path):
    f = _write(tmp_path, three_ring_k3_t2("GF(2)", True))
    r = ringlab("simulate", f, "--inputs", _inputs(tmp_path, X[:2]))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1
    assert "--inputs" in r.stderr and "expected a list of 3 rows" in r.stderr
    r = ringlab("simulate", f, "--inputs", "randon")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "no such file (expected 'random', 'matmul' or " in r.stderr
    r = ringlab("simulate", f, "--inputs", _inputs(tmp_path, [[1, 0, 2], *X[1:]]))
    assert r.returncode == 2 and "node 0, entry 3" in r.stderr


def test_the_exit_code_of_a_real_process(tmp_path):
    d = three_ring_k3_t2("GF(2)", True)
    d["nodes"][0]["T"][0] = [0, 0, 0]  # node 0 leaves out its own part of entry 1 (x₀,₁ = 1)
    f, x = _write(tmp_path, d), _inputs(tmp_path)
    r = subprocess.run(
        [sys.executable, "-m", "ringlab", "simulate", f, "--inputs", x],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 1 and "NOT every node holds the sums" in r.stdout
