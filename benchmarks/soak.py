"""Soak: a random user acts on the real main window for N minutes; memory, errors and stuck
statuses each minute (issue 29: 1,750 acts in 7 minutes took resident memory 273 → 747 MB).

The window is the one ``ringlab`` opens (``create_window``; offscreen, no recovery prompt, no
autosave, "discard" for every unsaved-changes question), at ``--size``, with every view tab
built.  Acts go through the widgets as a user's would — keys and clicks with QTest where Qt
routes them (Ctrl+Z, Ctrl+=, Ctrl+L, typing into a matrix cell and Enter, a tab of the tab bar,
a lesson in the Lessons list, a check in the Theorem 2 panel), otherwise what a click on the
widget triggers (a preset chosen from the dropdown, a playback button, a spin box's arrows):

    a preset · a coefficient typed into a grid · N / K / T · the field · a tab · a walkthrough
    step (buttons, scrubber, play) · the walkthrough's inputs · a Schedules step · undo / redo
    (Ctrl+Z / Ctrl+Shift+Z) · the text size (Ctrl+= / Ctrl+- / Ctrl+0) · a lesson opened from
    the Lessons list · the Lessons panel shown or hidden (Ctrl+L) · a check clicked in the
    Theorem 2 panel · the Mesh tab's size · a Help box read and closed

The acts run inside the application's event loop (``app.exec()``, as ``ringlab`` runs), one per
turn of the loop: between two acts Qt delivers what the act queued, runs the timers that are
due and deletes what was ``deleteLater``'d.  (A script calling ``processEvents()`` in a loop of
its own never deletes those: it measures a leak the app does not have.)  The acts are drawn from
``random.Random(seed)``: the same seed gives the same acts; how many fit in a minute, and what
the background jobs do meanwhile, depends on the machine — compare memory per act.

Each minute one line: minute, acts so far, resident memory (VmRSS of /proc/self/status) in MB,
exceptions so far (``sys.excepthook`` — which also hears exceptions raised in Qt overrides and
slots — ``sys.unraisablehook``, ``threading.excepthook``, exceptions raised out of an act,
psygnal's EmitLoopError included, and tracebacks anyone writes to stderr), Qt warnings and
Python warnings so far, and the statuses still stuck once the background jobs have ended (the
minute's mark waits for them): a visible label saying "checking…", "being checked" or
"computing …", ``document.report_pending``, a verdict still ``checking``, a view still
``busy``.  At the end a summary line; exit 0 when memory at the end is within 50 MB of minute 2
(of minute 1 for runs under 2 minutes), with no exception and no stuck status, else 1.  A crash
(segmentation fault) prints the Python stack (faulthandler) and exits with its signal.

    python benchmarks/soak.py --minutes 10 [--seed 1] [--size 1280x720]

Diagnosis (each slows the acts): ``--report-objects`` prints each minute the Python types that
grew most since minute 1, the widget and QObject counts, the entries of the caches a session
fills and a few types that pile up; ``--tracemalloc FRAMES`` the allocations that grew most
since minute 1; ``--malloc-trim`` how much of the memory is freed heap the C allocator kept;
``--only "lesson,text size"`` draws from those acts alone; ``SOAK_TRACE=1`` names each act on
stderr as it starts.
"""

from __future__ import annotations

import argparse
import faulthandler
import gc
import os
import random
import re
import sys
import tempfile
import threading
import time
import traceback
import warnings
from collections import Counter

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_home = tempfile.mkdtemp(prefix="ringlab-soak-")
os.environ.setdefault("RINGLAB_DATA_DIR", os.path.join(_home, "data"))
os.environ.setdefault("XDG_CONFIG_HOME", os.path.join(_home, "cfg"))

