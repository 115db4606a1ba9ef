"""The command line in-process: ``ringlab.cli.main(argv)`` with ``capsys``, as a user's shell
would see it (exit code, stdout, stderr), at about a millisecond a call instead of a Python start.
A subprocess stays only where the process itself is under test (start-up without a display, a
missing Qt library, ``python -m ringlab``, the console script, signals to ``ringlab run``).

What a fresh process used to reset is reset here after every test: the palette drawings use
(``--palette``), the application font and names ``make_app`` sets, and the
working directory and environment (``monkeypatch``)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest


@dataclass
class Ran:
    """What a shell sees of one ``ringlab …``: the exit code and the two streams."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def ringlab(capsys, monkeypatch, tmp_path):
    """``ringlab(*args)``: run ``ringlab ARGS`` in this process, in the test's ``tmp_path`` as
    the working directory (relative names land there); a :class:`Ran`."""
    from ringlab.cli import main

    monkeypatch.chdir(tmp_path)

    def run(*args) -> Ran:
        capsys.readouterr()  # only this command's output
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return Ran(code, out, err)

    return run


@pytest.fixture(autouse=True)
def _same_palette_after():
    """``--palette`` changes the palette of every later drawing in the process: put it back.
    (Drawings use matplotlib's rc only inside ``rc_context``: nothing global to undo.)"""
    from ringlab.render.palette import palette_name, use_palette

    palette = palette_name()
    yield
    if palette_name() != palette:
        use_palette(palette)


@pytest.fixture
def qt_app(qapp):
    """pytest-qt's QApplication for a command that makes one (``screenshot``): ``make_app``
    finds it; the font and names it sets are put back, and a window the command left behind
    (a refusal after the window was made) is closed, as the process's exit did."""
    font, org, name = qapp.font(), qapp.organizationName(), qapp.applicationName()
    before = set(map(id, qapp.topLevelWidgets()))
    yield qapp
    for w in qapp.topLevelWidgets():
        if id(w) not in before:
            w.close()
            w.deleteLater()
    qapp.processEvents()
    qapp.setFont(font)
    qapp.setOrganizationName(org)
    qapp.setApplicationName(name)
