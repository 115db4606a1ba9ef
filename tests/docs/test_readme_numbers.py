"""Issue 22, item 6: README sentences that quote numbers are generated from their data.

The MPI section's model comparison comes from ``docs/measured/mpi_readme.json`` and the
rate-table bullets from ``assets/rate_table.json``, both written by
``scripts/readme_numbers.py`` between ``<!-- generated: NAME -->`` and ``<!-- /generated -->``.
A hand edit of a generated passage, or a changed number in the data, fails here until the
script is run again; the data file must also hold the numbers the README's table shows.
"""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def _script():
    spec = importlib.util.spec_from_file_location(
        "readme_numbers", ROOT / "scripts" / "readme_numbers.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


rn = _script()


@pytest.mark.parametrize("name", ["mpi-model", "rate-table"])
def test_readme_passage_is_what_the_script_writes(name):
    text = README.read_text(encoding="utf-8")
    a, b = rn.find(text, name)
    want = rn.passages(text)[name]
    assert text[a:b] == want, (
        f"README.md's generated passage {name!r} differs from its data — a hand edit, or the "
        f"data changed. Run: python scripts/readme_numbers.py\n--- README ---\n{text[a:b]}\n"
        f"--- from the data ---\n{want}"
    )


def test_check_mode_agrees_and_changes_nothing():
    before = README.read_bytes()
    r = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "readme_numbers.py"), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert README.read_bytes() == before


def test_a_hand_edit_is_caught_and_rewritten():
    text = README.read_text(encoding="utf-8")
    gen = rn.passages(text)
    a, b = rn.find(text, "mpi-model")
    edited = text[:a] + text[a:b].replace("8.2–8.9×", "over ten times") + text[b:]
    assert edited[slice(*rn.find(edited, "mpi-model"))] != gen["mpi-model"]
    assert rn.rewrite(edited, gen) == rn.rewrite(text, gen)


def test_the_data_holds_the_numbers_the_readme_table_shows():
    d = json.loads(rn.MPI_DATA.read_text(encoding="utf-8"))
    lines = README.read_text(encoding="utf-8").splitlines()
    run = next(ln for ln in lines if ln.startswith("|") and d["run"]["command"] in ln)
    assert f"{d['run']['code_ms']} ms" in run and f"{d['run']['allreduce_ms']} ms" in run
    assert f"load ≈ {d['run']['load']}" in run
    i = lines.index(run)
    loaded = lines[i + 1]  # "| the same, load ≈ 3.7, five runs | …"
    assert loaded.startswith("| the same") and f"load ≈ {d['loaded']['load']}" in loaded
    for key in ("code_ms", "allreduce_ms"):
        lo, hi = d["loaded"][key]
        assert f"{lo}–{hi} ms" in loaded, (key, loaded)
    cal = next(ln for ln in lines if ln.startswith("|") and d["calibration"]["command"] in ln)
    (a0, a1), (b0, b1) = d["calibration"]["alpha_us"], d["calibration"]["beta_ns_per_byte"]
    assert f"α = {a0}–{a1} µs, β = {b0}–{b1} ns/B" in cal
    assert d["S_bytes"] == 1048576 and "--size 1048576" in d["run"]["command"]
    assert "classic-ring-n4" in d["run"]["command"] and d["N"] == 4


def test_model_formula_on_seed_001s_worked_example():
    # README's slips section: N = 4, S = 1 MB, τ = 50 µs, 1 GB/s → exactly 1.8 ms (written by hand)
    assert rn.model_seconds(4, 1e6, 50e-6, 1e-9) == pytest.approx(1.8e-3)
    # and one calibrated end by hand: 6 · (2.4 µs + 1048576 B · 0.099 ns/B / 4) = 170.1 µs
    assert rn.model_seconds(4, 1048576, 2.4e-6, 0.099e-9) == pytest.approx(170.11e-6, rel=1e-4)


def test_ratios_are_measured_over_model():
    d = {
        "N": 4,
        "S_bytes": 1000,
        "calibration": {"alpha_us": [1.0, 1.0], "beta_ns_per_byte": [0.0, 0.0]},
        "run": {"code_ms": 0.06, "allreduce_ms": 0.03, "load": 1.0},
        "loaded": {"load": 2.0, "code_ms": [0.06, 0.12], "allreduce_ms": [0.03, 0.09]},
    }
    n = rn.mpi_numbers(d)  # the model: 6 · 1 µs = 6 µs
    assert n["model_s"] == pytest.approx((6e-6, 6e-6))
    assert n["code_ratio"] == pytest.approx((10, 10)) and n["allreduce_ratio"] == pytest.approx(
        (5, 5)
    )
    assert n["code_load_ratio"] == pytest.approx(2) and n["allreduce_load_ratio"] == pytest.approx(
        3
    )
    s = rn.mpi_sentence(d)
    assert "= 0.0060 ms" in s and "10× less than the coded run's 0.06 ms" in s and "5.0× less" in s


def test_significant_figures_and_wrapping():
    assert [rn.sig(x) for x in (0.17011, 0.18472, 8.2285, 8.9352, 12.94, 14.05)] == [
        "0.17",
        "0.18",
        "8.2",
        "8.9",
        "13",
        "14",
    ]
    w = rn.wrap("a " * 40 + "- b 1. c # d = e", width=20)
    for line in w.splitlines():
        assert not line.startswith(("- ", "1. ", "# ", "= ")), w
        assert not line.rstrip().endswith(" ="), w
