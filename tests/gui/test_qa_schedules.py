"""QA: the Schedules view's α, B and S boxes with values a float cannot hold (typed by a user
exploring extremes): one message under the boxes, the last valid plot kept — before, the
plot's float conversion raised OverflowError out of the Qt slot."""
import pytest
from PySide6.QtCore import Qt

from ringlab import preset
from ringlab.gui.document import CodeDocument
from ringlab.gui.views.compare import CompareView


@pytest.fixture
def view(qtbot):
    doc = CodeDocument(preset("classic-ring-n4"))
    v = CompareView(doc)
    qtbot.addWidget(v)
    v.resize(1280, 720)
    v.show()
    return v


@pytest.mark.parametrize("box, text", [("alpha", "1e999s"), ("bandwidth", "1e400"),
                                       ("size", "1e30TB"), ("size", "1e-400")])
def test_out_of_range_quantity_is_refused(view, qtbot, box, text):
    edit = getattr(view.costs, box)
    before = view.comparison
    edit.clear()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key_Return)
    msg = view.costs.error.text()
    assert msg.startswith(f"{box}: '{text}' is out of range") and "between 1e-30 and 1e30" in msg
    assert view.comparison is before                       # the last valid values stay
