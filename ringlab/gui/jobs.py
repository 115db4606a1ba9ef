"""The Qt adapter of the job runner (:mod:`ringlab.state.jobs`): a finished job's callback is
posted to the GUI thread through a queued signal, so views hear results where they paint."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ..state.jobs import JobRunner


class _Poster(QObject):
    post = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.post.connect(self._run)

    @staticmethod
    def _run(fn) -> None:
        fn()


def qt_job_runner(parent: QObject) -> JobRunner:
    """A runner whose callbacks run on ``parent``'s (the GUI) thread; its poster dies with
    ``parent``, and a job finishing after that is dropped."""
    poster = _Poster(parent)
    return JobRunner(post=poster.post.emit)
