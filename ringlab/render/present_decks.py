"""What a presentation steps through: the walkthrough of a code, ring, tree and a code on the
worked matmul, or a lesson as slides.  Pure data (no Qt): present mode
(:mod:`ringlab.gui.present`) shows a deck, the command line builds one.

A deck has ``count`` steps, a ``caption(i)`` (what step i shows, in words: the speaker view's
"next" line) and ``notes(i)`` (the presenter's notes: a lesson's ``notes`` directives, or the
generated caption of the walkthrough).  Lesson slides are computed by the headless replay
(:class:`ringlab.lessons.LabState`), so a prediction's answer slide shows what the app shows.
A lesson's slides, captions and notes are its Markdown as written (``$…$`` included): present
mode typesets them (:mod:`ringlab.gui.rich_text`).
"""

from __future__ import annotations

from ..core.errors import RinglabError
from ..core.quantities import DEFAULT_ALPHA, DEFAULT_BANDWIDTH, DEFAULT_SIZE
from ..lessons import Notes, Predict, Prose, Task, registry
from ..state.tabs import EDITOR, PROPAGATION, SCHEDULES
from .present_lesson import search_drawing, solution_prose

MIN_TEXT_PX = 18  # no text in present mode is smaller than this many pixels
BASE_DPI = 160  # 9-pt figure text is 20 px: nothing on a slide below MIN_TEXT_PX


def walkthrough_deck(code, inputs="random", seed: int = 0, note: str = "", start: int = 0):
    """The deck of a code's walkthrough, drawn by the same renderer as the app and exports;
    present mode opens it at step ``start`` (F5 from the Propagation tab: the step shown)."""
    from matplotlib.figure import Figure

    from ..core.analysis import Analysis
    from ..core.inputs import resolve_inputs
    from .propagation import WalkthroughRenderer

    renderer = WalkthroughRenderer(
        Figure(figsize=(12.8, 7.2), dpi=BASE_DPI), caption_in_figure=True
    )
    renderer.min_scale = 1.0
    renderer.min_text_px = MIN_TEXT_PX
    renderer.labels_beside = True  # no label over an arrow or a node
    trace = Analysis(code).trace(resolve_inputs(code, inputs, seed))
    # the inputs note goes to the status line: at 4:3 it would meet the legend in the figure
    renderer.set_trace(trace, note="")
    deck = WalkthroughDeck(renderer)
    deck.inputs_note = note or (inputs if isinstance(inputs, str) else "typed")
    deck.start = max(0, min(int(start), deck.count - 1))
    return deck


def schedules_deck(code, alpha=DEFAULT_ALPHA, bandwidth=DEFAULT_BANDWIDTH, size=DEFAULT_SIZE):
    """Ring, tree and ``code`` on the worked example with the code's N (the Schedules tab)."""
    from ..core.analysis import Analysis
    from ..core.schedules import default_example

    c = Analysis(code).comparison(
        default_example(code.N), alpha=alpha, bandwidth=bandwidth, size=size
    )
    return SchedulesDeck(c)


def schedules_deck_of(state) -> SchedulesDeck:
    """What the Schedules tab of ``state`` (an :class:`~ringlab.state.AppState`) shows: its
    worked example (its N), ring, tree and the code, the algorithms ticked beside them, opened
    at its step (F5 from that tab)."""
    c = state.comparison()
    deck = SchedulesDeck(c, extras=extra_traces(state.schedules, c.example))
    deck.start = max(0, min(int(state.schedule_step), deck.count - 1))
    return deck


def extra_traces(names, example) -> list[tuple[str, object, str]]:
    """``(title, trace, why)`` of each algorithm ``names`` ticks beside ring and tree, traced on
    ``example`` (trace None and ``why`` said when its form does not reach the example's N)."""
    from ..core.schedules import schedule_info, schedule_refusal, schedule_trace

    out = []
    for name in names:
        info = schedule_info(name)
        if info.name in ("ring", "tree"):
            continue  # always shown
        why = schedule_refusal(info.name, example.N)
        trace = None if why else schedule_trace(info.name, example)
        # the column's title as the Schedules tab heads it (without its ", n steps")
        title = trace.title.split(",")[0] if trace is not None else info.title
        out.append((title, trace, why or ""))
    return out


class DeckCancelled(Exception):
    """The reader stopped what the slides were waiting for (a lesson's search): no deck."""


def lesson_deck(path, search=None):
    """The slides of the lesson file ``path``; ``search``: see :class:`LessonDeck`."""
    from ..lessons import load_lesson

    return LessonDeck(load_lesson(path), search)


class WalkthroughDeck:
    """Steps t = 0..T of a trace, drawn by a :class:`WalkthroughRenderer`."""

    kind = "walkthrough"
    start = 0  # the step present mode opens at

    def __init__(self, renderer):
        self.renderer = renderer

    @property
    def count(self) -> int:
        return self.renderer.steps

    def caption(self, i: int) -> str:
        return self.renderer.caption(i, width=100_000)

    def notes(self, i: int) -> str:
        return self.caption(i)


