"""Write README.md's sentences that quote numbers from their data, never by hand.

Each generated passage sits between ``<!-- generated: NAME -->`` and ``<!-- /generated -->``
in README.md; everything outside the markers is left alone.  The passages:

* ``mpi-model`` — the MPI section's comparison of the α-β model with the measured times, from
  ``docs/measured/mpi_readme.json`` (N, S, the calibrated α and β ranges, the measured row):
  the model's prediction 2(N−1)(α + S/(N·B)) with B = 1/β over the calibrated ranges, and how
  many times the measured times exceed it.
* ``rate-table`` — the rate-table bullets (the Appendix and Theorem 3 reproduced; coding beats
  routing; Proposition 1 not tight), from ``assets/rate_table.json``: every minimum with the
  fields over which the table proves it.

    python scripts/readme_numbers.py            # rewrite README.md's generated passages
    python scripts/readme_numbers.py --check    # exit 1 (and say which) if one is stale

``tests/docs/test_readme_numbers.py`` runs the same functions, so a hand edit of a generated
passage, or a changed number in the data, fails the tests until this script is run again.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MPI_DATA = ROOT / "docs" / "measured" / "mpi_readme.json"
RATE_TABLE = ROOT / "assets" / "rate_table.json"
WIDTH = 96  # the README's source lines wrap near here

START = "<!-- generated: {name} -->"
END = "<!-- /generated -->"


# -- formatting -------------------------------------------------------------------------------
def sig(x: float, digits: int = 2) -> str:
    """``x`` to ``digits`` significant figures, as a plain decimal (``0.17``, ``8.2``, ``13``)."""
    if x == 0:
        return "0"
    from math import floor, log10

    places = digits - 1 - floor(log10(abs(x)))
    text = f"{round(x, places):.{max(places, 0)}f}"
    return text


def span(lo: str, hi: str, unit: str = "") -> str:
    """``0.17–0.18 ms``, or one value when both ends print the same."""
    return f"{lo}{unit}" if lo == hi else f"{lo}–{hi}{unit}"


def _risky_start(word: str) -> bool:
    """A word that would turn a wrapped line into Markdown structure (a list item, a heading,
    a quote, an HTML block, a table row, a setext underline) if a line began with it."""
    return (
        word in ("-", "+", "*")
        or word.startswith(("#", ">", "<", "|"))
        or re.fullmatch(r"\d+[.)]", word) is not None
        or set(word) <= set("=-")
    )


# never at a line's end or start: "T = 8", "α + S/(NB)", "load ≈ 1.7" stay on one line
GLUE = {"=", "−", "+", ">", "<", "≈", "≤", "≥", "×"}


def wrap(text: str, width: int = WIDTH, first: int = 0, indent: str = "") -> str:
    """Wrap ``text`` at spaces to lines of at most ``width`` characters (the first line already
    holds ``first`` characters; later lines start with ``indent``), never starting a line with
    a word Markdown would read as structure (it stays on the line before, even if long)."""
    lines, cur, used = [], [], first
    for w in text.split(" "):
        add = len(w) + (1 if cur else 0)
        if (
            cur
            and used + add > width
            and not _risky_start(w)
            and w not in GLUE
            and cur[-1] not in GLUE
        ):
            lines.append(" ".join(cur))
            cur, used = [w], len(indent) + len(w)
        else:
            cur.append(w)
            used += add
    lines.append(" ".join(cur))
    return ("\n" + indent).join(lines)


def field_list(names: list[str], conj: str = "and") -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f" {conj} " + names[-1]


def cells_words(cells) -> str:
    """``[(4, 3), (5, 2), (5, 3)]`` → ``N = 4, K = 3; N = 5, K = 2, 3``."""
    by_n: dict[int, list[int]] = {}
    for N, K in sorted(cells):
        by_n.setdefault(N, []).append(K)
    return "; ".join(f"N = {N}, K = {', '.join(map(str, Ks))}" for N, Ks in by_n.items())


# -- mpi-model --------------------------------------------------------------------------------
def model_seconds(N: int, S: float, alpha: float, beta: float) -> float:
    """The α-β ring time 2(N−1)(α + S/(N·B)) with bandwidth B = 1/β (β in seconds per byte)."""
    return 2 * (N - 1) * (alpha + S * beta / N)


def mpi_numbers(d: dict) -> dict:
    """The model's range over the calibrated α, β and the measured/model ratios."""
    N, S = d["N"], d["S_bytes"]
    a_lo, a_hi = (a * 1e-6 for a in d["calibration"]["alpha_us"])
    b_lo, b_hi = (b * 1e-9 for b in d["calibration"]["beta_ns_per_byte"])
    lo, hi = model_seconds(N, S, a_lo, b_lo), model_seconds(N, S, a_hi, b_hi)
    run, loaded = d["run"], d["loaded"]
    code, lib = run["code_ms"] * 1e-3, run["allreduce_ms"] * 1e-3
    return {
        "model_s": (lo, hi),
        "code_ratio": (code / hi, code / lo),
        "allreduce_ratio": (lib / hi, lib / lo),
        "code_load_ratio": max(loaded["code_ms"]) / run["code_ms"],
        "allreduce_load_ratio": max(loaded["allreduce_ms"]) / run["allreduce_ms"],
    }


