"""The one way a GUI test gets a main window, isolated settings, no prompts.

* ``win`` — the window its test asks for with ``@pytest.mark.window(...)`` (on the test, its
  class or the module's ``pytestmark``); unmarked, the editor on the paper's K = 2, T = 3 code
  without the extra view tabs.
* ``open_window(...)`` — the same window, for a test that needs several, or a size or preset
  from its own parametrisation.

Both take ``name`` (a preset; ``None`` for the default one), ``code`` (a code instead of a
preset), ``size``, ``lessons`` (the Lessons panel open, with this test's own progress file),
``show`` (default True: shown and exposed), ``clear_settings`` (default True: a first start;
False reads what an earlier window of the test saved) and any ``create_window`` keyword
(``load_views``, ``use_settings``, ``check_recovery``, ``autosave``, ``path``)."""

import pytest

from ringlab import preset


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "window(name=..., size=..., lessons=..., **create_window_kwargs): the main window "
        "the `win` fixture opens",
    )


@pytest.fixture
def open_window(qtbot, tmp_path, monkeypatch):
    """``open_window(name="paper-k2-t3", size=None, **options)`` → a main window."""
    from ringlab.gui.app import create_window
    from ringlab.gui.settings import settings

    def make(
        name="paper-k2-t3",
        size=None,
        *,
        code=None,
        lessons=False,
        show=True,
        clear_settings=True,
        **kw,
    ):
        if clear_settings:
            settings().clear()
        if lessons:  # this test's own progress file
            monkeypatch.setenv("RINGLAB_DATA_DIR", str(tmp_path / "data"))
        kw.setdefault("check_recovery", False)
        kw.setdefault("autosave", False)
        if code is None and name is not None and not kw.get("path"):
            code = preset(name)
        w = create_window(code=code, **kw)
        w.ask_unsaved = lambda action: "discard"
        qtbot.addWidget(w)
        if size:
            w.resize(*size)
        if show:
            w.show()
            qtbot.waitExposed(w)
        if lessons:
            w.show_lessons()
        return w

    return make


@pytest.fixture
def win(request, open_window):
    """The window of the test's ``window`` marker (unmarked: the editor on the paper's
    K = 2, T = 3 code, without the extra view tabs)."""
    marker = request.node.get_closest_marker("window")
    options = {"load_views": False} | (dict(marker.kwargs) if marker else {})
    return open_window(**options)
