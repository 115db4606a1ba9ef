"""Starting the desktop app, and rendering it to a PNG.

Start-up is kept short: the first window needs neither galois (GF(p^m) arithmetic is the
core's own tables), nor matplotlib or networkx (the view tabs are built after the first paint,
or when chosen), nor NumPy for a code over Q (the core imports it on first use).
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
import time
from pathlib import Path

_T0 = time.perf_counter()

#: Qt's PNG writer at "quality" 60 (a zlib level and filter choice; the pixels are the same):
#: a third faster than at Qt's default and a few per cent smaller; used for a picture with an
#: alpha channel (a window's picture has none: :func:`write_png` writes it)
PNG_QUALITY = 60
#: zlib's level for :func:`write_png`: 1280×720 in 104 kB (level 1: 109 kB, 6: 93 kB but
#: twice the time)
PNG_LEVEL = 3


def release_clipboard() -> None:
    """Hand a copied matrix back to Qt as plain text before the application goes away.

    The clipboard owns the QMimeData a copy put there (TSV + LaTeX); PySide6 (6.11 and 6.12
    alike) frees it a second time during teardown and the process ends with a segmentation
    fault.  Re-setting the text keeps what the user copied (as tab-separated text) and leaves no
    Python-made QMimeData behind.
    """
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is not None:
        cb = app.clipboard()
        if cb.mimeData() is not None and cb.mimeData().hasFormat("text/x-latex"):
            cb.setText(cb.text())


class StartupGC:
    """No garbage collection from here to the first paint.

    Start-up makes tens of thousands of objects (the modules, Qt's enums and wrappers, the
    widgets), none of them garbage, and the collector would walk them all, several times over
    (a seventh of the start-up).  :meth:`resume` freezes what start-up made (the collector
    never walks it again: it lives as long as the window) and collects as before; called
    once more it does nothing.
    """

    def __init__(self):
        self.paused = gc.isenabled()
        gc.disable()
        freeze_at_exit()

    def resume(self, freeze: bool = True) -> None:
        if self.paused:
            self.paused = False
            if freeze:
                gc.freeze()
            gc.enable()


def freeze_at_exit() -> None:
    """At the interpreter's exit, freeze whatever is alive before Python's last collections.

    Python ends by walking every object for reference cycles; after a window (the
    screenshot's, whose start-up objects are not frozen, or the views built after the first
    paint) that walk was most of the process's teardown — 0.15 s of ``ringlab screenshot``'s
    wall time, 0.04 s frozen.  Nothing is collected for a process that ends anyway (objects
    still reachable from modules are freed as before; ``atexit`` and ``weakref.finalize``
    handlers run as before).  Registered once per process.
    """
    if not getattr(freeze_at_exit, "registered", False):
        freeze_at_exit.registered = True
        atexit.register(gc.freeze)


def load_before_qt() -> None:
    """Import the window's Qt-free part (the state, flint, the analysis) before PySide6.

    Once PySide6 is imported, its ``__feature__`` import hook reads the source of every module
    imported after it (to see whether it mentions PySide6): the core's and the state's modules
    loaded first are spared that, a tenth of the start-up.
    """
    from .. import state  # noqa: F401  (the records, the acts)
    from ..core import analysis, codefile, files, theorem2  # noqa: F401  (the document's)
    from ..render import palette  # noqa: F401  (the colours: no matplotlib)


def spare_the_source_scan() -> None:
    """Tell PySide6's ``__feature__`` import hook what it would find in ringlab's modules.

    After PySide6 is imported, every ``import`` statement naming a module it has not yet
    classified makes the hook read that module's whole source (``inspect.getsource``) to see
    whether it mentions PySide6 — about sixty modules before the first paint, a twentieth of
    the start-up.  Its answer only says which ``from __feature__ import …`` selection applies
    there, and no module here selects a feature: ringlab's modules are entered as PySide
    users without a feature (0), the modules already loaded as "ignore" (-1; PySide's answer
    for a module whose source does not mention it, and the same selection for one that
    does).  A later PySide6 without that table is simply not told.  Once per process.
    """
    known = getattr(sys.modules.get("__feature__"), "pyside_feature_dict", None)
    if not isinstance(known, dict) or getattr(spare_the_source_scan, "done", False):
        return
    spare_the_source_scan.done = True
    for name in list(sys.modules):
        known.setdefault(name, 0 if name.partition(".")[0] == "ringlab" else -1)
    root = Path(__file__).resolve().parent.parent  # the ringlab package
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [d for d in subfolders if d != "__pycache__"]
        package = ".".join(("ringlab", *Path(folder).relative_to(root).parts))
        for f in files:
            if f.endswith(".py"):
                known.setdefault(package if f == "__init__.py" else f"{package}.{f[:-3]}", 0)


def make_app(argv=None):
    from PySide6.QtWidgets import QApplication

    spare_the_source_scan()
    app = QApplication.instance()
    if app is None:
        # Qt aborts (exit 134, a paragraph about plugins) without a usable display: say it in
        # one line, before Qt tries
        from ..core.errors import RinglabError
        from .display import display_problem

        problem = display_problem()
        if problem:
            raise RinglabError(problem)
        app = QApplication(list(argv if argv is not None else sys.argv[:1]))
        app.aboutToQuit.connect(release_clipboard)
    app.setOrganizationName("ringlab")
    app.setApplicationName("ringlab")
    f = app.font()
    if f.pointSize() < 11:
        # readable at a projector from the start; Ctrl+= goes further
        f.setPointSize(11)
        app.setFont(f)
    return app


def create_window(
    code=None,
    path: str | None = None,
    load_views: bool = True,
    check_recovery: bool = True,
    autosave: bool = True,
    use_settings: bool = True,
    origin: str = "",
):
    """A :class:`MainWindow` on a new document (``code``, else the file ``path``, else the
    default preset); ``origin`` says where an untitled code came from ("preset")."""
    from ..core.codefile import load_code
    from ..core.presets import DEFAULT, preset
    from .document import CodeDocument
    from .main_window import MainWindow
    from .wheel_guard import install_at_first_paint as guard_the_wheel

    if code is None:
        code = load_code(path) if path else preset(DEFAULT)
        origin = origin or ("" if path else "preset")
    doc = CodeDocument(code, path=str(path) if path else None, origin=origin)
    win = MainWindow(
        doc,
        load_views=load_views,
        check_recovery=check_recovery,
        autosave=autosave,
        use_settings=use_settings,
    )
    guard_the_wheel(win)  # the wheel over an unfocused combo/spin box/slider scrolls the page
    return win


def run(path: str | None = None) -> int:
    """``ringlab [FILE]``: open the window and run until it closes.

    ``FILE`` may be ``preset:NAME``.  It is read before any window exists, so a bad file or
    preset name is one line on stderr (exit 2).
    ``RINGLAB_EXIT_AFTER_PAINT=1`` prints the seconds from process start to the first paint of
    the Theorem 2 panel and quits (what ``benchmarks/bench_startup.py`` measures); ``=views``
    also loads the extra view tabs (done after the first paint) and prints when they are in.
    Either also says the window's title on stderr (``window: …``).
    """
    pause = StartupGC()
    try:
        return _run(path, pause)
    finally:
        pause.resume(freeze=False)  # a bad file, or the window closed: as it was


def _run(path: str | None, pause: StartupGC) -> int:
    if path:
        from ..core.presets import is_preset_spec, open_code
        from .twoway.files import read_two_way

        two_way = None if is_preset_spec(path) else read_two_way(path)
        if two_way is not None:  # "ring": "two-way": the two-way ring's own window
            return _run_two_way(two_way, path)
        code, origin = open_code(path), ""  # a file, or preset:NAME (the README's FILE)
        if is_preset_spec(path):
            path, origin = None, "preset"  # a preset is not a file: Save asks where
    else:
        from ..core.presets import DEFAULT, preset

        code, origin = preset(DEFAULT), "preset"
    load_before_qt()
    app = make_app()
    from PySide6.QtCore import QEvent, QObject, QTimer

    win = create_window(code=code, path=path, load_views=False, origin=origin)
    if path:
        win.recent.add(str(path))
    # "1": report the first paint and quit; "views": also load the extra views, report, quit
    exit_after = os.environ.get("RINGLAB_EXIT_AFTER_PAINT", "")

    class _FirstPaint(QObject):
        """After the panel's first paint: load the extra views (or report and quit)."""

        done = False

        def eventFilter(self, obj, event):
            if not self.done and event.type() == QEvent.Paint:
                self.done = True
                QTimer.singleShot(0, after_paint)
            return False

    def after_paint():
        start = _process_start()
        pause.resume()
        if exit_after:
            sys.stdout.write(f"first-paint {time.time() - start:.4f}\n")
        if exit_after == "views":
            win.load_views()
            app.processEvents()
            sys.stdout.write(f"views-loaded {time.time() - start:.4f}\n")
        if exit_after:
            sys.stdout.flush()
            # what opened, for a test or a script (stdout keeps only the timings)
            sys.stderr.write(f"window: {win.windowTitle().replace('[*]', '')}\n")
            if win.autosaver is not None:
                win.autosaver.remove()
            app.exit(0)
        else:
            win.tabs.build_all_later()  # the views' imports (matplotlib) after the picture

    watcher = _FirstPaint()
    # the checks canvas, or the verdict: a code wider than the panel (classic-ring-n4 and up)
    # shows the compact map instead of the canvas, which then never paints
    for w in (win.panel.canvas, win.panel.verdict):
        w.installEventFilter(watcher)
    install_error_hook(win)
    win.show()
    QTimer.singleShot(10_000, pause.resume)  # should the panel never paint (hidden at once)
    return app.exec()


