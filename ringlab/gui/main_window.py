"""The main window: parameters on top, the editor (and later views as tabs) in the centre, the
Theorem 2 panel always beside it, rate / bound / shape in the status bar.

Files go through the core (``load_code``/``save_code``, atomic).  Unsaved work is protected three
ways: a prompt on close, an autosave after edits (:mod:`.autosave`), and undo of every step.
"""
from __future__ import annotations

import importlib
import traceback
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import (QApplication, QFileDialog, QFrame, QHBoxLayout, QLabel,
                               QMainWindow, QMessageBox, QPlainTextEdit, QPushButton, QScrollArea, QSplitter,
                               QTabWidget, QToolBar, QVBoxLayout, QWidget)

from ..core.bounds import bounds
from ..core.code import LinearCode
from ..core.codefile import load_code, save_code
from ..core.errors import RinglabError
from ..core.shape import reduce_multicast_shape
from .autosave import Autosaver, find_orphans
from .editor import CodeEditor
from .params import ParameterBar
from .theorem_panel import Theorem2Panel

ORG = APP = "ringlab"
MAX_RECENT = 8
FILE_FILTER = "ringlab codes (*.ringlab.json *.json);;All files (*)"
DEFAULT_POINT_SIZE = 11
MIN_POINT_SIZE, MAX_POINT_SIZE = 7, 32


def default_point_size(width: int) -> int:
    """Text size for a window ``width`` pixels wide when the user has not chosen one: larger on
    a full-HD screen or projector, where the grids would otherwise sit small in empty space."""
    return 15 if width >= 1800 else DEFAULT_POINT_SIZE


def settings() -> QSettings:
    return QSettings(ORG, APP)


class RecoveryBanner(QFrame):
    """Offers back an autosave left by a process that stopped without saving."""

    def __init__(self, window, orphan, parent=None):
        super().__init__(parent)
        self.window, self.orphan = window, orphan
        self.setObjectName("RecoveryBanner")
        self.setFrameShape(QFrame.Box)
        self.setAutoFillBackground(True)
        pal = self.palette()
        pal.setColor(QPalette.Window, QColor("#fff4c2"))
        self.setPalette(pal)
        lay = QHBoxLayout(self)
        self.label = QLabel(orphan.describe() + " Restore them?")
        self.label.setWordWrap(True)
        lay.addWidget(self.label, 1)
        self.restore_button = QPushButton("Restore")
        self.discard_button = QPushButton("Discard")
        lay.addWidget(self.restore_button)
        lay.addWidget(self.discard_button)
        self.restore_button.clicked.connect(self.restore)
        self.discard_button.clicked.connect(self.discard)

    def restore(self):
        self.window.restore_autosave(self.orphan)
        self.window.next_recovery(self)

    def discard(self):
        self.orphan.discard()
        self.window.document.message.emit("discarded the autosaved changes")
        self.window.next_recovery(self)


