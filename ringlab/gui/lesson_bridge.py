"""Between a lesson and the window: read the window as a :class:`LabState`, move the window to
a state the lesson's actions produced.

A lesson's actions and probes are written once, against the headless
:class:`ringlab.lessons.LabState` (``ringlab lessons check`` replays them there).  In the app
the same registry functions run on a state read from the window (:func:`state_from_window`),
and what they changed is written back through the document and the views' public widgets
(:func:`move_window`) — so a lesson behaves in the window exactly as its replay promised.
Code changes go through the document, one undoable step each: a lesson never loses work.
"""
from __future__ import annotations

from ..core.errors import RinglabError
from ..lessons import LabState


def _view(window, title: str, build: bool):
    i = window.find_view(title)
    return window.tabs.view(i, build=build) if i >= 0 else None


def _has(view, *names) -> bool:
    return view is not None and all(hasattr(view, n) for n in names)


def state_from_window(window, answers: dict, searches: dict) -> LabState:
    """What the window shows now, as the state lessons read."""
    st = LabState(window.document.code, answers=answers, searches=searches)
    st._analysis = window.document.analysis            # share the window's cached analysis
    st.tab = window.tabs.tabText(window.tabs.currentIndex()).rstrip(" ⚠")
    prop = _view(window, "Propagation", build=False)
    if _has(prop, "step", "current_inputs", "seed_box"):
        st.step = prop.step
        spec = prop.current_inputs()
        st.inputs = [list(r) for r in spec] if isinstance(spec, list) else spec
        st.seed = prop.seed_box.value()
    sched = _view(window, "Schedules", build=False)
    if _has(sched, "slider", "inputs", "costs"):
        st.schedule_step = sched.slider.value()
        st.example_N = sched.inputs.example.N
        p = sched.costs.params()
        st.alpha, st.bandwidth, st.size = p["alpha"], p["bandwidth"], p["size"]
        st.explorer_N = p.get("explorer_N")
    return st


def move_window(window, before: LabState, after: LabState, why: str) -> None:
    """Make the window show ``after`` (only what differs from ``before`` is touched)."""
    doc = window.document
    if after.code != doc.code:
        doc.set_code(after.code, f"Lesson: {why}")
    if after.tab != before.tab:
        window.show_view(after.tab)
    if (after.inputs, after.seed) != (before.inputs, before.seed):
        _set_inputs(window, after.inputs, after.seed)
    if after.step != before.step or after.code != before.code:
        prop = _view(window, "Propagation", build=after.step != before.step)
        if _has(prop, "set_step"):
            prop.set_step(after.step)
    sched_changed = ((after.example_N, after.alpha, after.bandwidth, after.size, after.explorer_N,
                      after.schedule_step) != (before.example_N, before.alpha, before.bandwidth,
                                               before.size, before.explorer_N, before.schedule_step))
    if sched_changed:
        _set_schedules(window, after)


def _set_inputs(window, inputs, seed) -> None:
    prop = _view(window, "Propagation", build=True)
    if not _has(prop, "inputs_box", "seed_box", "typed_edit"):
        raise RinglabError("the Propagation view is not available to take the lesson's inputs")
    mode = inputs if isinstance(inputs, str) else "typed"
    if mode == "typed":
        prop.typed_edit.setText("; ".join(" ".join(str(v) for v in row) for row in inputs))
    prop.seed_box.setValue(int(seed))
    prop.inputs_box.setCurrentIndex(prop.inputs_box.findData(mode))
    if mode == "typed":
        prop.typed_edit.editingFinished.emit()


def _set_schedules(window, st: LabState) -> None:
    sched = _view(window, "Schedules", build=True)
    if not _has(sched, "inputs", "costs", "slider"):
        raise RinglabError("the Schedules view is not available for the lesson")
    from ..core.schedules import default_example
    if sched.inputs.example.N != st.example_N:
        sched.inputs.load(default_example(st.example_N))
    costs = sched.costs
    for box, value in ((costs.alpha, st.alpha), (costs.bandwidth, st.bandwidth),
                       (costs.size, st.size)):
        if box.text() != value:
            box.setText(value)
            box.editingFinished.emit()
    if st.explorer_N is not None and costs.n_spin.value() != st.explorer_N:
        costs.n_spin.setValue(st.explorer_N)
    sched.ensure_fresh()
    sched.slider.setValue(st.schedule_step)


def run_actions(window, calls, answers: dict, searches: dict, why: str) -> LabState:
    """Run lesson actions on the window; raises RinglabError (the window unchanged) if one is
    refused."""
    before = state_from_window(window, answers, searches)
    after = before.copy()
    for call in calls:
        call.run(after)
    answers.clear()
    answers.update(after.answers)
    searches.update(after.searches)
    move_window(window, before, after, why)
    return after