def _run_two_way(code, path: str) -> int:
    """``ringlab FILE`` on a two-way code: its window (:mod:`.twoway`), run until closed.
    ``RINGLAB_EXIT_AFTER_PAINT`` set: say the window's title on stderr once shown, and quit."""
    load_before_qt()
    app = make_app()
    from PySide6.QtCore import QTimer

    from .twoway.window import show_two_way

    win = show_two_way(code, path)
    install_error_hook(win)
    if os.environ.get("RINGLAB_EXIT_AFTER_PAINT", ""):

        def report():
            sys.stderr.write(f"window: {win.windowTitle().replace('[*]', '')}\n")
            app.exit(0)

        QTimer.singleShot(0, report)
    return app.exec()


def install_error_hook(win) -> None:
    """An exception escaping a Qt slot only reaches stderr, which a user at a projector never
    sees: keep the traceback there (for a bug report) and also say it in the window, once."""
    previous = sys.excepthook

    def hook(etype, value, tb):
        previous(etype, value, tb)
        if issubclass(etype, (KeyboardInterrupt, SystemExit)):
            return
        text = (
            f"ringlab hit an internal error ({etype.__name__}: {value}); the last action may "
            f"not have finished. Your code is still here and autosaved. Please report it "
            f"(the details are printed in the terminal)."
        )
        try:
            if win.error_box_open():
                win.statusBar().showMessage(text, 30000)  # one box at a time, not a pile
            else:
                win.error(text)
        except Exception:  # never raise from the hook itself
            pass

    sys.excepthook = hook