MARGIN_MB = 50
# what a view says while a job works for it ("Theorem 2 … is being checked in the background",
# "shape: checking…", "checking eq. (5)…", "Checking…", the Mesh and Propagation tabs'
# "computing …"); lesson prose may say "checking" alone
STUCK = re.compile(
    r"being checked|checking\s*(?:…|\.\.\.)|checking eq|computing[^.\n]{0,60}…", re.IGNORECASE
)
# the sizes an act may choose: the range a user at a lecture uses (a preset may go to N = 8)
N_CHOICES, K_CHOICES, T_CHOICES = range(2, 7), range(1, 6), range(1, 9)
FIELDS = ["Q", "GF(2)", "GF(3)", "GF(5)", "GF(2^2)", "R"]
ENTRIES = ["0", "1", "-1", "2", "1/2", "3"]
# the offscreen platform's own notes (a window manager's jobs it has no use for), not the app's
IGNORED_QT_MESSAGES = ("This plugin does not support",)


def rss_mb() -> float:
    """Resident set size of this process in MB (VmRSS of /proc/self/status; Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def malloc_trim() -> float:
    """glibc's malloc_trim(0) after a collection; resident memory afterwards (MB)."""
    import ctypes

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
    return rss_mb()


# -- errors: every way an exception or a complaint reaches the user ---------------------------
class Problems:
    """Exceptions (by signature, with the first traceback of each), Qt and Python warnings."""

    def __init__(self, real_stderr):
        self.err = real_stderr
        self.exceptions = Counter()  # signature → count
        self.first: dict = {}  # signature → first traceback text
        self.qt = Counter()
        self.py_warnings = Counter()
        self.act = "start"  # the act running when a problem came

    def exception(self, etype, value, tb, where: str) -> None:
        text = "".join(traceback.format_exception(etype, value, tb))
        last = traceback.extract_tb(tb)[-1] if tb is not None else None
        sig = f"{etype.__name__}: {str(value).splitlines()[0][:120] if str(value) else ''}" + (
            f" at {os.path.relpath(last.filename)}:{last.lineno}" if last else ""
        )
        self._count(sig, text, where)

    def stderr_traceback(self, text: str) -> None:
        lines = [ln for ln in text.strip().splitlines() if ln.strip()]
        where = next((ln.strip() for ln in reversed(lines) if ln.strip().startswith("File ")), "")
        self._count(f"stderr: {lines[-1][:120] if lines else '?'} ({where[:120]})", text, "stderr")

    def _count(self, sig: str, text: str, where: str) -> None:
        self.exceptions[sig] += 1
        if sig not in self.first:
            self.first[sig] = text
            self.err.write(f"\n[soak] new exception ({where}, during act {self.act!r}):\n{text}\n")
            self.err.flush()

    @property
    def count(self) -> int:
        return sum(self.exceptions.values())


class _StderrTee:
    """sys.stderr: passes everything on, and counts the tracebacks others print there
    (matplotlib's callback registry, PySide's override errors written by hand)."""

    def __init__(self, real, problems: Problems):
        self.real, self.problems = real, problems
        self._buf: list[str] | None = None
        self.other_lines = 0

    def write(self, s):
        self.real.write(s)
        for line in s.splitlines(keepends=True):
            if line.startswith("Traceback (most recent call last)"):
                self._flush()
                self._buf = [line]
            elif self._buf is not None:
                self._buf.append(line)
                if (
                    line.strip()
                    and not line.startswith((" ", "\t"))
                    and not line.startswith(("Traceback", "During handling", "The above exception"))
                ):
                    self._flush()  # "SomeError: …" ends it
            elif line.strip():
                self.other_lines += 1
        return len(s)

    def _flush(self):
        if self._buf:
            self.problems.stderr_traceback("".join(self._buf))
        self._buf = None

    def flush(self):
        self.real.flush()

    def __getattr__(self, name):
        return getattr(self.real, name)


