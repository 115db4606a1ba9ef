"""What the window offers a teacher and a student: the Lessons dock, and the choice of what
View → Present shows (the open lesson, the schedules, or the walkthrough)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget
from shiboken6 import isValid

from ..state.tabs import SCHEDULES


class LessonsDock(QDockWidget):
    """The Lessons panel in a dock on the left; built on first use (the course is read then)."""

    def __init__(self, window):
        super().__init__("Lessons", window)
        from .lessons_panel import LessonsPanel

        self.setObjectName("LessonsDock")
        panel = LessonsPanel(window)
        panel.message.connect(window.say)
        self.setWidget(panel)
        self._window = window
        # a timer of its own, not QTimer.singleShot(0, self, …): a shot started as the window
        # is torn down never fires, and PySide then kept its callable — and the whole closed
        # window — alive for good
        self._fit_soon = QTimer(self, singleShot=True, interval=0)
        self._fit_soon.timeout.connect(self._fit_the_screen)
        self.visibilityChanged.connect(self._on_visibility)
        panel.lesson_opened.connect(self._on_lesson_opened)
        panel.lesson_opened.connect(self._give_room)
        self.hide()
        window.addDockWidget(Qt.LeftDockWidgetArea, self)
        # the course's formulas typeset at idle moments while the student reads the list:
        # opening a lesson then only lays its text out
        from .rich_text import typeset_ahead

        typeset_ahead(panel.lessons, panel)

    def _alive(self) -> bool:
        """The window and the panel still there: the dock is hidden (visibilityChanged) while
        the window is being deleted — a script that ends without closing it — and must not
        reach them then."""
        panel = self.widget() if isValid(self) else None
        return panel is not None and isValid(panel) and isValid(self._window)

    def _on_visibility(self, visible: bool) -> None:
        if not self._alive():
            return
        panel = self.panel
        self._lesson_layout(visible and panel.lesson is not None)
        if visible and panel.lesson is None:
            self._fit_soon.start()
        # the window hides what the open question names only while the question is shown
        panel.fold.update()

    def _on_lesson_opened(self, _key) -> None:
        if self._alive():
            self._lesson_layout(self.isVisible())

    def _lesson_layout(self, on: bool) -> None:
        """The Theorem 2 panel folded beside an open lesson (or back); folded, its room goes
        back: the window as the reader sized it (at 22 pt the Lessons panel beside the
        unfolded panel had grown it past a 1280-wide screen)."""
        self._window.set_lesson_layout(on)
        if on:
            self._window.view_options.give_back_size()

    def _fit_the_screen(self) -> None:
        """At large text the Lessons panel beside the unfolded Theorem 2 panel may need more
        than the screen's width (22 pt: 1,349 px on a 1280-px laptop, the panel cut at the
        right): fold the panel then, as a lesson does, and give the window back its size;
        its button brings the panel back."""
        w = self._window
        if not self._alive() or not self.isVisible() or self.panel.lesson is not None:
            return
        screen = w.screen().availableGeometry() if w.screen() is not None else None
        if screen is None:
            return
        # past the screen and past the size the reader gave the window (a window made wider
        # than its screen on purpose keeps the panel)
        asked = w.asked_size.size()
        room = max(screen.width(), asked.width() if asked is not None else 0)
        if w.minimumSizeHint().width() > room:
            w.set_lesson_layout(True, why="room")
            w.view_options.give_back_size(later=False)  # (this runs a turn after the show)

    def _give_room(self, _key=None) -> None:
        """A lesson reads best at about 36 % of the window (never under the panel's minimum):
        its answer rows and buttons then fit without a horizontal scroll bar."""
        w = self.parentWidget()
        if w is not None and self.isVisible():
            want = max(self.widget().minimumWidth(), int(w.width() * 0.36))
            if self.width() < want:
                w.resizeDocks([self], [want], Qt.Horizontal)

    @property
    def panel(self):
        return self.widget()


def presentation_deck(window):
    """The deck View → Present shows: the open lesson when the Lessons panel is visible, what
    the Schedules tab shows when it is shown (its example, ticked algorithms and step), else
    the walkthrough of the code with the Propagation view's inputs, at its step (raises
    RinglabError when the code cannot be presented)."""
    from ..render.present_decks import lesson_deck, schedules_deck_of, walkthrough_deck

    dock = window.lessons_dock
    if dock is not None and dock.isVisible() and dock.panel.lesson is not None:
        return lesson_deck(dock.panel.lesson.path, search=_searches_for_slides(window))
    if window.state.tab == SCHEDULES:
        return schedules_deck_of(window.state)
    st = window.state
    refused = st.walkthrough_inputs()[1]
    inputs = (
        st.inputs if not (isinstance(st.inputs, list) and (refused or not st.inputs)) else "random"
    )
    return walkthrough_deck(window.document.code, inputs, st.seed, start=st.step)


def _searches_for_slides(window):
    """How a lesson's slides get the searches its solutions run: an outcome this window
    already has (the reader ran that search), else a search in the worker process while a
    progress dialog keeps the window answering (lesson 13's SAT proof takes ~5 s; in this
    thread it froze the window that long) and offers Cancel (raises
    :class:`~ringlab.render.present_decks.DeckCancelled`)."""
    from ..state import search_here

    known = dict(window.state.searches)

    def search(request):
        had = known.get(request.key)
        if had is not None and had.status in ("found", "impossible"):
            return had
        if request.N * request.K * request.T <= SEARCH_HERE_NKT:
            return search_here(request)
        return _search_behind_a_dialog(window, request)

    return search


# a search this small runs here: every one the shipped lessons run at this size or below took
# ≤ 30 ms in this process (the worker process costs ~0.2 s to start); lesson 13's N = 8,
# K = 6, T = 12 (576) takes ~5 s
SEARCH_HERE_NKT = 120


def _search_behind_a_dialog(window, request):
    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QProgressDialog

    from ..core.codefile import loads_code
    from ..core.errors import RinglabError
    from ..core.search.job import SearchJob
    from ..render.present_decks import DeckCancelled
    from ..state import SearchOutcome

    job = SearchJob("search", {**request.search_args(), "timeout": request.timeout}).start()
    dialog = QProgressDialog(
        f"Preparing the slides: the lesson's search runs first — {request.describe()} …",
        "Cancel",
        0,
        0,
        window,
    )
    dialog.setWindowTitle("Present")
    dialog.setWindowModality(Qt.WindowModal)
    # shown 0.3 s after this value unless the search has answered (without it Qt waits for
    # its default 4 s, and the window looked frozen that long)
    dialog.setValue(0)
    dialog.setMinimumDuration(300)
    loop = QEventLoop()
    timer = QTimer(interval=50)

    def poll():
        job.poll()
        if job.finished or job.elapsed > request.timeout + 10:  # (a worker past its limit)
            loop.quit()

    timer.timeout.connect(poll)
    dialog.canceled.connect(loop.quit)
    timer.start()
    try:
        loop.exec()
    finally:
        timer.stop()
        cancelled = dialog.wasCanceled()
        dialog.close()
        dialog.deleteLater()
    if not job.finished:
        job.cancel()
        if cancelled:
            raise DeckCancelled(f"the lesson's search was cancelled ({request.describe()})")
        status, proof, code = "undecided", "time limit", None
    elif job.error:
        raise RinglabError(f"the search failed: {job.error}")
    else:
        res = job.result
        status, proof = res["status"], res.get("proof") or ""
        code = loads_code(res["code"], "search result") if res.get("code") else None
    return SearchOutcome(
        request.N, request.K, request.T, request.field, bool(request.routing), status, proof, code
    )
