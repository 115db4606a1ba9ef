r"""What the student can already read when a prediction is asked, so a prediction is never asked
after its answer is on screen (``ringlab lessons check`` flags it).  Two rules:

**Probes** — :func:`on_screen` answers, for a probe and a state, where the window shows that
value *now* (None when it does not, or when no rule here can tell).  The rules follow the
window with a lesson open at 1280×720: the parameter bar always shows N, K, T and the field;
the Theorem 2 panel is folded (its verdict and checks are not shown); each tab shows what it
draws at its current step.

**Texts** — :func:`given_away` flags a *numeric* prediction (``ask: number`` or ``list``) whose
answer stands as a result in a text the student reads before answering:

* the lesson's own words *above* it (:func:`texts_above`): its title, the prose, the earlier
  questions' texts, and what the earlier blocks show once they are answered or done (a
  prediction's ``explain``, a task's ``explain`` and its hints).  Text *below* an unanswered
  prediction does not count: the Lessons panel folds everything below it until it is answered
  (progressive disclosure).  The question's own text does not count either: what it states
  is a given (below).  Neither does the verdict of an earlier question — the window's echo
  ("the app shows 8") nor its ``explain`` when that question's own answer is this one's value:
  it answers that question, and whether the two are equal is what this one asks;
* the window's texts for the state at that point (:func:`ringlab.lessons.screen_texts
  .window_texts`): the status bar's bound and rate, and on the tab shown the cost explorer's
  figures, the Schedules grids' message lines, the walkthrough's verdict and decode line and
  the values drawn on its graph, the Mesh tab's hop table.  The graph's values are bare
  numbers of one run on one input: they count only for a question about that run (its probe
  is one of the Propagation tab's), not for a count or a bound that happens to be equal.

A number *stands as a result* (:mod:`ringlab.lessons.given_away`) when it follows ``=``, ``≥``,
``≤``, ``≈``, ``is``, ``are`` or ``exactly`` (alone or in a run, ``= 30 29 22 27``), or is the
only number of a table cell or caption; a digit anywhere else (``lesson 3``, ``Theorem 3``,
``2(N − 1)``) is not.  It gives the answer away when it equals the answer as the answer check
compares them (:func:`ringlab.lessons.registry.same`, with the prediction's ``tol``; a list
answer is matched by a whole run).  Units are not converted: ``1.5 MB`` states 1.5 for a
question asked in MB.  **Givens** do not count: ``N = 4`` in a text when the question itself
says ``N = 4``, or when the code on screen has ``N = 4`` (the parameter bar shows it; likewise
``K =`` and ``T =``), restates the question's data, not its answer — only with ``=``: ``T ≥ 7``
is a bound, not a given.  A question whose own text states its answer as a result (a reading
question: "row 0 is [0 1]; the entry in column 1?") is not checked: no other text can give
away more than it does.

**hide:** — a prediction lists what the window must hide until it is answered; the rules
above then treat those texts as not shown.  The names (:data:`HIDE`), for the window's side:

=====================  ==========================================================================
``status-bounds``      the status bar's binding bound ("Theorem 3: T ≥ 7 ✓")
``status-rate``        the status bar's rate ("rate K/T = 5/7 = 0.714")
``status-shape``       the status bar's shape ("reduce-multicast shape", "non-trivial coding")
``explorer-figures``   the Schedules tab's cost explorer: the cost table, its title (the lower
                       bound), the ring's note (exact time, the estimate), the crossovers, and
                       the plot (its crossover labels print their sizes)
``schedule-totals``    the Schedules grids' message lines ("Core 0 → Core 2: whole vector = …")
``walkthrough-caption`` the Propagation tab's verdict line and its caption (each node's decode)
``drawing-labels``     the numbers drawn on the Propagation graph (sent values, decodes)
``rate-table``         the Search tab's rate table (every cell's smallest T, exact or ≤)
``mesh-table``         the Mesh tab's hop table (hops, steps, packets, unicasts per scheme)
=====================  ==========================================================================

>>> from ringlab.lessons import LabState
>>> from ringlab.lessons.model import Call
>>> st = LabState.initial()
>>> on_screen(Call("probe", "param", {"name": "T"}, 1), st)
'the parameter bar shows N, K, T and the field'
>>> st.tab = "Schedules"
>>> on_screen(Call("probe", "schedule_steps", {"schedule": "tree"}, 1), st)
"the Schedules tab's column titles give each schedule's number of steps"
>>> on_screen(Call("probe", "feasible", {}, 1), st) is None
True
>>> st.schedules = ("swing",)
>>> on_screen(Call("probe", "algorithm_refused", {"schedule": "swing"}, 1), st)
"a ticked algorithm's column says in grey when it refuses this N"
>>> st.tab = "Propagation"; st.step = st.code.T
>>> on_screen(Call("probe", "decoded", {"node": 0, "k": 1}, 1), st, hidden=("drawing-labels",))
"""

from __future__ import annotations

from ..state.tabs import EDITOR, PROPAGATION, SCHEDULES, SEARCH
from . import registry
from .given_away import asked, givens, stated
from .model import Predict, Prose, Task
from .screen_texts import HIDE, window_texts

__all__ = ["HIDE", "given_away", "on_screen", "texts_above"]

NUMERIC = ("number", "list")


def on_screen(call, st, hidden=()) -> str | None:
    """Where the window shows ``call``'s value now, in words; None when it does not (or only
    in a part named in ``hidden``)."""
    found = _shown(call, st)
    if found is None or found[1] in hidden:
        return None
    return found[0]