def install_hooks(problems: Problems) -> _StderrTee:
    sys.excepthook = lambda t, v, tb: problems.exception(t, v, tb, "excepthook")
    sys.unraisablehook = lambda u: problems.exception(
        u.exc_type,
        u.exc_value,
        u.exc_traceback,
        f"unraisable: {u.err_msg or ''} {u.object!r}"[:200],
    )
    threading.excepthook = lambda a: problems.exception(
        a.exc_type, a.exc_value, a.exc_traceback, f"thread {a.thread.name if a.thread else '?'}"
    )

    def showwarning(message, category, filename, lineno, file=None, line=None):
        sig = f"{category.__name__}: {str(message)[:120]} at {os.path.relpath(filename)}:{lineno}"
        if sig not in problems.py_warnings:
            problems.err.write(f"[soak] warning during act {problems.act!r}: {sig}\n")
        problems.py_warnings[sig] += 1

    warnings.showwarning = showwarning
    warnings.simplefilter("always")

    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def qt_message(mode, _context, message):
        if mode in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg) or message.startswith(
            IGNORED_QT_MESSAGES
        ):
            return
        sig = f"{mode.name}: {message[:160]}"
        if sig not in problems.qt:
            problems.err.write(f"[soak] Qt {sig} (during act {problems.act!r})\n")
        problems.qt[sig] += 1

    qInstallMessageHandler(qt_message)
    tee = _StderrTee(sys.stderr, problems)
    sys.stderr = tee
    return tee


