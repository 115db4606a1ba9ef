r"""The common shape of a traced schedule: steps of sends, and every core's buffer after each.

A grid has rows = cores and columns = chunks; a chunk is ``chunk_size`` consecutive entries of
the (zero-padded) length-``C·L`` vector.  ``state[i]`` is core i's whole buffer (stale entries
included, as the worked examples print them); ``final[i][c]`` says the chunk holds the complete sum —
decided from which cores' partials went into it, never by comparing numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .matmul import format_number, json_number


@dataclass(frozen=True)
class Send:
    """Core ``src`` sends to ``dst``; ``chunk`` is None when the whole vector goes (tree) or the
    symbol mixes several chunks (a code); ``value`` lists the message's entries."""

    src: int
    dst: int
    chunk: int | None
    value: tuple
    symbol: str = ""  # coded runs: the paper's combination, "x₀,₁ + x₁,₁"

    def to_json(self) -> dict:
        d = {
            "from": self.src,
            "to": self.dst,
            "chunk": self.chunk,
            "value": [json_number(v) for v in self.value],
        }
        if self.symbol:
            d["symbol"] = self.symbol
        return d

    def describe(self, chunk_name: str = "chunk") -> str:
        what = (
            f"{chunk_name}{self.chunk}"
            if self.chunk is not None
            else (self.symbol or "whole vector")
        )
        vals = " ".join(format_number(v) for v in self.value)
        return f"Core {self.src} → Core {self.dst}: {what} (= {vals})"


@dataclass(frozen=True)
class Step:
    phase: str
    sends: tuple[Send, ...]
    state: tuple[tuple, ...]  # state[i]: core i's whole buffer after the step
    changed: tuple[tuple[int, int], ...]  # (core, chunk) cells written on this step
    final: tuple[tuple[bool, ...], ...]  # final[i][c]: chunk c of core i is the complete sum
    detail: tuple | None = None  # coded runs: detail[i][c] names the cell's combination

    def to_json(self) -> dict:
        d = {
            "phase": self.phase,
            "sends": [s.to_json() for s in self.sends],
            "state": [[json_number(v) for v in row] for row in self.state],
            "changed": [list(c) for c in self.changed],
            "final": [list(r) for r in self.final],
        }
        if self.detail is not None:
            d["detail"] = [list(r) for r in self.detail]
        return d


@dataclass(frozen=True)
class ScheduleTrace:
    """A whole schedule on one worked example."""

    name: str  # "ring", "tree", "coded"
    title: str  # for captions
    rule: str  # the schedule's rule in one or two sentences
    N: int
    n_chunks: int  # columns of the grid
    chunk_size: int  # entries per chunk
    padding: int  # zeros appended so that n_chunks·chunk_size ≥ d
    initial: tuple[tuple, ...]  # buffers before step 1
    initial_final: tuple[tuple[bool, ...], ...]
    steps: tuple[Step, ...]
    target: tuple  # the sum every core must end with (padded)
    message_chunks: int  # a message carries S / message_chunks bytes
    notes: tuple[str, ...] = field(default=())
    initial_detail: tuple | None = None

    @property
    def T(self) -> int:
        return len(self.steps)

    def cell(self, row, c: int) -> tuple:
        L = self.chunk_size
        return tuple(row[c * L : (c + 1) * L])

    def state_at(self, k: int) -> tuple[tuple, ...]:
        """Buffers after k steps (k = 0: before the first step; clamped at the end)."""
        return self.initial if k <= 0 else self.steps[min(k, self.T) - 1].state

    def final_at(self, k: int):
        return self.initial_final if k <= 0 else self.steps[min(k, self.T) - 1].final

    def detail_at(self, k: int):
        return self.initial_detail if k <= 0 else self.steps[min(k, self.T) - 1].detail

    @property
    def complete(self) -> bool:
        """Every core ends with every chunk final and equal to the target."""
        last = self.state_at(self.T)
        return all(all(r) for r in self.final_at(self.T)) and all(
            tuple(row) == tuple(self.target) for row in last
        )

    def to_json(self) -> dict:
        d = {
            "title": self.title,
            "rule": self.rule,
            "chunks": self.n_chunks,
            "chunk_size": self.chunk_size,
            "padding": self.padding,
            "initial": [[json_number(v) for v in row] for row in self.initial],
            "steps": [s.to_json() for s in self.steps],
            "complete": self.complete,
        }
        if self.notes:
            d["notes"] = list(self.notes)
        return d