def write_png(image, path) -> bool:
    """Write ``image`` (a QImage or QPixmap) to ``path`` as a PNG; False if it cannot be written.

    An opaque picture (a window's) is written here rather than by Qt's PNG writer: 8-bit RGB
    rows, each with PNG's filter 0 ("none"), in one zlib stream.  Qt's writer took 315 M
    instructions for the 1280×720 window's picture, a sixth of the whole ``ringlab screenshot``
    process, zlib only 86 M of them: the rest is libpng's work on each row (it tries all five
    filters on every row to choose one, and converts the row's pixels).  Unfiltered,
    a window's flat colours and text deflate as well (measured 2026-11-29, load 3.5: 1280×720
    in 13 ms and 104 kB against Qt's 56 ms and 111 kB at quality 60; 1920×1080 41 ms and
    191 kB against 89 ms and 200 kB).  Same header (8-bit RGB, not interlaced) and pixel
    density (pHYs) as Qt writes; the pixels are the picture's.  A picture with an alpha
    channel goes to Qt's writer.
    """
    import struct
    import zlib

    from PySide6.QtGui import QImage, QPixmap

    if isinstance(image, QPixmap):
        image = image.toImage()
    if image.hasAlphaChannel():
        return image.save(str(path), "PNG", PNG_QUALITY)
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = rgb.width(), rgb.height(), rgb.bytesPerLine()
    bits, row = rgb.constBits(), 3 * width
    packer, packed = zlib.compressobj(PNG_LEVEL), []
    step = max(1, (1 << 20) // max(1, stride))  # about a MiB of rows at a time
    for y0 in range(0, height, step):
        rows = range(y0, min(height, y0 + step))
        packed.append(
            packer.compress(b"".join(b"\0" + bits[y * stride : y * stride + row] for y in rows))
        )
    packed.append(packer.flush())

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    parts = [
        b"\x89PNG\r\n\x1a\n",
        chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
    ]
    if image.dotsPerMeterX() > 0 or image.dotsPerMeterY() > 0:
        density = struct.pack(">IIB", image.dotsPerMeterX(), image.dotsPerMeterY(), 1)
        parts.append(chunk(b"pHYs", density))
    parts += [chunk(b"IDAT", b"".join(packed)), chunk(b"IEND", b"")]
    try:
        Path(path).write_bytes(b"".join(parts))
    except OSError:
        return False
    return True


def _process_start() -> float:
    """Wall-clock time this process started (from /proc; falls back to module import)."""
    from .proc_stat import start_time

    try:
        return start_time(os.getpid())
    except (OSError, ValueError, IndexError):
        return time.time() - (time.perf_counter() - _T0)


def screenshot(
    out: str,
    code=None,
    path: str | None = None,
    view: str | None = None,
    size: tuple[int, int] = (1920, 1080),
    lesson: int | None = None,
) -> Path:
    """Render the window (offscreen unless a display is set) to ``out`` as PNG; with
    ``lesson`` (1-based) the Lessons panel is open on that lesson."""
    pause = StartupGC()  # (see there: none of what is made before the picture is garbage)
    try:
        return _screenshot(out, code, path, view, size, lesson)
    finally:
        pause.resume(freeze=False)


def _screenshot(out, code, path, view, size, lesson) -> Path:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ..core.errors import RinglabError

    load_before_qt()
    app = make_app()
    win = create_window(
        code=code,
        path=path,
        load_views=False,
        check_recovery=False,
        autosave=False,
        use_settings=False,
    )
    from .settings import apply_point_size, default_point_size

    if win.font_size() != default_point_size(size[0]):  # (a window made at it keeps it)
        apply_point_size(win, default_point_size(size[0]))
    if view and win.find_view(view) < 0:
        raise RinglabError(
            f"--view {view}: no such view; the window has {', '.join(win.view_names())}"
        )
    # the tab is chosen on the shown window, as a user would: the splitter gives the Theorem 2
    # panel its narrow width beside views other than the editor
    win.resize(*size)
    win.show()
    app.processEvents()
    if lesson is not None:
        panel = win.lessons_panel
        if not 1 <= lesson <= len(panel.lessons):
            raise RinglabError(
                f"--lesson {lesson}: expected 1..{len(panel.lessons)} (ringlab lessons lists them)"
            )
        win.show_lessons()
        panel.open_lesson(lesson - 1)
    if view:
        win.show_view(view)
    # a view that computes in the background (Propagation at large N, the Mesh tab) finishes
    # first — the tab chosen, or the one the lesson shows: the picture shows the view, not
    # its busy line
    shown = win.view_widget(win.tabs.currentIndex())
    getattr(shown, "ensure_ready", lambda: None)()
    for _ in range(5):
        app.processEvents()
    win.resize(*size)
    app.processEvents()
    img = win.grab()
    out_path = Path(out)
    if not write_png(img, out_path):
        raise RinglabError(f"-o {out}: cannot write the PNG (does the folder exist?)")
    win.hide()
    win.deleteLater()
    return out_path


def present_screenshot(out: str, deck, size: tuple[int, int], step: int = 0) -> Path:
    """Present mode (no speaker view, not full screen) at ``size`` to ``out`` as PNG."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ..core.errors import RinglabError

    app = make_app()
    from .present import PresentWindow

    win = PresentWindow(deck, fullscreen=False, speaker=False)
    if not 0 <= step < deck.count:
        raise RinglabError(f"--step {step}: expected 0..{deck.count - 1}")
    win.resize(*size)
    win.start()
    win.view.show_step(step)
    for _ in range(5):
        app.processEvents()
    if win.view.canvas is not None:
        win.view.canvas.draw()
    out_path = Path(out)
    if not write_png(win.grab(), out_path):
        raise RinglabError(f"-o {out}: cannot write the PNG (does the folder exist?)")
    win.close()
    win.deleteLater()
    return out_path