def mpi_sentence(d: dict) -> str:
    n = mpi_numbers(d)
    cal, run, loaded = d["calibration"], d["run"], d["loaded"]
    mib = d["S_bytes"] / 2**20
    size = f"{mib:g} MiB" if mib >= 1 else f"{d['S_bytes']} B"
    lo, hi = n["model_s"]
    a, b = cal["alpha_us"], cal["beta_ns_per_byte"]
    return (
        f"the α-β model with the calibrated α, β predicts 2(N−1)(α + S/(NB)) = "
        f"{span(sig(lo * 1e3), sig(hi * 1e3), ' ms')} for N = {d['N']}, S = {size} "
        f"(α = {span(str(a[0]), str(a[1]), ' µs')}, β = 1/B = "
        f"{span(str(b[0]), str(b[1]), ' ns/B')}), "
        f"{span(sig(n['code_ratio'][0]), sig(n['code_ratio'][1]), '×')} less than the coded "
        f"run's {run['code_ms']:g} ms and "
        f"{span(sig(n['allreduce_ratio'][0]), sig(n['allreduce_ratio'][1]), '×')} less than "
        f"`MPI_Allreduce`'s {run['allreduce_ms']:g} ms at load ≈ {run['load']:g}, and the same "
        f"command took up to {sig(n['code_load_ratio'])}× (coded) and "
        f"{sig(n['allreduce_load_ratio'])}× (`MPI_Allreduce`) as long at load ≈ "
        f"{loaded['load']:g}"
    )


# -- rate-table -------------------------------------------------------------------------------
def field_name(key: str) -> str:
    """The app's name for a rate-table key: ``GF(4)`` → ``GF(2^2)`` (what the window writes)."""
    from ringlab.core.fields import field

    return field(key).name


def exact(entry: dict) -> bool:
    return entry.get("status") == "proven" and entry.get("min_T") is not None


def gain_cells(table: dict, key: str, min_N: int = 3) -> list[tuple[int, int]]:
    """(N, K) where, over field ``key``, both minima are exact and general's is smaller."""
    out = []
    for c in table["cells"]:
        p = (c.get("by_field") or {}).get(key)
        if (
            c["N"] >= min_N
            and p
            and exact(p["general"])
            and exact(p["routing"])
            and p["general"]["min_T"] < p["routing"]["min_T"]
        ):
            out.append((c["N"], c["K"]))
    return sorted(out)


def above_prop1_cells(table: dict, key: str, min_N: int = 4) -> list[tuple[int, int, int]]:
    """(N, K, T): over ``key`` the general minimum is exact at T > K + N − 2."""
    out = []
    for c in table["cells"]:
        p = (c.get("by_field") or {}).get(key)
        if (
            c["N"] >= min_N
            and p
            and exact(p["general"])
            and p["general"]["min_T"] > c["proposition1"]
        ):
            out.append((c["N"], c["K"], p["general"]["min_T"]))
    return sorted(out)


