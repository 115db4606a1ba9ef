"""All-to-all broadcast on k-ary n-meshes and tori, with the hierarchical XOR network coding
of Shalaby, Fujiwara & Koibuchi ("the paper" in this package).  No Qt, no matplotlib.

- :mod:`.topology` — the mesh/torus (its grid of links), DOR routes, hop distances
- :mod:`.trees` — dimension-ordered multicast trees ("halving", "binomial")
- :mod:`.schedule` — rounds of unicasts and XORs, hop totals, link loads, a run on real bytes
- :mod:`.schemes` — all-at-once and tree all-to-all broadcast
- :mod:`.grouping`, :mod:`.coded` — steps (a)–(g) of the hierarchical network coding
- :mod:`.examples` — the paper's Fig. 1 (3×2 mesh) and Fig. 3 (2×2 mesh), traced
- :mod:`.sweep` — the group-size sweep and the CLI summary
"""

from .coded import BASES, RECEIVERS, coded
from .grouping import INTERMEDIATES, TILINGS, group_sizes, sweep_sizes
from .schedule import MEASURES, RunResult, Schedule, Step, label, random_blocks, run
from .schemes import all_at_once, tree
from .sweep import SWEEP_KS, best_group, schemes, summary, sweep, sweep_table
from .topology import MAX_NODES, Mesh
from .trees import TREES

__all__ = [
    "BASES",
    "INTERMEDIATES",
    "MAX_NODES",
    "MEASURES",
    "RECEIVERS",
    "SWEEP_KS",
    "TILINGS",
    "TREES",
    "Mesh",
    "RunResult",
    "Schedule",
    "Step",
    "all_at_once",
    "best_group",
    "coded",
    "group_sizes",
    "label",
    "random_blocks",
    "run",
    "schemes",
    "summary",
    "sweep",
    "sweep_sizes",
    "sweep_table",
    "tree",
]