# -- the user -----------------------------------------------------------------------------------
class User:
    """Random acts on the window, drawn from ``rng``."""

    def __init__(self, app, win, rng: random.Random):
        self.app, self.win, self.rng = app, win, rng
        self.done = Counter()
        self.acts = [
            (8, "preset", self.preset),
            (18, "type coefficient", self.type_entry),
            (6, "N/K/T", self.size),
            (2, "field", self.field),
            (12, "tab", self.tab),
            (12, "walkthrough step", self.walk_step),
            (3, "walkthrough inputs", self.walk_inputs),
            (10, "schedules step", self.schedules_step),
            (12, "undo/redo", self.undo_redo),
            (5, "text size", self.text_size),
            (5, "lesson", self.lesson),
            (2, "lessons panel", self.toggle_lessons),
            (4, "check clicked", self.click_check),
            (2, "mesh", self.mesh),
            (1, "help", self.help),
        ]
        self._weights = [w for w, _, _ in self.acts]

    def keep(self, names) -> None:
        """Draw only from the acts called ``names`` (a diagnosis: which act grows memory)."""
        unknown = set(names) - {name for _, name, _ in self.acts}
        if unknown:
            raise SystemExit(
                f"--only: no act called {', '.join(sorted(unknown))}; the acts: "
                + ", ".join(name for _, name, _ in self.acts)
            )
        self.acts = [a for a in self.acts if a[1] in names]
        self._weights = [w for w, _, _ in self.acts]

    def choose(self):
        """(name, act) of the next act."""
        _, name, act = self.rng.choices(self.acts, weights=self._weights)[0]
        return name, act

    # helpers
    def pump(self, ms: int = 5) -> None:
        """Within an act: deliver what its first part queued (a cell's editor opening, a tab
        shown) before its next key or click (and a few ms of timers)."""
        from PySide6.QtCore import QEventLoop

        self.app.processEvents(QEventLoop.AllEvents, ms)
        self.app.sendPostedEvents(None, 0)
        self.app.processEvents()

    def key(self, widget, key, modifiers=None) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        QTest.keyClick(widget, key, modifiers if modifiers is not None else Qt.NoModifier)

    def focus_target(self):
        from PySide6.QtWidgets import QApplication

        return QApplication.focusWidget() or self.win

    def view(self, title):
        i = self.win.find_view(title)
        return self.win.view_widget(i) if i >= 0 else None

    # acts
    def preset(self):
        combo = self.win.params.presets
        i = self.rng.randrange(1, combo.count())
        combo.setCurrentIndex(i)
        combo.activated.emit(i)  # what choosing the item does

    def type_entry(self):
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        ed = self.win.editor
        if self.win.tabs.currentIndex() != 0 and self.rng.random() < 0.7:
            self.click_tab(0)
            self.pump()
        code = self.win.document.code
        node = self.rng.randrange(code.N)
        which = self.rng.choice(["M", "M", "Lambda", "R", "R", "T"])
        grid = ed.grid(node, which)
        model, table = grid.model, grid.table
        rows, cols = model.rowCount(), model.columnCount()
        if rows == 0 or cols == 0:
            return
        r, c = self.rng.randrange(rows), self.rng.randrange(cols)
        idx = model.index(r, c)
        if not (model.flags(idx) & Qt.ItemIsEditable):
            return  # a locked cell (Λ on/above the diagonal)
        ed.ensureWidgetVisible(grid)
        table.setFocus()
        table.setCurrentIndex(idx)
        text = self.rng.choice(ENTRIES)
        QTest.keyClicks(table, text[0])  # the first key opens the cell's editor
        self.pump(1)
        editor = self.focus_target()  # …which has the keyboard from then on
        if len(text) > 1:
            QTest.keyClicks(editor, text[1:])
        self.key(editor, Qt.Key_Return)

    def size(self):
        name = self.rng.choice("NKT")
        rng = {"N": N_CHOICES, "K": K_CHOICES, "T": T_CHOICES}[name]
        self.win.params.spins[name].setValue(self.rng.choice(rng))  # the arrows / Enter

    def field(self):
        box = self.win.params.field
        name = self.rng.choice(FIELDS)
        i = box.findText(name)
        if i >= 0:
            box.setCurrentIndex(i)
            box.activated.emit(i)

    def click_tab(self, k: int) -> None:
        """A click on tab ``k`` of the central tabs' bar."""
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        bar = self.win.tabs.tabBar()
        QTest.mouseClick(bar, Qt.LeftButton, Qt.NoModifier, bar.tabRect(k).center())

    def tab(self):
        self.click_tab(self.rng.randrange(self.win.tabs.count()))

    def walk_step(self):
        v = self.view("Propagation")
        if v is None:
            return
        if self.win.tabs.currentWidget() is not v.parentWidget() and self.rng.random() < 0.5:
            self.click_tab(self.win.find_view("Propagation"))
            self.pump()
        what = self.rng.choice(["step", "step", "back", "first", "last", "slider", "play"])
        if what == "slider":
            v.slider.setValue(self.rng.randrange(v.slider.maximum() + 1))
        elif what == "play":
            v.play_button.click()
        else:
            {
                "step": v.step_button,
                "back": v.back_button,
                "first": v.first_button,
                "last": v.last_button,
            }[what].click()

    def walk_inputs(self):
        v = self.view("Propagation")
        if v is None:
            return
        if self.rng.random() < 0.5:
            v.inputs_box.setCurrentIndex(self.rng.randrange(v.inputs_box.count()))
        else:
            v.seed_box.setValue(self.rng.randrange(1000))

    def schedules_step(self):
        v = self.view("Schedules")
        if v is None:
            return
        if self.win.tabs.currentWidget() is not v.parentWidget() and self.rng.random() < 0.5:
            self.click_tab(self.win.find_view("Schedules"))
            self.pump()
        what = self.rng.choice(["next", "next", "prev", "slider"])
        if what == "slider":
            v.slider.setValue(self.rng.randrange(v.slider.maximum() + 1))
        else:
            (v.next_button if what == "next" else v.prev_button).click()

    def undo_redo(self):
        from PySide6.QtCore import Qt

        mods = Qt.ControlModifier | (Qt.ShiftModifier if self.rng.random() < 0.4 else Qt.NoModifier)
        self.key(self.focus_target(), Qt.Key_Z, mods)

    def text_size(self):
        from PySide6.QtCore import Qt

        key = self.rng.choices([Qt.Key_Equal, Qt.Key_Minus, Qt.Key_0], weights=[4, 4, 2])[0]
        self.key(self.focus_target(), key, Qt.ControlModifier)

    def lesson(self):
        panel = self.win.lessons_panel
        if not (self.win.lessons_dock and self.win.lessons_dock.isVisible()):
            self.key(self.focus_target(), self._ctrl_l(), self._ctrl())  # Ctrl+L
            self.pump()
            if not self.win.lessons_dock.isVisible():
                self.win.show_lessons()
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        lst = panel.list
        item = lst.item(self.rng.randrange(lst.count()))
        lst.scrollToItem(item)
        QTest.mouseClick(
            lst.viewport(), Qt.LeftButton, Qt.NoModifier, lst.visualItemRect(item).center()
        )

    def toggle_lessons(self):
        self.key(self.focus_target(), self._ctrl_l(), self._ctrl())

    @staticmethod
    def _ctrl_l():
        from PySide6.QtCore import Qt

        return Qt.Key_L

    @staticmethod
    def _ctrl():
        from PySide6.QtCore import Qt

        return Qt.ControlModifier

    def click_check(self):
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        panel = self.win.panel
        code = self.win.document.code
        i, b = self.rng.randrange(code.N), self.rng.randrange(code.N)
        canvas = panel.canvas
        if canvas.isVisible():
            QTest.mouseClick(canvas, Qt.LeftButton, Qt.NoModifier, canvas.block_rect(i, b).center())
        else:
            panel.focus_check(i, b + 1)  # the compact map: what its click does

    def help(self):
        """Help → one of its boxes, read, then OK."""
        from PySide6.QtWidgets import QMessageBox

        menu = next(a.menu() for a in self.win.menuBar().actions() if a.text() == "&Help")
        items = [
            a
            for a in menu.actions()
            if a.text().startswith(("&Keys", "The code &file", "Where the &lessons", "&About"))
        ]
        self.rng.choice(items).trigger()
        self.pump()
        from shiboken6 import isValid

        box = getattr(self.win, "help_box", None)
        if box is not None and isValid(box) and box.isVisible():
            box.button(QMessageBox.Ok).click()

    def mesh(self):
        v = self.view("Mesh")
        if v is None:
            return
        if self.rng.random() < 0.5:
            self.click_tab(self.win.find_view("Mesh"))
            self.pump()
        box = self.rng.choice([v.k_box, v.n_box])
        box.setValue(self.rng.randint(box.minimum(), min(box.maximum(), box.minimum() + 3)))


