"""The per-field rate table: bounds, the conjecture column, one field's walk, the script's resume,
and the shipped table's internal consistency (subfield GF(2) ⊂ GF(2^m), conjecture verdicts).

Expected numbers are written out by hand from the paper (Theorem 3: ⌈4K/3⌉ at N = 3) or from
the formulas of the issue, not computed by the module under test.
"""

import json
from pathlib import Path

import pytest

from ringlab.core.search.perfield import (
    conjecture_T,
    counting_min_T,
    field_cell,
    lower_bound,
    verdict,
)
from ringlab.core.search.rates import cell_text, load_table
from tests._scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def test_bounds_by_hand():
    assert [counting_min_T(3, K) for K in range(1, 9)] == [2, 3, 4, 6, 7, 8, 10, 11]  # ⌈4K/3⌉
    assert counting_min_T(4, 8) == 10 and counting_min_T(5, 7) == 9  # ⌈K(N+1)/N⌉
    assert lower_bound(3, 4) == (6, "Theorem 3")
    assert lower_bound(4, 5) == (7, "Proposition 1")
    assert lower_bound(4, 12) == (15, "the counting bound")  # 12·5/4 = 15 > 12 + 2
    # max(K + N − 2, ⌈2K(N−1)/N⌉): N = 4, K = 5 → max(7, ⌈30/4⌉ = 8) = 8
    assert conjecture_T(4, 5) == 8 and conjecture_T(5, 7) == 12 and conjecture_T(3, 4) == 6
    assert conjecture_T(6, 3) == 7 and conjecture_T(8, 8) == 14


def _pair(general_T, status):
    return {"general": {"min_T": general_T, "status": status}, "routing": {}}


def test_verdicts():
    assert (
        verdict(4, 5, {"GF(2)": _pair(8, "proven"), "GF(4)": _pair(8, "proven")})["verdict"]
        == "agrees"
    )
    v = verdict(4, 5, {"GF(2)": _pair(8, "proven"), "GF(3)": _pair(8, "found")})
    assert v["verdict"] == "undecided" and v["per_field"]["GF(3)"] == "undecided"
    assert verdict(4, 5, {"GF(2)": _pair(7, "found")})["verdict"] == "contradicts"  # a code < 8
    assert verdict(4, 5, {"GF(2)": _pair(9, "proven")})["verdict"] == "contradicts"
    v = verdict(4, 5, {"GF(2)": _pair(8, "proven"), "GF(8)": _pair(None, "not computed")})
    assert v["verdict"] == "undecided" and v["per_field"]["GF(8)"] == "not computed"


@pytest.mark.slow  # two SAT cells (one UNSAT proof at T = 7); the fast sibling is the next test
def test_gf4_cell_uses_the_gf2_code_and_routing_class():
    base = field_cell(4, 5, "GF(2)", per_T=30)
    assert (base["general"]["min_T"], base["general"]["status"]) == (8, "proven")
    c = field_cell(4, 5, "GF(4)", base=base, per_T=30)
    g, r = c["general"], c["routing"]
    assert (g["min_T"], g["status"], g["lower_proof"]) == (8, "proven", "SAT")
    assert [s["T"] for s in g["steps"]] == [7]  # one UNSAT proof, nothing else searched
    assert (r["min_T"], r["status"]) == (8, "proven") and r["found_by"].startswith("= GF(2)")
    assert "met by the GF(2) code" in cell_text(g)


def test_gf4_cell_at_the_lower_bound_costs_nothing():
    base = field_cell(3, 2, "GF(2)", per_T=30)
    c = field_cell(3, 2, "GF(4)", base=base, per_T=30)
    assert (c["general"]["min_T"], c["general"]["status"]) == (3, "proven")
    assert (
        c["general"]["steps"] == [] and c["general"]["lower_proof"] == "Proposition 1"
    )  # = Thm 3 here
    assert (c["routing"]["min_T"], c["routing"]["status"]) == (4, "proven")  # the Appendix


def test_a_retry_starts_above_what_an_earlier_run_proved():
    # N = 3, K = 2: general codes need 3 (Theorem 3), routing only needs 4 (the paper's
    # Appendix).  A first walk proves routing at T = 3 impossible, then finds 4; a retry that is
    # told so searches T = 4 only.
    first = field_cell(3, 2, "GF(2)", per_T=30)
    assert [(s["T"], s["status"]) for s in first["routing"]["steps"]] == [
        (3, "impossible"),
        (4, "found"),
    ]
    earlier = {"general": first["general"], "routing": {**first["routing"], "status": "found"}}
    again = field_cell(3, 2, "GF(2)", per_T=30, earlier=earlier)
    r = again["routing"]
    assert [s["T"] for s in r["steps"]] == [4]
    assert (r["min_T"], r["status"], r["bound"]) == (4, "proven", 4)
    assert "earlier run (T = 3 impossible)" in r["bound_by"]


def _script():
    return load_script("make_rate_table")


def test_a_run_over_one_field_keeps_the_tables_other_fields(tmp_path):
    # (a GF(3)-only run over N = 9, 10 once left the table's fields as ["GF(3)"], the doc's
    # per-field counts GF(3)'s alone, and GF(3) first in every cell)
    mk = _script()
    out = tmp_path / "t.json"
    common = ["--N", "3", "--K", "1", "--jobs", "1", "--per-T", "20", "--per-cell", "60"]
    mk.main(common + ["--fields", "GF(2),GF(4)", "--deadline", "600", "-o", str(out)])
    mk.main(common + ["--fields", "GF(3)", "--deadline", "600", "-o", str(out)])
    d = json.loads(out.read_text())
    assert d["fields"] == ["GF(2)", "GF(4)", "GF(3)"]
    assert list(d["cells"][0]["by_field"]) == ["GF(2)", "GF(4)", "GF(3)"]
    assert d["cells"][0]["by_field"]["GF(3)"]["general"]["min_T"] == 2  # ⌈4K/3⌉ at K = 1


