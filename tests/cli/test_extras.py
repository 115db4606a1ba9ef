"""Without an extra, the command that needs it says which one in one line (exit 2), and the
plain install's commands do not need it.  A missing extra is simulated in this process:
``sys.modules[name] = None`` makes ``import name`` (and ``find_spec``) fail as if it were not
installed; a missing mpiexec is a Python with none beside it and an empty ``PATH``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ringlab.cli import main

ROOT = Path(__file__).resolve().parents[2]
VIDEO = "MP4 export needs the video extra (imageio-ffmpeg): pip install 'ringlab[video]'"
MPI = (
    "Running on real MPI processes needs the mpi extra (mpi4py, mpich): pip install 'ringlab[mpi]'"
)


def ringlab(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def no_video(monkeypatch):
    monkeypatch.setitem(sys.modules, "imageio_ffmpeg", None)


@pytest.fixture
def no_mpi4py(monkeypatch):
    monkeypatch.setitem(sys.modules, "mpi4py", None)


def test_mp4_without_the_video_extra_is_one_line_and_writes_nothing(capsys, tmp_path, no_video):
    out = tmp_path / "walk.mp4"
    code, stdout, err = ringlab(capsys, "export", "preset:paper-k2-t3", "-o", out)
    assert (code, stdout, err.splitlines()) == (2, "", [f"ringlab export: error: {VIDEO}"])
    assert not out.exists()
    code, _, err = ringlab(capsys, "export", "preset:paper-k2-t3", "-f", "mp4", "-o", out)
    assert (code, err.splitlines()) == (2, [f"ringlab export: error: {VIDEO}"])
    assert not out.exists()


@pytest.mark.parametrize("fmt", ["gif", "png", "pdf"])
def test_the_plain_exports_need_no_video_extra(capsys, tmp_path, no_video, fmt):
    out = tmp_path / f"walk.{fmt}"
    code, _, err = ringlab(capsys, "export", "preset:paper-k2-t3", "-o", out)
    assert code == 0, err
    assert out.stat().st_size > 0 and "extra" not in err


def test_mp4_with_the_video_extra_is_written(capsys, tmp_path):
    pytest.importorskip("imageio_ffmpeg")
    out = tmp_path / "walk.mp4"
    code, _, err = ringlab(capsys, "export", "preset:paper-k2-t3", "-o", out)
    assert code == 0, err
    assert out.read_bytes()[4:8] == b"ftyp"  # an MP4 container


@pytest.mark.parametrize(
    "args",
    [
        ["preset:paper-k2-t3"],
        ["preset:paper-k2-t3", "--calibrate"],
        ["--calibrate"],
        ["--schedule", "ring", "--procs", "3"],
    ],
)
def test_run_without_mpi4py_is_one_line_exit_2(capsys, no_mpi4py, args):
    code, out, err = ringlab(capsys, "run", *args)
    assert (code, out, err.splitlines()) == (2, "", [f"ringlab run: error: {MPI}"])


def test_run_json_without_mpi4py_ends_with_the_error_event(capsys, no_mpi4py):
    """The window's Run panel reads ``--json``: the last line says the same, with exit 2."""
    code, out, _ = ringlab(capsys, "run", "preset:paper-k2-t3", "--json")
    assert code == 2
    assert json.loads(out.splitlines()[-1]) == {"event": "error", "exit": 2, "message": MPI}


def test_run_without_an_mpiexec_names_the_mpi_extra(capsys, tmp_path, monkeypatch):
    """mpi4py here but no mpich: no mpiexec beside this Python nor on PATH."""
    pytest.importorskip("mpi4py")  # (else the mpi4py line comes first)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bin" / "python"))
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("RINGLAB_MPIEXEC", raising=False)
    code, _, err = ringlab(capsys, "run", "preset:paper-k2-t3")
    assert code == 2
    assert err.splitlines() == [
        "ringlab run: error: Running on real MPI processes needs the mpi extra (mpi4py, mpich; "
        "no mpiexec beside this Python or on PATH): pip install 'ringlab[mpi]'"
    ]


def test_the_extras_are_checked_not_assumed(capsys):
    """With the extras installed (the test extra pulls in ringlab[all]) there is no such line:
    the checks above fail for the reason they name, not always."""
    from ringlab.core.extras import installed
    from ringlab.engine.launch import mpi_missing

    assert installed("video") and installed("graph") and mpi_missing() is None


def test_without_networkx_the_lesson_on_g_t_still_checks(capsys, monkeypatch):
    """Lesson 7 counts G_T's nodes and edges (the graph_count probe): no networkx needed."""
    monkeypatch.setitem(sys.modules, "networkx", None)
    code, _, err = ringlab(capsys, "lessons", "check", ROOT / "lessons/07-time-expanded-graph.md")
    assert code == 0, err
