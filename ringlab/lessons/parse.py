r"""Read a lesson file: Markdown, YAML front matter, MyST-style ``:::{directive}`` blocks, ``$…$``.

markdown-it-py with mdit-py-plugins' ``front_matter``, ``colon_fence`` and ``dollarmath``
does the reading; PyYAML reads the front matter and each directive's options.  This module
only checks what they return against the lesson schema and the registry, and says what is
wrong as ``FILE:LINE: what is wrong`` (:class:`~ringlab.lessons.errors.LessonError`).

A lesson::

    ---
    title: Ring reduce-scatter, step by step
    minutes: 10
    order: 2
    setup: {preset: classic-ring-n4, tab: Schedules}
    ---
    Prose in Markdown, formulas in $…$.

    :::{predict} owner-of-chunk-0
    ---
    ask: number
    show: {schedule_cell: {schedule: ring, step: 3, core: 3, chunk: 0}}
    answer: 30
    reveal: [{set_schedule_step: 3}]
    ---
    After step 3, what does core 3 hold in chunk 0?
    :::

Directive options may also be MyST's short form, ``:key: value`` lines at the top.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from . import registry, yamlines
from .errors import LessonError
from .model import (
    ASK_KINDS,
    INPUT_KINDS,
    AnswerRef,
    Call,
    Check,
    Lesson,
    Notes,
    Predict,
    Prose,
    Task,
)
from .state import TABS
from .yamlines import LineDict, LineList
from .yamlines import load as load_yaml

DIRECTIVES = ("predict", "task", "notes")
FRONT_KEYS = {"title": str, "minutes": int, "order": int, "summary": str, "setup": dict}
SETUP_KEYS = (
    "preset",
    "data",
    "code",
    "field",
    "N",
    "K",
    "T",
    "tab",
    "step",
    "schedule_step",
    "inputs",
    "seed",
    "schedules",
)
SCHEDULE_KEYS = ("example_N", "alpha", "bandwidth", "size", "explorer_N", "show")
PREDICT_KEYS = {"ask", "show", "answer", "reveal", "choices", "wrong", "tol", "explain"}
TASK_KEYS = {"goal", "input", "expect", "solution", "wrong", "hints", "choices", "tol", "explain"}
ID = re.compile(r"[a-z0-9][a-z0-9-]*")
MINUTES = (5, 15)
MAX_LESSON_BYTES = 100_000  # the longest shipped lesson is ~4 KB; Markdown of 1 MB can
# take seconds to read, 100 KB well under one
MAX_SEARCHES = 8  # run_search calls in one lesson (each may take its time limit)
MAX_ID = 80  # characters of a question id


@lru_cache(maxsize=1)
def markdown():
    """The one Markdown reader lessons use (also for the app, to find ``$…$`` spans)."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.colon_fence import colon_fence_plugin
    from mdit_py_plugins.dollarmath import dollarmath_plugin
    from mdit_py_plugins.front_matter import front_matter_plugin

    return (
        MarkdownIt("commonmark")
        .use(front_matter_plugin)
        .use(colon_fence_plugin)
        .use(dollarmath_plugin)
    )


