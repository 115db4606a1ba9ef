"""``ringlab compare --schedules`` says which form each row is (ports, pipelined or not), costs
model (a) on the schedule's own ports and on one port, and gives model (b)'s numbers with ties
split beside the clockwise ones where the rule changes them (issue 33).  Expected numbers are
worked out here from the α-β formula."""

import json
from functools import partial

import pytest

NAMES = "ring,recursive-doubling,bruck-bw,nccl-tree,nccl-tree-pipelined"
ARGS = ("--N", "8", "--alpha", "1us", "--bandwidth", "1GB/s", "--size", "8MB")
a, S, B = 1e-6, 8e6, 1e9


@pytest.fixture
def run(ringlab):
    return partial(ringlab, "compare")


def test_json_rows_say_their_form_and_both_port_models(run):
    r = run(*ARGS, "--schedules", NAMES, "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    rows = {s["name"]: s for s in d["schedules"]}
    assert {k: s["form"] for k, s in rows.items()} == {
        "ring": "1 port",
        "recursive-doubling": "1 port",
        "bruck-bw": "2 ports",
        "nccl-tree": "2 ports, unpipelined",
        "nccl-tree-pipelined": "4 ports, pipelined",
    }
    assert [rows[k]["ports"] for k in NAMES.split(",")] == [1, 1, 2, 2, 4]
    one, own = "alpha_beta_one_port_s", "alpha_beta_s"
    # the ring: one port, so both models agree
    assert rows["ring"][own] == rows["ring"][one] == pytest.approx(14 * (a + S / 8 / B))
    # bruck-bw: 4 steps of two messages; 7/8 S out in the reduce-scatter, 7/8 S in the
    # all-gather.  Own ports: 4α + S/B (each step its largest message); one port: 8α + 14/8 S/B
    assert rows["bruck-bw"][own] == pytest.approx(4 * a + S / B)
    assert rows["bruck-bw"][one] == pytest.approx(8 * a + 14 / 8 * S / B)
    # NCCL's tree, 8 cores, height 3: unpipelined 6 steps of S/2; pipelined, 8 chunks a tree,
    # 8 + 6 − 1 = 13 steps of S/16: its bandwidth term 13/16 S/B, near S/B
    assert rows["nccl-tree"][own] == pytest.approx(6 * (a + S / 2 / B))
    assert rows["nccl-tree-pipelined"][own] == pytest.approx(13 * (a + S / 16 / B))
    assert rows["nccl-tree-pipelined"]["steps"] == 13
    assert rows["nccl-tree-pipelined"][one] > rows["nccl-tree-pipelined"][own]
    # model (b), recursive doubling: distances 1, 2, 4.  Ties clockwise: the last step's 8
    # messages go 4 hops on the 8 clockwise links, 4 each (1 + 2 + 4 slots); split, they use
    # all 16 directed links, 2 each (1 + 2 + 2)
    rd = rows["recursive-doubling"]
    assert (rd["ring_steps"], rd["ring_steps_ties_split"]) == (7, 5)
    assert rows["ring"]["ring_steps"] == rows["ring"]["ring_steps_ties_split"] == 14
    assert "directed" in d["models"]["ring_steps"] and "clockwise" in d["models"]["ring_steps"]
    assert {x["label"] for x in d["crossovers_one_port"]} >= {"recursive-doubling → ring"}


def test_the_table_names_each_rows_form_and_the_tie_rule(run):
    r = run(*ARGS, "--schedules", NAMES)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    head = next(ln for ln in out.splitlines() if ln.strip().startswith("schedule"))
    assert "form" in head and "(a) own ports" in head and "(a) 1 port" in head
    assert "the paper's ring is directed" in out and "ties (d = N/2) clockwise" in out
    assert "bidirectional ring (ringlab's model" in out
    rows = {ln.split()[0]: ln for ln in out.splitlines()[6:] if ln.startswith("  ") and ln.strip()}
    assert "4 ports, pipelined" in rows["nccl-tree-pipelined"]
    assert "2 ports, unpipelined" in rows["nccl-tree"]
    assert "2 ports" in rows["bruck-bw"] and "1 port" in rows["ring"]
    # bruck-bw at 8 MB: own ports 4 µs + 8 ms = 8.004 ms, one port 8 µs + 14 ms = 14.01 ms
    assert "8.004 ms" in rows["bruck-bw"] and "14.01 ms" in rows["bruck-bw"]
    assert " 7 / 5 " in rows["recursive-doubling"]  # slots: ties clockwise / split
    assert " / " not in rows["ring"]  # no tie on the ring: one number
    assert "Crossovers in (a), one port each (like with like)" in out
    assert "Crossovers in (a), each on its own ports" in out


def test_only_one_port_rows_print_one_crossover_list(run):
    r = run(*ARGS, "--schedules", "ring,tree,recursive-doubling")
    assert r.returncode == 0, r.stderr
    assert "one port each" in r.stdout and "own ports (below" not in r.stdout
