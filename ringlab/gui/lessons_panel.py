"""The Lessons panel (View → Lessons, Ctrl+L): the course, free navigation, progress.

Lessons act on and observe the window's one application state (:class:`ringlab.state.AppState`)
— the same class ``ringlab lessons check`` replays them on, with no widgets — so what a lesson
checks is what the student sees.  Choosing a lesson puts the state where the lesson's setup
puts a fresh one (a code change is one undoable step: Ctrl+Z brings the previous code back)
and lays out its blocks: prose, predictions asked before the app shows the answer, tasks
re-checked on every change of the state (debounced: one check per burst of changes).
Progress is saved per user as each answer is given (:class:`ringlab.lessons.Progress`), and
can be exported, imported and reset per lesson.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QScrollArea, QSplitter, QVBoxLayout, QWidget

from ..core.errors import RinglabError
from ..lessons import LessonError, Predict, Progress, Prose, Task, course
from ..state import CodeSource, same_code
from .lesson_blocks import PredictBlock, TaskBlock, check_goal, markdown_label
from .lesson_course import CourseList, ask_path, progress_file, start_html_export
from .lesson_fold import Fold

# what a lesson's setup decides; the rest (searches run, palette, text size) is the user's
_SETUP_FIELDS = (
    "tab",
    "step",
    "inputs",
    "seed",
    "worked_example",
    "alpha",
    "bandwidth",
    "size",
    "explorer_N",
    "schedule_step",
    "schedules",
)


def _check_goals(snapshot, tasks) -> list:
    """The goals of several tasks checked on one snapshot of the state (in the job runner)."""
    return [(t.id, *check_goal(t, snapshot), t.id in snapshot.answers) for t in tasks]


def _welcome_page() -> QWidget:
    """What the panel shows before a lesson is chosen."""
    page = QWidget()
    lay = QVBoxLayout(page)
    welcome = QLabel(
        "Choose a lesson above. Lessons move the app for you; "
        "every answer is checked against what the app shows."
    )
    welcome.setWordWrap(True)
    lay.addWidget(welcome)
    lay.addStretch(1)
    return page


def lesson_page(panel, lesson) -> tuple[QWidget, list]:
    """The lesson's page — title, prose, predictions and tasks — and its question blocks."""
    page = QWidget(panel)  # the panel's font (zoom) before any formula is set
    lay = QVBoxLayout(page)
    # a heading one step above the text (at 22 pt an h2 title took half the panel; the
    # lesson's first heading follows at once)
    title = QLabel(f"<h3>{lesson.title}</h3><i>{lesson.minutes} minutes</i>")
    title.setWordWrap(True)
    lay.addWidget(title)
    blocks = []
    for block in lesson.blocks:
        if isinstance(block, Prose):
            w = markdown_label(block.text, page)
            w.linkActivated.connect(panel.open_link)
        elif isinstance(block, Predict):
            w = PredictBlock(panel, block)
            blocks.append(w)
        elif isinstance(block, Task):
            w = TaskBlock(panel, block)
            blocks.append(w)
        else:
            continue  # presenter notes: shown by the presenter view
        lay.addWidget(w)
    lay.addStretch(1)
    return page, blocks


