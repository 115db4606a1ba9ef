"""``pycryptosat`` is an optional extra (``ringlab[cms]``), and the cms backend says so."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_cms_is_a_declared_extra():
    tomllib = pytest.importorskip("tomllib")  # Python ≥ 3.11
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    assert any(r.startswith("pycryptosat") for r in extras["cms"])
    assert not any(r.startswith("pycryptosat") for r in project["dependencies"])


def test_cms_backend_without_pycryptosat_names_the_extra(monkeypatch):
    from ringlab.core.search import search

    monkeypatch.setitem(sys.modules, "pycryptosat", None)  # import pycryptosat now fails
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'ringlab\[cms\]'"):
        search(3, 1, 2, "GF(2)", backend="cms")


def test_video_mpi_and_graph_are_extras_and_the_test_extra_has_all():
    """The plain install is the app (≤ 500 MB, measured in README); MP4's ffmpeg, MPI and
    networkx are extras, ``all`` is the three, and the README's test command gets them all."""
    tomllib = pytest.importorskip("tomllib")  # Python ≥ 3.11
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    names = {"video": ["imageio-ffmpeg"], "mpi": ["mpi4py", "mpich"], "graph": ["networkx"]}
    for extra, packages in names.items():
        assert [r.split(">")[0].split(";")[0].strip() for r in extras[extra]] == packages
        assert not any(r.startswith(p) for r in project["dependencies"] for p in packages)
    assert extras["all"] == ["ringlab[video,mpi,graph]"]
    assert "ringlab[all]" in extras["test"]
