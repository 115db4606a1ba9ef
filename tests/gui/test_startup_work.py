"""What the first window's start does before its first paint: it lays its editor out once per
size it is given, not once per grid, and builds no command-line parser for plain ``ringlab``.

Start-up paid for each of the default preset's 12 grids a layout pass of the whole editor page
(27 layout requests before the first paint) and, for every size question Qt asked of the editor,
a measure of every grid (480 measures).  The app's start is what is
tested, so the test starts the real ``ringlab`` offscreen (``RINGLAB_EXIT_AFTER_PAINT=1``, as
``benchmarks/bench_startup.py`` runs it) and counts, up to the first paint of the Theorem 2
panel, the layout requests the editor receives and how often a grid is measured.
"""

from __future__ import annotations

from ._startup import first_paint_line

# the real `ringlab` command; the app calls _process_start exactly once, at its first paint
APP = """
import sys
import argparse
import enum
import inspect
import ringlab.gui.app as app

built = []  # PySide6 builds a class's Python enums when the class is first used
create_enum = enum.EnumType._create_
def counted_enum(cls, name, *args, **kwargs):
    built.append(name)
    return create_enum(cls, name, *args, **kwargs)
enum.EnumType._create_ = counted_enum

counts = {"layouts": 0, "measures": 0, "grids": 0, "parsers": 0, "sources": 0}

getsource = inspect.getsource
def counted_source(obj):
    counts["sources"] += 1
    return getsource(obj)
inspect.getsource = counted_source

parser_init = argparse.ArgumentParser.__init__
def counted_parser(self, *args, **kwargs):
    counts["parsers"] += 1
    parser_init(self, *args, **kwargs)
argparse.ArgumentParser.__init__ = counted_parser

# (PySide6 and the window's modules are imported where the app imports them: the counts
# must not change what the app's own start does)
create = app.create_window
def create_window(*args, **kwargs):
    counts["sources"] = 0  # (PySide6's own import reads three, as in any PySide6 program)
    from PySide6.QtCore import QEvent, QObject
    import ringlab.gui.matrix_grid as matrix_grid

    class Layouts(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.LayoutRequest:
                counts["layouts"] += 1
            return False

    narrowest = matrix_grid.MatrixGrid.narrowest
    def measured(self):
        counts["measures"] += 1
        return narrowest(self)
    matrix_grid.MatrixGrid.narrowest = measured

    win = create(*args, **kwargs)
    win.editor.installEventFilter(Layouts(win))
    counts["layouts"] = 0  # (from here on: building the window needs none before its show)
    counts["grids"] = len(win.editor.findChildren(matrix_grid.MatrixGrid))
    return win
app.create_window = create_window

start = app._process_start
def at_first_paint():
    sys.stderr.write("counts: {grids} {layouts} {measures} {parsers} {sources}\\n".format(**counts))
    sys.stderr.write("enums: " + " ".join(built) + "\\n")
    return start()
app._process_start = at_first_paint
from ringlab.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _counts(tmp_path, *args: str) -> tuple[int, int, int, int, int]:
    grids, layouts, measures, parsers, sources = map(
        int, first_paint_line(tmp_path, APP, "counts: ", *args)
    )
    return grids, layouts, measures, parsers, sources


def test_the_first_window_lays_out_its_editor_once_per_size_not_once_per_grid(tmp_path):
    grids, layouts, measures, _, _ = _counts(tmp_path)
    # the default preset (paper-k2-t3): N = 3 nodes, each with M, Λ, R and T
    assert grids == 3 * 4
    # the show gives the editor its size twice (the window, then the splitter's share): a few
    # layout requests of its own and Qt's, but fewer than one per grid
    assert 0 < layouts < grids
    # each grid is measured at most once per layout pass, not at each size question Qt asks
    assert 0 < measures <= grids * layouts


def test_plain_ringlab_and_ringlab_file_start_the_window_without_a_command_line_parser(tmp_path):
    # `ringlab` and `ringlab FILE` (here preset:NAME) mean the window: nothing to parse
    assert _counts(tmp_path)[3] == 0
    assert _counts(tmp_path, "preset:paper-k2-t3")[3] == 0
    # a subcommand is parsed as before (the window's own start is the same either way)
    assert _counts(tmp_path, "gui", "preset:paper-k2-t3")[3] > 0


def test_the_first_window_reads_no_module_source(tmp_path):
    # PySide6's __feature__ import hook read the whole source of each module imported after
    # PySide6 (inspect.getsource: 62 modules from the window's imports to its first paint, a
    # twentieth of the start) to see whether it mentions PySide6; the app tells it beforehand
    assert _counts(tmp_path)[4] == 0


def test_the_first_window_builds_no_enum_of_a_call_it_does_not_make(tmp_path):
    # PySide6 builds a Qt class's Python enums on its first use, and weighs every overload of
    # a call: QBrush(colour) and fillRect built QGradient's 169 presets, QAction(text, parent)
    # QIcon's 151 theme icons, importing QStyleOptionViewItem its option enums (for a tool
    # tip) — no gradient, icon or tool tip is in the first frame
    built = first_paint_line(tmp_path, APP, "enums: ")
    assert "Key" in built  # (the Qt namespace: the window does use it)
    assert not {"Preset", "ThemeIcon", "ViewItemFeature"} & set(built)
