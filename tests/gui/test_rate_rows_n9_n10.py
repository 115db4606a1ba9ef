"""The rate explorer shows the rows the table gained for N = 9 and 10 (issue 34): one row per K,
read from the widget as the user reads it, against the shipped JSON read here directly and
Proposition 1 (T ≥ K + N − 2) written out by hand."""

import json
from importlib.resources import files

import pytest

from ringlab import preset
from ringlab.gui.document import CodeDocument
from ringlab.gui.views.search import SearchView


@pytest.fixture
def view(qtbot):
    v = SearchView(CodeDocument(preset("paper-k3-t4")))
    qtbot.addWidget(v)
    v.show()
    qtbot.waitExposed(v)
    return v


def short(res: dict) -> str:
    """The GF(2) cell as the table's legend words it (docs/rate_table.md)."""
    st, T = res["status"], res.get("min_T")
    return {"proven": f"{T} exact", "found": f"≤ {T}", "undecided": "undecided"}.get(
        st, res.get("note") or "not computed (budget)"
    )


def test_rows_for_n9_and_n10_are_shown(view):
    t = view.table
    header = [t.horizontalHeaderItem(c).text().split("\n") for c in range(t.columnCount())]
    col = {tuple(h): c for c, h in enumerate(header)}
    gen, rout = col[("GF(2)", "general")], col[("GF(2)", "routing only")]
    shown = {(t.item(r, 0).text(), t.item(r, 1).text()): r for r in range(t.rowCount())}
    data = json.loads((files("ringlab.data") / "rate_table.json").read_text(encoding="utf-8"))
    cells = {(c["N"], c["K"]): c["by_field"]["GF(2)"] for c in data["cells"]}
    for N in (9, 10):
        for K in range(1, 9):
            r = shown[(str(N), str(K))]
            assert t.item(r, 2).text() == str(K + N - 2)  # Proposition 1
            for c, cls in ((gen, "general"), (rout, "routing")):
                text = t.item(r, c).text()
                assert text == short(cells[(N, K)][cls])
                if text[0].isdigit() or text.startswith("≤"):
                    assert int(text.strip("≤ ").split()[0]) >= K + N - 2
