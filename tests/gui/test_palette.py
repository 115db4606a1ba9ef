"""View → Palette: Okabe–Ito and high contrast reach the drawings, are remembered, and the
command line's --palette draws the same colours into exports."""

import pytest
from PIL import Image

from ringlab.render.palette import PALETTES, palette_name, use_palette


@pytest.fixture(autouse=True)
def default_palette_after():
    yield
    use_palette("default")


def colours_of(path):
    img = Image.open(path).convert("RGB")
    return {c for _n, c in img.getcolors(maxcolors=1 << 20)}


def rgb(hexcode):
    return tuple(int(hexcode[i : i + 2], 16) for i in (1, 3, 5))


def test_menu_palette_reaches_the_walkthrough_and_is_remembered(qtbot, open_window):
    win = open_window("paper-k2-t3", use_settings=True)
    win.show_view("Propagation")
    view = win.view_widget(win.find_view("Propagation"))
    view.set_step(1)
    action = win.palette_actions["colour-blind"]
    action.trigger()
    assert palette_name() == "colour-blind" and action.isChecked()
    qtbot.waitUntil(lambda: not view.stale)
    view.canvas.draw()
    img = view.canvas.grab().toImage()
    seen = {
        img.pixelColor(x, y).name().lower()
        for x in range(0, img.width(), 3)
        for y in range(0, img.height(), 3)
    }
    assert PALETTES["colour-blind"]["now"].lower() in seen  # the sent-now edges
    assert PALETTES["default"]["now"].lower() not in seen
    # the Theorem 2 panel's right checks are Okabe–Ito blue now, not green
    from ringlab.gui.theorem_checks import PANEL_COLOURS

    panel = win.panel.canvas.grab().toImage()
    cells = {
        panel.pixelColor(x, y).name().lower()
        for x in range(0, panel.width(), 2)
        for y in range(0, panel.height(), 2)
    }
    assert PANEL_COLOURS["colour-blind"][0].lower() in cells
    assert PANEL_COLOURS["default"][0].lower() not in cells
    win.close()
    use_palette("default")
    again = open_window(None, load_views=False, clear_settings=False, show=False)  # a restart
    assert palette_name() == "colour-blind" and again.palette_actions["colour-blind"].isChecked()


@pytest.mark.parametrize("name", ["colour-blind", "high-contrast"])
def test_export_palette_on_the_command_line(tmp_path, capsys, name):
    from ringlab.cli import main

    out = {}
    for pal in ("default", name):
        p = tmp_path / f"{pal}.png"
        argv = ["export", "preset:paper-k2-t3", "--format", "png", "--step", "1", "-o", str(p)]
        assert main([*argv, "--palette", pal]) == 0, capsys.readouterr().err
        out[pal] = colours_of(p)
    assert (
        rgb(PALETTES[name]["now"]) in out[name] and rgb(PALETTES[name]["now"]) not in out["default"]
    )
    assert rgb(PALETTES["default"]["now"]) in out["default"]