class MainWindow(QMainWindow):
    def __init__(self, document, load_views: bool = True, check_recovery: bool = True,
                 autosave: bool = True, use_settings: bool = True, parent=None):
        super().__init__(parent)
        self.document = document
        self.setObjectName("RinglabMainWindow")
        self.last_error: str | None = None
        self.view_errors: dict[str, str] = {}

        # parameters: a fixed toolbar so they stay visible whatever tab is shown
        self.params = ParameterBar(document)
        bar = QToolBar("Parameters")
        bar.setObjectName("ParametersBar")
        bar.setMovable(False)
        bar.addWidget(self.params)
        self.addToolBar(Qt.TopToolBarArea, bar)

        # centre: tabs (editor first) | Theorem 2 panel
        self.editor = CodeEditor(document)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("ViewTabs")
        self.tabs.addTab(self.editor, CodeEditor.TITLE)
        self.panel = Theorem2Panel(document)
        self.splitter = QSplitter(Qt.Horizontal)
        self.splitter.setObjectName("MainSplitter")
        self.splitter.addWidget(self.tabs)
        self.splitter.addWidget(self.panel)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        # the other views (the propagation graph, the schedules) need the width more than the
        # per-node detail does: beside them the panel narrows to its verdict and check map,
        # and the editor's split comes back when the editor is shown again
        self._editor_split: int | None = None       # the panel's width in each mode
        self._view_split: int | None = None
        self._split_mode = "editor"
        self.tabs.currentChanged.connect(self._on_tab_changed)
        central = QWidget()
        self._central_lay = QVBoxLayout(central)
        self._central_lay.setContentsMargins(0, 0, 0, 0)
        self._central_lay.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        # status bar: rate, binding bound, reduce-multicast shape
        sb = self.statusBar()
        self.rate_label, self.bound_label, self.shape_label = QLabel(), QLabel(), QLabel()
        for lab in (self.rate_label, self.bound_label, self.shape_label):
            lab.setTextFormat(Qt.RichText)
            lab.setContentsMargins(14, 0, 14, 0)
            sb.addPermanentWidget(lab)
        document.message.connect(self._on_message)

        self._build_menus()
        self.autosaver = Autosaver(document, self) if autosave else None
        document.changed.connect(self._on_code_changed)
        document.dirty_changed.connect(lambda d: self.setWindowModified(d))
        document.path_changed.connect(lambda _p: self._update_title())
        self._on_code_changed()
        self.use_settings = use_settings
        screen = self.screen().availableGeometry() if self.screen() else None
        self._apply_font_size(default_point_size(screen.width() if screen else 0))
        if use_settings:
            self._restore_settings()
        else:
            self.resize(1400, 860)
            self.splitter.setSizes([880, 520])
        self._views_loaded = False
        if load_views:
            self.load_views()
        self.recovery: RecoveryBanner | None = None
        self._orphans = find_orphans() if check_recovery else []
        self.next_recovery(None)
        if self.editor.rows:
            self.editor.grid(0, "M").table.setFocus()
            self.editor.grid(0, "M").table.setCurrentIndex(self.editor.grid(0, "M").model.index(0, 0))

    # -- menus ----------------------------------------------------------------------------
    def _build_menus(self):
        m = self.menuBar().addMenu("&File")
        self._act(m, "&New", QKeySequence.New, self.new_file)
        self._act(m, "&Open…", QKeySequence.Open, self.open_file)
        self.recent_menu = m.addMenu("Open &Recent")
        m.addSeparator()
        self._act(m, "&Save", QKeySequence.Save, self.save)
        self._act(m, "Save &As…", QKeySequence.SaveAs, self.save_as)
        m.addSeparator()
        self._act(m, "&Export walkthrough…", QKeySequence("Ctrl+E"), self.export_walkthrough)
        m.addSeparator()
        self._act(m, "&Quit", QKeySequence.Quit, self.close)
        e = self.menuBar().addMenu("&Edit")
        undo = self.document.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.Undo)
        redo = self.document.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        for a in (undo, redo):
            a.setShortcutContext(Qt.ApplicationShortcut)
            e.addAction(a)
        self.undo_action, self.redo_action = undo, redo
        v = self.menuBar().addMenu("&View")
        self._act(v, "&Larger text", [QKeySequence("Ctrl+="), QKeySequence("Ctrl++")], lambda: self.change_font_size(+1))
        self._act(v, "&Smaller text", [QKeySequence("Ctrl+-")], lambda: self.change_font_size(-1))
        self._act(v, "&Reset text size", [QKeySequence("Ctrl+0")],
                  lambda: self.set_font_size(default_point_size(self.width())))
        self._rebuild_recent()

    def _act(self, menu, text, keys, slot):
        a = QAction(text, self)
        if isinstance(keys, list):
            a.setShortcuts(keys)
        elif keys is not None:
            a.setShortcut(keys)
        a.triggered.connect(lambda _checked=False: slot())
        menu.addAction(a)
        return a

    # -- extra views ----------------------------------------------------------------------
    def load_views(self):
        """Add a tab for each registered view; a module not written yet is skipped, a view that
        fails to import or build shows its error in its tab instead of stopping the app."""
        if self._views_loaded:
            return
        self._views_loaded = True
        from .views import VIEW_MODULES
        for mod_name, cls_name in VIEW_MODULES:
            title = mod_name.rsplit(".", 1)[-1].capitalize()
            try:
                mod = importlib.import_module(mod_name)
            except ModuleNotFoundError as e:
                if e.name == mod_name:
                    continue
                self._error_tab(title, mod_name, e)
                continue
            except Exception as e:      # a broken view must not take the editor down
                self._error_tab(title, mod_name, e)
                continue
            try:
                cls = getattr(mod, cls_name)
                title = getattr(cls, "TITLE", title)
                view = cls(self.document, None)
            except Exception as e:
                self._error_tab(title, mod_name, e)
                continue
            self.tabs.addTab(self._scrollable(view), title)

    @staticmethod
    def _scrollable(view):
        """A view in a scroll area, so its minimum size never forces the window above a
        1280×720 projector (it scrolls instead)."""
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.NoFrame)
        area.setWidget(view)
        area.view = view
        return area

    def view_by_title(self, title: str):
        """The registered view whose tab is called ``title`` (views are loaded if needed)."""
        self.load_views()
        for k in range(self.tabs.count()):
            if self.tabs.tabText(k) == title:
                return k, self.view_widget(k)
        return -1, None

    def export_walkthrough(self):
        """File → Export: the Propagation view's export (GIF, MP4, PDF, PNG, SVG) with its
        inputs, so what is exported is what the view shows."""
        k, view = self.view_by_title("Propagation")
        if view is None or not hasattr(view, "_on_export_clicked"):
            self.statusBar().showMessage("Export needs the Propagation view, which is not available")
            return
        self.tabs.setCurrentIndex(k)
        view._on_export_clicked()

    def _on_tab_changed(self, index: int):
        """Keep one panel width for the editor and one for the other views (the user may drag
        either); beside a view the default is the panel's compact width."""
        mode = "editor" if self.tabs.widget(index) is self.editor else "view"
        if mode == self._split_mode:
            return
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if self._split_mode == "editor":
            self._editor_split = sizes[1]
        else:
            self._view_split = sizes[1]
        self._split_mode = mode
        if total <= 0:
            return
        if mode == "view":
            want = self._view_split if self._view_split is not None else \
                min(self.panel.compact_width(), sizes[1])
        else:
            want = self._editor_split
        if want is not None:
            self.splitter.setSizes([total - want, want])

    def view_widget(self, index: int):
        """The view in tab ``index`` (unwrapped from its scroll area)."""
        w = self.tabs.widget(index)
        return getattr(w, "view", w)

    def _error_tab(self, title, mod_name, exc):
        text = (f"The view “{title}” ({mod_name}) could not be opened:\n\n"
                + "".join(traceback.format_exception_only(type(exc), exc))
                + "\nThe editor and the other views are unaffected.\n\n"
                + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        w = QPlainTextEdit(text)
        w.setReadOnly(True)
        self.view_errors[title] = text
        self.tabs.addTab(w, f"{title} ⚠")

    def find_view(self, name: str) -> int:
        """Index of the tab whose title or module name matches ``name`` (case-insensitive), or -1."""
        want = name.lower()
        for i in range(self.tabs.count()):
            w = self.view_widget(i)
            mod = type(w).__module__.rsplit(".", 1)[-1].lower()
            if self.tabs.tabText(i).lower().startswith(want) or mod == want:
                return i
        return -1

    def show_view(self, name: str) -> bool:
        """Select the tab whose title or module name matches ``name`` (case-insensitive)."""
        i = self.find_view(name)
        if i >= 0:
            self.tabs.setCurrentIndex(i)
        return i >= 0

    def view_names(self) -> list[str]:
        return [self.tabs.tabText(i) for i in range(self.tabs.count())]

    # -- document -> window ---------------------------------------------------------------
    def _on_code_changed(self):
        code, rep = self.document.code, self.document.report
        b = bounds(code.N, code.K, code.T)
        self.rate_label.setText(f"rate K/T = {code.K}/{code.T} = {float(code.rate):.3f}")
        ok = "✓" if b.satisfied else "<span style='color:#c00000'>✗ T too small</span>"
        self.bound_label.setText(f"{b.binding}: T ≥ {b.min_T} {ok}")
        self.bound_label.setToolTip(b.summary())
        shape = reduce_multicast_shape(code, rep)
        self.shape_label.setText("reduce-multicast shape" if shape.ok else "non-trivial coding")
        self.shape_label.setToolTip(shape.summary())
        self._update_title()

    def _update_title(self):
        code, path = self.document.code, self.document.path
        name = Path(path).name if path else (code.name or "untitled")
        self.setWindowTitle(f"{name}[*] — ringlab")
        self.setWindowModified(self.document.dirty)

    def _on_message(self, text: str):
        self.statusBar().showMessage(text, 15000)

    def error(self, text: str):
        """Say what went wrong without blocking (a window-modal box, plus the status bar)."""
        self.last_error = text
        self.statusBar().showMessage(text, 30000)
        box = QMessageBox(QMessageBox.Warning, "ringlab", text, QMessageBox.Ok, self)
        box.setWindowModality(Qt.WindowModal)
        box.open()
        self._error_box = box

    # -- files ----------------------------------------------------------------------------
    def ask_unsaved(self, action: str) -> str:
        """'save', 'discard' or 'cancel' (a question box; tests replace this method)."""
        r = QMessageBox.question(
            self, "ringlab", f"The code has unsaved changes. Save them before you {action}?",
            QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
        return {QMessageBox.Save: "save", QMessageBox.Discard: "discard"}.get(r, "cancel")

    def maybe_save(self, action: str) -> bool:
        """True when it is safe to go on (saved, discarded by choice, or nothing to save)."""
        if not self.document.dirty:
            return True
        choice = self.ask_unsaved(action)
        if choice == "save":
            return self.save()
        return choice == "discard"

    def new_file(self):
        if not self.maybe_save("start a new code"):
            return
        c = self.document.code
        self.document.open_code(LinearCode.zeros(c.N, c.K, c.T, c.field), None,
                                f"New code N = {c.N}, K = {c.K}, T = {c.T}")
        self.document.message.emit(f"new all-zero code, N = {c.N}, K = {c.K}, T = {c.T} over {c.field.name}")

    def open_file(self, path: str | None = None) -> bool:
        if not self.maybe_save("open another file"):
            return False
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open a code", self._last_dir(), FILE_FILTER)
            if not path:
                return False
        try:
            code = load_code(path)
        except RinglabError as e:
            self.error(str(e))
            return False
        self.document.open_code(code, str(path), f"Open {Path(path).name}")
        self._add_recent(str(path))
        self.document.message.emit(f"opened {path}")
        return True

    def save(self) -> bool:
        if not self.document.path:
            return self.save_as()
        return self._write(self.document.path)

    def save_as(self, path: str | None = None) -> bool:
        if path is None:
            start = self.document.path or str(Path(self._last_dir()) / "code.ringlab.json")
            path, _ = QFileDialog.getSaveFileName(self, "Save the code as", start, FILE_FILTER)
            if not path:
                return False
        return self._write(str(path))

    def _write(self, path: str) -> bool:
        try:
            save_code(self.document.code, path)
        except OSError as e:
            self.error(f"{path}: cannot be saved ({e.strerror or e}); your changes are still here "
                       f"and in the autosave")
            return False
        self.document.set_path(path)
        self.document.mark_clean()
        self._add_recent(path)
        self.document.message.emit(f"saved {path}")
        return True

    def _last_dir(self) -> str:
        recent = self.recent_files()
        return str(Path(recent[0]).parent) if recent else str(Path.home())

    def recent_files(self) -> list[str]:
        v = settings().value("recent_files", [])
        if isinstance(v, str):
            v = [v]
        return [str(p) for p in (v or [])]

    def _add_recent(self, path: str):
        path = str(Path(path).resolve())
        files = [p for p in self.recent_files() if p != path]
        files.insert(0, path)
        settings().setValue("recent_files", files[:MAX_RECENT])
        self._rebuild_recent()

    def _rebuild_recent(self):
        self.recent_menu.clear()
        files = self.recent_files()
        for p in files:
            a = self.recent_menu.addAction(p)
            a.triggered.connect(lambda _c=False, p=p: self._open_recent(p))
        self.recent_menu.setEnabled(bool(files))

    def _open_recent(self, path: str) -> bool:
        """Open a recent file; one that was moved or deleted leaves the list, with a word."""
        if not Path(path).exists():
            settings().setValue("recent_files", [p for p in self.recent_files() if p != path])
            self._rebuild_recent()
            self.error(f"{path}: no such file any more (moved or deleted); removed from Open Recent")
            return False
        return self.open_file(path)

    # -- autosave recovery ----------------------------------------------------------------
    def next_recovery(self, done: RecoveryBanner | None):
        if done is not None:
            self._central_lay.removeWidget(done)
            done.deleteLater()
            self.recovery = None
        if self._orphans:
            self.recovery = RecoveryBanner(self, self._orphans.pop(0))
            self._central_lay.insertWidget(0, self.recovery)

    def restore_autosave(self, orphan) -> bool:
        try:
            code = orphan.load()
        except RinglabError as e:
            self.error(f"the autosave could not be read: {e}")
            return False
        self.document.set_code(code, "Restore autosaved changes")
        self.document.set_path(orphan.original)
        orphan.discard()            # our own autosave now holds the restored work
        if self.autosaver is not None:
            self.autosaver.save_now()
        self.document.message.emit("restored the autosaved changes (not yet saved to a file)")
        return True

    # -- text size (projectors) -----------------------------------------------------------
    def font_size(self) -> int:
        return self.font().pointSize()

    def change_font_size(self, step: int):
        self.set_font_size(self.font_size() + step)

    def set_font_size(self, size: int):
        size = max(MIN_POINT_SIZE, min(MAX_POINT_SIZE, int(size)))
        self._apply_font_size(size)
        if self.use_settings:
            settings().setValue("font_size", size)
        self.document.message.emit(f"text size {size} pt (Ctrl+= larger, Ctrl+− smaller, Ctrl+0 reset)")

    def _apply_font_size(self, size: int):
        # the window's font, inherited by every child (the application font does not reach
        # widgets that carry a style sheet)
        f = QFont(self.font())
        f.setPointSize(size)
        self.setFont(f)

    # -- settings and closing -------------------------------------------------------------
    def _restore_settings(self):
        s = settings()
        size = s.value("font_size", None)
        if size is not None:
            try:
                self._apply_font_size(max(MIN_POINT_SIZE, min(MAX_POINT_SIZE, int(size))))
            except (TypeError, ValueError):
                pass
        geo, state, split = s.value("geometry"), s.value("window_state"), s.value("splitter")
        if geo is not None:
            self.restoreGeometry(geo)
        else:
            self.resize(1400, 860)
            self.splitter.setSizes([880, 520])
        if state is not None:
            self.restoreState(state)
        if split is not None:
            self.splitter.restoreState(split)

    def save_settings(self):
        s = settings()
        s.setValue("geometry", self.saveGeometry())
        s.setValue("window_state", self.saveState())
        if self._split_mode == "view" and self._editor_split is not None:
            # the app starts on the editor: keep the editor's split, not the narrow one
            total = sum(self.splitter.sizes())
            self.splitter.setSizes([total - self._editor_split, self._editor_split])
        s.setValue("splitter", self.splitter.saveState())

    def closeEvent(self, event):
        if not self.maybe_save("close ringlab"):
            event.ignore()
            return
        if self.autosaver is not None:
            self.autosaver.timer.stop()
            self.autosaver.remove()
        if self.use_settings:
            self.save_settings()
        event.accept()
