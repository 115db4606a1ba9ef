"""The engine's test hooks: ``RINGLAB_ENGINE_FAULT`` makes a rank misbehave on purpose.

* ``die:R`` — rank R exits with status 3 after ``ready``, before it sends;
* ``hang-setup:R`` — rank R sleeps before ``ready``: a start-up that never ends;
* ``deadlock`` — every rank receives before it sends: a real deadlock;
* ``wrong:R`` — (schedules) rank R drops the first message it is to add in the verified run.
"""

from __future__ import annotations

import os

FAULT_VARIABLE = "RINGLAB_ENGINE_FAULT"


def fault(rank: int) -> str:
    """The hook that applies to ``rank``: "deadlock", "die", "hang-setup", "wrong" or ""."""
    f = os.environ.get(FAULT_VARIABLE, "")
    if f == "deadlock":
        return "deadlock"
    kind, _, who = f.partition(":")
    if kind in ("die", "hang-setup", "wrong") and who.isdigit() and int(who) == rank:
        return kind
    return ""
