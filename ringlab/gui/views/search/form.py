"""The search form: find a code by SAT over a field and class, or learn that none exists.

The search runs in a worker process (:class:`ringlab.core.search.job.SearchJob`): a native SAT
call cannot be interrupted from Python, so ending the process is the only prompt cancel, and
the GUI thread only polls a queue (every 100 ms) — it never waits.  A found code goes to the
editor only when the user says so — "Replace the editor's code" (one undoable step), "Open
beside" (a new window on it, the editor untouched) or "Keep current"; "impossible" is shown
with exactly what was proven (field, class, and whether by SAT or by Proposition 1).

Searches are requests on the one application state (:class:`ringlab.state.SearchRequest`):
the Search button and a lesson's ``run_search`` alike call ``state.run_search``; the form is
the state's search runner (one worker at a time, the others queued), and every outcome — with
its field and class — is recorded in ``state.searches``, where the lessons read it.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QSpinBox,
    QWidget,
)

from ....core.codefile import loads_code
from ....core.errors import RinglabError
from ....core.search import make_spec
from ....core.search.job import SearchJob
from ....state import SearchOutcome, SearchRequest
from ...settings import set_text_colour
from ...wrap_row import WrapRow
from .._widgets import button, label
from .rates import field_label

# named as the field parser, the parameter bar and code files name them (GF(4) is GF(2^2))
FIELDS = ["GF(2)", "GF(3)", "GF(2^2)", "GF(5)", "GF(7)", "GF(2^3)"]
CLASSES = [("general linear codes", False), ("routing only (reduce-multicast shape)", True)]
GREEN, BLUE, RED, AMBER, GREY = "#1b7f3b", "#1b3f7f", "#b00020", "#9a6a00", "#333333"


def _spin(lo: int, hi: int, name: str, accessible: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(lo, hi)
    box.setObjectName(name)
    box.setAccessibleName(accessible)
    return box


def _combo(items: list, name: str, accessible: str) -> QComboBox:
    box = QComboBox()
    box.addItems(items)
    box.setObjectName(name)
    box.setAccessibleName(accessible)
    # as wide as the form gives it, not as its longest item at the largest text size
    box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(8)
    return box


def _labelled(text: str, w: QWidget) -> QWidget:
    """``text`` and ``w`` side by side, kept together when a row wraps."""
    pair = QWidget()
    lay = QHBoxLayout(pair)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.addWidget(QLabel(text))
    lay.addWidget(w)
    return pair


class _OneLineFirst(QLabel):
    """A word-wrapped label that asks for its text's one-line width: in a wrapping row it goes
    beside its neighbour when that line has room, and wraps only when a line is too short (a
    wrapped label's own width hint would break it into two lines where one fits)."""

    def __init__(self, text: str):
        super().__init__(text)
        self.setWordWrap(True)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        m = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self.text()) + m.left() + m.right() + 2
        return QSize(width, self.heightForWidth(width))


