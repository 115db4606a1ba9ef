"""The main window: parameters on top, the editor and the views as tabs in the centre, the
Theorem 2 panel always beside them, rate / bound / shape in the status bar.

The window composes parts that each live in their own module — menus (:mod:`.menus`), Open
Recent (:mod:`.recent`), settings and text sizes (:mod:`.settings`), the panel splitter
(:mod:`.panel_split`), autosave recovery (:mod:`.recovery`), the lazily built view tabs
(:mod:`.view_tabs`) — and owns what only a window can do: files and their dialogs, the
status line every part speaks through, the busy cursor, closing.

Files go through the core (``load_code``/``save_code``, atomic).  Unsaved work is protected three
ways: a prompt on close, an autosave after edits (:mod:`.autosave`), and undo of every step.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QToolBar, QVBoxLayout, QWidget

from ..core.code import LinearCode
from ..core.codefile import load_code, save_code
from ..core.errors import RinglabError
from ..state.tabs import PROPAGATION, SEARCH
from .autosave import Autosaver, find_orphans
from .editor import CodeEditor
from .menus import build_menus
from .panel_split import PanelSplit
from .params import ParameterBar
from .recent import RecentFiles
from .recovery import Recovery
from .settings import apply_point_size, clamp_point_size, default_point_size, settings
from .state_link import on_state
from .status import CodeStatus
from .theorem_panel import Theorem2Panel
from .view_tabs import ViewTabs
from .views import VIEWS

FILE_FILTER = "ringlab codes (*.ringlab.json *.json);;All files (*)"


# above this many multiply-adds per Theorem 2 check (N·N·K·T², about N = K = 16, T = 32) the
def suggested_file_name(code: LinearCode) -> str:
    """A file name for an untitled code, from its name ("K=2, T=3 (paper…)" → k2-t3-paper…)."""
    import re

    stem = re.sub(r"[^a-z0-9]+", "-", (code.name or "").lower()).strip("-")[:48].strip("-")
    return f"{stem or 'code'}.ringlab.json"


# views take visibly long to follow an edit: show a busy cursor so the app does not look hung
BUSY_WORK = 16 * 16 * 16 * 32 * 32


class MainWindow(QMainWindow):
    def __init__(
        self,
        document,
        load_views: bool = True,
        check_recovery: bool = True,
        autosave: bool = True,
        use_settings: bool = True,
        parent=None,
    ):
        super().__init__(parent)
        self.document = document
        self.state = document.state  # the one application state (ringlab.state)
        self.setObjectName("RinglabMainWindow")
        self.last_error: str | None = None
        self.use_settings = use_settings
        self._lessons_dock = None  # the Lessons dock, built on first use

        # parameters: a fixed toolbar so they stay visible whatever tab is shown
        self.params = ParameterBar(document)
        self.params.confirm_replace = self.maybe_save
        bar = QToolBar("Parameters")
        bar.setObjectName("ParametersBar")
        bar.setMovable(False)
        bar.addWidget(self.params)
        self.addToolBar(Qt.TopToolBarArea, bar)

        self.editor = CodeEditor(document)
        self.tabs = ViewTabs(document, self.editor, VIEWS)
        self.panel = Theorem2Panel(document)
        self.splitter = PanelSplit(self.tabs, self.panel)
        central = QWidget()
        self._central_lay = QVBoxLayout(central)
        self._central_lay.setContentsMargins(0, 0, 0, 0)
        # while a lesson is open the Theorem 2 panel folds to this line (issue 19: room for the
        # lesson and the one view it needs at 1280×720); its button brings the panel back
        from .status import VerdictLine

        self.verdict_line = VerdictLine(self.splitter)
        self._central_lay.addWidget(self.verdict_line)
        self._central_lay.addWidget(self.splitter, 1)
        self.setCentralWidget(central)
        self.status = CodeStatus(document, self.statusBar(), self)
        self.rate_label = self.status.rate_label
        self.bound_label = self.status.bound_label
        self.shape_label = self.status.shape_label

        actions = build_menus(self)
        self.undo_action, self.redo_action = actions["undo"], actions["redo"]
        self.recent_menu = actions["recent"]
        self.palette_actions = actions["palettes"]
        self.recent = RecentFiles(self.recent_menu, self)
        self.recent.open_requested.connect(self.open_recent)

        # every part speaks through the status line
        for source in (
            document.message,
            self.tabs.view_message,
            self.editor.message,
            self.params.message,
        ):
            source.connect(self.say)
        self.autosaver = Autosaver(document, self) if autosave else None
        if self.autosaver is not None:
            self.autosaver.message.connect(self.say)
        document.changing.connect(self._on_code_changing)
        # a search asked of the state (the Search button, a lesson) runs in the Search tab's
        # worker process, never on the GUI thread; the view is built if it was not yet
        self.state.search_runner = self._run_search
        self.state.events.palette.connect(self._on_palette_changed)
        self.state.events.zoom.connect(self._on_zoom_changed)
        on_state(self, self.state.events.code, self._update_title)
        document.dirty_changed.connect(self.setWindowModified)
        document.path_changed.connect(lambda _p: self._update_title())
        self._update_title()

        screen = self.screen().availableGeometry() if self.screen() else None
        self._apply_zoom_quietly(default_point_size(screen.width() if screen else 0))
        if use_settings:
            self._restore_settings()
        else:
            self._fit_to_screen()
        from ..render.palette import palette_name

        self.palette_actions[palette_name()].setChecked(True)
        if load_views:
            self.load_views()
        self._recovery = Recovery(
            document,
            self._central_lay,
            find_orphans() if check_recovery else [],
            self.autosaver,
            self,
        )
        self._recovery.message.connect(self.say)
        self._recovery.error.connect(self.error)
        self.editor.focus_first_cell()

    # -- views ------------------------------------------------------------------------------
    def load_views(self):
        """Build every view now (normally they are built when first shown)."""
        self.tabs.build_all()

    def _run_search(self, request) -> None:
        i = self.find_view(SEARCH)
        view = self.tabs.view(i) if i >= 0 else None
        if view is None or not hasattr(view, "start_request"):
            self.state.searching = tuple(r for r in self.state.searching if r is not request)
            self.error("searching needs the Search view, which is not available")
            return
        view.start_request(request)

    @property
    def view_errors(self) -> dict[str, str]:
        return self.tabs.errors

    def view_widget(self, index: int):
        """The view in tab ``index`` (built if it was not yet)."""
        return self.tabs.view(index)

    def find_view(self, name: str) -> int:
        """Index of the tab whose title or module name matches ``name`` (case-insensitive), or -1."""
        return self.tabs.find(name)

    def show_view(self, name: str) -> bool:
        """Select the tab whose title or module name matches ``name`` (case-insensitive)."""
        i = self.find_view(name)
        if i >= 0:
            self.tabs.setCurrentIndex(i)
        return i >= 0

    def view_by_title(self, title: str):
        i = self.find_view(title)
        return (i, self.view_widget(i)) if i >= 0 else (-1, None)

    def view_names(self) -> list[str]:
        return self.tabs.titles()

    def export_walkthrough(self):
        """File → Export: the Propagation view's export (GIF, MP4, PDF, PNG, SVG) with its
        inputs, so what is exported is what the view shows."""
        k, view = self.view_by_title(PROPAGATION)
        if view is None or not hasattr(view, "export_dialog"):
            self.say("Export needs the Propagation view, which is not available")
            return
        self.tabs.setCurrentIndex(k)
        view.export_dialog()

    # -- lessons ----------------------------------------------------------------------------
    @property
    def lessons_dock(self):
        """The Lessons dock, or ``None`` before the panel was first asked for."""
        return self._lessons_dock

    @property
    def lessons_panel(self):
        """The Lessons panel (created, hidden, on first use)."""
        if self._lessons_dock is None:
            from .teaching import LessonsDock

            self._lessons_dock = LessonsDock(self)
        return self._lessons_dock.panel

    def show_lessons(self, visible: bool = True) -> None:
        self.lessons_panel  # noqa: B018  (creates the dock)
        self._lessons_dock.setVisible(visible)
        if visible:
            self._lessons_dock.raise_()

    def set_lesson_layout(self, on: bool) -> None:
        """A lesson open: the Theorem 2 panel folds to its verdict line (and back)."""
        self.splitter.set_collapsed(on)
        self.verdict_line.setVisible(on)

    def toggle_lessons(self) -> None:
        self.show_lessons(self._lessons_dock is None or not self._lessons_dock.isVisible())

    # -- palette ------------------------------------------------------------------------------
    def set_palette(self, name: str, remember: bool = True) -> None:
        """View → Palette: the colours of every drawing, on screen and in exports."""
        self._remember_palette = remember
        try:
            if self.state.palette == name:
                self._on_palette_changed(name)
            else:
                self.state.palette = name
        finally:
            self._remember_palette = True

    def _on_palette_changed(self, name: str, _old=None) -> None:
        from ..render.palette import use_palette

        remember = getattr(self, "_remember_palette", True)
        use_palette(name)
        self.palette_actions[name].setChecked(True)
        if self.use_settings and remember:
            settings().setValue("palette", name)
        for i in range(1, self.tabs.count()):
            view = self.tabs.view(i, build=False)
            if hasattr(view, "invalidate"):
                view.invalidate()
        self.panel.refresh_colours()
        if remember:  # a choice, not the start-up restore
            self.say(f"palette: {name} (drawings and exports)")

    # -- present mode -------------------------------------------------------------------------
    def present(self, fullscreen: bool = True, speaker: bool = True):
        """View → Present (F5): see :func:`.teaching.presentation_deck` for what it shows."""
        from .present import PresentWindow
        from .teaching import presentation_deck

        try:
            deck = presentation_deck(self)
        except RinglabError as e:
            self.error(f"cannot present: {e}")
            return None
        self._presentation = PresentWindow(deck, fullscreen=fullscreen, speaker=speaker)
        self._presentation.start()
        return self._presentation

    # -- document -> window -----------------------------------------------------------------
    def _on_code_changing(self):
        # a line in the status bar said about the code as it was (a refused entry, "dropped 3
        # entries", "opened …") is not true of the code that comes: it goes now, not 15 s
        # later; what the change itself says is said after this (resize, preset, open, …)
        self.statusBar().clearMessage()
        c = self.document.code
        if c.N * c.N * c.K * c.T * c.T >= BUSY_WORK and QGuiApplication.overrideCursor() is None:
            # restored when the event loop turns again: after every view has followed the edit
            QGuiApplication.setOverrideCursor(Qt.WaitCursor)
            QTimer.singleShot(0, QGuiApplication.restoreOverrideCursor)

    def _update_title(self):
        self.setWindowTitle(f"{self.document.source.title(self.document.code)}[*] — ringlab")
        self.setWindowModified(self.document.dirty)

    def say(self, text: str):
        """A line in the status bar (what an edit, a view or a file operation did)."""
        self.statusBar().showMessage(text, 15000)

    def error(self, text: str):
        """Say what went wrong without blocking (a window-modal box, plus the status bar)."""
        self.last_error = text
        self.statusBar().showMessage(text, 30000)
        box = QMessageBox(QMessageBox.Warning, "ringlab", text, QMessageBox.Ok, self)
        box.setWindowModality(Qt.WindowModal)
        box.setAttribute(Qt.WA_DeleteOnClose)  # one box per error: none kept once read
        box.open()
        self.error_box = box

    def error_box_open(self) -> bool:
        from shiboken6 import isValid

        box = getattr(self, "error_box", None)
        return box is not None and isValid(box) and box.isVisible()

    # -- files ------------------------------------------------------------------------------
    def ask_unsaved(self, action: str) -> str:
        """'save', 'discard' or 'cancel' (a question box; tests replace this method)."""
        r = QMessageBox.question(
            self,
            "ringlab",
            f"The code has unsaved changes. Save them before you {action}?",
            QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel,
            QMessageBox.Save,
        )
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
        self.document.open_code(
            LinearCode.zeros(c.N, c.K, c.T, c.field),
            None,
            f"New code N = {c.N}, K = {c.K}, T = {c.T}",
        )
        self.say(f"new all-zero code, N = {c.N}, K = {c.K}, T = {c.T} over {c.field.name}")

    def open_file(self, path: str | None = None) -> bool:
        if not self.maybe_save("open another file"):
            return False
        if path is None:
            path, _ = QFileDialog.getOpenFileName(
                self, "Open a code", self.recent.last_dir(), FILE_FILTER
            )
            if not path:
                return False
        try:
            code = load_code(path)
        except RinglabError as e:
            self.error(str(e))
            return False
        self.document.open_code(code, str(path), f"Open {Path(path).name}")
        self.recent.add(str(path))
        self.say(f"opened {path}")
        return True

    def open_recent(self, path: str) -> bool:
        """Open a recent file; one that was moved or deleted leaves the list, with a word."""
        if not Path(path).exists():
            self.recent.remove(path)
            self.error(
                f"{path}: no such file any more (moved or deleted); removed from Open Recent"
            )
            return False
        return self.open_file(path)

    def recent_files(self) -> list[str]:
        return self.recent.files()

    def save(self) -> bool:
        if not self.document.path:
            return self.save_as()
        return self._write(self.document.path)

    def save_as(self, path: str | None = None) -> bool:
        if path is None:
            start = self.document.path or str(
                Path(self.recent.last_dir()) / suggested_file_name(self.document.code)
            )
            path, _ = QFileDialog.getSaveFileName(self, "Save the code as", start, FILE_FILTER)
            if not path:
                return False
        return self._write(str(path))

    def edit_properties(self) -> None:
        """File → Properties…: the code's name and description (one undoable step)."""
        from .properties import edit_properties

        edit_properties(self)

    def _write(self, path: str) -> bool:
        try:
            save_code(self.document.code, path)
        except OSError as e:
            self.error(
                f"{path}: cannot be saved ({e.strerror or e}); your changes are still here "
                f"and in the autosave"
            )
            return False
        self.document.set_path(path)
        self.document.mark_clean()
        self.recent.add(path)
        self.say(f"saved {path}")
        return True

    # -- autosave recovery ------------------------------------------------------------------
    @property
    def recovery(self):
        """The banner offering an autosave back, or ``None``."""
        return self._recovery.banner

    # -- text size (projectors) ---------------------------------------------------------------
    def font_size(self) -> int:
        return self.font().pointSize()

    def change_font_size(self, step: int):
        self.set_font_size(self.font_size() + step)

    def reset_font_size(self):
        self.set_font_size(default_point_size(self.width()))

    def set_font_size(self, size: int, remember: bool = True):
        """Ctrl+= / Ctrl+− / Ctrl+0: the text size is the state's ``zoom``."""
        size = clamp_point_size(size)
        self._remember_zoom = remember
        try:
            if self.state.zoom == size:
                self._on_zoom_changed(size)
            else:
                self.state.zoom = size
        finally:
            self._remember_zoom = True

    def _apply_zoom_quietly(self, size: int) -> None:
        """A start-up text size: applied and held by the state, neither said nor remembered."""
        apply_point_size(self, size)
        with self.state.events.zoom.blocked():
            self.state.zoom = size

    def _on_zoom_changed(self, size, _old=None) -> None:
        if size is None:
            return
        apply_point_size(self, size)
        if self.use_settings and getattr(self, "_remember_zoom", True):
            settings().setValue("font_size", size)
        self.say(f"Text {size} pt · Ctrl+0 resets")

    # -- settings and closing -----------------------------------------------------------------
    # the frame (title bar, borders) is not part of the size given to resize(); keep room for it
    FRAME_ROOM = 40

    def _available(self):
        """The available geometry (without task bars) of the window's screen, or ``None``."""
        screen = self.screen()
        return screen.availableGeometry() if screen is not None else None

    def _screen_key(self) -> str:
        """Settings key of the window's screen: a geometry is remembered per screen (name and
        available size), so a laptop and a projector each get their own."""
        screen, avail = self.screen(), self._available()
        if avail is None:
            return "geometry"
        return f"geometry/{screen.name() or 'screen'}-{avail.width()}x{avail.height()}"

    def _fit_to_screen(self) -> None:
        """First start on a screen: 90 % of its available area (at least 1400×860 when that
        fits), never more than the area itself; centred; the editor/panel split 62:38."""
        avail = self._available()
        if avail is None:
            self.resize(1400, 860)
            self.splitter.setSizes([880, 520])
            return
        aw, ah = avail.width(), avail.height() - self.FRAME_ROOM
        w = min(aw, max(int(aw * 0.9), min(1400, aw)))
        h = min(ah, max(int(ah * 0.9), min(860, ah)))
        self.resize(w, h)
        self.move(avail.x() + (aw - w) // 2, avail.y() + (avail.height() - h) // 2)
        self.splitter.setSizes([w * 62 // 100, w - w * 62 // 100])

    def _clamp_to_screen(self) -> None:
        """A remembered geometry (or a window grown by its content) never exceeds the screen."""
        avail = self._available()
        if avail is None:
            return
        w = min(self.width(), avail.width())
        h = min(self.height(), avail.height() - self.FRAME_ROOM)
        if (w, h) != (self.width(), self.height()):
            self.resize(w, h)
        x = min(max(self.x(), avail.x()), avail.right() - w + 1)
        y = min(max(self.y(), avail.y()), avail.bottom() - h - self.FRAME_ROOM + 1)
        if (x, y) != (self.x(), self.y()):
            self.move(x, y)

    def _restore_settings(self):
        s = settings()
        from ..render.palette import NAMES

        name = s.value("palette", "default")
        self.set_palette(name if name in NAMES else "default", remember=False)
        size = s.value("font_size", None)
        if size is not None:
            try:
                self._apply_zoom_quietly(clamp_point_size(size))
            except (TypeError, ValueError):
                pass
        geo, state, split = (
            s.value(self._screen_key()),
            s.value("window_state"),
            s.value("splitter"),
        )
        if geo is None or not self.restoreGeometry(geo):
            self._fit_to_screen()
        self._clamp_to_screen()
        if state is not None:
            self.restoreState(state)
        if split is not None:
            self.splitter.restoreState(split)

    def save_settings(self):
        s = settings()
        s.setValue(self._screen_key(), self.saveGeometry())
        s.setValue("window_state", self.saveState())
        s.setValue("splitter", self.splitter.editor_state())

    def closeEvent(self, event):
        if not self.maybe_save("close ringlab"):
            event.ignore()
            return
        if self.autosaver is not None:
            self.autosaver.timer.stop()
            self.autosaver.remove()
        if self.use_settings:
            self.save_settings()
        self.state.jobs.shutdown()  # a large code's check process stops with us
        event.accept()
