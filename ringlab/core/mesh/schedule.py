r"""A communication schedule on a mesh, its hop count, link loads, and a run on real bytes.

A :class:`Schedule` is a list of :class:`Step`\ s.  A step is one synchronous round: first its
XOR operations (``ops``: encode at an intermediate node, or decode at a receiver) run in order
at their nodes, then its unicasts (``src[f] → dst[f]``, ``count[f]`` packets each, every packet
one block long) are sent, reading what the sender held at the start of the round.  Payloads are
keys: ``("d", j)`` is node j's block $d_{j+1}$ (the paper counts from 1), ``("x", i, j)`` is
$d_{i+1} \oplus d_{j+1}$.

Aggregate hop count (the paper's measure, Sect. 4), in one of two readings (``measure``):
``"packet"`` (default): every packet (one block: a raw block or an XOR of two) costs the hops of
its DOR route, $H = \sum_f \mathrm{count}_f \cdot \mathrm{dist}(\mathrm{src}_f, \mathrm{dst}_f)$ —
link traffic in blocks.  Every all-to-all broadcast needs $H \ge N(N-1)$ (each node must receive
N−1 blocks' worth, each over at least one link).  ``"unicast"``: a unicast (one message from
src to dst, however many packets it carries) costs its route once, $\sum_f \mathrm{dist}_f$ —
the reading of the paper's "sum of unicast path hop counts" (Fig. 2) under which a coded
message of $(G-1)(M-1)$ packets is as cheap as one block.  ``steps`` counts rounds that send
something (an XOR-only round costs no link time).

:func:`run` plays a schedule on real byte blocks: every node starts with its own block, every
send checks that the sender holds the payload, every XOR is computed on the bytes, and every
decoded block is compared with the original.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from ..errors import RinglabError

MEASURES = ("packet", "unicast")


def label(key, names: dict | None = None) -> str:
    """``("d", 0)`` → ``d1``; ``("x", 0, 1)`` → ``d1⊕d2`` (the paper's 1-based names), or
    the names given per node (Fig. 1: ``{0: "A", 2: "B"}`` → ``A⊕B``)."""
    name = (lambda j: names[j]) if names else (lambda j: f"d{j + 1}")
    if key[0] == "d":
        return name(key[1])
    return f"{name(key[1])}⊕{name(key[2])}"


@dataclass(frozen=True)
class Op:
    """XOR at ``node``: ``out = in_keys[0] ⊕ in_keys[1]`` (bytes)."""

    node: int
    out: tuple
    in_keys: tuple

    def text(self, node_name=None, names=None) -> str:
        a, b = self.in_keys
        who = node_name(self.node) if node_name else f"node {self.node + 1}"
        return f"{who}: {label(self.out, names)} = ({label(a, names)}) ⊕ ({label(b, names)})"


@dataclass
class Step:
    """One round: ``ops`` then the unicasts ``src → dst`` (``count`` packets each)."""

    name: str
    title: str
    src: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    dst: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    count: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    payloads: list | None = None  # per flow: tuple of keys (None: counts only)
    ops: list = field(default_factory=list)

    def __post_init__(self):
        self.src = np.asarray(self.src, dtype=np.int64)
        self.dst = np.asarray(self.dst, dtype=np.int64)
        self.count = np.asarray(self.count, dtype=np.int64)
        if self.payloads is not None:
            assert len(self.payloads) == len(self.src)
            assert all(len(p) == c for p, c in zip(self.payloads, self.count))

    @property
    def packets(self) -> int:
        return int(self.count.sum())

    def hops(self, mesh, measure: str = "packet") -> int:
        if not len(self.src):
            return 0
        d = mesh.distance(self.src, self.dst)
        return int(d.sum() if measure == "unicast" else (d * self.count).sum())

    def link_load(self, mesh) -> Counter:
        """Packets crossing each directed link (u, w) in this round."""
        load: Counter = Counter()
        for s, d, c in zip(self.src.tolist(), self.dst.tolist(), self.count.tolist()):
            for ln in mesh.links(s, d):
                load[ln] += c
        return load

    def transfers(self):
        """(src, dst, key) for every packet (needs payloads)."""
        for s, d, keys in zip(self.src.tolist(), self.dst.tolist(), self.payloads):
            for key in keys:
                yield s, d, key


def block_step(name: str, title: str, src, dst, detail: bool, owner=None) -> Step:
    """A round of one-packet unicasts, each carrying the block of its ``owner`` (default: the
    sender); payloads only with ``detail``."""
    owner = src if owner is None else owner
    return Step(
        name,
        title,
        src,
        dst,
        np.ones(len(src), dtype=np.int64),
        [(("d", int(v)),) for v in owner] if detail else None,
    )


@dataclass
class Schedule:
    """A named scheme on a mesh: its rounds and the options it was built with."""

    name: str
    mesh: object
    steps: list
    options: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    node_names: dict | None = None  # e.g. Fig. 1's S1, IS, …; default "node v+1"
    block_names: dict | None = None  # e.g. Fig. 1's A, B; default d1, d2, …

    def node_name(self, v: int) -> str:
        return self.node_names[v] if self.node_names else f"node {v + 1}"

    def label(self, key) -> str:
        return label(key, self.block_names)

    def lines(self) -> list[str]:
        """The schedule as text: every round, every transfer and every XOR."""
        out = []
        for st in self.steps:
            h = st.hops(self.mesh)
            out.append(
                f"Step {st.name}: {st.title} — {st.packets} packet"
                f"{'s' * (st.packets != 1)}, {h} hop{'s' * (h != 1)}"
            )
            for op in st.ops:
                out.append(f"  XOR  {op.text(self.node_name, self.block_names)}")
            if st.payloads is not None:
                for s, d, keys in zip(st.src.tolist(), st.dst.tolist(), st.payloads):
                    h = int(self.mesh.distance(s, d))
                    out.append(
                        f"  {self.node_name(s)} → {self.node_name(d)}: "
                        f"{', '.join(self.label(k) for k in keys)}  "
                        f"({h} hop{'s' * (h != 1)}{' each' if len(keys) > 1 else ''})"
                    )
        out.append(
            f"Total: {self.packets} packets, {self.hops} hops, {self.rounds} "
            f"communication step{'s' * (self.rounds != 1)}"
        )
        return out

    @property
    def hops(self) -> int:
        """Aggregate packet hops (``measure="packet"``)."""
        return self.total("packet")

    def total(self, measure: str = "packet") -> int:
        if measure not in MEASURES:
            raise RinglabError(f"measure {measure!r}: expected one of {', '.join(MEASURES)}")
        return sum(s.hops(self.mesh, measure) for s in self.steps)

    @property
    def unicasts(self) -> int:
        """Messages sent (a unicast may carry several packets)."""
        return sum(len(s.src) for s in self.steps)

    @property
    def rounds(self) -> int:
        """Communication steps: rounds that send at least one packet."""
        return sum(1 for s in self.steps if len(s.src))

    @property
    def packets(self) -> int:
        return sum(s.packets for s in self.steps)


def random_blocks(N: int, size: int = 8, seed: int = 0) -> list[bytes]:
    """N distinct random blocks of ``size`` bytes (distinct, so a wrong decode shows)."""
    rng = np.random.default_rng(seed)
    while True:
        blocks = [rng.integers(0, 256, size, dtype=np.uint8).tobytes() for _ in range(N)]
        if len(set(blocks)) == N:
            return blocks


def xor(a: bytes, b: bytes) -> bytes:
    return (np.frombuffer(a, np.uint8) ^ np.frombuffer(b, np.uint8)).tobytes()


@dataclass
class RunResult:
    held: list  # per node: {key: bytes}
    decodes: list  # (step name, Op, ok)
    blocks: list

    @property
    def decodes_ok(self) -> bool:
        return all(ok for _, _, ok in self.decodes)

    @property
    def complete(self) -> bool:
        """Every node holds every block, each equal to the original, every decode correct."""
        return self.decodes_ok and all(
            h.get(("d", j)) == b for h in self.held for j, b in enumerate(self.blocks)
        )

    def has(self, v: int, j: int) -> bool:
        """Node v holds block j, equal to the original."""
        return self.held[v].get(("d", j)) == self.blocks[j]

    def missing(self) -> list[tuple[int, int]]:
        return [
            (v, j)
            for v, h in enumerate(self.held)
            for j, b in enumerate(self.blocks)
            if h.get(("d", j)) != b
        ]


def run(schedule: Schedule, blocks: list[bytes] | None = None) -> RunResult:
    """Play ``schedule`` on real bytes; raises RuntimeError if a node sends what it lacks."""
    N = schedule.mesh.N
    blocks = random_blocks(N) if blocks is None else list(blocks)
    held = [{("d", v): blocks[v]} for v in range(N)]
    decodes = []

    def value(v, key, where):
        if key not in held[v]:
            raise RuntimeError(
                f"{schedule.name}, step {where}: node {v + 1} needs "
                f"{label(key)} but does not hold it"
            )
        return held[v][key]

    def truth(key):
        return blocks[key[1]] if key[0] == "d" else xor(blocks[key[1]], blocks[key[2]])

    for st in schedule.steps:
        if st.payloads is None:
            raise RuntimeError(f"{schedule.name}: built without payloads (counts only)")
        for op in st.ops:
            a, b = (value(op.node, k, st.name) for k in op.in_keys)
            out = xor(a, b)
            if op.out[0] == "d":
                decodes.append((st.name, op, out == blocks[op.out[1]]))
            held[op.node][op.out] = out
        arrived = [(d, key, value(s, key, st.name)) for s, d, key in st.transfers()]
        for d, key, data in arrived:
            assert data == truth(key), (schedule.name, st.name, key)
            held[d][key] = data
    return RunResult(held, decodes, blocks)
