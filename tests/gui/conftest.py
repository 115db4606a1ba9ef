"""Shared GUI fixtures: a real main window on a preset, isolated settings, no prompts."""

import pytest

from ringlab import preset


@pytest.fixture
def open_window(qtbot):
    """``open_window(preset_name, size=None, **create_window_kwargs)`` → a shown main window."""
    from ringlab.gui.app import create_window
    from ringlab.gui.settings import settings

    def make(name="paper-k2-t3", size=None, **kw):
        settings().clear()
        kw.setdefault("check_recovery", False)
        kw.setdefault("autosave", False)
        w = create_window(code=preset(name), **kw)
        w.ask_unsaved = lambda action: "discard"
        qtbot.addWidget(w)
        if size:
            w.resize(*size)
        w.show()
        qtbot.waitExposed(w)
        return w

    return make


@pytest.fixture
def win(open_window):
    """The editor on the paper's K = 2, T = 3 code, without the extra view tabs."""
    return open_window("paper-k2-t3", load_views=False)
