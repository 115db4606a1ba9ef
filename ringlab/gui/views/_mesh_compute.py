"""What the Mesh tab shows, worked out for one :class:`MeshKey` (its parameters) by
:func:`compute` — no Qt: it runs in a worker thread, and stops between its parts once its key
is no longer wanted.  All mathematics is :mod:`ringlab.core.mesh`; the sweep is kept per
(n, torus, measure, base), so parameters seen before are quick."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ...core.mesh import MAX_NODES, Mesh, best_group, run, schemes, sweep, sweep_sizes, sweep_table

DETAIL_NODES = 64  # payloads named and every decode run on bytes up to this size
DRAW_NODES = 256  # beyond this the mesh is not drawn (totals and sweep only)


class MeshKey(NamedTuple):
    """Everything a Mesh-tab result depends on: the tab's parameters (not the ring code)."""

    k: int
    n: int
    torus: bool
    group: int | None  # None: the sweep's best
    base: str
    measure: str

    @property
    def mesh(self) -> Mesh:
        return Mesh.kary(self.k, self.n, self.torus)

    @property
    def sweep_key(self) -> tuple:
        return (self.n, self.torus, self.measure, self.base)


@dataclass
class MeshResult:
    """What the tab shows for one :class:`MeshKey`, all numbers worked out (the GUI thread only
    lays them out and draws)."""

    key: MeshKey
    mesh: Mesh
    schedules: dict  # {"all-at-once", "tree", "coded"}: core Schedules
    run: object  # the coded run on real bytes (None above DETAIL_NODES)
    totals: dict  # {scheme: hops in the key's measure}
    rows: list  # (scheme, hops, steps, packets, unicasts)
    step_hops: dict  # {scheme: [hops of each step in the key's measure]}
    sweep_data: dict  # the sweep plot's data, this k included when it tiles


class Dropped(Exception):
    """The computation stopped early: its key was no longer wanted."""


_SWEEPS: dict = {}  # sweep_key → sweep_table(…) (numbers only: a few KB each)
_SWEEPS_LOCK = threading.Lock()


def _sweep_table(key: MeshKey, check: Callable[[], None] = lambda: None) -> dict:
    """The sweep plot's table for ``key``, one k at a time with ``check()`` between them: a
    reader who ticks torus, then tree, then unicast waits for one 1,024-node sweep, not three
    (the first two, no longer wanted, stop after the k they are at)."""
    with _SWEEPS_LOCK:
        table = _SWEEPS.get(key.sweep_key)
    if table is None:
        table = {}
        for k in (k for k in (4, 8, 16, 32) if k**key.n <= MAX_NODES):
            check()
            table |= sweep_table([k], key.n, key.torus, key.measure, base=key.base)
        with _SWEEPS_LOCK:
            _SWEEPS[key.sweep_key] = table
    return table


def compute(key: MeshKey, wanted: Callable[[], bool] = lambda: True) -> MeshResult:
    """The tab's numbers for ``key``: the three schedules, their totals, the coded run on bytes
    and the sweep.  Raises :class:`Dropped` between its parts once ``wanted()`` is False."""

    def check():
        if not wanted():
            raise Dropped(key)

    check()
    m = key.mesh
    options = {"base": key.base}
    table = _sweep_table(key, check)
    check()
    data = dict(table)
    points = table[m.k]["sweep"] if m.k in table else None
    if m.k not in data and sweep_sizes(m):
        points = sweep(m, key.measure, **options)
        check()
    group = key.group
    if group is None:
        group = best_group(m, points, measure=key.measure, **options)
    detail = m.N <= DETAIL_NODES
    scheds = schemes(m, group, detail=detail, measure=key.measure, **options)
    check()
    if m.k not in data and sweep_sizes(m):
        data[m.k] = {
            "nodes": m.N,
            "sweep": points,
            "all-at-once": scheds["all-at-once"].hops,
            "tree": scheds["tree"].hops,
        }
    step_hops = {name: [st.hops(m, key.measure) for st in s.steps] for name, s in scheds.items()}
    totals = {name: sum(h) for name, h in step_hops.items()}
    rows = [(name, totals[name], s.rounds, s.packets, s.unicasts) for name, s in scheds.items()]
    check()
    result = run(scheds["coded"]) if detail else None
    if m.N <= DRAW_NODES:
        try:  # the grid of links built here, not in paint
            m.graph  # noqa: B018 (a failure shows where the mesh is drawn)
        except Exception:  # noqa: BLE001
            pass
    return MeshResult(key, m, scheds, result, totals, rows, step_hops, data)
