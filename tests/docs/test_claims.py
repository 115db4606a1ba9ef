"""Issue 22: ``docs/claims.md`` lists every claim beyond the paper with its status, and what it
quotes from the rate table is the table's — as are the lessons' and the docs' statements.

Nothing here hard-codes the table: every rate-table number is read from
``assets/rate_table.json`` (``ringlab.core.search.rates.load_table``) and compared with what
``docs/claims.md`` says, and the lessons' expected answers and ``docs/rate_table.md``'s lists
are compared with ``docs/claims.md``.  A rerun of ``scripts/make_rate_table.py`` that changes a
quoted cell fails here with the row to write instead.
"""

import re
from pathlib import Path

import pytest
import yaml

from ringlab.core.fields import field
from ringlab.core.search.encode import search_field
from ringlab.core.search.rates import found_by_words, load_table
from ringlab.lessons.model import AnswerRef, Predict, Task
from ringlab.lessons.parse import load_lesson

ROOT = Path(__file__).resolve().parents[2]
CLAIMS = ROOT / "docs" / "claims.md"
STATUSES = ("proven", "proven over fields", "evidence")
CLASSES = ("general", "routing")
ROW_STATUS = {"proven": "exact", "found": "≤"}  # the JSON's status → the doc's short word
TABLE_PROBES = (
    "rate_table",
    "rate_table_field",
    "rate_table_status",
    "rate_table_found_by",
    "coding_gain_cells",
    "conjecture",
)
FIX = (
    "update docs/claims.md (and the sentences quoting it: python scripts/readme_numbers.py "
    "for README, the lesson's prose; ringlab lessons check for the lessons)"
)


def claims() -> list[dict]:
    text = CLAIMS.read_text(encoding="utf-8")
    blocks = re.findall(r"^```yaml\n(.*?)^```", text, flags=re.S | re.M)
    return [yaml.safe_load(b) for b in blocks]


@pytest.fixture(scope="module")
def table():
    return load_table()


def entry(table, N, K, name, cls) -> dict:
    cell = next((c for c in table["cells"] if (c["N"], c["K"]) == (N, K)), None)
    assert cell is not None, f"assets/rate_table.json has no cell N = {N}, K = {K}"
    per = cell.get("by_field") or {}
    key = search_field(name)
    assert key in per, f"assets/rate_table.json has no {name} column at N = {N}, K = {K}"
    return per[key][cls]


def short(e: dict) -> tuple:
    """A table entry as claims.md writes it: (T, "exact" | "≤" | "undecided" | …)."""
    return e.get("min_T"), ROW_STATUS.get(e.get("status"), e.get("status"))


def rows() -> dict:
    """Every cell any claim quotes: (N, K, field, class) → (T, status, found_by or None)."""
    out, where = {}, {}
    for c in claims():
        for r in (c.get("check") or {}).get("cells", []):
            N, K, f, cls, T, st = r[:6]
            val = (T, st, r[6] if len(r) > 6 else None)
            k = (N, K, f, cls)
            if k in out:
                old = out[k]
                assert old[:2] == val[:2] and (None in (old[2], val[2]) or old[2] == val[2]), (
                    f"docs/claims.md quotes {k} twice, differently: {where[k]} and {c['id']}"
                )
                val = (T, st, old[2] or val[2])
            out[k], where[k] = val, c["id"]
    return out


def gains(table, name) -> list[list[int]]:
    """[N, K] where over ``name`` both minima are exact and general's is smaller."""
    out = []
    for c in table["cells"]:
        p = (c.get("by_field") or {}).get(search_field(name))
        if not p:
            continue
        g, r = p["general"], p["routing"]
        if g["status"] == r["status"] == "proven" and g["min_T"] < r["min_T"]:
            out.append([c["N"], c["K"]])
    return sorted(out)


def above_prop1(table, name) -> list[list[int]]:
    """[N, K, T] for N ≥ 4 where over ``name`` the general minimum is exact above K + N − 2."""
    out = []
    for c in table["cells"]:
        p = (c.get("by_field") or {}).get(search_field(name))
        if (
            c["N"] >= 4
            and p
            and p["general"]["status"] == "proven"
            and p["general"]["min_T"] > c["proposition1"]
        ):
            out.append([c["N"], c["K"], p["general"]["min_T"]])
    return sorted(out)


def table_fields(table) -> list[str]:
    return [field(k).name for k in table.get("fields") or ["GF(2)"]]


