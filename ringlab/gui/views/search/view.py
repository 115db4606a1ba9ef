"""The Search tab: the search form above the rate explorer, each in its own pane of a splitter
(drag to share the height).  The form's inputs and its Search button are always in sight: the
splitter cannot make its pane shorter than that.  The explorer gets room for eight whole rows of
its table when the tab has it (the form's result line then scrolls in its pane, and comes into
sight when a search ends); in a short tab (a lesson open, large text) the explorer keeps fewer
rows, and its "Own window" button puts it in a resizable window of its own, eight rows tall;
closing that window puts it back.

A double-clicked cell of the rate table fills the form; a found code the user wants beside
opens in a new window of the kind this view is in, on a document of its own.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QScrollArea, QSplitter, QVBoxLayout, QWidget

from ....state.tabs import SEARCH
from ...screen_fit import ScreenFit
from .._base import DocumentView
from .form import SearchForm
from .rates import RateExplorer


class _FormPane(QScrollArea):
    """The form's pane: it scrolls vertically when the splitter makes it short, never sideways
    — it is as wide as the form at least (the tab then scrolls, where the reader sees it)."""

    def __init__(self, form):
        super().__init__()
        self.setObjectName("search_form_pane")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setWidget(form)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(
            self.widget().minimumSizeHint().width() + bar, super().minimumSizeHint().height()
        )


class _RatesWindow(QWidget):
    """The rate explorer's own window (a child window of the view: it takes the window's text
    size and closes with it); ``closed`` when the reader closes it."""

    closed = Signal()

    def __init__(self, parent):
        super().__init__(parent, Qt.Window)
        self.setObjectName("search_rates_window")
        self.setAttribute(Qt.WA_WindowPropagation)  # the main window's text size reaches it
        self.setWindowTitle("Rate explorer — ringlab")
        QVBoxLayout(self)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().closeEvent(event)
        self.closed.emit()


class SearchView(DocumentView):
    TITLE = SEARCH

    def __init__(self, document, parent=None):
        super().__init__(document, parent)
        self.state = document.state
        self.form = SearchForm(document)
        self.rates = RateExplorer()
        self.beside_windows: list = []  # windows opened beside (kept alive here)
        form_pane = _FormPane(self.form)
        self.form_pane = form_pane
        self._fit_form_pane()
        # its rows wrap with its width and grow with the text: the pane's minimum follows
        self.form.installEventFilter(self)
        split = self.split = QSplitter(Qt.Vertical)
        split.setObjectName("search_split")
        split.setChildrenCollapsible(False)
        split.addWidget(form_pane)
        split.addWidget(self.rates)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        self._shared = False  # the height shared once the panes have sizes (then the user's)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)  # the panes' frames are margin enough
        lay.addWidget(split)
        self._expose_parts()
        self.rates.cell_chosen.connect(self.form.inputs.fill)
        self.rates_window: _RatesWindow | None = None
        self.rates.own_window.connect(self._on_own_window)
        self.form.open_beside.connect(self._on_open_beside)
        self.form.finished.connect(self._on_search_finished)
        self.form.inputs._on_from_editor_clicked()
        app = QCoreApplication.instance()
        if app is not None:  # the main window never closes this widget itself
            app.aboutToQuit.connect(self._on_app_quitting)

    def _expose_parts(self) -> None:
        """The parts' widgets by the names lessons' checks and tests use on the view."""
        f, i, r = self.form, self.form.inputs, self.rates
        self.finished = f.finished
        self.n_spin, self.k_spin, self.t_spin, self.limit = i.n_spin, i.k_spin, i.t_spin, i.limit
        self.field_box, self.class_box, self.from_editor = i.field_box, i.class_box, i.from_editor
        self.search_button, self.cancel_button, self.progress = (
            f.search_button,
            f.cancel_button,
            f.progress,
        )
        self.result, self.found_bar = f.result, f.found_bar
        self.replace_button, self.beside_button = f.replace_button, f.beside_button
        self.keep_button = f.keep_button
        self.table, self.table_note = r.table, r.table_note
        self.recompute_button, self.cell_status = r.recompute_button, r.cell_status

    @property
    def job(self):
        """The search running in the worker, or None."""
        return self.form.job

    @property
    def cell_job(self):
        """The rate table's row being recomputed, or None."""
        return self.rates.cell_job

    @property
    def encoding(self) -> str:
        return self.form.encoding

    @encoding.setter
    def encoding(self, value: str) -> None:
        self.form.encoding = value

    def start_request(self, req) -> None:
        """Run a search request of the state (see :meth:`SearchForm.start_request`)."""
        self.form.start_request(req)

    def refresh(self) -> None:
        self.form.inputs.refresh()

    def hideable(self) -> dict:
        """What a lesson's question may hide here (hide:): the rate table, whose cells give
        the smallest T a prediction may ask for (in the tab or in its own window)."""
        return {"rate-table": (self.rates.table,)}

    def _fit_form_pane(self) -> None:
        """The form's pane never shorter than the form down to its Search button: the splitter
        cannot hide the inputs or the button (the result line below scrolls in the pane); a tab
        too short for this and the explorer's fewest rows scrolls, the form at its top."""
        need = self.form.height_to_search_button() + 2 * self.form_pane.frameWidth()
        if need != self.form_pane.minimumHeight():
            self.form_pane.setMinimumHeight(need)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if obj is self.form and event.type() in (QEvent.Resize, QEvent.LayoutRequest):
            self._fit_form_pane()
        return super().eventFilter(obj, event)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if not self._shared:
            QTimer.singleShot(0, self, lambda: self._share_height())

    def _share_height(self, show_result: bool = False) -> None:
        """The whole form when it fits above the explorer's eight rows, else the form down to
        its Search button (never a line cut in half at the pane's edge); the explorer the rest.
        With ``show_result`` (a search has ended) the form takes what it needs to show its
        result and the found code's buttons whole, short of the explorer's fewest rows."""
        total = sum(self.split.sizes())
        if total <= 0:
            return
        self._shared = True
        whole = self._whole_form_height()
        need = self.form_pane.minimumHeight()
        if show_result:
            form = min(whole, total - self.rates.minimumHeight())
        else:
            form = whole if whole <= total - self.rates.eight_rows_height() else need
        form = max(form, need)
        self.split.setSizes([form, total - form])
        if show_result:  # a pane still too short for it (large text) scrolls to it, once the
            QTimer.singleShot(0, self, lambda: self._scroll_to_result())  # splitter has laid it out

    def _scroll_to_result(self) -> None:
        bar = self.form.found_bar
        for part in (self.form.result, bar) if bar.isVisibleTo(self.form) else (self.form.result,):
            self.form_pane.ensureWidgetVisible(part, 0, 0)

    def _whole_form_height(self) -> int:
        """The form's height with every line of it shown, at the pane's width."""
        width = self.form_pane.viewport().width()
        if self.form.hasHeightForWidth() and width > 0:
            height = self.form.heightForWidth(width)
        else:
            height = self.form.sizeHint().height()
        return height + 2 * self.form_pane.frameWidth()

    def _on_search_finished(self, _status: str) -> None:
        # the answer is what the reader waited for: in sight whole, whatever the splitter was
        QTimer.singleShot(0, self, lambda: self._share_height(show_result=True))

    # -- the explorer in a window of its own ---------------------------------------------
    def _on_own_window(self, out: bool) -> None:
        if out and self.rates_window is None:
            win = self.rates_window = _RatesWindow(self)
            win.closed.connect(lambda: self.rates.window_button.setChecked(False))
            win.layout().addWidget(self.rates)
            self.rates.show()
            # as wide as the window it comes from (the caption and its rows of buttons on one
            # line each, more columns), then as tall as eight rows ask at that width
            win.resize(max(self.width(), self.window().width() - 40), self.height())
            win.show()
            # never larger than the screen it is on (at 22 pt on a 1280×720 laptop the main
            # window's width and eight rows' height may both be more): it scrolls inside
            fit = ScreenFit(win, None)
            fit.clamp()  # the width first: the caption wraps to it, taking its height
            win.layout().activate()
            margins = win.layout().contentsMargins()
            win.resize(
                win.width(), self.rates.eight_rows_height() + margins.top() + margins.bottom()
            )
            fit.clamp()
            win.raise_()
            win.activateWindow()
        elif not out and self.rates_window is not None:
            win, self.rates_window = self.rates_window, None
            self.split.addWidget(self.rates)
            self.split.setStretchFactor(1, 1)
            self.rates.show()
            win.hide()
            win.deleteLater()
            self._share_height()

    def _on_open_beside(self, code):
        """A new window on the found code, made by the class of the window this view is in
        (views never import the app that makes windows); this window's editor is left as it
        is.  No recovery prompt, no autosave, no remembered geometry: as a fresh window."""
        host = self.window()
        if host is self:  # a view on its own, outside any window: nothing to open beside
            return None
        win = type(host)(
            type(self.document)(code), check_recovery=False, autosave=False, use_settings=False
        )
        win.setAttribute(Qt.WA_DeleteOnClose)
        win.destroyed.connect(
            lambda *_: self.beside_windows.remove(win) if win in self.beside_windows else None
        )
        self.beside_windows.append(win)
        win.show()
        self.form.said_opened_beside()
        return win

    def _on_app_quitting(self) -> None:
        self.form.cancel()
        self.rates.cancel()

    def closeEvent(self, event) -> None:
        self._on_app_quitting()
        super().closeEvent(event)
