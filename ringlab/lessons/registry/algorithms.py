"""The all-reduce algorithms the Schedules tab can show beside ring and tree."""

from __future__ import annotations

from .limits import brief

# ringlab.core.schedules.known_schedules() without its alias (nccl-ring is the ring); written
# out so that reading a lesson does not import the schedules (tests hold it to the core's list)
ALGORITHMS = (
    "ring",
    "tree",
    "recursive-doubling",
    "rabenseifner",
    "swing",
    "bruck",
    "bruck-bw",
    "trivance",
    "trivance-bw",
    "nccl-tree",
    "nccl-tree-pipelined",
)
EXTRAS = ALGORITHMS[2:]  # the ones ticked under 'Also show'; ring and tree are always shown


def check_names(v) -> str | None:
    """Why ``v`` is not a list of algorithms the tab adds (None if it is one)."""
    bad = [x for x in v if not isinstance(x, str) or x not in EXTRAS]
    if bad:
        return (
            f"names: {brief(bad[0])} is not an algorithm the tab adds (expected some of "
            f"{', '.join(EXTRAS)}; ring and tree are always shown)"
        )
    return None


def ordered(names) -> tuple:
    """As the tab keeps them: once each, in the core's table order."""
    return tuple(n for n in EXTRAS if n in set(names))
