"""The one way a GUI test gets a main window, isolated settings, no prompts.

* ``win`` — the window its test asks for with ``@pytest.mark.window(...)`` (on the test, its
  class or the module's ``pytestmark``); unmarked, the editor on the paper's K = 2, T = 3 code
  without the extra view tabs.
* ``open_window(...)`` — the same window, for a test that needs several, or a size or preset
  from its own parametrisation.

Both take ``name`` (a preset; ``None`` for the default one), ``code`` (a code instead of a
preset), ``size``, ``lessons`` (the Lessons panel open, with this test's own progress file),
``show`` (default True: shown and exposed), ``clear_settings`` (default True: a first start;
False reads what an earlier window of the test saved), ``points`` (a text size saved in the
settings before the window is built: a lecturer's second start at 22 pt, which the window
follows from its first frame — eleven Ctrl+= presses cost ~1 s of CPU each on an 8-node code;
tests about the zoom keys press them) and any ``create_window`` keyword (``load_views``,
``use_settings``, ``check_recovery``, ``autosave``, ``path``)."""

import pytest

from ringlab import preset


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "window(name=..., size=..., lessons=..., **create_window_kwargs): the main window "
        "the `win` fixture opens",
    )


def _new_window(
    monkeypatch,
    data_dir,
    name="paper-k2-t3",
    size=None,
    *,
    code=None,
    lessons=False,
    show=True,
    clear_settings=True,
    points=None,
    **kw,
):
    """A main window as the options say (the one place a GUI test builds one)."""
    from PySide6.QtTest import QTest

    from ringlab.gui.app import create_window
    from ringlab.gui.settings import settings

    if clear_settings:
        settings().clear()
    if points is not None:
        assert kw.get("use_settings", True), "points= is a saved text size: use_settings=True"
        settings().setValue("font_size", points)
    # this test's (or module's) own progress file and autosaves, whether or not it opens the
    # Lessons panel at once: a worker-wide data dir carried one test's answers into the next
    # (lesson 19 answered by one file, its veil "never shown" in a later one, CI)
    monkeypatch.setenv("RINGLAB_DATA_DIR", str(data_dir))
    kw.setdefault("check_recovery", False)
    kw.setdefault("autosave", False)
    if code is None and name is not None and not kw.get("path"):
        code = preset(name)
    w = create_window(code=code, **kw)
    w.ask_unsaved = lambda action: "discard"
    if size:
        w.resize(*size)
    if show:
        w.show()
        assert QTest.qWaitForWindowExposed(w, 60_000)
    if lessons:
        w.show_lessons()
    if points is not None:
        assert w.font().pointSize() == points, f"started at {w.font().pointSize()} pt"
    return w


@pytest.fixture
def open_window(qtbot, tmp_path, monkeypatch):
    """``open_window(name="paper-k2-t3", size=None, **options)`` → a main window of its own."""

    def make(*args, **kw):
        w = _new_window(monkeypatch, tmp_path / "data", *args, **kw)
        qtbot.addWidget(w)
        return w

    return make


@pytest.fixture(scope="module")
def shared_window(qapp, tmp_path_factory):
    """``shared_window(**options)`` → one window for the module's tests that only look at it
    (open a lesson, click a tab, scroll, read): built once per set of options, closed when the
    module ends.  A test that edits the code or answers takes ``win`` / ``open_window``."""
    made = {}

    with pytest.MonkeyPatch.context() as mp:

        def get(**options):
            key = repr(sorted(options.items()))
            if key not in made:
                data = tmp_path_factory.mktemp("shared-window")
                made[key] = _new_window(mp, data, **options)
            return made[key]

        yield get
        for w in made.values():
            w.close()
            w.deleteLater()


@pytest.fixture
def win(request, open_window):
    """The window of the test's ``window`` marker (unmarked: the editor on the paper's
    K = 2, T = 3 code, without the extra view tabs)."""
    marker = request.node.get_closest_marker("window")
    options = {"load_views": False} | (dict(marker.kwargs) if marker else {})
    return open_window(**options)


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item):
    """After pytest-qt has closed a test's windows (close + deleteLater), delete them now:
    ``processEvents`` never runs deferred deletes, so a worker that runs hundreds of window
    tests kept every closed window, its timers and jobs until some later event loop ran them —
    the late tests of a long worker then timed out waiting on a starved event loop (CI)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)


@pytest.fixture(autouse=True)
def _app_as_found(qapp):
    """The application's font and style as the test found them: a zoom past the app's size
    wraps the style in :class:`ScaledStyle` for the rest of the process, and a test that sets
    the app's font would size every later test's window differently, so a test passed alone
    and failed late in a worker."""
    font, style = qapp.font(), qapp.style()
    name = style.name()
    yield
    if qapp.style() is not style:
        from PySide6.QtWidgets import QStyleFactory

        qapp.setStyle(QStyleFactory.create(name))
    if qapp.font() != font:
        qapp.setFont(font)