# -- the file itself ------------------------------------------------------------------------------
def test_every_claim_says_what_it_is_and_where_it_is_shown():
    cs = claims()
    assert len(cs) >= 20
    ids = [c["id"] for c in cs]
    assert len(ids) == len(set(ids)), ids
    for c in cs:
        name = c["id"]
        assert c.get("status") in STATUSES, (name, c.get("status"))
        for key in ("statement", "how", "where", "said_in"):
            assert c.get(key), f"claim {name} has no {key}"
        if c["status"] == "proven over fields":
            assert c.get("fields"), f"claim {name} is 'proven over fields' but names none"
        else:
            assert "fields" not in c, f"claim {name}: fields belong to 'proven over fields'"
        for f in c.get("fields", []):
            assert field(f).name == f, f"claim {name}: write {field(f).name}, not {f}"
        for w in c["where"] + c["said_in"]:
            path, _, test = w.partition("::")
            assert (ROOT / path).exists(), f"claim {name}: {path} does not exist"
            if test:
                assert re.search(
                    rf"^def {re.escape(test)}\(", (ROOT / path).read_text(encoding="utf-8"), re.M
                ), f"claim {name}: {path} has no {test}"


def test_the_summary_line_counts_the_claims():
    cs = claims()
    m = re.search(
        r"\*\*(\d+) claims: (\d+) proven, (\d+) proven over fields, (\d+) evidence\.\*\*",
        CLAIMS.read_text(encoding="utf-8"),
    )
    assert m, "docs/claims.md lost its summary line"
    want = [len(cs)] + [sum(c["status"] == s for c in cs) for s in STATUSES]
    assert [int(x) for x in m.groups()] == want, f"the summary line should say {want}"


# -- claims.md against the table ------------------------------------------------------------------
def test_every_quoted_cell_is_the_tables(table):
    bad = []
    for (N, K, f, cls), (T, st, by) in rows().items():
        assert cls in CLASSES, (N, K, f, cls)
        e = entry(table, N, K, f, cls)
        now = short(e)
        if (T, st) != now:
            bad.append(
                f"[{N}, {K}, {f}, {cls}, {T}, {st}] is now [{N}, {K}, {f}, {cls}, "
                f"{now[0]}, {now[1]}] in assets/rate_table.json"
            )
        if by is not None and found_by_words(e.get("found_by")) != by:
            bad.append(
                f"[{N}, {K}, {f}, {cls}]: its code came from "
                f"'{found_by_words(e.get('found_by'))}', not '{by}'"
            )
    assert not bad, "docs/claims.md quotes the rate table wrongly:\n" + "\n".join(bad) + "\n" + FIX