class LessonDeck:
    """A lesson as slides: a title slide, then each prose block; a prediction is two slides
    (the question, then the answer the app gives); a task is the goal, then its solution."""

    kind = "lesson"

    def __init__(self, lesson, search=None):
        """``search(request) -> SearchOutcome`` runs a search the lesson's blocks ask for
        (a solution's ``run_search``); None: here and now, as the headless replay does (a SAT
        proof can take seconds: the window passes one that runs it in a worker process and
        keeps answering). It may raise :class:`RinglabError`: no deck then."""
        self.lesson = lesson
        self.search = search
        self.slides: list[tuple[str, str, str]] = []  # (markdown, caption, notes)
        self.drawings: list[Drawing | None] = []  # what the app shows, per slide
        self._build()

    def _build(self) -> None:
        lesson = self.lesson
        st = lesson.new_state()
        if self.search is not None:
            st.search_runner = lambda request: st.record_search(self.search(request), request)
        self._add(
            f"# {lesson.title}\n\n*{lesson.minutes} minutes* — {lesson.summary}",
            f"title: {lesson.title}",
            Drawing.of(st) if lesson.setup else None,
        )
        for block in lesson.blocks:
            if isinstance(block, Notes):
                self._attach_notes(block.text)
            elif isinstance(block, Prose):
                self._add(block.text, _first_line(block.text))
            elif isinstance(block, Predict):
                self._add(
                    "**Predict.** " + block.text + _choices(block),
                    "predict: " + _first_line(block.text),
                )
                truth, moved = replay(
                    st,
                    block.reveal,
                    lambda block=block: registry.show(block.truth(st)),
                    lambda e: f"(the app could not show it: {e})",
                )
                answer = f"**The app shows: {truth}.**" + (
                    f"\n\n{block.explain}" if block.explain else ""
                )
                self._add(
                    "**Predict.** " + block.text + "\n\n" + answer,
                    f"answer: {truth}",
                    Drawing.of(st) if moved else None,
                )
            elif isinstance(block, Task):
                self._add("**Task.** " + block.text, "task: " + _first_line(block.text))
                done, moved = replay(
                    st,
                    block.solution,
                    lambda block=block: solution_prose(block.solution, st),
                    lambda e: f"the solution does not run here: {e}",
                )
                found = search_drawing(block.solution, st, Drawing)
                explain = f"\n\n{block.explain}" if block.explain else ""
                self._add(
                    "**Task.** " + block.text + f"\n\n**Solved.** {done}" + explain,
                    "solved: " + _first_line(done),
                    found or (Drawing.of(st) if moved else None),
                )

    def _add(self, markdown: str, caption: str, drawing: Drawing | None = None) -> None:
        self.slides.append((markdown, caption, ""))
        self.drawings.append(drawing)

    def drawing(self, i: int) -> Drawing | None:
        """What the app shows after slide i's block ran (its setup, reveal or solution), when
        that block moved the app; None for text-only slides."""
        return self.drawings[i]

    def _attach_notes(self, text: str) -> None:
        if self.slides:
            md, cap, notes = self.slides[-1]
            self.slides[-1] = (md, cap, (notes + "\n\n" if notes else "") + text)

    @property
    def count(self) -> int:
        return len(self.slides)

    def markdown(self, i: int) -> str:
        return self.slides[i][0]

    def caption(self, i: int) -> str:
        return self.slides[i][1]

    def notes(self, i: int) -> str:
        return self.slides[i][2] or "(no notes for this slide)"


def _choices(block) -> str:
    """A choice question's answers to pick from, as a list under it."""
    if not block.choices:
        return ""
    return "\n\n" + "\n".join(f"- {registry.show(c)}" for c in block.choices)


def drawn_state(st) -> tuple:
    """What a block can change that a drawing shows (code, tab, step, inputs, schedules)."""
    return (
        id(st.code),
        st.tab,
        st.step,
        repr(st.inputs),
        st.seed,
        st.schedule_step,
        repr(st.worked_example),
        tuple(st.schedules),
    )


def replay(st, calls, said, refused) -> tuple[str, bool]:
    """Run a block's ``calls`` (a reveal, a solution) on the headless replay ``st``: what
    ``said()`` says after them, or ``refused(error)`` when one is refused; and whether they
    changed what a drawing shows."""
    before = drawn_state(st)
    try:
        for call in calls:
            call.run(st)
        text = said()
    except RinglabError as e:
        text = refused(e)
    return text, drawn_state(st) != before


