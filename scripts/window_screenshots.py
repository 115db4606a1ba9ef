"""Screenshots of the window in the rooms of issue 32, to look at.

A laptop at 1280×720 with the first lesson open in the Lessons panel, and a 1024×768 projector;
each at the default text size and at 22 pt (Ctrl+= pressed, as the back row asks); on each of
the Editor, Propagation, Schedules, Search and Mesh tabs (clicked), plus the Schedules cost explorer
with three algorithms ticked (its table of both models).  Saved as
``docs/screenshots/fits-<tab>-<size>-<pt>.png``.

    QT_QPA_PLATFORM=offscreen python scripts/window_screenshots.py [OUT_DIR]

Settings and lesson progress go to a temporary folder: the user's are left alone.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOMS = [("1280x720", (1280, 720), True), ("1024x768", (1024, 768), False)]
POINTS = [("default", None), ("22pt", 22)]
TABS = ["Editor", "Propagation", "Schedules", "Search", "Mesh"]
TICKED = ("recursive-doubling", "swing", "trivance")


def settle(app, rounds: int = 8) -> None:
    from PySide6.QtTest import QTest

    for _ in range(rounds):
        app.processEvents()
        QTest.qWait(20)


def click(bar, index: int) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.mouseClick(bar, Qt.LeftButton, Qt.NoModifier, bar.tabRect(index).center())


def zoom_to(app, win, points: int) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    while win.view_options.font_size() < points:
        QTest.keyClick(win, Qt.Key_Equal, Qt.ControlModifier)
        settle(app, 2)


def shoot(app, win, out: Path) -> None:
    settle(app)
    if not win.grab().save(str(out), "PNG"):
        raise SystemExit(f"cannot write {out}")
    print(out)


def open_tab(app, win, title: str):
    titles = [win.tabs.tabText(i) for i in range(win.tabs.count())]
    index = titles.index(title)
    click(win.tabs.tabBar(), index)
    view = win.tabs.view(index)
    getattr(view, "ensure_ready", lambda: None)()
    settle(app)
    return view


def cost_explorer(app, win, view) -> None:
    """Tick three algorithms (a click on each box) and show the cost explorer's page."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    for name in TICKED:
        box = view.picker.boxes[name]
        if not box.isChecked():
            QTest.mouseClick(box, Qt.LeftButton, Qt.NoModifier, QPoint(4, box.height() // 2))
    settle(app, 30)
    click(view.pages.tabBar(), 1)
    settle(app, 30)
    # scrolled (as a reader would) to the table of both models, under the cost table
    from PySide6.QtWidgets import QScrollArea, QTableWidget

    table = win.findChild(QTableWidget, "compare_models")
    owner = table.parentWidget()
    while owner is not None:
        if isinstance(owner, QScrollArea):
            owner.ensureWidgetVisible(table, 0, 0)
            settle(app, 2)
        owner = owner.parentWidget()


def main(out_dir: str = "docs/screenshots") -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    home = tempfile.mkdtemp(prefix="ringlab-shots-")
    os.environ["RINGLAB_DATA_DIR"] = home
    os.environ["XDG_CONFIG_HOME"] = home
    from ringlab.gui.app import create_window, load_before_qt, make_app

    load_before_qt()
    app = make_app()
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for size_name, size, lesson in ROOMS:
        for pt_name, points in POINTS:
            win = create_window(
                load_views=True, check_recovery=False, autosave=False, use_settings=False
            )
            win.ask_unsaved = lambda action: "discard"
            win.resize(*size)
            win.show()
            settle(app)
            if lesson:
                win.show_lessons()
                win.lessons_panel.open_lesson(0)
                settle(app)
            if points:
                zoom_to(app, win, points)
            for title in TABS:
                view = open_tab(app, win, title)
                shoot(app, win, out / f"fits-{title.lower()}-{size_name}-{pt_name}.png")
                if title == "Schedules":
                    cost_explorer(app, win, view)
                    shoot(app, win, out / f"fits-schedules-costs-{size_name}-{pt_name}.png")
                    click(view.pages.tabBar(), 0)
            win.close()
            win.deleteLater()
            settle(app)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
