r"""The ring $G$ and its time-expanded network $G_T$ (Definition 1).

$G_T$ has nodes $(i, t)$ for $i = 0..N-1$, $t = 0..T$; a transmission edge
$(i, t) \to ((i+1) \bmod N, t+1)$ of capacity 1 and a storage edge $(i, t) \to (i, t+1)$ of
infinite capacity for every $t < T$.  Layer 0 holds the sources, layer T the destinations.

:func:`time_expanded` lists them as plain data (no library needed: the course counts them);
:func:`time_expanded_graph` builds a networkx ``DiGraph`` from that very list (the ``graph``
extra, ``pip install 'ringlab[graph]'``), so the two agree by construction.

>>> nodes, edges = time_expanded(3, 4)
>>> len(nodes), len(edges)
(15, 24)
>>> next(d["wrap"] for u, v, d in edges if (u, v) == ((2, 0), (0, 1)))
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .extras import require

if TYPE_CHECKING:
    import networkx as nx


def time_expanded(
    N: int, T: int, orientation: str = "horizontal"
) -> tuple[list[tuple[tuple[int, int], dict]], list[tuple[tuple[int, int], tuple[int, int], dict]]]:
    """$G_T$'s nodes ``[((i, t), attributes)]`` and edges ``[((i, t), (j, t + 1), attributes)]``.

    ``orientation="horizontal"``: time runs left to right (x = t, y = −i); ``"vertical"``:
    top to bottom (x = i, y = −t).  Node attributes: ``node``, ``t``, ``role``
    (source / relay / destination), ``pos``.  Edge attributes: ``kind`` (transmission /
    storage), ``capacity``, ``wrap`` (the edge $(N-1)^{(t)} \to 0^{(t+1)}$), ``t`` (send time).
    Edges are listed per t, per node i: i's transmission edge, then its storage edge.
    """
    if orientation not in ("horizontal", "vertical"):
        raise ValueError(f"orientation must be 'horizontal' or 'vertical', got {orientation!r}")
    nodes = []
    for t in range(T + 1):
        for i in range(N):
            role = "source" if t == 0 else "destination" if t == T else "relay"
            pos = (t, -i) if orientation == "horizontal" else (i, -t)
            nodes.append(((i, t), dict(node=i, t=t, role=role, pos=pos)))
    edges = []
    for t in range(T):
        for i in range(N):
            j = (i + 1) % N
            edges.append(
                ((i, t), (j, t + 1), dict(kind="transmission", capacity=1, wrap=j < i, t=t))
            )
            edges.append(
                ((i, t), (i, t + 1), dict(kind="storage", capacity=math.inf, wrap=False, t=t))
            )
    return nodes, edges


def time_expanded_graph(N: int, T: int, orientation: str = "horizontal") -> nx.DiGraph:
    """$G_T$ as a networkx ``DiGraph`` (graph attributes ``N``, ``T``) with the nodes, edges
    and attributes of :func:`time_expanded`; needs the ``graph`` extra (networkx).

    >>> G = time_expanded_graph(3, 4)
    >>> G.number_of_nodes(), G.number_of_edges(), G.edges[(2, 0), (0, 1)]["wrap"]
    (15, 24, True)
    """
    nodes, edges = time_expanded(N, T, orientation)
    require("graph", "time_expanded_graph (G_T as a networkx graph)")
    import networkx as nx  # ~130 ms: only when a graph is asked for, not on `import ringlab`

    G = nx.DiGraph(N=N, T=T)
    G.add_nodes_from(nodes)
    G.add_edges_from(edges)
    return G