class SearchInputs(QWidget):
    """What to search for: the ring's N, K, T (or the editor's), the field, the class, the
    symmetry and the time limit."""

    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.n_spin = _spin(2, 12, "search_N", "Search N")
        self.k_spin = _spin(1, 16, "search_K", "Search K")
        self.t_spin = _spin(1, 40, "search_T", "Search T")
        self.field_box = _combo(FIELDS, "search_field", "Field")
        self.class_box = _combo([c for c, _ in CLASSES], "search_class", "Class")
        self.symmetric = QCheckBox("only rotationally symmetric codes")
        self.symmetric.setObjectName("search_symmetric")
        symmetric_means = _OneLineFirst("node i = node 0 with its indices shifted by i")
        symmetric_means.setObjectName("search_symmetric_means")
        set_text_colour(symmetric_means, "#555")
        self.symmetric.setToolTip(symmetric_means.text())
        self.limit = _spin(1, 3600, "search_limit", "Time limit")
        self.limit.setValue(60)
        self.limit.setSuffix(" s")
        self.from_editor = button(
            "From the editor", "search_from_editor", self._on_from_editor_clicked
        )
        self.from_editor.setToolTip("Put the N, K and T of the editor's code in the form")
        nkt = WrapRow(
            *(
                _labelled(t, w)
                for t, w in (("N", self.n_spin), ("K", self.k_spin), ("T", self.t_spin))
            ),
            self.from_editor,
        )
        # a field goes under its label when the pane is too narrow for both side by side
        form.setRowWrapPolicy(QFormLayout.WrapLongRows)
        form.addRow("Ring", nkt)
        form.addRow("Field", self._field_and_class())
        # what "symmetric" means beside the box, or under it when the row is too narrow
        form.addRow(WrapRow(self.symmetric, symmetric_means))
        # (the time limit sits on the Search button's row, see SearchForm: a row fewer, so the
        # form's inputs and its button fit above the rate explorer's eight rows)

    def _field_and_class(self) -> QWidget:
        """The field's and the class's boxes on one row, each as wide as the row gives it."""
        row = QWidget()
        lay = QHBoxLayout(row)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.field_box, 1)
        lay.addSpacing(self.fontMetrics().averageCharWidth())
        lay.addWidget(QLabel("Class"))
        lay.addWidget(self.class_box, 2)
        return row

    def refresh(self) -> None:
        # the form keeps what the user typed; only the button's hint follows the editor
        c = self.document.code
        self.from_editor.setText(f"From the editor ({c.N}, {c.K}, {c.T})")

    def _on_from_editor_clicked(self) -> None:
        c = self.document.code
        self.n_spin.setValue(c.N)
        self.k_spin.setValue(c.K)
        self.t_spin.setValue(c.T)
        if c.field.name in FIELDS:
            self.field_box.setCurrentText(c.field.name)
        self.refresh()

    def fill(self, N: int, K: int, field: str, routing: bool | None, T: int | None) -> None:
        """Put a rate-table cell's N, K and field in the form, its class unless ``routing`` is
        None, and its smallest T when it has one."""
        self.n_spin.setValue(N)
        self.k_spin.setValue(K)
        if self.field_box.findText(field) < 0:
            self.field_box.addItem(field)
        self.field_box.setCurrentText(field)
        if routing is not None:
            self.class_box.setCurrentIndex(1 if routing else 0)
        if T:
            self.t_spin.setValue(T)

    def spec_kwargs(self) -> dict:
        return {
            "N": self.n_spin.value(),
            "K": self.k_spin.value(),
            "T": self.t_spin.value(),
            "field": self.field_box.currentText(),
            "routing": CLASSES[self.class_box.currentIndex()][1],
            "symmetric": self.symmetric.isChecked(),
        }

    def show_request(self, req: SearchRequest) -> None:
        """The form shows what runs (a lesson's search too)."""
        for w, v in ((self.n_spin, req.N), (self.k_spin, req.K), (self.t_spin, req.T)):
            w.setValue(v)
        self.field_box.setCurrentText(field_label(req.field))
        self.class_box.setCurrentIndex(1 if req.routing else 0)
        self.symmetric.setChecked(req.symmetric)


