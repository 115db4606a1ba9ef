"""The main window: parameters on top, the editor and the views as tabs in the centre, the
Theorem 2 panel always beside them, rate / bound / shape in the status bar.

The window composes parts that each live in their own module — menus (:mod:`.menus`), files,
Open Recent and the autosave (:mod:`.window_files`), palette and text size
(:mod:`.window_view`), the size on the screen (:mod:`.screen_fit`), the panel splitter
(:mod:`.panel_split`), autosave recovery (:mod:`.recovery`), the lazily built view tabs
(:mod:`.view_tabs`) — and owns what only a window can do: the status line every part speaks
through, the error box, the busy cursor, closing.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QToolBar, QVBoxLayout, QWidget

from ..core.errors import RinglabError
from ..state.tabs import PROPAGATION, SEARCH
from .asked_size import AskedSize
from .autosave import find_orphans
from .editor import CodeEditor
from .menus import build_menus
from .panel_split import PanelSplit
from .params import ParameterBar
from .recovery import Recovery
from .screen_fit import ScreenFit
from .settings import clamp_point_size, default_point_size, settings
from .state_link import on_state
from .status import CodeStatus, VerdictLine
from .theorem_panel import Theorem2Panel
from .view_tabs import ViewTabs
from .views import VIEWS
from .window_dialogs import ask_to_save, box_is_open, show_error_box
from .window_files import FileActions
from .window_view import ViewOptions

# above this many multiply-adds per Theorem 2 check (N·N·K·T², about N = K = 16, T = 32) the
# views take visibly long to follow an edit: show a busy cursor so the app does not look hung
BUSY_WORK = 16 * 16 * 16 * 32 * 32


def _mainwindow_connect_document(self) -> None:
    document = self.document
    # every part speaks through the status line
    for source in (
        document.message,
        self.tabs.view_message,
        self.editor.message,
        self.params.message,
    ):
        source.connect(self.say)
    document.changing.connect(self._on_code_changing)
    # a search asked of the state (the Search button, a lesson) runs in the Search tab's
    # worker process, never on the GUI thread; the view is built if it was not yet
    self.state.search_runner = self._run_search
    on_state(self, self.state.events.code, self._update_title)
    document.dirty_changed.connect(self.setWindowModified)
    # a bound method, not a lambda: a lambda holding the window, kept by the document's
    # connection, kept the closed window (and its state, views and grids) alive for good
    document.path_changed.connect(self._on_path_changed)
    self._update_title()


def _mainwindow_start_point_size(self) -> int:
    """The start-up text size: the one remembered, else the screen's."""
    screen = self.screen().availableGeometry() if self.screen() else None
    size = default_point_size(screen.width() if screen else 0)
    if self.use_settings:
        try:
            size = clamp_point_size(settings().value("font_size", size))
        except (TypeError, ValueError):
            pass  # (a damaged setting: the screen's size)
    return size


def _mainwindow_born_at_start_size(self) -> None:
    """The window's text at its start-up size before any widget is made, so every widget is
    born at it: setting it on the finished window re-laid out every widget, 40 % of the
    CPU of building one (and of each GUI test's window)."""
    size = self._start_point_size()
    if size != self.font().pointSize():
        f = QFont(self.font())
        f.setPointSize(size)
        self.setFont(f)  # (the scaled style comes where it came before: the same pixels)


def _mainwindow_menus_at_window_size(self) -> None:
    """Menus are windows of their own: no font reaches them from the window."""
    if self.font().pointSize() != QApplication.font().pointSize():
        for menu in self.findChildren(QMenu):
            menu.setFont(self.font())


def _mainwindow_size_to_screen(self) -> None:
    """The start-up text size (the screen's, or the one remembered), the palette
    remembered, and the geometry remembered for this screen or fitted to it."""
    self._menus_at_window_size()
    size = self._start_point_size()
    if size > QApplication.font().pointSize():
        from .scaled_style import install

        install(QApplication.instance())
    self.view_options.apply_zoom_quietly(size)
    if self.use_settings:
        s = settings()
        self.view_options.restore(s)
        self.screen_fit.restore(s)
    else:
        self.screen_fit.fit()
    self.view_options.check_current_palette()
    self.asked_size.note(self.size())  # what the start made it (restoreGeometry is Qt's)