def reproduces_paper(table: dict, key: str) -> bool:
    """Over ``key``: N = 3, K = 2 is general 3 / routing 4, both exact (the Appendix), and
    every N = 3 row's general minimum is exactly ⌈4K/3⌉ (Theorem 3)."""
    rows = [c for c in table["cells"] if c["N"] == 3]
    if not rows:
        return False
    for c in rows:
        p = (c.get("by_field") or {}).get(key)
        if not p or not exact(p["general"]) or p["general"]["min_T"] != -(-4 * c["K"] // 3):
            return False
        if c["K"] == 2 and not (exact(p["routing"]) and p["routing"]["min_T"] == 4):
            return False
    return any(c["K"] == 2 for c in rows)


def _group_fields(per_field: dict) -> list[tuple[list[str], object]]:
    """Fields with equal values together, in the table's field order."""
    groups: list[tuple[list[str], object]] = []
    for f, v in per_field.items():
        for names, w in groups:
            if w == v:
                names.append(f)
                break
        else:
            groups.append(([f], v))
    return groups


def rate_bullets(table: dict) -> str:
    keys = table.get("fields") or [table.get("field", "GF(2)")]
    names = {k: field_name(k) for k in keys}
    n3_Ks = sorted(c["K"] for c in table["cells"] if c["N"] == 3)
    out = []

    # 1. the paper reproduced
    ok = [names[k] for k in keys if reproduces_paper(table, k)]
    not_ok = [names[k] for k in keys if not reproduces_paper(table, k)]
    b1 = (
        "It reproduces the Appendix (N = 3, K = 2: routing needs T = 4, coding T = 3) and "
        f"Theorem 3 (T = ⌈4K/3⌉ exactly, for K = {n3_Ks[0]}..{n3_Ks[-1]}) "
        + (
            f"over {field_list(ok)}, each minimum exact there (a code at T, T − 1 proven "
            "impossible over that field)"
            if ok
            else "over none of the table's fields yet"
        )
        + (f"; not yet over {field_list(not_ok)}" if ok and not_ok else "")
        + ". The paper proves both over every field."
    )
    out.append(b1)

    # 2. coding beats routing
    others = [f for f in ("GF(5)", "GF(7)", "GF(2^4)", "Q", "R") if f not in names.values()]
    gains = {names[k]: gain_cells(table, k, min_N=4) for k in keys}
    parts = [
        f"over {field_list(fs)} at {cells_words(cells)}"
        for fs, cells in _group_fields(gains)
        if cells
    ]
    gf2 = {(N, K) for N, K in gain_cells(table, keys[0], min_N=4)}
    example = ""
    best = None
    for c in table["cells"]:
        p = (c.get("by_field") or {}).get(keys[0])
        if (c["N"], c["K"]) in gf2:
            g, r = p["general"]["min_T"], p["routing"]["min_T"]
            if best is None or r - g > best[0]:
                best = (r - g, c["N"], c["K"], g, r)
    if best:
        _, N, K, g, r = best
        where = [names[k] for k in keys if (N, K) in gain_cells(table, k, min_N=4)]
        example = f" ({g} slots instead of {r} at N = {N}, K = {K}, over {field_list(where)})"
    b2 = (
        "Coding beats routing beyond N = 3 (both minima exact, general codes need fewer "
        "slots) "
        + (
            "; ".join(parts).replace("; over", ", and over")
            if parts
            else "nowhere in the table yet"
        )
        + example
        + ". In the table's other cells the two minima are equal or one is open; fields "
        f"outside the table ({', '.join(others)}, …) are not covered."
    )
    out.append(b2)

    # 3. Proposition 1 not tight
    above = {k: {(N, K): T for N, K, T in above_prop1_cells(table, k)} for k in keys}
    counts: dict[tuple[int, int], int] = {}
    for k in keys:
        for nk in above[k]:
            counts[nk] = counts.get(nk, 0) + 1
    if counts:
        (N, K) = min(counts, key=lambda nk: (-counts[nk], nk))
        cell = next(c for c in table["cells"] if (c["N"], c["K"]) == (N, K))
        prop1 = cell["proposition1"]
        per_T = {names[k]: above[k][(N, K)] for k in keys if (N, K) in above[k]}
        proofs = {
            cell["by_field"][k]["general"].get("lower_proof") for k in keys if (N, K) in above[k]
        }
        how = (
            "by SAT over each field"
            if proofs == {"SAT"}
            else "by " + ", ".join(sorted(p or "?" for p in proofs))
        )
        heads = "; ".join(
            f"T = {T} > {prop1} over {'each of ' if len(fs) > 1 else ''}{field_list(fs)}"
            for fs, T in _group_fields(per_T)
        )
        rest = [(n, k) for n, k, _ in above_prop1_cells(table, keys[0]) if (n, k) != (N, K)]
        b3 = (
            f"Proposition 1 is not tight beyond N = 3 either: N = {N}, K = {K} needs {heads} "
            f"(T = {min(per_T.values()) - 1} proven impossible {how})"
            + (f"; over {names[keys[0]]} also at {cells_words(rest)}" if rest else "")
            + " (the doc lists every field's cells)."
        )
    else:
        b3 = "Proposition 1 is tight wherever the table is exact beyond N = 3."
    out.append(b3)
    return "\n" + "\n".join("- " + wrap(b, first=2, indent="  ") for b in out)


# -- README -----------------------------------------------------------------------------------
def passages(text: str) -> dict[str, str]:
    """Every generated passage's text, from the data files (``text`` is README.md's: an inline
    passage's first line is wrapped from where its marker ends)."""
    from ringlab.core.search.rates import load_table

    mpi = json.loads(MPI_DATA.read_text(encoding="utf-8"))
    a, _ = find(text, "mpi-model")
    column = a - (text.rfind("\n", 0, a) + 1)
    return {
        "mpi-model": wrap(mpi_sentence(mpi), first=column),
        "rate-table": rate_bullets(load_table(RATE_TABLE)),
    }


def find(text: str, name: str) -> tuple[int, int]:
    """The start and end offsets of passage ``name``'s text between its markers."""
    start = START.format(name=name)
    i = text.find(start)
    if i < 0:
        raise SystemExit(f"README.md has no {start} marker")
    j = text.find(END, i + len(start))
    if j < 0:
        raise SystemExit(f"README.md: {start} has no {END} after it")
    return i + len(start), j


def rewrite(text: str, generated: dict[str, str]) -> str:
    for name, body in generated.items():
        a, b = find(text, name)
        text = text[:a] + body + text[b:]
    return text


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 and name every stale passage"
    )
    a = ap.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    gen = passages(text)
    stale = [n for n, body in gen.items() if text[slice(*find(text, n))] != body]
    if a.check:
        for n in stale:
            print(
                f"README.md: generated passage {n!r} is stale: run python "
                f"scripts/readme_numbers.py",
                file=sys.stderr,
            )
        return 1 if stale else 0
    if stale:
        README.write_text(rewrite(text, gen), encoding="utf-8")
    print(f"README.md: {len(stale)} passage(s) rewritten ({', '.join(stale) or 'none stale'})")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