class LessonsPanel(QWidget):
    """Course list on top, the chosen lesson below.  ``message(str)`` for the status bar."""

    message = Signal(str)
    lesson_opened = Signal(str)

    def __init__(self, window, progress: Progress | None = None, parent=None):
        super().__init__(parent)
        self.window = window
        self.state = window.state
        self.progress = progress or Progress()
        self.lesson = None
        self.blocks: list = []
        self.fold = Fold(self)  # what lies below the open question stays folded
        try:
            self.lessons = course()
        except (LessonError, RinglabError) as e:
            self.lessons = []
            self.message.emit(f"lessons could not be read: {e}")

        self.course_list = CourseList()
        self.course_list.chosen.connect(self.open_lesson)
        self.course_list.reset_button.clicked.connect(self.reset_lesson)
        # clicked(bool) would hand its False to ``path``: the dialog asks instead
        self.course_list.export_action.triggered.connect(lambda: self.export_progress())
        self.course_list.import_action.triggered.connect(lambda: self.import_progress())
        self.course_list.html_action.triggered.connect(lambda: self.export_html())
        # the course list's widgets, as the panel's own (tests and the window read them)
        self.list, self.reset_button = self.course_list.list, self.course_list.reset_button
        self.html_action = self.course_list.html_action
        self.page = _welcome_page()
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setWidget(self.page)
        split = self.split = QSplitter(Qt.Vertical)
        split.setObjectName("lessons_split")
        split.addWidget(self.course_list)
        split.addWidget(self.scroll)
        split.setStretchFactor(1, 3)
        self.setMinimumWidth(380)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(split)
        self._fill_list()
        self._course_sized = False  # the course list sized once shown, before any lesson
        self._course_timer = QTimer(self, singleShot=True, interval=0)
        self._course_timer.timeout.connect(self._size_the_course)
        # every change of the state may complete a task (a step, an entry, a search): re-check
        # once per burst of changes (a preset sets α, B, S and N at once)
        self._recheck = QTimer(self, singleShot=True, interval=30)
        self._recheck.timeout.connect(self.evaluate_tasks)
        self._opening = False
        self.state.events.connect(self._on_state_changed)
        # goals are checked on a snapshot of the state in one worker thread (in order: each
        # check sees the state as it was when asked), never on the GUI thread
        self._generation = self._opened_at = 0
        if self.progress.warning:
            QTimer.singleShot(0, self, lambda: self.message.emit(self.progress.warning))

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if not self._course_sized:  # once the dock has its size: see _size_the_course
            self._course_sized = True
            self._course_timer.start()

    def _size_the_course(self) -> None:
        """Shown, before a lesson: the course list is what there is to read."""
        if self.lesson is None:
            self.course_list.take_the_room(self.split, len(self.lessons))

    def _on_state_changed(self, info=None) -> None:
        name = getattr(getattr(info, "signal", None), "name", None)
        if name == "lesson":
            self._on_lesson_changed(self.state.lesson)
        if self.lesson is not None and name != "hidden":
            self._recheck.start()

    def _on_lesson_changed(self, key) -> None:
        """The open lesson is the state's: whoever set it (a presenter, a test), the panel
        shows that lesson — or none."""
        if self._opening or key == getattr(self.lesson, "key", None):
            return
        keys = [les.key for les in self.lessons]
        if key in keys:
            self.open_lesson(keys.index(key))
            shown = getattr(self.lesson, "key", None)
            if shown != key:  # not opened (the user kept unsaved work)
                self.state.lesson = shown
        elif key is None and self.lesson is not None:
            self.lesson, self.blocks = None, []
            self.page = QWidget(self)
            self.scroll.setWidget(self.page)
            self.list.clearSelection()
            self.fold.update()  # nothing hidden with no lesson open

    # -- one lesson ----------------------------------------------------------------------
    def open_lesson(self, index: int) -> None:
        """Show lesson ``index`` and move the window to its setup."""
        lesson = self.lessons[index]
        try:
            target = lesson.new_state()  # the replay's own start: a fresh state + setup
        except RinglabError as e:
            target = None
            self.message.emit(f"lesson setup failed: {e}")
        st = self.state
        doc = self.window.document
        setup = {} if target is None else {f: getattr(target, f) for f in _SETUP_FIELDS}
        if target is not None and not same_code(target.code, st.code):
            if not self.window.maybe_save(f"open lesson {index + 1}"):
                # the user's unsaved work stays as it was, and so does the open lesson
                keys = [les.key for les in self.lessons]
                if self.lesson is not None and self.lesson.key in keys:
                    self.list.setCurrentRow(keys.index(self.lesson.key))
                return
        self.lesson = None  # no re-checks while the setup is applied
        self._opening = True
        if target is not None and not same_code(target.code, st.code):
            # the lesson's code is a new untitled document, not the user's work: quitting
            # does not ask to save it, Ctrl+S asks for a name instead of writing it over the
            # file that was open, and Ctrl+Z brings that file back
            setup.update(
                code=target.code,
                source=CodeSource(None, f"lesson {index + 1}", baseline=target.code),
            )
        try:
            with doc.undo_text(f"Lesson: open “{lesson.title}”"):
                st.update(**setup, answers={}, lesson=lesson.key)
        finally:
            self._opening = False
        self.lesson = lesson
        self._opened_at = self._generation  # checks asked before this belong to another
        self._lay_out(lesson)
        # the lesson gets the room: the course list shrinks to about six lessons, at most a
        # third of the height (at 22 pt half left the lesson four lines), but never below
        # three (drag to widen)
        total = sum(self.split.sizes())
        if total > 0:
            top = max(
                min(total // 3, self.course_list.folded_height(6)),
                self.course_list.folded_height(3),
            )
            self.split.setSizes([top, total - top])
        self.list.setCurrentRow(index)
        self.message.emit(f"lesson {index + 1}: {lesson.title} (Ctrl+Z undoes the code it loaded)")
        self.lesson_opened.emit(lesson.key)
        self.evaluate_tasks()

    def _lay_out(self, lesson) -> None:
        self.page, self.blocks = lesson_page(self, lesson)
        self.scroll.setWidget(self.page)
        # what the student answered and did in an earlier session shows again
        done = self.progress.lessons.get(lesson.key, {})
        for w in self.blocks:
            kind = "predict" if isinstance(w, PredictBlock) else "task"
            rec = done.get(kind, {}).get(w.block.id)
            if isinstance(rec, dict):
                w.restore(rec)
        self.fold.lay_out(self.page)

    def block(self, qid: str):
        """The widget of question ``qid`` in the open lesson."""
        return next(b for b in self.blocks if b.block.id == qid)

    def open_link(self, href: str) -> None:
        """A lesson's link: a glossary term (``glossary.md#G-T``) opens in Help → Glossary."""
        if "glossary" in href:
            from .glossary import open_glossary

            open_glossary(self.window, href.rsplit("#", 1)[-1] if "#" in href else None)
        else:
            self.message.emit(f"lessons link only to the glossary; {href!r} is not opened")

    def evaluate_tasks(self) -> None:
        """Check the goals of the tasks the student has reached, on the state as it is now
        (a snapshot, checked in the worker); say "waiting" for the others."""
        self._recheck.stop()
        for b in self.blocks:
            if isinstance(b, PredictBlock) and b.waiting is not None:
                b.verdict()  # a prediction waiting for a search
        reached = []
        for b in self.blocks:
            if isinstance(b, TaskBlock):
                if b.done or b.touched or self.reached(b):
                    reached.append(b)
                else:
                    b.wait()
        if not reached:
            return
        self._generation += 1
        snapshot = self.state.copy()
        snapshot._analysis = self.state.analysis  # share what is computed already
        generation = self._generation
        # one slot: a newer snapshot replaces an older one's check (its result is dropped)
        self.state.jobs.submit(
            ("lesson goals", id(self)),
            _check_goals,
            snapshot,
            [b.block for b in reached],
            replace=True,
            on_done=lambda out: self._on_goals_checked(generation, out),
        )

    def _on_goals_checked(self, generation: int, results) -> None:
        if self.lesson is None or generation <= self._opened_at:
            return
        blocks = {b.block.id: b for b in self.blocks if isinstance(b, TaskBlock)}
        became = False
        for tid, met, error, answered in results:
            b = blocks.get(tid)
            if b is not None:
                became |= b.apply(met, error, answered)
        if became and generation == self._generation:
            self.evaluate_tasks()  # the tasks below this one may now be reached

    # -- what blocks ask of the panel --------------------------------------------------------
    def reached(self, block) -> bool:
        """Whether the student has come to ``block``: every question above it answered (a
        prediction checked, a task done), so the app is where the lesson expects it."""
        for b in self.blocks:
            if b is block:
                return True
            if isinstance(b, TaskBlock) and not (b.done or b.solution_shown):
                return False
            if isinstance(b, PredictBlock) and not b.answered:
                return False
        return True

    def act(self, calls, why: str) -> None:
        """Run lesson actions on the state; RinglabError (the state unchanged) if one is
        refused — they are tried on a copy first (searches there are not run)."""
        trial = self.state.copy()
        trial.search_runner = lambda request: None
        for call in calls:
            call.run(trial)
        with self.window.document.undo_text(f"Lesson: {why}"):
            for call in calls:
                call.run(self.state)

    def record_predict(self, qid: str, answer, correct: bool, typed=None) -> dict:
        """Record a prediction (``typed``: as the student typed it); returns the record kept —
        the first one when it was answered before (it is then locked)."""
        rec = self.progress.record_predict(self.lesson.key, qid, answer, correct, typed=typed)
        self._refresh_progress()
        return rec

    def record_task(self, tid: str, hints: int, solution_shown: bool) -> None:
        self.progress.record_task(self.lesson.key, tid, True, hints, solution_shown)
        self._refresh_progress()

    def _fill_list(self) -> None:
        self.course_list.fill(self.lessons, self.progress)

    def _refresh_progress(self) -> None:
        self.course_list.refill(self.lessons, self.progress)

    # -- progress files ------------------------------------------------------------------
    def ask_reset(self, title: str) -> bool:
        """Whether the student means to erase the lesson's progress (a question box; tests
        replace this method, as the window's ``ask_unsaved``)."""
        from PySide6.QtWidgets import QMessageBox

        r = QMessageBox.question(
            self,
            "Reset lesson",
            f"Erase your answers and tasks in “{title}”? This cannot be undone.",
            QMessageBox.Reset | QMessageBox.Cancel,
            QMessageBox.Cancel,
        )
        return r == QMessageBox.Reset

    def reset_lesson(self) -> None:
        if self.lesson is None or not self.ask_reset(self.lesson.title):
            return
        self.progress.reset(self.lesson.key)
        self.open_lesson(self.lessons.index(self.lesson))
        self._refresh_progress()
        self.message.emit(f"progress of “{self.lesson.title}” reset")

    def export_progress(self, path: str | None = None) -> None:
        progress_file(self, True, path)

    def import_progress(self, path: str | None = None) -> None:
        progress_file(self, False, path)

    def export_html(self, path: str | None = None) -> None:
        """The open lesson as one HTML page, written by ``ringlab export LESSON.md --format
        html`` in a background process."""
        if self.lesson is None:
            self.message.emit("Export as HTML: choose a lesson first")
            return
        if path is None:
            path = ask_path(
                self, True, "Export lesson as HTML", f"{self.lesson.key}.html", "Web page (*.html)"
            )
            if not path:
                return
        if not path.lower().endswith((".html", ".htm")):
            path += ".html"
        self._html_process = start_html_export(self, self.lesson, path, self.message.emit)
        self.message.emit(f"exporting “{self.lesson.title}” to {path}…")