def test_each_rule_recomputed_from_the_table(table):
    bad = []
    for c in claims():
        chk = c.get("check") or {}
        for f, cells in (chk.get("gain") or {}).items():
            if sorted(cells) != gains(table, f):
                bad.append(f"{c['id']}: coding beats routing over {f} at {gains(table, f)}")
        for f, cells in (chk.get("above_prop1") or {}).items():
            if sorted(cells) != above_prop1(table, f):
                bad.append(
                    f"{c['id']}: over {f} the exact minima above Proposition 1 are now "
                    f"{above_prop1(table, f)}"
                )
        if "theorem3_fields" in chk:
            ok = [
                f
                for f in table_fields(table)
                if all(
                    short(entry(table, 3, cell["K"], f, "general"))
                    == (-(-4 * cell["K"] // 3), "exact")
                    for cell in table["cells"]
                    if cell["N"] == 3
                )
            ]
            if chk["theorem3_fields"] != ok:
                bad.append(f"{c['id']}: N = 3 is exactly ⌈4K/3⌉ over {ok}")
        if "conjecture" in chk:
            counts = {
                v: sum(cell["conjecture"]["verdict"] == v for cell in table["cells"])
                for v in ("agrees", "contradicts", "undecided")
            }
            if chk["conjecture"] != counts:
                bad.append(f"{c['id']}: the conjecture column now counts {counts}")
        for N, K, v in chk.get("verdicts", []):
            now = next(cell for cell in table["cells"] if (cell["N"], cell["K"]) == (N, K))
            if now["conjecture"]["verdict"] != v:
                bad.append(
                    f"{c['id']}: the verdict at N = {N}, K = {K} is now "
                    f"{now['conjecture']['verdict']}"
                )
        if chk.get("no_field_below_gf2"):
            for cell in table["cells"]:
                base = cell["by_field"]["GF(2)"]["general"]["min_T"]
                for key, p in cell["by_field"].items():
                    g = p["general"]
                    if g["status"] == "proven" and g["min_T"] != base:
                        bad.append(
                            f"{c['id']}: {field(key).name} at N = {cell['N']}, "
                            f"K = {cell['K']} is {g['min_T']}, GF(2) {base}"
                        )
        for f in chk.get("codes_from_gf2", []):
            for cell in table["cells"]:
                for cls in CLASSES:
                    by = cell["by_field"][search_field(f)][cls].get("found_by") or ""
                    if not by.startswith(("the GF(2) code", "= GF(2)")):
                        bad.append(
                            f"{c['id']}: the {f} {cls} code at N = {cell['N']}, "
                            f"K = {cell['K']} came from '{by}'"
                        )
    assert not bad, (
        "docs/claims.md no longer matches assets/rate_table.json:\n" + "\n".join(bad) + "\n" + FIX
    )


def test_a_field_is_named_only_where_the_checks_prove_it():
    for c in claims():
        if c["status"] != "proven over fields":
            continue
        chk = c.get("check") or {}
        exact = {r[2] for r in chk.get("cells", []) if r[5] == "exact"}
        exact |= {f for f, cells in (chk.get("gain") or {}).items() if cells}
        exact |= {f for f, cells in (chk.get("above_prop1") or {}).items() if cells}
        assert set(c["fields"]) == exact, (
            f"claim {c['id']} names {c['fields']} but its checks prove it over {sorted(exact)}"
        )


# -- the lessons against claims.md ----------------------------------------------------------------
def lesson_statements():
    """(where, probe, args, expected) for every rate-table answer a lesson expects."""
    out = []
    for path in sorted((ROOT / "lessons").glob("[0-9]*.md")):
        lesson = load_lesson(path)
        for b in lesson.blocks:
            if isinstance(b, Predict) and b.show.name in TABLE_PROBES:
                out.append((f"{path.name}:{b.line}", b.show.name, b.show.args, b.answer))
            if isinstance(b, Task):
                for chk in b.goal:
                    if chk.probe.name not in TABLE_PROBES:
                        continue
                    assert chk.op == "equals", (path.name, chk.line, chk.op)
                    exp = chk.expected
                    if isinstance(exp, AnswerRef):  # a typed answer: the solution types it
                        exp = next(a.args["value"] for a in b.solution if a.name == "type_answer")
                    out.append((f"{path.name}:{chk.line}", chk.probe.name, chk.probe.args, exp))
    return out


def test_the_lessons_state_rate_table_answers():
    names = {p for _, p, _, _ in lesson_statements()}
    assert {"rate_table", "rate_table_field", "coding_gain_cells"} <= names, names


def test_every_lesson_answer_is_what_claims_md_says():
    quoted = rows()
    cs = claims()
    gain = {}
    verdicts = {}
    for c in cs:
        gain.update((c.get("check") or {}).get("gain") or {})
        verdicts.update({(N, K): v for N, K, v in (c.get("check") or {}).get("verdicts", [])})
    bad = []
    for where, probe, args, exp in lesson_statements():
        N, K = args.get("N"), args.get("K")
        f = args.get("field", "GF(2)")
        cls = "routing" if args.get("routing") else "general"
        if probe == "coding_gain_cells":
            if f not in gain:
                bad.append(f"{where}: {probe}{args} — docs/claims.md has no gain list over {f}")
            elif sorted(k for n, k in gain[f] if n == N) != sorted(exp):
                bad.append(
                    f"{where}: expects {exp} at N = {N} over {f}; docs/claims.md says "
                    f"{sorted(k for n, k in gain[f] if n == N)}"
                )
            continue
        if probe == "conjecture":
            if verdicts.get((N, K)) != exp:
                bad.append(
                    f"{where}: expects verdict {exp} at N = {N}, K = {K}; docs/claims.md "
                    f"says {verdicts.get((N, K))} (add it under check: verdicts)"
                )
            continue
        row = quoted.get((N, K, f, cls))
        if row is None:
            bad.append(
                f"{where}: {probe}{args} = {exp!r}, a cell docs/claims.md does not quote: "
                f"add [{N}, {K}, {f}, {cls}, T, exact|≤] to the claim that states it"
            )
            continue
        T, st, by = row
        got = {
            "rate_table": T,
            "rate_table_field": T,
            "rate_table_status": {v: k for k, v in ROW_STATUS.items()}.get(st, st),
            "rate_table_found_by": by,
        }[probe]
        if got != exp:
            bad.append(f"{where}: {probe}{args} expects {exp!r}; docs/claims.md says {got!r}")
    assert not bad, "the lessons and docs/claims.md disagree:\n" + "\n".join(bad)


# -- docs/rate_table.md and README against claims.md ----------------------------------------------
def parse_cells(text: str) -> list[tuple[int, int]]:
    """``N = 4, K = 5..8; N = 6, K = 7`` or ``N = 5, K = 2, 3 and 4`` → [(N, K), …]."""
    out = []
    for n, ks in re.findall(r"N = (\d+), K = (\d+(?:\s*(?:\.\.|,|and)\s*\d+)*)", text):
        for part in re.split(r"\s*(?:,|and)\s*", ks):
            a, _, b = part.partition("..")
            out += [(int(n), k) for k in range(int(a), int(b or a) + 1)]
    return sorted(out)


def _claim(name):
    return next(c for c in claims() if c["id"] == name)


def test_rate_table_doc_lists_the_same_gains_and_values(table):
    doc = (ROOT / "docs" / "rate_table.md").read_text(encoding="utf-8")
    m = re.search(r"^Coding beats routing over GF\(2\), exact on both sides: (.*)$", doc, re.M)
    assert m, (
        "docs/rate_table.md no longer has the line 'Coding beats routing over GF(2), exact "
        "on both sides: …' that this test compares with docs/claims.md"
    )
    listed = re.findall(r"N = (\d+), K = (\d+) \((\d+) vs (\d+)\)", m.group(1))
    want = _claim("coding-beats-routing")["check"]["gain"]["GF(2)"]
    assert sorted([int(n), int(k)] for n, k, _, _ in listed) == want, (
        "docs/rate_table.md's coding-beats-routing line and docs/claims.md differ"
    )
    for n, k, g, r in listed:
        for cls, T in (("general", g), ("routing", r)):
            assert short(entry(table, int(n), int(k), "GF(2)", cls)) == (int(T), "exact"), (
                f"docs/rate_table.md says {cls} {T} at N = {n}, K = {k}; the table does not"
            )


def test_rate_table_doc_lists_the_same_cells_above_proposition1():
    doc = (ROOT / "docs" / "rate_table.md").read_text(encoding="utf-8")
    m = re.search(
        r"\*\*Proposition 1 is not tight beyond N = 3\*\*:(.*?)need more \(exact over "
        r"GF\(2\)\)",
        doc,
        re.S,
    )
    assert m, "docs/rate_table.md no longer says which cells exceed Proposition 1 over GF(2)"
    want = [(n, k) for n, k, _ in _claim("prop1-not-tight")["check"]["above_prop1"]["GF(2)"]]
    assert parse_cells(m.group(1)) == want


def test_conjecture_counts_in_the_docs_are_claims_mds():
    counts = _claim("conjecture")["check"]["conjecture"]
    doc = (ROOT / "docs" / "rate_table.md").read_text(encoding="utf-8")
    m = re.search(
        r"Conjecture column: \*\*(\d+) agree\*\*.*?\*\*(\d+) contradict\*\*, (\d+) "
        r"undecided",
        doc,
    )
    assert m, "docs/rate_table.md lost its conjecture counts"
    assert [int(x) for x in m.groups()] == [
        counts[k] for k in ("agrees", "contradicts", "undecided")
    ]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"\((\d+) cells agree, (none|\d+) contradicts?", readme)
    assert m, "README lost its conjecture counts"
    assert int(m.group(1)) == counts["agrees"]
    assert (0 if m.group(2) == "none" else int(m.group(2))) == counts["contradicts"]


def test_parse_cells_reads_the_forms_the_docs_use():
    assert parse_cells("N = 4, K = 5..8; N = 5, K = 6..8; N = 6, K = 7;\n   N = 7, K = 8") == [
        (4, 5),
        (4, 6),
        (4, 7),
        (4, 8),
        (5, 6),
        (5, 7),
        (5, 8),
        (6, 7),
        (7, 8),
    ]
    assert parse_cells("N = 5, K = 2, 3, 4; and N = 8, K = 3 and 7") == [
        (5, 2),
        (5, 3),
        (5, 4),
        (8, 3),
        (8, 7),
    ]


# -- the mesh numbers claims.md and README quote --------------------------------------------------
def test_mesh_fig2_numbers():
    from ringlab.core.mesh import Mesh, best_group, coded, tree

    m = Mesh.kary(32)
    assert tree(m).hops == 2_703_360 and tree(m, "binomial").hops == 13_159_872
    assert best_group(m, measure="unicast") == 64
    assert coded(m, 64).total("unicast") == 682_240  # 1.8 % above 0.67 M
    assert round(1 - 682_240 / 2_703_360, 3) == 0.748  # "75 %" below the tree
    assert coded(m, 64, intermediate="tile-center").total("unicast") == 680_960
    assert (
        coded(m, 128, base="tree", tree="binomial", receiver="mirrored").total("unicast") == 669_024
    )
    assert m.N * (m.N - 1) == 1_047_552
