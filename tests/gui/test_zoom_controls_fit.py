"""At 22 pt (Ctrl+= pressed, the back row) the arrows of spin boxes and combo boxes are as much
larger as the text, and the main tab bar shows every tab whole (issue 32).

Measured as the reader sees it: the rectangles Qt's style gives the arrow buttons, the pixels
drawn in them, and where each tab lies in the window."""

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QProxyStyle,
    QSpinBox,
    QStyle,
    QStyleFactory,
    QStyleOptionComboBox,
    QStyleOptionSpinBox,
)

from tests.gui.test_layout_fits import _click_tab, _zoom_to


@pytest.fixture
def restore_style():
    """The first zoom installs the app-wide scaled style: the next tests get the old one."""
    app = QApplication.instance()
    style = app.style()
    base = style.baseStyle() if isinstance(style, QProxyStyle) else style
    before = base.name() or "Fusion"
    yield
    app.setStyle(QStyleFactory.create(before))


def _up_rect(box: QSpinBox) -> QRect:
    opt = QStyleOptionSpinBox()
    box.initStyleOption(opt)
    return box.style().subControlRect(QStyle.CC_SpinBox, opt, QStyle.SC_SpinBoxUp, box)


def _arrow_rect(box: QComboBox) -> QRect:
    opt = QStyleOptionComboBox()
    box.initStyleOption(opt)
    return box.style().subControlRect(QStyle.CC_ComboBox, opt, QStyle.SC_ComboBoxArrow, box)


def _ink(widget, rect: QRect) -> tuple[int, int]:
    """Width and height of the dark pixels (the arrow) drawn inside ``rect`` of ``widget``."""
    img = widget.grab().toImage()
    xs, ys = [], []
    for y in range(max(rect.top(), 0), min(rect.bottom() + 1, img.height())):
        for x in range(max(rect.left(), 0), min(rect.right() + 1, img.width())):
            if img.pixelColor(x, y).lightness() < 110:
                xs.append(x)
                ys.append(y)
    assert xs, f"nothing dark drawn in {rect}"
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def _search_boxes(qtbot, w):
    bar = w.tabs.tabBar()
    _click_tab(qtbot, bar, [w.tabs.tabText(i) for i in range(w.tabs.count())].index("Search"))
    qtbot.waitUntil(lambda: w.findChild(QSpinBox, "search_N") is not None)
    spins = [w.findChild(QSpinBox, n) for n in ("search_N", "search_K", "search_T")]
    return spins, w.findChild(QComboBox, "search_field")


def test_spin_and_combo_arrows_grow_with_the_text(open_window, qtbot, restore_style):
    w = open_window(size=(1280, 720), load_views=True)
    spins, combo = _search_boxes(qtbot, w)
    params_n = w.params.spins["N"]  # the parameter bar's N, above the tabs
    boxes = [*spins, params_n]
    qtbot.waitUntil(lambda: all(b.isVisible() for b in boxes))
    line = spins[0].fontMetrics().height()
    ups = [_up_rect(b) for b in boxes]
    ink = _ink(spins[0], ups[0])
    arrow, arrow_ink = _arrow_rect(combo), _ink(combo, _arrow_rect(combo))

    _zoom_to(qtbot, w, 22)
    qtbot.waitUntil(lambda: spins[0].fontMetrics().height() > line)
    assert spins[0].fontMetrics().height() >= 1.5 * line  # the text grew; so must the arrows

    def small():  # the boxes whose up button has not grown as the text did (once laid out)
        out = []
        for box, before in zip(boxes, ups):
            after = _up_rect(box)
            if not (
                after.width() >= 1.5 * before.width()
                and after.height() >= 1.4 * before.height()
                and box.rect().contains(after)  # inside the box the reader sees
            ):
                out.append(
                    f"{box.objectName() or box.accessibleName()}: up button "
                    f"{before.width()}×{before.height()} → {after.width()}×{after.height()} px "
                    f"in a {box.width()}×{box.height()} box"
                )
        return out

    try:
        qtbot.waitUntil(lambda: not small())
    except Exception:  # (pytest-qt's timeout): say which
        raise AssertionError("\n".join(small())) from None
    ink22 = _ink(spins[0], _up_rect(spins[0]))
    assert ink22[0] >= 1.5 * ink[0], f"the drawn up arrow {ink} → {ink22} px"
    arrow22 = _arrow_rect(combo)
    assert arrow22.width() >= 1.5 * arrow.width()
    ink22 = _ink(combo, arrow22)
    assert ink22[0] >= 1.5 * arrow_ink[0], f"the combo's drawn arrow {arrow_ink} → {ink22} px"
    # the value typed is still whole beside the larger buttons
    for box in spins:
        field = box.lineEdit()
        need = field.fontMetrics().horizontalAdvance(box.text())
        assert field.width() >= need, f"{box.objectName()}: {field.width()} px for {need} px"


@pytest.mark.parametrize(
    "size, lessons", [((1024, 768), False), ((1280, 720), True)], ids=["projector", "laptop"]
)
def test_every_main_tab_is_whole_and_in_view_at_22_pt(
    open_window, qtbot, restore_style, size, lessons
):
    w = open_window(size=size, lessons=lessons, load_views=True)
    _zoom_to(qtbot, w, 22)
    bar = w.tabs.tabBar()

    def problems():
        out = []
        right = w.mapFromGlobal(bar.mapToGlobal(bar.rect().topRight())).x()
        visible = min(bar.width(), bar.width() - (right - w.width() + 1))
        for i in range(bar.count()):
            r, text = bar.tabRect(i), bar.tabText(i)
            if r.left() < 0 or r.right() >= visible:
                out.append(f"{text!r} at x {r.left()}..{r.right()}, the bar shows 0..{visible}")
            if r.width() < bar.fontMetrics().horizontalAdvance(text) + 4:
                out.append(f"{text!r}: {r.width()} px for its text")
        return out

    qtbot.waitUntil(lambda: bar.fontMetrics().height() > 30)
    try:
        qtbot.waitUntil(lambda: not problems())
    except Exception:  # (pytest-qt's timeout): say which
        raise AssertionError("\n".join(problems())) from None
    # each tab opens with a click at its middle (no scroll arrow in the way)
    for i in range(bar.count()):
        _click_tab(qtbot, bar, i)
