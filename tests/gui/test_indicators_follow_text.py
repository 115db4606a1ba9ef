"""Check boxes grow with the text (issue 32): at 22 pt (Ctrl+= pressed, the back row) a check
box's square is as much larger as its line of text, read from the pixels drawn."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QStyle, QStyleFactory, QStyleOptionButton

from ringlab.gui import scaled_style


def _drawn_indicator(box: QCheckBox) -> tuple[int, int]:
    """Width and height of what is drawn left of the box's text (its square), in pixels."""
    opt = QStyleOptionButton()
    box.initStyleOption(opt)
    text_left = box.style().subElementRect(QStyle.SE_CheckBoxContents, opt, box).left()
    img = box.grab().toImage()
    ground = img.pixelColor(img.width() - 1, 0)
    xs, ys = [], []
    for y in range(img.height()):
        for x in range(min(text_left, img.width())):
            c = img.pixelColor(x, y)
            if abs(c.lightness() - ground.lightness()) > 24:
                xs.append(x)
                ys.append(y)
    assert xs, "no indicator drawn"
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def _zoom_to(qtbot, w, points: int) -> None:
    while w.view_options.font_size() < points:
        before = w.view_options.font_size()
        qtbot.keyClick(w, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: w.view_options.font_size() > before)


def test_a_check_box_grows_with_the_text(open_window, qtbot):
    app = QApplication.instance()
    before = app.style().name()
    scaled_style.install(app)  # as make_app() does when the app starts
    try:
        w = open_window(size=(1280, 720))
        box = next(b for b in w.findChildren(QCheckBox) if b.isVisible())
        line, (width, height) = box.fontMetrics().height(), _drawn_indicator(box)
        _zoom_to(qtbot, w, 22)
        qtbot.waitUntil(lambda: box.fontMetrics().height() > line)
        line22 = box.fontMetrics().height()
        width22, height22 = _drawn_indicator(box)
        grown = line22 / line  # the text's growth, from the font alone
        assert grown > 1.5
        # the square grows as the text does (a pixel of rounding each way allowed)
        assert width22 >= grown * width - 2 and height22 >= grown * height - 2, (
            f"text {line} → {line22} px, square {width}×{height} → {width22}×{height22} px"
        )
        # and the box asks for the room: its height holds the larger square
        assert box.height() >= height22
    finally:
        app.setStyle(QStyleFactory.create(before))