def _shown(call, st):
    """``(where, hide name or None)`` of ``call``'s value on screen, or None."""
    name, a = call.name, call.args
    tab = st.tab
    if name == "param":
        return "the parameter bar shows N, K, T and the field", None
    if name == "reduce_multicast":
        # a stranger's trial: lesson 11 asked "does the code have the reduce-multicast
        # shape?" above a status bar saying "non-trivial coding"
        return "the status bar names the code's shape", "status-shape"
    if tab == SCHEDULES:
        return _shown_schedules(name, a, st)
    if tab == PROPAGATION:
        if name in ("sent", "sent_symbol") and st.step > a.get("t", st.code.T):
            where = f"the walkthrough at t = {st.step} shows what was sent at t = {a.get('t')}"
            return where, "drawing-labels"
        if (
            name in ("decoded", "decodes", "wrong_nodes", "first_wrong_node", "feasible")
            and st.step >= st.code.T
        ):
            return "the walkthrough's last step shows every node's decode and the verdict", (
                "drawing-labels"
            )
        if name == "feasible":
            return "the Propagation tab's verdict line says whether Theorem 2 holds", (
                "walkthrough-caption"
            )
    if tab == EDITOR and name == "entry":
        return "the editor shows every entry", None
    if tab == SEARCH and name in _RATE_TABLE_PROBES:
        # the table shows every N, K of the explorer: a trial found lesson 11 asking
        # "how many slots does routing only need?" beside the cell saying "4 exact"
        return "the Search tab's rate table shows every cell", "rate-table"
    return None


#: What the Search tab's rate table shows, whatever N and K are asked.
_RATE_TABLE_PROBES = (
    "rate_table",
    "rate_table_field",
    "rate_table_status",
    "rate_table_found_by",
    "coding_gain_cells",
)


def _shown_schedules(name, a, st):
    if name == "schedule_steps" or (
        name == "algorithm_steps" and a.get("schedule") in st.schedules
    ):
        return "the Schedules tab's column titles give each schedule's number of steps", None
    if name == "algorithm_refused" and a.get("schedule") in st.schedules:
        return "a ticked algorithm's column says in grey when it refuses this N", None
    if name == "schedules_shown":
        return "the 'Also show' boxes are ticked or not", None
    if (
        name == "link_load"
        and a.get("core") is None
        and a.get("schedule") in st.schedules
        and a.get("step") == st.schedule_step
    ):
        step = st.schedule_step
        return f"each column's ring drawing names its busiest link at step {step}", None
    if name in ("schedule_cell", "chunk_owner") and a.get("step") == st.schedule_step:
        return f"the Schedules grids show step {st.schedule_step}", None
    if name == "schedule_send" and a.get("step") == st.schedule_step:
        where = f"the Schedules grids star what was sent on step {st.schedule_step}"
        return where, "schedule-totals"
    if name == "target":
        return "the Schedules tab shows the target X @ W", None
    if name == "partial" and st.schedule_step == 0:
        return "the Schedules grids at step 0 show the partials", None
    return None


def texts_above(lesson, block) -> list[tuple[str, str, Predict | None]]:
    """``(where, Markdown, earlier)`` of everything the lesson shows above ``block`` once the
    blocks above it are answered: the title, the prose, the questions, their feedback and
    hints; ``earlier`` is the prediction whose feedback the text is (else None)."""
    out = [("the lesson's title", lesson.title, None)]
    for b in lesson.blocks:
        if b is block:
            break
        if isinstance(b, Prose):
            out.append((f"the prose at line {b.line}", b.text, None))
        elif isinstance(b, Predict):
            out.append((f"{{predict}} {b.id}'s question", b.text, None))
            if b.explain:
                out.append((f"{{predict}} {b.id}'s feedback", b.explain, b))
        elif isinstance(b, Task):
            out.append((f"{{task}} {b.id}'s text", b.text, None))
            out += [(f"{{task}} {b.id}'s hint", h, None) for h in b.hints]
            if b.explain:
                out.append((f"{{task}} {b.id}'s feedback", b.explain, None))
    return out


def _same_answer(earlier: Predict, answer, same) -> bool:
    """Whether an earlier numeric prediction's own answer is ``answer``."""
    if earlier.ask not in NUMERIC:
        return False
    try:
        return same(registry.to_number(earlier.answer), answer)
    except (TypeError, ValueError, ZeroDivisionError):
        return False


def given_away(lesson, p: Predict, st) -> str | None:
    """Where a numeric prediction's answer stands as a result before it is answered, in
    words (``where: "…the words…"``); None when nowhere, or when ``p`` is not numeric."""
    if p.ask not in NUMERIC:
        return None
    answer = p.answer
    if isinstance(answer, (list, tuple)) or p.ask == "list":
        from .answers import parse_answer

        answer = parse_answer("list", answer)
    else:
        answer = registry.to_number(answer)

    def same(a, b):
        return registry.same(a, b, p.tol)

    if stated(answer, same, p.text) is not None:
        return None  # the question states it itself: a reading question, nothing to give away
    code = st.code
    given = givens(p.text) | {("N", code.N), ("K", code.K), ("T", code.T)}
    counts = asked(p.text)
    for where, text, earlier in texts_above(lesson, p):
        if earlier is not None and _same_answer(earlier, answer, same):
            continue  # the verdict of an earlier question with this answer (see the module)
        words = stated(answer, same, text, given, counts=counts)
        if words is not None:
            return f'{where} says "{words}"'
    walkthrough = p.show.entry.func.__module__.endswith("probes_propagation")
    for s in window_texts(st):
        if s.source in p.hide or (s.source == "drawing-labels" and not walkthrough):
            continue
        words = stated(answer, same, s.text, given, s.cell, counts)
        if words is not None:
            return f'{s.where} shows "{words}" (hide: {s.source})'
    return None