@lru_cache(maxsize=1)
def _structure():
    """The same reader without inline parsing: the parser only needs the blocks (front matter,
    ``:::`` fences), and inline parsing is what a hostile file (``[[[[…``) makes slow."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.colon_fence import colon_fence_plugin
    from mdit_py_plugins.dollarmath import dollarmath_plugin
    from mdit_py_plugins.front_matter import front_matter_plugin

    return (
        MarkdownIt("commonmark")
        .use(front_matter_plugin)
        .use(colon_fence_plugin)
        .use(dollarmath_plugin)
        .disable("inline")
    )


def load_lesson(path) -> Lesson:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_LESSON_BYTES:
            raise LessonError(
                path, 1, f"{size} bytes: a lesson file is at most {MAX_LESSON_BYTES // 1000} KB"
            )
        with path.open("rb") as f:  # a file that grows meanwhile is cut, not read
            text = f.read(MAX_LESSON_BYTES + 1).decode("utf-8")
        text = text.replace("\r\n", "\n").replace("\r", "\n")  # as read_text() would
    except FileNotFoundError:
        raise LessonError(path, 1, "no such file") from None
    except UnicodeDecodeError as e:
        raise LessonError(path, 1, f"not UTF-8 text ({e.reason})") from None
    except OSError as e:
        raise LessonError(path, 1, f"cannot be read ({e.strerror})") from None
    return parse_lesson(text, path)


def parse_lesson(text: str, path="<lesson>") -> Lesson:
    if len(text) > MAX_LESSON_BYTES:
        raise LessonError(Path(path), 1, f"a lesson file is at most {MAX_LESSON_BYTES // 1000} KB")
    return _Parser(text, Path(path)).lesson()


class _Parser:
    def __init__(self, text: str, path: Path):
        self.path, self.text = path, text
        self.lines = text.splitlines()
        self.searches = 0
        self.yaml_budget = [yamlines.MAX_NODES]  # YAML values in the whole file

    def fail(self, line, message):
        raise LessonError(self.path, line, registry.short(message))

    # -- the file --------------------------------------------------------------------------
    def lesson(self) -> Lesson:
        tokens = _structure().parse(self.text)
        if not tokens or tokens[0].type != "front_matter":
            self.fail(
                1, "expected front matter first: a '---' line, title/minutes/order, a '---' line"
            )
        fm = tokens[0]
        meta = load_yaml(fm.content, fm.map[0] + 2, self.path, self.yaml_budget)
        if not isinstance(meta, dict):
            self.fail(
                fm.map[0] + 2, "front matter must be key: value lines (title, minutes, order)"
            )
        for key in meta:
            if key not in FRONT_KEYS:
                self.fail(
                    meta.line_of(key),
                    f"unknown front matter key {key!r} (expected {', '.join(FRONT_KEYS)})",
                )
        for key in ("title", "minutes", "order"):
            if key not in meta:
                self.fail(fm.map[0] + 1, f"front matter needs {key!r}")
        for key, typ in FRONT_KEYS.items():
            if key in meta and (not isinstance(meta[key], typ) or isinstance(meta[key], bool)):
                self.fail(meta.line_of(key), f"{key} must be {_TYPE_WORDS[typ]}, got {meta[key]!r}")
        lo, hi = MINUTES
        if not lo <= meta["minutes"] <= hi:
            self.fail(
                meta.line_of("minutes"), f"minutes = {meta['minutes']}: a lesson takes {lo}–{hi}"
            )
        setup = self.setup(meta.get("setup") or LineDict(), meta.line_of("setup"))
        blocks, ids = [], {}
        prose_from = fm.map[1]
        for tok in tokens[1:]:
            if tok.type != "colon_fence":
                continue
            start, end = tok.map
            if tok.level != 0:
                self.fail(
                    start + 1, "a directive must stand on its own, not inside a list or quote"
                )
            self.prose(blocks, prose_from, start)
            prose_from = end
            block = self.directive(tok)
            if hasattr(block, "id"):
                if block.id in ids:
                    self.fail(
                        block.line, f"id {block.id!r} is used twice (first on line {ids[block.id]})"
                    )
                ids[block.id] = block.line
            blocks.append(block)
        self.prose(blocks, prose_from, len(self.lines))
        if not any(hasattr(b, "id") for b in blocks):
            self.fail(fm.map[1] + 1, "a lesson needs at least one :::{predict} or :::{task}")
        return Lesson(
            self.path,
            meta["title"],
            meta["minutes"],
            meta["order"],
            meta.get("summary", ""),
            setup,
            blocks,
            meta.line_of("setup"),
        )

    def prose(self, blocks, a, b):
        text = "\n".join(self.lines[a:b]).strip("\n")
        if text.strip():
            skip = next(k for k, ln in enumerate(self.lines[a:b]) if ln.strip())
            blocks.append(Prose(text.strip() + "\n", a + skip + 1))

    # -- setup -----------------------------------------------------------------------------
    def setup(self, s, line) -> list:
        if not isinstance(s, dict):
            self.fail(line, "setup must be a mapping (preset, tab, step, …)")
        for key in s:
            if key not in SETUP_KEYS:
                self.fail(
                    s.line_of(key), f"unknown setup key {key!r} (expected {', '.join(SETUP_KEYS)})"
                )
        loads = [k for k in ("preset", "data", "code") if k in s]
        if len(loads) > 1:
            self.fail(
                s.line_of(loads[1]), f"setup: {loads[0]} and {loads[1]} both load a code; keep one"
            )
        calls = []

        def add(name, args, key):
            calls.append(self.call("action", {name: args}, s.line_of(key)))

        if "preset" in s:
            add(
                "load_preset",
                {"name": s["preset"], **({"field": s["field"]} if "field" in s else {})},
                "preset",
            )
        elif "field" in s:
            add("set_field", {"field": s["field"]}, "field")
        if "data" in s:
            add("load_data", {"name": s["data"]}, "data")
        if "code" in s:
            add("load_code", {"code": s["code"]}, "code")
        if "field" in s and "preset" not in s and loads:
            calls.append(calls.pop(0))  # a field change applies to the loaded code
        size = {k: s[k] for k in ("N", "K", "T") if k in s}
        if size:
            add("resize", size, next(iter(size)))
        if "inputs" in s or "seed" in s:
            add(
                "set_inputs",
                {
                    "inputs": s.get("inputs", "random"),
                    **({"seed": s["seed"]} if "seed" in s else {}),
                },
                "inputs" if "inputs" in s else "seed",
            )
        if "schedules" in s:
            sc = s["schedules"]
            if not isinstance(sc, dict):
                self.fail(
                    s.line_of("schedules"),
                    f"setup.schedules must be a mapping ({', '.join(SCHEDULE_KEYS)})",
                )
            for key in sc:
                if key not in SCHEDULE_KEYS:
                    self.fail(
                        sc.line_of(key),
                        f"unknown setup.schedules key {key!r} "
                        f"(expected {', '.join(SCHEDULE_KEYS)})",
                    )
            if "example_N" in sc:
                calls.append(
                    self.call("action", {"set_example": sc["example_N"]}, sc.line_of("example_N"))
                )
            if "show" in sc:  # the algorithms ticked under 'Also show'
                calls.append(
                    self.call(
                        "action", {"show_schedules": {"names": sc["show"]}}, sc.line_of("show")
                    )
                )
            costs = {k: sc[k] for k in ("alpha", "bandwidth", "size") if k in sc}
            if "explorer_N" in sc:
                costs["N"] = sc["explorer_N"]
            if costs:
                calls.append(self.call("action", {"set_costs": costs}, sc.line))
        if "step" in s:
            add("set_step", s["step"], "step")
        if "schedule_step" in s:
            add("set_schedule_step", s["schedule_step"], "schedule_step")
        if "tab" in s:
            add("show_tab", s["tab"], "tab")
        return calls

    # -- directives --------------------------------------------------------------------------
    def directive(self, tok):
        start, end = tok.map
        line = start + 1
        closing = self.lines[end - 1].strip() if end - 1 > start else ""
        if not (closing.startswith(tok.markup) and set(closing) == {":"}):
            self.fail(
                line, f"{tok.markup}{tok.info} is never closed (expected a line '{tok.markup}')"
            )
        m = re.fullmatch(r"\{([A-Za-z_-]+)\}\s*(.*?)\s*", tok.info)
        if not m:
            self.fail(
                line,
                f"expected ':::{{name}} id' with name one of {', '.join(DIRECTIVES)}, "
                f"got ':::{tok.info}'",
            )
        name, arg = m.group(1), m.group(2)
        if name not in DIRECTIVES:
            self.fail(
                line, f"unknown directive {{{name}}} (expected one of {', '.join(DIRECTIVES)})"
            )
        opts, body, body_line = self.options(tok.content, line + 1)
        inner = [t for t in _structure().parse(body) if t.type == "colon_fence"]
        if inner:
            self.fail(
                body_line + inner[0].map[0], "directives cannot be nested (put hints in 'hints:')"
            )
        if name == "notes":
            if opts:
                self.fail(opts.line, "{notes} takes no options, only Markdown")
            return Notes(body.strip() + "\n", line)
        if not ID.fullmatch(arg or "") or len(arg) > MAX_ID:
            self.fail(
                line,
                f"{{{name}}} needs an id after it: lower-case letters, digits and '-' "
                f"(got {arg!r})",
            )
        if not body.strip():
            self.fail(line, f"{{{name}}} {arg}: the question text is missing")
        if name == "predict":
            return self.predict(arg, line, opts, body)
        return self.task(arg, line, opts, body)

    def options(self, content: str, first: int):
        """(options mapping, Markdown body, file line of the body) of a directive."""
        lines = content.splitlines()
        k = 0
        while k < len(lines) and not lines[k].strip():
            k += 1
        if k < len(lines) and lines[k].strip() == "---":
            close = next((j for j in range(k + 1, len(lines)) if lines[j].strip() == "---"), None)
            if close is None:
                self.fail(first + k, "directive options start with '---' but never end with '---'")
            opts = load_yaml(
                "\n".join(lines[k + 1 : close]), first + k + 1, self.path, self.yaml_budget
            )
            rest = close + 1
        else:
            short = []
            while k < len(lines) and re.match(r":[A-Za-z_]+:(\s|$)", lines[k]):
                short.append(re.sub(r"^:([A-Za-z_]+):", r"\1:", lines[k]))
                k += 1
            opts = (
                load_yaml("\n".join(short), first + k - len(short), self.path, self.yaml_budget)
                if short
                else None
            )
            rest = k
        if opts is None:
            opts = LineDict()
            opts.line, opts.key_lines = first, {}
        if not isinstance(opts, dict):
            self.fail(first, "directive options must be key: value lines")
        return opts, "\n".join(lines[rest:]), first + rest

    def _keys(self, opts, allowed, what):
        for key in opts:
            if key not in allowed:
                self.fail(
                    opts.line_of(key),
                    f"{what}: unknown option {key!r} (expected {', '.join(sorted(allowed))})",
                )

    def _need(self, opts, key, what, line):
        if key not in opts:
            self.fail(line, f"{what}: missing option {key!r}")
        return opts[key]

    def predict(self, pid, line, opts, body) -> Predict:
        what = f"{{predict}} {pid}"
        self._keys(opts, PREDICT_KEYS, what)
        ask = self._need(opts, "ask", what, line)
        if ask not in ASK_KINDS:
            self.fail(
                opts.line_of("ask"),
                f"{what}: ask must be one of {', '.join(ASK_KINDS)}, got {ask!r}",
            )
        show = self.call("probe", self._need(opts, "show", what, line), opts.line_of("show"))
        answer = self._need(opts, "answer", what, line)
        choices = self.choices(opts, what, ask == "choice")
        wrong = opts.get("wrong", [])
        if not isinstance(wrong, list):
            self.fail(opts.line_of("wrong"), f"{what}: wrong must be a list of answers")
        for v, ln in [(answer, opts.line_of("answer"))] + [
            (w, opts.line_of("wrong")) for w in wrong
        ]:
            self.typed(v, ask if ask != "choice" else "choice", choices, what, ln)
        return Predict(
            pid,
            line,
            body.strip() + "\n",
            ask,
            show,
            answer,
            self.actions(opts.get("reveal", []), opts.line_of("reveal")),
            choices,
            list(wrong),
            self.tol(opts, what),
            self.text_option(opts, "explain", what),
        )

    def task(self, tid, line, opts, body) -> Task:
        what = f"{{task}} {tid}"
        self._keys(opts, TASK_KEYS, what)
        hints = opts.get("hints", [])
        if not isinstance(hints, list) or not all(isinstance(h, str) for h in hints):
            self.fail(opts.line_of("hints"), f"{what}: hints must be a list of texts")
        wrong = self._need(opts, "wrong", what, line)
        if not isinstance(wrong, list) or not wrong:
            self.fail(
                opts.line_of("wrong"), f"{what}: wrong must list at least one stored wrong answer"
            )
        solution = self._need(opts, "solution", what, line)
        tol = self.tol(opts, what)
        if "input" in opts:
            kind = opts["input"]
            if kind not in INPUT_KINDS:
                self.fail(
                    opts.line_of("input"), f"{what}: input must be one of {', '.join(INPUT_KINDS)}"
                )
            if "goal" in opts:
                self.fail(
                    opts.line_of("goal"), f"{what}: a typed-answer task has 'expect', not 'goal'"
                )
            choices = self.choices(opts, what, kind == "choice")
            expect = self.call(
                "probe", self._need(opts, "expect", what, line), opts.line_of("expect")
            )
            goal = [
                Check(
                    expect,
                    "approx" if tol is not None else "equals",
                    AnswerRef(tid),
                    tol,
                    opts.line_of("expect"),
                )
            ]

            def typed(v, ln):
                self.typed(v, kind, choices, what, ln)
                return [Call("action", "type_answer", {"id": tid, "value": v}, ln)]

            sol = typed(solution, opts.line_of("solution"))
            wrongs = [typed(w, wrong.line_of(k)) for k, w in enumerate(wrong)]
        else:
            for key in ("expect", "choices"):
                if key in opts:
                    self.fail(
                        opts.line_of(key),
                        f"{what}: {key!r} belongs to a typed-answer task (add 'input: number')",
                    )
            goal_raw = self._need(opts, "goal", what, line)
            goal_list = goal_raw if isinstance(goal_raw, list) else [goal_raw]
            lines = (
                goal_raw.item_lines if isinstance(goal_raw, LineList) else [opts.line_of("goal")]
            )
            goal = [self.check(g, ln, tol) for g, ln in zip(goal_list, lines)]
            choices = None
            sol = self.actions(solution, opts.line_of("solution"))
            if not sol:
                self.fail(
                    opts.line_of("solution"), f"{what}: the solution needs at least one action"
                )
            wrongs = []
            for k, w in enumerate(wrong):
                ln = wrong.line_of(k)
                if not isinstance(w, list):
                    self.fail(ln, f"{what}: each wrong answer is a list of actions")
                wrongs.append(self.actions(w, ln))
        return Task(
            tid,
            line,
            body.strip() + "\n",
            goal,
            sol,
            wrongs,
            list(hints),
            opts.get("input"),
            choices,
            self.text_option(opts, "explain", what),
        )

    # -- pieces ------------------------------------------------------------------------------
    def text_option(self, opts, key, what) -> str:
        v = opts.get(key, "")
        if not isinstance(v, str):
            self.fail(opts.line_of(key), f"{what}: {key} must be text")
        return v

    def tol(self, opts, what):
        if "tol" not in opts:
            return None
        v = opts["tol"]
        try:
            ok = registry.to_number(v) > 0
        except (ValueError, TypeError, ZeroDivisionError):
            ok = False
        if not ok:
            self.fail(
                opts.line_of("tol"),
                f"{what}: tol must be a positive number (relative, e.g. 0.01 for 1%), got {v!r}",
            )
        return v

    def choices(self, opts, what, needed):
        if "choices" not in opts:
            if needed:
                self.fail(
                    opts.line, f"{what}: missing option 'choices' (a list of answers to pick from)"
                )
            return None
        ch = opts["choices"]
        if not isinstance(ch, list) or len(ch) < 2:
            self.fail(opts.line_of("choices"), f"{what}: choices must list at least two answers")
        return [str(c) for c in ch]

    def typed(self, v, kind, choices, what, line):
        self.bounded(v, "answer", what, line)
        if kind == "number":  # a number, or a list of numbers (a vector the app shows)
            try:
                for x in v if isinstance(v, list) and v else [v]:
                    registry.to_number(x)
            except (ValueError, TypeError, ZeroDivisionError):
                self.fail(line, f"{what}: {v!r} is not a number (or a list of numbers)")
        elif kind == "list":  # a list of numbers, as a student types it or as YAML
            from ..core.errors import RinglabError
            from .answers import parse_answer

            try:
                parse_answer("list", v)
            except RinglabError as e:
                self.fail(line, f"{what}: {e}")
        elif kind == "node":
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                self.fail(line, f"{what}: {v!r} is not a node number (0, 1, …)")
        elif kind == "truth":
            if not isinstance(v, bool):
                self.fail(line, f"{what}: {v!r} is not true or false")
        elif kind == "choice":
            if str(v) not in (choices or []):
                self.fail(
                    line, f"{what}: {v!r} is not one of the choices ({', '.join(choices or [])})"
                )

    def bounded(self, v, name, what, line):
        """An answer or expected value: within the limits every call argument has."""
        why = registry.check_arg(registry.Param(name, "any"), v)
        if why:
            self.fail(line, f"{what}: {why}")

    def actions(self, raw, line) -> list:
        if isinstance(raw, dict):
            raw = [raw]
        if not isinstance(raw, list):
            self.fail(line, f"expected a list of actions, got {raw!r}")
        lines = raw.item_lines if isinstance(raw, LineList) else [line] * len(raw)
        return [self.call("action", a, ln) for a, ln in zip(raw, lines)]

    def check(self, raw, line, tol=None) -> Check:
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

    def call(self, kind: str, raw, line) -> Call:
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
        entry = table[name]
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
        return Call(kind, name, args, line)


_TYPE_WORDS = {str: "text", int: "an integer", dict: "a mapping"}