class Drawing:
    """The drawing beside a lesson slide: the window's Propagation view (the walkthrough at
    the state's step) or its Schedules view (ring, tree and the code at the schedule step),
    from a snapshot of the headless state (:class:`ringlab.state.AppState`)."""

    def __init__(self, kind: str, state):
        self.kind = kind  # "walkthrough" | "schedules"
        self.state = state

    @classmethod
    def of(cls, st) -> Drawing | None:
        if st.tab == SCHEDULES:
            return cls("schedules", st.copy())
        if st.tab in (EDITOR, PROPAGATION):
            return cls("walkthrough", st.copy())
        return None  # Search, Mesh: their own views, not drawn here

    @property
    def step(self) -> int:
        return self.state.schedule_step if self.kind == "schedules" else self.state.step

    def key(self) -> tuple:
        """Equal keys draw the same trace (only the step may differ)."""
        st = self.state
        return (
            self.kind,
            id(st.code),
            repr(st.inputs),
            st.seed,
            repr(st.worked_example),
            tuple(st.schedules),
        )

    def trace(self):
        """The walkthrough's run, as the Propagation view draws it."""
        return self.state.trace()

    def schedules(self) -> SchedulesDeck:
        c = self.state.comparison()
        return SchedulesDeck(c, extra_traces(self.state.schedules, c.example))


def _compact_grid(trace, k: int) -> list[str]:
    """The Schedules tab's grid with short headers (c0, c1, …), so three fit side by side."""
    from ..core.schedules.text import cell_text

    changed = set(trace.steps[k - 1].changed) if k > 0 else set()
    cells = [
        [
            ("*" if (i, c) in changed else "") + cell_text(trace, k, i, c)
            for c in range(trace.n_chunks)
        ]
        for i in range(trace.N)
    ]
    w = max([len(f"c{c}") for c in range(trace.n_chunks)] + [len(x) for row in cells for x in row])
    lines = ["     " + " ".join(f"c{c}".rjust(w) for c in range(trace.n_chunks))]
    lines += [f"{i:<4} " + " ".join(x.rjust(w) for x in row) for i, row in enumerate(cells)]
    return lines


def cut_line(text: str, width: int) -> str:
    """``text``'s first line in at most ``width`` characters (present mode's footer)."""
    return _first_line(text, width)


def _formula_ends(line: str) -> dict[int, int]:
    """Where each ``$…$`` and ``$$…$$`` formula of ``line`` starts → where it ends (past its
    closing ``$``).  A ``$`` with no closing one is left as text."""
    spans, i = {}, 0
    while i < len(line):
        if line[i] == "$":
            mark = "$$" if line.startswith("$$", i) else "$"
            close = line.find(mark, i + len(mark))
            if close >= 0:
                spans[i] = close + len(mark)
                i = close + len(mark)
                continue
        i += 1
    return spans


def _first_line(text: str, width: int = 120) -> str:
    """The text's first line (a heading's text) in at most ``width`` characters, " …"
    included when it is cut: cut at the last space that leaves room, never inside a ``$…$`` or
    ``$$…$$`` formula (it is typeset whole; half a formula showed raw ``$`` and TeX), else
    before a formula, else inside a word."""
    line = text.strip().splitlines()[0] if text.strip() else ""
    line = line.lstrip("# ").strip()
    if len(line) <= width:
        return line
    room = width - 2  # for " …"
    ends = _formula_ends(line)
    space = start = plain = 0  # the last cut of each kind that fits
    i = 0
    while i < len(line) and i <= room:
        if i in ends:
            start = i if i else start
            i = ends[i]
            continue
        if line[i] == " ":
            space = i
        elif i:
            plain = i
        i += 1
    cut = space or start or plain
    kept = line[:cut].rstrip()
    return kept + " …" if kept else "…"