class MainWindow(QMainWindow):
    _built = False  # True once __init__ finished
    _shown_once = False

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
        self.asked_size = AskedSize(self)
        self._born_at_start_size()
        self._build_parameters()
        self._build_centre()
        self.status = CodeStatus(document, self.statusBar(), self)
        self.rate_label = self.status.rate_label
        self.bound_label = self.status.bound_label
        self.shape_label = self.status.shape_label

        actions = build_menus(self)
        self.undo_action, self.redo_action = actions["undo"], actions["redo"]
        self.recent_menu = actions["recent"]
        self.palette_actions = actions["palettes"]
        self.files = FileActions(self, self.recent_menu, autosave)
        self.recent, self.autosaver = self.files.recent, self.files.autosaver
        self.view_options = ViewOptions(self, self.palette_actions, use_settings)
        self.screen_fit = ScreenFit(self, self.splitter)
        self._connect_document()
        self._size_to_screen()
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
        self._built = True  # closing may now remember this window (see closeEvent)

    def _build_parameters(self) -> None:
        """The parameters: a fixed toolbar, so they stay visible whatever tab is shown."""
        self.params = ParameterBar(self.document)
        self.params.confirm_replace = self.maybe_save
        bar = QToolBar("Parameters")
        bar.setObjectName("ParametersBar")
        bar.setMovable(False)
        bar.addWidget(self.params)
        self.addToolBar(Qt.TopToolBarArea, bar)

    def _build_centre(self) -> None:
        """The editor and the views as tabs, the Theorem 2 panel beside them; while a lesson
        is open the panel folds to its verdict line, whose button brings it back."""
        self.editor = CodeEditor(self.document)
        self.tabs = ViewTabs(self.document, self.editor, VIEWS)
        self.panel = Theorem2Panel(self.document)
        self.splitter = PanelSplit(self.tabs, self.panel)
        central = QWidget()
        self._central_lay = QVBoxLayout(central)
        self._central_lay.setContentsMargins(0, 0, 0, 0)
        self.verdict_line = VerdictLine(self.splitter)
        self._central_lay.addWidget(self.verdict_line)
        self._central_lay.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

    _connect_document = (
        _mainwindow_connect_document  # (module level: the class stays readable at once)
    )

    _size_to_screen = _mainwindow_size_to_screen  # (module level, as above)
    _start_point_size = _mainwindow_start_point_size
    _born_at_start_size = _mainwindow_born_at_start_size
    _menus_at_window_size = _mainwindow_menus_at_window_size

    def showEvent(self, e) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(e)
        if not self._shown_once:  # (the menu bar's overflow menu is made as it is shown)
            self._shown_once = True
            self._menus_at_window_size()

    def resize(self, *size) -> None:
        """A size set by the program (the start, a test, a script) is a size asked for."""
        super().resize(*size)
        self.asked_size.note(QSize(*size) if len(size) == 2 else size[0])

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
        """File → Export: the Propagation view's export (GIF, MP4, PDF, PNG, SVG, HTML) with its
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

    def set_lesson_layout(self, on: bool, why: str = "lesson") -> None:
        """A lesson open (``why``: or the screen too narrow beside the Lessons panel, "room"):
        the Theorem 2 panel folds to its verdict line (and back)."""
        self.verdict_line.say_why(why)
        self.splitter.set_collapsed(on)
        self.verdict_line.setVisible(on)

    def toggle_lessons(self) -> None:
        self.show_lessons(self._lessons_dock is None or not self._lessons_dock.isVisible())

    # -- present mode -------------------------------------------------------------------------
    def present(self, *_triggered, fullscreen: bool = True, speaker: bool = True):
        """View → Present (F5): see :func:`.teaching.presentation_deck` for what it shows.
        The options are keywords only: the action's ``triggered(checked=False)`` once came in
        as ``fullscreen`` and F5 opened a small window instead of the whole screen."""
        from ..render.present_decks import DeckCancelled
        from .present import PresentWindow
        from .teaching import presentation_deck

        try:
            deck = presentation_deck(self)
        except DeckCancelled as e:
            self.say(f"Not presenting: {e}.")
            return None
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

    def _on_path_changed(self, _path: str) -> None:
        self._update_title()

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
        self.error_box = show_error_box(self, text)

    def error_box_open(self) -> bool:
        return box_is_open(getattr(self, "error_box", None))

    # -- files (:mod:`.window_files`; the parameters and tests call them here) ----------
    def ask_unsaved(self, action: str) -> str:
        """'save', 'discard' or 'cancel' (a question box; tests replace this method)."""
        return ask_to_save(self, "The code", action)

    def maybe_save(self, action: str) -> bool:
        return self.files.maybe_save(action)

    def new_file(self):
        self.files.new_file()

    def open_file(self, path: str | None = None) -> bool:
        return self.files.open_file(path)

    def recent_files(self) -> list[str]:
        return self.recent.files()

    def save(self) -> bool:
        return self.files.save()

    def save_as(self, path: str | None = None) -> bool:
        return self.files.save_as(path)

    # -- palette and text size (:mod:`.window_view`) ----------------------------------------
    def set_palette(self, name: str, remember: bool = True) -> None:
        self.view_options.set_palette(name, remember)

    def font_size(self) -> int:
        return self.view_options.font_size()

    def set_font_size(self, size: int, remember: bool = True):
        self.view_options.set_font_size(size, remember)

    # -- autosave recovery ------------------------------------------------------------------
    @property
    def recovery(self):
        """The banner offering an autosave back, or ``None``."""
        return self._recovery.banner

    # -- closing ----------------------------------------------------------------------------
    def save_settings(self):
        """Remember the geometry, docks and split; nothing when the window or its splitter is
        already gone (their state would be a wreck's, not the user's)."""
        from shiboken6 import isValid

        if isValid(self) and isValid(self.splitter):
            self.screen_fit.save(settings())

    def closeEvent(self, event):
        if not self._built:
            # closed while being built, or after building it failed (a test's teardown): it
            # has no document question to ask, and its half-made state must not replace the
            # settings the user's last whole window saved
            state = getattr(self, "state", None)
            if state is not None:
                state.jobs.shutdown()
            event.accept()
            return
        if not self.files.may_close():
            event.ignore()
            return
        if self.use_settings:
            self.save_settings()
        self.state.jobs.shutdown()  # a large code's check process stops with us
        event.accept()
