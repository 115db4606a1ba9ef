"""The plain install has no networkx (it is the ``graph`` extra): the mesh's links and G_T's
nodes and edges are plain enumerations, checked here against networkx's own graphs (networkx
is in the test extra), and ``time_expanded_graph`` without it names the extra in one line."""

from __future__ import annotations

import sys

import networkx as nx
import pytest

from ringlab.core.errors import RinglabError
from ringlab.core.mesh.topology import Mesh
from ringlab.core.network import time_expanded, time_expanded_graph
from ringlab.lessons import registry
from ringlab.lessons.state import LabState

SHAPES = [(1,), (2,), (3,), (6,), (1, 1), (1, 3), (3, 1), (2, 2), (3, 2), (4, 3), (5, 5)]
SHAPES += [(2, 1, 2), (2, 3, 4), (3, 3, 3), (1, 1, 1), (4, 4, 2, 2)]


def networkx_grid(shape, torus):
    """networkx's grid graph renamed to our coordinates (dimension 0 first)."""
    g = nx.grid_graph(dim=list(shape), periodic=torus)
    return nx.relabel_nodes(
        g, {c: tuple(reversed(c)) if isinstance(c, tuple) else (c,) for c in g.nodes}
    )


@pytest.mark.parametrize("torus", [False, True], ids=["mesh", "torus"])
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_mesh_links_are_networkx_grid_graph_edges(shape, torus):
    m, g = Mesh(shape, torus), networkx_grid(shape, torus)
    ours = m.graph
    assert {frozenset(e) for e in ours.edges} == {frozenset(e) for e in g.edges}
    assert len(ours.edges) == ours.number_of_edges() == g.number_of_edges()  # none twice
    assert sorted(ours.nodes) == sorted(g.nodes)
    assert all(len(a) == m.n and len(b) == m.n for a, b in ours.edges)
    for a in g.nodes:
        for b in g.nodes:
            assert ours.has_edge(a, b) == g.has_edge(a, b), (a, b)


def test_mesh_links_need_no_networkx(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)
    m = Mesh.kary(4, 2, torus=True)
    assert m.graph.number_of_edges() == 2 * 16 and m.graph.has_edge((3, 0), (0, 0))


@pytest.mark.parametrize("orientation", ["horizontal", "vertical"])
@pytest.mark.parametrize("N, T", [(2, 1), (3, 4), (4, 3), (8, 16)])
def test_time_expanded_graph_is_built_from_the_enumeration(N, T, orientation):
    nodes, edges = time_expanded(N, T, orientation)
    G = time_expanded_graph(N, T, orientation)
    assert list(G.nodes(data=True)) == nodes
    assert list(G.edges(data=True)) == edges
    assert (G.graph["N"], G.graph["T"]) == (N, T)
    assert G.number_of_nodes() == N * (T + 1) and G.number_of_edges() == 2 * N * T


@pytest.mark.parametrize("N, T", [(3, 4), (5, 2), (2, 7)])
def test_the_lessons_graph_count_is_the_networkx_graphs(N, T, monkeypatch):
    G = time_expanded_graph(N, T)
    want = {
        "nodes": G.number_of_nodes(),
        "edges": G.number_of_edges(),
        "transmission": sum(d["kind"] == "transmission" for *_, d in G.edges(data=True)),
        "storage": sum(d["kind"] == "storage" for *_, d in G.edges(data=True)),
    }
    monkeypatch.setitem(sys.modules, "networkx", None)  # the probe never needs it
    probe = registry.PROBES["graph_count"].func
    st = LabState.initial()
    assert {w: probe(st, what=w, N=N, T=T) for w in want} == want


def test_time_expanded_graph_without_networkx_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)
    with pytest.raises(RinglabError) as e:
        time_expanded_graph(3, 4)
    assert str(e.value) == (
        "time_expanded_graph (G_T as a networkx graph) needs the graph extra (networkx): "
        "pip install 'ringlab[graph]'"
    )
    assert "\n" not in str(e.value)
