"""The rate explorer: cells computed live, and the shipped table checked against the paper."""

import json

from ringlab.core.search.rates import TABLE_PATH, cell, cell_text, classic_ring_T, load_table

# Theorem 3 (paper): the smallest T for N = 3 is ⌈4K/3⌉, written out by hand.
THEOREM3 = {1: 2, 2: 3, 3: 4, 4: 6, 5: 7, 6: 8}


def test_cell_appendix_row():
    c = cell(3, 2, per_T_timeout=30)
    g, r = c["general"], c["routing"]
    assert (g["min_T"], g["status"]) == (3, "proven")
    assert (r["min_T"], r["status"], r["lower_proof"]) == (4, "proven", "SAT")
    assert [s["status"] for s in r["steps"]] == ["impossible", "found"]
    assert g["sat_below"]["status"] == "impossible"  # Prop. 1 and SAT both exclude T = 2
    assert cell_text(r).startswith("4 exact (T = 3 impossible: SAT)")


def test_classic_ring_column():
    assert classic_ring_T(3, 3) == 4 and classic_ring_T(4, 4) == 6 and classic_ring_T(4, 5) == 12


def test_shipped_table_covers_every_cell_and_agrees_with_theorem3():
    d = load_table()
    cells = {(c["N"], c["K"]): c for c in d["cells"]}
    assert {(n, k) for n in range(3, 9) for k in range(1, 9)} <= set(cells)
    for (N, K), c in cells.items():
        pairs = [(c["general"], c["routing"])] + [
            (p["general"], p["routing"]) for p in c["by_field"].values()
        ]
        assert set(c["by_field"]) == set(d["fields"])  # every field in every cell
        for res in (r for pair in pairs for r in pair):
            assert res["status"] in ("proven", "found", "undecided", "not computed")
            assert cell_text(res)  # never blank
            if res["status"] == "not computed":
                assert cell_text(res) == "not computed (budget)"
                continue
            if res["status"] != "undecided":
                assert res["min_T"] >= K + N - 2  # Proposition 1
                assert res["min_T"] * N >= K * (N + 1)  # the counting bound
        if c["general"]["status"] == "proven" and c["routing"]["status"] == "proven":
            assert c["routing"]["min_T"] >= c["general"]["min_T"]
        assert c["classic_ring"] == classic_ring_T(N, K)
    for K, T in THEOREM3.items():
        g = cells[(3, K)]["general"]
        assert (g["min_T"], g["status"]) == (T, "proven")
    # the Appendix: at N = 3, K = 2 routing needs one more slot than coding
    assert cells[(3, 2)]["routing"]["min_T"] == 4


def test_shipped_table_is_the_file_the_app_reads():
    assert TABLE_PATH.name == "rate_table.json" and json.loads(TABLE_PATH.read_text())["cells"]
