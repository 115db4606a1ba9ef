"""Issue 20: GF(4) has one name everywhere a user reads it — the app's ``GF(2^2)`` (the
parameter bar, code files and messages write ``field("GF(4)").name``), not "GF(4)" in the
lessons and the rate table's documents and "GF(2^2)" in the window."""

import re
from pathlib import Path

import pytest

from ringlab import field
from ringlab.lessons import registry

ROOT = Path(__file__).resolve().parents[2]
READ = sorted([*ROOT.glob("lessons/*.md"), ROOT / "README.md", *ROOT.glob("docs/*.md")])
# GF(q) for a prime power q that is not prime: the app never names a field so
OTHER_NAME = re.compile(r"GF\((4|8|9|16|25|27|32|49|64|81|121|125|128|256)\)")


def test_the_app_names_gf4_and_gf8_as_powers():
    # the premise of the rule, from the field parser the window uses
    assert field("GF(4)").name == "GF(2^2)" and field("GF(8)").name == "GF(2^3)"


@pytest.mark.parametrize("path", READ, ids=lambda p: str(p.relative_to(ROOT)))
def test_documents_name_fields_as_the_app_does(path):
    bad = [
        f"{path.name}:{n}: {m.group(0)}"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for m in OTHER_NAME.finditer(line)
        # a sentence may say what the parser also reads, quoted as code
        if f"`{m.group(0)}`" not in line and f"``{m.group(0)}``" not in line
    ]
    assert not bad, "\n".join(bad)


def test_rate_table_probes_take_the_apps_names():
    for spec in ("rate_table_field", "rate_table_status", "rate_table_found_by"):
        choices = next(p.choices for p in registry.PROBES[spec].params if p.name == "field")
        assert set(choices) == {"GF(2)", "GF(3)", "GF(2^2)", "GF(2^3)"}