# -- stuck statuses ---------------------------------------------------------------------------------
def jobs_running(win) -> bool:
    """Whether background work the window waits for is still on: a job of the state's one job
    runner, the Theorem 2 check of a large code (``ReportJob`` before the runner), or a task
    on Qt's global thread pool (the views' workers before the runner)."""
    from PySide6.QtCore import QThreadPool

    doc, st = win.document, win.state
    job = getattr(doc, "report_job", None)
    if job is not None and (job.running or job._timer.isActive()):
        return True
    runner = getattr(st, "jobs", None)
    if runner is not None and callable(getattr(runner, "running", None)) and runner.running():
        return True
    return QThreadPool.globalInstance().activeThreadCount() > 0


def views(win):
    """The view tabs built so far."""
    for i in range(win.tabs.count()):
        v = win.tabs.view(i, build=False)
        if v is not None:
            yield win.tabs.title(i), v


def stuck_statuses(app, win) -> list[str]:
    """What still says work is under way although no job runs (empty: nothing stuck)."""
    from PySide6.QtWidgets import QAbstractButton, QLabel, QPlainTextEdit, QTextEdit

    if jobs_running(win):
        return []
    found = []
    if win.document.report_pending:
        found.append("document.report_pending with no check running")
    verdict = getattr(win.state, "verdict", None)
    if getattr(verdict, "status", None) == "checking":
        found.append("state.verdict is 'checking' with no check running")
    for title, v in views(win):
        if getattr(v, "busy", False) is True:
            found.append(f"the {title} view is busy with no job running")
    tops = [w for w in app.topLevelWidgets() if w.isVisible()]
    for top in tops:
        for cls in (QLabel, QAbstractButton, QTextEdit, QPlainTextEdit):
            for w in top.findChildren(cls):
                if not w.isVisible():
                    continue
                text = (w.toPlainText() if hasattr(w, "toPlainText") else w.text()) or ""
                if STUCK.search(text):
                    found.append(
                        f"{type(w).__name__} {w.objectName() or ''}: {' '.join(text.split())[:90]}"
                    )
    return found


# -- objects (diagnosis) -----------------------------------------------------------------------------
def type_counts() -> Counter:
    gc.collect()
    return Counter(type(o).__qualname__ for o in gc.get_objects())