def test_script_never_leaves_blanks_and_resumes(tmp_path):
    mk = _script()
    out = tmp_path / "t.json"
    args = [
        "--N",
        "3",
        "--K",
        "1,2",
        "--fields",
        "GF(2),GF(4)",
        "--jobs",
        "1",
        "--per-T",
        "20",
        "--per-cell",
        "60",
        "-o",
        str(out),
    ]
    mk.main(args + ["--deadline", "0"])  # nothing computed: said so
    d = json.loads(out.read_text())
    texts = [
        cell_text(p[k])
        for c in d["cells"]
        for p in c["by_field"].values()
        for k in ("general", "routing")
    ]
    assert len(texts) == 8 and set(texts) == {"not computed (budget)"}
    mk.main(args + ["--deadline", "600"])
    d = json.loads(out.read_text())
    c = {(x["N"], x["K"]): x for x in d["cells"]}
    assert c[(3, 2)]["by_field"]["GF(4)"]["general"]["min_T"] == 3
    assert c[(3, 2)]["by_field"]["GF(2)"]["routing"]["min_T"] == 4
    assert c[(3, 2)]["conjecture"]["verdict"] == "agrees"
    before = out.read_text()
    mk.main(args + ["--deadline", "600"])  # resume: nothing left to do
    after = json.loads(out.read_text())
    assert [x["by_field"] for x in after["cells"]] == [
        x["by_field"] for x in json.loads(before)["cells"]
    ]


def test_shipped_table_fields_are_consistent():
    d = load_table()
    assert d["version"] == 2 and d["fields"][0] == "GF(2)"
    for c in d["cells"]:
        N, K = c["N"], c["K"]
        base = c["by_field"]["GF(2)"]
        for f, pair in c["by_field"].items():
            g = pair["general"]
            if f in ("GF(4)", "GF(8)") and g["min_T"] is not None and base["general"]["min_T"]:
                assert g["min_T"] <= base["general"]["min_T"]  # GF(2) ⊂ GF(2^m)
            if f in ("GF(4)", "GF(8)") and pair["routing"]["status"] != "not computed":
                assert pair["routing"]["min_T"] == base["routing"]["min_T"]
        conj = max(K + N - 2, -(-2 * K * (N - 1) // N))
        assert c["conjecture"]["T"] == conj
        assert c["conjecture"]["verdict"] in ("agrees", "contradicts", "undecided")
        for f, v in c["conjecture"]["per_field"].items():
            g = c["by_field"][f]["general"]
            if v == "agrees":
                assert (g["status"], g["min_T"]) == ("proven", conj)
            if v == "contradicts":  # a counterexample must ship as a code file
                assert g["min_T"] != conj and c["conjecture"].get("code_file")


def test_every_counterexample_ships_and_verifies_independently():
    """A cell that contradicts the conjecture must come with its code, checked here by the
    paper's eq. (5) in arithmetic written in the tests (GF(2^m): carry-less; GF(p): sympy)."""
    from importlib.resources import files

    from ringlab import load_code
    from tests.core import _reference as ref
    from tests.core.test_search_gf2m import eq5_holds

    for c in load_table()["cells"]:
        if c["conjecture"]["verdict"] != "contradicts":
            continue
        code = load_code(files("ringlab.data") / c["conjecture"]["code_file"])
        assert (code.N, code.K) == (c["N"], c["K"]) and code.T < c["conjecture"]["T"]
        q = code.field.order
        if q & (q - 1) == 0:
            assert eq5_holds(code, q)
        else:
            import sympy

            mats, _ = ref.eq5_matrices(code, q)
            assert all(m == sympy.eye(code.K) for m in mats.values())


def test_script_resumes_a_version1_table(tmp_path):
    """A GF(2)-only table of the first format keeps its computed cells as the GF(2) column."""
    res = {
        "min_T": 3,
        "status": "proven",
        "lower_proof": "Proposition 1",
        "seconds": 0.01,
        "steps": [{"T": 3, "status": "found", "proof": "", "seconds": 0.01}],
    }
    v1 = {
        "format": "ringlab-rate-table",
        "version": 1,
        "field": "GF(2)",
        "made_by": "x",
        "made_at": "y",
        "per_T_timeout": 30.0,
        "total_seconds": 1.0,
        "cells": [
            {
                "N": 3,
                "K": 2,
                "field": "GF(2)",
                "proposition1": 3,
                "theorem3": 3,
                "classic_ring": 4,
                "general": res,
                "routing": dict(res, min_T=4),
            }
        ],
    }
    out = tmp_path / "v1.json"
    out.write_text(json.dumps(v1))
    _script().main(
        [
            "--N",
            "3",
            "--K",
            "2",
            "--fields",
            "GF(2),GF(3)",
            "--deadline",
            "0",
            "--jobs",
            "1",
            "-o",
            str(out),
        ]
    )
    c = load_table(out)["cells"][0]
    assert c["by_field"]["GF(2)"]["general"]["min_T"] == 3
    assert c["by_field"]["GF(2)"]["routing"]["min_T"] == 4
    assert c["by_field"]["GF(3)"]["general"]["status"] == "not computed"
    assert c["conjecture"]["per_field"] == {"GF(2)": "agrees", "GF(3)": "not computed"}
