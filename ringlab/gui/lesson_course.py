"""The Lessons panel's course list: one row per lesson with the student's progress, and the
buttons under it (reset, export and import the progress, export the lesson as a web page) with
the file dialog and the background export they start."""

from __future__ import annotations

import sys

from PySide6.QtCore import QProcess, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .wrap_row import WrapRow, minimum_follows_width


def ask_path(parent, save: bool, title: str, default: str, kinds: str) -> str | None:
    """A file name from the save (or open) dialog; None when the student cancels."""
    ask = QFileDialog.getSaveFileName if save else QFileDialog.getOpenFileName
    path, _ = ask(parent, title, default, kinds)
    return path or None


class CourseList(QWidget):
    """The lessons in course order, each marked ○ (not started), ◐ or ✓; ``chosen(index)``
    when the student picks one."""

    chosen = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setObjectName("lessons_list")
        self.list.setAccessibleName("Lessons")
        # one line a lesson, cut with "…" when the panel is narrow (the whole title and the
        # summary in its tooltip): at 22 pt beside a lesson three lessons still show
        self.list.setWordWrap(False)
        self.list.setTextElideMode(Qt.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.list.itemActivated.connect(self._on_item_activated)
        self.list.itemClicked.connect(self._on_item_activated)
        self.reset_button = QPushButton("Reset lesson")
        # the progress files and the web page in one menu: four buttons took three rows at
        # 22 pt beside a lesson, and the lesson kept 110 px (two lines of its text)
        self.more_button = QPushButton("More")
        self.more_button.setToolTip(
            "Export or import your progress; export the open lesson as a web page"
        )
        menu = QMenu(self.more_button)
        self.export_action = menu.addAction("Export progress…")
        self.import_action = menu.addAction("Import progress…")
        menu.addSeparator()
        self.html_action = menu.addAction("Export as HTML…")
        self.html_action.setToolTip(
            "The open lesson as one web page that opens offline: "
            "maths, drawings, answers and solutions folded"
        )
        menu.setToolTipsVisible(True)
        self.more_button.setMenu(menu)
        # the buttons wrap to a second row when the panel is very narrow
        self.buttons = WrapRow(self.reset_button, self.more_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.list, 1)
        lay.addWidget(self.buttons)
        minimum_follows_width(self)

    def fill(self, lessons, progress) -> None:
        """One row per lesson: its mark, number, title, minutes and progress."""
        self.list.clear()
        for k, lesson in enumerate(lessons):
            d, n = progress.done(lesson)
            mark = "○" if d == 0 else "✓" if d == n else "◐"
            facts = f"{lesson.minutes} min · {progress.summary(lesson)}"
            item = QListWidgetItem(f"{mark} {k + 1}. {lesson.title} — {facts}")
            item.setData(Qt.UserRole, k)
            item.setToolTip(f"{k + 1}. {lesson.title}\n{facts}\n\n{lesson.summary}")
            self.list.addItem(item)
        self._keep_three()

    def _keep_three(self) -> None:
        """The list never shorter than three lessons (the splitter stops there)."""
        if self.list.count():
            self.list.setMinimumHeight(self.list_height(3))

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:  # (once the list has the new font too)
            QTimer.singleShot(0, self, lambda: self._keep_three())
            # a menu is a window of its own: no text size reaches it unless given (and, given
            # one later, it measured "Import progress…" short: room for the longest entry)
            menu = self.more_button.menu()
            menu.setFont(self.font())
            fm = self.fontMetrics()
            longest = max(fm.horizontalAdvance(a.text()) for a in menu.actions())
            menu.setMinimumWidth(longest + 3 * fm.height())

    def refill(self, lessons, progress) -> None:
        """:meth:`fill` again, keeping the current row."""
        row = self.list.currentRow()
        self.fill(lessons, progress)
        self.list.setCurrentRow(row)

    def list_height(self, lessons: int) -> int:
        """The list's height for ``lessons`` whole rows."""
        return lessons * self.list.sizeHintForRow(0) + 2 * self.list.frameWidth() + 4

    def take_the_room(self, split, lessons: int) -> None:
        """As tall in ``split`` as ``lessons`` rows, the page under it keeping a few lines:
        before a lesson is chosen it showed ten of twenty lessons, the tenth cut in half, over
        an empty page (a stranger's trial)."""
        total = sum(split.sizes())
        if total <= 0:
            return
        top = min(self.folded_height(lessons), total - 4 * self.fontMetrics().lineSpacing())
        top = max(top, self.folded_height(3))
        split.setSizes([top, total - top])

    def folded_height(self, lessons: int = 5) -> int:
        """Tall enough for ``lessons`` rows and the buttons (the lesson gets the rest)."""
        return self.list_height(lessons) + self.buttons.heightForWidth(max(self.width(), 1)) + 8

    def _on_item_activated(self, item) -> None:
        self.chosen.emit(item.data(Qt.UserRole))


def progress_file(panel, export: bool, path: str | None) -> None:
    """Export the panel's progress to, or merge it from, ``path`` (asked for when None); the
    outcome is said on the panel's ``message``."""
    from ..core.errors import RinglabError

    if path is None:
        title = "Export lesson progress" if export else "Import lesson progress"
        default = "ringlab-progress.json" if export else ""
        path = ask_path(panel, export, title, default, "JSON (*.json)")
        if not path:
            return
    refused = OSError if export else RinglabError  # what each says rather than raises
    try:
        if export:
            panel.progress.export(path)
        else:
            panel.progress.import_(path)
    except refused as e:
        panel.message.emit(
            f"{path}: cannot be written ({e.strerror or e})"
            if export
            else f"progress not imported: {e}"
        )
        return
    if not export:
        panel.course_list.fill(panel.lessons, panel.progress)
    panel.message.emit(
        f"lesson progress exported to {path}" if export else f"lesson progress merged from {path}"
    )


def start_html_export(parent, lesson, path: str, say) -> QProcess:
    """``ringlab export LESSON.md --format html`` in a background process (it replays the
    lesson and draws its steps: seconds), so the window stays responsive; ``say`` gets the
    outcome line."""
    from ..render.palette import palette_name

    proc = QProcess(parent)
    proc.setProcessChannelMode(QProcess.MergedChannels)
    proc.finished.connect(
        lambda code, _status, p=proc, out=path: say(
            f"lesson exported to {out}"
            if code == 0
            else "lesson not exported: "
            + (bytes(p.readAll()).decode(errors="replace").strip().splitlines() or ["?"])[-1]
        )
    )
    proc.start(
        sys.executable,
        [
            "-m",
            "ringlab",
            "export",
            str(lesson.path),
            "--format",
            "html",
            "-o",
            path,
            "--palette",
            palette_name(),
        ],
    )
    return proc