def qt_counts(app) -> Counter:
    from PySide6.QtCore import QObject

    c = Counter()
    for top in app.topLevelWidgets():
        c["top-level widgets"] += 1
        c["QObjects under top-level widgets"] += len(top.findChildren(QObject))
    c["all widgets"] = len(app.allWidgets())
    return c


def cache_sizes(win) -> dict:
    """Entries in the caches a long session could fill (those of modules loaded so far)."""
    out = {}
    for mod, names in (
        ("ringlab.render.mathtext", ("_cached", "_raster")),
        ("ringlab.core.schedules.algorithms", ("_trace_of",)),
        ("ringlab.gui.views.schedules.more", ("traced", "rows_for")),
        ("ringlab.core.fields", ("_make",)),
    ):
        m = sys.modules.get(mod)
        for name in names:
            f = getattr(m, name, None)
            if f is not None and hasattr(f, "cache_info"):
                out[f"{mod.rsplit('.', 1)[-1]}.{name}"] = f.cache_info().currsize
    coded = sys.modules.get("ringlab.core.schedules.coded")
    if coded is not None and hasattr(coded, "_CACHE"):
        out["coded._CACHE"] = len(coded._CACHE)
    stack = win.document.undo_stack
    out["undo steps"] = stack.count()
    out["undo limit"] = stack.undoLimit()
    from dataclasses import fields as dc_fields

    st = win.state
    out["state event connections"] = sum(
        len(getattr(st.events, f.name)) for f in dc_fields(st) if hasattr(st.events, f.name)
    )
    a = getattr(win.state, "_analysis", None)
    if a is not None:
        out["analysis traces/comparisons"] = f"{len(a._traces)}/{len(a._comparisons)}"
    return out


def memory_by_type(
    names=(
        "FormulaImage",
        "ndarray",
        "LinearCode",
        "Analysis",
        "Theorem2Report",
        "ScheduleTrace",
        "Trace",
        "Figure",
        "Comparison",
    ),
) -> dict:
    """Count (and for byte holders, bytes) of a few types that may pile up."""
    gc.collect()
    count, size = Counter(), Counter()
    for o in gc.get_objects():
        n = type(o).__name__
        if n in names:
            count[n] += 1
            if n == "ndarray":
                size[n] += o.nbytes
            elif n == "FormulaImage":
                size[n] += len(getattr(o, "png", b""))
    return {
        n: (f"{count[n]} ({size[n] / 2**20:.1f} MB)" if size[n] else count[n])
        for n in names
        if count[n]
    }


_SNAP = None


def report_allocations(frames: int, minute: int) -> None:
    """tracemalloc: start at the first minute; later, the 15 tracebacks that grew most."""
    import tracemalloc

    global _SNAP
    gc.collect()
    if _SNAP is None:
        tracemalloc.start(frames)
        _SNAP = tracemalloc.take_snapshot()
        return
    snap = tracemalloc.take_snapshot()
    ignore = [
        tracemalloc.Filter(False, tracemalloc.__file__),
        tracemalloc.Filter(False, "<frozen importlib._bootstrap*>"),
    ]
    stats = snap.filter_traces(ignore).compare_to(_SNAP.filter_traces(ignore), "traceback")
    total = sum(st.size_diff for st in stats)
    print(
        f"   tracemalloc: traced Python memory {total / 2**20:+.1f} MB since minute 1; grew most:"
    )
    for st in stats[:15]:
        if st.size_diff <= 0:
            break
        frames = list(st.traceback)  # most recent first
        ours = [f for f in frames if "/ringlab/" in f.filename][:3]
        where = " ← ".join(
            f"{os.path.relpath(f.filename)}:{f.lineno}"
            for f in [frames[0]] + [f for f in ours if f is not frames[0]]
        )
        print(f"   {st.size_diff / 2**20:+7.2f} MB {st.count_diff:+7d} blocks  {where}")
    sys.stdout.flush()


