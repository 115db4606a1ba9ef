r"""The ring $G$ and its time-expanded network $G_T$ (Definition 1).

$G_T$ has nodes $(i, t)$ for $i = 0..N-1$, $t = 0..T$; a transmission edge
$(i, t) \to ((i+1) \bmod N, t+1)$ of capacity 1 and a storage edge $(i, t) \to (i, t+1)$ of
infinite capacity for every $t < T$.  Layer 0 holds the sources, layer T the destinations.

>>> G = time_expanded_graph(3, 4)
>>> G.number_of_nodes(), G.number_of_edges()
(15, 24)
>>> G.edges[(2, 0), (0, 1)]["wrap"]
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx


def time_expanded_graph(N: int, T: int, orientation: str = "horizontal") -> nx.DiGraph:
    """$G_T$ with typed edges and drawing positions.

    ``orientation="horizontal"``: time runs left to right (x = t, y = −i); ``"vertical"``:
    top to bottom (x = i, y = −t).  Node attributes: ``node``, ``t``, ``role``
    (source / relay / destination), ``pos``.  Edge attributes: ``kind`` (transmission /
    storage), ``capacity``, ``wrap`` (the edge $(N-1)^{(t)} \to 0^{(t+1)}$), ``t`` (send time).
    """
    if orientation not in ("horizontal", "vertical"):
        raise ValueError(f"orientation must be 'horizontal' or 'vertical', got {orientation!r}")
    import networkx as nx  # ~130 ms: only when a graph is asked for, not on `import ringlab`

    G = nx.DiGraph(N=N, T=T)
    for t in range(T + 1):
        for i in range(N):
            role = "source" if t == 0 else "destination" if t == T else "relay"
            pos = (t, -i) if orientation == "horizontal" else (i, -t)
            G.add_node((i, t), node=i, t=t, role=role, pos=pos)
    for t in range(T):
        for i in range(N):
            j = (i + 1) % N
            G.add_edge((i, t), (j, t + 1), kind="transmission", capacity=1, wrap=j < i, t=t)
            G.add_edge((i, t), (i, t + 1), kind="storage", capacity=math.inf, wrap=False, t=t)
    return G
