"""Without an extra the window says which one to install where the user asks for it: the Run
panel (mpi: Run and Calibrate disabled, the status line), the Schedules tab's "Measure on N
processes" (mpi) and File → Export walkthrough… (video: the MP4 choice, then the status line).
A missing extra is simulated in this process (``sys.modules[name] = None``: its import and
``find_spec`` fail as if it were not installed)."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from ringlab import preset
from ringlab.gui.document import CodeDocument

VIDEO = "MP4 export needs the video extra (imageio-ffmpeg): pip install 'ringlab[video]'"
MPI = (
    "Running on real MPI processes needs the mpi extra (mpi4py, mpich): pip install 'ringlab[mpi]'"
)


@pytest.fixture
def no_mpi4py(monkeypatch):
    monkeypatch.setitem(sys.modules, "mpi4py", None)


@pytest.fixture
def no_video(monkeypatch):
    monkeypatch.setitem(sys.modules, "imageio_ffmpeg", None)


def propagation(qtbot):
    from ringlab.gui.views.propagation import PropagationView

    v = PropagationView(CodeDocument(preset("paper-k2-t3")))
    qtbot.addWidget(v)
    v.show()
    return v


def test_run_panel_without_mpi_says_which_extra_and_starts_nothing(qtbot, no_mpi4py):
    v = propagation(qtbot)
    qtbot.mouseClick(v.run_button, Qt.LeftButton)  # "Run on N processes…"
    panel = v._run_dialog.panel
    assert panel.status_text() == MPI
    for b in (panel.run_button, panel.calibrate_button):
        assert not b.isEnabled() and b.toolTip() == f"Disabled: {MPI}"
        qtbot.mouseClick(b, Qt.LeftButton)
    assert panel.run() is False and panel.calibrate() is False
    assert not panel.is_running() and panel.job == "" and panel.status_text() == MPI
    v._run_dialog.close()


def test_run_panel_with_mpi_offers_run(qtbot):
    """The same panel with the extra installed (the test extra has it): Run is offered."""
    pytest.importorskip("mpi4py")
    v = propagation(qtbot)
    qtbot.mouseClick(v.run_button, Qt.LeftButton)
    panel = v._run_dialog.panel
    assert panel.run_button.isEnabled() and panel.calibrate_button.isEnabled()
    assert panel.status_text() == "Not run yet."
    v._run_dialog.close()


def test_measure_on_n_processes_without_mpi_says_which_extra(qtbot, no_mpi4py):
    from ringlab.gui.views.schedules import SchedulesView

    view = SchedulesView(CodeDocument(preset("paper-k2-t3")))
    qtbot.addWidget(view)
    view.show()
    view.pages.setCurrentIndex(1)  # the cost explorer
    m = view.costs.measure
    assert not m.button.isEnabled()
    assert m.button.text().endswith("(unavailable: needs ringlab[mpi])")
    assert m.status.text() == MPI and m.button.toolTip() == f"Disabled: {MPI}"
    qtbot.mouseClick(m.button, Qt.LeftButton)
    assert not m.measurer.is_running() and m.measurement is None


def choose_in_dialog(monkeypatch, path: str, choose_mp4: bool) -> list[str]:
    """The save dialog: record the choices it offers, pick ``path`` (and the MP4 choice)."""
    offered: list[str] = []

    def dialog(parent, title, start, filters, *a, **k):
        offered.extend(filters.split(";;"))
        mp4 = next(f for f in offered if f.endswith("(*.mp4)"))
        return path, mp4 if choose_mp4 else ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
    return offered


@pytest.mark.parametrize("name, choose_mp4", [("walk.mp4", False), ("walk", True)])
def test_export_mp4_without_the_video_extra(
    qtbot, tmp_path, monkeypatch, no_video, name, choose_mp4
):
    v = propagation(qtbot)
    said = []
    v.message.connect(said.append)
    offered = choose_in_dialog(monkeypatch, str(tmp_path / name), choose_mp4)
    qtbot.mouseClick(v.export_button, Qt.LeftButton)
    assert "MP4 video, needs pip install 'ringlab[video]' (*.mp4)" in offered
    assert said == [f"Export not done: {VIDEO}"]
    assert not list(tmp_path.iterdir())


def test_the_mp4_choice_is_plain_with_the_video_extra(qtbot, tmp_path, monkeypatch):
    pytest.importorskip("imageio_ffmpeg")
    v = propagation(qtbot)
    offered = choose_in_dialog(monkeypatch, "", False)  # cancelled
    qtbot.mouseClick(v.export_button, Qt.LeftButton)
    assert "MP4 video (*.mp4)" in offered


def test_file_menu_export_mp4_without_the_video_extra_says_so_in_the_status_bar(
    qtbot, tmp_path, monkeypatch, no_video
):
    from ringlab.gui.app import create_window

    w = create_window(
        code=preset("paper-k2-t3"), load_views=True, check_recovery=False, autosave=False
    )
    w.ask_unsaved = lambda action: "discard"
    qtbot.addWidget(w)
    choose_in_dialog(monkeypatch, str(tmp_path / "walk.mp4"), False)
    action = next(
        a
        for m in w.menuBar().actions()
        for a in m.menu().actions()
        if a.text().replace("&", "").startswith("Export walkthrough")
    )
    action.trigger()
    qtbot.waitUntil(lambda: w.statusBar().currentMessage() == f"Export not done: {VIDEO}")
    assert not list(tmp_path.iterdir())