class Soak:
    """Drives the acts from inside the application's event loop (``app.exec()``, as the
    real app runs): one act per turn of the loop, so between two acts Qt delivers what the
    act queued, runs the timers that are due and deletes what was ``deleteLater``'d — a
    loop of ``processEvents()`` calls never deletes those, and would measure a leak the app
    does not have."""

    SETTLE_LIMIT_S = 20.0  # a minute's mark waits at most this long for jobs to end
    STUCK_AFTER_S = 2.0  # …and this long for a "checking" with no job to go away

    def __init__(self, app, win, args, problems: Problems, tee: _StderrTee):
        from PySide6.QtCore import QTimer

        self.app, self.win, self.args, self.problems, self.tee = app, win, args, problems, tee
        self.user = User(app, win, random.Random(args.seed))
        if args.only:
            self.user.keep([k.strip() for k in args.only.split(",") if k.strip()])
        self.per_minute: list[tuple[int, int, float]] = []
        self.stuck_all: list[str] = []
        self.base_types = None
        self.total = args.minutes * 60
        self.next_mark = min(60.0, self.total)
        self.minute = self.acts = 0
        self.settling_since = self.idle_since = None
        self.trace = bool(os.environ.get("SOAK_TRACE"))
        self.timer = QTimer()
        self.timer.setInterval(0)
        self.timer.timeout.connect(self.tick)
        self.start = time.monotonic()
        self.timer.start()

    def tick(self) -> None:
        try:
            self._tick()
        except Exception:  # noqa: BLE001 — counted, the user goes on
            self.problems.exception(*sys.exc_info(), where=f"act {self.problems.act}")

    def _tick(self) -> None:
        now = time.monotonic() - self.start
        if self.settling_since is not None or now >= self.next_mark:
            self._at_mark()
            return
        name, act = self.user.choose()
        self.problems.act = name
        if self.trace:
            sys.__stderr__.write(f"[act {self.acts}] {name}\n")
            sys.__stderr__.flush()
        try:
            act()
            self.user.done[name] += 1
        finally:
            self.acts += 1
            self.problems.act = f"after {name}"

    def _at_mark(self) -> None:
        """A minute is over: let the jobs end (polling from the loop), then report."""
        if self.settling_since is None:
            self.settling_since = time.monotonic()
            self.problems.act = "settle"
            self.timer.setInterval(20)
        waited = time.monotonic() - self.settling_since
        if waited < self.SETTLE_LIMIT_S:
            if jobs_running(self.win):
                self.idle_since = None
                return
            if self.idle_since is None:
                self.idle_since = time.monotonic()
            # a job's result reaches the views through the loop: a status still "checking"
            # counts once it has stayed so for STUCK_AFTER_S with no job running
            if time.monotonic() - self.idle_since < 0.1 or (
                stuck_statuses(self.app, self.win)
                and time.monotonic() - self.idle_since < self.STUCK_AFTER_S
            ):
                return
        self.settling_since = self.idle_since = None
        self.timer.setInterval(0)
        self.minute += 1
        stuck = stuck_statuses(self.app, self.win)
        self.stuck_all += [f"minute {self.minute}: {s}" for s in stuck]
        mem = rss_mb()
        trimmed = ""
        if self.args.malloc_trim:
            trimmed = f" ({malloc_trim():.1f} after malloc_trim)"
        self.per_minute.append((self.minute, self.acts, mem))
        self.tee._flush()
        p = self.problems
        print(
            f"minute {self.minute:>2}  acts {self.acts:>5}  rss {mem:7.1f} MB{trimmed}  exceptions "
            f"{p.count}  qt-warnings {sum(p.qt.values())}  py-warnings "
            f"{sum(p.py_warnings.values())}  stuck {len(stuck)}"
            + (f"  [{'; '.join(stuck)[:300]}]" if stuck else ""),
            flush=True,
        )
        if self.args.tracemalloc:
            report_allocations(self.args.tracemalloc, self.minute)
        if self.args.report_objects:
            counts = type_counts()
            if self.base_types is None:
                self.base_types = counts
            else:
                grew = sorted(
                    ((counts[k] - self.base_types.get(k, 0), k) for k in counts), reverse=True
                )[:15]
                print("   grew since minute 1: " + ", ".join(f"{k} +{d}" for d, k in grew if d > 0))
            print("   " + ", ".join(f"{k} {v}" for k, v in qt_counts(self.app).items()))
            print("   caches: " + ", ".join(f"{k} {v}" for k, v in cache_sizes(self.win).items()))
            print(
                "   objects: " + ", ".join(f"{k} {v}" for k, v in memory_by_type().items()),
                flush=True,
            )
        if self.next_mark >= self.total - 1e-6:
            self.timer.stop()
            self.app.exit(0)
            return
        # the time spent settling and reporting is not a user's: the next minute starts now
        self.start += time.monotonic() - self.start - self.next_mark
        self.next_mark = min(self.next_mark + 60.0, self.total)

    def summary(self) -> bool:
        p, user = self.problems, self.user
        ref = next((m for m in self.per_minute if m[0] == 2), self.per_minute[0])
        end = self.per_minute[-1]
        diff = end[2] - ref[2]
        ok = abs(diff) <= MARGIN_MB and p.count == 0 and not self.stuck_all
        print("acts by kind: " + ", ".join(f"{k} {v}" for k, v in user.done.most_common()))
        if p.exceptions:
            print("exceptions by kind:")
            for sig, n in p.exceptions.most_common():
                print(f"  {n:>5} × {sig}")
        if p.qt:
            print("Qt warnings by kind:")
            for sig, n in p.qt.most_common(10):
                print(f"  {n:>5} × {sig}")
        if p.py_warnings:
            print("Python warnings by kind:")
            for sig, n in p.py_warnings.most_common(10):
                print(f"  {n:>5} × {sig}")
        if self.tee.other_lines:
            print(f"other stderr lines: {self.tee.other_lines}")
        for s in self.stuck_all:
            print(f"stuck: {s}")
        print(
            f"summary: {end[1]} acts in {end[0]} minute(s) · rss at minute {ref[0]} "
            f"{ref[2]:.1f} MB, at the end {end[2]:.1f} MB, difference {diff:+.1f} MB (limit "
            f"±{MARGIN_MB}) · exceptions {p.count} · stuck statuses {len(self.stuck_all)} · "
            f"{'PASS' if ok else 'FAIL'}",
            flush=True,
        )
        return ok


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument(
        "--report-objects",
        action="store_true",
        help="each minute: the Python types that grew most since minute 1",
    )
    ap.add_argument(
        "--malloc-trim",
        action="store_true",
        help="each minute, after reading the memory, hand the C heap's free pages "
        "back (glibc malloc_trim) and say what is left: the part of the growth "
        "that is freed memory the allocator kept, not live objects",
    )
    ap.add_argument(
        "--only",
        default="",
        help="comma-separated act kinds to draw from (e.g. 'lesson,text size'); all when empty",
    )
    ap.add_argument(
        "--tracemalloc",
        type=int,
        default=0,
        metavar="FRAMES",
        help="trace Python allocations from minute 1 (FRAMES deep) and print, each "
        "minute, the tracebacks whose memory grew most since then (slow)",
    )
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))

    faulthandler.enable()  # a crash says where it was
    problems = Problems(sys.stderr)
    tee = install_hooks(problems)

    from ringlab.gui.app import create_window, make_app
    from ringlab.gui.settings import settings

    app = make_app()
    settings().clear()
    win = create_window(check_recovery=False, autosave=False)
    win.ask_unsaved = lambda action: "discard"
    win.resize(w, h)
    win.show()
    win.activateWindow()
    for _ in range(10):
        app.processEvents()
    win.tabs.build_all()  # as the app does after its first paint
    app.processEvents()

    print(
        f"soak: {args.minutes:g} min, seed {args.seed}, {w}x{h}, start {rss_mb():.0f} MB",
        flush=True,
    )
    soak = Soak(app, win, args, problems, tee)
    app.exec()
    tee._flush()
    ok = soak.summary()
    try:
        win.state.jobs.shutdown()  # a check process stops with us
    except AttributeError:
        getattr(getattr(win.document, "report_job", None), "shutdown", lambda: None)()
    sys.stdout.flush()
    os._exit(0 if ok else 1)  # no teardown: a clean exit is not what is measured


if __name__ == "__main__":
    sys.exit(main())