class SearchForm(QGroupBox):
    """N, K, T, field, class, symmetry and time limit; Search, Cancel and the progress; the
    result line and the found code's offer.  ``finished(status)`` when a search ends
    ("found", "impossible", "undecided", "cancelled" or "error"); ``open_beside(code)`` when
    the user asks for the found code in a new window."""

    finished = Signal(str)
    open_beside = Signal(object)

    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        self.state = document.state
        self.encoding = "fast"  # the benchmark's peer ("plain") is reachable for tests
        self.job: SearchJob | None = None
        self.request: SearchRequest | None = None  # the request the job runs
        if self.state.search_runner is None:  # (the window sets one that builds us)
            self.state.search_runner = self.start_request
        self._timer = QTimer(self)
        self._timer.setInterval(100)
        self._timer.timeout.connect(self._poll_search)
        self.inputs = SearchInputs(document)
        form = QFormLayout(self)
        # no caption row: the tab says "Search" and the result line what a search answers (a
        # row fewer keeps the inputs and the button in sight at 22 pt beside a lesson)
        form.addRow(self.inputs)
        form.addRow(self._build_buttons())
        self.result = label(
            "Find a code by SAT, or prove there is none: choose N, K, T, a field and a class, "
            "then Search. Answers are exact: "
            "a code (checked by Theorem 2 and a simulation), a proof that none "
            "exists in that class, or 'undecided' when the time runs out.",
            "search_result",
        )
        self.result.setAccessibleName("Search result")
        self.result.setTextInteractionFlags(Qt.TextSelectableByMouse)
        form.addRow(self.result)
        # a found code is offered, never put in the editor unasked (the user may be editing)
        self.found_code = None
        form.addRow(self._build_found_bar())

    def height_to_search_button(self) -> int:
        """The form's height from its top to below the Search button's row (its progress too),
        at its width: the part the reader needs in sight to search (the result comes after)."""
        self.layout().activate()
        return self.result.mapTo(self, QPoint(0, 0)).y()  # where the answer's line begins

    def _build_buttons(self) -> QWidget:
        """The time limit, Search, Cancel and the progress: one row, wrapping when narrow."""
        self.search_button = button("Search", "search_start", self._on_search_clicked)
        self.cancel_button = button("Cancel", "search_cancel", self._on_cancel_clicked, False)
        self.progress = QProgressBar()
        self.progress.setObjectName("search_progress")
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setTextVisible(True)
        self.progress.setFormat("idle")
        self.progress.setMinimumWidth(self.fontMetrics().horizontalAdvance("0" * 24))
        self.button_row = WrapRow(
            _labelled("Time limit", self.inputs.limit),
            self.search_button,
            self.cancel_button,
            self.progress,
        )
        return self.button_row

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:  # room for "12.3 s of at most 60 s"
            self.progress.setMinimumWidth(self.fontMetrics().horizontalAdvance("0" * 24))

    def _build_found_bar(self) -> QWidget:
        self.replace_button = button(
            "Replace the editor's code", "search_replace", self.use_found_code
        )
        self.replace_button.setToolTip("one undoable step: Ctrl+Z brings back the current code")
        self.beside_button = button(
            "Open beside (new window)", "search_beside", self.open_found_beside
        )
        self.keep_button = button("Keep current", "search_keep", self.keep_current)
        self.found_bar = WrapRow(self.replace_button, self.beside_button, self.keep_button)
        self.found_bar.setObjectName("search_found_bar")
        self.found_bar.hide()
        return self.found_bar

    def _on_search_clicked(self) -> None:
        if self.job is not None:
            return
        kw = self.inputs.spec_kwargs()
        try:
            make_spec(**kw)
        except RinglabError as e:
            self._show(f"Cannot search: {e}", RED)
            return
        self.state.run_search(SearchRequest(timeout=self.inputs.limit.value(), **kw))

    # -- the queue of requests ---------------------------------------------------------------
    @property
    def queue(self) -> list[SearchRequest]:
        """The searches asked for and waiting: the state's, less the one running."""
        return [r for r in self.state.searching if r is not self.request]

    def start_request(self, req: SearchRequest) -> None:
        """Run ``req`` in the worker now, or after the one running (the state's runner: the
        state holds it in ``searching`` until its outcome is recorded)."""
        if self.job is not None:
            self._show(
                f"Searching: {self._spec.describe()} … ({len(self.queue)} more "
                f"queued: {req.describe()})",
                GREY,
            )
            return
        kw = req.search_args()
        try:
            self._spec = make_spec(**kw)
        except RinglabError as e:
            self._show(f"Cannot search: {e}", RED)
            self._drop(req)
            self._next()
            return
        self._take_found()  # an offer not taken lapses with a new search
        self.inputs.show_request(req)
        self.request = req
        self._limit = req.timeout
        self.job = SearchJob("search", {**kw, "timeout": self._limit, "encoding": self.encoding})
        self.job.start()
        self._swap_enabled(self.cancel_button, self.search_button)
        self._show(f"Searching: {self._spec.describe()} …", GREY)
        self._timer.start()

    def _drop(self, req) -> None:
        """A request that ends without an outcome (cancelled, refused, failed)."""
        self.state.searching = tuple(r for r in self.state.searching if r is not req)

    def _next(self) -> None:
        if self.job is None and self.queue:
            self.start_request(self.queue[0])

    def _record(self, status: str, proof: str = "", code=None) -> None:
        req, self.request = self.request, None
        if req is not None:
            self.state.record_search(
                SearchOutcome(
                    req.N, req.K, req.T, req.field, bool(req.routing), status, proof, code
                ),
                req,
            )

    def _on_cancel_clicked(self) -> None:
        if self.job is None:
            return
        self.job.cancel()
        secs = self.job.elapsed
        self.job = None
        self._drop(self.request)
        self.request = None
        self._idle()
        self._show(
            f"Cancelled after {secs:.1f} s — nothing was decided about {self._spec.describe()}.",
            AMBER,
        )
        self.finished.emit("cancelled")
        self._next()

    def cancel(self) -> None:
        """End the search's worker, if one runs (the application is quitting)."""
        if self.job is not None:
            self.job.cancel()

    # -- the worker's answer -----------------------------------------------------------------
    def _poll_search(self) -> None:
        job = self.job
        if job is None:
            self._timer.stop()
            return
        job.poll()
        frac = min(job.elapsed / max(self._limit, 1e-9), 1.0)
        self.progress.setValue(int(frac * 1000))
        self.progress.setFormat(f"{job.elapsed:.1f} s of at most {self._limit} s")
        if not job.finished:
            if job.elapsed > self._limit + 10:  # the worker ignored its own limit
                job.cancel()
                self._end_job()
                self._show(f"Undecided: {self._spec.describe()} — time limit reached.", RED)
                self._record("undecided", "time limit")
                self.finished.emit("undecided")
                self._next()
            return
        self._end_job()
        if job.error:
            self._show(f"Search failed: {job.error}", RED)
            self._drop(self.request)
            self.request = None
            self.finished.emit("error")
            self._next()
            return
        res = job.result
        code = loads_code(res["code"], "search result") if res.get("code") else None
        self._show_answer(res, code)
        self._record(res["status"], res.get("proof") or "", code)
        self.finished.emit(res["status"])
        self._next()

    def _end_job(self) -> None:
        self.job = None
        self._timer.stop()
        self._idle()

    def _show_answer(self, res: dict, code) -> None:
        """The result line for a worker's answer; a found code is offered (or, for a lesson's
        request that loads it, said to be in the editor already)."""
        req = self.request
        if res["status"] == "found":
            self._found_summary = res["summary"]
            if req is not None and req.load:
                self._show(
                    f"Found — {res['summary']}. The lesson put it in the editor "
                    f"(Ctrl+Z brings back the previous code).",
                    GREEN,
                )
            else:
                self.found_code = code
                self._show(
                    f"Found — {res['summary']}. Put it in the editor, open it beside in "
                    f"a new window, or keep the current code?",
                    GREEN,
                )
                self.found_bar.show()
        elif res["status"] == "impossible":
            self._show("Impossible — " + res["summary"].split(": ", 1)[1] + ".", BLUE)
        else:
            self._show(
                f"Undecided — {res['summary'].split(': ', 1)[1]}. Try a longer time limit.", RED
            )

    # -- what to do with a found code ---------------------------------------------------
    def use_found_code(self) -> None:
        """Replace the editor's code by the found one (one undoable step)."""
        ask = getattr(self.window(), "maybe_save", None)
        if ask is not None and not ask("replace the editor's code"):
            return  # the user's unsaved work stays in the editor
        code = self._take_found()
        if code is None:
            return
        what = f"N = {code.N}, K = {code.K}, T = {code.T} over {code.field.name}"
        self.document.load_code(code, "search result", f"Search result: {what}")
        self._show(
            f"Found — {self._found_summary}. It is now in the editor "
            f"(Ctrl+Z brings back the previous code).",
            GREEN,
        )

    def open_found_beside(self) -> None:
        """Ask for the found code in a new window (``open_beside``); the editor keeps its."""
        code = self._take_found()
        if code is not None:
            self.open_beside.emit(code)

    def said_opened_beside(self) -> None:
        self._show(
            f"Found — {self._found_summary}. Opened beside in a new window; the editor "
            f"keeps its code.",
            GREEN,
        )

    def keep_current(self) -> None:
        if self._take_found() is not None:
            self._show(
                f"Found — {self._found_summary}. Not used: the editor keeps its code "
                f"(search again to get it back).",
                GREEN,
            )

    def _take_found(self):
        code, self.found_code = self.found_code, None
        self.found_bar.hide()
        return code

    def _idle(self) -> None:
        self._swap_enabled(self.search_button, self.cancel_button)
        self.progress.setValue(0)
        self.progress.setFormat("idle")

    @staticmethod
    def _swap_enabled(on, off) -> None:
        """``on`` enabled, ``off`` disabled; the keyboard focus on ``off`` passes to ``on``
        (disabling the focused button would pass it down the chain, to the rate explorer's
        column box below — its tab scrolled there, and the next key changed its columns)."""
        on.setEnabled(True)
        if off.hasFocus():
            on.setFocus(Qt.OtherFocusReason)
        off.setEnabled(False)

    def _show(self, text: str, colour: str) -> None:
        self.result.setText(text)
        set_text_colour(self.result, colour)
