"""The rate table's column groups follow what the columns hold and the text size (issue 31).

The widths the Search tab fits its columns to are measured once per text size and table
content (one Ctrl+= asked for three or four fits, each measuring every column); a cell made
wider, or larger text, must be measured again, or the table shows a group that no longer fits
and scrolls sideways."""

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem

from ringlab.gui.views.search.columns import GROUPS, ColumnChooser

EVERY, NO_FIELDS = GROUPS[0][0], GROUPS[1][0]  # "every column"; GF(2) and bounds (no col. 7)


def _table(qtbot) -> tuple[QTableWidget, ColumnChooser]:
    table = QTableWidget(4, 11)
    for c in range(11):
        table.setHorizontalHeaderItem(c, QTableWidgetItem(f"c{c}"))
        for r in range(4):
            table.setItem(r, c, QTableWidgetItem("8"))
    # as the Search tab's table: every section sized to its contents
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    chooser = ColumnChooser(table)
    qtbot.addWidget(table)
    qtbot.addWidget(chooser)
    table.resize(640, 300)
    table.show()
    qtbot.waitExposed(table)
    chooser.fit()
    return table, chooser


def _shown(table) -> list[int]:
    return [c for c in range(table.columnCount()) if not table.isColumnHidden(c)]


def test_a_cell_made_wider_is_measured_again(qtbot):
    table, chooser = _table(qtbot)
    assert chooser.box.currentText() == EVERY and _shown(table) == list(range(11))
    chooser.fit()  # measured already: the same group
    assert chooser.box.currentText() == EVERY
    table.item(2, 7).setText("undecided after 908.9 s (580.3 s of CPU), proven ≥ 15")
    chooser.fit()
    assert chooser.box.currentText() == NO_FIELDS
    assert 7 not in _shown(table) and _shown(table)[:2] == [0, 1]
    assert table.horizontalScrollBar().maximum() == 0  # the group shown fits


def test_larger_text_is_measured_again(qtbot):
    table, chooser = _table(qtbot)
    assert chooser.box.currentText() == EVERY
    big = QFont(table.font())
    big.setPointSizeF(big.pointSizeF() * 4)
    table.setFont(big)
    table.horizontalHeader().setFont(big)
    chooser.fit()
    assert chooser.box.currentText() != EVERY and len(_shown(table)) < 11
