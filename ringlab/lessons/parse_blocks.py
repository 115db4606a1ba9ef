"""The ``:::{predict}`` and ``:::{task}`` blocks, built from their options and checked."""

from __future__ import annotations

from . import registry
from .model import ASK_KINDS, INPUT_KINDS, AnswerRef, Call, Check, Predict, Task
from .parse_calls import CallReader
from .yamlines import LineList

PREDICT_KEYS = {"ask", "show", "answer", "reveal", "choices", "wrong", "tol", "explain", "hide"}
TASK_KEYS = {"goal", "input", "expect", "solution", "wrong", "hints", "choices", "tol", "explain"}


class BlockBuilder:
    """Builds one question block from its id, line, options and Markdown body; the calls in
    it are read by ``reader``, which also says what is wrong."""

    def __init__(self, reader: CallReader):
        self.reader = reader
        self.fail = reader.fail

    # -- {predict} ---------------------------------------------------------------------------
    def predict(self, pid, line, opts, body) -> Predict:
        what = f"{{predict}} {pid}"
        self._keys(opts, PREDICT_KEYS, what)
        ask = self._need(opts, "ask", what, line)
        if ask not in ASK_KINDS:
            self.fail(
                opts.line_of("ask"),
                f"{what}: ask must be one of {', '.join(ASK_KINDS)}, got {ask!r}",
            )
        show = self.reader.call("probe", self._need(opts, "show", what, line), opts.line_of("show"))
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
            self.reader.actions(opts.get("reveal", []), opts.line_of("reveal")),
            choices,
            list(wrong),
            self.tol(opts, what),
            self.text_option(opts, "explain", what),
            self.hide(opts, what),
        )

    def hide(self, opts, what) -> tuple:
        """``hide:``: the parts of the window hidden until the prediction is answered, each
        one of :data:`ringlab.lessons.screen_texts.HIDE`'s names."""
        from .screen_texts import HIDE

        if "hide" not in opts:
            return ()
        names = opts["hide"]
        names = [names] if isinstance(names, str) else names
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            self.fail(
                opts.line_of("hide"), f"{what}: hide must be a list of names ({', '.join(HIDE)})"
            )
        for n in names:
            if n not in HIDE:
                self.fail(
                    opts.line_of("hide"),
                    f"{what}: hide: unknown name {n!r}: the window can hide {', '.join(HIDE)}",
                )
        return tuple(dict.fromkeys(names))

    # -- {task} ------------------------------------------------------------------------------
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
        build = self._typed_task if "input" in opts else self._acting_task
        goal, sol, wrongs, choices = build(tid, line, opts, what, solution, wrong, tol)
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

    def _typed_task(self, tid, line, opts, what, solution, wrong, tol):
        """A task answered in its own box (``input:``): the goal is the probe ``expect``
        equal to what is typed; the solution and wrong answers are typed answers."""
        kind = opts["input"]
        if kind not in INPUT_KINDS:
            self.fail(
                opts.line_of("input"), f"{what}: input must be one of {', '.join(INPUT_KINDS)}"
            )
        if "goal" in opts:
            self.fail(opts.line_of("goal"), f"{what}: a typed-answer task has 'expect', not 'goal'")
        choices = self.choices(opts, what, kind == "choice")
        expect = self.reader.call(
            "probe", self._need(opts, "expect", what, line), opts.line_of("expect")
        )
        op = "approx" if tol is not None else "equals"
        goal = [Check(expect, op, AnswerRef(tid), tol, opts.line_of("expect"))]

        def typed(v, ln):
            self.typed(v, kind, choices, what, ln)
            return [Call("action", "type_answer", {"id": tid, "value": v}, ln)]

        sol = typed(solution, opts.line_of("solution"))
        wrongs = [typed(w, wrong.line_of(k)) for k, w in enumerate(wrong)]
        return goal, sol, wrongs, choices

    def _acting_task(self, tid, line, opts, what, solution, wrong, tol):
        """A task done in the app: the goal is a list of checks, the solution and each wrong
        answer a list of actions."""
        for key in ("expect", "choices"):
            if key in opts:
                self.fail(
                    opts.line_of(key),
                    f"{what}: {key!r} belongs to a typed-answer task (add 'input: number')",
                )
        goal_raw = self._need(opts, "goal", what, line)
        goal_list = goal_raw if isinstance(goal_raw, list) else [goal_raw]
        lines = goal_raw.item_lines if isinstance(goal_raw, LineList) else [opts.line_of("goal")]
        goal = [self.reader.check(g, ln, tol) for g, ln in zip(goal_list, lines)]
        sol = self.reader.actions(solution, opts.line_of("solution"))
        if not sol:
            self.fail(opts.line_of("solution"), f"{what}: the solution needs at least one action")
        wrongs = []
        for k, w in enumerate(wrong):
            ln = wrong.line_of(k)
            if not isinstance(w, list):
                self.fail(ln, f"{what}: each wrong answer is a list of actions")
            wrongs.append(self.reader.actions(w, ln))
        return goal, sol, wrongs, None

    # -- options -----------------------------------------------------------------------------
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
        """An answer of the kind the block asks for (number, list, node, truth, choice)."""
        self.reader.bounded(v, "answer", what, line)
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