class SchedulesDeck:
    """Ring, tree and a code side by side on the worked matmul, one slide per step (the grids
    the Schedules tab shows: rows are cores, columns chunks; a cell written at the step is
    bold and coloured — not starred, so a cell is no wider than its value and five 8-core
    grids fit a 16:9 slide as two rows, three and two)."""

    kind = "schedules"
    start = 0  # the step present mode opens at
    WRITTEN = "#c2410c"  # a cell written at the step shown (with bold, not colour alone)

    def __init__(self, comparison, extras=()):
        self.comparison = comparison
        self.traces = [
            (name, t)
            for name, t in (
                ("ring", comparison.ring),
                ("tree", comparison.tree),
                ("coded", comparison.coded),
            )
            if t is not None
        ]
        self.traces += [(title, t) for title, t, _ in extras if t is not None]
        # ticked algorithms whose form does not reach this N: named, with the reason
        self.refused = [(title, why) for title, t, why in extras if t is None]
        self._chars = None
        self._widths: dict = {}

    @property
    def count(self) -> int:
        return max([self.comparison.max_steps, *(t.T for _, t in self.traces)]) + 1

    @staticmethod
    def _cells(tr, k: int) -> tuple[list[list[str]], set]:
        from ..core.schedules.text import cell_text

        changed = set(tr.steps[k - 1].changed) if k > 0 else set()
        cells = [[cell_text(tr, k, i, c) for c in range(tr.n_chunks)] for i in range(tr.N)]
        return cells, changed

    @staticmethod
    def _width(tr, cells) -> int:
        return max([len(f"c{c}") for c in range(tr.n_chunks)] + [len(x) for r in cells for x in r])

    def _cell_width(self, tr) -> int:
        """A cell of ``tr``'s grid: as wide as its widest value at any step."""
        if id(tr) not in self._widths:
            self._widths[id(tr)] = max(
                self._width(tr, self._cells(tr, k)[0]) for k in range(tr.T + 1)
            )
        return self._widths[id(tr)]

    def grid_html(self, tr, k: int) -> str:
        """Step k's grid of ``tr`` as the inside of a ``<pre>``: cores down (a 3-character
        label), chunks across, each cell as wide as the widest value of any step."""
        from html import escape

        cells, changed = self._cells(tr, k)
        w = self._cell_width(tr)
        lines = ["   " + " ".join(f"c{c}".rjust(w) for c in range(tr.n_chunks))]
        for i, row in enumerate(cells):
            out = []
            for c, x in enumerate(row):
                x = escape(x.rjust(w))
                if (i, c) in changed:
                    x = f"<b style='color:{self.WRITTEN}'>{x}</b>"
                out.append(x)
            lines.append(f"{i:<2} " + " ".join(out))
        return "\n".join(lines)

    def html(self, k: int, per_row: int = 3, sends: bool = True) -> str:
        """Step k: the grids side by side, ``per_row`` to a row (more wrap to the next), each
        with the step's messages under it unless ``sends`` is False (then each is headed by
        its algorithm's short name)."""
        from html import escape

        from ..core.schedules.text import step_caption

        target = " ".join(str(v) for v in self.comparison.example.target)
        show_sends = sends
        cols = []
        for name, tr in self.traces:
            kk = min(k, tr.T)
            sends = tr.steps[kk - 1].sends if 0 < k <= tr.T else ()
            msg = "<br>".join(escape(s.describe()) for s in sends[:4]) if show_sends else ""
            more = f"<br>… {len(sends) - 4} more" if show_sends and len(sends) > 4 else ""
            # more than one row: the short name (the speaker notes have the whole title), so a
            # long one ("Rabenseifner (MPICH reduce-scatter + all-gather)") takes no extra line
            shown = name if show_sends else name.split(" (")[0]
            cols.append(
                f"<td style='vertical-align:top; padding-right:28px'><b>{escape(shown)}</b> — "
                f"{escape(step_caption(tr, k))}<pre>{self.grid_html(tr, kk)}</pre>"
                f"<span style='font-size:80%'>{msg}{more}</span></td>"
            )
        per_row = max(1, per_row)
        rows = "".join(
            f"<tr>{''.join(cols[i : i + per_row])}</tr>" for i in range(0, len(cols), per_row)
        )
        # one paragraph, each refusal's first clause (the speaker notes have them whole)
        refused = (
            f"<p>Not for N = {self.comparison.example.N}: "
            + "; ".join(
                f"<b>{escape(title.split(' (')[0])}</b> ({escape(self._first_clause(why))})"
                for title, why in self.refused
            )
            + "</p>"
            if self.refused
            else ""
        )
        return (
            f"<p><b>All-reduce of the worked matmul on {self.comparison.example.N} cores: every "
            f"core must end with X·W = [{escape(target)}]</b> — step {k} of {self.count - 1} "
            f"(<b style='color:{self.WRITTEN}'>bold</b>: written at this step)</p>"
            f"<table cellspacing='0' cellpadding='0'>{rows}</table>{refused}"
        )

    def grid_chars(self) -> int:
        """The widest grid's width in characters (a column of :meth:`html` at its text size),
        over every step (so the grids to a row do not change from step to step)."""
        if self._chars is None:
            widths = [3 + tr.n_chunks * (self._cell_width(tr) + 1) - 1 for _, tr in self.traces]
            self._chars = max(widths, default=20)
        return self._chars

    def caption(self, k: int) -> str:
        from ..core.schedules.text import step_caption

        return "; ".join(f"{name}: {step_caption(tr, k)}" for name, tr in self.traces)

    def notes(self, k: int) -> str:
        why = "".join(
            f"\n\n{title}: not for N = {self.comparison.example.N} — {why}"
            for title, why in self.refused
        )
        return self.caption(k) + why

    @staticmethod
    def _first_clause(why: str) -> str:
        """A refusal's reason up to its first semicolon, without the algorithm's name."""
        return why.split(": ", 1)[-1].split(";")[0].strip()
