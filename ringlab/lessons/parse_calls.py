"""A lesson's calls and checks, checked against the registry as the file is read."""

from __future__ import annotations

from pathlib import Path

from . import registry
from .errors import LessonError
from .model import Call, Check
from .state import TABS
from .yamlines import LineDict, LineList

MAX_SEARCHES = 8  # run_search calls in one lesson (each may take its time limit)


class CallReader:
    """Reads ``name: {arg: value}`` calls and ``{probe: args, equals: X}`` checks of one lesson
    file; anything the registry would refuse is ``FILE:LINE: what is wrong``."""

    def __init__(self, path: Path):
        self.path = path
        self.searches = 0  # run_search calls so far

    def fail(self, line, message):
        raise LessonError(self.path, line, registry.short(message))

    def call(self, kind: str, raw, line) -> Call:
        """One action or probe: ``name``, ``name: value`` (its one required argument) or
        ``name: {arg: value, …}``."""
        table = registry.ACTIONS if kind == "action" else registry.PROBES
        if isinstance(raw, str):
            name, args = raw, {}
        elif isinstance(raw, dict) and len(raw) == 1:
            name, args = next(iter(raw.items()))
            if isinstance(raw, LineDict):
                line = raw.line_of(name)
        else:
            self.fail(line, f"expected one {kind} as 'name: {{arg: value}}', got {raw!r}")
        if name not in table:
            self.fail(line, f"unknown {kind} {name!r} (expected one of {', '.join(sorted(table))})")
        args = self._arguments(table[name], args, line)
        self._app_limits(name, args, line)
        return Call(kind, name, args, line)

    def _arguments(self, entry, args, line) -> dict:
        """``args`` as a mapping that fits ``entry``'s parameters."""
        name = entry.name
        if args is None:
            args = {}
        if not isinstance(args, dict):
            req = entry.required
            if len(req) != 1:
                self.fail(line, f"{name} takes {entry.signature()}: write {name}: {{arg: value}}")
            args = {req[0]: args}
        args = dict(args)
        known = {p.name: p for p in entry.params}
        for key, v in args.items():
            if key not in known:
                self.fail(line, f"{name}: unknown argument {key!r} (expected {entry.signature()})")
            why = registry.check_arg(known[key], v)
            if why:
                self.fail(line, f"{name}: {why}")
        for req in entry.required:
            if req not in args:
                self.fail(line, f"{name}: missing argument {req!r} (expected {entry.signature()})")
        return args

    def _app_limits(self, name, args, line):
        """What the app allows beyond the arguments' types: its tabs, a few searches."""
        if name == "show_tab" and args["tab"] not in TABS:
            self.fail(line, f"show_tab: tab must be one of {', '.join(TABS)}")
        if name == "run_search":
            self.searches += 1
            if self.searches > MAX_SEARCHES:
                self.fail(
                    line,
                    f"run_search: at most {MAX_SEARCHES} searches in one lesson "
                    "(each may run up to its time limit)",
                )

    def actions(self, raw, line) -> list:
        """One action or a list of them."""
        if isinstance(raw, dict):
            raw = [raw]
        if not isinstance(raw, list):
            self.fail(line, f"expected a list of actions, got {raw!r}")
        lines = raw.item_lines if isinstance(raw, LineList) else [line] * len(raw)
        return [self.call("action", a, ln) for a, ln in zip(raw, lines)]

    def check(self, raw, line, tol=None) -> Check:
        """``{probe: args, <comparison>: expected}``, ``tol`` the block's unless it has one."""
        if not isinstance(raw, dict):
            self.fail(line, f"a check is {{probe: args, equals: value}}, got {raw!r}")
        probes = [k for k in raw if k in registry.PROBES]
        ops = [k for k in raw if k in registry.OPS]
        other = [
            k for k in raw if k not in registry.PROBES and k not in registry.OPS and k != "tol"
        ]
        if other:
            self.fail(
                line,
                f"check: {other[0]!r} is neither a probe nor a comparison "
                f"({', '.join(registry.OPS)}); probes: {', '.join(sorted(registry.PROBES))}",
            )
        if len(probes) != 1 or len(ops) != 1:
            self.fail(
                line,
                "a check names exactly one probe and one comparison "
                f"({', '.join(registry.OPS)}), e.g. {{feasible: {{}}, equals: true}}",
            )
        probe = self.call("probe", {probes[0]: raw[probes[0]]}, line)
        op, expected = ops[0], raw[ops[0]]
        self.bounded(expected, op, "check", line)
        ctol = raw.get("tol", tol)
        if op == "approx" and ctol is None:
            self.fail(line, "approx needs 'tol' (relative, e.g. 0.01 for 1%)")
        if op == "one_of" and not isinstance(expected, list):
            self.fail(line, "one_of needs a list")
        return Check(probe, op, expected, ctol, line)

    def bounded(self, v, name, what, line):
        """An answer or expected value: within the limits every call argument has."""
        why = registry.check_arg(registry.Param(name, "any"), v)
        if why:
            self.fail(line, f"{what}: {why}")
